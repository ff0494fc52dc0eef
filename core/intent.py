"""Which intent the customer is pursuing, read from the conversation and the schema alone.

Nobody hands a live chat its intent, so every turn decides it. Evidence for an intent is
what sets it apart from the service's other intents: words of its name, description and
facts that the others do not share (weighted by how few intents share them), and facts the
customer stated or the agent asked for that only some intents use (required or optional).
Words every intent shares ("account" in a bank), and the words of the service's own name, decide
nothing; a committing verb (book, reserve, buy..., or "get me a" thing) points at the intents the schema marks
transactional.
The reading runs over the customer's lines in order, latest weighing most; a line answering the agent's question weighs
its request words little (it answers; it does not ask), and an agent's offer the customer
accepted ("Would you like to reserve a table?" - "Yes") counts as the customer's words; an agent
line reporting a task done starts the reading afresh. English only, like the offline tier.

An intent is *settled* only when its evidence clearly beats every other intent's, or every intent
still close to it needs strictly fewer facts and commits no less (a round-trip search over a one-way
search: a stop is complete for either), and the latest customer line asks in its own words for nothing
that only another intent, not covered by it, does; a turn may stop only on a settled intent, so an
ambiguous or unknown intent always asks. A yes also takes the agent's go-ahead question it answers.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from core.acceptance import NO, offering_line, takes_offer
from core.case import readable
from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extractors.offline import ends_task, extract_facts
from core.wording import describe

# Part of a predicted-intent run's guards: two runs read with different rules are not one system.
READER_VERSION = "intent-6"
DECAY = 0.35  # an earlier line's evidence counts about a third as much as the next one's
MARGIN = 2.0  # the best intent's evidence must be at least this many times the runner-up's
MIN_EVIDENCE = 0.3  # below this the best intent is a guess, not a reading
# A line answering the agent's question says what was asked for; a request verb inside it ("Look for
# movies in Union City" answering "Where are you?") is worth a tenth of a request of its own. The
# facts it states count in full, and so does a line that refuses or redirects (_REDIRECT).
ANSWER_WEIGHT = 0.1
# Discourse that turns an answer into a request of its own: a refusal ("No, ..." - read by NO), or a
# marker of something else or something more ("instead", "actually", "also"). English, no domain words.
_REDIRECT = re.compile(r"\b(?:instead|actually|rather|also|too|another|different|change|switch)\b", re.IGNORECASE)

GIVEN, PERSON, PREDICTED = "given", "person", "predicted"

_STOPWORDS = frozenset((
    "a", "an", "the", "to", "of", "in", "on", "for", "from", "and", "or", "my", "i", "me", "we", "you", "your",
    "user", "users", "s", "is", "are", "be", "it", "this", "that", "with", "want", "would", "like", "please",
    "can", "could", "some", "at", "by", "as", "do", "does", "get", "given", "which", "any", "its", "their",
    "name", "number", "type", "whether", "if", "there", "what", "need", "will", "have", "has", "am", "was",
))


@dataclass(frozen=True)
class IntentReading:
    """The intent a turn works on, how sure the reading is, and the alternatives, best first."""

    intent: str | None
    settled: bool
    confidence: float
    candidates: tuple[tuple[str, float], ...]
    source: str = PREDICTED

    def to_json(self) -> dict:
        return {"intent": self.intent, "settled": self.settled, "confidence": round(self.confidence, 3),
                "candidates": [[name, round(share, 3)] for name, share in self.candidates], "source": self.source}


def fixed(checklist: Checklist, intent: str, source: str = GIVEN) -> IntentReading:
    """An intent that was given (by gold, or picked by a person): settled by definition."""
    checklist.intent(intent)  # an unknown name is an error, not a silent reading
    return IntentReading(intent, True, 1.0, ((intent, 1.0),), source)


def _stem(word: str) -> str:
    """A crude stem: inflection and a final "e" cut, then the first six letters ("reservation", "reserve" ->
    "reserv")."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]  # "movie" meets "movies" (cut to "movi"), as "reserve" meets "reserves"
    return word[:6]


# Verbs English uses for the same request across services, read as one: a schema says "Reserve" or
# "Book", a customer says the other. Grammar-level vocabulary, not any one domain's words.
_SAME_REQUEST = {stem: group for group, members in {
    "book": ("book", "reserv", "schedu"),
    "find": ("find", "search", "look", "locate", "discov", "browse"),
    "buy": ("buy", "purcha", "order"),
    "send": ("send", "transf", "wire"),
    "get": ("get", "check", "show", "tell"),
}.items() for stem in members}

# Verbs that commit to a transaction, whichever the schema's own word is ("reserve the bus" where the
# intent says "Buy tickets"): they point at the intents the schema marks transactional (`_COMMIT`).
_COMMITTING = frozenset(("book", "buy"))
_COMMIT = "commit:"  # a term no word stems to
# "Get me a room", "get us two seats": to get a thing for someone is to obtain it, which commits as "book" does
# ("get me the balance" or "get me some options" asks to be told; a search misread so only asks for more).
_GET_ONE_FOR = re.compile(r"\bget\s+(?:me|us|him|her|them)\s+(?:a|an|one|two|three|four|five|six|\d+)\b",
                          re.IGNORECASE)

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_WORD = re.compile(r"[a-z]+")


def terms(text: str, values: frozenset[str] = frozenset()) -> set[str]:
    """Content words, stemmed, plus each pair of neighbours written as one ("one way" -> "oneway").

    Words in `values` (the service's closed vocabularies: "checking", "savings") are facts, not
    intents: "my checking account" says nothing about wanting to check a balance.
    """
    words = [w for w in _WORD.findall(_CAMEL.sub(" ", text).lower()) if w not in _STOPWORDS and w not in values]
    stems = {_stem(w) for w in words}
    stems |= {_SAME_REQUEST[s] for s in stems if s in _SAME_REQUEST}
    if stems & _COMMITTING or _GET_ONE_FOR.search(text):
        stems.add(_COMMIT)
    stems |= {_stem(a + b) for a, b in itertools.pairwise(words)}
    return stems


@dataclass(frozen=True)
class _Profile:
    term_weights: Mapping[str, Mapping[str, float]]  # intent -> term -> weight
    fact_weights: Mapping[str, Mapping[str, float]]  # intent -> fact it uses -> weight
    need_weights: Mapping[str, Mapping[str, float]]  # intent -> fact it requires -> weight
    values: frozenset[str]  # words of every closed vocabulary


def _profile(checklist: Checklist) -> _Profile:
    intents = list(checklist.intents.values())
    n = len(intents)
    own_terms: dict[str, set[str]] = {}
    uses: dict[str, set[str]] = {}
    needs: dict[str, set[str]] = {}
    for intent in intents:
        words = terms(f"{intent.name} {intent.description}")
        for fact in (*intent.required, *intent.optional):
            words |= terms(fact.replace("_", " "))
        if intent.transactional:
            words.add(_COMMIT)
        own_terms[intent.name] = words
        uses[intent.name] = {*intent.required, *intent.optional}
        needs[intent.name] = set(intent.required)

    def idf(holders: int) -> float:
        return math.log(n / holders) if holders else 0.0

    # The service's own name says what every intent is about ("Music" in LookupMusic of Music_2):
    # a word of it sets no intent apart, even where only one intent's name repeats it.
    domain = terms(checklist.service)
    term_weights = {name: {t: 0.0 if t in domain else idf(sum(t in other for other in own_terms.values()))
                           for t in words}
                    for name, words in own_terms.items()}
    # A fact is evidence for the intents that use it, weighted by how few do; one every intent uses
    # decides nothing. The customer volunteers filters (optional facts) as readily as requirements,
    # so a stated fact counts for every intent that uses it; an agent asks for what its checklist
    # requires, so an asked fact counts for the intents that require it.
    def weights(holding: Mapping[str, set[str]]) -> dict[str, dict[str, float]]:
        return {name: {f: idf(sum(f in other for other in holding.values())) for f in facts}
                for name, facts in holding.items()}

    fact_weights, need_weights = weights(uses), weights(needs)
    values = frozenset(w for fact in checklist.facts.values() for v in fact.allowed for w in _WORD.findall(v.lower()))
    return _Profile(term_weights, fact_weights, need_weights, values)


Statement = tuple[str, str, str]  # (intent read with, fact, value in lower case)


def _line_evidence(checklist: Checklist, profile: _Profile,
                   text: str) -> tuple[dict[str, tuple[float, float]], frozenset[Statement]]:
    """Per intent: (evidence of the line's words, evidence of the facts it states); and those facts."""
    said = terms(text, profile.values)
    line = (Line("customer", text),)
    # A stated fact points at the intents that use it, required or optional: a search that takes an
    # airline as a filter is not outweighed by a booking that requires one.
    statements = frozenset((name, f, v.lower()) for name in checklist.intents
                           for f, v in extract_facts(checklist, name, line).items())
    stated = {f for _, f, _ in statements}
    evidence = {}
    for name in checklist.intents:
        words = sum(w for t, w in profile.term_weights[name].items() if t in said)
        weights = profile.fact_weights[name]
        evidence[name] = (words, sum(weights.get(f, 0.0) for f in stated))
    return evidence, statements


# Per checklist object (kept alive beside its entry, so its id is not reused): the profile and
# each line's evidence, since every case of a dialogue re-reads the same earlier lines.
_Evidence = tuple[tuple[tuple[str, float, float], ...], frozenset[Statement]]
_CACHE: dict[int, tuple[Checklist, _Profile, dict[str, _Evidence]]] = {}
_CACHE_LINES = 50_000


def _entry(checklist: Checklist) -> tuple[Checklist, _Profile, dict[str, _Evidence]]:
    entry = _CACHE.get(id(checklist))
    if entry is None or entry[0] is not checklist:
        if len(_CACHE) > 64:
            _CACHE.clear()
        entry = _CACHE[id(checklist)] = (checklist, _profile(checklist), {})
    return entry


def _cached_evidence(checklist: Checklist, text: str) -> _Evidence:
    _, profile, lines = _entry(checklist)
    if text not in lines:
        if len(lines) > _CACHE_LINES:
            lines.clear()
        evidence, stated = _line_evidence(checklist, profile, text)
        lines[text] = (tuple((name, words, facts) for name, (words, facts) in evidence.items()), stated)
    return lines[text]


def _asked(profile: _Profile, asks: Sequence[str]) -> dict[str, float]:
    """Evidence from the agent's question a line answers: facts only some intents require point at them."""
    return {name: sum(weights.get(f, 0.0) for f in asks) for name, weights in profile.need_weights.items()}


def customer_evidence(checklist: Checklist, lines: Sequence[Line], index: int) -> dict[str, float]:
    """The evidence one customer line gives each intent, read with the agent line it answers.

    Words count in full in a request and at ANSWER_WEIGHT in an answer to the agent's question;
    the facts the agent asked for count for the intents that require them (the agent's questions are
    the product's own, so it knows what it asked and why)."""
    text = lines[index].text
    before = lines[index - 1] if index and lines[index - 1].speaker == AGENT else None
    taken = offering_line([ln.speaker == AGENT for ln in lines], [ln.text for ln in lines], index)
    if taken is not None:
        # a yes takes the agent's offer as the customer's own words (the offer, not an answer about it)
        text = f"{lines[taken].text} {text}"
    if before is not None and taken != index - 1 and "?" in before.text and takes_offer(lines[index].text):
        # and the question it says yes to ("Do you want to make a reservation?" - "Yes, please"), which
        # offering_line passes over when it names nothing, to find the offer it goes ahead with
        text = f"{before.text} {text}"
    answers = before is not None and bool(before.asks) and not (NO.match(text) or _REDIRECT.search(text))
    weight = ANSWER_WEIGHT if answers else 1.0
    asked = _asked(_entry(checklist)[1], before.asks) if answers and before is not None else {}
    return {name: words * weight + facts + asked.get(name, 0.0)
            for name, words, facts in _cached_evidence(checklist, text)[0]}


def statements(checklist: Checklist, text: str) -> frozenset[Statement]:
    """What a customer line states, read with each of the service's intents (offline reading)."""
    return _cached_evidence(checklist, text)[1]


def read_intent(checklist: Checklist, lines: Sequence[Line]) -> IntentReading:
    """The intent the conversation so far points at, re-read from every line."""
    lines = readable(lines)
    names = list(checklist.intents)
    if len(names) == 1:
        return IntentReading(names[0], True, 1.0, ((names[0], 1.0),))
    running = dict.fromkeys(names, 0.0)
    latest: str | None = None  # the intent the latest line with any evidence pointed at
    stated: frozenset[Statement] = frozenset()  # what the latest customer line states
    said = ""  # the latest customer line's own words
    for index, line in enumerate(lines):
        if line.speaker == AGENT:
            if ends_task(lines, index):
                running = dict.fromkeys(names, 0.0)  # that task is over: what comes next is read afresh
                stated = frozenset()
            continue
        stated = statements(checklist, line.text)
        said = line.text
        evidence = customer_evidence(checklist, lines, index)
        if any(score > 0 for score in evidence.values()):  # a line with no intent words keeps the reading
            for name, score in evidence.items():
                running[name] = running[name] * DECAY + score
            latest = max(evidence, key=lambda name: evidence[name])
    ranked = sorted(names, key=lambda name: -running[name])
    total = sum(running.values())
    shares = tuple((name, running[name] / total if total else 1.0 / len(names)) for name in ranked)
    best = running[ranked[0]]
    if best <= 0:
        return IntentReading(None, False, 0.0, shares)
    # Settled: a clear margin, and the customer's latest evidence points the same way (a request
    # for another task that has not yet outweighed the old one is a question, not a stop).
    close = [name for name in ranked[1:] if MARGIN * running[name] > best]
    settled = (best >= MIN_EVIDENCE and latest == ranked[0]
               and all(covers(checklist, ranked[0], name) for name in close)
               and not _given_for_another(checklist, ranked[0], stated, running)
               and not _asked_for_another(checklist, ranked[0], said))
    return IntentReading(ranked[0], settled, shares[0][1], shares)


def _given_for_another(checklist: Checklist, best: str, stated: frozenset[Statement],
                       running: Mapping[str, float]) -> bool:
    """Whether the customer gave a fact the best intent has no place for and that another intent with
    any evidence requires ("find movies in Santa Rosa on the 2nd" gives a date that a movie search never
    takes and a show-time look-up needs): they may be pursuing that other task, and a stop on the best
    one could leave its facts missing, so the intent is not yet clear."""
    mine = checklist.intent(best)
    # the same words read as another intent's fact ("in London": a city here, a pick-up spot there)
    # are no extra fact: only a value the best intent found no place for is
    placed = {value for name, _, value in stated if name == best}
    extra = {fact for _, fact, value in stated if fact not in {*mine.required, *mine.optional} and value not in placed}
    return any(running[name] > 0 and extra & set(checklist.intent(name).required) and not covers(checklist, best, name)
               for name in checklist.intents if name != best)


def _asked_for_another(checklist: Checklist, best: str, text: str) -> bool:
    """Whether the customer's latest line, in its own words, also asks for what only another intent does
    ("search for movies in Moraga and tell me the times" asks for a search and for show times; "find me
    tickets" for a search and a purchase): words of that intent the best one lacks. A stop on the best
    could leave the other's facts missing, so the intent is not yet clear - unless a stop on the best is
    complete for the other too (`covers`)."""
    profile = _entry(checklist)[1]
    said = terms(text, profile.values)
    mine = profile.term_weights[best]
    return any(any(weight > 0 and term in said and term not in mine
                   for term, weight in profile.term_weights[name].items())
               and not covers(checklist, best, name)
               for name in checklist.intents if name != best)


def covers(checklist: Checklist, best: str, other: str) -> bool:
    """Whether a stop on `best` is safe were `other` the customer's intent: `best` needs strictly more
    facts, so its checklist complete means `other`'s is too, and it commits nothing `other` would not
    (a search with a return date over a one-way search, never a booking over a search)."""
    mine, theirs = checklist.intent(best), checklist.intent(other)
    return (set(theirs.required) < set(mine.required)
            and (theirs.transactional or not mine.transactional))


def finished_before(checklist: Checklist, intent: str, lines: Sequence[Line]) -> bool:
    """Whether the lines before the latest customer line already completed this intent's checklist
    (offline reading), so that task ended there and what the customer says now is a new one.
    A checklist filled while the intent was still unclear ended nothing when the latest line itself
    names the intent: the customer answering "which one?" may stop it."""
    last = max((i for i, ln in enumerate(lines) if ln.speaker != AGENT), default=None)
    earlier = tuple(lines[:last]) if last is not None else ()
    if last is None or not any(ln.speaker != AGENT for ln in earlier):
        return False
    if checklist.missing(intent, extract_facts(checklist, intent, earlier)):
        return False
    before = read_intent(checklist, earlier)
    if before.settled and before.intent == intent:
        return True
    evidence = customer_evidence(checklist, lines, last)
    return not (evidence.get(intent, 0.0) > 0 and max(evidence, key=lambda n: evidence[n]) == intent)


def candidates_question(checklist: Checklist, reading: IntentReading, limit: int = 3) -> str:
    """A question that names the likeliest intents, worded from their own descriptions."""
    named = [name for name, share in reading.candidates if share > 0][:limit]
    if len(named) < 2:
        named = list(checklist.intents)[:limit]
    options = [describe(checklist.intent(name).description) or name for name in named]
    choices = ", ".join(options[:-1]) + f" or {options[-1]}" if len(options) > 1 else options[0]
    return f"Would you like to {choices}?"
