"""A value the customer says is in doubt ("I'm rethinking that", "I might change my mind", "not set in stone") is not
stated, read by the offline tier and the contract alike, each beside the plain statement and the correction it
imitates ("I changed my mind, make it 7 pm" corrects to 7 pm). Invented schemas, our own wording."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from tests.talking import kept, read, talk

TABLES = Checklist.from_schema({
    "service_name": "Tables_9",
    "slots": [
        {"name": "town", "description": "Town of the restaurant", "is_categorical": False},
        {"name": "seating_time", "description": "Time of the reservation", "is_categorical": False},
    ],
    "intents": [{"name": "BookTable", "required_slots": ["town", "seating_time"], "is_transactional": True}],
})
SHUTTLES = Checklist.from_schema({
    "service_name": "Shuttles_9",
    "slots": [
        {"name": "drop_off", "description": "Address to drive to", "is_categorical": False},
        {"name": "pooled", "description": "Whether the shuttle is pooled with other riders", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [{"name": "BookShuttle", "required_slots": ["drop_off", "pooled"], "is_transactional": True}],
})


@pytest.mark.parametrize("doubt", [
    "but I'm rethinking the time", "though I might change my mind", "but that time isn't set in stone",
    "tentatively", "but I'm having second thoughts about it", "but I'm not sure about that",
])
def test_a_time_said_in_doubt_is_not_stated(doubt: str) -> None:
    lines = talk(f"A table in Fresno at 7 pm, {doubt}.")
    assert read(TABLES, "BookTable", lines) == {"town": "Fresno"}
    assert not kept(TABLES, "BookTable", lines, "seating_time", "7 pm")
    plain = talk("A table in Fresno at 7 pm.")
    assert read(TABLES, "BookTable", plain) == {"town": "Fresno", "seating_time": "7 pm"}
    assert kept(TABLES, "BookTable", plain, "seating_time", "7 pm")


def test_a_change_of_mind_already_made_corrects_to_the_new_value() -> None:
    lines = talk("A table in Fresno at 6 pm.", ("Shall I book it?", ()), "I changed my mind, make it 7 pm.")
    assert read(TABLES, "BookTable", lines)["seating_time"] == "7 pm"
    assert kept(TABLES, "BookTable", lines, "seating_time", "7 pm")


@pytest.mark.parametrize("line", [
    "A shuttle to 12 Elm Street. My usual is a pooled one but I'm rethinking that today.",
    "A pooled shuttle to 12 Elm Street, though I might change my mind about pooling.",
])
def test_a_yes_no_fact_said_in_doubt_is_neither(line: str) -> None:
    lines = talk(line)
    assert "pooled" not in read(SHUTTLES, "BookShuttle", lines)
    assert not kept(SHUTTLES, "BookShuttle", lines, "pooled", "True")
    plain = talk("A pooled shuttle to 12 Elm Street.")
    assert read(SHUTTLES, "BookShuttle", plain)["pooled"] == "True"
    assert kept(SHUTTLES, "BookShuttle", plain, "pooled", "True")


@pytest.mark.parametrize("doubt", ["but don't hold me to the time", "subject to change"])
def test_a_time_held_loosely_is_not_stated(doubt: str) -> None:
    lines = talk(f"A table in Fresno at 7 pm, {doubt}.")
    assert "seating_time" not in read(TABLES, "BookTable", lines)
    assert not kept(TABLES, "BookTable", lines, "seating_time", "7 pm")


TRACKS = Checklist.from_schema({
    "service_name": "Tracks_9",
    "slots": [{"name": "track", "description": "Name of the song", "is_categorical": False}],
    "intents": [{"name": "PlayTrack", "required_slots": ["track"], "is_transactional": True}],
})
ASK_TRACK = ("Which song?", ("track",))


@pytest.mark.parametrize("refusal", ["Definitely not Hello by Adele, anything else.", "Absolutely not Hello.",
                                     "Honestly not Hello, play anything else."])
def test_a_refusal_opened_by_an_adverb_names_no_title(refusal: str) -> None:
    lines = talk("Play me a song.", ASK_TRACK, refusal)
    assert read(TRACKS, "PlayTrack", lines) == {}
    assert not kept(TRACKS, "PlayTrack", lines, "track", refusal.split()[0])
    assert not kept(TRACKS, "PlayTrack", lines, "track", "Hello")
    plain = talk("Play me a song.", ASK_TRACK, "Hello by Adele.")
    assert read(TRACKS, "PlayTrack", plain)["track"].startswith("Hello")
    assert kept(TRACKS, "PlayTrack", plain, "track", "Hello")
