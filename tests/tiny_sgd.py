"""A tiny SGD-layout folder written by the tests themselves (never SGD data): a few services, a few
dialogues each, in train, dev and test splits, with SGD-X variant schemas.

- `Loans_1`: train (two shards) and dev; an amount and a term (closed: 12 or 24 months).
- `Rides_1`: train; a destination and a number of riders, sharing one dialogue with Loans_1.
- `Pets_1`: dev only (a schema seen in no train dialogue); a pet's name.
- `Parcels_1`: test only, with no SGD-X variant.
"""

from __future__ import annotations

import json
from pathlib import Path


def _slot(name: str, description: str, values: tuple[str, ...] = ()) -> dict:
    return {"name": name, "description": description, "is_categorical": bool(values),
            "possible_values": list(values)}


def _intent(name: str, description: str, required: list[str]) -> dict:
    return {"name": name, "description": description, "is_transactional": True, "required_slots": required,
            "optional_slots": {}, "result_slots": required}


LOANS = {"service_name": "Loans_1", "description": "Apply for a personal loan",
         "slots": [_slot("amount", "Amount of money to borrow"),
                   _slot("term", "Length of the loan in months", ("12", "24"))],
         "intents": [_intent("ApplyLoan", "Apply for a new loan", ["amount", "term"])]}
RIDES = {"service_name": "Rides_1", "description": "Book a taxi ride",
         "slots": [_slot("destination", "Address of the place to go to"),
                   _slot("riders", "Number of people riding", ("1", "2", "3", "4"))],
         "intents": [_intent("BookRide", "Book a ride to a place", ["destination", "riders"])]}
PETS = {"service_name": "Pets_1", "description": "Register a pet with the clinic",
        "slots": [_slot("pet_name", "Name the pet answers to")],
        "intents": [_intent("RegisterPet", "Register a new pet", ["pet_name"])]}
PARCELS = {"service_name": "Parcels_1", "description": "Send a parcel",
           "slots": [_slot("weight", "Weight of the parcel in kilograms")],
           "intents": [_intent("SendParcel", "Send a parcel abroad", ["weight"])]}


def _user(text: str, service: str, intent: str, values: dict[str, list[str]]) -> dict:
    state = {"active_intent": intent, "slot_values": values, "requested_slots": []}
    return {"speaker": "USER", "utterance": text, "frames": [{"service": service, "state": state, "actions": []}]}


def _agent(text: str, service: str, asks: list[str]) -> dict:
    actions = [{"act": "REQUEST", "slot": slot, "values": []} for slot in asks]
    return {"speaker": "SYSTEM", "utterance": text, "frames": [{"service": service, "actions": actions}]}


def loan_dialogue(dialogue_id: str, amount: str, term: str) -> dict:
    return {"dialogue_id": dialogue_id, "services": ["Loans_1"], "turns": [
        _user(f"I would like to borrow {amount}.", "Loans_1", "ApplyLoan", {"amount": [amount]}),
        _agent("Over 12 or 24 months?", "Loans_1", ["term"]),
        _user(f"{term} months please.", "Loans_1", "ApplyLoan", {"amount": [amount], "term": [term]}),
    ]}


def ride_and_loan_dialogue(dialogue_id: str) -> dict:
    return {"dialogue_id": dialogue_id, "services": ["Rides_1", "Loans_1"], "turns": [
        _user("I need a taxi to 5 Main Street.", "Rides_1", "BookRide", {"destination": ["5 Main Street"]}),
        _agent("How many people are riding?", "Rides_1", ["riders"]),
        _user("2 of us.", "Rides_1", "BookRide", {"destination": ["5 Main Street"], "riders": ["2"]}),
        _agent("Booked. Anything else?", "Rides_1", []),
        _user("Yes, I want to borrow $300 over 12 months.", "Loans_1", "ApplyLoan",
              {"amount": ["$300"], "term": ["12"]}),
    ]}


def pet_dialogue(dialogue_id: str, name: str) -> dict:
    return {"dialogue_id": dialogue_id, "services": ["Pets_1"], "turns": [
        _user("I want to register my dog.", "Pets_1", "RegisterPet", {}),
        _agent("What is your pet's name?", "Pets_1", ["pet_name"]),
        _user(f"{name}.", "Pets_1", "RegisterPet", {"pet_name": [name]}),
    ]}


def parcel_dialogue(dialogue_id: str) -> dict:
    return {"dialogue_id": dialogue_id, "services": ["Parcels_1"], "turns": [
        _user("I want to send a parcel of 3 kilograms.", "Parcels_1", "SendParcel", {"weight": ["3 kilograms"]}),
    ]}


def _reworded(entry: dict, variant: int) -> dict:
    """An SGD-X-like variant: every name and description reworded, in the same order."""
    def name(n: str) -> str:
        return f"{n}_v{variant}"

    return {"service_name": name(entry["service_name"]), "description": f"{entry['description']} (variant {variant})",
            "slots": [{**s, "name": name(s["name"]), "description": f"The {s['description'].lower()}"}
                      for s in entry["slots"]],
            "intents": [{**i, "name": name(i["name"]), "required_slots": [name(r) for r in i["required_slots"]],
                         "result_slots": [name(r) for r in i["result_slots"]]} for i in entry["intents"]]}


def write_json(path: Path, body: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(body, indent=1), encoding="utf-8")


def write_tiny_sgd(root: Path) -> Path:
    """Write the folder under `root` and return it."""
    schemas = {"train": [LOANS, RIDES], "dev": [LOANS, PETS], "test": [PARCELS]}
    shards = {
        "train": {"dialogues_001.json": [loan_dialogue("1_00000", "$500", "12"),
                                         loan_dialogue("1_00001", "$2,000", "24")],
                  "dialogues_002.json": [ride_and_loan_dialogue("2_00000"), loan_dialogue("2_00001", "$800", "24")]},
        "dev": {"dialogues_001.json": [loan_dialogue("1_00100", "$900", "12"), pet_dialogue("1_00101", "Rex")],
                "dialogues_002.json": [pet_dialogue("2_00100", "Bella")]},
        "test": {"dialogues_001.json": [parcel_dialogue("1_00200")]},
    }
    for split, entries in schemas.items():
        write_json(root / split / "schema.json", entries)
        for name, dialogues in shards[split].items():
            write_json(root / split / name, dialogues)
        if split == "test":
            continue  # a split with no SGD-X variant
        for variant in range(1, 6):
            write_json(root / "sgd_x" / f"v{variant}" / split / "schema.json", [_reworded(e, variant) for e in entries])
    return root
