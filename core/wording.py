"""Schema descriptions turned toward the customer ("The account type of the user" -> "your account type"), and
facts as people read them: a label from the fact's own description, the customer's words behind a collected value,
and what one turn changed on the checklist."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from core.case import CUSTOMER, Line
from core.checklist import Fact

_OF_THE_USER = re.compile(r"^(?:the|a|an)\s+(.+?)\s+of\s+the\s+user$", re.IGNORECASE)
_THE_USERS = re.compile(r"\b(?:the|a) user's\b", re.IGNORECASE)


def describe(description: str) -> str:
    """A schema description as words said to the customer, lower-cased unless it opens with an acronym."""
    text = description.strip().rstrip(".")
    text = _OF_THE_USER.sub(r"your \1", text)
    text = _THE_USERS.sub("your", text)
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text

_LABEL_OF_USER = re.compile(r"\s+(?:of|for)\s+the\s+(?:user|customer)\b", re.IGNORECASE)
_LABEL_USERS = re.compile(r"\b(?:the\s+)?(?:user|customer)'s\s+", re.IGNORECASE)
_LABEL_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_LABEL_CLAUSE = re.compile(r"\s+(?:who|whom|which|that|at a given time)\b.*$", re.IGNORECASE)


def fact_label(fact: Fact) -> str:
    """"The account type of the user" -> "Account type"; a fact with no description reads as its name."""
    text = (fact.description or "").strip().rstrip(".")
    text = _LABEL_ARTICLE.sub("", _LABEL_USERS.sub("", _LABEL_OF_USER.sub("", _LABEL_CLAUSE.sub("", text)))).strip()
    if not text or len(text) > 60:  # a long description is a sentence, not a label
        text = fact.name.replace("_", " ")
    return text[:1].upper() + text[1:]


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def words_behind(lines: Iterable[Line], value: str) -> str | None:
    """The latest customer line holding `value` (casefold, whitespace collapsed), or None when the
    customer never said it in those words (a closed value chosen from a vocabulary, say)."""
    wanted = _fold(value.replace("_", " "))
    if not wanted:
        return None
    for line in reversed(list(lines)):
        if line.speaker == CUSTOMER and wanted in _fold(line.text.replace("_", " ")):
            return line.text
    return None


def changes(before: Mapping[str, str], after: Mapping[str, str]) -> dict[str, str]:
    """Per fact, what this turn did to it: `new`, `changed` or `dropped` (facts it left alone are absent)."""
    out = {name: "new" if name not in before else "changed" for name, value in after.items()
           if before.get(name) != value}
    out |= {name: "dropped" for name in before if name not in after}
    return out
