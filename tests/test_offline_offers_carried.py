"""A look-up's find carried into the task the customer goes ahead with: the agent names the thing a look-up
intent finds ("How about Northern Lights by Ana Ruiz?"), the customer asks about it or takes it, and later has
the task carried out on it ("Shall I play it?" - "Yes", "I'd like to listen to it"). The fact is the one the
schema's structure marks (a non-transactional intent returns it, a transactional one requires it), never a word
list; each trick sits beside the plain statement it imitates: the find declined, another asked for, several
put forward, an answer naming another thing.
"""

from __future__ import annotations

import pytest

from core.acceptance import asks_elsewhere, is_offer
from core.checklist import Checklist
from core.contract import VALUE_ONLY_IN_AGENT_WORDS, check_mapping
from core.extractors.offline import extract_facts
from tests.talking import exchange

TRACK = {"name": "track", "description": "Name of the track", "is_categorical": False}
SINGER = {"name": "singer", "description": "Singer of the track", "is_categorical": False}
FIND = {"name": "FindTrack", "description": "Search for a track", "is_transactional": False,
        "required_slots": [], "optional_slots": {"singer": "dontcare"}, "result_slots": ["track", "singer"]}
PLAY = {"name": "PlayTrack", "description": "Play the selected track", "is_transactional": True,
        "required_slots": ["track"], "optional_slots": {"singer": "dontcare"}, "result_slots": ["track", "singer"]}
JUKEBOX = {"service_name": "Jukebox_4", "description": "Find and play tracks", "slots": [TRACK, SINGER],
           "intents": [FIND, PLAY]}
# The same facts with no look-up returning the track: nothing marks it as a thing the agent finds.
NO_LOOKUP = {**JUKEBOX, "service_name": "Jukebox_5", "intents": [PLAY]}
# Another service of the same structure in other words: a look-up finds the book, borrowing requires it.
LIBRARY = {
    "service_name": "Library_2",
    "description": "Search the catalogue and lend books",
    "slots": [{"name": "book_title", "description": "Title of the book", "is_categorical": False},
              {"name": "author", "description": "Author who wrote the book", "is_categorical": False}],
    "intents": [
        {"name": "FindBook", "description": "Search the catalogue for a book", "is_transactional": False,
         "required_slots": [], "optional_slots": {"author": "dontcare"}, "result_slots": ["book_title", "author"]},
        {"name": "BorrowBook", "description": "Borrow the selected book", "is_transactional": True,
         "required_slots": ["book_title"], "optional_slots": {}, "result_slots": ["book_title"]},
    ],
}


@pytest.fixture(scope="module")
def jukebox() -> Checklist:
    return Checklist.from_schema(JUKEBOX)


def _track(checklist: Checklist, *turns: tuple[str, str]) -> str | None:
    return extract_facts(checklist, "PlayTrack", exchange(*turns)).get("track")


OPENING = ("c", "Find me a good track.")
OFFER = ("a", "How about Northern Lights by Ana Ruiz?")
ASKED = (("c", "What year is it from?"), ("a", "It came out in 2017."))
# the agent closing the look-up before the customer comes back to the find
CLOSING = (("c", "I see."), ("a", "Can I help you with anything else?"))


def test_the_find_is_carried_when_the_customer_comes_back_to_it(jukebox):
    assert _track(jukebox, OPENING, OFFER, *ASKED, *CLOSING, ("c", "Can you play the song?")) == "Northern Lights"
    assert _track(jukebox, OPENING, OFFER, *ASKED, *CLOSING, ("c", "I'd like to listen to it.")) == "Northern Lights"
    # a customer line in between turns it down or asks for another: nothing was taken
    for between in ("No, find me another one.", "Is there anything by Leo Park?", "What else is there?"):
        turned = (("c", between), ("a", "Can I help you with anything else?"))
        assert _track(jukebox, OPENING, OFFER, *ASKED, *turned, ("c", "Can you play the song?")) is None


def test_a_yes_to_the_agents_question_to_go_ahead_takes_the_find_asked_about(jukebox):
    chain = (OPENING, OFFER, *ASKED, ("c", "Is it long?"), ("a", "It runs four minutes."), ("c", "I see."),
             ("a", "Shall I play it?"))
    assert _track(jukebox, *chain, ("c", "Yes, in the kitchen.")) == "Northern Lights"
    assert _track(jukebox, *chain, ("c", "No, not now.")) is None
    assert _track(jukebox, *chain, ("c", "Can you play Salt Wind instead?")) != "Northern Lights"


def test_a_find_among_several_or_after_an_answer_naming_another_is_not_carried(jukebox):
    several = ("a", "How about Northern Lights, Salt Wind or Blue Hour?")
    assert _track(jukebox, OPENING, several, *CLOSING, ("c", "Can you play the song?")) is None
    assert _track(jukebox, OPENING, OFFER, *CLOSING, ("c", "Can you play the song?")) == "Northern Lights"
    # "Which is newer?" - "Salt Wind is newer.": the older find is no longer the one pointed at
    other = (("c", "Which one is newer?"), ("a", "Salt Wind is newer."))
    assert _track(jukebox, OPENING, OFFER, *other, *CLOSING, ("c", "Can you play the song?")) != "Northern Lights"


def test_only_a_fact_a_look_up_finds_is_carried():
    plain = Checklist.from_schema(NO_LOOKUP)
    assert _track(plain, OPENING, OFFER, *ASKED, *CLOSING, ("c", "Can you play the song?")) is None
    library = Checklist.from_schema(LIBRARY)
    lines = exchange(("c", "Can you search the catalogue for novels by Mei Ito?"),
                     ("a", "I found Quiet Harbour by Mei Ito."), ("c", "How long is it?"), ("a", "It has 300 pages."),
                     ("c", "I see."), ("a", "Can I help you with anything else?"), ("c", "I'd like to borrow it."))
    assert extract_facts(library, "BorrowBook", lines).get("book_title") == "Quiet Harbour"
    declined = lines[:4] + exchange(("c", "No, something shorter."), ("a", "Can I help you with anything else?"),
                                    ("c", "I'd like to borrow it."))
    assert extract_facts(library, "BorrowBook", declined).get("book_title") is None


def test_a_word_of_another_inside_a_name_asks_for_nothing_new(jukebox):
    assert not asks_elsewhere("How about No More Rain by Ana Ruiz?")
    assert not asks_elsewhere("Alone, from the album Different World?")
    assert asks_elsewhere("Would you like a different one?")
    assert asks_elsewhere("More songs?")
    assert is_offer("How about No More Rain by Ana Ruiz?")
    assert not is_offer("Would you like to hear something different?")
    named = ("a", "How about No More Rain by Ana Ruiz?")
    assert _track(jukebox, OPENING, named, ("c", "Yes, play it.")) == "No More Rain"


def test_the_contract_lets_stand_exactly_the_carried_find(jukebox):
    lines = exchange(OPENING, OFFER, *ASKED, *CLOSING, ("c", "Can you play the song?"))
    assert check_mapping(jukebox, "PlayTrack", lines, {"track": "Northern Lights"}).accepted == {
        "track": "Northern Lights"}
    # another name the agent said, or the find after the customer turned it down, stays the agent's words
    assert check_mapping(jukebox, "PlayTrack", lines, {"track": "Ana Ruiz"}).codes == [VALUE_ONLY_IN_AGENT_WORDS]
    declined = exchange(OPENING, OFFER, ("c", "No, find me another one."), ("a", "Can I help you with anything else?"),
                        ("c", "Can you play the song?"))
    assert check_mapping(jukebox, "PlayTrack", declined, {"track": "Northern Lights"}).codes == [
        VALUE_ONLY_IN_AGENT_WORDS]
