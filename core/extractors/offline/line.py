"""One customer line -> the values it states, fact by fact.

Each required fact is looked for by its type (vocabulary, money, date, name, place); a short
answer right after the agent asked for a fact is bound to that fact; a denied or supposed
mention is skipped; when a line states a fact twice, the later mention wins (a correction).
Vocabulary facts are read in `closed`, free-text facts here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.acceptance import NO, YES
from core.extractors.offline import names as names
from core.extractors.offline import values as values
from core.extractors.offline.closed import boolean_value, closed_value, count_value, mentions_people
from core.extractors.offline.polarity import denied
from core.extractors.offline.profile import (
    BOOLEAN,
    CLOSED,
    COUNT,
    DATE,
    LINES_READ_LIMIT,
    MONEY,
    PERSON,
    PLACE,
    TEXT,
    TIME,
    FactProfile,
    Profile,
)
from core.extractors.offline.proposal import proposed_value
from core.extractors.offline.roles import fact_role, value_role

_FILLER = re.compile(
    r"^(?:(?:yes|yeah|yep|ok|okay|sure|please|uh|um|well|so|oh|and|it's|it is|it'll be|that's|that is|that would be|"
    r"i'd like|i want|i would like|send it to|send to|to|for|the|make it|let's do|let's say|how about|go with|"
    r"just|only)[,\s]+)+", re.IGNORECASE)
_SHORT_WORDS = 4
_TOPICAL = (PERSON, PLACE, TEXT)


def read_line(profile: Profile, required: Sequence[str], text: str, asked: Sequence[str],
              agent_text: str = "") -> dict[str, str]:
    """The values this customer line states; `asked`/`agent_text` are the agent line right before it."""
    key = (tuple(required), text, tuple(asked), agent_text)
    memo = profile.lines_read
    if key in memo:
        return dict(memo[key])
    if len(memo) >= LINES_READ_LIMIT:
        memo.clear()
    found: dict[str, str] = {}
    for name in required:
        fact = profile.facts[name]
        rivals = [profile.facts[r] for r in required if r != name and profile.facts[r].kind == fact.kind]
        value = _read_fact(profile, fact, text, asked, agent_text, rivals)
        if value:
            found[name] = value
    memo[key] = dict(found)
    return found


def _read_fact(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str], agent_text: str,
               rivals: Sequence[FactProfile] = ()) -> str | None:
    kind = fact.kind
    if kind == CLOSED:
        return closed_value(profile, fact, text, asked)
    if kind == COUNT:
        return count_value(profile, fact, text, asked)
    if kind == BOOLEAN:
        return boolean_value(profile, fact, text, asked)
    spans = _typed_spans(profile, kind, text)
    if spans and kind in _TOPICAL and not asked and not _on_topic(profile, text):
        # A name in a line about another service (a song, a restaurant) is not this fact; a place the
        # customer is heading to still is ("a cab to 379 Gellert Boulevard").
        spans = names.places(text, cue=names.HEADING_CUE) if kind == PLACE else []
    if not spans and fact.fact.name in asked and kind == MONEY:
        spans = [s for s in values.numbers(text) if not _inside(s, values.times(text))]
    stated = [s for s in spans if not denied(text, s[0])]
    if rivals:
        stated = [s for s in stated if _mine(fact, rivals, text, s[0], asked)]
        if spans and not stated:
            return None
        if [r for r in rivals if r.fact.name in asked] and fact.fact.name in asked and not stated:
            return None  # a bare answer to a question about two facts of one type names neither
    if stated:
        return stated[-1][2]
    if fact.fact.name in asked and not spans:
        if YES.match(text):
            return proposed_value(fact, agent_text)  # "Yes" to "Is the destination 200 C Street?"
        return _short_answer(profile, kind, text)
    return None


def _mine(fact: FactProfile, rivals: Sequence[FactProfile], text: str, start: int, asked: Sequence[str]) -> bool:
    """Whether a value belongs to this fact rather than to a rival of the same type."""
    said = value_role(text, start)
    if said is not None:
        return fact_role(fact) == said and all(fact_role(r) != said for r in rivals)
    group = [fact, *rivals]
    in_question = [f for f in group if f.fact.name in asked]
    return len(in_question) == 1 and in_question[0] is fact


def _on_topic(profile: Profile, text: str) -> bool:
    """The line uses the checklist's own words, or states an amount for a checklist that has one."""
    if profile.on_topic(text):
        return True
    has_money = any(f.kind == MONEY for f in profile.facts.values())
    return has_money and bool(values.money(text))


def _typed_spans(profile: Profile, kind: str, text: str) -> list[values.Span]:
    if kind == MONEY:
        return values.money(text)
    if kind == DATE:
        return values.dates(text)
    if kind == TIME:
        return values.times(text)
    if kind == PERSON:
        return names.persons(text, profile.schema_words)
    if kind == PLACE:
        return names.places(text)
    return []


def _inside(span: values.Span, others: list[values.Span]) -> bool:
    return any(o[0] <= span[0] and span[1] <= o[1] for o in others)


def _short_answer(profile: Profile, kind: str, text: str) -> str | None:
    """The whole reply, minus fillers, when it is short enough to be just the value asked for."""
    if YES.match(text) or NO.match(text):
        return None  # a yes or a no answers a proposal, it does not name the value
    reply = _FILLER.sub("", text.strip()).strip().rstrip(".!").strip()
    if not reply or "?" in reply:
        return None
    if kind == PERSON:
        # "Maria." or "Pranav will be receiving my money.": the reply opens with the name asked for;
        # "Stop asking me questions" opens with a verb.
        if names.opens_with_verb(reply):
            return None
        return names.person_in(reply, len(reply.split()) > _SHORT_WORDS, profile.schema_words)
    if len(reply.split()) > _SHORT_WORDS:
        return None
    if kind == PLACE:
        # A place answer reads like one: it opens with a capital or a number and counts no people.
        first = reply.split()[0].lower()
        if not (reply[:1].isupper() or reply[:1].isdigit()) or first in names.NOT_NAMES or mentions_people(reply):
            return None
        return reply
    if kind == TEXT:
        return reply if reply.lower() not in {"yes", "no", "ok", "okay", "sure", "thanks", "thank you"} else None
    return None
