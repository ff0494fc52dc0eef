"""Places the customer states inside the task, read however the sentence carries them: each beside the plain
statement it imitates and a trick it must not fall for."""

from __future__ import annotations

from core.checklist import Checklist
from core.extractors.offline.extractor import extract_facts
from tests.talking import talk


def _form(*slots: tuple[str, str, list[str]]) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Trips_9",
        "description": "Book a coach trip or find a show",
        "slots": [{"name": n, "description": d, "is_categorical": bool(v), "possible_values": v} for n, d, v in slots],
        "intents": [{"name": "Go", "description": "Book a coach trip", "required_slots": [n for n, _, _ in slots]}],
    })


JOURNEY = _form(("start_town", "Town the coach sets off from", []), ("end_town", "Town the coach arrives in", []))
SHOWS = _form(("show_kind", "Kind of show", ["Theatre", "Comedy"]), ("town", "Town of the show", []))


def _read(checklist: Checklist, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    return extract_facts(checklist, "Go", talk(*turns))


def test_a_verb_of_leaving_names_the_place_left() -> None:
    plain = _read(JOURNEY, "A coach from Dunmore to Castlebar, please.")
    assert plain == {"start_town": "Dunmore", "end_town": "Castlebar"}
    for line in ("I'm leaving Dunmore and heading to Castlebar.", "We are getting out of Dunmore, off to Castlebar.",
                 "Departing Dunmore, arriving in Castlebar."):
        assert _read(JOURNEY, line) == plain, line


def test_leaving_a_day_or_a_stay_names_no_place() -> None:
    # a day left on is no town, and checking out of a hotel leaves no town the coach sets off from
    assert _read(JOURNEY, "I'm leaving Friday to get to Castlebar.") == {"end_town": "Castlebar"}
    assert "start_town" not in _read(JOURNEY, "After checking out of the Harbour Lodge I want a coach to Castlebar.")


def test_a_vocabulary_value_after_in_is_no_place() -> None:
    said = _read(SHOWS, "Shows in Galway, please.", ("Theatre or Comedy?", ("show_kind",)),
                 "Something in Comedy.")
    assert said == {"town": "Galway", "show_kind": "Comedy"}
    # the plain statement it imitates: a town after "in" is still read
    assert _read(SHOWS, "Something in Galway.") == {"town": "Galway"}
