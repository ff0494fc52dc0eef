"""Which of two facts of the same type a value belongs to: where a trip starts or where it ends.

Two required facts of one type ("origin city" and "destination city", "departure date" and
"return date") are told apart by their own words, and a value by the words just before it:
"from Boston", "leaving on the 4th" start; "to Portland", "back on the 8th" end.
"""

from __future__ import annotations

import re
from functools import lru_cache

from core.checklist import Fact
from core.extractors.offline.kinds import END_WORDS, PLACE, START_WORDS, head_kind
from core.extractors.offline.profile import FactProfile, words
from core.extractors.offline.values import DATE

START, END = "start", "end"
_START_WORDS, _END_WORDS = START_WORDS, END_WORDS
_BEFORE_START = re.compile(r"\b(?:from|leav(?:e|ing)|"
                           r"depart(?:ing|ure)?|(?<!check\s)(?<!checking\s)out\s+of|"
                           r"start(?:ing)?|pick(?:ing|s)?(?:\s+(?:me|us|them|her|him))?[\s-]*up|originat\w*|check(?:ing|s)?[\s-]*in(?:to)?|begin\w*)"
                           r"\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
_BEFORE_END = re.compile(r"\b(?:to|into|towards?|reach|arriv\w*|return\w*|back|until|till|destination\w*|"
                         r"drop(?:ping|s)?(?:\s+(?:me|us|them|her|him))?[\s-]*off|"
                         r"going|heading|headed|check(?:ing|s)?[\s-]*out)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
# A bare "to" whose phrase ends before the value's own preposition: "to London on the 10th".
_GOVERNS_ANOTHER = re.compile(r"(?:to|into|towards?)\W+(?:\w+\W+)*?(?:on|at|by|for)\W+(?:the\W+)?$", re.IGNORECASE)
_COMING_BACK = re.compile(r"\b(?:back|return\w*|arriv\w*|until|till)\b", re.IGNORECASE)
# Right before the value, nearer than any other cue: "visiting Seattle" (a "to" opening the clause is farther:
# "I plan to be visiting Paris").
_RIGHT_AFTER_END = re.compile(r"\bvisit\w*\W+$", re.IGNORECASE)
_GOING_RIGHT_BEFORE = re.compile(r"\bgoing\s+(?:on\s+)?(?:the\s+)?$", re.IGNORECASE)
# For a stay (facts named by checking in and out) arriving starts it and leaving ends it, the other way
# round from a journey: only the stay's own words decide there.
_STAY_START = re.compile(r"\b(?:check(?:ing|s)?[\s-]*in(?:to)?|start(?:ing)?|begin\w*|from)\W+(?:\w+\W+){0,2}$",
                         re.IGNORECASE)
# ("to" right before the day ends a stay too after a "from": "from March 1st to the 5th"; not "to Paris on the 5th",
# nor "change the check in date to March 3rd")
_STAY_END = re.compile(r"\b(?:check(?:ing|s)?[\s-]*out|until|till|end(?:ing)?)\W+(?:\w+\W+){0,2}$|"
                       r"\bfrom\s[^.!?;]*?\b(?:to|through|thru)\s+(?:the\s+)?$", re.IGNORECASE)
# "check in" starts a stay and "check out" ends it, as one word each.
_CHECK = re.compile(r"\bcheck(?:ing|s)?[\s_-]*(in(?:to)?|out)\b", re.IGNORECASE)
_CLAUSE = re.compile(r"[.!?;,]|\band\b|\bbut\b", re.IGNORECASE)


# Prepositions are weaker evidence than role nouns and verbs ("departure", "arriving"): they decide only when
# those tie, and "to" only where it governs a noun or ends the text ("City to look for flights to"), not
# where it opens an infinitive ("City to search for salons in").
_PREPOSITIONS = frozenset({"from", "to", "into", "towards", "toward", "back", "until", "till"})
# Ordinals place a thing at the start or the end of a sequence: "First day of hotel stay", "Final stop".
_FIRST, _LAST = frozenset({"first", "initial", "opening"}), frozenset({"final", "last", "closing"})
_TO_NOUN = frozenset({"the", "a", "an", "this", "that", "which", "whose", "my", "your", "his", "her", "their", "its",
                      "our"})


_PHRASAL = re.compile(r"\b(drop|pick)[\s_-]*(off|up)\b", re.IGNORECASE)


def _role_words(text: str) -> list[str]:
    text = _CHECK.sub(lambda m: "checkin" if m.group(1).lower().startswith("in") else "checkout", text)
    return words(_PHRASAL.sub(r"\1\2", text))  # "drop off" is "dropoff", as "check in" is "checkin"


def _is_role(word: str, role_words: frozenset[str]) -> bool:
    # "returns", "departs", "returned", "arrived"
    return any(form in role_words for form in (word, word.removesuffix("s"), word.removesuffix("ed"),
                                               word.removesuffix("d")))


@lru_cache(maxsize=4096)  # read for every value of a fact with a rival: a schema has few texts
def _text_role(text: str) -> str | None:
    found = _role_words(text)
    strong = [w for w in found if w not in _PREPOSITIONS]
    start = sum(_is_role(w, _START_WORDS) or w in _FIRST for w in strong)
    end = sum(_is_role(w, _END_WORDS) or w in _LAST for w in strong)
    if start != end:
        return START if start > end else END
    if found and found[-1] in _PREPOSITIONS:  # a stranded preposition: "Terminal that bus leaves from"
        return START if found[-1] in _START_WORDS else END
    weak_start = weak_end = 0
    for at, word in enumerate(found):
        if word not in _PREPOSITIONS:
            continue
        following = found[at + 1] if at + 1 < len(found) else ""
        if word == "to" and following and following not in _TO_NOUN and head_kind(following) != PLACE:
            continue  # an infinitive: "to search"
        weak_start += word in _START_WORDS
        weak_end += word in _END_WORDS or word in ("until", "till")
    if weak_start != weak_end:
        return START if weak_start > weak_end else END
    return None


def fact_role(fact: FactProfile, by_name: bool = True) -> str | None:
    """START or END from the fact's name first, then its description; None when neither or both.

    `by_name=False` reads the description only: "where_to: Location of the house" names no end. With
    neither, a fact whose one rival has a role takes the other end (`FactProfile.rival`): rewording may drop
    the role word from one of a pair ("Return date" -> "Date of the second leg"), never the pair itself.
    """
    role = _own_role(fact.fact, by_name)
    if role is not None or not by_name or fact.rival is None:
        return role
    other = _own_role(fact.rival, True)
    return None if other is None else END if other == START else START


def _own_role(fact: Fact, by_name: bool) -> str | None:
    texts = (fact.name.replace("_", " "), fact.description) if by_name else (fact.description,)
    for text in texts:
        role = _text_role(text)
        if role is not None:
            return role
    return None


def is_stay(fact: FactProfile) -> bool:
    """The fact's role comes from checking in or out ("Check in date for the house"), or it is one of two days
    a thing is held between (`FactProfile.stay`: "Date the rooms are needed from")."""
    return fact.stay or any(_CHECK.search(t) for t in (fact.fact.name.replace("_", " "), fact.fact.description))


# Where the customer is now: "I'm at the Hyatt on Pine Street", "we are currently at the zoo".
# ("I'm waiting at Door 3", "we're standing outside the Hyatt": a verb of staying put may come between.)
_WHERE_NOW = re.compile(r"\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:currently\s+|now\s+|still\s+|right\s+)?"
                        r"(?:(?:waiting|standing|sitting|parked|stuck|stranded|hanging\s+out)\s+(?:right\s+)?)?"
                        r"(?:at|outside|in\s+front\s+of)\s+(?:the\s+)?$", re.IGNORECASE)


def where_now(text: str, start: int) -> bool:
    """The place at `start` is where the customer is now, which is no destination."""
    return _WHERE_NOW.search(text, max(0, start - 40), start) is not None


# Picking a thing up starts its hire, but the customer is there: "picking up in LA" is where they will be.
_PICK_UP = re.compile(r"\bpick(?:ing|s)?[\s-]*up\W+(?:\w+\W+){0,2}$", re.IGNORECASE)


def leaves_from(text: str, start: int) -> bool:
    """The place at `start` is one a journey leaves ("from Philly", "pick me up at home"), not one the
    customer goes to or will be at ("picking up in LA" for a hire)."""
    if value_role(text, start) != START:
        return False
    head = text[:start]
    cuts = list(_CLAUSE.finditer(head))
    return not _PICK_UP.search(head[cuts[-1].end():] if cuts else head)


def value_role(text: str, start: int, stay: bool = False) -> str | None:
    """START or END from the words right before a value in its clause; the nearer cue wins."""
    head = text[:start]
    cuts = list(_CLAUSE.finditer(head))
    clause = head[cuts[-1].end():] if cuts else head
    before_start, before_end = (_STAY_START, _STAY_END) if stay else (_BEFORE_START, _BEFORE_END)
    if not stay and _RIGHT_AFTER_END.search(clause):
        return END
    if not stay and _GOING_RIGHT_BEFORE.search(clause) and DATE.match(text, start):
        return START  # "going the 3rd, back the 9th": the day one goes is the outbound one ("going to Paris" ends)
    to_start, to_end = before_start.search(clause), before_end.search(clause)
    if to_end and _GOVERNS_ANOTHER.match(to_end.group(0)) and not _COMING_BACK.search(clause):
        to_end = None  # "to London on the 10th": the "to" takes London; the day is the trip's, not its end
    if to_start and to_end:
        return START if to_start.start() > to_end.start() else END
    return START if to_start else END if to_end else None
