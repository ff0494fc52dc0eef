"""The turn reads the intent from the schema and the conversation: evidence that sets an intent
apart, a clear margin before it is settled, and each trick beside the plain statement it imitates."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.corpus import AGENT, CUSTOMER, Line
from core.extraction import Extraction
from core.extractors.offline import OfflineExtractor
from core.intent import candidates_question, read_intent, terms
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
