"""Tricks tuned on set 15, each beside the plain statement it imitates (our own wording, invented schemas);
the tier and the contract are checked alike, so a model that reports the trick's value is refused."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import check_value
from core.extractors.offline import extract_facts
from tests.talking import talk

WIRE = Checklist.from_schema({
    "service_name": "Wire_11",
    "slots": [
        {"name": "payee", "description": "Name of the person receiving the money", "is_categorical": False},
        {"name": "sum", "description": "Amount of money to send", "is_categorical": False},
        {"name": "source", "description": "Account to send from", "is_categorical": True,
         "possible_values": ["checking", "savings"]},
    ],
    "intents": [{"name": "SendMoney", "required_slots": ["payee", "sum", "source"], "is_transactional": True}],
})
FLAT = Checklist.from_schema({
    "service_name": "Flat_11",
    "slots": [
        {"name": "town", "description": "Town of the flat", "is_categorical": False},
        {"name": "rooms", "description": "Number of bed rooms", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "FindFlat", "required_slots": ["town", "rooms"]}],
})
VAN = Checklist.from_schema({
    "service_name": "Van_11",
    "slots": [
        {"name": "van_size", "description": "Size of the van", "is_categorical": True,
         "possible_values": ["Small", "Large"]},
        {"name": "town", "description": "Town to collect the van in", "is_categorical": False},
    ],
    "intents": [{"name": "HireVan", "required_slots": ["van_size", "town"], "is_transactional": True}],
})
TUNES = Checklist.from_schema({
    "service_name": "Tunes_11",
    "slots": [{"name": "track", "description": "Name of the song", "is_categorical": False}],
    "intents": [{"name": "PlayTrack", "required_slots": ["track"], "is_transactional": True}],
})


def read(checklist: Checklist, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    return extract_facts(checklist, next(iter(checklist.intents)), talk(*turns))


def kept(checklist: Checklist, fact: str, value: str, *turns: str | tuple[str, tuple[str, ...]]) -> str | None:
    return check_value(checklist, next(iter(checklist.intents)), fact, value, talk(*turns))[0]


def test_a_request_handed_to_someone_else_by_the_next_sentence_states_nothing() -> None:
    trick = "Send $80 from savings to Ida. That's what my brother did last month; did his arrive?"
    plain = "Send $80 from savings to Ida. Did the last one arrive?"
    assert read(WIRE, trick) == {}
    assert read(WIRE, plain) == {"payee": "Ida", "sum": "$80", "source": "savings"}
    assert kept(WIRE, "payee", "Ida", trick) is None


def test_forgetting_what_was_said_about_a_value_takes_it_back() -> None:
    turns = ("Move money from savings.", ("How much?", ("sum",)), "$80 to Ida. And forget what I said about savings.")
    assert "source" not in read(WIRE, *turns)
    assert kept(WIRE, "source", "savings", *turns) is None
    assert read(WIRE, *turns[:2], "$80 to Ida.")["source"] == "savings"


def test_a_fact_the_customer_is_flexible_on_is_open() -> None:
    trick = "A flat in Hove with 3 bedrooms. Actually the bedrooms I'm flexible on."
    assert "rooms" not in read(FLAT, trick)
    assert read(FLAT, "A flat in Hove with 3 bedrooms.")["rooms"] == "3"
    assert kept(FLAT, "rooms", "3", trick) is None


def test_a_value_then_or_a_hand_over_chooses_nothing() -> None:
    asked = ("Which size of van?", ("van_size",))
    assert "van_size" not in read(VAN, "A van in Hove.", asked, "Large. Or surprise me, whatever you like.")
    assert read(VAN, "A van in Hove.", asked, "Large.")["van_size"] == "Large"


def test_anything_but_that_rules_out_what_the_line_named() -> None:
    trick = "Play Yellow Sky. It's been on repeat all week, so please, anything but that."
    assert read(TUNES, trick) == {}
    assert kept(TUNES, "track", "Yellow Sky", trick) is None
    assert read(TUNES, "Play Yellow Sky.") == {"track": "Yellow Sky"}


def test_the_contract_reads_a_closed_value_then_or_as_the_tier_does() -> None:
    asked = ("Which size of van?", ("van_size",))
    assert kept(VAN, "van_size", "Large", "A van in Hove.", asked, "Large. Or surprise me, whatever you like.") is None
    assert kept(VAN, "van_size", "Large", "A van in Hove.", asked, "Large.") == "Large"


VIEWING = Checklist.from_schema({
    "service_name": "Viewing_11",
    "slots": [
        {"name": "flat", "description": "Name of the flat to view", "is_categorical": False},
        {"name": "view_day", "description": "Date of the viewing", "is_categorical": False},
    ],
    "intents": [{"name": "BookViewing", "required_slots": ["flat", "view_day"], "is_transactional": True}],
})
DAY_OFFER = ("Would March 6th work for the viewing?", ())


def test_a_yes_that_goes_off_to_consult_someone_takes_no_offer() -> None:
    took = talk("A viewing at Oak Court.", DAY_OFFER, "Sounds good!")
    consults = talk("A viewing at Oak Court.", DAY_OFFER,
                    "Sounds good! I mean, maybe, let me check with my partner first and get back to you.")
    assert extract_facts(VIEWING, "BookViewing", took).get("view_day") == "March 6th"
    assert extract_facts(VIEWING, "BookViewing", consults).get("view_day") is None
    assert check_value(VIEWING, "BookViewing", "view_day", "March 6th", consults)[0] is None


CAR_HIRE = Checklist.from_schema({
    "service_name": "CarHire_11",
    "slots": [
        {"name": "hire_town", "description": "City to pick the car up in", "is_categorical": False},
        {"name": "hire_day", "description": "Date to pick the car up", "is_categorical": False},
    ],
    "intents": [{"name": "HireCar", "required_slots": ["hire_town", "hire_day"], "is_transactional": True}],
})


def test_what_a_person_placed_by_a_town_says_is_theirs() -> None:
    plain = talk("A car in Reno on the 4th. My buddy says rentals there are cheap.")
    placed = talk("A car on the 4th. My buddy in San Diego says rentals there are dirt cheap, should I drive down?")
    assert extract_facts(CAR_HIRE, "HireCar", plain)["hire_town"] == "Reno"
    assert extract_facts(CAR_HIRE, "HireCar", placed).get("hire_town") is None
    assert check_value(CAR_HIRE, "HireCar", "hire_town", "San Diego", placed)[0] is None
