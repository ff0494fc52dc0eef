"""What kind of value a fact holds, read from what the fact is: its vocabulary, else the head noun of its description.

`fact_kind(checklist, fact)` returns one of:

- `closed`: a vocabulary of allowed values (not one of the two below);
- `boolean`: a vocabulary of True/False;
- `count`: a number of things (a vocabulary of digits, or "Number of days in the stay");
- `money`: an amount ("The amount of money to transfer", "Price of the ticket");
- `date`, `time`: when ("Start date for the trip", "Time of the show");
- `place`: where ("City where the event is", "Location of the hotel", "The name of the airport or city");
- `person`: who ("Name of the dentist", "The account name of the recipient who is to receive ...");
- `title`: the proper name of a thing ("Name of the restaurant", "Title of the movie");
- `free`: anything else, said in the customer's words ("Cuisine of food served", "Genre of the song").

The reading is English grammar: the description's first noun phrase gives the head noun ("Start date
for the trip" -> date, "fare class" -> class); "name" and "title" take their kind from what they name
("name of the city" is a place, "name of the dentist" a person: a relative "who", a noun for people, or an
agent-noun ending, -ist, -ian, -or, -ee); "number of <plural>" is a count. The head nouns below are
English words for measures, places and people, not any one service's words. English only.
"""

from __future__ import annotations

import re

from core.checklist import Checklist, Fact

CLOSED, BOOLEAN, COUNT, MONEY, DATE, TIME, PLACE, PERSON, TITLE, FREE = (
    "closed", "boolean", "count", "money", "date", "time", "place", "person", "title", "free")
KINDS = (CLOSED, BOOLEAN, COUNT, MONEY, DATE, TIME, PLACE, PERSON, TITLE, FREE)

_HEADS: dict[str, str] = {
    **dict.fromkeys(("amount", "price", "cost", "fare", "fee", "fees", "sum", "balance", "total", "money", "payment",
                     "budget", "charge", "rent", "salary", "funds", "cash"), MONEY),
    **dict.fromkeys(("date", "day", "birthday", "deadline"), DATE),
    **dict.fromkeys(("time", "hour", "clock"), TIME),
    **dict.fromkeys(("city", "town", "village", "location", "address", "place", "destination", "origin", "area",
                     "region", "country", "venue", "street", "neighborhood", "neighbourhood", "airport", "station",
                     "where", "locality", "suburb", "district"), PLACE),
    **dict.fromkeys(("person", "people", "someone", "somebody", "individual", "contact", "user", "customer",
                     "member", "friend", "who", "whom"), PERSON),
    **dict.fromkeys(("count", "quantity", "size"), COUNT),
    "title": TITLE,
}
# Words that end the first noun phrase of a description: prepositions, relatives, conjunctions, verbs of being.
_PHRASE_END = frozenset({
    "of", "for", "to", "in", "on", "at", "from", "with", "by", "about", "into", "during", "per", "where", "which",
    "who", "whom", "whose", "that", "when", "whether", "or", "and", "is", "are", "was", "be", "being", "as", "if",
    "served", "used", "located", "booked", "made"})
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "its", "their", "his", "her", "user", "user's", "users"})
_PERSON_ENDINGS = ("ist", "ists", "ian", "ians", "or", "ors", "ee", "ees")
_NOT_PERSON_ENDINGS = frozenset({"floor", "door", "color", "colour", "flavor", "flavour", "mirror", "error",
                                 "sector", "indoor", "outdoor", "major", "minor", "interior", "exterior", "elevator",
                                 "monitor", "coffee", "degree", "fee", "tree", "committee", "guarantee", "list"})
_TRUE_FALSE = frozenset({"true", "false"})


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z']*", text.lower().replace("_", " ").replace("/", " or "))


def _first_phrase(tokens: list[str]) -> tuple[list[str], list[str]]:
    """(the first noun phrase, what follows it): 'start date for the trip' -> (['start', 'date'], ['for', ...])."""
    at = 0
    while at < len(tokens) and tokens[at] in _ARTICLES:
        at += 1
    end = at
    while end < len(tokens) and tokens[end] not in _PHRASE_END and not (end > at and tokens[end] in _ARTICLES):
        end += 1
    return tokens[at:end], tokens[end:]


def _is_person_noun(word: str) -> bool:
    if _HEADS.get(word) == PERSON:
        return True
    return word not in _NOT_PERSON_ENDINGS and len(word) > 4 and word.endswith(_PERSON_ENDINGS)


def _named(rest: list[str]) -> str:
    """The kind of what a 'name'/'title' names: 'of the airport or city' -> place, 'of the dentist' -> person."""
    if {"who", "whom", "whose"} & set(rest):
        return PERSON
    if rest[:1] != ["of"]:
        return TITLE
    phrase, after = _first_phrase(rest[1:])
    alternatives = [phrase[-1]] if phrase else []
    while after[:1] == ["or"]:  # "the airport or city": any alternative that is a place makes a place
        more, after = _first_phrase(after[1:])
        alternatives += more[-1:]
    if any(_HEADS.get(w) == PLACE for w in alternatives):
        return PLACE
    if alternatives and _is_person_noun(alternatives[0]):
        return PERSON
    return TITLE


def _by_head(tokens: list[str]) -> str | None:
    phrase, rest = _first_phrase(tokens)
    if not phrase:
        return None
    head = phrase[-1]
    if head in ("number", "numbers"):
        if rest[:1] == ["of"] and len(rest) > 1:
            counted, _ = _first_phrase(rest[1:])
            if counted and counted[-1].endswith("s"):
                return COUNT  # "number of days", "number of riders"; "phone number" is not a count
        return FREE
    if head in ("name", "names", "title"):
        return _named(rest)
    kind = _HEADS.get(head)
    if kind is None and _is_person_noun(head):
        return PERSON
    return kind


def _name_as_phrase(name: str) -> str:
    """A fact name read as a description: 'restaurant_name' -> 'name of restaurant', 'number_of_days' as is."""
    parts = [p for p in re.split(r"[_\s]+|(?<=[a-z])(?=[A-Z])", name) if p]
    if len(parts) < 2 or "of" in (p.lower() for p in parts):
        return " ".join(parts)
    return f"{parts[-1]} of {' '.join(parts[:-1])}"


def kind_of(fact: Fact) -> str:
    """The fact's kind (see the module docstring), from its vocabulary, description and name."""
    values = {v.lower() for v in fact.allowed} - {"dontcare"}
    if values:
        if values <= _TRUE_FALSE:
            return BOOLEAN
        if all(v.isdigit() for v in values):
            return COUNT
        return CLOSED
    for text in (fact.description, _name_as_phrase(fact.name)):
        kind = _by_head(_words(text))
        if kind is not None:
            return kind
    return FREE


def counted(fact: Fact) -> tuple[str, ...]:
    """What a count counts, in singular and plural: 'Number of days in the stay' -> ('days', 'day')."""
    for text in (fact.description, _name_as_phrase(fact.name)):
        tokens = _words(text)
        phrase, rest = _first_phrase(tokens)
        if phrase[-1:] in (["number"], ["numbers"]) and rest[:1] == ["of"]:
            noun, _ = _first_phrase(rest[1:])
            if noun:
                return (noun[-1], noun[-1].removesuffix("s"))
    return ()


def fact_kind(checklist: Checklist, fact: str) -> str:
    """The kind of a checklist's fact: closed, boolean, count, money, date, time, place, person, title or free."""
    return kind_of(checklist.facts[fact])
