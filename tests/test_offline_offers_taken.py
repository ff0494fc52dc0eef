"""Offers taken without a plain yes: "That's the one", "Yea, I like that one", an offer made in answer to
"What else is there?", and a name inside another fact's name ("from the album This is Acting") left to that
fact. Each beside the reply or wording that takes nothing.
"""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check
from core.corpus import AGENT, CUSTOMER, Line
from core.extraction import Extraction
from core.extractors.offline import extract_facts
from tests.talking import exchange

JUKEBOX = {
    "service_name": "Jukebox_3",
    "description": "Find and play tracks",
    "slots": [
        {"name": "track", "description": "Name of the track", "is_categorical": False},
        {"name": "record", "description": "Record the track is on", "is_categorical": False},
        {"name": "singer", "description": "Singer of the track", "is_categorical": False},
    ],
    "intents": [{"name": "PlayTrack", "description": "Play a track", "is_transactional": True,
                 "required_slots": ["track"], "optional_slots": {"record": "dontcare", "singer": "dontcare"}}],
}


@pytest.fixture(scope="module")
def jukebox() -> Checklist:
    return Checklist.from_schema(JUKEBOX)




OPENING = ("c", "Find me a track to play.")
OFFER = ("a", "How about Northern Lights by Ana Ruiz from the record Songs of the Sea?")


@pytest.mark.parametrize("reply", ["That's the one.", "Yea, I like that one.", "Let's go with that.",
                                   "That is what I was looking for."])
def test_a_reply_naming_the_offer_as_wanted_takes_it(jukebox, reply):
    assert extract_facts(jukebox, "PlayTrack", exchange(OPENING, OFFER, ("c", reply)))["track"] == "Northern Lights"


@pytest.mark.parametrize("reply", ["That's not the one.", "What else is there?", "I like the record more."])
def test_a_reply_turning_away_takes_nothing(jukebox, reply):
    assert "track" not in extract_facts(jukebox, "PlayTrack", exchange(OPENING, OFFER, ("c", reply)))


def test_an_answer_to_what_else_is_a_new_offer(jukebox):
    lines = exchange(("c", "Find me a track."), ("a", "There's Salt Wind by Ana Ruiz."), ("c", "What else is there?"),
                 ("a", "There's Northern Lights by Ana Ruiz."), ("c", "Yes, please."))
    assert extract_facts(jukebox, "PlayTrack", lines)["track"] == "Northern Lights"
    # an answer to a question about the offer informs: it offers nothing new
    asked = exchange(("c", "Find me a track."), ("a", "There's Salt Wind by Ana Ruiz."), ("c", "Who sings it?"),
                 ("a", "Ana Ruiz sings it."), ("c", "Yes, please."))
    assert extract_facts(jukebox, "PlayTrack", asked)["track"] == "Salt Wind"


def test_words_inside_another_facts_name_are_not_the_track(jukebox):
    offer = ("a", "How about Northern Lights from the record This is Home?")
    got = extract_facts(jukebox, "PlayTrack", exchange(OPENING, offer, ("c", "Yes, please.")))
    assert got["track"] == "Northern Lights"


@pytest.mark.parametrize("reply", ["That's a good one.", "Go for it.", "I'll try it.", "Thats it."])
def test_more_ways_of_taking_an_offer(jukebox, reply):
    assert extract_facts(jukebox, "PlayTrack", exchange(OPENING, OFFER, ("c", reply)))["track"] == "Northern Lights"
    assert "track" not in extract_facts(jukebox, "PlayTrack", exchange(OPENING, OFFER, ("c", "Is it a good one?")))


def test_an_offer_written_in_lower_case_names_its_thing(jukebox):
    offer = ("a", "how about northern lights by ana ruiz from the record songs of the sea?")
    got = extract_facts(jukebox, "PlayTrack", exchange(OPENING, offer, ("c", "Yes, please.")))
    assert got["track"] == "northern lights"
    refused = extract_facts(jukebox, "PlayTrack", exchange(OPENING, offer, ("c", "No, something else.")))
    assert "track" not in refused


def test_a_question_to_the_customer_without_a_figure_is_no_statement_of_their_things(jukebox):
    offer = ("a", "I found 1 track for you. What is your opinion on Salt Wind?")
    got = extract_facts(jukebox, "PlayTrack", exchange(OPENING, offer, ("c", "Yes, please.")))
    assert got["track"] == "Salt Wind"


@pytest.mark.parametrize("reply", ["The track sounds good to me.", "I think that track will work for me.",
                                   "That is just the track we need.", "Thats perfect for me.",
                                   "That track sounds like a great pick."])
def test_praising_the_offer_by_its_noun_takes_it(jukebox, reply):
    assert extract_facts(jukebox, "PlayTrack", exchange(OPENING, OFFER, ("c", reply)))["track"] == "Northern Lights"


@pytest.mark.parametrize("reply", ["The record sounds dull.", "I think that track will not work for me.",
                                   "That is not the track we need."])
def test_faulting_the_offer_takes_nothing(jukebox, reply):
    assert "track" not in extract_facts(jukebox, "PlayTrack", exchange(OPENING, OFFER, ("c", reply)))


SHOWS = {
    "service_name": "Shows_4",
    "description": "Find dates of shows",
    "slots": [{"name": "show_name", "description": "Name of the show", "is_categorical": False},
              {"name": "town", "description": "City of the show", "is_categorical": False}],
    "intents": [{"name": "ShowDates", "description": "Find dates of a show", "required_slots": ["show_name", "town"]}],
}


@pytest.mark.parametrize(("line", "named"), [
    ("Shows in Leeds, please. I heard Velvet Moon is fantastic.", True),
    ("Shows in Leeds, please. Velvet Moon is supposed to be a great one.", True),
    ("Shows in Leeds, please. Velvet Moon is far from here.", False),
    ("Shows in Leeds, please. Velvet Moon is sold out, sadly.", False),
])
def test_a_name_praised_as_worth_seeing_is_named(line, named):
    got = extract_facts(Checklist.from_schema(SHOWS), "ShowDates", (Line(CUSTOMER, line),))
    assert (got.get("show_name") == "Velvet Moon") is named
    assert got["town"] == "Leeds"


def test_a_noun_that_is_the_subject_of_the_offer_does_not_give_the_name_to_another_fact():
    homes = Checklist.from_schema({
        "service_name": "Homes_9", "description": "Find homes and book viewings",
        "slots": [{"name": "name_of_apartment", "description": "Name of the apartment", "is_categorical": False},
                  {"name": "furnished_property", "description": "Whether it is furnished", "is_categorical": True,
                   "possible_values": ["True", "False"]}],
        "intents": [{"name": "BookViewing", "description": "Book a viewing", "is_transactional": True,
                     "required_slots": ["name_of_apartment"]}]})
    offer = Line(AGENT, "The property is at Forge Homestead Apartments, it has 4 bedrooms.")
    lines = (Line(CUSTOMER, "Find me an apartment."), offer, Line(CUSTOMER, "That sounds good."))
    assert extract_facts(homes, "BookViewing", lines) == {"name_of_apartment": "Forge Homestead Apartments"}


@pytest.mark.parametrize(("question", "taken"), [
    ("Is there anything available tonight?", True),  # asks for something new: the answer offers it
    ("Is the record any good?", False),  # asks about the track already named: the answer informs
])
def test_an_answer_to_a_question_asking_for_anything_is_an_offer(jukebox, question, taken):
    lines = exchange(OPENING, ("a", "Anything in mind?"), ("c", question),
                     ("a", "There's Northern Lights by Ana Ruiz."), ("c", "Great, play it."))
    assert ("track" in extract_facts(jukebox, "PlayTrack", lines)) is taken


@pytest.mark.parametrize(("request_line", "taken"), [
    ("Can you play me a track?", True),  # asks the agent to act: the answer offers
    ("Can you tell me who sings it?", False),  # asks about what was named: the answer informs
])
def test_an_answer_to_a_request_worded_as_a_question_is_an_offer_the_contract_accepts(jukebox, request_line, taken):
    lines = exchange(OPENING, ("a", "Any track in mind?"), ("c", request_line),
                     ("a", "Perhaps you'd like Northern Lights by Ana Ruiz."), ("c", "Yes, play that one."))
    verdict = check(jukebox, "PlayTrack", lines, Extraction({"track": "Northern Lights"}))
    assert ("track" in verdict.accepted) is taken
