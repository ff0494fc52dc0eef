"""Conversations written in tests, and what the offline tier and the contract make of them, in one place."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import check_mapping, check_value
from core.corpus import AGENT, CUSTOMER, Line
from core.extractors.offline import extract_facts


def talk(*turns: str | tuple[str, tuple[str, ...]]) -> tuple[Line, ...]:
    """Customer lines as plain strings; agent lines as (text, facts asked)."""
    return tuple(Line(AGENT, t[0], t[1]) if isinstance(t, tuple) else Line(CUSTOMER, t) for t in turns)


def exchange(*turns: tuple[str, str]) -> tuple[Line, ...]:
    """Lines as ("a" for the agent or "c" for the customer, text)."""
    return tuple(Line(AGENT if who == "a" else CUSTOMER, text) for who, text in turns)


def read(checklist: Checklist, intent: str, lines: tuple[Line, ...]) -> dict[str, str]:
    """What the offline tier collects on the last line."""
    return extract_facts(checklist, intent, lines)


def kept(checklist: Checklist, intent: str, lines: tuple[Line, ...], fact: str, value: str) -> bool:
    """Whether the contract keeps a reported value."""
    return check_value(checklist, intent, fact, value, lines)[0] is not None


def codes(checklist: Checklist, answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]) -> list[str]:
    """The contract's codes for a reported answer on the checklist's first intent."""
    return check_mapping(checklist, next(iter(checklist.intents)), talk(*turns), answer).codes
