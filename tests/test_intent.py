"""The turn reads the intent from the schema and the conversation: evidence that sets an intent
apart, a clear margin before it is settled, and each trick beside the plain statement it imitates."""

from __future__ import annotations

import copy

import pytest

from core.checklist import Checklist
from core.corpus import AGENT, CUSTOMER, Line
from core.extraction import Extraction
from core.extractors.offline import OfflineExtractor
from core.intent import candidates_question, covers, read_intent, terms
from core.turn import take_turn

# A service nobody tuned on, in the SGD schema shape.
SCHEMA = {
    "service_name": "Library_9",
    "slots": [
        {"name": "title", "description": "Title of the book", "is_categorical": False},
        {"name": "branch", "description": "Library branch", "is_categorical": True,
         "possible_values": ["Central", "Riverside"]},
        {"name": "pickup_date", "description": "Date to collect the book", "is_categorical": False},
    ],
    "intents": [
        {"name": "SearchCatalogue", "description": "Search the catalogue for a book at a branch",
         "required_slots": ["title", "branch"]},
        {"name": "ReserveBook", "description": "Reserve a book for pickup at a branch",
         "required_slots": ["title", "branch", "pickup_date"]},
    ],
}
LIBRARY = Checklist.from_schema(SCHEMA)


def customer(*texts: str) -> tuple[Line, ...]:
    return tuple(Line(CUSTOMER, t) for t in texts)


@pytest.mark.parametrize(("text", "intent"), [
    ("Can you search the catalogue for Dune?", "SearchCatalogue"),
    ("I'd like to reserve Dune please", "ReserveBook"),
    ("Make a reservation for Dune", "ReserveBook"),  # another form of the intent's own word
])
def test_the_intents_own_words_settle_it(text, intent):
    reading = read_intent(LIBRARY, customer(text))
    assert (reading.intent, reading.settled) == (intent, True)
    assert reading.candidates[0][0] == intent


@pytest.mark.parametrize("text", ["Hello there", "I need some help with a book", "Riverside please"])
def test_words_every_intent_shares_settle_nothing(text):
    assert not read_intent(LIBRARY, customer(text)).settled


def test_a_vocabulary_word_is_a_fact_not_an_intent():
    bank = Checklist.from_schema({
        "service_name": "Bank_9",
        "slots": [{"name": "account_type", "description": "Account", "is_categorical": True,
                   "possible_values": ["checking", "savings"]},
                  {"name": "amount", "description": "Amount to send"}],
        "intents": [{"name": "CheckBalance", "description": "Check an account balance",
                     "required_slots": ["account_type"]},
                    {"name": "SendMoney", "description": "Send money", "required_slots": ["account_type", "amount"]}],
    })
    assert "check" not in terms("from my checking account", frozenset({"checking", "savings"}))
    plain = read_intent(bank, customer("I want to check my balance"))
    trick = read_intent(bank, customer("from my checking account"))
    assert plain.intent == "CheckBalance" and plain.settled
    assert not trick.settled


def test_the_latest_request_moves_the_reading_and_a_finished_task_starts_afresh():
    lines = (*customer("Search the catalogue for Dune"), Line(AGENT, "Dune is at Central."),
             *customer("Great, now reserve it for Friday"))
    assert read_intent(LIBRARY, lines).intent == "ReserveBook"
    done = (*customer("Reserve Dune at Central for Friday"), Line(AGENT, "Your reservation is confirmed."),
            *customer("Thanks. Is Emma in the catalogue?"))
    assert read_intent(LIBRARY, done).intent == "SearchCatalogue"


def test_an_accepted_offer_counts_as_the_customers_words():
    offered = (*customer("Is Dune at Central?"), Line(AGENT, "It is. Would you like to reserve it?"),
               *customer("Yes please"))
    refused = (*customer("Is Dune at Central?"), Line(AGENT, "It is. Would you like to reserve it?"),
               *customer("No thanks"))
    assert read_intent(LIBRARY, offered).intent == "ReserveBook"
    assert read_intent(LIBRARY, refused).intent != "ReserveBook" or not read_intent(LIBRARY, refused).settled


def test_a_yes_after_asking_about_an_offer_takes_the_offer_not_the_answer_about_it():
    # the agent's answer to "Is it in the catalogue?" names searching; the customer's "Okay, reserve it" takes
    # the book the agent offered before, and its own words ask to reserve
    lines = (*customer("I want Dune."), Line(AGENT, "How about Dune at Riverside? It is a great copy."),
             *customer("Is it listed in the catalogue search?"),
             Line(AGENT, "It is listed in the catalogue search of every branch."),
             *customer("Okay, reserve it for pickup."))
    assert read_intent(LIBRARY, lines).intent == "ReserveBook"


def test_an_unsettled_intent_never_stops_and_asks_naming_the_candidates():
    # Fills SearchCatalogue's checklist, names no intent.
    lines = (*customer("I need a book"), Line(AGENT, "Which title?", ("title",)),
             *customer("Dune, at the Central branch."))
    result = take_turn(LIBRARY, None, lines, OfflineExtractor())
    assert result.decision == "ask" and not result.intent_settled
    assert result.next_question == candidates_question(LIBRARY, result.reading)
    assert "search the catalogue" in result.next_question and "reserve a book" in result.next_question
    given = take_turn(LIBRARY, "SearchCatalogue", lines, OfflineExtractor())
    assert given.decision == "stop"  # the same words stop once the intent is given


class _Names:
    """A model tier that reports every fact and names an intent of its choosing."""

    tier, kind = "names", "simulated"

    def __init__(self, intent: str) -> None:
        self.intent = intent

    def extract(self, request):
        return Extraction(collected={"title": "Dune", "branch": "Central"}, intent=self.intent)


@pytest.mark.parametrize(("named", "code"), [("ReserveBook", "intent_disagrees"), ("OrderPizza", "unknown_intent")])
def test_a_model_that_names_another_intent_cannot_stop(named, code):
    lines = customer("Search the catalogue for Dune at Central")
    result = take_turn(LIBRARY, None, lines, _Names(named))
    assert result.decision == "ask" and code in result.codes
    agrees = take_turn(LIBRARY, None, lines, _Names("SearchCatalogue"))
    assert agrees.decision == "stop" and agrees.codes == []


def test_a_model_alone_never_settles_an_intent():
    lines = customer("Dune at Central please")
    assert take_turn(LIBRARY, None, lines, _Names("SearchCatalogue")).decision == "ask"


def test_one_intent_is_settled_by_definition():
    single = Checklist.from_schema({**SCHEMA, "intents": SCHEMA["intents"][:1]})
    assert read_intent(single, customer("hi")).settled


def test_a_checklist_already_complete_before_this_line_does_not_stop_again():
    done = (*customer("Search the catalogue for a book"), Line(AGENT, "Which title?", ("title",)),
            *customer("Dune, at the Central branch."), Line(AGENT, "Dune is on the shelf at Central."),
            *customer("Great, I'd like that one for Friday."))
    again = take_turn(LIBRARY, None, done, OfflineExtractor())
    assert again.decision == "ask"  # the search ended a line ago; this line is another task
    first = take_turn(LIBRARY, None, done[:3], OfflineExtractor())
    assert (first.decision, first.intent) == ("stop", "SearchCatalogue")  # the line that completes it stops


def test_a_checklist_filled_before_the_intent_was_clear_may_stop_once_it_is_named():
    unclear = (*customer("I need a book"), Line(AGENT, "Which title?", ("title",)),
               *customer("Dune, at the Central branch."))
    assert take_turn(LIBRARY, None, unclear, OfflineExtractor()).decision == "ask"  # no intent named yet
    named = (*unclear, Line(AGENT, "Would you like to search the catalogue or reserve a book?"),
             *customer("Search the catalogue please"))
    result = take_turn(LIBRARY, None, named, OfflineExtractor())
    assert (result.intent, result.decision) == ("SearchCatalogue", "stop")


def test_request_words_inside_an_answer_weigh_little_unless_the_answer_redirects():
    asked = (*customer("I'd like to reserve Dune"), Line(AGENT, "Which branch?", ("branch",)))
    plain = read_intent(LIBRARY, customer("Search at Riverside please."))
    assert (plain.intent, plain.settled) == ("SearchCatalogue", True)  # the same words as a request
    answer = read_intent(LIBRARY, (*asked, *customer("Search at Riverside please.")))
    assert not (answer.intent == "SearchCatalogue" and answer.settled)  # an answer naming a place, not a new task
    redirect = read_intent(LIBRARY, (*asked, *customer("No, search the catalogue at Riverside instead.")))
    assert (redirect.intent, redirect.settled) == ("SearchCatalogue", True)
    unasked = read_intent(LIBRARY, (*asked[:1], Line(AGENT, "Which branch?"), *customer("Search at Riverside please.")))
    assert unasked.intent == "SearchCatalogue"  # a line the product did not record as a question is read in full


def test_an_answer_to_a_question_only_some_intents_ask_is_evidence_for_them():
    only_reserve = (*customer("I need Dune"), Line(AGENT, "When will you collect it?", ("pickup_date",)),
                    *customer("Friday"))
    shared = (*customer("I need Dune"), Line(AGENT, "Which branch?", ("branch",)), *customer("Riverside"))
    assert read_intent(LIBRARY, only_reserve).intent == "ReserveBook"
    assert not read_intent(LIBRARY, shared).settled  # every intent needs a branch: nothing decided


def _slot(name: str, description: str, values: tuple[str, ...] = ()) -> dict:
    return {"name": name, "description": description, "is_categorical": bool(values), "possible_values": list(values)}


TRAINS = {
    "service_name": "Trains_9",
    "slots": [_slot("origin", "Station the train leaves from"), _slot("destination", "Station the train goes to"),
              _slot("date", "Date of the outbound journey"), _slot("return_date", "Date of the return journey"),
              _slot("coach", "Coach class", ("First", "Standard"))],
    "intents": [
        {"name": "FindSingle", "description": "Find one-way trains", "is_transactional": False,
         "required_slots": ["origin", "destination", "date"], "optional_slots": {"coach": "dontcare"}},
        {"name": "FindReturn", "description": "Find return trains", "is_transactional": False,
         "required_slots": ["origin", "destination", "date", "return_date"], "optional_slots": {"coach": "dontcare"}},
        {"name": "BuyReturn", "description": "Buy return train tickets", "is_transactional": True,
         "required_slots": ["origin", "destination", "date", "return_date", "coach"]},
    ],
}


def _trains(**changes) -> Checklist:
    schema = copy.deepcopy(TRAINS)
    for intent in schema["intents"]:
        intent.update(changes.get(intent["name"], {}))
    return Checklist.from_schema(schema)


def test_a_fact_a_search_takes_as_a_filter_does_not_read_as_a_booking():
    text = customer("Find trains from Leeds to York leaving May 3 in First class")
    filtered = read_intent(_trains(), text)
    assert filtered.intent != "BuyReturn" and filtered.candidates[-1][0] == "BuyReturn"
    # The plain case it imitates: only the booking uses the class, so stating it points there.
    only_booking = _trains(FindSingle={"optional_slots": {}}, FindReturn={"optional_slots": {}})
    assert read_intent(only_booking, text).intent == "BuyReturn"


def test_a_close_intent_needing_fewer_facts_does_not_block_a_search_but_does_block_a_booking():
    looks = _trains(BuyReturn={"is_transactional": False})
    assert _trains().intent("BuyReturn").transactional and not looks.intent("FindReturn").transactional
    assert covers(looks, "FindReturn", "FindSingle")  # more facts, commits nothing more
    assert not covers(looks, "FindSingle", "FindReturn")  # fewer facts: a stop may leave the other short
    assert not covers(_trains(), "BuyReturn", "FindReturn")  # a booking over a search commits more
    assert not covers(looks, "FindReturn", "FindReturn")
    two = {k: TRAINS[k] for k in ("service_name", "slots")}
    single, back = copy.deepcopy(TRAINS["intents"][:2])
    lookup = Checklist.from_schema({**two, "intents": [single, back]})
    booking = Checklist.from_schema({**two, "intents": [single, {**back, "is_transactional": True}]})
    lines = (*customer("Find me one-way trains from Leeds to York"), Line(AGENT, "Which date?", ("date",)),
             *customer("Actually a return please, back on May 9"))
    search, book = read_intent(lookup, lines), read_intent(booking, lines)
    assert search.candidates[1][1] * 2 > search.candidates[0][1]  # the one-way search is still close
    assert (search.intent, search.settled) == ("FindReturn", True)
    assert (book.intent, book.settled) == ("FindReturn", False)  # the same words, but it would commit


def test_an_agent_asks_for_what_its_checklist_requires_a_customer_volunteers_filters():
    trip = customer("Trains from Leeds to York on May 3, back May 9")
    asked = read_intent(_trains(), (*trip, Line(AGENT, "Which class?", ("coach",)), *customer("First")))
    assert (asked.intent, asked.settled) == ("BuyReturn", True)  # only the booking requires a class
    volunteered = read_intent(_trains(), (*trip, Line(AGENT, "Anything else?"), *customer("First class")))
    assert not (volunteered.intent == "BuyReturn" and volunteered.settled)  # a search takes it as a filter


CINEMA = Checklist.from_schema({
    "service_name": "Cinema_9",
    "slots": [
        {"name": "city", "description": "City where the cinema is", "is_categorical": False},
        {"name": "film", "description": "Name of the film", "is_categorical": False},
        {"name": "genre", "description": "Genre of the film", "is_categorical": True,
         "possible_values": ["Comedy", "Drama"]},
        {"name": "show_date", "description": "Date of the show", "is_categorical": False},
    ],
    "intents": [
        {"name": "FindFilms", "description": "Find films playing in a city", "required_slots": ["city"],
         "optional_slots": {"genre": "dontcare"}},
        {"name": "GetShowtimes", "description": "Get the times a film shows",
         "required_slots": ["film", "city", "show_date"]},
    ],
})


def test_a_fact_the_likeliest_intent_has_no_place_for_keeps_the_intent_open():
    # plain: a search with its one requirement settles the search
    plain = read_intent(CINEMA, customer("Find films playing in Oakland"))
    assert (plain.intent, plain.settled) == ("FindFilms", True)
    # trick: the same search words with a date a search never takes, which show times need
    dated = read_intent(CINEMA, customer("Find films playing in Oakland on March 3rd"))
    assert dated.intent == "FindFilms" and not dated.settled
    turn = take_turn(CINEMA, None, customer("Find films playing in Oakland on March 3rd"), OfflineExtractor())
    assert turn.decision == "ask"
    # a fact the search does take (its genre) keeps the search settled
    assert read_intent(CINEMA, customer("Find comedy films playing in Oakland")).settled
