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
FORECAST = Checklist.from_schema({
    "service_name": "Skies_9",
    "description": "Look up the forecast",
    "slots": [{"name": "place_name", "description": "Town to look up", "is_categorical": False, "possible_values": []},
              {"name": "rain", "description": "Chance of rain in percent", "is_categorical": False,
               "possible_values": []}],
    "intents": [{"name": "Go", "description": "Get the forecast", "required_slots": ["place_name"]}],
})
SHOWS = _form(("show_kind", "Kind of show", ["Opera", "Comedy"]), ("town", "Town of the show", []))


PLAY_NAME, THEATRE_TOWN = ("play_name", "Name of the play"), ("town", "Town of the theatre")


def _play(*slots: tuple[str, str]) -> Checklist:
    """A form about buying tickets for a play (a task noun of its own: "tickets")."""
    return Checklist.from_schema({
        "service_name": "Plays_9", "description": "Buy tickets for a play",
        "slots": [{"name": n, "description": d, "is_categorical": False, "possible_values": []} for n, d in slots],
        "intents": [{"name": "Go", "description": "Buy tickets", "required_slots": [n for n, _ in slots]}],
    })


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
                 "Search Galway for shows.", "I'm on Galway.", "Give me Galway.", "Check out Galway.",
                 "Galway at 8 pm.", "I am visiting Galway.", "Look through Galway.", "Get me Galway, please."):
        assert _read(SHOWS, "I need a show.", where, line) == {"town": "Galway"}, line


def test_an_answer_names_no_point_and_no_place_unasked() -> None:
    where = ("Which town are you in?", ("town",))
    assert _read(SHOWS, "I need a show.", where, "I'm at the Harbour Theatre.") == {}  # a point, not a town
    assert _read(SHOWS, "I need a show.", where, "How about Comedy?") == {"show_kind": "Comedy"}
    assert _read(SHOWS, "I need a show.", where, "Give me Comedy on Friday.") == {"show_kind": "Comedy"}
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


def test_a_form_naming_one_area_and_nothing_else_reads_it_after_for_of_at() -> None:
    assert _read(FORECAST, "What's the forecast in Galway?") == {"place_name": "Galway"}  # the plain statement
    for line in ("What's the forecast for Galway on Friday?", "The forecast of Galway, please.",
                 "Check the forecast on Friday at Galway.", "I'd like the Galway forecast."):
        assert _read(FORECAST, line) == {"place_name": "Galway"}, line


def test_for_a_name_is_no_area_where_the_form_names_other_things() -> None:
    # a form with titles: "tickets for Hamlet" names the play, not its town; a form naming only the town
    # reads it there
    titled, untitled = _play(PLAY_NAME, THEATRE_TOWN), _play(THEATRE_TOWN)
    assert "town" not in _read(titled, "I want tickets for Hamlet.")
    assert _read(untitled, "I want tickets for Galway.") == {"town": "Galway"}
    # a line not about the task, and a day after "for", name no area
    assert _read(FORECAST, "I'm off for Galway soon.") == {}
    assert _read(FORECAST, "The forecast for Friday, please.") == {}


def test_an_answer_cue_does_not_take_a_name_from_a_place_said_plainly() -> None:
    play = _play(PLAY_NAME, THEATRE_TOWN)
    both = ("Which play, and in which town?", ("play_name", "town"))
    said = _read(play, "Tickets, please.", both, "The play should be in Galway. I've heard good things about Hamlet.")
    assert said.get("town") == "Galway"


def test_the_place_left_is_no_place_gone_to_for_a_lone_end() -> None:
    going = _form(("destination_town", "Town the coach goes to", []))
    assert _read(going, "I'm going to Castlebar.") == {"destination_town": "Castlebar"}
    assert _read(going, "I will be leaving Dunmore on Friday.") == {}
    assert _read(going, "Getting out of Dunmore, off to Castlebar.") == {"destination_town": "Castlebar"}
