"""A value or a fact taken back, read alike by the offline tier and the contract; each beside its plain twin."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check_mapping
from core.corpus import CUSTOMER, Line
from core.extractors.offline import extract_facts
from core.withdrawal import named_facts, names_value, objects

STAY = Checklist.from_schema({
    "service_name": "Stay_5",
    "slots": [
        {"name": "town", "description": "Town of the stay", "is_categorical": False},
        {"name": "arrival_date", "description": "Date of arrival", "is_categorical": False},
        {"name": "departure_date", "description": "Date of departure", "is_categorical": False},
        {"name": "deposit", "description": "Amount of money paid ahead", "is_categorical": False},
    ],
    "intents": [{"name": "Stay", "required_slots": ["town", "arrival_date", "departure_date", "deposit"]}],
})


def read(*texts: str) -> dict[str, str]:
    return extract_facts(STAY, "Stay", tuple(Line(CUSTOMER, t) for t in texts))


def codes(collected: dict[str, str], *texts: str) -> list[str]:
    return check_mapping(STAY, "Stay", tuple(Line(CUSTOMER, t) for t in texts), collected).codes


@pytest.mark.parametrize(("trick", "plain", "fact", "value"), [
    ("A stay in Galway, arriving May 2nd, leaving May 6th. Hmm, drop the departure date, I'm not sure yet.",
     "A stay in Galway, arriving May 2nd, leaving May 6th.", "departure_date", "May 6th"),
    ("A stay in Galway arriving May 2nd. Forget the 2nd, I'll confirm it later.",
     "A stay in Galway arriving May 2nd.", "arrival_date", "May 2nd"),
    ("A stay in Galway with a $90 deposit. Actually I'm not sure about the $90 yet.",
     "A stay in Galway with a $90 deposit.", "deposit", "$90"),
])
def test_a_value_or_fact_taken_back_is_neither_read_nor_accepted(trick, plain, fact, value):
    assert fact not in read(trick)
    assert read(plain).get(fact) == value
    assert codes({fact: value}, trick) == ["value_not_stated"]
    assert codes({fact: value}, plain) == []


def test_a_new_value_after_the_withdrawal_stands():
    text = "A stay in Galway arriving May 2nd. Forget the 2nd, arriving May 3rd instead."
    assert read(text)["arrival_date"] == "May 3rd"
    assert codes({"arrival_date": "May 3rd"}, text) == []


@pytest.mark.parametrize("text", [
    "Don't forget to book the deposit of $90.",
    "Please drop me off in Galway.",
    "I will drop the keys off on May 6th.",
])
def test_emphasis_and_a_phrasal_drop_off_withdraw_nothing(text):
    assert not any(names_value(obj, v) for _, obj in objects(text) for v in ("$90", "Galway", "May 6th"))


def test_a_fact_is_named_by_the_words_of_its_name():
    assert named_facts("the departure date", STAY.required("Stay")) == {"departure_date"}
    assert named_facts("the 10th", STAY.required("Stay")) == set()
    assert names_value("the 10th", "March 10th") and not names_value("the 10th", "March 1st")
