"""Titles the agent offered and the customer took: in more of a customer's words ("Sounds great.", "I like the
sound of that", "schedule a visit there"), through the customer's questions about the offer in any form and the
agent's question to go ahead ("Would you like to make a reservation?"), and spelled as the agent wrote them
("1512 Barber Shop"). Each beside the trick it must not fall for: a bare "Okay.", an offer turned down, a request
naming a place of its own, a kind ("a Baseball game"), a verb opening a sentence, a street address. The contract
reads the same acceptance, so it accepts what the tier takes and refuses what it leaves.
"""

from __future__ import annotations

import pytest

from core.acceptance import offering_line, takes_offer
from core.checklist import Checklist
from core.contract import VALUE_ONLY_IN_AGENT_WORDS, check_mapping
from core.extractors.offline import extract_facts
from core.extractors.offline.names import titles
from core.extractors.offline.values import dates
from tests.talking import exchange

DINER = {
    "service_name": "Diner_7",
    "description": "Find restaurants and reserve a table",
    "slots": [
        {"name": "diner", "description": "Name of the restaurant", "is_categorical": False},
        {"name": "town", "description": "City where the restaurant is", "is_categorical": False},
        {"name": "slot_time", "description": "Time of the reservation", "is_categorical": False},
    ],
    "intents": [
        {"name": "FindDiner", "description": "Find a restaurant", "is_transactional": False,
         "required_slots": ["town"], "optional_slots": {}},
        {"name": "ReserveDiner", "description": "Reserve a table at a restaurant", "is_transactional": True,
         "required_slots": ["diner", "town", "slot_time"], "optional_slots": {}},
    ],
}


@pytest.fixture(scope="module")
def diner() -> Checklist:
    return Checklist.from_schema(DINER)


OPENING = ("c", "I'm starving. Can you help me find a restaurant in Oakland?")
OFFER = ("a", "I'd recommend Chop Bar in Oakland.")


def _diner(checklist: Checklist, *turns: tuple[str, str]) -> str | None:
    return extract_facts(checklist, "ReserveDiner", exchange(*turns)).get("diner")


@pytest.mark.parametrize("reply", ["Sounds great.", "Sounds like a nice place.", "Thanks, looks good.",
                                   "I like the sound of that.", "I am interested in this one.",
                                   "Okay. That sounds good to me.", "Okay, great.",
                                   "Cool, make a reservation for me there.", "Please book a table.",
                                   "I see, that is great!", "I think I would like this one.",
                                   "I think it would fit me perfectly.", "Ooh, that seems nice."])
def test_a_reply_taking_the_offer_in_its_own_words_takes_the_title(diner, reply):
    assert _diner(diner, OPENING, OFFER, ("c", reply)) == "Chop Bar"


@pytest.mark.parametrize("reply", ["Okay.", "Ok, good to know.", "Sounds good, but find another one.",
                                   "I would like that one, but not now.", "I see, that is not great.",
                                   "Can you make a suggestion?", "No, book a table somewhere else.",
                                   "Please make a reservation at the Trattoria Contadina."])
def test_a_reply_only_acknowledging_turning_away_or_naming_its_own_place_takes_nothing(diner, reply):
    assert _diner(diner, OPENING, OFFER, ("c", reply)) is None


@pytest.mark.parametrize("question", ["Are their prices extravagant? How can I contact them.",
                                      "Tell me their address.", "Where is it and when does it open",
                                      "I need their phone number."])
def test_the_offer_stands_while_the_customer_asks_about_it_in_any_form(diner, question):
    lines = (OPENING, OFFER, ("c", question), ("a", "Their number is 510-834-2467."),
             ("c", "Okay, that sounds good. Can you reserve a table for me?"))
    assert _diner(diner, *lines) == "Chop Bar"
    # a line saying something else in between ends the standing offer
    moved_on = (OPENING, OFFER, ("c", "My sister lives nearby."), ("a", "Their number is 510-834-2467."),
                ("c", "Okay, that sounds good. Can you reserve a table for me?"))
    assert _diner(diner, *moved_on) is None


def test_the_agents_general_go_ahead_goes_ahead_on_the_offer_the_customer_took(diner):
    took = (OPENING, OFFER, ("c", "That sounds like a nice place."),
            ("a", "Would you like to make a reservation?"), ("c", "Yes please."))
    assert _diner(diner, *took) == "Chop Bar"
    # after a bare "Okay." it offers something new: the customer's yes is to that, not to the restaurant
    bare = (OPENING, OFFER, ("c", "Okay."), ("a", "Would you like to make a reservation?"), ("c", "Yes please."))
    assert _diner(diner, *bare) is None
    # turned down, the offer does not stand behind the go-ahead either
    refused = (OPENING, OFFER, ("c", "No, I don't like that one."), ("a", "Would you like to make a reservation?"),
               ("c", "Yes please."))
    assert _diner(diner, *refused) is None


def test_an_answer_to_a_request_to_find_one_is_the_offer(diner):
    lines = (OPENING, OFFER, ("c", "Is there live music?"), ("a", "No, they don't have live music."),
             ("c", "That's okay. It will work anyway."))
    assert _diner(diner, *lines) == "Chop Bar"
    speakers = [who == "a" for who, _ in lines]
    assert offering_line(speakers, [t for _, t in lines], 4) == 1
    # a question about the offer is answered, not offered: "Can you find the address?" - "It is 1 Main St."
    asked = [OPENING, OFFER, ("c", "Can you find the address?"), ("a", "It is at 190 4th Street."), ("c", "Great.")]
    assert offering_line([w == "a" for w, _ in asked], [t for _, t in asked], 4) == 1


def test_the_contract_accepts_what_the_tier_takes_and_refuses_what_it_leaves(diner):
    taken = exchange(OPENING, OFFER, ("c", "Sounds great."))
    assert check_mapping(diner, "ReserveDiner", taken, {"diner": "Chop Bar"}).accepted == {"diner": "Chop Bar"}
    left = exchange(OPENING, OFFER, ("c", "Okay, find me another one."))
    assert check_mapping(diner, "ReserveDiner", left, {"diner": "Chop Bar"}).codes == [VALUE_ONLY_IN_AGENT_WORDS]


def test_a_go_ahead_needs_a_doing_verb_of_the_schema():
    verbs = frozenset({"reserve", "book", "make"})
    assert takes_offer("I want to make a reservation there.", verbs)
    assert takes_offer("Can you help me in making a reservation?", verbs)
    assert not takes_offer("I want to make a reservation there.", frozenset())  # a look-up carries nothing out
    assert not takes_offer("I would like to read a book.", verbs)


@pytest.mark.parametrize(("agent", "title"), [
    ("Reviews are good for 1512 Barber Shop, a great salon.", None),  # a number after "for" counts
    ("One of them is 1512 Barber Shop.", "1512 Barber Shop"),
    ("The property is called 1 Hotel Brooklyn Bridge.", "1 Hotel Brooklyn Bridge"),
    ("I found Matt Corby.Is that good?", "Matt Corby"),
])
def test_an_offered_title_is_read_as_the_agent_spells_it(agent, title):
    found = [s[2] for s in titles(agent, loose=True)]
    assert (title in found) if title else not any(v.startswith("1512") for v in found)


def test_a_numbered_run_is_no_title_when_it_is_an_address_or_a_count():
    assert titles("It is located at 3620 Clayton Road.", loose=True) == []
    assert not [s for s in titles("There are 4 Ethiopian restaurants.", loose=True) if s[2][:1].isdigit()]
    assert not [s for s in titles("One of them is 3620 Clayton Road.", loose=True) if s[2][:1].isdigit()]
    assert not titles("One of them is 1512 Barber Shop.")  # a customer's line is read as before


def test_a_kind_and_a_verb_opening_a_sentence_are_not_the_offered_title(diner):
    kind = (OPENING, ("a", "It is a Baseball game at Chop Bar Stadium."), ("c", "Sounds great."))
    assert _diner(diner, *kind) != "Baseball"
    verb = (OPENING, ("a", "Found an apartment in the name Casa Pino. Would you like it?"), ("c", "Sounds great."))
    assert _diner(diner, *verb) != "Found"
    named = (OPENING, ("a", "Sushi Zen is a great place."), ("c", "Sounds great."))
    assert _diner(diner, *named) == "Sushi Zen"


def test_an_ordinal_that_is_called_something_is_no_day():
    assert dates("The first is called Affordable Housing Associates.") == []
    assert [d[2] for d in dates("The first is fine for me.")] == ["The first"]
    assert dates("20Th Salon and Barber is nice.") == []
