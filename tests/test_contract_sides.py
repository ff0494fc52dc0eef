"""A vocabulary word the schema keeps on both sides (the customer's account and the recipient's) is the side its words
give it: each beside the plain statement it imitates (our own wording, an invented schema)."""

from __future__ import annotations

from core.checklist import Checklist
from core.extractors.offline.profile import profile
from tests.talking import kept, talk

VAULT = Checklist.from_schema({
    "service_name": "Vault_9",
    "slots": [
        {"name": "vault_kind", "description": "Kind of vault the gold leaves", "is_categorical": True,
         "possible_values": ["gold", "silver"]},
        {"name": "recipient_vault_kind", "description": "Kind of vault of the recipient", "is_categorical": True,
         "possible_values": ["gold", "silver"]},
        {"name": "recipient", "description": "Name of the recipient", "is_categorical": False},
    ],
    "intents": [{"name": "MoveCoins", "required_slots": ["vault_kind", "recipient"],
                 "optional_slots": {"recipient_vault_kind": "silver"}, "is_transactional": True}],
})


def sides(text: str) -> tuple[bool, bool]:
    """(kept as the customer's vault, kept as the recipient's)."""
    lines = talk(text)
    return (kept(VAULT, "MoveCoins", lines, "vault_kind", "silver"),
            kept(VAULT, "MoveCoins", lines, "recipient_vault_kind", "silver"))


def test_the_schema_keeps_the_word_on_both_sides() -> None:
    facts = profile(VAULT).facts
    assert not facts["vault_kind"].other_party and facts["recipient_vault_kind"].other_party


def test_a_word_owned_by_someone_else_or_gone_to_is_the_other_side() -> None:
    assert sides("Move the coins to their silver vault, for Ada.") == (False, True)
    assert sides("Move the coins into Ada's silver vault.") == (False, True)
    # the plain statements: where the coins come from is the customer's
    assert sides("Move the coins from my silver vault to Ada.") == (True, False)
    assert sides("Move the coins from silver to gold for Ada.") == (True, False)
    assert sides("Move the coins out of my silver vault into their gold one, for Ada.") == (True, False)


def test_a_word_no_side_is_given_to_stands_for_either() -> None:
    assert sides("Silver, for Ada.") == (True, True)


def test_the_latest_word_given_to_the_other_side_outweighs_an_earlier_mention() -> None:
    lines = talk("How much is in my silver vault?", "Now move the coins to their silver vault, for Ada.")
    assert not kept(VAULT, "MoveCoins", lines, "vault_kind", "silver")
    # the plain statement: the customer's own side said with "from", before or after
    lines = talk("Take the coins from silver.", "Now move them to their silver vault, for Ada.")
    assert kept(VAULT, "MoveCoins", lines, "vault_kind", "silver")


def test_the_other_sides_word_said_to_earlier_stands_after_the_customers_from() -> None:
    lines = talk("Move the coins to a silver vault.", "Send them to Ada from my silver vault.")
    assert kept(VAULT, "MoveCoins", lines, "recipient_vault_kind", "silver")
    assert kept(VAULT, "MoveCoins", lines, "vault_kind", "silver")
