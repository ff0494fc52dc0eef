"""A value said for the other end of a trip is not this end's.

A fact told apart by role (origin or destination, pick-up or drop-off day, check-in or check-out) is stated only by a
mention whose words do not give it the other end: "I want to go to SFO, leaving from Los Angeles" states no origin
SFO, and "from the 8th to the 11th" no drop-off on the 8th. A model that files the one city or day under the wrong end
would otherwise complete the checklist with a trip the customer never asked for. A mention whose words name no end
("SFO, please", "leave for NYC") may be either; one that names this end anywhere keeps it.
"""

from __future__ import annotations

import re

from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extractors.offline.profile import DATE, TIME, profile
from core.extractors.offline.roles import END, START, fact_role, is_stay, value_role
from core.text import every_span

# An end is read only from a bound right before the value ("from the 8th to the 11th", "to SFO, leaving from Los
# Angeles", "visit Chicago from New York"), or for the days of a stay from checking in or out. The looser cues the
# offline tier weighs in context ("leave for NYC", "arriving in Sacramento", "I am going on March 1st") would refuse
# what the customer meant.
_FROM = re.compile(r"\bfrom\s+(?:the\s+)?$", re.IGNORECASE)
_UNTIL = re.compile(r"\b(?:to|until|till|through|visit(?:s|ing)?)\s+(?:the\s+)?$", re.IGNORECASE)


def said_for_the_other_end(checklist: Checklist, fact: str, value: str, lines: tuple[Line, ...]) -> bool:
    """Every mention of `value` in the customer's lines gives it the other end of the trip from `fact`'s, a fact of
    a pair the checklist tells apart by role (`FactProfile.rival`)."""
    facts = profile(checklist).facts
    spec = facts.get(fact)
    paired = spec is not None and (spec.rival is not None or any(
        other.rival is not None and other.rival.name == fact for other in facts.values()))
    role = fact_role(spec) if spec is not None and paired else None
    if spec is None or role is None:
        return False  # (a receiver is no end of a trip: money is requested "from Mahmoud" too)
    stay = is_stay(spec) or (spec.rival is not None and spec.rival.name in facts and is_stay(facts[spec.rival.name]))
    stay_day = stay and spec.kind in (DATE, TIME)
    said = [value_role(ln.text, span[0], stay=True) if stay_day else _bound_role(ln.text, span[0])
            for ln in lines if ln.speaker != AGENT for span in every_span(ln.text, value)]
    return bool(said) and all(role_said is not None and role_said != role for role_said in said)


def _bound_role(text: str, start: int) -> str | None:
    """START or END from a bound right before text[start:], else None."""
    head = text[max(0, start - 20):start]
    return START if _FROM.search(head) else END if _UNTIL.search(head) else None
