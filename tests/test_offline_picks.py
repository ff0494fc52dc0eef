"""The offline tier reading a thing the customer picks from the agent's offer, titles inside a sentence, and days.

Each rule beside the plain statement it imitates. Small hand-written conversations over checklists in the SGD
schema shape; no figures from any corpus.
"""

from __future__ import annotations

from core.checklist import Checklist
from core.corpus import AGENT, CUSTOMER, Line
from core.extractors.offline import OfflineExtractor, extract_facts
from core.extractors.offline.names import titles
from core.extractors.offline.values import dates
from core.turn import take_turn

CINEMA = {
    "service_name": "Films_9", "description": "Find films to watch and play them",
    "slots": [{"name": "genre", "description": "Genre of the movie", "is_categorical": False},
              {"name": "title", "description": "Title of the movie", "is_categorical": False},
              {"name": "show_date", "description": "Date of the show", "is_categorical": False}],
    "intents": [{"name": "Find", "description": "Find a movie", "required_slots": ["genre"]},
                {"name": "Play", "description": "Play a movie", "required_slots": ["title"]},
                {"name": "Show", "description": "Find a show", "required_slots": ["title", "show_date"]}],
}
SONGS = {
    "service_name": "Songs_9", "description": "Find songs and play them",
    "slots": [{"name": "song_name", "description": "Name of the song", "is_categorical": False},
              {"name": "artist", "description": "Artist who performed the song", "is_categorical": False}],
    "intents": [{"name": "PlaySong", "description": "Play the selected song", "required_slots": ["song_name"]}],
}


def films() -> Checklist:
    return Checklist.from_schema(CINEMA)


def songs() -> Checklist:
    return Checklist.from_schema(SONGS)


def talk(*turns: str | tuple[str, tuple[str, ...]]) -> tuple[Line, ...]:
    """Customer lines as plain strings; agent lines as (text, facts asked)."""
    return tuple(Line(AGENT, t[0], t[1]) if isinstance(t, tuple) else Line(CUSTOMER, t) for t in turns)


OFFER = ("I found 3 movies. What do you think about After, Pillow Talk, or Green Book?", ())


def test_a_thing_the_customer_picks_from_the_offer_by_naming_it_is_collected() -> None:
    for reply, title in (("I really like Pillow Talk.", "Pillow Talk"), ("Green Book sounds good.", "Green Book"),
                         ("pillow talk works for me, play it now", "pillow talk")):
        assert extract_facts(films(), "Play", talk("Play a movie.", OFFER, reply))["title"] == title
    # and the turn stops on it: the value stands in the customer's own words
    turn = take_turn(films(), "Play", talk("Play a movie.", OFFER, "I really like Pillow Talk."), OfflineExtractor())
    assert turn.decision == "stop"


def test_a_name_the_agent_did_not_offer_or_one_asked_about_or_turned_down_is_not_picked() -> None:
    # the same words, but the customer asks about it, turns it down, or names something not offered
    for reply in ("Is Pillow Talk any good?", "I don't like Pillow Talk.", "I've seen Pillow Talk already.",
                  "Anything other than Pillow Talk.", "I really like Hellboy."):
        assert "title" not in extract_facts(films(), "Play", talk("Play a movie.", OFFER, reply))
    # naming two of the offered films picks neither
    both = talk("Play a movie.", OFFER, "Pillow Talk and Green Book both sound good.")
    assert "title" not in extract_facts(films(), "Play", both)


def test_a_pick_is_read_only_from_a_line_that_puts_things_forward() -> None:
    # a question asking for another fact offers no title; a one-word capital opening a question offers nothing
    asked = talk("Find a show.", ("Which Day do you want?", ("show_date",)), "Day one is fine.")
    assert "title" not in extract_facts(films(), "Show", asked)
    opening = talk("Play a movie.", ("Savings or checking?", ()), "Savings.")
    assert "title" not in extract_facts(films(), "Play", opening)


def test_an_offered_title_opening_with_a_common_word_keeps_it_inside_a_sentence() -> None:
    offered = talk("Find me a song.", ("How about Get Lucky by Daft Punk?", ()), "That sounds great.")
    assert extract_facts(songs(), "PlaySong", offered)["song_name"] == "Get Lucky"
    heard = talk("Find me a song.", ("Would you like to hear In Summer by Josh Gad?", ()), "Yes please.")
    assert extract_facts(songs(), "PlaySong", heard)["song_name"] == "In Summer"
    # the fact's own noun before a title cues it: "the Morgan Wallen song Whiskey Glasses"
    noun = talk("Find me a song.", ("Would the Morgan Wallen song Whiskey Glasses be good for you?", ()),
                "Yes it would!")
    assert extract_facts(songs(), "PlaySong", noun)["song_name"] == "Whiskey Glasses"
    # opening a sentence, a common word is not the title's: "Yes Sushi Zen" is a yes and a name
    assert [t[2] for t in titles("Yes Whiskey Glasses.")] == ["Whiskey Glasses"]
    assert [t[2] for t in titles("How about Get Lucky?")] == ["Get Lucky"]


def test_a_title_after_listen_to_is_a_title_not_a_place() -> None:
    listen = talk("Play a song for me. I would like to listen to Touch It.")
    assert extract_facts(songs(), "PlaySong", listen)["song_name"] == "Touch It"
    # "go to" still names a place, not a song
    went = talk("Play a song for me. I want to go to Santa Rosa.")
    assert "song_name" not in extract_facts(songs(), "PlaySong", went)


def test_tonight_is_no_date_and_an_ordinal_opening_a_name_is_none_either() -> None:
    assert dates("a movie tonight") == []
    assert [d[2] for d in dates("a movie today")] == ["today"]
    assert dates("shown at 3rd Street Cinema") == []
    assert [d[2] for d in dates("shown on the 3rd. Street parking is fine")] == ["the 3rd"]
    assert [d[2] for d in dates("on March 3rd I want")] == ["March 3rd"]
