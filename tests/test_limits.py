"""The customer message size limit: a clear error, the text handed back, nothing sent."""

import pytest

from core.checklist import Checklist
from core.corpus import Line
from core.extraction import Extraction
from core.limits import MAX_MESSAGE_CHARS, MessageTooLong, check_lines, check_message
from core.turn import take_turn
from tests.test_contract import SCHEMA


class Counting:
    """Reports nothing, counts its calls: shows whether anything was sent."""

    tier, kind = "counting", "offline"

    def __init__(self) -> None:
        self.calls = 0

    def extract(self, request) -> Extraction:
        self.calls += 1
        return Extraction({})


def test_a_message_at_the_limit_passes_and_one_over_is_refused_with_its_text():
    assert check_message("x" * MAX_MESSAGE_CHARS) == "x" * MAX_MESSAGE_CHARS
    too_long = "é" * (MAX_MESSAGE_CHARS + 1)
    with pytest.raises(MessageTooLong) as caught:
        check_message(too_long)
    assert caught.value.text == too_long
    assert f"{MAX_MESSAGE_CHARS:,}" in str(caught.value) and "nothing was sent" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert isinstance(caught.value, ValueError)  # the CLI prints ValueErrors as one `error:` line


def test_only_customer_lines_are_limited():
    check_lines([Line("agent", "y" * (MAX_MESSAGE_CHARS * 2)), Line("customer", "hi")])
    with pytest.raises(MessageTooLong):
        check_lines([Line("customer", "ok"), Line("customer", "z" * (MAX_MESSAGE_CHARS + 1))])


def test_take_turn_refuses_before_the_extractor_is_called():
    checklist = Checklist.from_schema(SCHEMA)
    extractor = Counting()
    lines = (Line("customer", "w" * (MAX_MESSAGE_CHARS + 5)),)
    with pytest.raises(MessageTooLong) as caught:
        take_turn(checklist, "Send", lines, extractor)
    assert extractor.calls == 0 and caught.value.text == lines[0].text
    result = take_turn(checklist, "Send", (Line("customer", "w" * MAX_MESSAGE_CHARS),), extractor)
    assert extractor.calls == 1 and result.decision == "ask"


def test_a_live_chat_refuses_an_oversize_message_and_carries_on(banks1):
    from core.conversation import Conversation
    from core.extractors.offline import OfflineExtractor

    chat = Conversation(banks1.checklist, OfflineExtractor())
    chat.say("I would like to transfer money")
    before = list(chat.lines)
    too_long = "I would like to send it from my checking account. " * 50
    with pytest.raises(MessageTooLong) as caught:
        chat.say(too_long)
    assert caught.value.text == too_long.strip() and chat.lines == before
    assert chat.say("from my checking account").collected["account_type"] == "checking"
