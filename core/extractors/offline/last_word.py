"""The customer's last word on a value decides it.

A value said and then named again is settled by the later mention. When that mention stands in a
sentence the tier does not read as the customer's own statement (someone else's, another time's, a
quote, a joke: blanked in the customer's `own` words) or in one that hedges ("Book Thursday. Well,
the day after my results, might not be Thursday", "drop off the 8th. Well, the 8th is my flight
home"), the value is no longer stated and the agent asks again. English grammar only: where each
mention stands and the closed class of epistemic words (modals of possibility, "maybe", "not sure").
A hedge counts only on a mention after the first: "Maybe a museum?" is how many customers ask for one.
"""

from __future__ import annotations

import re

# Words of doubt about what is said: modals and adverbs of possibility, not knowing. "may I" asks leave,
# "May 3rd" is a month.
HEDGE = re.compile(
    r"\b(?:maybe|perhaps|possibly|probably|unsure|uncertain|might|could\s+be|"
    r"may(?!\s+(?:i|we|you)\b)(?!\s+(?:the\s+)?\d)|not\s+(?:sure|certain)|no\s+idea|(?:don'?t|do\s+not)\s+know|"
    r"dunno|idk)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?;\u2014\u2013]+[.!?;\u2014\u2013]*")
# Values this short ("2", "No") are read as other words too often to track their mentions.
_SHORTEST = 3


def mentions(text: str, value: str) -> list[int]:
    """Where `value` stands in `text`, as whole words, ignoring case."""
    if len(value.strip()) < _SHORTEST:
        return []
    pattern = re.compile(r"(?<!\w)" + re.escape(value.strip()) + r"(?!\w)", re.IGNORECASE)
    return [m.start() for m in pattern.finditer(text)]


def unsettled(said: str, own: str, value: str, said_before: bool) -> bool:
    """Whether the last mention of `value` in the line as typed (`said`) takes it back: it stands in a sentence
    blanked in `own` (the same line, same length), or in a hedging sentence when it is not the first mention
    (`said_before`: the value was collected from an earlier line)."""
    found = mentions(said, value)
    if not found:
        return False
    last = found[-1]
    if not own[last:last + len(value.strip())].strip():
        return True
    if not (said_before or len(found) > 1):
        return False
    sentence = next((m.group(0) for m in _SENTENCE.finditer(said) if m.start() <= last < m.end()), "")
    return bool(HEDGE.search(sentence))
