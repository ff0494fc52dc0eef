"""One customer line -> the values it states, fact by fact.

Each required fact is looked for by its type (vocabulary, money, date, name, ...); a short
answer right after the agent asked for a fact is bound to that fact; a denied or supposed
mention is skipped; when a line states a fact twice, the later mention wins (a correction).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.extractors import offline_values as values
from core.extractors.offline_owner import FIRM, HINT, OTHER, OWN, party
from core.extractors.offline_polarity import denied
from core.extractors.offline_profile import (
    BOOLEAN,
    CLOSED,
    COUNT,
    DATE,
    MONEY,
    PERSON,
    PLACE,
    TEXT,
    TIME,
    FactProfile,
    Profile,
    stem,
    words,
)
from core.extractors.offline_proposal import proposed_value
from core.extractors.offline_roles import fact_role, value_role

_FILLER = re.compile(
    r"^(?:(?:yes|yeah|yep|ok|okay|sure|please|uh|um|well|so|oh|and|it's|it is|it'll be|that's|that is|that would be|"
    r"i'd like|i want|i would like|send it to|send to|to|for|the|make it|let's do|let's say|how about|go with|"
    r"just|only)[,\s]+)+", re.IGNORECASE)
_YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|sure|ok|okay|fine|definitely|absolutely|of course|certainly|correct|right|"
                  r"(?:that|this|it)(?:'s| is)? (?:sounds|seems|suits|works|looks|fine|good|great|perfect|correct|"
                  r"right)|"
                  r"perfect|great|good|exactly|precisely|"
                  r"that(?:'s| is| would be| will be)? (?:fine|ok|okay|good|great|perfect)|sounds good|please do|"
                  r"i(?:'m| am) (?:ok|okay|fine)|i don't mind|works for me|go ahead)\b", re.IGNORECASE)
_NO = re.compile(r"^\W*(?!no problem|no issue|not a problem)"
                 r"(?:no|nope|nah|not really|i(?:'d| would) rather not|i don't|don't|i do not|i prefer not)\b",
                 re.IGNORECASE)
_PEOPLE = frozenset({"people", "persons", "person", "passengers", "passenger", "riders", "rider", "guests", "guest",
                     "adults", "seats", "seat", "tickets", "individuals", "of", "pax", "folks"})
_NOT_A_COUNT_AFTER = frozenset({"am", "pm", "a.m.", "p.m.", "o'clock", "dollars", "bucks", "days", "day", "hours",
                                "hour", "minutes", "nights", "night", "weeks", "stars", "percent", "th", "st",
                                "nd", "rd", "in", "o\"clock"})
_ALONE = re.compile(r"\b(?:just me|only me|myself|me alone|by myself|alone|just one)\b", re.IGNORECASE)
_SHORT_WORDS = 4
_TOPICAL = (PERSON, PLACE, TEXT)


def read_line(profile: Profile, required: Sequence[str], text: str, asked: Sequence[str],
              agent_text: str = "") -> dict[str, str]:
    """The values this customer line states; `asked`/`agent_text` are the agent line right before it."""
    found: dict[str, str] = {}
    for name in required:
        fact = profile.facts[name]
        rivals = [profile.facts[r] for r in required if r != name and profile.facts[r].kind == fact.kind]
        value = _read_fact(profile, fact, text, asked, agent_text, rivals)
        if value:
            found[name] = value
    return found


def _read_fact(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str], agent_text: str,
               rivals: Sequence[FactProfile] = ()) -> str | None:
    kind = fact.kind
    if kind == CLOSED:
        return _closed(profile, fact, text, asked)
    if kind == COUNT:
        return _count(profile, fact, text, asked)
    if kind == BOOLEAN:
        return _boolean(profile, fact, text, asked)
    spans = _typed_spans(profile, kind, text)
    if spans and kind in _TOPICAL and not asked and not _on_topic(profile, text):
        # A name in a line about another service (a song, a restaurant) is not this fact; a place the
        # customer is heading to still is ("a cab to 379 Gellert Boulevard").
        spans = values.places(text, cue=values.HEADING_CUE) if kind == PLACE else []
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
        if _YES.match(text):
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
        return values.persons(text, profile.schema_words)
    if kind == PLACE:
        return values.places(text)
    return []


def _inside(span: values.Span, others: list[values.Span]) -> bool:
    return any(o[0] <= span[0] and span[1] <= o[1] for o in others)


def _short_answer(profile: Profile, kind: str, text: str) -> str | None:
    """The whole reply, minus fillers, when it is short enough to be just the value asked for."""
    if _YES.match(text) or _NO.match(text):
        return None  # a yes or a no answers a proposal, it does not name the value
    reply = _FILLER.sub("", text.strip()).strip().rstrip(".!").strip()
    if not reply or "?" in reply:
        return None
    if kind == PERSON:
        # "Maria." or "Pranav will be receiving my money.": the reply opens with the name asked for.
        return values.person_in(reply, len(reply.split()) > _SHORT_WORDS, profile.schema_words)
    if len(reply.split()) > _SHORT_WORDS:
        return None
    if kind == PLACE:
        # A place answer reads like one: it opens with a capital or a number and counts no people.
        first = reply.split()[0].lower()
        if not (reply[:1].isupper() or reply[:1].isdigit()) or first in values.NOT_NAMES or _mentions_people(reply):
            return None
        return reply
    if kind == TEXT:
        return reply if reply.lower() not in {"yes", "no", "ok", "okay", "sure", "thanks", "thank you"} else None
    return None


def _closed(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str]) -> str | None:
    """The last allowed value the line states for this fact (not for a sibling sharing the vocabulary)."""
    name = fact.fact.name
    siblings = profile.siblings[name]
    mentions = [m for m in _mentions(fact, text) if not denied(text, m[0])]
    if not siblings:
        return mentions[-1][2] if mentions else None
    group = [name, *siblings]
    read = [(m, *party(text, m[0], m[1])) for m in mentions]
    firmly_own = any(said == OWN and strength == FIRM for _, said, strength in read)
    in_question = [f for f in group if f in asked]
    chosen = None
    for (_, _, value), said, strength in read:
        if len(in_question) == 1 and (said is None or (strength == HINT and not firmly_own)):
            owner = in_question[0]  # a bare answer to the agent's question is about what it asked
        else:
            wanted_other = said == OTHER
            owner = next((f for f in group if profile.facts[f].other_party == wanted_other), name)
        if owner == name:
            chosen = value
    return chosen


# A vocabulary word followed by these is a verb ("checking my balance"), not the value.
_USED_AS_VERB = re.compile(r"^\s+(?:my|your|our|the|if|whether|on|up|out|to\s+see)\b", re.IGNORECASE)
_NOUN_BEFORE = re.compile(r"\b(?:my|your|our|their|his|her|the|a|an|this|that)\s+$", re.IGNORECASE)


def _mentions(fact: FactProfile, text: str) -> list[tuple[int, int, str]]:
    found = [(m.start(), m.end(), value) for value, pattern in fact.vocabulary for m in pattern.finditer(text)
             if not _USED_AS_VERB.match(text[m.end():m.end() + 12]) or _NOUN_BEFORE.search(text[:m.start()])]
    for value, pattern in fact.partial:
        found += [(m.start(1), m.end(1), value) for m in pattern.finditer(text)
                  if not any(s <= m.start(1) < e for s, e, _ in found)]
    return sorted(found)


def _count(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str]) -> str | None:
    """A number of people: a number next to a people word, or any number right after the agent asked."""
    was_asked = fact.fact.name in asked
    nouns = _PEOPLE | {w for w in fact.cues}
    chosen = None
    for start, end, value in _mentions(fact, text):
        after = text[end:end + 20].lower().split()
        following = after[0].strip(".,!?") if after else ""
        if following in _NOT_A_COUNT_AFTER or denied(text, start):
            continue
        if was_asked or following in nouns or stem(following) in nouns:
            chosen = value
    if chosen is None and (was_asked or _mentions_people(text)) and _ALONE.search(text):
        allowed = {v for v, _ in fact.vocabulary}
        chosen = "1" if "1" in allowed else None
    return chosen


def _mentions_people(text: str) -> bool:
    return any(w in _PEOPLE for w in words(text))


def _boolean(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str]) -> str | None:
    """Yes/no right after the agent asked for the fact, or the fact named in the line ('a shared cab')."""
    allowed = {v.lower(): v for v, _ in fact.vocabulary}
    if "true" not in allowed or "false" not in allowed:
        return None
    distinctive = _distinctive_stems(profile, fact)
    for match in re.finditer(r"[A-Za-z]+", text):
        if stem(match.group(0).lower()) in distinctive:
            if re.search(r"\b(?:if|unless|assume|whether)\b", text[:match.start()], re.IGNORECASE):
                continue
            return allowed["false"] if denied(text, match.start()) else allowed["true"]
    if tuple(asked) == (fact.fact.name,):  # a bare yes answers only a question about this fact alone
        if _YES.match(text):
            return allowed["true"]
        if _NO.match(text):
            return allowed["false"]
    return None


def _distinctive_stems(profile: Profile, fact: FactProfile) -> frozenset[str]:
    others: set[str] = set()
    for other in profile.facts.values():
        if other is not fact:
            others |= other.name_stems
    return frozenset(s for s in fact.name_stems - others if len(s) > 2 and s not in {"yes", "or", "with", "other"})
