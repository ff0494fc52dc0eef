"""A value the customer typed, filed under a fact it cannot be, is refused (`value_wrong_kind`).

Each trick sits beside the plain statement it imitates: the same words under the right fact, or
the right kind of words under the same fact, pass.
"""

import pytest

from core.checklist import Checklist
from core.contract import VALUE_WRONG_KIND, check_mapping
from core.corpus import Line
from core.value_kind import wrong_kind

SCHEMA = {
    "service_name": "Payments_9",
    "slots": [
        {"name": "account_type", "description": "The account type of the user", "is_categorical": True,
         "possible_values": ["checking", "savings"]},
        {"name": "recipient_name", "description": "The name of the person who receives the money",
         "is_categorical": False},
        {"name": "amount", "description": "Amount of money to send", "is_categorical": False},
        {"name": "pay_date", "description": "Date of the payment", "is_categorical": False},
        {"name": "pay_time", "description": "Time of the payment", "is_categorical": False},
        {"name": "guests", "description": "Number of guests", "is_categorical": False},
        {"name": "note", "description": "Note attached to the payment", "is_categorical": False},
        {"name": "is_private", "description": "Whether the payment is private", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [
        {"name": "Pay", "description": "Send money",
         "required_slots": ["account_type", "recipient_name", "amount", "pay_date", "pay_time", "note",
                            "is_private"]},
        {"name": "Host", "description": "Plan a dinner", "required_slots": ["guests", "note"]},
    ],
}
CHECKLIST = Checklist.from_schema(SCHEMA)


@pytest.mark.parametrize(("fact", "plain", "trick"), [
    ("amount", "$500", "please send the money to Amir"),
    ("amount", "five hundred dollars", "my landlord"),
    ("amount", "€40", "the usual"),
    ("recipient_name", "Amir", "Checking Account"),
    ("recipient_name", "Amir", "savings"),
    ("recipient_name", "Maria Kim", "$500"),
    ("recipient_name", "Noor Ali", "any account that works"),
    ("recipient_name", "maria kim", "whoever is free"),
    ("recipient_name", "Thi Thu", "my brother"),
    ("pay_date", "next Friday", "Amir"),
    ("pay_date", "March 3rd", "my savings"),
    ("pay_date", "the 3rd", "whenever"),
    ("pay_time", "quarter past 12", "Amir"),
    ("pay_time", "7 pm", "the restaurant"),
    ("pay_time", "in the evening", "Maria Kim"),
    ("note", "rent for March", "checking"),
])
def test_a_value_of_another_kind_is_wrong_beside_the_plain_one(fact: str, plain: str, trick: str) -> None:
    assert not wrong_kind(CHECKLIST, "Pay", fact, plain)
    assert wrong_kind(CHECKLIST, "Pay", fact, trick)


@pytest.mark.parametrize(("plain", "trick"), [("four", "Amir"), ("a dozen", "the garden"), ("6", "vegan")])
def test_a_count_needs_a_number(plain: str, trick: str) -> None:
    assert not wrong_kind(CHECKLIST, "Host", "guests", plain)
    assert wrong_kind(CHECKLIST, "Host", "guests", trick)


def test_free_text_facts_take_any_words_but_a_closed_value_of_another_fact() -> None:
    for value in ("rent for March", "Checking in on you", "savings jar for the trip", "500"):
        assert not wrong_kind(CHECKLIST, "Pay", "note", value)
    # Outside the intent's own facts a vocabulary decides nothing: Host has no account_type.
    assert not wrong_kind(CHECKLIST, "Host", "note", "checking")


def test_yes_no_and_count_vocabularies_claim_no_words() -> None:
    assert not wrong_kind(CHECKLIST, "Pay", "note", "True")
    assert not wrong_kind(CHECKLIST, "Pay", "amount", "2")


def test_the_contract_refuses_a_misfiled_value_the_customer_really_typed() -> None:
    lines = (Line("customer", "Please send the money to Amir from my checking account, $500."),)
    plain = check_mapping(CHECKLIST, "Pay", lines, {"amount": "$500", "recipient_name": "Amir"})
    assert plain.accepted == {"amount": "$500", "recipient_name": "Amir"} and not plain.findings
    misfiled = check_mapping(CHECKLIST, "Pay", lines, {"amount": "please send the money to Amir",
                                                      "recipient_name": "checking account"})
    assert misfiled.accepted == {}
    assert misfiled.codes == [VALUE_WRONG_KIND, VALUE_WRONG_KIND]


SCHEMA_TRIP = {
    "service_name": "Trips_9",
    "slots": [
        {"name": "destination_city", "description": "City the traveller goes to", "is_categorical": False},
        {"name": "traveller", "description": "Name of the person", "is_categorical": False},
        {"name": "hotel_name", "description": "Name of the hotel", "is_categorical": False},
    ],
    "intents": [{"name": "Go", "description": "Plan a trip",
                 "required_slots": ["destination_city", "traveller", "hotel_name"]}],
}


@pytest.mark.parametrize(("fact", "plain", "trick"), [
    ("destination_city", "Portland", "March 3rd"),
    ("destination_city", "Monterey", "next Friday"),
    ("destination_city", "San Jose", "7:30 pm"),
    ("traveller", "April Kim", "the 4th of April"),
    ("traveller", "May", "$40"),
])
def test_who_and_where_are_never_wholly_a_date_time_or_amount(fact: str, plain: str, trick: str) -> None:
    checklist = Checklist.from_schema(SCHEMA_TRIP)
    assert not wrong_kind(checklist, "Go", fact, plain)
    assert wrong_kind(checklist, "Go", fact, trick)


def test_a_title_may_be_anything() -> None:
    checklist = Checklist.from_schema(SCHEMA_TRIP)
    for title in ("1917", "Friday", "The 4th of July Inn", "$5 Motel"):
        assert not wrong_kind(checklist, "Go", "hotel_name", title)


@pytest.mark.parametrize(("fact", "plain", "trick"), [
    ("destination_city", "Portland", "I"),
    ("destination_city", "portland", "there"),
    ("destination_city", "San Jose", "Yes"),
    ("traveller", "Will", "I'm"),
    ("traveller", "Sunny", "Hey"),
    ("traveller", "Noor", "to the"),
])
def test_a_value_of_english_function_words_alone_names_nothing(fact: str, plain: str, trick: str) -> None:
    checklist = Checklist.from_schema(SCHEMA_TRIP)
    assert not wrong_kind(checklist, "Go", fact, plain)
    assert wrong_kind(checklist, "Go", fact, trick)


def test_a_title_of_function_words_is_still_a_title() -> None:
    checklist = Checklist.from_schema(SCHEMA_TRIP)
    for title in ("It", "Us", "Her", "Yes"):
        assert not wrong_kind(checklist, "Go", "hotel_name", title)


@pytest.mark.parametrize(("line", "fact", "value", "kept"), [
    ("Can you make it for two people?", "pay_time", "two", False),
    ("Can you make it at two?", "pay_time", "two", True),
    ("Pay it at 5, for 5 nights.", "pay_time", "5", True),  # the first 5 is the time; the latest spelling is read
    ("It covers 5 nights.", "pay_date", "5", False),
    ("Pay it on the 5th.", "pay_date", "5th", True),
    ("Book it for four children.", "pay_time", "four", False),
    ("Book it for four o'clock.", "pay_time", "four", True),
])
def test_a_number_counting_the_noun_after_it_is_no_time_or_date(line: str, fact: str, value: str,
                                                                 kept: bool) -> None:
    verdict = check_mapping(CHECKLIST, "Pay", (Line("customer", line),), {fact: value})
    assert (fact in verdict.accepted) is kept, verdict.codes
    if not kept:
        assert verdict.codes == [VALUE_WRONG_KIND]


@pytest.mark.parametrize(("fact", "plain", "trick"), [
    ("pay_date", "3 days from now", "two seats"),
    ("pay_date", "the 3rd", "0 bags for check in"),
    ("pay_date", "2 tickets for the 5th", "2 tickets"),
    ("pay_date", "March 2", "one way"),
    ("pay_time", "6 in the evening", "four children"),
    ("pay_time", "5 sharp", "5 guests"),
])
def test_a_number_of_things_is_no_day_or_hour_beside_one_that_is(fact: str, plain: str, trick: str) -> None:
    assert not wrong_kind(CHECKLIST, "Pay", fact, plain)
    assert wrong_kind(CHECKLIST, "Pay", fact, trick)
