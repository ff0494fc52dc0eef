"""The answer contract: every extraction is checked before the decision sees it.

A value that breaks the contract is not collected; its code stays with the case.
`value_only_in_agent_words` is a flag, not a rejection: SGD gold sometimes holds a value
the agent said and the customer accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extraction import FAILED_STATUSES, Extraction
from core.text import fold

UNKNOWN_FACT = "unknown_fact"
VALUE_NOT_ALLOWED = "value_not_allowed"
VALUE_NOT_IN_CONVERSATION = "value_not_in_conversation"
VALUE_ONLY_IN_AGENT_WORDS = "value_only_in_agent_words"
REJECTING = (*FAILED_STATUSES, UNKNOWN_FACT, VALUE_NOT_ALLOWED, VALUE_NOT_IN_CONVERSATION)
FLAGS = (VALUE_ONLY_IN_AGENT_WORDS,)
ALL_CODES = (*REJECTING, *FLAGS)


@dataclass(frozen=True)
class Finding:
    code: str
    fact: str | None = None
    value: str | None = None

    @property
    def rejects(self) -> bool:
        return self.code in REJECTING

    def to_json(self) -> dict:
        return {"code": self.code, "fact": self.fact, "value": self.value}


@dataclass(frozen=True)
class Verdict:
    accepted: dict[str, str]
    findings: tuple[Finding, ...]

    @property
    def codes(self) -> list[str]:
        return [f.code for f in self.findings]


def check_value(
    checklist: Checklist, intent: str, fact: str, value: str, lines: tuple[Line, ...]
) -> tuple[str | None, list[Finding]]:
    """(the value to collect or None, findings) for one reported fact."""
    if fact not in checklist.required(intent):
        return None, [Finding(UNKNOWN_FACT, fact, value)]
    spec = checklist.facts[fact]
    if spec.allowed:
        match = next((a for a in spec.allowed if fold(a) == fold(value)), None)
        if match is None:
            return None, [Finding(VALUE_NOT_ALLOWED, fact, value)]
        return match, []
    needle = fold(value)
    customer = any(needle in fold(ln.text) for ln in lines if ln.speaker != AGENT)
    if customer:
        return value, []
    if any(needle in fold(ln.text) for ln in lines if ln.speaker == AGENT):
        return value, [Finding(VALUE_ONLY_IN_AGENT_WORDS, fact, value)]
    return None, [Finding(VALUE_NOT_IN_CONVERSATION, fact, value)]


def check(checklist: Checklist, intent: str, lines: tuple[Line, ...], extraction: Extraction) -> Verdict:
    if extraction.status in FAILED_STATUSES:
        return Verdict({}, (Finding(extraction.status),))
    accepted: dict[str, str] = {}
    findings: list[Finding] = []
    for fact, value in extraction.collected.items():
        kept, found = check_value(checklist, intent, fact, value, lines)
        findings += found
        if kept is not None:
            accepted[fact] = kept
    return Verdict(accepted, tuple(findings))


def check_mapping(checklist: Checklist, intent: str, lines: tuple[Line, ...], collected: Mapping[str, str]) -> Verdict:
    """The contract over a plain answer (fixtures, gold values)."""
    return check(checklist, intent, lines, Extraction(collected=dict(collected)))
