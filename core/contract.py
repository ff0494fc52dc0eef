"""The answer contract: every extraction is checked before the decision sees it.

A value that breaks the contract is not collected; its code stays with the case.
`value_only_in_agent_words` is a flag, not a rejection: SGD gold sometimes holds a value
the agent said and the customer accepted. A free-text value is "in the conversation" when
its `skeleton` occurs in a line without cutting a word ("Mar" is not in "Maria"), and it is
collected as that line spells it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extraction import (
    CUT_AT_CEILING,
    EMPTY_REPLY,
    FAILED_STATUSES,
    PROVIDER_ERROR,
    UNPARSEABLE,
    Extraction,
)
from core.prompt import parse
from core.text import contains_words, find_words, skeleton

UNKNOWN_FACT = "unknown_fact"
VALUE_NOT_ALLOWED = "value_not_allowed"
VALUE_NOT_IN_CONVERSATION = "value_not_in_conversation"
VALUE_ONLY_IN_AGENT_WORDS = "value_only_in_agent_words"
REJECTING = (*FAILED_STATUSES, UNKNOWN_FACT, VALUE_NOT_ALLOWED, VALUE_NOT_IN_CONVERSATION)
FLAGS = (VALUE_ONLY_IN_AGENT_WORDS,)
ALL_CODES = (*REJECTING, *FLAGS)
CEILING_REASONS = ("length", "max_tokens")  # finish reasons meaning the output ceiling was hit


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
        # Collected as the vocabulary's own spelling, whatever case or look-alikes were reported.
        match = next((a for a in spec.allowed if skeleton(a) == skeleton(value)), None)
        if match is None:
            return None, [Finding(VALUE_NOT_ALLOWED, fact, value)]
        return match, []
    # Collected in the conversation's own characters, never the extractor's spelling of them:
    # a look-alike letter on either side can neither be laundered nor slipped in.
    typed = words_in(value, lines, customer=True)
    if typed is not None:
        return typed, []
    typed = words_in(value, lines, customer=False)
    if typed is not None:
        return typed, [Finding(VALUE_ONLY_IN_AGENT_WORDS, fact, value)]
    return None, [Finding(VALUE_NOT_IN_CONVERSATION, fact, value)]


def words_in(value: str, lines: tuple[Line, ...], customer: bool) -> str | None:
    """`value` as the customer (or the agent) typed it, latest line first; None if not said."""
    needle = skeleton(value)
    for line in reversed(lines):
        if (line.speaker != AGENT) == customer and contains_words(skeleton(line.text), needle):
            return find_words(line.text, value)
    return None


def said_by(value: str, lines: tuple[Line, ...], customer: bool) -> bool:
    """Whether the customer's (or the agent's) lines hold `value` as whole words."""
    return words_in(value, lines, customer) is not None


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


def extraction_from_reply(raw_reply: str | None, finish_reason: str | None = None,
                          error: str | None = None) -> Extraction:
    """Read a provider's raw reply into an extraction with the status the contract keeps.

    An error is `provider_error`; a reply that does not parse is `cut_at_ceiling` when the
    output ceiling was hit, `empty_reply` when blank, else `unparseable`. A reply that parses
    in full is accepted even at the ceiling: nothing of it was cut.
    """
    if error:
        return Extraction({}, status=PROVIDER_ERROR, raw_reply=raw_reply, notes=error)
    parsed = parse(raw_reply)
    if parsed is not None:
        collected, notes = parsed
        return Extraction(collected, raw_reply=raw_reply, notes=notes)
    if finish_reason in CEILING_REASONS:
        return Extraction({}, status=CUT_AT_CEILING, raw_reply=raw_reply)
    if raw_reply is None or not raw_reply.strip():
        return Extraction({}, status=EMPTY_REPLY, raw_reply=raw_reply)
    return Extraction({}, status=UNPARSEABLE, raw_reply=raw_reply)


def code_counts(verdicts: list[Verdict]) -> dict[str, int]:
    """How often each code fired over a set of verdicts (every code listed, zeros included)."""
    counts = dict.fromkeys(ALL_CODES, 0)
    for verdict in verdicts:
        for code in verdict.codes:
            counts[code] = counts.get(code, 0) + 1
    return counts


def check_mapping(checklist: Checklist, intent: str, lines: tuple[Line, ...], collected: Mapping[str, str]) -> Verdict:
    """The contract over a plain answer (fixtures, gold values)."""
    return check(checklist, intent, lines, Extraction(collected=dict(collected)))
