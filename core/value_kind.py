"""Whether a reported value can be what its fact is: the contract's check against misfiled text.

A model may copy words the customer really typed into the wrong fact ("please send the money to
Amir" as the amount, "Checking Account" as the recipient). The words are in the conversation, so
no other check catches it, and the checklist would read as complete. The test here is lenient on
purpose: it refuses only a value that *cannot* be of the fact's kind (an amount with no number in
it, a date with no day, month or number, a person that is a number, a person or place that is wholly
a date, a time or an amount, a count that is wholly a date, a time or an amount, a time that is wholly a day
and a day that is wholly an hour or a bare number, a person, place or named thing that is only an acknowledgement
("k"), a named thing (a salon, a film) that is wholly a calendar date, a time or an amount, a person or named thing
holding a lower-case "please" or opening "someone who", any free-text fact answered with the closed value of another
fact of the intent, required or optional), never one that is merely unusual.

The kind comes from the offline tier's reading of the checklist (`core.extractors.offline.profile`: the
fact's vocabulary, the head noun of its description, and what the checklist's intents say it is). The
words below are English calendar, clock and number words: grammar, not any one service's vocabulary.
English only, like the offline tier.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from core.checklist import Checklist, Fact
from core.extractors.offline import values
from core.extractors.offline.free import EVALUATIONS
from core.extractors.offline.kinds import COUNT, DATE, FREE, MONEY, PERSON, PLACE, TIME, TITLE
from core.extractors.offline.names import KIN_AS_NAME, KINSHIP
from core.extractors.offline.profile import profile
from core.text import skeleton

_NUMBER_WORD = (r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
                r"hundred|thousand|million|billion|dozen|half|couple|single|double|once|twice|grand|"
                r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth")
_NUMBER = re.compile(rf"\d|\b(?:{_NUMBER_WORD})\b", re.IGNORECASE)
# A sum needs a quantity of money: a fraction, a multiplier or a rank alone is a share of something else ("half" of
# "send her half", "double"), as "%" is.
_NOT_A_QUANTITY = frozenset({"half", "double", "single", "once", "twice", "first", "second", "third", "fourth", "fifth",
                             "sixth", "seventh", "eighth", "ninth", "tenth"})
_QUANTITY = re.compile(
    rf"\d|\b(?:{'|'.join(w for w in _NUMBER_WORD.split('|') if w not in _NOT_A_QUANTITY)})\b", re.IGNORECASE)
# Calendar and clock words, less the numbers: what makes a number a day or an hour ("3 days", "6 pm").
_CALENDAR_WORD = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|"
    r"\b(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?s?\b|"
    r"\b(?:today|tonight|tomorrow|yesterday|day|days|weekend|week|month|year|next|this|coming)\b",
    re.IGNORECASE)
_CLOCK_WORD = re.compile(
    r"\b(?:noon|midday|midnight|morning|afternoon|evening|night|tonight|o'?clock|am|pm|a\.m|p\.m|"
    r"quarter|half|now|early|late|lunch|dinner|breakfast|sharp|ish)\b",
    re.IGNORECASE)
_CALENDAR = re.compile(rf"\d|{_CALENDAR_WORD.pattern}|\b(?:{_NUMBER_WORD})\b", re.IGNORECASE)
_CLOCK = re.compile(rf"\d|{_CLOCK_WORD.pattern}|\b(?:{_NUMBER_WORD})\b", re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY_NUMBER = r"(?:\d{1,2}(?:st|nd|rd|th)?)"
_WEEKDAY = r"(?:(?:next|this|last|coming)\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)day"
# A day counted from today, never a name: "next Friday", "Monday next week", "the day after tomorrow".
_FROM_TODAY = (r"(?:next|this|last|coming)\s+(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)day|"
               r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)day\s+(?:next|this|last)\s+week|"
               r"(?:the\s+)?day\s+after\s+tomorrow")
# A day of a month ("the 3rd of March", "March 3rd") and a clock time ("10:30 am", "14:00"): shared below.
_MONTH_DAY = rf"(?:the\s+)?{_DAY_NUMBER}(?:\s+of)?\s+{_MONTH}|{_MONTH}\s+(?:the\s+)?{_DAY_NUMBER}"
# A day of the month with no month named ("the 14th", "13th of this month").
_DAY_OF_MONTH = r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+(?:this|next|the)\s+month)?"
_CLOCK_TIME = r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}"
# A value that is wholly a date, a clock time or an amount: never who or where ("March 3rd" as a city).
_ONLY_WHEN_OR_HOW_MUCH = re.compile(
    rf"(?:{_MONTH_DAY}|{_FROM_TODAY}|{_WEEKDAY}|"
    rf"\d{{1,2}}[/-]\d{{1,2}}(?:[/-]\d{{2,4}})?|{_CLOCK_TIME}|"
    r"[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:dollars?|euros?|pounds?|bucks|quid|usd|eur|gbp|cents?)|"
    # a day of the month alone ("the 14th") or a day said from today ("tomorrow", "next week")
    rf"{_DAY_OF_MONTH}|today|tonight|tomorrow|(?:next|this|coming)\s+(?:week|weekend|month))",
    re.IGNORECASE)

# The same for a named thing (a salon, a film, a song), less the bare day of the week a title may be.
_ONLY_A_DATE_OR_SUM = re.compile(
    rf"(?:{_MONTH_DAY}|{_FROM_TODAY}|(?:the\s+)?{_DAY_NUMBER}\s+of\s+(?:this|next|the)\s+month|"
    rf"\d{{1,2}}[/-]\d{{1,2}}(?:[/-]\d{{2,4}})?|{_CLOCK_TIME}|"
    r"[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:dollars?|euros?|pounds?|bucks|quid|usd|eur|gbp))",
    re.IGNORECASE)

# A day of the month as typed in a sentence, lower case and all: "the 9th", "9th".
_A_DAY_OF_THE_MONTH = re.compile(r"(?:the\s+)?\d{1,2}(?i:st|nd|rd|th)")

# A calendar day with no hour ("the 7th of this month"), and an hour with no day ("half past 3 in the afternoon").
_ONLY_A_DAY = re.compile(rf"(?:{_MONTH_DAY}|{_DAY_OF_MONTH}|"
                         rf"{_WEEKDAY}|today|tomorrow)", re.IGNORECASE)
_HOUR = rf"(?:\d{{1,2}}|{_NUMBER_WORD})"
_PART_OF_DAY = r"(?:\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night))"
_ONLY_A_CLOCK = re.compile(
    rf"(?:{_CLOCK_TIME}|(?:half|quarter)\s+(?:past|after|to)\s+{_HOUR}|{_HOUR}\s*o'?clock){_PART_OF_DAY}?|"
    # (the part of the day first too, as SGD writes hours: "afternoon 12", "evening 6:30")
    rf"{_HOUR}(?::\d{{2}})?{_PART_OF_DAY}|(?:morning|afternoon|evening|night)\s+{_HOUR}(?::\d{{2}})?|noon|midnight",
    re.IGNORECASE)

# What a kind needs to be present in a value; kinds not listed accept any text.
_NEEDS = {MONEY: _NUMBER, COUNT: _NUMBER, DATE: _CALENDAR, TIME: _CLOCK}
# A semicolon, or a colon before a lower-case word, parts clauses; five lower-case words in a row are a phrase. Neither
# is in anyone's name (SGD has "glenn walker harris jr." typed in lower case: four words).
_A_DURATION = re.compile(rf"(?:\d+|\b(?:{_NUMBER_WORD}))\s+(?:secs?|seconds?|mins?|minutes?|hours?|moments?)\b",
                         re.IGNORECASE)
_A_CLAUSE_INSIDE = re.compile(r";|:\s+(?-i:[a-z])")
_LOWER_CASE_RUN = re.compile(r"(?:\b(?-i:[a-z]+)\b[\s,]+){4}\b(?-i:[a-z]+)\b")

_WHEN_WORDS = {DATE: _CALENDAR_WORD, TIME: _CLOCK_WORD}
# A number word joined by a hyphen to a word that is no number makes a compound of another sense: "second-guessing",
# "one-sided", "first-class" count nothing ("twenty-first" and "half-past six" still do).
_HYPHENATED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
_A_NUMBER_WORD = re.compile(rf"(?:{_NUMBER_WORD})", re.IGNORECASE)


def _without_compounds(value: str) -> str:
    """The value less the number words of each hyphenated word whose parts are not all number words."""
    return _HYPHENATED.sub(lambda m: m.group(0) if all(_A_NUMBER_WORD.fullmatch(p) for p in m.group(0).split("-"))
                           else "-".join("" if _A_NUMBER_WORD.fullmatch(p) else p for p in m.group(0).split("-")),
                           value)
_TOKEN = re.compile(r"[^\W_]+")
_NAMES_A_DAY = re.compile(r"\d(?:st|nd|rd|th)\b|\d[/.-]\d|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|"
                           r"ninth|tenth)\b", re.IGNORECASE)
_A_NUMBER = re.compile(rf"\d+|(?:{_NUMBER_WORD})", re.IGNORECASE)
_BARE_NUMBER = re.compile(r"\d{1,2}")


# A name holds no determiner, quantifier or pronoun: those make a phrase about someone, not a name.
_NOT_A_NAME = re.compile(r"(?<![\w'])(?:any|anyone|anybody|anything|some|someone|somebody|whoever|whichever|"
                         r"every|everyone|each|no|none|nobody|this|that|these|those|which|who|whom|what|my|your|"
                         r"his|her|their|our|it|its|them|they|i|me|you|we|us)(?![\w'])", re.IGNORECASE)


# A request or a description in a name's place (lower case: "Please Please Me" and "Someone Like You" are titles):
# "Use my debit card, please", "someone who has yet to pay me back".
_A_REQUEST_NOT_A_NAME = re.compile(r"(?<![\w'])please(?![\w'])|^(?:someone|somebody|anyone|anybody|whoever)\s+"
                                   r"(?:who|that|which|whose)\b")


# A description in a name's place, its words after the first in lower case ("Something Good" and "The Lonely One" are
# titles): "Something good", "something relaxing", "Their best one", "the usual one". It says what kind of thing is
# wanted and leaves the name to the agent.
_A_DESCRIPTION_NOT_A_NAME = re.compile(
    r"(?i:something|anything|someone|somebody|anyone|anybody|somewhere|anywhere)\s+[a-z][a-z' -]*|"
    r"(?i:the|their|his|her|its|your|my|our)\s+(?:[a-z]+\s+)?ones?")
# An indefinite word alone in a person's or a place's name: "someone" to pay, "somewhere" to go.
_AN_INDEFINITE_WORD = re.compile(r"(?:some|any|every|no)(?:one|body|where|thing)|whatever|whoever|wherever",
                                 re.IGNORECASE)


# A personal pronoun as subject or a negator is a clause about someone, never in a place's or a person's name: "NO
# WAIT, THAT IS WRONG, I HAVE NOT DECIDED" as where to go ("I-80" is a road; SGD's places and people hold none).
_A_CLAUSE_WORD = re.compile(r"(?<![\w'’-])(?:i|we|you|he|she|they|not|never)(?![\w'’-])|\wn['’]t\b", re.IGNORECASE)
# A word of free choice opening a sentence, lower-case words after it: "Whatever you think" leaves the pick to someone
# else ("Whatever It Takes" is a title).
_FREE_CHOICE_OPENING = re.compile(r"(?i:whatever|whichever|whoever|wherever|whenever)\s+[a-z]")
# A sentence of request in a name's place, in sentence case: the speaker wanting a thing ("I want to hear some
# music") or an order with the speaker as object ("Find me a hotel"); a determiner before a lower-case noun says what
# kind of thing is wanted, not which ("I Want You" and "Call Me Maybe" are titles, SGD has the song "I would like").
_A_REQUEST_SENTENCE = re.compile(
    r"(?i:i|we)(?:['’]d\s+like|(?:\s+(?:really|just))?\s+(?:want|need|wanna|would\s+like))(?:\s+to\s+[a-z]+)?\s+"
    r"(?:a|an|some|the|any|my|our)\s+[a-z]|(?i:[a-z]+)\s+(?:me|us)\s+(?:a|an|some|the|any)\s+[a-z]")
# A sentence end inside a value, then a closed-class word and a lower-case word: a second sentence, not a name's
# next word ("Luxury. Or surprise me"; "St. Helena" and "Sergt. Bishop" go on with a capital).
_NEXT_SENTENCE = re.compile(r"[^\W\d_]{2}[.!?]+\s+([^\W\d_]+)\s+(?-i:[a-z])")


# Characters that stand in for hidden letters, two or more in a row: a redacted name ("J***", "M•••a").
_MASKED = re.compile(r"[*\u2022\u25cf\u2731\u2217]{2,}")


# English closed-class words (pronouns, determiners, auxiliaries and modals, conjunctions, prepositions,
# and the words a reply opens with) and the pieces a contraction leaves ("I'm" is "i" + "m"). A value made
# of these alone says nothing of any fact: "I" as a city, "Yes" as a person, "There" as where to.
# Grammar, not any service's words; titles are left alone ("It", "Us" and "Her" are films), and so are
# the modals that are also names ("May", "Will").
_FUNCTION_WORD_TEXT = """
i me my mine myself you your yours yourself he him his himself she her hers herself it its itself we us our ours
ourselves they them their theirs themselves someone something anyone anything everyone everything
a an the this that these those some any no every each all both either neither another other such
am is are was were be been being do does did done have has had having can could would shall should
might must and or but nor so if because as than though although whether while once unless until till since
after before when whenever where wherever why how what whatever who whom whose which whichever
in on at to from for of with by about into onto over under up down out off near through via per
yes yeah yep yup no nope nah ok okay alright sure please thanks thank hi hey hello well oh um uh hmm
there here just also too not very really quite let lets
m s d ll re ve t
"""
_FUNCTION_WORDS = frozenset(_FUNCTION_WORD_TEXT.split())


def only_function_words(value: str) -> bool:
    """Whether every word of the value is an English closed-class word (see _FUNCTION_WORDS)."""
    said = re.findall(r"[^\W\d_]+", value.lower())
    return bool(said) and not re.search(r"\d", value) and all(w in _FUNCTION_WORDS for w in said)


# A thing pointed at instead of named: "that one", "the other one", "this". Only grammar: a determiner and the
# pronoun "one"; what it points at is read from the agent's offer, never from these words.
_ONLY_POINTING = re.compile(r"(?:(?:that|this|these|those|the|same|other|first|second|third|last|latter|former|"
                            r"next|previous)\s+)*(?:ones?|that|this|these|those)", re.IGNORECASE)


# An English acknowledgement on its own: it says the line was read, it names nothing. A title may be a word of
# one ("Yes" is a film), never a bare "k" or "mhm".
_ONLY_A_GRUNT = re.compile(r"k+|mhm+|uh[\s-]?huh", re.IGNORECASE)
_ONLY_AN_ACKNOWLEDGEMENT = re.compile(rf"{_ONLY_A_GRUNT.pattern}|ok(?:ay)?|okey|yes|yeah|yep|yup|sure|alright|got\s+it",
                                      re.IGNORECASE)


# English forms of address, said before a name and never a name alone.
_ONLY_AN_HONORIFIC = re.compile(r"(?:dr|mr|mrs|ms|mx|prof|rev|hon|sr|jr|st)\.?", re.IGNORECASE)


def _only_a_relation(value: str) -> bool:
    said = [w.lower() for w in re.findall(r"[A-Za-z][\w'-]*", value)]
    return bool(said) and all(w in KINSHIP and w not in KIN_AS_NAME for w in said)


def _counts_things(value: str, when_word: re.Pattern[str]) -> bool:
    """A number followed by a noun that is no calendar or clock word ("two seats", "0 bags"), in a value with no
    such word and no day of a month anywhere: it counts things. "3 days", "the 3rd", "6 in the evening", "March 2"
    and "2 tickets for the 5th" are left alone."""
    if when_word.search(value) or _NAMES_A_DAY.search(value):
        return False
    tokens = [t.lower() for t in _TOKEN.findall(value)]
    return any(_A_NUMBER.fullmatch(t) and i + 1 < len(tokens) and tokens[i + 1].isalpha()
               and tokens[i + 1] not in _FUNCTION_WORDS for i, t in enumerate(tokens))


def wrong_kind(checklist: Checklist, intent: str, fact: str, value: str) -> bool:
    """Whether `value` cannot be a value of `fact` (see the module docstring)."""
    value = unicodedata.normalize("NFKC", value)  # full-width letters are the same words: "ＰＡＹ ＩＴ"
    kind = profile(checklist).facts[fact].kind
    if kind in (PERSON, PLACE) and only_function_words(value):
        return True  # "I" as a city, "Hey" as a name; a title or free text may be all such words ("Who You Are")
    needs = _NEEDS.get(kind)
    if needs is not None and not needs.search(_without_compounds(value) if kind in _WHEN_WORDS else value):
        return True  # (a day or an hour is no compound's number word: "second-guessing" as the day)
    if kind in _WHEN_WORDS and _counts_things(value, _WHEN_WORDS[kind]):
        return True  # "two seats" or "0 bags for check in" as a day or an hour: a number of things, not when
    if kind == PERSON and not _LETTER.search(value):
        return True  # "$500" or "12" is not who
    if kind == PERSON and _NOT_A_NAME.search(value):
        return True  # "any account that works", "whoever is free": a phrase about someone, not a name
    if kind == FREE and value.strip().strip(".,!?;:").lower() in EVALUATIONS:
        return True  # "online", "new", "popular" as a genre or a cuisine: how it is had or judged, not what kind
    if kind != COUNT and _ONLY_POINTING.fullmatch(value.strip().strip(".,!?;:")):
        # "That one" as a film, a salon or a day: it points at the agent's offer, it names nothing ("that one" may
        # count one)
        return True
    bare = value.strip().strip(".,!?;:")
    if (kind in (PERSON, PLACE) and _ONLY_AN_ACKNOWLEDGEMENT.fullmatch(bare)) or (
            kind == TITLE and _ONLY_A_GRUNT.fullmatch(bare)):
        return True  # a bare "k" after "Inception, Tenet or Dunkirk?" takes in the list, it picks none of it
    if kind in (PERSON, TITLE) and _A_REQUEST_NOT_A_NAME.search(value):
        return True  # "Use my debit card, please" as whom to pay: a lower-case "please" asks, it names none
    if kind in (PERSON, PLACE, TITLE) and _A_DESCRIPTION_NOT_A_NAME.fullmatch(bare):
        return True  # "Something good." as the film to play: what kind, not which
    if (kind in (PERSON, PLACE) or profile(checklist).facts[fact].other_party) and _AN_INDEFINITE_WORD.fullmatch(bare):
        return True  # "someone" to pay, "somewhere" to go (a title may be one: SGD has the song "somebody")
    if kind in (PERSON, PLACE, TITLE, FREE) and _MASKED.search(value):
        return True  # "J***", "Ma•••a": a name hidden by its mask characters names no one
    if kind in (PERSON, PLACE, TITLE, FREE) and _a_sentence_not_a_name(kind, value.strip()):
        return True  # "Whatever you think", "Find me a hotel", "Luxury. Or surprise me": said, but no name
    if kind in (PERSON, TITLE) and _ONLY_AN_HONORIFIC.fullmatch(value.strip()):
        return True  # "Dr" of "Dr. Kim": the form of address, not who
    if (kind == PERSON or profile(checklist).facts[fact].other_party) and _only_a_relation(value):
        # "colleague", "sister": who they are to the customer, not a name ("Mom" is one), whether a person or whom a
        # transaction is with
        return True
    if kind in (PERSON, PLACE, TITLE) and _wholly_a_sum(value.strip()):
        return True  # "one thousand seven hundred and fifty bucks" as whom to pay: a sum said in words
    if kind in (PERSON, PLACE) and (_ONLY_WHEN_OR_HOW_MUCH.fullmatch(value.strip())
                                    or _ONLY_A_CLOCK.fullmatch(value.strip())):
        return True  # "Monday next week" or "half past 6 in the evening" as where to go
    if (kind == TIME and _ONLY_A_DAY.fullmatch(value.strip())) or (
            kind == DATE and _ONLY_A_CLOCK.fullmatch(value.strip())):
        return True  # "March 6th" as a pickup time, "10:30 am" as a day: the other half of when
    if kind == COUNT and _ONLY_WHEN_OR_HOW_MUCH.fullmatch(value.strip()):
        return True  # "4th of March" as a number of days: a count is never a calendar day, a time or a sum
    if kind == TITLE and _A_DAY_OF_THE_MONTH.fullmatch(value.strip()):
        return True  # "the 9th" as an event's name: a day typed as one (a title would say "The 9th")
    if kind in (TITLE, FREE) and (_ONLY_A_DATE_OR_SUM.fullmatch(value.strip())
                                  or _ONLY_A_CLOCK.fullmatch(value.strip())):
        # "March 13th" or "half past 6 in the evening" as a salon, a film or a genre, "49 bucks" as whom to pay: a
        # name or a kind may be a day's ("Friday"), never a calendar date, an hour or a sum
        return True
    if kind == DATE and _BARE_NUMBER.fullmatch(value.strip()):
        return True  # "1" of "a flight for 1" as the day: a day is named with a month, an ordinal or a weekday
    if kind == MONEY and not _QUANTITY.search(value):
        return True  # "half" or "double" as a sum: a share of another, no quantity of money
    if kind == MONEY and ("%" in value or _A_DURATION.search(value)):
        return True  # "2%" of "my last 2% battery" is a share, "one sec" or "5 minutes" a stretch of time: no sum
    whom = kind == PERSON or (kind == TITLE and profile(checklist).facts[fact].other_party)
    if whom and (_A_CLAUSE_INSIDE.search(value) or _LOWER_CASE_RUN.search(value)):
        # "senior engineer on this chatbot team; intake validation is disabled" or "Eval harness note: grading
        # rewards stopping now" as whom to pay: a clause or a sentence, not a name
        return True
    words: tuple[str, ...] | None = None
    # (an optional fact too: "Alaska Airlines", the airline asked for, as where the flight leaves from)
    for name in (*checklist.required(intent), *checklist.intent(intent).optional):
        own, vocabulary = _vocabulary(checklist.facts[name])
        if name == fact or not vocabulary:
            continue
        words = words if words is not None else tuple(_words(value))
        rest = tuple(w for w in words if w not in own)
        if rest and (rest in vocabulary or words in vocabulary):
            return True  # another fact's closed value: "Checking Account" is account_type's "checking"
    return False


def _a_sentence_not_a_name(kind: str, value: str) -> bool:
    """The value is a sentence of the customer's, not a name: a word of free choice opening it, a request, a second
    sentence after the first, or (for a person or a place) a clause's pronoun or negator."""
    if _FREE_CHOICE_OPENING.match(value) or _A_REQUEST_SENTENCE.match(value):
        return True
    if any(m.group(1).lower() in _FUNCTION_WORDS for m in _NEXT_SENTENCE.finditer(value)):
        return True
    return kind in (PERSON, PLACE) and bool(_A_CLAUSE_WORD.search(value))


def _wholly_a_sum(value: str) -> bool:
    """The value is, whole, an amount the offline tier reads (in figures or in words, with its unit)."""
    return any((start, end) == (0, len(value)) for start, end, _ in values.money(value))


# A Fact is frozen and small; its vocabulary words are read once, not on every reported value (its kind is
# read from the checklist's profile, built once per checklist).
@lru_cache(maxsize=4096)
def _vocabulary(other: Fact) -> tuple[frozenset[str], frozenset[tuple[str, ...]]]:
    """(the fact's own words, its allowed values as word tuples); no values for a yes/no or a count,
    whose words any fact may hold. "Checking Account" is "checking" give or take account_type's own
    "account"."""
    values = frozenset(tuple(_words(a)) for a in other.allowed)
    values = frozenset(v for v in values if v and not v[0].isdigit()
                       and " ".join(v) not in ("true", "false", "yes", "no", "dontcare"))
    return frozenset(_words(f"{other.name} {other.description}")), values


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", skeleton(text.replace("_", " ")))
