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
agent-noun ending, -ist, -ian, -or, -ee, -ient); "number of <plural>" is a count. The head nouns below are
English words for measures, places and people, not any one service's words. English only.

Wording moves, so the readers are set against each other and against evidence no rewording can move
(checked on SGD-X train variants by `scripts/sgdx_kinds.py`): the vocabulary decides first; the description
and the name are read apart, and when both know what the fact is and disagree, the fact is free text,
collected only from the answer to the agent's question about it (`_agreed`); and the checklist's
intents decide what a name is: a fact a look-up finds and another intent requires is a title
(`checklist_kinds`), however its words describe the dentist or salon it names.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

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
                     "where", "locality", "suburb", "district", "point", "landmark", "spot", "terminal", "terminus",
                     "municipality", "locale", "whereabouts"), PLACE),
    **dict.fromkeys(("person", "people", "someone", "somebody", "individual", "contact", "user", "customer",
                     "member", "friend", "who", "whom"), PERSON),
    **dict.fromkeys(("count", "quantity", "size"), COUNT),
    "title": TITLE,
}
# Words that end the first noun phrase of a description: prepositions, relatives, conjunctions, verbs of being.
_PHRASE_END = frozenset({
    "of", "for", "to", "in", "on", "at", "from", "with", "by", "about", "into", "during", "per", "where", "which",
    "who", "whom", "whose", "that", "when", "whether", "or", "and", "is", "are", "was", "be", "being", "as", "if",
    ",", ";", ":", "(", "either",
    "served", "used", "located", "booked", "made",
    # a subject pronoun after a noun opens a clause: "Date you are available"
    "you", "i", "we", "they", "he", "she", "it",
    # so does an auxiliary or modal verb: "How many days do the guests want", "Date car will be returned"
    "do", "does", "did", "will", "would", "can", "could", "should", "must", "may", "might", "has", "have", "had"})
_BE = frozenset({"is", "are", "was", "were", "will", "would", "can", "could", "should", "must", "may", "might"})
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "its", "their", "his", "her", "user", "user's", "users"})
# Determiners that open a description asked as a question: "Which city is the event in?", "What date to return".
_LEADING = _ARTICLES | {"which", "what"}
_PERSON_ENDINGS = ("ist", "ists", "ian", "ians", "or", "ors", "ee", "ees", "ient", "ients")
_NOT_PERSON_ENDINGS = frozenset({"floor", "door", "color", "colour", "flavor", "flavour", "mirror", "error",
                                 "sector", "indoor", "outdoor", "major", "minor", "interior", "exterior", "elevator",
                                 "monitor", "coffee", "degree", "fee", "tree", "committee", "guarantee", "list"})
_TRUE_FALSE = frozenset({"true", "false"})
# Words that give a fact a role: where or when a thing starts or ends, who sends or receives it.
START_WORDS = frozenset({"origin", "originates", "originating", "from", "departure", "depart", "departing", "leaving",
                         "leave", "source", "start", "starting", "pickup", "outbound", "sender", "sending", "checkin",
                         "beginning", "begin", "begins"})
END_WORDS = frozenset({"destination", "ends", "end", "ending", "arrival", "arrive", "arriving", "dropoff", "target",
                       "return", "returning", "inbound", "back", "receiver", "recipient", "receiving", "to", "into",
                       "towards", "toward", "going", "heading", "headed", "reach", "reaching", "checkout", "vacating",
                       "vacate"})


def head_kind(word: str) -> str | None:
    """The kind an English head noun names ('city' -> place, 'date' -> date), or None."""
    return _HEADS.get(word)


def _words(text: str) -> list[str]:
    text = re.sub(r"\bcheck(?:ing)?[\s_-]*(in|out)\b", r"check\1", text.lower())  # "check in date": one noun
    return re.findall(r"[a-z][a-z']*|[,;:(]", text.replace("_", " ").replace("/", " or "))


def _first_phrase(tokens: list[str]) -> tuple[list[str], list[str]]:
    """(the first noun phrase, what follows it): 'start date for the trip' -> (['start', 'date'], ['for', ...])."""
    at = 0
    while at < len(tokens) and tokens[at] in _LEADING:
        at += 1
    end = at
    while end < len(tokens) and tokens[end] not in _PHRASE_END and not (end > at and tokens[end] in _ARTICLES):
        if end > at and tokens[end].endswith(("ing", "ed")) and len(tokens[end]) > 4:
            break  # "the person receiving the money": a participle after the head starts a clause
        end += 1
    return tokens[at:end], tokens[end:]


def _is_person_noun(word: str) -> bool:
    if _HEADS.get(word) == PERSON:
        return True
    return word not in _NOT_PERSON_ENDINGS and len(word) > 4 and word.endswith(_PERSON_ENDINGS)


# "Name of the place" says only that a place has a name: a city's or a business's.
SOME_PLACE = "some place"
_SOME_PLACES = frozenset({"place", "places", "location", "locations", "spot", "site", "locale", "whereabouts"})


def _named(rest: list[str], before: Sequence[str] = ()) -> str:
    """The kind of what a 'name'/'title' names: 'of the airport or city' -> place, 'of the dentist' -> person.

    A name written on something ('Name on the account') or someone's name ('the holder's name') is a person's;
    a noun before it says what it names as well as one after it ('City name', 'Stylist name'). A name of
    alternatives ('of the doctor or the medical practice', 'of match or artist') is a person's only when
    every alternative is a person: otherwise it is the title a business or an event goes by.
    """
    if {"who", "whom", "whose"} & set(rest) or rest[:1] == ["on"] or any(w.endswith("'s") for w in before):
        return PERSON
    alternatives = [w for w in before[-1:] if _HEADS.get(w) == PLACE or _is_person_noun(w)]
    if rest[:1] == ["of"]:
        phrase, after = _first_phrase(rest[1:])
        alternatives += [phrase[-1]] if phrase else []
        while after[:1] == ["or"]:  # "the airport or city": any alternative that is a place makes a place
            more, after = _first_phrase(after[1:])
            alternatives += more[-1:]
    if alternatives and all(w in _SOME_PLACES for w in alternatives):
        return SOME_PLACE  # "Name of the place": a venue's title or a city, as the fact's name says
    if any(_HEADS.get(w) == PLACE for w in alternatives):
        return PLACE
    if alternatives and all(_is_person_noun(w) for w in alternatives):
        return PERSON
    return TITLE


# A description that opens with a question word says what it asks for: "Where the taxi should go".
_OPENERS = (("how", "much", MONEY), ("how", "many", COUNT), ("where", None, PLACE), ("who", None, PERSON),
            ("whom", None, PERSON), ("whose", None, PERSON), ("to", "whom", PERSON), ("when", None, DATE))


# Nouns that classify rather than name: "Which genre?" is answered in the customer's words.
_CLASSES = frozenset({"type", "types", "kind", "kinds", "sort", "sorts", "category", "categories", "genre", "genres",
                      "style", "styles", "class", "classes", "level", "levels", "option", "options"})
_COUNTING = ("number", "numbers", "amount", "quantity", "count", "total")


def _counted_noun(phrase: list[str], rest: list[str]) -> str | None:
    """What a 'number of <plural>' counts ('Number of days', 'Amount of rooms', 'Count of bedrooms'), or None."""
    if phrase[-1:] and phrase[-1] in _COUNTING and rest[:1] == ["of"] and len(rest) > 1:
        noun, _ = _first_phrase(rest[1:])
        if noun and noun[-1].endswith("s") and _HEADS.get(noun[-1]) != MONEY:  # "amount of funds" is money
            return noun[-1]
    return None


def _by_head(tokens: list[str]) -> str | None:
    for first, second, kind in _OPENERS:
        if tokens[:1] == [first] and (second is None or tokens[1:2] == [second]):
            return kind
    phrase, rest = _first_phrase(tokens)
    if not phrase:
        return None
    head = phrase[-1]
    if len(phrase) > 1 and rest[:1] and rest[0] in _BE and phrase[0] in _HEADS and head not in _HEADS \
            and not _is_person_noun(head):
        return _HEADS[phrase[0]]  # a clause with its own subject: "Date car is available" is a date
    if _counted_noun(phrase, rest):
        return COUNT  # "number of days", "number of riders"; "phone number" is not a count
    if head in ("number", "numbers"):
        return FREE
    if head in ("name", "names", "title"):
        return _named(rest, phrase[:-1])
    if head in _HEADS:
        return _HEADS[head]
    if not _is_person_noun(head):
        if tokens[:1] == ["which"] and head not in _CLASSES and not head.endswith("ing"):
            return TITLE  # "Which band is playing?" asks for one named thing of a set
        return None
    while rest[:1] == ["or"]:  # "performer or match": a person only if every alternative is one
        more, rest = _first_phrase(rest[1:])
        if more and not _is_person_noun(more[-1]):
            return TITLE
    return PERSON


def _name_as_phrase(name: str) -> str:
    """A fact name read as a description: 'restaurant_name' -> 'name of restaurant', 'number_of_days' as is."""
    parts = [p for p in re.split(r"[_\s]+|(?<=[a-z])(?=[A-Z])", name) if p]
    low = [p.lower() for p in parts]
    if len(parts) < 2 or (any(p in _PHRASE_END for p in low[:-1]) and low[-1] not in ("name", "title")):
        return " ".join(parts)  # "pick_up_time_for_rental", "performer_or_match" as written
    return f"{parts[-1]} of {' '.join(parts[:-1])}"


# Plural units a length is given in: "Length of the stay in days" counts days.
_UNITS = frozenset({"days", "nights", "hours", "weeks", "months", "years", "minutes"})
_MEASURES = frozenset({DATE, TIME, MONEY})


def kind_of(fact: Fact) -> str:
    """The fact's kind (see the module docstring), from its vocabulary, description and name.

    The evidence is combined, so a reworded description keeps the kind: the head of the description,
    else of the name; a question "When ..." is a time when either says "time", else a date; a length
    "in days" is a count; and a description whose head says nothing ("Drop off car on this date") takes
    the one measure (date, time or money) it points at ("this date") or its name names.
    """
    values = {v.lower() for v in fact.allowed} - {"dontcare"}
    if values:
        if values <= _TRUE_FALSE:
            return BOOLEAN
        if all(v.isdigit() for v in values):
            return COUNT
        return CLOSED
    described, named = _words(fact.description), _words(_name_as_phrase(fact.name))
    if described[:1] == ["when"]:
        by_name = _by_head(named)
        if by_name in (DATE, TIME):
            return by_name
        return TIME if {"time", "hour", "hours"} & {*described, *named} else DATE
    chosen = _agreed(described, named)
    if chosen is not None:
        return chosen
    some_place = False
    for tokens in (described, named):
        kind = _by_head(tokens)
        if kind == SOME_PLACE:
            some_place = True  # "Name of place" with "city_name": a city; with "stylist_or_salon_name": a title
        elif kind is not None:
            return kind
    if some_place:
        return PLACE
    if any(a == "in" and b in _UNITS for a, b in itertools.pairwise(described)):
        return COUNT
    # "on this date", "at this time": a demonstrative phrase is the value itself ("Note attached to the
    # payment" is no money: only "this"/"that" phrases of the description count, and the name's heads)
    pointed = [b for a, b in itertools.pairwise(described) if a in ("this", "that", "these")]
    measures = {_HEADS[w] for w in (*pointed, *_heads(_words(fact.name))) if _HEADS.get(w) in _MEASURES}
    return measures.pop() if len(measures) == 1 else FREE


def _agreed(described: list[str], named: list[str]) -> str | None:
    """What the description and the name read as when both read as something different, else None (the
    first that reads as anything decides, below).

    Two independent readers that disagree are not settled by taking the first: a rewording could as well
    have put either reading first. A reader that only knows its text names *something* ("Name of the
    account", "city_departure_name": a weak title) gives way to one that knows what; two that each know
    and disagree ("Venue of the match" beside "performer_name") make the fact free text, which is collected
    only from the answer to the agent's own question about it: the decision then waits for that answer
    whichever reading was right, and nothing said for another purpose fills it.
    """
    readings = [(kind, tokens) for tokens in (described, named)
                if (kind := _by_head(tokens)) is not None and kind != SOME_PLACE]
    if len(readings) < 2 or readings[0][0] == readings[1][0]:
        return None
    strong = [(kind, tokens) for kind, tokens in readings if not _weak_title(kind, tokens)]
    if len(strong) == 1:
        return strong[0][0]
    if not strong:
        return None
    for kind, tokens in strong:
        if kind == TITLE and any(_is_person_noun(w) for w in _title_alternatives(tokens)):
            return TITLE  # "Name of the hair stylist/salon" has weighed the person reading of "stylist_name"
    return FREE


def _title_alternatives(tokens: list[str]) -> list[str]:
    """The nouns a 'name'/'title' phrase names, as `_named` reads them: the one before "name", each
    alternative's head after "of" ("Name of the doctor or the medical practice" -> doctor, practice)."""
    phrase, rest = _first_phrase(tokens)
    if not phrase or phrase[-1] not in _NAMING:
        return []
    named = phrase[-2:-1]
    if rest[:1] == ["of"]:
        more, after = _first_phrase(rest[1:])
        named += more[-1:]
        while after[:1] == ["or"]:
            more, after = _first_phrase(after[1:])
            named += more[-1:]
    return named


def _weak_title(kind: str, tokens: list[str]) -> bool:
    """A title reading that only knows a name is meant: "Name of the account", "Label of the booking"
    (nothing named is a place or a person, and no question word asked for one)."""
    if kind != TITLE or tokens[:1] == ["which"]:
        return False
    phrase, _ = _first_phrase(tokens)
    if not phrase or phrase[-1] not in _NAMING:
        return False
    return not any(_HEADS.get(w) == PLACE or _is_person_noun(w) for w in _title_alternatives(tokens))


def _heads(tokens: list[str]) -> list[str]:
    """The head noun of every noun phrase: 'Drop off car on this date' -> ['car', 'date']."""
    heads = []
    while tokens:
        phrase, rest = _first_phrase(tokens)
        heads += phrase[-1:]
        tokens = rest[1:] if rest and not phrase else rest
        if phrase == [] and not rest:
            break
    return heads


_AREAS = frozenset({"city", "cities", "town", "village", "area", "region", "country", "district", "neighborhood",
                    "neighbourhood", "suburb", "locality", "municipality", "metro"})
# Places that are a point in an area, never the area itself.
_POINTS = frozenset({"address", "street", "station", "terminal", "terminus", "airport", "venue", "stadium",
                     "facility", "landmark", "building", "directions"})


def _place_heads(tokens: list[str]) -> list[str]:
    """The first noun phrase's nouns that may say what a place is, with the alternatives after 'or':
    'Name of a city, town, or region' -> city, town, region; 'City-level location' -> city, location."""
    if tokens[:1] == ["where"]:
        return []
    phrase, rest = _first_phrase(tokens)
    if phrase and phrase[-1] in ("name", "names") and rest[:1] == ["of"]:
        phrase, rest = _first_phrase(rest[1:])  # "Name of the city"
    found = list(phrase)
    while rest[:1] in ([","], ["or"]):
        more, rest = _first_phrase(rest[1:] if rest[1:2] != ["or"] else rest[2:])
        found += more
    return found


def named_nouns(fact: Fact) -> set[str]:
    """The nouns of what a fact names, in its description's and its name's first noun phrase with the
    alternatives after "or": 'Name of the hair stylist/salon' -> hair, stylist, salon; 'Name of restaurant
    going to' -> restaurant; 'salon_name' -> salon. Words of a clause after the phrase are not read."""
    found: set[str] = set()
    for tokens in (_words(without_parentheses(fact.description)), _words(_name_as_phrase(fact.name))):
        phrase, rest = _first_phrase(tokens)
        if phrase[-1:] and phrase[-1] in _NAMING and rest[:1] == ["of"]:
            phrase, rest = _first_phrase(rest[1:])  # "Title of the event"
        found |= set(phrase)
        while rest[:1] in ([","], ["or"]):
            more, rest = _first_phrase(rest[1:] if rest[1:2] != ["or"] else rest[2:])
            found |= set(more)
    return found - _NAMING


_NAMING = frozenset({"name", "names", "title", "titles"})


def without_parentheses(text: str) -> str:
    return re.sub(r"\([^)]*\)?", " ", text)


def area_evidence(fact: Fact) -> bool | None:
    """Whether a place fact names an area (a city, a region), not a point in it ('at Roxie Theater' is not a
    city): the first noun phrase of its description says so, else its name's ('City or town where ...',
    'Venue of event', 'attraction_city'); None when neither names either, and the checklist decides (see
    `profile`)."""
    for tokens in (_words(fact.description), _words(fact.name)):
        heads = {w.removesuffix("s") if w.removesuffix("s") in _POINTS else w for w in _place_heads(tokens)}
        # the noun a demonstrative points at is the value itself: "Book ride to this point" is a point, "Look in
        # this city" an area ("Starting point" is an idiom for an origin, which may be a city: not read)
        pointed = {b for a, b in itertools.pairwise(tokens) if a in ("this", "that")}
        if heads & _AREAS or pointed & _AREAS:
            return True
        if heads & _POINTS or pointed & (_POINTS | {"point"}):
            return False
    return None


_ROLE_PREPOSITIONS = frozenset({"from", "to", "into", "towards", "toward", "back"})


def names_an_end(fact: Fact) -> bool:
    """The description names where something starts or ends ("Destination for taxi ride", "Point of arrival"):
    a role noun or verb, not a preposition. Such a place is a point someone goes to, unless it says it is
    a city."""
    return any(w in START_WORDS or w in END_WORDS or w.removesuffix("s") in START_WORDS | END_WORDS
               for w in _words(fact.description) if w not in _ROLE_PREPOSITIONS)


def is_area(fact: Fact) -> bool:
    """A place fact that names an area on its own words (see `area_evidence`)."""
    return bool(area_evidence(fact))


# A stay is counted in days or in nights alike: "Number of nights" is answered "3 days".
_SAME_UNIT = {"days": "nights", "nights": "days"}


def counted(fact: Fact) -> tuple[str, ...]:
    """What a count counts, in plural and singular, from its description and its name alike:
    'Number of days in the stay' -> ('days', 'day'); 'How many bedrooms' -> ('bedrooms', 'bedroom');
    'Length of the stay in days' -> ('days', 'day')."""
    found: list[str] = []
    for text in (fact.description, _name_as_phrase(fact.name)):
        tokens = _words(text)
        if tokens[:2] == ["how", "many"]:
            phrase, _ = _first_phrase(tokens[2:])
            if phrase and phrase[-1].endswith("s"):
                found.append(phrase[-1])
        else:
            phrase, rest = _first_phrase(tokens)
            counted_noun = _counted_noun(phrase, rest)
            if counted_noun:
                found.append(counted_noun)
        found += [b for a, b in itertools.pairwise(tokens) if a == "in" and b in _UNITS]
    found += [_SAME_UNIT[n] for n in found if n in _SAME_UNIT]
    out: list[str] = []
    for noun in found:
        for form in (noun, noun.removesuffix("s")):
            if form not in out:
                out.append(form)
    return tuple(out)


def found_by_lookup(checklist: Checklist, fact: str) -> bool:
    """A look-up intent (one that changes nothing) returns the fact without taking it as input, and another
    intent requires it: the thing the look-up finds and the agent offers by name (a restaurant, a dentist's
    practice, a film), which the customer then picks. The schema's structure says so, not its wording,
    so a reworded checklist reads the same."""
    intents = checklist.intents.values()
    return (any(not i.transactional and fact in i.results and fact not in i.required and fact not in i.optional
                for i in intents)
            and any(fact in i.required for i in intents))


def checklist_kinds(checklist: Checklist) -> dict[str, str]:
    """Every fact's kind, with what the checklist's structure adds to its words: a fact a look-up finds is a
    title (the name it goes by), never a person or free text, however its words describe it ("Name of the
    dentist", "Name of the provider", "Label of the event" alike): whether a dentist's name reads as a person
    or a business hangs on one word, and a person reading collects names said for anything else."""
    kinds = {name: kind_of(fact) for name, fact in checklist.facts.items()}
    for name, kind in kinds.items():
        if kind in (PERSON, FREE) and found_by_lookup(checklist, name):
            kinds[name] = TITLE
    return kinds


def fact_kind(checklist: Checklist, fact: str) -> str:
    """The kind of a checklist's fact: closed, boolean, count, money, date, time, place, person, title or free."""
    return checklist_kinds(checklist)[fact]
