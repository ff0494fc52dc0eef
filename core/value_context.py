"""How a value sits in the customer's sentence: refused, or cut short of what was said.

The contract finds a reported value in the customer's words; these two tests read the words
around the span it found (the customer's latest line holding the value):
- `negated`: a negator stands right before the value ("not at 4:30 pm", "anything but Friday"),
  so it is what the customer refuses, not what they stated; or the value is the subject of a negated
  verb ("4:30 doesn't work for me", the test the offline tier uses too);
- `cut_short`: a number stops inside what the customer wrote ("1" of "1:30", "$1" of "$1.50").
A name cut short ("Maria" of "Maria Kim") is not refused here: SGD's own gold holds short forms
of longer names ("New York" for "New York City") in hundreds of cases, so that test cost more
questions than it caught. Both read English grammar only, never a domain's words.
"""

from __future__ import annotations

import re

from core.extractors.offline.polarity import excluded, negated_after
from core.extractors.offline.values import plural_noun
from core.text import line_cache

# Words that may stand between a negator and the value it refuses: "not *at* 4:30", "not *to the* airport".
# "Until" is not one: "not leaving until March 3rd" names the date.
_BRIDGE = frozenset({"at", "on", "in", "for", "to", "from", "by", "with", "the", "a", "an", "my", "this", "that",
                     "of", "any", "around", "about"})
# "No" is not one: customers drop the comma of "No, March 4th" as often as they refuse with it.
# (and verbs of dislike: "I hate Sports", "we can't stand Pop")
_NEGATORS = frozenset({"not", "never", "except", "excluding", "without", "hate", "hates", "dislike", "dislikes",
                       "detest", "loathe"})
_NEGATED_PAIRS = frozenset({("instead", "of"), ("rather", "than"), ("other", "than"), ("anything", "but"),
                            ("can't", "stand"), ("cannot", "stand"),
                            ("anywhere", "but"), ("anyone", "but"), ("anytime", "but")})
_CLAUSE_END = re.compile(r"[.;:!?,]|\b(?:and|or|then|so)\b", re.IGNORECASE)  # "but" may negate: "anything but"
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


@line_cache  # asked twice of most values (as typed, then in the customer's own words)
def negated(text: str, start: int, end: int | None = None) -> bool:
    """Whether the words right before text[start:] refuse it, within its clause, or (given where it ends)
    a negated verb right after it does: "4:30 doesn't work for me"."""
    if (end is not None and negated_after(text, end)) or excluded(text, start):
        return True
    before = text[:start]
    clause_start = max((m.end() for m in _CLAUSE_END.finditer(before)), default=0)
    words = [w.lower() for w in _WORD.findall(before[clause_start:])]
    # Only a negator right before the value refuses it; a negated verb may not ("I am not busy on
    # the 9th", "I won't mind Zz top" both name the value they are about), so none is read.
    while words:
        if words[-1] in _NEGATORS or tuple(words[-2:]) in _NEGATED_PAIRS:
            return True
        if words[-1] not in _BRIDGE:
            return False
        words.pop()
    return False


_NUMBER_GOES_ON = re.compile(r"^[:.,]\d")  # "1" of "1:30", "$1" of "$1.50", "1" of "1,500"
_NUMBER_WORD = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
                r"thousand|million|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twelfth|twentieth|"
                r"thirtieth)")
_ENDS_IN_NUMBER_WORD = re.compile(rf"\b{_NUMBER_WORD}$", re.IGNORECASE)
# "one hundred" of "one hundred and sixteen", "twenty" of "twenty-five", "two" of "two thousand"
_WORDS_GO_ON = re.compile(rf"^(?:\s+and\s+|-|\s+){_NUMBER_WORD}\b", re.IGNORECASE)


def cut_short(text: str, start: int, end: int) -> bool:
    """Whether the customer's number, in digits or in words, carries on past text[start:end]."""
    value = text[start:end]
    if value[-1:].isdigit():
        return bool(_NUMBER_GOES_ON.match(text[end:]))
    return bool(_ENDS_IN_NUMBER_WORD.search(value)) and bool(_WORDS_GO_ON.match(text[end:]))


def number_prefix(value: str, text: str) -> bool:
    """Whether a number the customer wrote starts with `value` and goes on: "9" of "97 dollars", "the 1" of
    "the 12th", "3" of "3rd of March" (a value not found as whole words, because it was cut)."""
    if not value[-1:].isdigit():
        return False
    return re.search(rf"(?<!\w){re.escape(value)}(?=\d|[:.,]\d|(?:st|nd|rd|th)\b)", text, re.IGNORECASE) is not None


def word_prefix(value: str, text: str) -> bool:
    """Whether the customer's words start with `value` and it stops inside a word: "Fresh" of "Freshwater Grill",
    "New Y" of "New York" (a value not found as whole words, because it was cut)."""
    if not value[-1:].isalpha():
        return False
    return re.search(rf"(?<!\w){re.escape(value)}(?=[^\W\d_])", text, re.IGNORECASE) is not None


_BARE_NUMBER = re.compile(rf"(?:\d+|{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})*)", re.IGNORECASE)
_NEXT_WORD = re.compile(r"\s+([A-Za-z']+)")


@line_cache
def counts_things(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a bare number that counts the plural noun right after it: "two" of "for two
    people", "5" of "5 nights". A count of things is never a clock time or a date."""
    if not _BARE_NUMBER.fullmatch(text[start:end]):
        return False
    after = _NEXT_WORD.match(text, end)
    return after is not None and plural_noun(after.group(1))
