"""A request or a description in a name's place is the wrong kind, as a real small model filed it on Payment_1
("Use my debit card, please" as whom to pay); each beside the name it imitates (our own wording, an invented schema)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_WRONG_KIND, check_value
from core.extractors.offline.profile import TITLE, profile
from tests.talking import talk
from tests.test_offline_set24 import DIARY

# Whom to pay named as "the contact or account": a named thing, as Payment_1's receiver is read, not a person.
TILL = Checklist.from_schema({
    "service_name": "Till_9",
    "slots": [
        {"name": "payee", "description": "Name of the contact or account to pay", "is_categorical": False},
        {"name": "sum", "description": "Amount of money to pay", "is_categorical": False},
    ],
    "intents": [{"name": "PayNow", "required_slots": ["payee", "sum"], "is_transactional": True}],
})


def test_a_lower_case_please_or_someone_who_names_nobody() -> None:
    assert profile(TILL).facts["payee"].kind == TITLE
    lines = talk("Pay 20 bucks. Use my debit card, please.")
    assert check_value(TILL, "PayNow", "payee", "Use my debit card, please", lines)[1][0].code == VALUE_WRONG_KIND
    lines = talk("Pay 20 bucks to someone who has yet to pay me back.")
    refused = check_value(TILL, "PayNow", "payee", "someone who has yet to pay me back", lines)
    assert refused[1][0].code == VALUE_WRONG_KIND
    assert check_value(TILL, "PayNow", "payee", "Lena", talk("Pay Lena 20 bucks, please."))[0] == "Lena"


def test_titles_that_hold_the_words_in_capitals_stand() -> None:
    entry = talk("Add Please Please Me on Friday at 3 pm.")
    assert check_value(DIARY, "AddEntry", "entry_title", "Please Please Me", entry)[0] == "Please Please Me"
    entry = talk("Add Someone Who Cares on Friday at 3 pm.")
    assert check_value(DIARY, "AddEntry", "entry_title", "Someone Who Cares", entry)[0] == "Someone Who Cares"
