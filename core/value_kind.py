"""Whether a reported value can be what its fact is: the contract's check against misfiled text.

A model may copy words the customer really typed into the wrong fact ("please send the money to
Amir" as the amount, "Checking Account" as the recipient). The words are in the conversation, so
no other check catches it, and the checklist would read as complete. The test here is lenient on
purpose: it refuses only a value that *cannot* be of the fact's kind (an amount with no number in
it, a date with no day, month or number, a person that is a number, a person or place that is wholly
a date, a time or an amount, any free-text fact answered with another fact's closed value), never
one that is merely unusual.

The kind comes from `core.extractors.offline.kinds.kind_of` (the fact's vocabulary and the head
noun of its description). The words below are English calendar, clock and number words:
grammar, not any one service's vocabulary. English only, like the offline tier.
"""

from __future__ import annotations

import re

from core.checklist import Checklist, Fact
from core.extractors.offline.kinds import COUNT, DATE, MONEY, PERSON, PLACE, TIME, kind_of
from core.text import skeleton

_NUMBER_WORD = (r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
                r"hundred|thousand|million|billion|dozen|half|couple|single|double|once|twice|grand|"
                r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth")
_NUMBER = re.compile(rf"\d|\b(?:{_NUMBER_WORD})\b", re.IGNORECASE)
_CALENDAR = re.compile(
    r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|"
    r"\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?\b|"
    rf"\b(?:today|tonight|tomorrow|yesterday|day|days|weekend|week|month|year|next|this|coming|{_NUMBER_WORD})\b",
    re.IGNORECASE)
_CLOCK = re.compile(
    r"\d|\b(?:noon|midday|midnight|morning|afternoon|evening|night|tonight|o'?clock|am|pm|a\.m|p\.m|"
    rf"quarter|half|now|early|late|lunch|dinner|breakfast|{_NUMBER_WORD})\b",
    re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY_NUMBER = r"(?:\d{1,2}(?:st|nd|rd|th)?)"
_WEEKDAY = r"(?:(?:next|this|last|coming)\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)day"
# A value that is wholly a date, a clock time or an amount: never who or where ("March 3rd" as a city).
_ONLY_WHEN_OR_HOW_MUCH = re.compile(
    rf"(?:(?:the\s+)?{_DAY_NUMBER}(?:\s+of)?\s+{_MONTH}|{_MONTH}\s+(?:the\s+)?{_DAY_NUMBER}|{_WEEKDAY}|"
    r"\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?|\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|"
    r"[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:dollars?|euros?|pounds?))",
    re.IGNORECASE)

# What a kind needs to be present in a value; kinds not listed accept any text.
_NEEDS = {MONEY: _NUMBER, COUNT: _NUMBER, DATE: _CALENDAR, TIME: _CLOCK}


def wrong_kind(checklist: Checklist, intent: str, fact: str, value: str) -> bool:
    """Whether `value` cannot be a value of `fact` (see the module docstring)."""
    spec = checklist.facts[fact]
    kind = kind_of(spec)
    needs = _NEEDS.get(kind)
    if needs is not None and not needs.search(value):
        return True
    if kind == PERSON and not _LETTER.search(value):
        return True  # "$500" or "12" is not who
    if kind in (PERSON, PLACE) and _ONLY_WHEN_OR_HOW_MUCH.fullmatch(value.strip()):
        return True
    return any(_is_closed_value_of(other, value) for name in checklist.required(intent)
               if name != fact and (other := checklist.facts[name]).allowed)


def _is_closed_value_of(other: Fact, value: str) -> bool:
    """Whether `value` is one of another fact's allowed values, give or take that fact's own words
    ("Checking Account" is account_type's "checking" plus the "account" of its description)."""
    vocabulary = [a for a in other.allowed if _words(a) and not _words(a)[0].isdigit()
                  and " ".join(_words(a)) not in ("true", "false", "yes", "no", "dontcare")]
    if not vocabulary:
        return False  # a yes/no or a count: its values are words any fact may hold
    own = set(_words(f"{other.name} {other.description}"))
    rest = [w for w in _words(value) if w not in own]
    return bool(rest) and any(_words(allowed) == rest for allowed in vocabulary)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", skeleton(text.replace("_", " ")))
