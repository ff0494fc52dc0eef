"""Whose value a mention is, when two facts share a vocabulary (the customer's account or the recipient's).

The words right before the mention decide, skipping articles: "my savings", "from checking",
"use the checking" are the customer's; "their savings", "to a checking account", "Amir's
savings" are someone else's, and so is "the savings account of Amir". The closest word wins,
so "to my checking account" is the customer's.
"""

from __future__ import annotations

import re

OWN, OTHER = "own", "other"
# How a party was read: a possessive or a name is firm; a bare "to"/"from" is a hint.
FIRM, HINT = "firm", "hint"
_LOOK_BACK_WORDS = 4
_SKIP = frozenset({"the", "a", "an", "this", "that", "one", "same", "usual", "regular", "main", "primary"})
_OWN = frozenset({"my", "our", "mine", "own", "i", "from", "use", "using", "via", "through", "in", "debit", "withdraw",
                  "out", "of", "with", "about"})
_OTHER = frozenset({"else", "their", "his", "her", "someone's", "someones", "somebody's", "recipient's", "receiver's",
                    "theirs", "to", "into", "toward", "towards", "receiving", "recipient", "receiver", "other",
                    "another"})
_NOT_POSSESSIVE = frozenset({"it's", "that's", "what's", "let's", "there's", "here's", "he's", "she's", "who's"})
_OTHER_AFTER = re.compile(
    r"^\s*(?:account\s+)?(?:of|belonging\s+to)\s+(?!me\b|mine\b|my\s+(?:own|account)|course\b)\w", re.IGNORECASE)
_CLAUSE = re.compile(r"[.!?;,]|\band\b|\bbut\b", re.IGNORECASE)


_PREPOSITIONS = frozenset({"to", "into", "toward", "towards", "from", "in", "out", "of", "with", "via", "through",
                           "about"})


def party(text: str, start: int, end: int) -> tuple[str | None, str | None]:
    """(OWN or OTHER or None when the words around the mention say nothing, FIRM or HINT)."""
    if _OTHER_AFTER.search(text[end:end + 40]):
        return OTHER, FIRM
    head = text[:start]
    cuts = list(_CLAUSE.finditer(head))
    cut = cuts[-1] if cuts else None
    clause = (head[cut.end():] if cut else head).split()
    before = clause[-_LOOK_BACK_WORDS:]
    for position, written in enumerate(reversed(before)):
        word = written.lower().strip("\"“”")
        if position == 0 and written[:1].isupper() and len(clause) > 1 and word not in _OWN | _SKIP:
            return OTHER, FIRM  # "to Abhinav checking account": a name right before the mention
        if word in _SKIP:
            continue
        strength = HINT if word in _PREPOSITIONS else FIRM
        if word in _OTHER or (word.endswith(("'s", "’s", "'", "’")) and word not in _NOT_POSSESSIVE):
            return OTHER, strength
        if word in _OWN:
            return OWN, strength
        return None, None  # the nearest word is neither a possessive nor a preposition
    return None, None
