"""Value detectors for amounts, numbers, dates and times: spans of the customer's own words, verbatim.

A span is (start, end, value). Nothing is normalised: the grader and the answer contract
both want the customer's exact words ("$1,630", "980 bucks", "eight hundred and ten dollars").
"""

from __future__ import annotations

import re

Span = tuple[int, int, str]

_UNIT_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
              r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety)")
_SCALE_WORD = r"(?:hundred|thousand|million|grand)"
_NUMBER_WORD = rf"(?:{_UNIT_WORD}|{_SCALE_WORD})"
# "a" counts only before a scale word: "a hundred bucks", not "a one hundred ... payment".
_NUMBER_WORDS = rf"(?:(?:a\s+(?={_SCALE_WORD}))?{_NUMBER_WORD}(?:(?:\s+|-|\s+and\s+){_NUMBER_WORD})*)"
_DIGITS = r"\d+(?:,\d{3})*(?:\.\d+)?"
# Currencies as English names them, by sign, word or code: "$40", "€40", "40 euros", "40 quid", "40 GBP".
CURRENCY_WORDS = frozenset({"dollar", "dollars", "buck", "bucks", "euro", "euros", "pound", "pounds", "quid", "yen",
                            "yuan", "rupee", "rupees", "peso", "pesos", "franc", "francs", "reais",
                            "ruble", "rubles", "rouble", "roubles", "lira", "krona", "kronor", "krone", "kroner",
                            "shekel", "shekels", "dirham", "dirhams", "baht", "ringgit", "dinar", "dinars", "zloty",
                            "usd", "eur", "gbp", "jpy", "cny", "inr", "cad", "aud", "chf", "mxn", "brl"})
_SIGN = r"[$€£¥₹₩₽₺₪]"
_CURRENCY = rf"(?:{'|'.join(sorted(CURRENCY_WORDS, key=len, reverse=True))})"
# A fraction said in words belongs to the amount: "two and a half thousand dollars", "forty two dollars
# and fifty cents", "$42 and 50 cents".
_HALF = r"(?:\s+and\s+a\s+half)"
_CENTS = rf"(?:\s+and\s+(?:\d{{1,2}}|{_NUMBER_WORDS})\s+cents?\b)"
MONEY = re.compile(
    rf"(?<![\w$€£¥₹₩₽₺₪])(?:{_SIGN}\s?{_DIGITS}(?:\s?(?:k|grand)\b)?|{_DIGITS}\s?(?:{_SIGN}|{_CURRENCY}\b)|"
    rf"\b{_NUMBER_WORDS}{_HALF}?(?:\s+{_SCALE_WORD})?\s+{_CURRENCY}\b){_CENTS}?",
    re.IGNORECASE,
)
# (a share is no count nor sum: "my last 2% battery", "10 percent")
BARE_NUMBER = re.compile(rf"(?<![\w$:.,]){_DIGITS}(?![\w:%]|[.,]\d|\s*(?:%|percent\b|per\s+cent\b))|"
                         rf"\b{_NUMBER_WORDS}\b(?!\s*(?:%|percent\b|per\s+cent\b))", re.IGNORECASE)

_MONTH = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?")
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_ORDINAL = (r"(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
            r"twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|"
            r"twenty[-\s](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|thirtieth|thirty[-\s]first)")
DATE = re.compile(
    rf"\b(?:"
    # "tonight" says the part of a day (an evening) more than which day: it is read as no date
    rf"(?:the\s+)?day\s+after\s+tomorrow|(?:later\s+)?today|tomorrow|"
    rf"(?:next|this|coming)\s+{_WEEKDAY}|{_WEEKDAY}\s+(?:next|this)\s+week|(?:this|next)\s+week\s+{_WEEKDAY}|"
    rf"{_MONTH}\s+(?:the\s+)?{_ORDINAL}|{_MONTH}\s+\d{{1,2}}\b|"
    rf"(?:the\s+)?{_ORDINAL}\s+of\s+(?:{_MONTH}|(?:this|next|the)\s+month)|"
    rf"the\s+{_ORDINAL}|\d{{1,2}}(?:st|nd|rd|th)|"
    rf"{_WEEKDAY}"
    rf")(?!\w)",
    re.IGNORECASE,
)
_CLOCK_NUMBER = rf"(?:\d{{1,2}}(?::\d{{2}})?|{_UNIT_WORD}(?:[\s-](?:thirty|fifteen|forty[\s-]five|o\s?\d))?)"
_DAYPART = r"(?:in\s+the\s+(?:morning|afternoon|evening|night)|at\s+night|tonight|a\.?m\.?|p\.?m\.?)"
TIME = re.compile(
    rf"(?<![\w:])(?:"
    rf"(?:(?:quarter|half)\s+(?:past|to|after)\s+{_CLOCK_NUMBER}(?:\s+o['\"’]?\s?clock)?(?:\s+{_DAYPART})?)|"
    rf"(?:(?:morning|afternoon|evening|night)\s+{_CLOCK_NUMBER})|"
    rf"(?:\d{{1,2}}:\d{{2}}(?:\s*{_DAYPART})?)|"
    rf"(?:{_CLOCK_NUMBER}\s*(?:o['\"’]?\s?clock)(?:\s+{_DAYPART})?)|"
    rf"(?:{_CLOCK_NUMBER}\s*{_DAYPART})|"
    rf"noon|midnight"
    rf")(?![\w:])",
    re.IGNORECASE,
)


def find(pattern: re.Pattern, text: str) -> list[Span]:
    return [(m.start(), m.end(), m.group(0).strip()) for m in pattern.finditer(text)]


def money(text: str) -> list[Span]:
    return find(MONEY, text)


def numbers(text: str) -> list[Span]:
    return find(BARE_NUMBER, text)


# "one" after a determiner, with at most one word or an hour between, stands for a thing named before: "Which one has
# more in it?", "the cheaper one", "that red one" ("just the one" and "only the one" still count one).
_ONE_AS_PRONOUN = re.compile(r"(?<!just\s)(?<!only\s)\b(?:which|what|that|this|the|each|any|every|no|another|either|"
                             # (or an hour between: "the 10:15 am one")
                             r"neither|other|whichever)\s+(?:[a-z]+\s+|\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?)?\s+)?$",
                             re.IGNORECASE)


# "one sec", "one moment": asking for a moment counts nothing of a form.
_A_MOMENT = re.compile(r"\s+(?:sec|secs|second|minute|min|moment|mo)\b", re.IGNORECASE)


def pronoun_one(text: str, start: int, end: int) -> bool:
    """The word "one" at text[start:end] stands for a thing, or asks for a moment ("one sec"), not a number."""
    return text[start:end].lower() == "one" and bool(_ONE_AS_PRONOUN.search(text, 0, start)
                                                     or _A_MOMENT.match(text, end))


# English plurals that do not end in -s, and words ending in -s that are no plural noun.
_IRREGULAR_PLURALS = frozenset({"people", "children", "men", "women", "folks", "feet", "geese", "mice", "teeth"})
_S_NOT_PLURAL = frozenset({"this", "was", "has", "its", "yes", "plus", "less", "unless", "thus", "whereas", "besides",
                           "towards", "does", "goes", "always", "perhaps", "sometimes", "afterwards", "upwards",
                           # third-person verbs and thanks, which follow a bare number as often as a noun does
                           "sounds", "works", "seems", "looks", "suits", "means", "thanks", "needs", "wants"})


def plural_noun(word: str) -> bool:
    """Whether an English word reads as a plural noun ("cats", "nights", "people"): the word a number counts."""
    word = word.lower()
    if word in _IRREGULAR_PLURALS:
        return True
    return (len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "'s"))
            and word not in _S_NOT_PLURAL)


def in_a_measure(text: str, start: int, end: int) -> bool:
    """text[start:end] is a number inside a longer clock time, date or sum ("3" of "3:30 pm", of "March 3rd", of
    "$30"): it names that, not a count or a vocabulary number of its own."""
    if not text[start:end].strip().isdigit():
        return False
    return any(s <= start and end <= e and (s, e) != (start, end)
               for pattern in (DATE, TIME, MONEY) for s, e in (m.span() for m in pattern.finditer(text)))


# A code: letters and digits joined by hyphens, slashes or underscores, holding a run of three digits ("IMAX-3D-0042",
# "PNR/AB12-3456"): an identifier typed whole, whose pieces are no words of the customer's.
_CODE = re.compile(r"[^\W_]+(?:[-/_][^\W_]+)+")


def in_a_code(text: str, start: int, end: int) -> bool:
    """text[start:end] is a piece of a longer code ("3D" of "my membership ID is IMAX-3D-0042")."""
    return any(s <= start and end <= e and (s, e) != (start, end) and re.search(r"\d{3}", m.group(0))
               for m in _CODE.finditer(text, max(0, start - 40), min(len(text), end + 40))
               for s, e in [m.span()])


# A capitalised noun right before a number names a thing by it: "Door 3", "Gate 12", "Terminal 2", "Room 305".
_NAMED_BY_NUMBER = re.compile(r"(?-i:[A-Z][a-z]+)[ \t]+$")
_WORD_AFTER = re.compile(r"[ \t]+([A-Za-z]+)")
# Words after a number that it cannot count: "Door 3 of the Hyatt", "Gate 12 at noon".
_NOT_COUNTED = frozenset({"of", "at", "in", "on", "to", "from", "by", "near", "and", "or", "but", "so", "then",
                          "please", "is", "was", "i", "we", "it", "which", "that"})


def labelled_number(text: str, start: int, end: int) -> bool:
    """text[start:end] is a number naming a thing with the capitalised noun before it ("I'm waiting at Door 3 of the
    Hyatt": no 3 people), not the first word of a sentence nor a month ("March 3"), and counting no word after it
    ("Ok, Reserve 3 ticket" counts tickets)."""
    if not text[start:end].isdigit():
        return False
    after = _WORD_AFTER.match(text, end)
    if after is not None and after.group(1).lower() not in _NOT_COUNTED:
        return False
    noun = _NAMED_BY_NUMBER.search(text, max(0, start - 30), start)
    if noun is None or re.fullmatch(_MONTH, noun.group(0).strip(), re.IGNORECASE):
        return False
    before = text[:noun.start()].rstrip()
    return bool(before) and before[-1] not in ".!?:;\"'(“‘\n"


# "1. passport 2. charger", "1) are utilities included, 2) is there parking?": numbers that label a list.
_LIST_LABEL = re.compile(r"(?<![^\s:;,(])(\d{1,2})[.)](?=\s+\S)")


def list_labels(text: str) -> set[tuple[int, int]]:
    """Spans of the numbers that label the items of a list: a number before "." or ")" whose successor
    labels another item in the same text. A label counts nothing and names no day."""
    found = [(m.start(1), m.end(1), int(m.group(1))) for m in _LIST_LABEL.finditer(text)]
    numbers = {n for _, _, n in found}
    return {(s, e) for s, e, n in found if n + 1 in numbers or n - 1 in numbers}


# An ordinal before a noun that counts occurrences is not a date: "the third time", "the 2nd attempt".
_COUNTED = re.compile(r"\s+(?:times?|attempts?|tries|try|rounds?|calls?|requests?|reminders?|warnings?|ones?)\b",
                      re.IGNORECASE)


# A bare ordinal before a capitalised word other than a month opens a name: "3rd Street Cinema", "5th Avenue".
_NAMED_AFTER = re.compile(rf"\s+(?!{_MONTH}(?!\w)|I\b)[A-Z]")
_BARE_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)", re.IGNORECASE)  # "20Th Salon and Barber" too


# An ordinal alone ("the 3rd", "the first") before a lower-case word is a day only when that word can follow a
# day: a preposition, conjunction or adverb, a verb, or a part of the day ("the 3rd at 5", "the 5th works",
# "the 9th morning"); before any other word it orders a thing: "the 3rd floor", "the first open slot".
_ORDINAL_ONLY = re.compile(rf"(?:the\s+)?{_ORDINAL}", re.IGNORECASE)
_NEXT_WORD = re.compile(r"\s+([a-z][a-z']*)")
AFTER_A_DAY = frozenset(re.findall(r"\S+", """
of at in on and or but for to from until till through thru around about by with without instead please then so too
if as when which that than is was are were be been will would could should can may might must shall do does did
works work worked sounds sound suits suit fits fit is's isn't won't wouldn't doesn't
i i'm i'd i'll we we'd we'll you it it's there this next again also only just either maybe perhaps
starting leaving arriving departing returning checking coming going back onward onwards
check book reserve pick drop leave return stay arrive depart fly go come get need want like prefer make
morning afternoon evening night noon midnight am pm a.m. p.m. o'clock
the a an my our your
"""))


# An ordinal that is called something is a thing, never a day: "The first is called Affordable Housing".
_CALLED = re.compile(r"\s+(?:is|was|one\s+is)\s+(?:called|named|titled)\b", re.IGNORECASE)


# An ordinal after a possessive orders that one's things, never a day of the month: "my 4th stay there".
_POSSESSED = re.compile(r"\b(?:my|our|your|his|her|their|its)\s+$", re.IGNORECASE)


def possessed_ordinal(text: str, span: Span) -> bool:
    """A bare ordinal after a possessive ("my 4th stay"): it orders that one's things, never a day."""
    return bool(_ORDINAL_ONLY.fullmatch(span[2])) and _POSSESSED.search(text, 0, span[0]) is not None


def _orders_a_thing(text: str, span: Span) -> bool:
    if not _ORDINAL_ONLY.fullmatch(span[2]):
        return False
    if _CALLED.match(text, span[1]) or possessed_ordinal(text, span):
        return True
    following = _NEXT_WORD.match(text, span[1])
    return following is not None and following.group(1) not in AFTER_A_DAY


def dates(text: str) -> list[Span]:
    spans = [s for s in find(DATE, text) if not _COUNTED.match(text, s[1])
             and not (_BARE_ORDINAL.fullmatch(s[2]) and _NAMED_AFTER.match(text, s[1]))
             and not _orders_a_thing(text, s)
             and not (_BARE_DAY_NAME.fullmatch(s[2].rstrip(".")) and _NAME_GOES_ON.match(text, s[1]))]
    return _longest([_no_article(_no_full_stop(s)) for s in spans])


# A weekday's name heading a name in capitals is the name's word, not a day: "Friday Night Lights was on TV",
# "Monday Blues" ("Friday Night" alone, "Friday March 8th" and "FRIDAY AT 5" are days).
_BARE_DAY_NAME = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day", re.IGNORECASE)
_NAME_GOES_ON = re.compile(
    r"(?-i:\s+(?:Morning|Afternoon|Evening|Night|Noon)\s+[A-Z][a-z]+|"
    r"\s+(?!(?:Morning|Afternoon|Evening|Night|Noon|January|February|March|April|May|June|July|August|September|"
    r"October|November|December|The|This|Next|Or|And|At|On|In|For|Works|Is|Please|Then)\b)[A-Z][a-z]+)")


def _no_article(span: Span) -> Span:
    """'the 12th of March' is said as '12th of March'; a bare 'the 12th' keeps its article."""
    start, end, value = span
    if value.lower().startswith("the ") and " of " in value.lower():
        cut = len(value) - len(value[4:].lstrip())
        return start + cut, end, value[cut:]
    return span


def times(text: str) -> list[Span]:
    return _longest([_no_full_stop(s) for s in find(TIME, text)])


def _no_full_stop(span: Span) -> Span:
    """'five pm.' at the end of a sentence is 'five pm'; 'p.m.' keeps its own dots."""
    start, end, value = span
    if value.endswith(".") and not re.search(r"\b[ap]\.m\.$", value, re.IGNORECASE):
        return start, end - 1, value[:-1]
    return span


def _longest(spans: list[Span]) -> list[Span]:
    kept: list[Span] = []
    for span in sorted(spans, key=lambda s: (s[0], -(s[1] - s[0]))):
        if kept and span[0] < kept[-1][1]:
            continue
        kept.append(span)
    return kept
