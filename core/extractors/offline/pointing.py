"""A destination the customer points back at: "Can you get me a cab there?" after the agent named an address.

A point (a street address, a venue) said by the agent for the task before ("The property is at 296A Addison
Street") is where "there", "to it" or "to that place" goes. Only the latest address the agent named counts, and
only when no other was named after it; with no address, nothing is taken (the agent asks). English grammar
only. Read alike by the offline tier (`extractor`) and the contract, so a model's "there" is held to the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.acceptance import puts_alternative
from core.corpus import AGENT, Line
from core.extractors.offline.profile import PLACE, FactProfile
from core.extractors.offline.roles import END, fact_role

# A street address: a house number, up to five capitalised words or one lower-case word, and a street word
# ("2500 Milvia Street", "45 Camino Alto #106", "1881 Contra Costa Boulevard", "6868 mckinley street"); not a
# time ("7:30 pm at the Boulevard") nor a count of things ("1 bath apartment named Boulevard").
STREET_ADDRESS = re.compile(
    r"(?<![:.,$\d])\b\d+[A-Za-z]?(?!\s*(?:am|pm|a\.m|p\.m|o'clock)\b)"
    r"(?:(?-i:(?:\s+[A-Z\d][\w.'-]*){0,5}?)|\s+[A-Za-z][\w.'-]*)\s+"
    r"(?:street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|"
    r"ln|way|court|ct|place|pl|plaza|parkway|pkwy|highway|hwy|square|sq|terrace|circle|alley|row|"
    r"camino(?:\s+[A-Za-z][\w'-]*)+)\b(?:\s*#\s*\d+\w*|\s+(?:ste|suite|unit|apt)\.?\s*\d+\w*)?",
    re.IGNORECASE)
# "There" as no pointing: the existential one ("is there wifi?", "there are 3 of us") and a greeting ("hi
# there"); shared with the offline tier's `REFERS_BACK`.
NOT_EXISTENTIAL_BEFORE = r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bhi\s)"
NOT_EXISTENTIAL_AFTER = r"(?!\s*(?:is|are|was|were|'s|'re|will|would|might|may|must|should|could|can|has|have)\b)"
# The customer sending the ride to what was named: "a cab there", "a ride to it", "get me to that place".
_THITHER = re.compile(
    rf"{NOT_EXISTENTIAL_BEFORE}(?<!\bfrom\s)"
    r"\b(?:(?:over\s+|out\s+)?there|to\s+(?:it|that\s+(?:place|address|location|one)|the\s+(?:place|address|"
    rf"location)))\b{NOT_EXISTENTIAL_AFTER}",
    re.IGNORECASE)


def ride_heads_to(fact: FactProfile) -> bool:
    """The fact is the point a ride heads to (a place with the end role, not an area): what "there" may fill."""
    return fact.kind == PLACE and not fact.area and fact_role(fact) == END


def points_there(text: str) -> re.Match | None:
    """Where the customer's own words send the ride to a place named before ("a cab there"), if anywhere; nowhere
    when they put another place forward beside it ("Yes there. Or 900 Pine Street, whichever is quicker")."""
    return None if puts_alternative(text) else _THITHER.search(text)


def named_address(lines: Sequence[Line]) -> str | None:
    """The one street address the agent named last, when it is the only one in its line; None otherwise."""
    for line in reversed(lines):
        if line.speaker != AGENT:
            continue
        found = {m.group(0).rstrip(".") for m in STREET_ADDRESS.finditer(line.text)}
        if found:
            return found.pop() if len(found) == 1 else None
    return None

