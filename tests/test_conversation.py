"""The live chat session: intent detection, carried facts, replay with gold, export."""

from __future__ import annotations

import json

import pytest

from core.conversation import Conversation
from core.corpus import AGENT, CUSTOMER, Line
from core.extraction import UNPARSEABLE, Extraction
from core.extractors.offline import OfflineExtractor


class _Unreadable:
    """An extractor whose every reply failed to parse (what a broken model tier produces)."""

    tier, kind = "broken", "simulated"

    def extract(self, request):
        return Extraction(collected={}, status=UNPARSEABLE, raw_reply="not json")


def test_three_turn_transfer_fills_the_checklist_and_stops(banks1):
    chat = Conversation(banks1.checklist, OfflineExtractor())
    first = chat.say("I would like to transfer money")
    assert (chat.intent, chat.intent_detected) == ("TransferMoney", True)
    assert first.decision == "ask" and first.missing == ["account_type", "amount", "recipient_account_name"]
    # the agent's question is a line of the conversation, naming the fact it asked for
    assert chat.lines[-1].speaker == AGENT and chat.lines[-1].asks == ("account_type",)
    second = chat.say("from my checking account")
    assert second.collected == {"account_type": "checking"} and second.decision == "ask"
    third = chat.say("$200 to Peter")
    assert third.decision == "stop" and third.missing == [] and third.next_question is None
    assert chat.carried == {"account_type": "checking", "amount": "$200", "recipient_account_name": "Peter"}
    assert chat.done and [ln.speaker for ln in chat.lines] == [CUSTOMER, AGENT] * 2 + [CUSTOMER]


def test_a_picked_intent_is_kept(banks1):
    chat = Conversation(banks1.checklist, OfflineExtractor(), intent="CheckBalance")
    result = chat.say("I want to transfer money")
    assert result.intent == "CheckBalance" and not chat.intent_detected


def test_send_money_then_an_account_never_stops(banks1):
    chat = Conversation(banks1.checklist, OfflineExtractor())
    assert chat.say("I want to send money").decision == "ask"
    second = chat.say("from my savings")
    assert second.decision == "ask" and second.collected == {"account_type": "savings"}


def test_an_unclear_first_message_asks_which_intent_and_never_stops(banks1):
    chat = Conversation(banks1.checklist, OfflineExtractor())
    first = chat.say("I need some help with my account")
    assert first.decision == "ask" and not first.intent_settled
    assert "check the amount of money" in first.next_question and "transfer money" in first.next_question
    assert chat.say("savings").decision == "ask"


def test_the_person_changes_the_intent_mid_conversation_and_shared_facts_stay(banks1):
    chat = Conversation(banks1.checklist, OfflineExtractor())
    chat.say("I want to transfer money from my checking account")
    assert chat.intent == "TransferMoney" and chat.carried == {"account_type": "checking"}
    chat.set_intent("CheckBalance")
    assert chat.intent == "CheckBalance" and chat.carried == {"account_type": "checking"}
    result = chat.say("yes that one")
    assert result.intent == "CheckBalance" and result.decision == "stop"
    with pytest.raises(KeyError):
        chat.set_intent("OrderPizza")


class _Stubborn:
    """An extractor that reports only the facts of the latest line, trusting what was carried (a model tier
    with the carried prompt strategy, at its worst)."""

    tier, kind = "stubborn", "simulated"

    def extract(self, request):
        return Extraction(collected={"account_type": "checking"} if "checking" in request.lines[-1].text else {})


def _after_send_to_bob(banks1, extractor) -> Conversation:
    chat = Conversation(banks1.checklist, extractor, intent="TransferMoney")
    chat.lines += [Line(CUSTOMER, "Send $50 to Bob."), Line(AGENT, "From which account?", ("account_type",))]
    chat.carried = {"amount": "$50", "recipient_account_name": "Bob"}
    return chat


@pytest.mark.parametrize("extractor", [OfflineExtractor(), _Stubborn()], ids=["offline", "stubborn"])
def test_a_carried_fact_the_customer_takes_back_no_longer_counts(banks1, extractor):
    taken_back = _after_send_to_bob(banks1, extractor).say("Wait, not Bob, I'm not sure who yet. From checking.")
    assert taken_back.decision == "ask" and taken_back.missing == ["recipient_account_name"]
    # beside it, the plain answer keeps what was carried and stops
    plain = _after_send_to_bob(banks1, extractor).say("From my checking account.")
    assert plain.decision == "stop" and plain.collected["recipient_account_name"] == "Bob"


def test_failed_extractions_build_a_streak_and_never_stop(banks1):
    chat = Conversation(banks1.checklist, _Unreadable(), intent="CheckBalance")
    chat.say("checking")
    second = chat.say("checking please")
    assert chat.failed_streak == 2 and second.escalated and second.decision == "ask"
    assert second.codes == [UNPARSEABLE]


def test_empty_message_is_refused_and_loses_nothing(banks1):
    chat = Conversation(banks1.checklist, OfflineExtractor())
    chat.say("What is my balance?")
    with pytest.raises(ValueError, match="empty"):
        chat.say("   ")
    assert len(chat.turns) == 1 and len(chat.lines) == 2


def test_replay_walks_a_corpus_dialogue_with_gold_beside_each_turn(banks1):
    dialogue_id = next(c.dialogue_id for c in banks1.cases if c.turn_index > 0 and c.complete)
    expected = sorted((c for c in banks1.cases if c.dialogue_id == dialogue_id), key=lambda c: c.turn_index)
    chat = Conversation.replaying(banks1, dialogue_id, OfflineExtractor())
    turns = []
    while not chat.done:
        turns.append(chat.step())
    assert [t.customer for t in turns] == [c.lines[-1].text for c in expected]
    assert [t.gold_decision for t in turns] == [c.gold_decision for c in expected]
    assert turns[-1].gold == {k: list(v) for k, v in expected[-1].gold.items()}
    assert all(t.grade is not None for t in turns)
    with pytest.raises(ValueError, match="no turn left"):
        chat.step()
    with pytest.raises(ValueError, match="step"):
        chat.say("hello")


def test_replay_of_an_unknown_dialogue_is_one_clear_error(banks1):
    with pytest.raises(ValueError, match="yields no case"):
        Conversation.replaying(banks1, "no-such-dialogue", OfflineExtractor())


def test_export_as_json_and_markdown(banks1):
    chat = Conversation(banks1.checklist, OfflineExtractor())
    chat.say("What is my balance?")
    chat.say("savings")
    body = json.loads(chat.to_json_text())
    assert body["service"] == "Banks_1" and body["tier"] == "offline" and body["intent"] == "CheckBalance"
    assert [t["decision"] for t in body["turns"]] == ["ask", "stop"]
    assert body["turns"][1]["collected"] == {"account_type": "savings"}
    text = chat.to_markdown()
    assert "**Customer 2:** savings" in text and "decision: **stop**" in text and "(detected)" in text


def test_simulated_tiers_are_labelled_in_the_export(banks1):
    chat = Conversation(banks1.checklist, _Unreadable(), intent="CheckBalance")
    chat.say("checking")
    assert "Tier: broken (simulated)" in chat.to_markdown()
    assert chat.to_json()["tier_kind"] == "simulated"
