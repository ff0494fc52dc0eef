"""One mention fills one end of a trip, never both.

Two facts of one kind that a checklist tells apart by role (`FactProfile.rival`: origin and destination, departure
and return day, check-in and check-out) may be reported with one value. Where the customer typed that value only
once, one of the two is not stated: a real small model reads "I'm going to London" as origin London *and*
destination London, and the checklist would stop on a trip from London to London. The words before the one
mention say which end it is ("to London" ends the trip; `roles.value_role`); the other fact is refused. Where those
words name neither end, neither fact is kept: the turn asks again rather than guess which the customer meant.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extractors.offline.profile import profile
from core.extractors.offline.roles import fact_role, is_stay, value_role
from core.text import every_span, skeleton


def one_mention_both_ends(checklist: Checklist, lines: tuple[Line, ...], accepted: Mapping[str, str]) -> list[str]:
    """The accepted facts to refuse: for each rival pair holding one value the customer typed once, the one whose
    role the words before that mention do not give (both where they give none)."""
    facts = profile(checklist).facts
    refused: list[str] = []
    for name, value in accepted.items():
        rival = facts[name].rival if name in facts else None
        if rival is None or rival.name not in accepted or skeleton(accepted[rival.name]) != skeleton(value):
            continue
        mentions = [(ln.text, span[0]) for ln in lines if ln.speaker != AGENT
                    for span in every_span(ln.text, value)]
        if len(mentions) != 1:
            continue  # said twice ("from Austin ... back to Austin"), or carried from an agent's offer
        text, start = mentions[0]
        said = value_role(text, start, stay=is_stay(facts[name]) or is_stay(facts[rival.name]))
        if said is None or fact_role(facts[name]) != said:
            refused.append(name)
    return refused
