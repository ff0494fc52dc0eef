"""Which of two facts of the same type a value belongs to: where a trip starts or where it ends.

Two required facts of one type ("origin city" and "destination city", "departure date" and
"return date") are told apart by their own words, and a value by the words just before it:
"from Boston", "leaving on the 4th" start; "to Portland", "back on the 8th" end.
"""

from __future__ import annotations

import re

from core.extractors.offline.kinds import END_WORDS, START_WORDS
from core.extractors.offline.profile import FactProfile, words

START, END = "start", "end"
_START_WORDS, _END_WORDS = START_WORDS, END_WORDS
_BEFORE_START = re.compile(r"\b(?:from|leav(?:e|ing)|depart(?:ing|ure)?|(?<!check\s)(?<!checking\s)out\s+of|"
                           r"start(?:ing)?|pick\s+me\s+up|originat\w*|check(?:ing|s)?[\s-]*in(?:to)?|begin\w*)"
                           r"\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
_BEFORE_END = re.compile(r"\b(?:to|into|towards?|reach|arriv\w*|return\w*|back|until|till|destination\w*|"
                         r"going|heading|headed|check(?:ing|s)?[\s-]*out)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
# For a stay (facts named by checking in and out) arriving starts it and leaving ends it, the other way
# round from a journey: only the stay's own words decide there.
_STAY_START = re.compile(r"\b(?:check(?:ing|s)?[\s-]*in(?:to)?|start(?:ing)?|begin\w*|from)\W+(?:\w+\W+){0,2}$",
                         re.IGNORECASE)
_STAY_END = re.compile(r"\b(?:check(?:ing|s)?[\s-]*out|until|till|end(?:ing)?)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
# "check in" starts a stay and "check out" ends it, as one word each.
_CHECK = re.compile(r"\bcheck(?:ing|s)?[\s_-]*(in(?:to)?|out)\b", re.IGNORECASE)
_CLAUSE = re.compile(r"[.!?;,]|\band\b|\bbut\b", re.IGNORECASE)


def fact_role(fact: FactProfile, by_name: bool = True) -> str | None:
    """START or END from the fact's name first, then its description; None when neither or both.

    `by_name=False` reads the description only: "where_to: Location of the house" names no end.
    """
    texts = (fact.fact.name.replace("_", " "), fact.fact.description) if by_name else (fact.fact.description,)
    for text in texts:
        found = set(words(_CHECK.sub(lambda m: "checkin" if m.group(1).lower().startswith("in") else "checkout",
                                     text)))
        start, end = len(found & _START_WORDS), len(found & _END_WORDS)
        if start != end:
            return START if start > end else END
    return None


def is_stay(fact: FactProfile) -> bool:
    """The fact's role comes from checking in or out ("Check in date for the house")."""
    return any(_CHECK.search(t) for t in (fact.fact.name.replace("_", " "), fact.fact.description))


def value_role(text: str, start: int, stay: bool = False) -> str | None:
    """START or END from the words right before a value in its clause; the nearer cue wins."""
    head = text[:start]
    cuts = list(_CLAUSE.finditer(head))
    clause = head[cuts[-1].end():] if cuts else head
    before_start, before_end = (_STAY_START, _STAY_END) if stay else (_BEFORE_START, _BEFORE_END)
    to_start, to_end = before_start.search(clause), before_end.search(clause)
    if to_start and to_end:
        return START if to_start.start() > to_end.start() else END
    return START if to_start else END if to_end else None
