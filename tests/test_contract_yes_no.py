"""A yes/no fact and a value's own characters, each checked beside the clean answer it imitates (invented schemas)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_NOT_STATED, VALUE_REORDERED
from tests.talking import codes, read, talk

SCREENINGS = Checklist.from_schema({
    "service_name": "Screenings_9",
    "slots": [
        {"name": "film", "description": "Title of the film", "is_categorical": False},
        {"name": "subtitles", "description": "Whether the screening shows subtitles", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [{"name": "BookScreening", "required_slots": ["film", "subtitles"], "is_transactional": True}],
})
LODGES = Checklist.from_schema({
    "service_name": "Lodges_9",
    "slots": [
        {"name": "town", "description": "Town of the lodge", "is_categorical": False},
        {"name": "pets_welcome", "description": "Whether pets are allowed in the lodge", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [{"name": "FindLodge", "required_slots": ["town", "pets_welcome"], "is_transactional": False}],
})


def test_a_yes_no_answer_must_agree_with_the_customer_words_that_settle_it() -> None:
    assert codes(SCREENINGS, {"subtitles": "True"}, "Don't turn on subtitles for Dune.") == [VALUE_NOT_STATED]
    assert codes(SCREENINGS, {"subtitles": "False"}, "Don't turn on subtitles for Dune.") == []
    assert codes(SCREENINGS, {"subtitles": "True"}, "Dune with subtitles, please.") == []
    assert codes(SCREENINGS, {"subtitles": "False"}, "Dune with subtitles, please.") == [VALUE_NOT_STATED]


def test_the_fact_asked_back_and_answered_no_is_false() -> None:
    asked = ("Will you bring any pets?", ("pets_welcome",))
    assert codes(LODGES, {"pets_welcome": "True"}, "A lodge in Bend.", asked, "Pets? No, none.") == [
        VALUE_NOT_STATED]
    assert codes(LODGES, {"pets_welcome": "False"}, "A lodge in Bend.", asked, "Pets? No, none.") == []
    assert codes(LODGES, {"pets_welcome": "True"}, "A lodge in Bend.", asked, "Pets? Yes, a dog.") == []


def test_a_fact_said_not_to_matter_settles_neither_answer() -> None:
    # said not to matter, the words back neither answer; naming the fact plainly backs it
    said = ("A lodge in Bend. Pets allowed isn't important.",)
    assert codes(LODGES, {"pets_welcome": "True"}, *said) == [VALUE_NOT_STATED]
    assert codes(LODGES, {"pets_welcome": "True"}, "A lodge in Bend where pets are allowed.") == []


def test_a_reported_value_holding_a_direction_override_is_reordered() -> None:
    line = "Book Dune with subtitles."
    assert codes(SCREENINGS, {"film": "\u202eenuD"}, line) == [VALUE_REORDERED]
    assert codes(SCREENINGS, {"film": "Dune"}, line) == []


def test_the_tier_reads_the_same_answers_it_checks() -> None:
    asked = ("Will you bring any pets?", ("pets_welcome",))
    assert read(LODGES, "FindLodge", talk("A lodge in Bend.", asked, "Pets? No, none.")).get("pets_welcome") == "False"
    assert read(LODGES, "FindLodge", talk("A lodge in Bend.", asked, "Pets? Yes, a dog.")).get("pets_welcome") == "True"
    assert "pets_welcome" not in read(LODGES, "FindLodge", talk("A lodge in Bend. Pets allowed isn't important."))
    assert read(LODGES, "FindLodge", talk("A lodge in Bend where pets are allowed.")).get("pets_welcome") == "True"
