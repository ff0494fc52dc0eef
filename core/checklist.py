"""The checklist: intents, their required facts, and the stop rule.

`missing()` is the whole stop decision: a set difference between what an intent
requires and what was collected. Nothing else in the product can stop a conversation.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from core.errors import NotFound, UsageError


@dataclass(frozen=True)
class Fact:
    """One fact a record must hold. `allowed` is empty for free-text facts."""

    name: str
    description: str
    allowed: tuple[str, ...] = ()

    @property
    def is_closed(self) -> bool:
        return bool(self.allowed)


@dataclass(frozen=True)
class Intent:
    name: str
    description: str
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()
    transactional: bool = False  # carrying it out changes something (a booking, a payment), not a look-up
    # What carrying it out returns (SGD's `result_slots`): a look-up's results are things it finds and the
    # agent offers by name (a restaurant, a dentist), whatever words describe them.
    results: tuple[str, ...] = ()


@dataclass(frozen=True)
class Checklist:
    """The facts and intents of one service, read from a schema."""

    service: str
    description: str
    facts: Mapping[str, Fact]
    intents: Mapping[str, Intent]
    aliases: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_schema(cls, service: Mapping) -> Checklist:
        """Build from one SGD `schema.json` service entry (or the same shape of a user's own)."""
        try:
            facts = {
                s["name"]: Fact(
                    name=s["name"],
                    description=s.get("description", "").strip(),
                    allowed=tuple(s.get("possible_values") or ()) if s.get("is_categorical") else (),
                )
                for s in service["slots"]
            }
            intents = {
                i["name"]: Intent(
                    name=i["name"],
                    description=i.get("description", "").strip(),
                    required=tuple(i.get("required_slots") or ()),
                    optional=tuple((i.get("optional_slots") or {}).keys()),
                    transactional=bool(i.get("is_transactional", False)),
                    results=tuple(i.get("result_slots") or ()),
                )
                for i in service["intents"]
            }
            name = service["service_name"]
        except (KeyError, TypeError) as exc:
            raise UsageError(f"schema entry is not in the SGD service shape: missing {exc}") from exc
        for intent in intents.values():
            unknown = [r for r in intent.required if r not in facts]
            if unknown:
                raise UsageError(f"intent {intent.name} requires unknown facts {unknown}")
        return cls(service=name, description=service.get("description", ""), facts=facts, intents=intents)

    def intent(self, name: str) -> Intent:
        try:
            return self.intents[name]
        except KeyError:
            raise NotFound(f"{self.service} has no intent {name!r}; known: {sorted(self.intents)}") from None

    def required(self, intent: str) -> tuple[str, ...]:
        return self.intent(intent).required

    def required_facts(self, intent: str) -> list[Fact]:
        return [self.facts[name] for name in self.required(intent)]

    def missing(self, intent: str, collected: Mapping[str, object] | Iterable[str]) -> list[str]:
        """Required facts not yet collected, in checklist order. Empty means stop."""
        have = {k for k in collected if (collected[k] if isinstance(collected, Mapping) else True)}
        return [name for name in self.required(intent) if name not in have]

    def fingerprint(self) -> str:
        """Stable hash of everything that changes what 'complete' means."""
        body = {
            "service": self.service,
            "facts": {f.name: [f.description, list(f.allowed)] for f in self.facts.values()},
            "intents": {i.name: [i.description, list(i.required)] for i in self.intents.values()},
        }
        return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def decide(checklist: Checklist, intent: str, collected: Mapping[str, object]) -> str:
    """`stop` exactly when nothing required is missing; otherwise `ask`."""
    return "ask" if checklist.missing(intent, collected) else "stop"
