"""Whether a value the customer said was replaced by another they said later for the same fact.

"I need a room in Anaheim" ... "I am searching for a hotel room in London" leaves Anaheim in the
conversation, typed by the customer, so every check of where a value stands passes it; yet the
record would hold a city the customer moved away from. The offline tier reads the conversation
turn by turn and keeps each fact's latest value: when it reads another value for the fact, it read
the reported one where the customer last said it, and the customer said the other one in a later
line that turns to something else in words ("What about ...", "any other ...", "instead"), the
reported value is superseded. A closed value needs no such words: a vocabulary word is the customer's
own, not the tier's guess ("In checking." ... "What's the balance in my savings?" ... "transfer to
someone's savings" leaves savings as the account). A later value at the other end of a trip from the fact ("leaving from
Chicago" for where to stay), read as another fact too, or one the contract itself would refuse
replaces nothing: the tier misfiled it.

Where the reported value is said again later, or both are said in the same line ("from Paris to
London"), nothing is decided here: the other checks read that line. The offline tier's reading is
the only judge of which value is the latest, so this never accepts anything, it only refuses.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extractors.offline.extractor import extract_facts
from core.extractors.offline.profile import profile
from core.extractors.offline.roles import fact_role, is_stay, value_role
from core.text import SMALL_NUMBER_WORDS, contains_words, find_span, skeleton


def superseded(checklist: Checklist, intent: str, fact: str, value: str, lines: tuple[Line, ...],
               stands: Callable[[str], bool]) -> bool:
    """The customer gave `fact` another value, as the offline tier reads it, in a line after the last one
    where they said `value`. `stands` is the contract's own check of that other value: one it would refuse
    (a film's name read as a city) replaces nothing."""
    # one reading of the conversation serves every fact the contract checks on it
    read = profile(checklist).remembered(("tier reads", intent, lines), lambda: extract_facts(checklist, intent, lines))
    latest = read.get(fact)
    if latest is None or same_value(latest, value) or any(
            other != fact and same_value(found, latest) for other, found in read.items()):
        return False  # (read as another fact too: "Train Your Dragon" of a film's name is no place)
    said_value, said_latest = last_said(value, lines), last_said(latest, lines)
    # (a closed value needs no words of turning: "In checking." ... "What's the balance in my savings?" ... "I want to
    # transfer to someone's savings" - the tier reads the savings account, said last, as the one the transfer is from;
    # a free value read later may be the tier's guess, a vocabulary value is the customer's own word)
    closed = bool(checklist.facts[fact].allowed)
    if (said_value is None or said_latest is None or said_latest <= said_value
            or not (closed or _TURNS_ELSEWHERE.search(lines[said_latest].text))
            or _other_end(checklist, fact, latest, lines[said_latest].text)):
        return False
    # the tier itself read the reported value for this fact where the customer last said it, and changed
    # its reading later: a replacement, not a value it misfiled
    then = extract_facts(checklist, intent, lines[:said_value + 1]).get(fact)
    return then is not None and same_value(then, value) and stands(latest)


# The English words by which a customer turns to something other than what they said before: "Are there any other
# hotels?", "What about hotels in Phoenix?", "I am also looking in Chicago", "leaving from Fresno instead". A later
# value in a line without one is read as the tier's guess, not as the customer's change.
# ("make the date the 3rd" as "make it the 3rd")
_TURNS_ELSEWHERE = re.compile(r"\b(?:instead|rather|other|others|else|another|different|actually|also|"
                              r"(?:what|how)\s+about|change|switch|make\s+(?:it|that|the))\b", re.IGNORECASE)


def _other_end(checklist: Checklist, fact: str, value: str, text: str) -> bool:
    """The later value stands at the other end of a trip from the fact's ("leaving from Chicago" for where to
    stay): the tier misfiled it, nothing was replaced."""
    spec = profile(checklist).facts[fact]
    role = fact_role(spec)
    span = find_span(text, value)
    if role is None or span is None:
        return False
    return value_role(text, span[0], is_stay(spec)) not in (None, role)


def same_value(one: str, other: str) -> bool:
    """Two spellings of one value: equal words, one holding the other ("London" of "London, UK"), or a
    small number as a digit and as a word ("4", "four")."""
    a, b = _forms(one), _forms(other)
    return bool(a & b) or any(contains_words(x, y) or contains_words(y, x) for x in a for y in b)


def last_said(value: str, lines: tuple[Line, ...]) -> int | None:
    """The index of the last customer line holding `value` as whole words, else None."""
    forms = _forms(value)
    return max((i for i, line in enumerate(lines) if line.speaker != AGENT
                and any(contains_words(skeleton(line.text), form) for form in forms)), default=None)


def _forms(value: str) -> set[str]:
    base = skeleton(value)
    forms = {base} if base else set()
    if base.isdigit() and int(base) < len(SMALL_NUMBER_WORDS):
        forms.add(SMALL_NUMBER_WORDS[int(base)])
    elif base in SMALL_NUMBER_WORDS:
        forms.add(str(SMALL_NUMBER_WORDS.index(base)))
    return forms
