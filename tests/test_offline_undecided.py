"""Numbers left open and identifiers: each trick beside the plain statement it imitates."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.corpus import CUSTOMER, Line
from core.extractors.offline import extract_facts
from core.extractors.offline.undecided import undecided

VISIT = Checklist.from_schema({
    "service_name": "Visit_3",
    "slots": [
        {"name": "visit_time", "description": "Time of the visit", "is_categorical": False},
        {"name": "visit_date", "description": "Date of the visit", "is_categorical": False},
        {"name": "guests", "description": "Number of guests", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
        {"name": "plan", "description": "Plan of the membership", "is_categorical": True,
         "possible_values": ["basic", "premium"]},
    ],
    "intents": [{"name": "Visit", "required_slots": ["visit_time", "visit_date", "guests", "plan"]}],
})


def read(text: str) -> dict[str, str]:
    return extract_facts(VISIT, "Visit", (Line(CUSTOMER, text),))


@pytest.mark.parametrize(("trick", "plain", "fact"), [
    ("A visit some time between 4 and 5 pm.", "A visit at 5 pm.", "visit_time"),
    ("A visit on the 9th, or maybe the 10th.", "A visit on the 10th.", "visit_date"),
    ("A visit on the ninth or the tenth.", "A visit on the tenth.", "visit_date"),
    ("A visit for 2 or 3 guests.", "A visit for 3 guests.", "guests"),
])
def test_a_number_left_open_is_no_value(trick: str, plain: str, fact: str) -> None:
    assert fact not in read(trick)
    assert fact in read(plain)


def test_a_value_inside_an_identifier_is_not_stated() -> None:
    assert "plan" not in read("My login is premium_member_stop_asking.")
    assert "plan" not in read("Write to me at premium@members.example please.")
    assert read("I'd like the premium plan please.")["plan"] == "premium"


def test_the_blanked_line_keeps_its_length() -> None:
    text = "Between 4 and 5, user_premium."
    assert len(undecided(text)) == len(text) and undecided(text).strip().startswith(",")


def test_an_identifier_glued_to_a_word_leaves_the_word() -> None:
    blanked = undecided("Avenue?rider_count=3")
    assert blanked.startswith("Avenue?") and "rider_count" not in blanked
