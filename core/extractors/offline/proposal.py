"""A value the agent proposed in its own question, which the customer's "yes" accepts.

"Is the destination address 200 C Street?" asks for the destination and names one; a
customer who answers "Yes" has stated it, in the agent's words. Only visible text is used:
the agent line must ask for the fact and carry a value of the fact's type.
"""

from __future__ import annotations

import re

from core.extractors.offline import names as names
from core.extractors.offline import values as values
from core.extractors.offline.plain import in_a_choice
from core.extractors.offline.profile import DATE, MONEY, PERSON, PLACE, TEXT, TIME, FactProfile

# In an agent's question a value may follow the fact's own words too ("Is your destination 4451?").
_AGENT_CUE = r"\b(?:to|is|at|as|be|reach|address|{own})\s+(?:(?:the|your|a)\s+)?"


def proposed_value(fact: FactProfile, agent_text: str) -> str | None:
    """The last value of the fact's type in the agent's question, or None (none, or one side of a choice)."""
    if not agent_text:
        return None
    kind = fact.kind
    if kind in (PLACE, TEXT):
        own = "|".join(re.escape(w) for w in sorted(fact.cues) if w.isalpha()) or "to"
        cue = re.compile(_AGENT_CUE.format(own=own), re.IGNORECASE)
        spans = names.places(agent_text, bare_numbers=True, cue=cue)
    elif kind == PERSON:
        spans = names.persons(agent_text)
    elif kind == DATE:
        spans = values.dates(agent_text)
    elif kind == TIME:
        spans = values.times(agent_text)
    elif kind == MONEY:
        spans = values.money(agent_text)
    else:
        return None
    # "7 pm, or would 8:30 pm suit you better?" offers a choice: a yes to it picks neither
    return spans[-1][2] if spans and not in_a_choice(agent_text, spans, spans[-1][2]) else None
