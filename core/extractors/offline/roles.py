"""Which of two facts of the same type a value belongs to: where a trip starts or where it ends.

Two required facts of one type ("origin city" and "destination city", "departure date" and
"return date") are told apart by their own words, and a value by the words just before it:
"from Boston", "leaving on the 4th" start; "to Portland", "back on the 8th" end.
"""

from __future__ import annotations

import re

from core.extractors.offline.profile import FactProfile, words

START, END = "start", "end"
_START_WORDS = frozenset({"origin", "originates", "originating", "from", "departure", "depart", "departing", "leaving",
                          "leave", "source", "start", "starting", "pickup", "outbound", "sender", "sending"})
_END_WORDS = frozenset({"destination", "ends", "end", "ending", "arrival", "arrive", "arriving", "dropoff", "target",
                        "return", "returning", "inbound", "back", "receiver", "recipient", "receiving"})
_BEFORE_START = re.compile(r"\b(?:from|leav(?:e|ing)|depart(?:ing|ure)?|out\s+of|start(?:ing)?|pick\s+me\s+up|"
                           r"originat\w*)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
_BEFORE_END = re.compile(r"\b(?:to|into|towards?|reach|arriv\w*|return\w*|back|until|till|destination\w*|"
                         r"going|heading|headed)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
_CLAUSE = re.compile(r"[.!?;,]|\band\b|\bbut\b", re.IGNORECASE)


def fact_role(fact: FactProfile) -> str | None:
    """START or END from the fact's name first, then its description; None when neither or both."""
    for text in (fact.fact.name.replace("_", " "), fact.fact.description):
        found = set(words(text))
        start, end = len(found & _START_WORDS), len(found & _END_WORDS)
        if start != end:
            return START if start > end else END
    return None


def value_role(text: str, start: int) -> str | None:
    """START or END from the words right before a value in its clause; the nearer cue wins."""
    head = text[:start]
    cuts = list(_CLAUSE.finditer(head))
    clause = head[cuts[-1].end():] if cuts else head
    to_start, to_end = _BEFORE_START.search(clause), _BEFORE_END.search(clause)
    if to_start and to_end:
        return START if to_start.start() > to_end.start() else END
    return START if to_start else END if to_end else None
