"""Conversations written in tests: the two shapes the offline tests use, in one place."""

from __future__ import annotations

from core.corpus import AGENT, CUSTOMER, Line


def talk(*turns: str | tuple[str, tuple[str, ...]]) -> tuple[Line, ...]:
    """Customer lines as plain strings; agent lines as (text, facts asked)."""
    return tuple(Line(AGENT, t[0], t[1]) if isinstance(t, tuple) else Line(CUSTOMER, t) for t in turns)


def exchange(*turns: tuple[str, str]) -> tuple[Line, ...]:
    """Lines as ("a" for the agent or "c" for the customer, text)."""
    return tuple(Line(AGENT if who == "a" else CUSTOMER, text) for who, text in turns)
