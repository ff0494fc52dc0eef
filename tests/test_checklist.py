"""The checklist read from a schema, and the stop rule as a set difference."""

import pytest

from core.checklist import Checklist, decide

SCHEMA = {
    "service_name": "Loans_1",
    "description": "Apply for a loan",
    "slots": [
        {"name": "amount", "description": "The amount to borrow", "is_categorical": False, "possible_values": []},
        {"name": "term", "description": "Loan term", "is_categorical": True, "possible_values": ["12", "24"]},
        {"name": "purpose", "description": "What the loan is for", "is_categorical": False, "possible_values": []},
    ],
    "intents": [
        {"name": "Apply", "description": "Apply for a loan", "required_slots": ["amount", "term"],
         "optional_slots": {"purpose": "other"}},
        {"name": "Browse", "description": "Look around", "required_slots": []},
    ],
}


def test_reads_facts_intents_and_vocabularies():
    checklist = Checklist.from_schema(SCHEMA)
    assert checklist.required("Apply") == ("amount", "term")
    assert checklist.facts["term"].allowed == ("12", "24")
    assert checklist.facts["amount"].allowed == ()
    assert checklist.intent("Apply").optional == ("purpose",)


def test_stop_only_when_nothing_required_is_missing():
    checklist = Checklist.from_schema(SCHEMA)
    assert checklist.missing("Apply", {}) == ["amount", "term"]
    assert checklist.missing("Apply", {"amount": "$500"}) == ["term"]
    assert decide(checklist, "Apply", {"amount": "$500"}) == "ask"
    assert decide(checklist, "Apply", {"amount": "$500", "term": "12"}) == "stop"
    # An optional or unknown fact never completes a checklist, and an empty value is not a value.
    assert decide(checklist, "Apply", {"amount": "$500", "purpose": "car", "colour": "red"}) == "ask"
    assert decide(checklist, "Apply", {"amount": "", "term": "12"}) == "ask"
    # An intent that requires nothing is complete at once.
    assert decide(checklist, "Browse", {}) == "stop"


def test_unknown_intent_and_bad_schema_are_clear_errors():
    checklist = Checklist.from_schema(SCHEMA)
    with pytest.raises(KeyError, match="no intent 'Nope'"):
        checklist.missing("Nope", {})
    broken = {**SCHEMA, "intents": [{"name": "X", "required_slots": ["ghost"]}]}
    with pytest.raises(ValueError, match="unknown facts"):
        Checklist.from_schema(broken)
    with pytest.raises(ValueError, match="SGD service shape"):
        Checklist.from_schema({"service_name": "Y"})


def test_fingerprint_changes_with_what_complete_means():
    base = Checklist.from_schema(SCHEMA)
    reworded = Checklist.from_schema({**SCHEMA, "slots": [{**SCHEMA["slots"][0], "description": "Sum"},
                                                          *SCHEMA["slots"][1:]]})
    assert base.fingerprint() == Checklist.from_schema(SCHEMA).fingerprint()
    assert base.fingerprint() != reworded.fingerprint()
