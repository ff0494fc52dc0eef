"""Schema descriptions turned toward the customer: "The account type of the user" -> "your account type"."""

from __future__ import annotations

import re

_OF_THE_USER = re.compile(r"^(?:the|a|an)\s+(.+?)\s+of\s+the\s+user$", re.IGNORECASE)
_THE_USERS = re.compile(r"\b(?:the|a) user's\b", re.IGNORECASE)


def describe(description: str) -> str:
    """A schema description as words said to the customer, lower-cased unless it opens with an acronym."""
    text = description.strip().rstrip(".")
    text = _OF_THE_USER.sub(r"your \1", text)
    text = _THE_USERS.sub("your", text)
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text
