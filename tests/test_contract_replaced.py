"""A value the customer replaced later, a value of the wrong half of "when", a count that is a day, a choice told in
the past, and replies without the contract's wrapper: each beside the plain statement it imitates (our own wording,
invented schemas)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_NOT_STATED, VALUE_WRONG_KIND, check_mapping, check_value
from core.prompt import parse
from tests.talking import kept, talk

LODGING = Checklist.from_schema({
    "service_name": "Lodging_9",
    "slots": [
        {"name": "town", "description": "Town to stay in", "is_categorical": False},
        {"name": "guests", "description": "Number of guests", "is_categorical": False},
        {"name": "nights", "description": "Number of nights", "is_categorical": False},
    ],
    "intents": [{"name": "FindStay", "required_slots": ["town", "guests", "nights"], "is_transactional": False}],
})
FITTINGS = Checklist.from_schema({
    "service_name": "Fittings_9",
    "slots": [
        {"name": "fitting_day", "description": "Date of the fitting", "is_categorical": False},
        {"name": "fitting_time", "description": "Time of the fitting", "is_categorical": False},
    ],
    "intents": [{"name": "BookFitting", "required_slots": ["fitting_day", "fitting_time"], "is_transactional": True}],
})


def codes(checklist: Checklist, answer: dict[str, str], lines) -> list[str]:
    return check_mapping(checklist, next(iter(checklist.intents)), lines, answer).codes


def test_a_value_the_customer_moved_away_from_is_not_collected() -> None:
    moved = talk("A place to stay in Leeds for 2 guests, 3 nights.", ("Lodgings in Leeds: The Mill.", ()),
                 "What about something in York instead?")
    assert not kept(LODGING, "FindStay", moved, "town", "Leeds")
    assert kept(LODGING, "FindStay", moved, "town", "York")
    # the plain statement it imitates: nothing else was named, or the first town was named again last
    assert kept(LODGING, "FindStay", moved[:2] + talk("Does it have parking?"), "town", "Leeds")
    back = moved + talk(("York has The Walls.", ()), "Actually no, Leeds after all.")
    assert kept(LODGING, "FindStay", back, "town", "Leeds")


def test_a_count_replaced_by_another_count_is_not_collected() -> None:
    lines = talk("Somewhere in Leeds for four guests, 2 nights.", ("I found The Mill.", ()),
                 "Anything else for three guests?")
    assert codes(LODGING, {"town": "Leeds", "guests": "four", "nights": "2"}, lines) == [VALUE_NOT_STATED]
    assert codes(LODGING, {"town": "Leeds", "guests": "three", "nights": "2"}, lines) == []


def test_a_later_value_with_no_word_of_change_replaces_nothing() -> None:
    # a later place the tier may read for the town is no change of mind without a word saying so
    lines = talk("A place in Leeds for 2 guests, 3 nights.", ("The Mill has rooms.", ()),
                 "Is it near the station in Headingley?")
    assert kept(LODGING, "FindStay", lines, "town", "Leeds")


def test_the_other_half_of_when_is_the_wrong_kind() -> None:
    lines = talk("A fitting on the 7th of this month at half past 3 in the afternoon.")
    for fact, value in (("fitting_time", "7th of this month"), ("fitting_day", "half past 3 in the afternoon")):
        assert check_value(FITTINGS, "BookFitting", fact, value, lines)[1][0].code == VALUE_WRONG_KIND
    assert codes(FITTINGS, {"fitting_day": "7th of this month", "fitting_time": "half past 3 in the afternoon"},
                 lines) == []


def test_a_day_is_never_a_count() -> None:
    lines = talk("Leeds for 2 guests from the 4th of March, 3 nights.")
    assert check_value(LODGING, "FindStay", "nights", "4th of March", lines)[1][0].code == VALUE_WRONG_KIND
    assert kept(LODGING, "FindStay", lines, "nights", "3")


def test_a_choice_told_in_the_past_is_stated() -> None:
    for line in ("We decided on York after all.", "I went with York.", "We settled on York."):
        assert kept(LODGING, "FindStay", talk(("Which town?", ("town",)), line), "town", "York"), line
    # a past that is a story still states nothing: "we stayed in York" is where they were
    assert not kept(LODGING, "FindStay", talk(("Which town?", ("town",)), "We stayed in York last year."),
                    "town", "York")


def test_a_reply_without_the_wrapper_is_still_read_and_checked() -> None:
    assert parse('{"town": "York", "guests": 2}') == ({"town": "York", "guests": "2"}, "")
    assert parse('{"intent": "FindStay", "slots": {"town": "York"}}') == ({"town": "York"}, "")
