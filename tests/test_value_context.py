"""A value the customer refused, or a number cut short, is not what they stated.

Each trick sits beside the plain sentence it imitates.
"""

import pytest

from core.checklist import Checklist
from core.contract import VALUE_CUT_SHORT, VALUE_NOT_STATED, check_mapping
from core.corpus import Line
from core.value_context import cut_short, negated, number_prefix

SCHEMA = {
    "service_name": "Tables_9",
    "slots": [
        {"name": "time", "description": "Time of the booking", "is_categorical": False},
        {"name": "city", "description": "City of the restaurant", "is_categorical": False},
        {"name": "amount", "description": "Amount of the deposit", "is_categorical": False},
    ],
    "intents": [{"name": "Book", "description": "Book a table", "required_slots": ["time", "city", "amount"]}],
}
CHECKLIST = Checklist.from_schema(SCHEMA)


def _at(text: str, value: str) -> int:
    return text.index(value)


@pytest.mark.parametrize(("plain", "trick", "value"), [
    ("Book it at 4:30 pm.", "No, not at 4:30 pm, later.", "4:30 pm"),
    ("Friday works.", "Anything but Friday works.", "Friday"),
    ("Let's do Oakland.", "Let's do Berkeley instead of Oakland.", "Oakland"),
    ("Somewhere in Oakland.", "Somewhere other than Oakland.", "Oakland"),
    ("Any day with Friday.", "Any day except Friday.", "Friday"),
    ("Fine, at 4:30 pm.", "Fine, never at 4:30 pm.", "4:30 pm"),
])
def test_a_negator_right_before_the_value_refuses_it(plain: str, trick: str, value: str) -> None:
    assert not negated(plain, _at(plain, value))
    assert negated(trick, _at(trick, value))


@pytest.mark.parametrize("text", [
    "I'm not leaving until March 3rd.",  # "not ... until" names the date
    "I am not busy on the 9th",  # a negated adjective, the value is what it is about
    "I won't mind Zz top.",
    "Isn't there a Mets game?",
    "no March 4th.",  # "No, March 4th" without its comma
    "Not Paris but London.",
    "Not Friday, Saturday.",  # the value after the comma is the answer
])
def test_what_a_negation_does_not_reach(text: str) -> None:
    value = {"I'm not": "March 3rd", "I am not": "the 9th", "I won't": "Zz top", "Isn't": "Mets",
             "no March": "March 4th", "Not Friday": "Saturday",
             "Not Paris": "London"}
    start = next(text.index(v) for k, v in value.items() if text.startswith(k))
    assert not negated(text, start)


@pytest.mark.parametrize(("text", "value", "cut"), [
    ("At 1:30 please", "1", True), ("At 1 please", "1", False),
    ("A $1.50 fee", "$1", True), ("A $1 fee.", "$1", False),
    ("Send 1,500 now", "1", True), ("Send 1, then 500", "1", False),
    ("Send one hundred and six now", "one hundred", True), ("Send one hundred and thanks", "one hundred", False),
    ("At twenty-five past", "twenty", True), ("At twenty past", "twenty", False),
])
def test_a_number_cut_inside_is_cut_short(text: str, value: str, cut: bool) -> None:
    start = text.index(value)
    assert cut_short(text, start, start + len(value)) is cut


def test_the_contract_reads_the_customers_latest_word_on_a_value() -> None:
    said = (Line("customer", "A table in Oakland at 7:30 pm, $20 deposit."),)
    assert check_mapping(CHECKLIST, "Book", said, {"time": "7:30 pm", "city": "Oakland", "amount": "$20"}).codes == []
    refused = (*said, Line("agent", "Anything else?"), Line("customer", "Actually not at 7:30 pm, and not Oakland."))
    verdict = check_mapping(CHECKLIST, "Book", refused, {"time": "7:30 pm", "city": "Oakland", "amount": "$20"})
    assert verdict.accepted == {"amount": "$20"}
    assert verdict.codes == [VALUE_NOT_STATED, VALUE_NOT_STATED]
    cut = check_mapping(CHECKLIST, "Book", said, {"time": "7"})
    assert cut.codes == [VALUE_CUT_SHORT]


@pytest.mark.parametrize(("value", "text", "cut"), [
    ("9", "Send 97 dollars", True), ("9", "Send 9 dollars", False),
    ("the 1", "On the 12th", True), ("the 1", "On the 1st", True), ("3", "For 3 people", False),
])
def test_a_number_found_only_as_the_start_of_a_longer_one_was_cut(value: str, text: str, cut: bool) -> None:
    assert number_prefix(value, text) is cut


@pytest.mark.parametrize(("plain", "trick", "value"), [
    ("4:30 works for me.", "4:30 doesn't work for me.", "4:30"),
    ("Friday is good.", "Friday is not good.", "Friday"),
    ("Oakland will do.", "Oakland won't do.", "Oakland"),
    ("4:30's great.", "4:30's not great.", "4:30"),
    ("The 5th is fine.", "The 5th is no good.", "5th"),
])
def test_a_value_that_is_the_subject_of_a_negated_verb_is_refused(plain: str, trick: str, value: str) -> None:
    for text, refused in ((plain, False), (trick, True)):
        start = text.index(value)
        assert negated(text, start, start + len(value)) is refused
        # without its end only the words before it are read
        assert not negated(text, start)


@pytest.mark.parametrize("text", [
    "4:30 is not a problem.",  # a negation that consents
    "Friday wouldn't bother me.",
    "4:30. Don't be late.",  # the negation opens another sentence
    "4:30, I don't mind.",  # another clause with its own subject
])
def test_a_negation_that_does_not_refuse_the_value_before_it(text: str) -> None:
    assert not negated(text, 0, 4 if text.startswith("4:30") else len("Friday"))


def test_the_contract_refuses_an_offered_value_named_again_in_a_reply_that_turns_the_offer_down() -> None:
    offer = Line("agent", "What time would you like? We have 4:30 pm free in Oakland.", ("time",))
    for reply, reported, accepted in (
        ("Yes, well, no, 4:30 pm is when I collect my son.", "4:30 pm", {}),
        ("No, 4:30 pm is when I collect my son.", "4:30 pm", {}),
        ("Yes, 4:30 pm is when I can come.", "4:30 pm", {"time": "4:30 pm"}),
        ("No, 5:30 pm would be better.", "5:30 pm", {"time": "5:30 pm"}),  # the agent did not name it
    ):
        verdict = check_mapping(CHECKLIST, "Book", (offer, Line("customer", reply)), {"time": reported})
        assert verdict.accepted == accepted, reply
