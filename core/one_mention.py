"""One mention fills one fact, never two.

A value the customer typed only once is one statement of one fact. A reply that gives it to two facts has misread at
least one of them, and the checklist must not stop on either reading alone:

- Two facts of one kind that a checklist tells apart by role (`FactProfile.rival`: origin and destination, departure
  and return day, check-in and check-out). A real small model reads "I'm going to London" as origin London *and*
  destination London, and the checklist would stop on a trip from London to London. The words before the one mention
  say which end it is ("to London" ends the trip; `roles.value_role`); the other fact is refused. Where those words
  name neither end, neither fact is kept: the turn asks again rather than guess which the customer meant.
- Any other two facts of the schema (the other may belong to another intent). The same model reads "I want a drama"
  and, two turns on, reports genre "Drama" and movie name "Drama"; the rental would stop on a film nobody named. No
  words before a mention tell a genre from a title, so the fact on this checklist is kept only where the offline tier,
  reading the whole conversation, gives it that value too: then the other reading is the reply's slip (a city copied
  into a stylist's name). A number, a vocabulary word or a yes/no may well answer two facts at once ("beds and baths:
  2", "from savings to savings"), so this reading is only for the customer's own words.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extractors.offline.extractor import extract_facts
from core.extractors.offline.profile import BOOLEAN, CLOSED, COUNT, MONEY, FactProfile, profile
from core.extractors.offline.roles import fact_role, is_stay, value_role
from core.text import every_span, skeleton

# Kinds whose one value may answer two facts at once: a number, a vocabulary word, a yes/no.
_SHAREABLE = frozenset({BOOLEAN, CLOSED, COUNT, MONEY})


def one_mention_two_facts(checklist: Checklist, intent: str, lines: tuple[Line, ...], accepted: Mapping[str, str],
                          reported: Mapping[str, str] | None = None) -> list[str]:
    """The accepted facts to refuse because the one mention of their value also fills another fact.

    `accepted` holds what the contract kept for this checklist; `reported`, what the reply read that the contract
    does not disprove, its edges trimmed: those facts and facts of other intents (a city also filed as a date is
    refused there as the wrong kind, and the city stands). Of a rival pair, the one whose role the words before the
    mention do not give is refused (both where they give none); beside any other fact, the accepted one is unless the
    offline tier reads the mention as this fact's too.
    """
    facts = profile(checklist).facts
    reported = accepted if reported is None else reported
    refused: list[str] = []
    for name, value in accepted.items():
        if name not in facts:
            continue
        fact, key = facts[name], skeleton(value)
        rival = fact.rival.name if fact.rival is not None else None
        # the rival holding the same value, if it does: the pair is read by role
        twin = rival if rival is not None and rival in accepted and skeleton(accepted[rival]) == key else None
        if twin is None and (fact.kind in _SHAREABLE or not any(
                _another_fact(facts, name, other) and skeleton(said) == key for other, said in reported.items())):
            continue  # no other reading of this value (most answers): no line need be read for it
        mention = _the_one_mention(lines, value)
        if mention is None:
            continue  # said twice ("from Austin ... back to Austin"), or carried from an agent's offer
        if twin is not None:
            if not _names_this_end(fact, facts[twin], mention):
                refused.append(name)
        elif not _read_as_this(checklist, intent, name, value, lines):
            refused.append(name)
    return refused


def _read_as_this(checklist: Checklist, intent: str, name: str, value: str, lines: tuple[Line, ...]) -> bool:
    """The offline tier, reading the whole conversation, gives the mention to this fact too ("Borrow the book called
    Cosmos" names the title, whatever else the reply filed it under). "Drama, please." to "What genre?" it gives to no
    film."""
    return skeleton(extract_facts(checklist, intent, lines).get(name, "")) == skeleton(value)


def _another_fact(facts: Mapping[str, FactProfile], name: str, other: str) -> bool:
    """`other` is a fact of the schema that one value cannot also answer: not this one, not a number, a vocabulary
    word or a yes/no, and not its rival either way round (the pair is read by role above, or one of it refused)."""
    if other == name or other not in facts or facts[other].kind in _SHAREABLE:
        return False
    rivals = (facts[name].rival, facts[other].rival)
    return not any(r is not None and r.name in (name, other) for r in rivals)


def _the_one_mention(lines: tuple[Line, ...], value: str) -> tuple[str, int] | None:
    """(line, start) of the value where the customer typed it exactly once; else None."""
    mentions = [(ln.text, span[0]) for ln in lines if ln.speaker != AGENT for span in every_span(ln.text, value)]
    return mentions[0] if len(mentions) == 1 else None


def _names_this_end(fact: FactProfile, rival: FactProfile, mention: tuple[str, int]) -> bool:
    """The words before the mention give it this fact's end of the trip."""
    text, start = mention
    said = value_role(text, start, stay=is_stay(fact) or is_stay(rival))
    return said is not None and fact_role(fact) == said
