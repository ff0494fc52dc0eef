"""Numbers the customer leaves open, and words that are an identifier rather than speech, blanked before reading.

"Between 7 and 8 in the evening", "the twenty-first, or possibly the twenty-second", "2 or 3 of us", "three
nights, give or take two" name no one value: the agent asks again. (A vocabulary value offered as one of two
is read in `plain`.)
A number that labels a thing rather than counting it, after its noun ("I live in unit 3", "at gate 5"),
is no count, amount or day. A handle, an e-mail address, a web address or a code ("checking_account_confirmed",
"me@savings.example", "https://…/checking", "CINE-3D-4471") is a string the customer quotes, not words they say: a value
inside it is not stated.
English number words only; the rest is punctuation.
"""

from __future__ import annotations

import re

from core.extractors.offline.values import AFTER_A_DAY
from core.text import blank

_UNITS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
          "seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred")
_ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
             "fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth")
_WORD_NUMBER = rf"(?:{_UNITS}|{_ORDINALS})(?:[- ](?:{_UNITS}|{_ORDINALS}))?"
# A number as said: "$1,200.50", "8", "7:30", "21st", "twenty-first", "the 3rd".
_NUMBER = rf"(?:the\s+)?(?:[$£€]\s?\d+(?:[,.:]\d+)*|\d+(?:[,.:]\d+)*(?:st|nd|rd|th)?|\b{_WORD_NUMBER}\b)"
_HEDGE = r"(?:(?:possibly|maybe|perhaps|probably|even|else|rather|just|simply|only)\s+)?"
# English nouns for kinds of people (a total of them is what a form counts, not each kind).
_PERSONS = (r"(?:adults?|kids?|children|child|teens?|teenagers?|seniors?|infants?|bab(?:y|ies)|toddlers?|students?|"
            r"grown-?ups?|people|persons?|guests?|friends?)\b")
_OPEN = re.compile(
    # a range: "between 7 and 8", "between the 3rd and the 5th", "between $50 and $80"
    rf"\bbetween\s+{_NUMBER}(?:\s+[a-z]+)?\s+and\s+{_NUMBER}|"
    # two numbers as alternatives: "2 or 3", "the 21st, or possibly the 22nd", "$50 or maybe $60"
    rf"{_NUMBER}(?:\s+[a-z]+)?\s*,?\s+or\s+{_HEDGE}{_NUMBER}|"
    # a span of numbers the customer hedges: "around 200 to 300 dollars", "roughly 5-6 of us" (a plain "from
    # the 10th to the 12th" gives two facts, a start and an end; "2 to 87 Main St" is a count and an address)
    rf"\b(?:around|about|roughly|approximately|somewhere|anywhere|maybe|say)\s+(?:from\s+)?{_NUMBER}\s*"
    rf"(?:to|-|–)\s*{_NUMBER}|"
    # a sentence opened by "Or" that puts another number forward: "on the 21st? Or is it better to look at the 22nd?"
    # ("Or rather the 22nd", "or make that", "or actually" correct the first, read in `last_word`)
    rf"{_NUMBER}(?:\s+[a-z]+)?\s*[.?!]+\s+(?-i:Or)\s+(?!(?:rather|actually|instead|make|better\s+make|no)\b)"
    rf"(?:[^.!?\d$£€]{{0,60}}?\s)?{_NUMBER}|"
    # two numbers each asked in turn: "$50? $60? Hmm.", "The 5th? Maybe the 6th?"
    rf"{_NUMBER}\s*\?+\s+(?:(?:or|maybe|perhaps)\s+)?{_NUMBER}\s*\?|"
    # a count said loosely: "for three nights, give or take two", "5 days or so", "2 bags, plus or minus one" (a
    # clock time "or so" is still the time asked for: "at 11:30 or so")
    rf"{_NUMBER}(?:\s+[a-z]+)?\s*,?\s+(?:give\s+or\s+take|plus\s+or\s+minus|more\s+or\s+less)\b"
    rf"(?:\s+{_NUMBER})?|{_NUMBER}\s+(?!(?:[ap]\.?m|o'?clock|in|on|at|the)\b)[a-z]+\s+or\s+so\b|"
    # a count that grows by an unknown number: "Two adults plus however many kids want to come", "3, plus a few more"
    rf"{_NUMBER}(?:\s+[a-z]+){{0,4}}\s*,?\s+(?:plus|and|\+)\s+(?:however\s+many|a\s+few|a\s+couple|some|maybe|"
    rf"possibly|whoever|anyone)\b|"
    # people counted in parts, no total said: "Two adults and one kid", "2 adults + 2 children"
    rf"{_NUMBER}\s+{_PERSONS}\s*,?\s+(?:and|plus|\+|with)\s+{_NUMBER}\s+{_PERSONS}|"
    # a value said roughly: "7-ish", "three hundred-ish", "Saturday-ish"
    rf"(?:{_NUMBER}(?:\s+[a-z]+)?|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s*-?ish\b|"
    # a count that may grow or shrink: "4 nights, could easily be more"
    rf"{_NUMBER}(?:\s+[a-z]+)?\s*,?\s+(?:(?:but\s+)?(?:it\s+)?(?:could|might|may)\s+(?:easily\s+|well\s+|also\s+)?be\s+"
    r"(?:more|less|fewer|longer|shorter)|or\s+(?:more|longer)|at\s+least)\b|"
    # one each, not a total: "One for each of my kids", "two per family", "one apiece"
    rf"{_NUMBER}(?:\s+[a-z]+)?\s+(?:for\s+(?:each|every)|per|apiece)\b",
    re.IGNORECASE)
# A number after a noun that a determiner or preposition opens labels that thing: "in unit 3 of my building",
# "at gate 5", "the bus 38". Not after words that qualify a count ("at least 3", "the other 2", "for about 4"),
# nor when the number goes on to count something ("the usual 2 tickets", "a table 4 people") or is a time.
_QUALIFIERS = (r"about|around|just|only|exactly|maybe|perhaps|probably|approximately|roughly|nearly|almost|like|"
               r"least|most|over|under|than|up|some|any|all|other|same|usual|remaining|first|last|next|extra|"
               r"additional|total|whole|full|entire|mere|another|those|these|max|maximum|min|minimum|top|final|"
               r"lucky|number|no|morning|afternoon|evening|night|noon|tonight|today|tomorrow")
_LABEL = re.compile(
    r"\b(?:in|at|on|from|of|near|by|the|my|our|your|his|her|their|this|that)\s+"
    rf"(?!(?:{_QUALIFIERS})\b)(?P<noun>(?-i:[a-z]{{2,}}))\s+#?(?P<number>\d+)[a-zA-Z]?\b"
    r"(?!\s*(?:[:.,]\d|[ap]\.?m\b|o'?clock|%))(?=(?:\s+(?P<next>[a-z']+))?)",
    re.IGNORECASE)


def _labels(text: str) -> list[tuple[int, int]]:
    """Where label numbers stand: the noun before is a noun (no function word: "stay in for 1 person"), and
    what follows is none of the thing's own noun (a function word, punctuation or the end: "unit 3 of")."""
    spans = []
    for found in _LABEL.finditer(text):
        following = (found.group("next") or "").lower()
        if found.group("noun").lower() in AFTER_A_DAY or (following and following not in AFTER_A_DAY):
            continue
        spans.append((found.start("number"), found.end("number")))
    return spans


# A token that is an identifier: joined by underscores, an e-mail or web address, or a code of capitals and digits
# in three parts or more joined by hyphens with a run of three digits ("CINE-3D-4471"; not "3-D", a date, "2019-03-10",
# or a suite, "Suite C-104").
# (A query string glued to a word leaves the word: "Avenue?rider_count=3" keeps "Avenue".)
_IDENTIFIER = re.compile(r"[\w.\-]*[^\W_]_\w[\w.\-]*|[\w.\-+]+@[\w\-]+\.[\w.\-]+|\b(?:https?://|www\.)\S+|"
                         r"(?-i:\b(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d{3})[A-Z0-9]+(?:-[A-Z0-9]+){2,}\b)",
                         re.IGNORECASE)


# A number, then a repair that names what it counted: "3. Suitcases, I mean", "Two - bags, I mean". The
# punctuation between is the pause before the afterthought, not a sentence end.
_REPAIRED_NOUN = re.compile(rf"(?:\b\d+|\b(?:{_UNITS}))(?P<gap>\s*[.;:!\u2013\u2014-]+\s*|\s*\.{{3}}\s*)"
                            r"(?=[A-Za-z]+(?:\s+[a-z]+)?\s*,?\s+I\s+mean\b)", re.IGNORECASE)


def repaired(text: str) -> str:
    """The line with the pause before a repair that names what a number counted closed up, every character in its
    place: "3. Suitcases, I mean" is read as "3  Suitcases, I mean", a number of suitcases."""
    if "mean" not in text:
        return text  # most lines hold no repair, and the pattern costs a scan
    out = list(text)
    for found in _REPAIRED_NOUN.finditer(text):
        out[found.start("gap"):found.end("gap")] = " " * (found.end("gap") - found.start("gap"))
    return "".join(out)


def undecided(text: str, typed: str | None = None) -> str:
    """The line with numbers left open and identifiers blanked, every other character in its place.

    `typed` is the line as the customer typed it, when `text` is already partly blanked or cut at a forged
    turn (every kept character in its place): identifiers are found there, since blanking may have cut one
    apart ("savings_user" -> "savings").
    """
    out = list(text)
    for start, end in _labels(text):
        out[start:end] = " " * (end - start)
    for found in _IDENTIFIER.finditer(typed if typed is not None else text):
        start, end = min(found.start(), len(out)), min(found.end(), len(out))
        out[start:end] = " " * (end - start)
    return _OPEN.sub(blank, "".join(out))
