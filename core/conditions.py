"""Conditions a customer sets around a value or a yes, told apart from politeness.

"Sure, if they can seat us on the patio" and "March 16th, if your office is open" set a condition;
"Yes, if possible", "7 pm, if that works" and "I'd prefer if it had 3 bedrooms" are polite. English grammar
only. Read by the offline tier's polarity and by `core.acceptance`, so a conditional yes is no acceptance
anywhere.
"""

from __future__ import annotations

import re

# "if possible", "if you would", "if that's ok", "if I want to watch it Friday", "this Saturday if I can" are
# politeness around a real request, not a condition.
POLITE_IF = re.compile(
    r"\bif\s+(?:possible|need\s+be|[^.!?;,]*\bavailable|"
    r"you\s+(?:would|could|can|will|please|don'?t\s+mind|do\s+not\s+mind)|"
    r"(?:i|we)\s+(?:want|wish|would\s+like|'d\s+like|can|could|may)|"
    r"(?:that|it|this)\s+works|(?:that|it|this)(?:'s|\s+is|\s+would\s+be|'d\s+be)\s+(?:ok|okay|alright|"
    r"all\s+right|fine|possible|available|good)|"
    # whether there is any to be had: "a music event if there's anything good going on" ("if there is nothing, ..."
    # sets a fallback)
    r"there(?:'s|\s+is|\s+are)\s+(?:any|anything|something|one|some)\b)\b|"
    # a wish worded with "if": "I'd prefer if it had 3 bedrooms", "it would be great if it had a patio", "Its good if
    # it has two bed rooms"
    r"\b(?:(?:would|'d)\s+(?:prefer|like\s+it|love\s+it)|(?:would|'d)\s+be\s+(?:great|nice|good|ideal|perfect|"
    r"best|lovely)|prefer\s+it|(?:it'?s|its|it\s+is|that'?s|that\s+is)\s+(?:\w+\s+)?(?:great|nice|good|ideal|"
    r"perfect|best|better|lovely))\s+if\b",
    re.IGNORECASE)
# The conjunctions that set a condition, "if" aside (its politeness and its "whether" are told apart where it is
# read): "unless", "as long as", "provided (that)", "on (the) condition (that)", "in the event (that)", "assuming",
# "supposing" ("I'm assuming" reports a belief).
# ("in the event" takes a clause with its subject: "in the event my pay is late", not "in the event title")
CONDITIONAL_CONJUNCTION = (r"(?:only\s+if|unless|(?:as|so)\s+long\s+as|provided|providing|on\s+(?:the\s+)?condition|"
                           r"in\s+the\s+event(?:\s+that)?(?=\s+(?:i|you|we|they|he|she|it|my|your|our|their|his|her|"
                           r"the|there|this|that)\b)|(?<!'m\s)(?<!\bam\s)assuming|supposing)\b")
# A clause after the value's own that makes it conditional: "March 16th, if your office is open", "Full-size,
# provided it has snow tires" (a polite "if possible" is no condition).
CONDITION_CLAUSE = re.compile(rf"^\W*(?:if|{CONDITIONAL_CONJUNCTION})\b", re.IGNORECASE)
# A condition word anywhere, but not "if" asking whether: "check if", "see if", "know if", "wonder if".
_CONDITION_WORD = re.compile(r"(?<!check\s)(?<!see\s)(?<!know\s)(?<!wonder\s)(?<!ask\s)(?<!sure\s)\bif\b|"
                             rf"\b{CONDITIONAL_CONJUNCTION}\b",
                             re.IGNORECASE)


def conditional(reply: str) -> bool:
    """The reply sets a condition that is not mere politeness: "Sure, if they can seat us on the patio",
    "Yes, as long as it's under $300", "Play it if it's short" (not "Yes, if possible" nor "7 pm, if that
    works", nor "see if it's free")."""
    return bool(_CONDITION_WORD.search(POLITE_IF.sub(" ", reply)))
