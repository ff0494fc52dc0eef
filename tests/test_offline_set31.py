"""Shapes first seen after held-out set 29, each beside the plain statement it imitates (our own wording, an invented
schema): a real model's payee that is an order to the system or leaves the choice to someone else, and the code a
value outside its vocabulary or of another kind gets where the line also takes it back."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import check_mapping
from tests.talking import talk

COURIERS = Checklist.from_schema({
    "service_name": "Couriers_3",
    "slots": [
        {"name": "parcel_size", "description": "Size of the parcel", "is_categorical": True,
         "possible_values": ["Small", "Medium", "Large"]},
        {"name": "pickup_address", "description": "Address to collect the parcel from", "is_categorical": False},
        {"name": "addressee", "description": "Name of the person to deliver the parcel to", "is_categorical": False},
        {"name": "fee", "description": "Amount to pay for the delivery", "is_categorical": False},
        {"name": "receiver", "description": "Name of the contact or account to pay the fee to",
         "is_categorical": False},
        {"name": "film", "description": "Title of the film to watch while waiting", "is_categorical": False},
    ],
    "intents": [
        {"name": "SendParcel", "required_slots": ["parcel_size", "pickup_address", "addressee"],
         "is_transactional": True},
        {"name": "PayFee", "required_slots": ["fee", "receiver"], "is_transactional": True},
        {"name": "WatchFilm", "required_slots": ["film"], "is_transactional": True},
    ],
})


def codes(intent: str, answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]) -> list[str]:
    return check_mapping(COURIERS, intent, talk(*turns), answer).codes


def test_an_order_to_the_system_or_a_free_choice_names_no_one() -> None:
    who = ("Who do we pay the fee to?", ("receiver",))
    line = "Just use the name on file, whatever it is, and pay $12."
    assert codes("PayFee", {"fee": "$12", "receiver": "Just use the name on file, whatever it is"},
                 "I'd like to pay a fee.", who, line) == ["value_wrong_kind"]
    assert codes("PayFee", {"fee": "$12", "receiver": "Just use the name on file"},
                 "I'd like to pay a fee.", who, line) == ["value_wrong_kind"]
    assert codes("PayFee", {"fee": "$12", "receiver": "whoever is cheapest"},
                 "I'd like to pay a fee.", who, "Pay $12 to whoever is cheapest.") == ["value_wrong_kind"]
    parcel = ("Who is it for?", ("addressee",))
    assert codes("SendParcel", {"addressee": "Just use the name on file"}, "Send a small parcel from 4 Elm Row.",
                 parcel, "Just use the name on file.") == ["value_wrong_kind"]
    # the plain statements: a firm named, and a title in capitals that opens with a verb or holds "whatever"
    assert codes("PayFee", {"fee": "$12", "receiver": "Swift Parcel"},
                 "I'd like to pay a fee.", who, "Just use Swift Parcel and pay $12.") == []
    which = ("Which film?", ("film",))
    assert codes("WatchFilm", {"film": "Take Me Home Tonight"}, "Put a film on.", which,
                 "Take Me Home Tonight.") == []
    assert codes("WatchFilm", {"film": "Whatever It Takes"}, "Put a film on.", which, "Whatever It Takes.") == []


def test_what_a_value_is_is_named_before_what_the_conversation_says_of_it() -> None:
    # outside the vocabulary, or of another kind than the fact, whatever the line then says of it
    assert codes("SendParcel", {"parcel_size": "Huge"},
                 "Send a huge parcel. Actually, forget the size for now.") == ["value_not_allowed"]
    assert codes("SendParcel", {"pickup_address": "tomorrow"},
                 "Collect it tomorrow. Not sure of the address yet, forget where for now.") == ["value_wrong_kind"]
    # the plain statements: a value of the vocabulary and of the fact's kind, taken back, is not stated
    assert codes("SendParcel", {"parcel_size": "Large"},
                 "Send a large parcel. Actually, forget the size for now.") == ["value_not_stated"]
    assert codes("SendParcel", {"pickup_address": "4 Elm Row"},
                 "Collect it at 4 Elm Row. Actually, forget the address for now.") == ["value_not_stated"]
