"""The offline tier on small hand-written conversations, and its targets on the real Banks_1 held-out split."""

from __future__ import annotations

import pytest

from core.checklist import Checklist, decide
from core.contract import check
from core.extraction import ExtractionRequest
from core.extractors.offline import OfflineExtractor, extract_facts
from core.grade import grade_case, summarize
from core.turn import take_turn
from tests.talking import talk

WALLET = {
    "service_name": "Wallet_9",
    "description": "Move money between people",
    "slots": [
        {"name": "source_account", "description": "The customer's own account the money leaves",
         "is_categorical": True, "possible_values": ["checking", "savings"]},
        {"name": "payee_account", "description": "Account type of the recipient receiving the money",
         "is_categorical": True, "possible_values": ["checking", "savings"]},
        {"name": "sum_to_send", "description": "How much money to send", "is_categorical": False},
        {"name": "payee", "description": "Name of the person receiving the money", "is_categorical": False},
    ],
    "intents": [
        {"name": "SendMoney", "description": "Send money to someone",
         "required_slots": ["source_account", "sum_to_send", "payee"], "optional_slots": {"payee_account": "checking"}},
        {"name": "ShowBalance", "description": "Show the balance of an account", "required_slots": ["source_account"]},
        {"name": "SendBetween", "description": "Send money into a recipient's chosen account",
         "required_slots": ["source_account", "payee_account"]},
    ],
}
CAB = {
    "service_name": "Cab_7",
    "description": "Order a taxi",
    "slots": [
        {"name": "drop_off", "description": "Where the taxi should go", "is_categorical": False},
        {"name": "pooled", "description": "Whether the ride is pooled with other passengers",
         "is_categorical": True, "possible_values": ["True", "False"]},
        {"name": "party", "description": "Number of passengers", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
        {"name": "pickup_day", "description": "Date of the pickup", "is_categorical": False},
        {"name": "pickup_hour", "description": "Time of the pickup", "is_categorical": False},
    ],
    "intents": [
        {"name": "OrderCab", "description": "Order a taxi", "required_slots": ["drop_off", "pooled", "party"]},
        {"name": "PlanCab", "description": "Plan a taxi for later", "required_slots": ["pickup_day", "pickup_hour"]},
    ],
}


TRIP = {
    "service_name": "Trip_3",
    "description": "Find a train",
    "slots": [
        {"name": "from_town", "description": "Town where the journey starts", "is_categorical": False},
        {"name": "to_town", "description": "Town where the journey ends", "is_categorical": False},
    ],
    "intents": [{"name": "FindTrain", "description": "Find a train", "required_slots": ["from_town", "to_town"]}],
}


@pytest.fixture(scope="module")
def wallet() -> Checklist:
    return Checklist.from_schema(WALLET)


@pytest.fixture(scope="module")
def cab() -> Checklist:
    return Checklist.from_schema(CAB)




@pytest.mark.parametrize("said", [
    "I want to send money. Not savings.",
    "Please send some money, I don't want to touch my savings.",
    "Send some money. If I don't say, assume savings.",
    "Send money, unless you think savings is better.",
])
def test_a_denied_or_supposed_value_is_never_collected(wallet, said):
    assert "source_account" not in extract_facts(wallet, "SendMoney", talk(said))


def test_no_then_the_value_states_it(wallet):
    lines = talk(("Checking or savings?", ("source_account",)), "No, savings please.")
    assert extract_facts(wallet, "SendMoney", lines)["source_account"] == "savings"


def test_a_correction_replaces_the_earlier_value(wallet):
    lines = talk("Send $200 to Amir from my checking.", ("Anything else?", ()), "Actually, make it 500 dollars.")
    assert extract_facts(wallet, "SendMoney", lines)["sum_to_send"] == "500 dollars"
    same_line = talk("Send 200 dollars to Amir, no wait, make it 350 dollars.")
    assert extract_facts(wallet, "SendMoney", same_line)["sum_to_send"] == "350 dollars"


def test_shared_vocabulary_goes_to_its_owner(wallet):
    got = extract_facts(wallet, "SendBetween", talk("Move it from my checking to their savings account."))
    assert got == {"source_account": "checking", "payee_account": "savings"}
    got = extract_facts(wallet, "SendBetween", talk("Put it into the savings account of Amir, use my checking."))
    assert got == {"source_account": "checking", "payee_account": "savings"}
    # Only the recipient's account is named: the customer's own is still missing, so the turn asks.
    only_theirs = extract_facts(wallet, "SendMoney", talk("Send 40 dollars to Maria's savings account."))
    assert "source_account" not in only_theirs
    assert decide(wallet, "SendMoney", only_theirs) == "ask"


def test_a_short_answer_binds_to_what_the_agent_just_asked(wallet):
    lines = talk("I need to send money.", ("Who is it for?", ("payee",)), "Maria.",
                 ("From which account?", ("source_account",)), "Savings.", ("How much?", ("sum_to_send",)), "120")
    assert extract_facts(wallet, "SendMoney", lines) == {"payee": "Maria", "source_account": "savings",
                                                         "sum_to_send": "120"}
    # The same bare word with no question before it names nobody.
    assert "payee" not in extract_facts(wallet, "SendMoney", talk("maria"))


@pytest.mark.parametrize("said, amount", [
    ("Please send $1,630 to Amir.", "$1,630"),
    ("Send 980 bucks to Amir.", "980 bucks"),
    ("Send eight hundred and ten dollars to Amir.", "eight hundred and ten dollars"),
    ("I owe Amir 1,650 dollars, so send it.", "1,650 dollars"),
])
def test_money_is_copied_verbatim(wallet, said, amount):
    got = extract_facts(wallet, "SendMoney", talk(said))
    assert got["sum_to_send"] == amount
    assert got["payee"] == "Amir"


def test_names_are_copied_without_titles_or_possessives(wallet):
    assert extract_facts(wallet, "SendMoney", talk("Send it to Mr. Raghav."))["payee"] == "Raghav"
    assert extract_facts(wallet, "SendMoney", talk("Send it to Abhinav's checking."))["payee"] == "Abhinav"
    assert extract_facts(wallet, "SendMoney", talk("Send it to my friend Grace."))["payee"] == "Grace"
    assert extract_facts(wallet, "SendMoney", talk("Send some money to Aunt Jenny."))["payee"] == "Aunt Jenny"
    assert "payee" not in extract_facts(wallet, "SendMoney", talk("Send some money to my brother."))
    assert "payee" not in extract_facts(wallet, "SendMoney", talk("Send money for next Tuesday."))
    assert "payee" not in extract_facts(wallet, "SendMoney", talk("I'm moving to Palo Alto, send money."))


def test_a_name_in_a_line_about_something_else_is_not_collected(wallet):
    lines = talk("Play Treat You Better by Shawn Mendes.", ("Playing it.", ()), "Now I want to send money.")
    assert "payee" not in extract_facts(wallet, "SendMoney", lines)


def test_values_carry_across_intents_until_a_transaction_is_done(wallet):
    lines = talk("What is the balance of my savings account?", ("Your savings hold $3,000.", ()),
                 "Good. Now send 50 dollars to Amir.")
    assert extract_facts(wallet, "SendMoney", lines)["source_account"] == "savings"
    done = talk("Send 50 dollars to Amir from my savings.", ("Your money transfer was successful.", ()),
                "Now send some money again.")
    assert extract_facts(wallet, "SendMoney", done) == {}


def test_yes_binds_a_boolean_asked_alone_and_counts_need_people(cab):
    lines = talk("Get me a taxi to 406 Dewey Boulevard for 2 people.", ("Is a pooled ride okay?", ("pooled",)),
                 "Yes, that's fine.")
    assert extract_facts(cab, "OrderCab", lines) == {"drop_off": "406 Dewey Boulevard", "party": "2",
                                                     "pooled": "True"}
    # A yes to a question about two things binds neither; a time is not a head count.
    vague = talk("Get me a taxi at 2 pm.", ("Pooled, and to where?", ("pooled", "drop_off")), "Yes please.")
    assert extract_facts(cab, "OrderCab", vague) == {}
    assert extract_facts(cab, "OrderCab", talk("I don't want a pooled ride."))["pooled"] == "False"


def test_consent_in_negative_words_is_a_yes(cab):
    assert extract_facts(cab, "OrderCab", talk("I don't mind a pooled ride."))["pooled"] == "True"
    assert extract_facts(cab, "OrderCab", talk("No problem with pooling."))["pooled"] == "True"


def test_a_yes_accepts_the_value_the_agent_proposed_in_its_question(cab):
    lines = talk("Get me a taxi for 2 people, pooled is fine.",
                 ("Is the drop off address 200 C Street?", ("drop_off",)), "Yes, that's right.")
    assert extract_facts(cab, "OrderCab", lines)["drop_off"] == "200 C Street"
    # A no, or a value of the customer's own, wins over the proposal.
    refused = talk(("Is the drop off address 200 C Street?", ("drop_off",)), "No.")
    assert "drop_off" not in extract_facts(cab, "OrderCab", refused)
    own = talk(("Is the drop off address 200 C Street?", ("drop_off",)), "Take me to 9 Elm Road instead.")
    assert extract_facts(cab, "OrderCab", own)["drop_off"] == "9 Elm Road"


def test_dates_and_times_are_copied_verbatim(cab):
    lines = talk("Plan a taxi for the 12th of March at quarter to 4 in the afternoon.")
    assert extract_facts(cab, "PlanCab", lines) == {"pickup_day": "12th of March",
                                                    "pickup_hour": "quarter to 4 in the afternoon"}


def test_every_value_passes_the_answer_contract(wallet):
    lines = talk("Transfer 1,490 bucks from my checking to Amir.")
    extraction = OfflineExtractor().extract(ExtractionRequest(wallet, "SendMoney", lines))
    verdict = check(wallet, "SendMoney", lines, extraction)
    assert verdict.accepted == extraction.collected and not verdict.findings


def test_banks1_sample_through_the_whole_turn(banks1):
    # The sample split, through the pipeline the product runs (extraction, contract, decision); the
    # held-out split is measured by `python -m evals report`, never gated here.
    grades = []
    for case in banks1.select("sample"):
        result = take_turn(banks1.checklist, case.intent, case.lines, OfflineExtractor())
        grades.append(grade_case(banks1.checklist, case, result.collected, result.decision))
    summary = summarize(grades)
    assert summary["n"] == 1042
    assert summary["decision_accuracy"] >= 0.98
    assert summary["stopped_early"] <= 2  # both are SGD gold missing an account the customer named
    assert summary["wrong"] <= 5


def test_two_facts_of_one_type_are_told_apart_by_direction():
    trip = Checklist.from_schema(TRIP)
    got = extract_facts(trip, "FindTrain", talk("I need a train to Portland from Boston."))
    assert got == {"from_town": "Boston", "to_town": "Portland"}
    # With no direction and both asked, a town could be either: neither is collected.
    both = talk(("Where from and where to?", ("from_town", "to_town")), "Seattle.")
    assert extract_facts(trip, "FindTrain", both) == {}
    one = talk(("Where are you leaving from?", ("from_town",)), "Seattle.")
    assert extract_facts(trip, "FindTrain", one) == {"from_town": "Seattle"}
