"""The small shared types of a conversation: a Line, and a Case (one customer turn with its gold).

Kept apart from the corpus loader (core/corpus.py, which re-exports them) so a module that needs
a Line does not import the SGD reader, the downloader and the custom-intake parser with it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass

from core.text import unhidden

HELD_OUT_SHARE = 0.20
CUSTOMER, AGENT = "customer", "agent"


@dataclass(frozen=True)
class Line:
    """One line of a conversation. `asks` names the facts an agent line requested."""

    speaker: str
    text: str
    asks: tuple[str, ...] = ()


def readable(lines: Iterable[Line]) -> tuple[Line, ...]:
    """The lines as a reader sees them: characters nobody sees are gone, so a zero-width space cannot split
    a "not" or a name (`core.text.unhidden`); the same lines when none holds one."""
    lines = tuple(lines)
    if all(ln.text.isascii() for ln in lines):
        return lines
    return tuple(Line(ln.speaker, unhidden(ln.text), ln.asks) for ln in lines)


@dataclass(frozen=True)
class Case:
    case_id: str
    dialogue_id: str
    service: str
    intent: str
    turn_index: int
    lines: tuple[Line, ...]
    gold: Mapping[str, tuple[str, ...]]
    complete: bool

    @property
    def held_out(self) -> bool:
        return is_held_out(self.dialogue_id)

    @property
    def gold_decision(self) -> str:
        return "stop" if self.complete else "ask"

    def to_json(self) -> dict:
        body = asdict(self)
        body["lines"] = [[ln.speaker, ln.text, list(ln.asks)] for ln in self.lines]
        body["gold"] = {k: list(v) for k, v in self.gold.items()}
        return body

    @classmethod
    def from_json(cls, body: Mapping) -> Case:
        return cls(
            case_id=body["case_id"],
            dialogue_id=body["dialogue_id"],
            service=body["service"],
            intent=body["intent"],
            turn_index=int(body["turn_index"]),
            lines=tuple(Line(s, t, tuple(a)) for s, t, a in body["lines"]),
            gold={k: tuple(v) for k, v in body["gold"].items()},
            complete=bool(body["complete"]),
        )


def rename_case(case: Case, names: Mapping[str, str], service: str) -> Case:
    """The same case under another schema's names (SGD-X variants)."""
    return Case(
        case_id=case.case_id,
        dialogue_id=case.dialogue_id,
        service=service,
        intent=names.get(case.intent, case.intent),
        turn_index=case.turn_index,
        lines=tuple(Line(ln.speaker, ln.text, tuple(names.get(a, a) for a in ln.asks)) for ln in case.lines),
        gold={names.get(k, k): v for k, v in case.gold.items()},
        complete=case.complete,
    )


def is_held_out(dialogue_id: str) -> bool:
    """The held-out split: a fixed 20% of dialogues chosen by hash, never by us."""
    return int(hashlib.sha256(dialogue_id.encode()).hexdigest(), 16) / 2**256 < HELD_OUT_SHARE


def case_set_fingerprint(cases: Iterable[Case]) -> str:
    digest = hashlib.sha256()
    for case in cases:
        digest.update(case.case_id.encode())
        digest.update(json.dumps(case.gold, sort_keys=True).encode())
    return digest.hexdigest()[:16]
