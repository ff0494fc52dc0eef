"""What the offline tier reads from a checklist: each fact's value type, whose it is, its cue words.

Everything here comes from fact names, descriptions and vocabularies, never from a service
name. Profiles are built once per checklist and cached, so a turn costs only regex matching.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from core.acceptance import doing_verbs
from core.checklist import Checklist, Fact
from core.extractors.offline.kinds import (  # noqa: F401 - the kinds are read from here too
    BOOLEAN,
    CLOSED,
    COUNT,
    DATE,
    END_WORDS,
    FREE,
    MONEY,
    PERSON,
    PLACE,
    TIME,
    TITLE,
    area_evidence,
    checklist_kinds,
    counted,
    found_by_lookup,
    kind_of,
    named_nouns,
    names_an_end,
)
from core.text import clear_line_caches

_T = TypeVar("_T")

# Value kinds: what a fact is, read from its vocabulary and the head noun of its description (`kinds`).
TEXT = FREE
# A fact belongs to someone other than the customer when its words give it the receiving end (the
# recipient's account): the role words of `kinds`, not the prepositions among them.
_OTHER_PARTY = END_WORDS - {"to", "into", "towards", "toward", "back", "going", "heading", "headed", "reach",
                            "reaching", "return", "returning", "end", "ends", "ending"}
_STOP = frozenset({"the", "a", "an", "of", "to", "for", "in", "on", "is", "be", "or", "and", "with", "from", "by",
                   "at", "this", "that", "which", "whether", "not", "etc", "given", "user", "users", "your", "you",
                   "their", "type", "number", "name", "whom", "who", "what", "how"})


def words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


# A word boundary inside a CamelCase name, a one-letter word too: "ReserveACab" -> "Reserve A Cab".
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def spaced(name: str) -> str:
    """An intent's CamelCase name as words: "BookATable" reads "Book A Table", as "BookTable" does."""
    return _CAMEL.sub(" ", name)


def stem(word: str) -> str:
    """A crude stem so 'shared', 'share' and 'sharing' meet."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True)
class FactProfile:
    fact: Fact
    kind: str
    other_party: bool  # the fact is about someone else (recipient, receiver), not the customer
    # stems of the fact's own content words, used to find who a mention belongs to; a count's also hold what
    # its intents book ("tickets"), the nouns a number before them counts
    cues: frozenset[str]
    name_stems: frozenset[str]  # stems of the fact name's content words (a boolean is stated by naming it)
    vocabulary: tuple[tuple[str, re.Pattern], ...]  # allowed value -> how the customer may say it
    partial: tuple[tuple[str, re.Pattern], ...] = ()  # a multi-word value said by its own word ("my in-app cash")
    counted: tuple[str, ...] = ()  # what a count counts ("days"), for a count with no vocabulary
    area: bool = False  # a place that is an area (a city): a venue "at" something is not it
    # the one fact of its kind (a date, a time, a place) required beside it: of two dates, one the
    # "departure", the other is the end whatever it is called (`roles.fact_role`)
    rival: Fact | None = None
    # one of a pair of days held from one to the other with no hour and no place at either end (a room, a
    # house): arriving starts it and leaving ends it (`roles.is_stay`), whatever words name the pair
    stay: bool = False
    # a look-up finds it and another intent requires it (`kinds.found_by_lookup`): the thing the agent offers
    # by name and the customer then has the task carried out on ("Shall I play it?" - "Yes")
    looked_up: bool = False


@dataclass(frozen=True)
class Profile:
    facts: dict[str, FactProfile]
    siblings: dict[str, tuple[str, ...]]  # fact -> other facts sharing part of its vocabulary
    topic: frozenset[str]  # stems of the checklist's own words: a line using none is about something else
    schema_words: frozenset[str]  # every word the schema uses: none of them is a person's name
    # What each line was read as: a conversation re-sends its earlier lines on every turn.
    lines_read: dict = field(default_factory=dict, compare=False, repr=False)

    task: frozenset[str] = frozenset()  # stems of what the service and its intents are about (not its facts)
    taken: frozenset[str] = frozenset()  # facts some intent takes (required or optional), not only reports
    doing: frozenset[str] = frozenset()  # the verbs that carry out its transactional intents (`core.acceptance`)

    def on_topic(self, text: str) -> bool:
        return any(stem(w) in self.topic for w in words(text))

    def names_a_fact(self, word: str) -> bool:
        """The word is one of a fact's own words (its name or description): "amount", "account"."""
        return any(stem(word.lower()) in f.cues or stem(word.lower()) in f.name_stems for f in self.facts.values())

    def remembered(self, key: Hashable, read: Callable[[], _T]) -> _T:
        """A reading kept with the checklist's profile (`read()` the first time): a conversation re-sends its
        lines every turn, so each case of a dialogue asks again what the one before it read."""
        memo = self.lines_read
        if key not in memo:
            if len(memo) >= LINES_READ_LIMIT:
                memo.clear()
            memo[key] = read()
        return memo[key]

    def names_a_taken_fact(self, word: str) -> bool:
        """The word names a fact some intent takes from the customer: a fact the service only reports (a
        bank's "balance") is the service's to say, so "my balance is $2,400" states nothing it asks for."""
        w = stem(word.lower())
        return any(w in f.cues or w in f.name_stems for name, f in self.facts.items() if name in self.taken)

    def speaks_of_another_fact(self, fact: str, text: str) -> bool:
        """The words name another of the checklist's facts and not this one: "I don't know the date yet" puts off
        the date, not the city said before it. A fact is named by its name's own words ("date", "time",
        "station") or, for its kind, by the question word that asks for it ("when", "where", "who")."""
        own = self.facts[fact]
        mine = own.cues | own.name_stems | _ASKED_BY.get(own.kind, frozenset())
        said = {stem(w) for w in words(text)}
        if said & (own.name_stems | _ASKED_BY.get(own.kind, frozenset())):
            return False
        return any(said & ((f.name_stems | _ASKED_BY.get(f.kind, frozenset())) - mine)
                   for name, f in self.facts.items() if name != fact)

    def on_task(self, text: str) -> bool:
        """The line names what this service does ("a restaurant", "a cab"), not only one of its facts."""
        return any(stem(w) in self.task for w in words(text))


# The question word that asks for a value of each kind ("when" for a date or a time): closed-class English.
_ASKED_BY = {DATE: frozenset({"when"}), TIME: frozenset({"when"}), PLACE: frozenset({"wher"}),
             PERSON: frozenset({"who", "whom"}), COUNT: frozenset({"many"})}

_NUMBER_NAMES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _value_pattern(value: str, kind: str) -> re.Pattern:
    spoken = re.escape(value.replace("_", " ").lower()).replace(r"\ ", r"\s+")
    if kind == COUNT and value.isdigit() and int(value) < len(_NUMBER_NAMES):
        spoken = f"(?:{spoken}|{_NUMBER_NAMES[int(value)]})"
    return re.compile(rf"(?<![\w$.,:]){spoken}(?![\w:]|[.,]\d)", re.IGNORECASE)


# Words too common to stand for a whole value on their own.
_WEAK_TOKENS = _STOP | frozenset({"general", "special", "specific", "regular", "normal", "main", "other", "true",
                                  "false", "yes", "no"})
# A value's own word counts only as a thing someone uses: "from my balance", "via app cash".
_PARTIAL_LEAD = r"\b(?:my|our|from|via|with|using|use|by|through|the|in|on|your)\s+(?:[\w]+[\s-]+)?"


def _partial_patterns(allowed: tuple[str, ...]) -> tuple[tuple[str, re.Pattern], ...]:
    tokens = {v: set(words(v.replace("_", " "))) for v in allowed}
    found = []
    for value, own in tokens.items():
        if len(own) < 2:
            continue
        others = set().union(*(t for v, t in tokens.items() if v != value))
        for token in sorted(own - others - _WEAK_TOKENS):
            if len(token) >= 3:
                found.append((value, re.compile(rf"{_PARTIAL_LEAD}({re.escape(token)})\b", re.IGNORECASE)))
    return tuple(found)


def _areas(checklist: Checklist, kinds: dict[str, str]) -> dict[str, bool]:
    """Which place facts are areas. A place whose own words say neither ("Location of the hotel") is the
    area the form is about unless another place of the form is the area ("Location of event" beside "City
    of the event" is a point in it) or it is where something ends ("Destination for taxi ride"); a place a
    look-up finds in a place it is given is a point (`_found_within`): reworded, the same fact then reads the
    same."""
    evidence = {n: False if _found_within(checklist, n, kinds) else area_evidence(checklist.facts[n])
                for n, k in kinds.items() if k == PLACE}
    has_area = any(evidence.values())
    return {n: (e if e is not None else not has_area and not names_an_end(checklist.facts[n]))
            for n, e in evidence.items()}


def _found_within(checklist: Checklist, fact: str, kinds: dict[str, str]) -> bool:
    """A place a look-up finds when given another place (a car's pickup point, found by its city) is a point
    in that place, however its words describe it ("City to start car rental in")."""
    return found_by_lookup(checklist, fact) and any(
        not i.transactional and fact in i.results and any(kinds[r] == PLACE for r in i.required if r != fact)
        for i in checklist.intents.values())


# Examples of values in a description ("(e.g. action, drama)", "such as Italian") are values, not words
# saying what the fact is about: "Drama movies" answers "Classification of the movie (e.g. action, drama)".
_EXAMPLES = re.compile(r"\([^)]*\)?|\b(?:e\.\s?g\.?|eg\.|i\.\s?e\.?|such\s+as|for\s+example|for\s+instance)"
                       r"(?:\W.*)?$", re.IGNORECASE | re.DOTALL)


def without_examples(description: str) -> str:
    return _EXAMPLES.sub(" ", description)


# Plural words that are no things booked: measures, and plural-looking function words.
_NOT_COUNTED = frozenset({"days", "nights", "hours", "weeks", "months", "years", "minutes", "dates", "times",
                          "details", "options", "preferences", "this", "is", "was", "has", "does", "its", "as", "us",
                          "yes", "less", "unless", "plus", "various", "previous"})


def _booked_nouns(checklist: Checklist, fact: str, kinds: dict[str, str]) -> set[str]:
    """The plural nouns the intents requiring a count speak of ("Buy tickets for an event", "BookSeats"): what
    the customer counts when it says "2 tickets", however the count itself is worded ("Number of guest seats").
    Only for a count no other count of those intents rivals, required or optional (a flat's bedrooms and
    bathrooms are told apart by their own words alone)."""
    requiring = [i for i in checklist.intents.values() if fact in i.required]
    if any(kinds[r] == COUNT and r != fact for i in requiring for r in (*i.required, *i.optional)):
        return set()
    text = " ".join(f"{spaced(i.name)} {i.description}" for i in requiring)
    return {w for w in words(text) if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is"))
            and w not in _NOT_COUNTED}


def _build(checklist: Checklist) -> Profile:
    facts = {}
    kinds = checklist_kinds(checklist)
    areas = _areas(checklist, kinds)
    for fact in checklist.facts.values():
        kind = kinds[fact.name]
        own_words = words(fact.name.replace("_", " ")) + words(without_examples(fact.description))
        counted_words = own_words + sorted(_booked_nouns(checklist, fact.name, kinds)) if kind == COUNT else own_words
        facts[fact.name] = FactProfile(
            fact=fact,
            kind=kind,
            other_party=bool(set(own_words) & _OTHER_PARTY),
            cues=frozenset(stem(w) for w in counted_words if w not in _STOP and len(w) > 2),
            name_stems=frozenset(stem(w) for w in words(fact.name.replace("_", " ")) if w not in _STOP),
            vocabulary=tuple((v, _value_pattern(v, kind)) for v in fact.allowed if v.lower() != "dontcare"),
            partial=_partial_patterns(tuple(v for v in fact.allowed if v.lower() != "dontcare")) if kind == CLOSED
            else (),
            counted=counted(fact) if kind == COUNT else (),
            area=areas.get(fact.name, False),
            looked_up=found_by_lookup(checklist, fact.name),
        )
    facts = _rivals(checklist, facts)
    siblings = {
        name: tuple(other for other in checklist.facts
                    if other != name and set(checklist.facts[other].allowed) & set(fact.allowed))
        for name, fact in checklist.facts.items()
    }
    return Profile(facts=facts, siblings=siblings, topic=frozenset(stem(w) for w in _schema_words(checklist)
                                                                   if w not in _GENERIC and len(w) > 2),
                   schema_words=frozenset(_schema_words(checklist)), task=_task_words(checklist, kinds),
                   taken=frozenset(f for i in checklist.intents.values() for f in (*i.required, *i.optional)),
                   doing=doing_verbs(checklist))


def _rivals(checklist: Checklist, facts: dict[str, FactProfile]) -> dict[str, FactProfile]:
    """Each date, time or place fact that intents require beside exactly one other of its kind, with that
    one (the same one for every intent that requires it): the pair a role tells apart (`roles.fact_role`)."""
    found: dict[str, set[str]] = {}
    for intent in checklist.intents.values():
        by_kind: dict[str, list[str]] = {}
        for name in intent.required:
            if facts[name].kind in (PLACE, DATE, TIME):
                by_kind.setdefault(facts[name].kind, []).append(name)
        for group in by_kind.values():
            for name in group:
                # three of a kind have no one rival: "" stands for "more than one"
                others = {o for o in group if o != name} if len(group) == 2 else {""}
                found.setdefault(name, set()).update(others)
    one_rival = {name: next(iter(others)) for name, others in found.items() if len(others) == 1 and "" not in others}
    return {name: replace(fact, rival=checklist.facts[one_rival[name]],
                          stay=_held(checklist, facts, name, one_rival[name])) if name in one_rival else fact
            for name, fact in facts.items()}


# Words of going somewhere and coming back, which make two days a trip's, not a stay's.
_JOURNEY = frozenset({"origin", "originates", "originating", "departure", "depart", "departs", "departing", "leave",
                      "leaves", "leaving", "outbound", "destination", "arrival", "arrive", "arrives", "arriving",
                      "return", "returns", "returning", "inbound", "back", "trip", "journey", "flight", "travel",
                      # and of taking a thing and bringing it back: a rental's days
                      "pickup", "pick", "dropoff", "drop"})


def _held(checklist: Checklist, facts: dict[str, FactProfile], name: str, rival: str) -> bool:
    """Two days every intent requiring them asks with no hour and no two places, neither named by going or
    coming back: a thing held from one day to the other (a hotel room, a house), not a trip (from a place to
    another, or out and back) nor a rental (taken at an hour).
    The schema's structure says so, so "Date the rooms are needed until" reads as "Check out date"."""
    if facts[name].kind != DATE or any(set(words(f"{f.name.replace('_', ' ')} {f.description}")) & _JOURNEY
                                       for f in (checklist.facts[name], checklist.facts[rival])):
        return False  # "Date the ferry leaves" and "... comes back": a trip's days
    requiring = [i for i in checklist.intents.values() if name in i.required and rival in i.required]
    return bool(requiring) and all(not any(facts[r].kind == TIME for r in i.required)
                                   and sum(facts[r].kind == PLACE for r in i.required) < 2 for i in requiring)


# Schema words too general to say what a line is about.
_GENERIC = _STOP | frozenset({"get", "set", "find", "make", "given", "specific", "specified", "indicated", "user",
                              "true", "false", "flag", "whether", "other", "another", "one", "all", "any", "based",
                              "service", "name", "field", "ok", "okay", "time", "date", "day", "number", "either",
                              "etc", "are", "has", "have", "will", "can", "into", "via", "app", "apps", "new",
                              "check", "days", "search", "show", "see", "book", "call", "look", "want", "need"})


# Words a service's and its intents' descriptions share with any request ("a leading provider", "in a city").
_NOT_TASK = _GENERIC | frozenset({"leading", "provider", "popular", "widely", "used", "wide", "range", "variety",
                                  "city", "cities", "location", "locations", "place", "dates", "times", "particular",
                                  "certain", "selected", "optionally", "attributes", "preferences", "your", "you",
                                  "biggest", "best", "top", "rated", "worldwide", "available", "list", "manage",
                                  "extensive", "coverage", "choice", "needs", "also", "allows", "right", "any",
                                  "comprehensive", "portal", "near", "area", "next", "cheap", "across", "multiple",
                                  "providers", "own", "country", "network", "demand", "content", "buy", "reserve",
                                  "schedule", "play", "get", "add", "browse", "pair", "between", "given", "go",
                                  "interest", "its", "take", "happening", "way", "offer", "offered", "short", "term",
                                  "destination", "database", "coolest", "personal", "reservation", "reservations"})
_NOT_TASK_STEMS = frozenset(stem(w) for w in _NOT_TASK)


def _task_words(checklist: Checklist, kinds: dict[str, str]) -> frozenset[str]:
    """What the service does: its description's and intents' words, and the words of the named thing its
    look-ups find ("Name of the hair stylist/salon"): the thing a customer asks for ("a salon") is said there
    as often as in the service's own blurb, whichever of them a rewording drops. Only the things named: a
    function word or a word the sentence uses as a verb or a describing participle says nothing of what the
    service is about, however a rewording phrases its blurb (`_named_things`)."""
    text = [checklist.description]
    for intent in checklist.intents.values():
        text += [spaced(intent.name), intent.description]
    for name, fact in checklist.facts.items():
        if kinds[name] == TITLE and found_by_lookup(checklist, name):
            text += sorted(named_nouns(fact))
    named = frozenset(stem(w) for piece in text for w in _named_things(piece)
                      if stem(w) not in _NOT_TASK_STEMS and len(w) > 2)
    return named | _described_thing(checklist, kinds)


# English function words a blurb uses around what it names: prepositions and adverbs of place or manner
# ("restaurants around", "learn about", "book online", "events nearby"), wh-words, "same", and the empty
# nouns "thing(s)" ("things to do").
_FUNCTION = frozenset({"about", "above", "across", "after", "against", "along", "among", "around", "before",
                       "behind", "below", "beside", "besides", "beyond", "during", "except", "inside", "like",
                       "nearby", "online", "onto", "outside", "over", "since", "through", "throughout", "toward",
                       "towards", "under", "until", "upon", "within", "without", "where", "when", "what", "which",
                       "who", "whom", "whose", "why", "how", "while", "same", "such", "there", "here", "thing",
                       "things", "something", "anything", "everything", "else"})
# A word right after a relative pronoun, a subject pronoun or a modal is the verb of its clause: "an app that
# lets you", "a service that helps find", "songs you like", "where you can discover".
_BEFORE_VERB = frozenset({"that", "which", "who", "you", "we", "they", "can", "could", "will", "would", "may",
                          "might", "must", "should", "shall"})
# A participle between a determiner and its noun describes the noun: "your desired city", "the preferred
# hair salon", "the selected cuisine".
_DETERMINERS = frozenset({"a", "an", "the", "your", "their", "its", "our", "my", "his", "her", "any", "each"})
_PARTICIPLE = re.compile(r"\w{3,}ed$")


def _named_things(text: str) -> list[str]:
    """The words of a schema text that may name a thing: not function words, not a clause's verb, not a
    participle describing the noun after it, and not a gerund taking an object ("serving a cuisine")."""
    tokens = words(text)
    kept = []
    for i, word in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if (word in _FUNCTION or before in _BEFORE_VERB
                or (before in _DETERMINERS and _PARTICIPLE.match(word) and after)
                or (word.endswith("ing") and after in _DETERMINERS)):
            continue
        kept.append(word)
    return kept


# A noun's place: after a determiner or a preposition ("the salon", "Category of music").
_NOUN_AFTER = frozenset({"the", "a", "an", "your", "their", "its", "of", "for", "at", "in", "from", "with", "on",
                         "by"})

# A word or punctuation mark, and the words that may follow a phrase's head noun: a word followed by another
# content word modifies it ("Start of free time slot": "free" describes the slot; "the event venue").
_TOKEN = re.compile(r"[a-z]+|[^\sa-z]")
_AFTER_HEAD = _NOUN_AFTER | _FUNCTION | _BEFORE_VERB | frozenset({"and", "or", "is", "are", "was", "were", "be", "to",
                                                                   "if", "as", "but"})


def _described_thing(checklist: Checklist, kinds: dict[str, str]) -> frozenset[str]:
    """The thing two or more facts describe ("Address of the salon", "city of salon"; "Category of music",
    "Device for playing back the music"): what the service deals in, whichever of the blurb's words a rewording
    keeps. Not the units a count books ("Number of passengers to book tickets for"): any service sells tickets,
    and a line about another task's tickets does not start this one."""
    counts: dict[str, int] = {}
    units: set[str] = set()
    for name, fact in checklist.facts.items():
        tokens = _TOKEN.findall(f"{name.replace('_', ' ')}. {without_examples(fact.description)}".lower())
        if kinds[name] == COUNT:
            units |= {stem(w) for w in tokens}
        nouns = {stem(w) for before, w, after in zip(tokens, tokens[1:], [*tokens[2:], "."], strict=False)
                 if before in _NOUN_AFTER and w.isalpha() and w not in _NOUN_AFTER and w not in _FUNCTION
                 and len(w) > 2 and not w.endswith(("ing", "ed")) and stem(w) not in _NOT_TASK_STEMS
                 and (not after.isalpha() or after in _AFTER_HEAD)}
        for noun in nouns:
            counts[noun] = counts.get(noun, 0) + 1
    return frozenset(n for n, k in counts.items() if k >= 2 and n not in units)


def _schema_words(checklist: Checklist) -> set[str]:
    text = [checklist.description]
    for intent in checklist.intents.values():
        text += [spaced(intent.name), intent.description]
    for fact in checklist.facts.values():
        text += [fact.name.replace("_", " "), fact.description, *fact.allowed]
    return set(words(" ".join(text)))


_CACHE: OrderedDict[int, tuple[Checklist, Profile]] = OrderedDict()
_CACHE_SIZE = 64
LINES_READ_LIMIT = 100_000  # line readings kept per checklist before the memo starts afresh


def clear_cache() -> None:
    """Forget every profile and line reading (benchmarks measure a cold start with it)."""
    _CACHE.clear()
    clear_line_caches()


def profile(checklist: Checklist) -> Profile:
    """The checklist's profile, built once (the checklist is kept so its id is never reused)."""
    key = id(checklist)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is checklist:
        _CACHE.move_to_end(key)
        return hit[1]
    built = _build(checklist)
    _CACHE[key] = (checklist, built)
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return built
