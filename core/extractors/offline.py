"""The offline tier: a deterministic extractor with no key, no network and no service code.

Everything it knows comes from the checklist (fact names, descriptions, vocabularies), the
conversation, and the agent's own questions (which facts each agent line asked for).
"""

from __future__ import annotations

import re
import time

from core.checklist import Checklist, Fact
from core.corpus import AGENT, Line
from core.extraction import Extraction, ExtractionRequest

VERSION = "offline-1"

_NUMBER_WORD = (
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    r"thousand|million|a)"
)
_NUMBER_WORDS = rf"{_NUMBER_WORD}(?:[\s-]+(?:and\s+)?{_NUMBER_WORD})*"
_MONEY = re.compile(
    rf"(\$\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:dollars|bucks|usd)\b|\b{_NUMBER_WORDS}\s+(?:dollars|bucks)\b)",
    re.IGNORECASE,
)
_MONEY_WORDS = ("amount", "money", "price", "cost", "fare", "balance", "payment", "pay")
_NAME_WORDS = ("name", "recipient", "contact", "person")
_FILLER = re.compile(r"^(?:(?:yes|yeah|ok|okay|sure|please|to|it's|it is|i'd like|i want|that's|that is)[,\s]+)+",
                     re.IGNORECASE)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def _kind(fact: Fact) -> str:
    text = f"{fact.name.replace('_', ' ')} {fact.description}".lower()
    if fact.allowed:
        return "closed"
    if any(w in _words(text) for w in _MONEY_WORDS):
        return "money"
    if any(w in _words(text) for w in _NAME_WORDS):
        return "name"
    return "text"


def _previous_asks(lines: tuple[Line, ...], index: int) -> tuple[str, ...]:
    return lines[index - 1].asks if index > 0 and lines[index - 1].speaker == AGENT else ()


def _closed_mentions(text: str, fact: Fact) -> list[tuple[int, str]]:
    found = []
    for value in fact.allowed:
        pattern = r"\b" + re.escape(value.replace("_", " ").lower()) + r"\b"
        found += [(m.start(), value) for m in re.finditer(pattern, text.lower())]
    return sorted(found)


def _owner_score(fact: Fact, siblings: list[Fact], context: str) -> int:
    """How strongly the words around a mention point at this fact rather than its siblings."""
    mine = _words(fact.description) | _words(fact.name.replace("_", " "))
    others: set[str] = set()
    for sibling in siblings:
        others |= _words(sibling.description) | _words(sibling.name.replace("_", " "))
    distinct = mine - others
    ctx = _words(context)
    score = len(distinct & ctx)
    third_party = {"to", "their", "his", "her", "s", "recipient", "receiver"}
    first_party = {"my", "from", "mine", "i"}
    if "recipient" in mine or "receiver" in mine:
        score += len(third_party & ctx) - len(first_party & ctx)
    elif "user" in mine or "your" in mine:
        score += len(first_party & ctx) - len(third_party & ctx)
    return score


class OfflineExtractor:
    tier = "offline"
    kind = "offline"

    def extract(self, request: ExtractionRequest) -> Extraction:
        started = time.perf_counter()
        collected = extract_facts(request.checklist, request.intent, request.lines)
        if request.carried:
            collected = {**{k: v for k, v in request.carried.items()}, **collected}
        return Extraction(collected=collected, timings_ms={"extract": (time.perf_counter() - started) * 1000})


def extract_facts(checklist: Checklist, intent: str, lines: tuple[Line, ...]) -> dict[str, str]:
    required = checklist.required_facts(intent)
    collected: dict[str, str] = {}
    for index, line in enumerate(lines):
        if line.speaker == AGENT:
            continue
        asks = _previous_asks(lines, index)
        for fact in required:
            value = _value_in_line(checklist, fact, line.text, asks)
            if value:
                collected[fact.name] = value  # later statements replace earlier ones
    return collected


def _value_in_line(checklist: Checklist, fact: Fact, text: str, asks: tuple[str, ...]) -> str | None:
    kind = _kind(fact)
    if kind == "closed":
        mentions = _closed_mentions(text, fact)
        if not mentions:
            return None
        siblings = [f for f in checklist.facts.values() if f.name != fact.name and set(f.allowed) & set(fact.allowed)]
        for start, value in reversed(mentions):
            context = text[max(0, start - 40): start + 25]
            if fact.name in asks or not siblings:
                return value
            if all(_owner_score(fact, [s for s in siblings if s is not o] + [o], context)
                   >= _owner_score(o, [s for s in siblings if s is not o] + [fact], context) for o in siblings):
                return value
        return None
    if kind == "money":
        found = _MONEY.findall(text)
        return found[-1].strip() if found else None
    if kind == "name":
        match = re.search(r"\b(?:to|for|with|named|called)\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", text)
        if match and match.group(1).lower() not in {"i", "my", "the"}:
            return match.group(1)
    if fact.name in asks:
        reply = _FILLER.sub("", text.strip()).rstrip(".!?").strip()
        if reply and len(reply.split()) <= 4:
            return reply
    return None
