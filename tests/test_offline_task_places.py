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
SHOWS = _form(("show_kind", "Kind of show", ["Opera", "Comedy"]), ("town", "Town of the show", []))


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
    said = _read(SHOWS, "Shows in Galway, please.", ("Opera or Comedy?", ("show_kind",)),
                 "Something in Comedy.")
    assert said == {"town": "Galway", "show_kind": "Comedy"}
    # the plain statement it imitates: a town after "in" is still read
    assert _read(SHOWS, "Something in Galway.") == {"town": "Galway"}


def test_an_answer_to_where_names_the_area_however_put() -> None:
    where = ("Which town are you in?", ("town",))
    assert _read(SHOWS, "I need a show.", where, "Galway.") == {"town": "Galway"}  # the plain answer
    for line in ("I'm at Galway.", "Please check Galway.", "How about Galway?", "Look for shows for Galway.",
                 "Search Galway for shows."):
        assert _read(SHOWS, "I need a show.", where, line) == {"town": "Galway"}, line


def test_an_answer_names_no_point_and_no_place_unasked() -> None:
    where = ("Which town are you in?", ("town",))
    assert _read(SHOWS, "I need a show.", where, "I'm at the Harbour Theatre.") == {}  # a point, not a town
    assert _read(SHOWS, "I need a show.", where, "How about Comedy?") == {"show_kind": "Comedy"}
    # unasked, the same words name no town: "check" and "at" take any thing
    assert _read(SHOWS, "Please check Galway Jokers for me.") == {}
    assert _read(SHOWS, "I'm at Galway Jokers, what is on?") == {}


def test_an_answer_about_two_places_is_left_to_the_roles() -> None:
    both = ("Where from, and where to?", ("start_town", "end_town"))
    assert _read(JOURNEY, "A coach, please.", both, "How about Dunmore?") == {}


def test_visiting_names_where_a_trip_ends_only() -> None:
    assert _read(JOURNEY, "I'm going to Castlebar, from Dunmore.") == {"end_town": "Castlebar", "start_town": "Dunmore"}
    assert _read(JOURNEY, "I'll be visiting Castlebar, leaving from Dunmore.") == {"end_town": "Castlebar",
                                                                                  "start_town": "Dunmore"}
    # a town with no role is where the show is, and a place one visits may be a venue in it
    assert _read(SHOWS, "I'm visiting Roxy Cinemas tonight.") == {}


def test_a_reply_opening_with_the_place_asked_for() -> None:
    where = ("Which town are you in?", ("town",))
    assert _read(SHOWS, "I need a show.", where, "Galway and I need two seats.") == {"town": "Galway"}
    assert _read(SHOWS, "I need a show.", where, "Galway, IE - just me.") == {"town": "Galway, IE"}
    assert _read(SHOWS, "I need a show.", where, "Galway, IE is where I am.") == {"town": "Galway, IE"}
    # a reply opening with a yes names no place, nor an unasked line opening with a name
    assert _read(SHOWS, "I need a show.", where, "Yup, and I need two seats.") == {}
    assert _read(SHOWS, "Galway and I need two seats for a show.") == {}


def test_a_place_in_lower_case_answering_where() -> None:
    where = ("Which town are you in?", ("town",))
    assert _read(SHOWS, "I need a show.", where, "Look in Galway.") == {"town": "Galway"}  # the plain answer
    for line, town in (("look in galway", "galway"), ("find them in salthill please", "salthill"),
                       ("anywhere in castle bar.", "castle bar"), ("search in galway, ireland", "galway, ireland")):
        assert _read(SHOWS, "I need a show.", where, line) == {"town": town}, line


def test_a_lower_case_word_after_in_is_no_place_unasked_nor_in_a_phrase() -> None:
    where = ("Which town are you in?", ("town",))
    assert _read(SHOWS, "i need a show in town.") == {}  # unasked, "in town" says no place
    assert _read(SHOWS, "I need a show.", where, "somewhere in the centre") == {}
    assert _read(SHOWS, "I need a show.", where, "in comedy, anywhere") == {"show_kind": "Comedy"}
    assert _read(SHOWS, "I need a show.", where, "i booked in advance of the trip") == {}
