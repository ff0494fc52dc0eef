"""A sum reported in other figures than the customer's: "1290" for "$1,290", "950" for "nine hundred and fifty
dollars".

Models normalise amounts. The contract collects values in the customer's own words, so a normalised amount is
found nowhere and the turn asks again for a sum the customer gave. Here a reported amount is read as a number
and matched against the sums the customer wrote: when one value matches, that sum, as the customer
spelled it, is what the contract checks (and every other check still applies to it); of two spellings, the one
the checks keep. A different number ("801" for "eight hundred and ten") matches nothing and stays refused.
English number words (text2num) and digits only; the currency is not compared, since a sum is checked in the
customer's line anyway.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from text_to_num import text2num

from core.corpus import AGENT, Line
from core.extractors.offline import values
from core.extractors.offline.values import CURRENCY_WORDS

_SYMBOLS = re.compile(r"[$€£¥₹]")
_DIGITS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
_CENTS = re.compile(r"^(?P<whole>.+?)\s+and\s+(?P<cents>[\w\s-]+?)\s+cents?$")
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


def amount(text: str) -> Decimal | None:
    """The number a sum says ("$1,290" -> 1290, "nine hundred and fifty dollars" -> 950, "forty two dollars and
    fifty cents" -> 42.50), or None when it is not one sum."""
    words = _SYMBOLS.sub(" ", text.lower())
    cents = _CENTS.match(" ".join(words.split()))
    if cents:
        whole, part = _number(cents.group("whole")), _number(cents.group("cents"))
        return None if whole is None or part is None else whole + part / 100
    return _number(words)


def _number(text: str) -> Decimal | None:
    said = " ".join(w for w in text.replace("-", " ").split() if w not in CURRENCY_WORDS)
    if not said:
        return None
    if _DIGITS.fullmatch(said):
        try:
            return Decimal(said.replace(",", ""))
        except InvalidOperation:
            return None
    if not all(_WORD.fullmatch(w) for w in said.split()):
        return None
    try:
        return Decimal(text2num(said, "en"))
    except ValueError:
        return None


def customers_sums(value: str, lines: tuple[Line, ...]) -> list[str]:
    """Every spelling, as the customer wrote it, of a sum whose number is the reported value's, latest first."""
    wanted = amount(value)
    if wanted is None:
        return []
    spelled: list[str] = []
    for line in reversed(lines):
        if line.speaker == AGENT:
            continue
        for _, _, text in (*values.money(line.text), *values.numbers(line.text)):
            if text not in spelled and amount(text) == wanted:
                spelled.append(text)
    return spelled
