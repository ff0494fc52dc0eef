"""One customer line -> the values it states, fact by fact.

Each required fact is looked for by its type (vocabulary, money, date, name, place); a short
answer right after the agent asked for a fact is bound to that fact; a denied or supposed
mention is skipped; when a line states a fact twice, the later mention wins (a correction).
Vocabulary facts are read in `closed`, free-text facts here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from core.acceptance import NO, YES
from core.conditions import conditional
from core.extractors.offline import names as names
from core.extractors.offline import values as values
from core.extractors.offline.closed import boolean_value, closed_value, count_value, free_count, mentions_people
from core.extractors.offline.events import other_event
from core.extractors.offline.free import (
    ASKS_AGENT,
    TIME_WORD_OPENING,
    free_answer,
    requested_kind,
    speaks_of_self,
    title_answer,
)
from core.extractors.offline.plain import alternatives, echoed, hedged_alternatives, one_of_two
from core.extractors.offline.polarity import BEFORE_NEGATOR, bound_before, capped, denied, in_another_zone, likened
from core.extractors.offline.profile import (
    BOOLEAN,
    CLOSED,
    COUNT,
    DATE,
    LINES_READ_LIMIT,
    MONEY,
    PERSON,
    PLACE,
    TEXT,
    TIME,
    TITLE,
    FactProfile,
    Profile,
    stem,
    without_examples,
    words,
)
from core.extractors.offline.proposal import proposed_value
from core.extractors.offline.roles import END, START, fact_role, is_stay, value_role, where_now

_FILLER = re.compile(
    r"^(?:(?:yes|yeah|yep|ok|okay|sure|please|uh|um|well|so|oh|and|it's|it is|it'll be|that's|that is|that would be|"
    r"i'd like|i want|i would like|send it to|send to|to|for|the|make it|let's do|let's say|how about|go with|"
    rf"just|only)[,\s]+|{TIME_WORD_OPENING})+", re.IGNORECASE)
# Politeness after the value: "NY please", "Sydney, Australia, thanks".
_TRAILING_FILLER = re.compile(r"(?:[,\s]+(?:please|thanks|thank\s+you|thx))+\W*$", re.IGNORECASE)
_ONLY_POLITENESS = re.compile(r"\W*(?:(?:please|thanks|thank\s+you|thx|so\s+much|(?:to|for|with|by)\s+(?:me|us))\W*)+",
                              re.IGNORECASE)
_SHORT_WORDS = 4
# A reply that refuses, in lower case as speech does ("Definitely not Hello", "absolutely not savings", "never the
# 5th"); a title may hold the word capitalised ("Not Afraid", "Never Say Never").
_REFUSING = re.compile(r"(?:^|\s)(?-i:not|never|nothing|none)\b|\b(?:anything|anyone|anywhere)\s+(?:but|except)\b",
                       re.IGNORECASE)
_TOPICAL = (PERSON, PLACE, TEXT, TITLE)


def read_line(profile: Profile, required: Sequence[str], text: str, asked: Sequence[str],
              agent_text: str = "") -> dict[str, str]:
    """The values this customer line states; `asked`/`agent_text` are the agent line right before it."""
    key = (tuple(required), text, tuple(asked), agent_text)
    memo = profile.lines_read
    if key in memo:
        return dict(memo[key])
    if len(memo) >= LINES_READ_LIMIT:
        memo.clear()
    found: dict[str, str] = {}
    for name in required:
        fact = profile.facts[name]
        rivals = [profile.facts[r] for r in required if r != name and profile.facts[r].kind == fact.kind]
        value = _read_fact(profile, fact, text, asked, agent_text, rivals)
        if value is None and _sole_name(profile, fact, required) and profile.on_task(text):
            value = _sole_area(profile, text)
        if value:
            found[name] = value
    found = one_fact_per_value(found, profile, tuple(asked))
    left = [n for n in asked if n in required and n not in found and profile.facts[n].kind == TEXT]
    if len(left) == 1 and any(n in found for n in asked):
        # "Which city, and what kind of food?" - "Asian Fusion in Concord.": what the other answers leave
        value = _rest_of_answer(profile.facts[left[0]], text, [found[n] for n in asked if n in found])
        if value is not None:
            found[left[0]] = value
    memo[key] = dict(found)
    return found


# A preposition that a value read for another fact takes with it: "in Concord", "for 2".
_LEADING = r"(?:\b(?:in|at|to|for|from|on|near|around|by)\s+(?:the\s+)?)?"


def _rest_of_answer(fact: FactProfile, text: str, others: list[str]) -> str | None:
    """The free value a reply to a question of several facts states beside the others' values: the words left
    once those (with their prepositions) are blanked, read as an answer ("Lobster sounds great. Search in San
    Mateo." -> "Lobster"); none when what is left asks or acts ("Search for it in Concord")."""
    rest = text
    for other in others:
        rest = re.sub(_LEADING + re.escape(other), " ", rest, flags=re.IGNORECASE)
    found: list[str] = []
    for sentence in re.split(r"(?<=[.!?;])\s+", rest):
        value = free_answer(fact, sentence) if sentence.strip(" .,!?;") else None
        said = re.findall(r"[A-Za-z']+", value or "")
        acts = any(w.lower() in names.NOT_NAMES or stem(w.lower()) in _ACTING for w in said)
        if value and said and not acts and not (len(said) > 1 and _PARTICIPLE.fullmatch(said[-1])):
            # (nor a participle closing it: "diner food located", "Burmese found")
            found.append(value)
    return found[0] if len(found) == 1 else None


_PARTICIPLE = re.compile(r"[a-z]+ed|found|made|done|seen")
# Verbs of asking or acting: what is left of "Please search in San Mateo" is no value.
_ACTING = frozenset(stem(w) for w in ("search", "find", "look", "book", "reserve", "get", "show", "help", "need",
                                       "want", "like", "make", "give", "tell", "check", "go"))


def one_fact_per_value(found: dict[str, str], profile: Profile, asked: Sequence[str] = ()) -> dict[str, str]:
    """A span said once fills one fact: two facts holding the same words take neither (the agent asks),
    unless the agent asked for one of them alone ("Which city?" - "Try Los Angeles")."""
    free = [n for n in found if profile.facts[n].kind not in (CLOSED, BOOLEAN, COUNT)]
    clashing = {a for a in free for b in free if a != b
                and (found[a].lower() in found[b].lower() or found[b].lower() in found[a].lower())}
    if len(asked) == 1 and asked[0] in clashing:
        return {n: v for n, v in found.items() if n not in clashing or n == asked[0]}
    return {n: v for n, v in found.items() if n not in clashing}


# A sentence that picks by a place in a list ("The second one.", "I'll take the latter", "the first option please")
# names nothing itself: the tier does not count down the agent's list, so it asks again.
_BY_POSITION = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|well|hmm+|um+|uh|yes|yeah)\W+)*(?:(?:i'?ll\s+(?:take|have|go\s+with)|i\s+(?:want|choose|pick)|"
    r"give\s+me|go\s+with|let'?s\s+(?:do|go\s+with))\s+)?(?:the\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|"
    r"eighth|ninth|tenth|last|former|latter|middle)(?:\s+(?:one|option|choice|of\s+(?:them|those|these)))?"
    r"(?:\W+(?:please|thanks|thank\s+you))?\W*$", re.IGNORECASE)


# A question typed without its mark: a question word, a verb or "else", and the rest in lower case.
_ASKED_WITHOUT_MARK = re.compile(r"^\W*(?:what|which|who|where|when|why|how)(?:'s|\s+(?:else|is|are|was|were|do|does|"
                                 r"did|can|could|would|will|should|about))\b(?:\s+(?-i:[a-z][\w']*))*\W*$",
                                 re.IGNORECASE)


def picks_by_position(text: str) -> bool:
    """Some sentence of the reply picks by a place in a list ("The fourth one. Hmm.")."""
    return any(_BY_POSITION.match(part) for part in re.split(r"(?<=[.!?;])\s+", text.strip()))


def _read_fact(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str], agent_text: str,
               rivals: Sequence[FactProfile] = ()) -> str | None:
    kind = fact.kind
    if kind == CLOSED:
        return closed_value(profile, fact, text, asked)
    if kind == COUNT:
        if fact.vocabulary:
            return count_value(profile, fact, text, asked)
        theirs = frozenset(stem(w) for f in profile.facts.values() if f.kind == COUNT and f is not fact
                           for w in f.counted)
        return free_count(fact, text, asked, theirs)
    if kind == BOOLEAN:
        return boolean_value(profile, fact, text, asked)
    if kind in (TEXT, TITLE, PLACE) and fact.fact.name in asked and picks_by_position(text):
        return None  # "The fourth one. Hmm", "The former. Kids will love it": a place in a list, no name of its own
    if kind == TEXT:
        return _free(profile, fact, text, asked, agent_text)
    if kind == TITLE and fact.fact.name in asked and len(asked) == 1:
        whole = None if YES.match(text) or NO.match(text) or _ACTS_ON_IT.match(text) else title_answer(text)
        if whole:
            return whole  # the reply to "what is the event called?" is the name, whole: "Dentist appointment"
    spans = _typed_spans(profile, kind, text, fact.cues)
    # "Should it go to Jenny or Mike?", "maybe the 5th, maybe the 6th": neither is chosen
    offered = alternatives(text, spans) | hedged_alternatives(text, spans)
    spans = [s for i, s in enumerate(spans) if i not in offered and not one_of_two(text, s[0], s[1])
             and not echoed(text, s[0], s[1])]
    if kind == MONEY:
        spans = [s for s in spans if not capped(text, s[0])]  # "up to $300", "half of 400"
    if kind in (DATE, TIME):
        spans = [s for s in spans if not bound_before(text, s[0])  # "before the 20th", "end by 10 pm"
                 and not (kind == TIME and in_another_zone(text, s[1]))  # "6 pm New York time"
                 and not other_event(profile, text, s[0], s[1])]  # "a movie that starts at 8:30 pm" for a table
    if kind == TITLE and fact.fact.name in asked and not spans:
        yes = YES.match(text)
        spans = [s[:3] for s in names.titles(text, profile.schema_words)  # the answer to "which film?"
                 if (yes is None or s[0] >= yes.end())  # (not the yes itself: "Sounds good!" takes an offer)
                 and not echoed(text, s[0], s[1])  # (not one asked back: "Pine Hollow? Never again.")
                 and not BEFORE_NEGATOR.match(text, s[1])  # (nor the word a refusal opens: "Definitely not X")
                 and not likened(text, s[0], s[1])  # (nor what the wanted one is like: "Something like Inception")
                 and not (speaks_of_self(text) and not text[:s[0]].strip())]  # (nor a clause's first word about
        # the speaker: "Still scrolling, one sec", "Song-wise I'm blanking")
    if kind == PLACE and fact_role(fact) == END:
        spans = sorted({*spans, *names.places(text, cue=names.VISITING)})
    if kind == PLACE and _asked_alone(fact, rivals, asked):
        # the answer to "Where are you?" names the area however it is put: "I'm at Livermore", "Please
        # check San Jose", "the weather for Pinole", "How about Philly?" (a point is none: "at the Guild Theatre")
        spans = [s for s in spans if not (fact.area and names.AT_POINT.search(text[:s[0]])
                                          and names.names_a_point(s[2]))]
        if not spans:
            # only where no place cue says it: "I'm in Philadelphia. I've heard good things about Northlane"
            spans = [s for s in names.places(text, cue=_ANSWER_CUE) if not names.names_a_point(s[2])]
        if not spans:
            # a reply opening with the place, then going on: "Seattle and I need 1 ticket", "Tiburon but check
            # the 10th", "Atlanta, GA - I'm looking for a soccer game", "London, England with check in the 5th"
            spans = [s for s in names.places(text, cue=names.LINE_START)[:1] if _GOES_ON.match(text, s[1])
                     and not _CUT_REGION.match(text, s[1]) and not (YES.match(text) or NO.match(text))]
    elif fact.area:
        spans = [s for s in spans if not names.AT_POINT.search(text[:s[0]])]  # "at Roxie Theater" is no city
    if kind == PLACE and not spans and not rivals and fact.fact.name in asked and names.writes_lower_names(text):
        # a customer writing names in lower case, answering the agent's question of where: "look in san
        # francisco", "find them in sf" (never a word of the schema: "in imax"; unasked, "in town", "in total"
        # and "in advance" say no place)
        spans = names.lower_places(text, _LOWER_ANSWER_CUE, profile.schema_words)
    if kind == PLACE:
        spans = [s for s in spans if not _closed_word(profile, s[2])  # "something in Music" names a kind
                 and not _IN_A_LANGUAGE.search(text, 0, s[0])]  # "how do you say 'a flight' in Spanish"
        # ", Pool" after a place is a vocabulary word of another fact, not the place's region ("London, UK")
        spans = [(s[0], s[0] + s[2].rindex(","), s[2][:s[2].rindex(",")])
                 if "," in s[2] and _closed_word(profile, s[2][s[2].rindex(",") + 1:].strip()) else s for s in spans]
    if spans and kind in _TOPICAL and kind != PLACE and not asked and not _on_topic(profile, text):
        # A name in a line about another service (a song, a restaurant) is not this fact. A place is read
        # in any line ("something to eat in Pleasanton"): another task's places end at its done line.
        spans = []
    if not spans and fact.fact.name in asked and kind == MONEY:
        spans = [s for s in values.numbers(text) if not _inside(s, values.times(text)) and not capped(text, s[0])
                 and not values.pronoun_one(text, s[0], s[1])]
    stated = [s for s in spans if not denied(text, s[0], s[1])]
    if kind == PLACE and fact_role(fact) == END:
        stated = [s for s in stated if not where_now(text, s[0])]  # "I'm at the Hyatt" is no destination
        if not rivals:
            # "I will be leaving Seattle" (for a flight before the house): the place left is no place one goes to
            stated = [s for s in stated if not names.LEFT.search(text, max(0, s[0] - 30), s[0])]
    if rivals:
        whose = [s for s in stated if _mine(fact, rivals, text, s[0], asked)]
        stated = (whose or _in_range(fact, rivals, text, stated)
                  or _lone_start(profile, fact, rivals, text, stated, asked))
        if spans and not stated:
            return None
        if [r for r in rivals if r.fact.name in asked] and fact.fact.name in asked and not stated:
            return None  # a bare answer to a question about two facts of one type names neither
    if kind == PLACE and not fact.area and len(stated) > 1:
        # "at Union Station in Denver": a fact naming a point takes the point; the area after it only locates it
        points = [s for s in stated if names.AT_POINT.search(text[:s[0]]) or names.names_a_point(s[2])]
        if points and len(points) < len(stated):
            stated = points
    if stated:
        return stated[-1][2]
    if fact.fact.name in asked and not spans:
        yes = YES.match(text)
        if yes:
            # "Yes" to "Is the destination 200 C Street?"; "Yes. Toronto, Canada." to "Is there a city you like?"
            rest = text[yes.end():].lstrip(" .,!")
            if _ONLY_POLITENESS.fullmatch(rest) or _NOUN_OF_THE_YES.match(text, yes.end()):
                rest = ""  # "Yes please." names nothing, nor does the noun a yes-word qualifies: "Good question."
            if conditional(text):
                return None  # "Fine, assuming my meeting moves": a yes on a condition takes nothing yet
            return proposed_value(fact, agent_text) or (_short_answer(profile, kind, rest) if rest else None)
        answer = _short_answer(profile, kind, text)
        if answer is None and kind == PLACE:
            # "San Francisco please. Can you book for 11:30?": the first sentence answers the question
            first = re.match(r"[^.!?]+[.!]", text)
            answer = _short_answer(profile, kind, first.group(0)) if first and first.end() < len(text) else None
        return answer
    return None


# Words that take the place asked for as their object in an answer: "check Chicago", "search Larkspur for
# dramas", "How about Philly?", "weather for Pinole", "movies at Menlo Park", "I'm on Oakland", "Give me Milpitas",
# "I am visiting London, UK", "Look through Seattle, WA".
_ANSWER_CUE = re.compile(r"\b(?:for|at|on|about|check(?:\s+out)?|search|try|look\s+(?:at|in|up)|(?:give|get)\s+me|"
                         r"visiting|through|inside)\s+(?:the\s+)?", re.IGNORECASE)


def _sole_name(profile: Profile, fact: FactProfile, required: Sequence[str]) -> bool:
    """The fact is an area and the form names nothing else: no other place, no title, no person, and no free
    text asked for (a forecast's city: what a capitalised name in a line about the weather can only be)."""
    return fact.kind == PLACE and fact.area and all(
        f is fact or (f.kind not in (PLACE, TITLE, PERSON) and not (f.kind == TEXT and n in required))
        for n, f in profile.facts.items())


# In a line naming the service's task, the one area a form names follows "for", "of" or "at" ("the weather for
# Livermore", "weather conditions of KL", "the weather at Pinole"), or comes right before the task's noun
# ("the Bodega Bay weather").
_SOLE_AREA_CUE = re.compile(r"\b(?:for|of|at|like)\s+(?:the\s+)?", re.IGNORECASE)


def _sole_area(profile: Profile, text: str) -> str | None:
    spans = [s for s in names.places(text, cue=_SOLE_AREA_CUE) if not denied(text, s[0], s[1])]
    spans += [s[:3] for s in names.titles(text, profile.schema_words) if _before_task_noun(profile, text, s[1])
              and not denied(text, s[0], s[1])]
    return sorted(spans)[-1][2] if spans else None


def _before_task_noun(profile: Profile, text: str, end: int) -> bool:
    after = re.match(r"\s+([A-Za-z]+)", text[end:])
    return after is not None and stem(after.group(1).lower()) in profile.task


_LOWER_ANSWER_CUE = re.compile(r"\b(?:in|near|at|for|check|search)\s+(?=[a-z])", re.IGNORECASE)
# (not "on": with it one held red-team attack turned unmeasurable)
_GOES_ON = re.compile(r"\s*(?:[,;:.!-]|\s(?:and|but|at|for|this|next|with)\b)")
_CUT_REGION = re.compile(r",\s*[A-Z]")  # "Fresno, CA and the 4th": the place is more than its first part


def _asked_alone(fact: FactProfile, rivals: Sequence[FactProfile], asked: Sequence[str]) -> bool:
    """The agent asked for this place and for no other place of the form."""
    return fact.fact.name in asked and not any(r.fact.name in asked for r in rivals)


# Words said or written "in" something: the language, not a place. The words in quotes are blanked by now, so the
# verb may stand right before "in" ("how do you say '...' in French", "spell it in German").
_IN_A_LANGUAGE = re.compile(r"\b(?:say|said|saying|spell|spelled|spelt|write|written|translate|translated|pronounce|"
                            r"pronounced)\s+(?:(?:it|that|this|these|those|them)\s+)?in\s+$", re.IGNORECASE)


def _closed_word(profile: Profile, value: str) -> bool:
    """The value is one of a vocabulary fact's allowed values ("Music", "Sports"): what kind, not where."""
    low = value.lower()
    return any(v.lower() == low for f in profile.facts.values() if f.kind == CLOSED for v, _ in f.vocabulary)


def _free(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str], agent_text: str) -> str | None:
    """A free-text fact: the answer to the agent's question about it, or the word before the fact's own noun in
    a line asking for what this service does ("Find me a War movie online"); a line saying only what the
    customer usually likes ("I usually like Drama movies") is no request, and may be about another service."""
    if fact.fact.name not in asked:
        return _requested(profile, fact, text, answer=False, nouns=profile.task) if profile.on_task(text) else None
    if YES.match(text):
        return None if conditional(text) else proposed_value(fact, agent_text)
    if NO.match(text):
        return None
    # the nouns of the agent's own question name the thing too: "What type of food?" - "Spanish food, please"
    nouns = profile.task | {stem(w) for w in words(agent_text)}
    if len(asked) != 1:
        # "In Pleasanton. I'm in the mood for Taiwanese food."
        return _requested(profile, fact, text, answer=True, nouns=nouns)
    value = free_answer(fact, text, nouns) or _requested(profile, fact, text, answer=True, nouns=nouns)
    at = text.find(value) if value else -1
    if value and at >= 0 and echoed(text, at, at + len(value)):
        return None  # asked back and turned down or mocked: "Korean? Ha, as if"
    return value


def _requested(profile: Profile, fact: FactProfile, text: str, answer: bool,
               nouns: frozenset[str] = frozenset()) -> str | None:
    others = profile.schema_words - _example_words(fact.fact.description)
    requested = requested_kind(fact, text, others, answer, nouns)
    return requested[1] if requested and not denied(text, requested[0]) else None


@lru_cache(maxsize=1024)
def _example_words(description: str) -> frozenset[str]:
    """The words of a description's examples of its own values ("Classification of the movie (e.g. action,
    drama)"): a value said by the customer is no other fact's word for being one of them."""
    return frozenset(words(description)) - frozenset(words(without_examples(description)))


def _mine(fact: FactProfile, rivals: Sequence[FactProfile], text: str, start: int, asked: Sequence[str]) -> bool:
    """Whether a value belongs to this fact rather than to a rival of the same type."""
    said = value_role(text, start, stay=is_stay(fact) or any(is_stay(r) for r in rivals))
    if said is not None:
        return fact_role(fact) == said and all(fact_role(r) != said for r in rivals)
    group = [fact, *rivals]
    in_question = [f for f in group if f.fact.name in asked]
    return len(in_question) == 1 and in_question[0] is fact


# Words closing a range, the second value its end: "March 9th until March 12th", "this Sunday through the 7th".
_RANGE_END = re.compile(r"^\W*(?:\w+\W+){0,6}?(?:until|till|til|through|thru|to)\s+(?:the\s+)?$", re.IGNORECASE)


_EITHER = re.compile(r"\bor\b", re.IGNORECASE)


def _in_range(fact: FactProfile, rivals: Sequence[FactProfile], text: str,
              stated: list[values.Span]) -> list[values.Span]:
    """Two values said as a range, the first with no cue of its own and the second after "until" or
    "through": the first starts it and the second ends it, for a start fact and its one end rival."""
    role = fact_role(fact)
    if len(rivals) != 1 or role is None or fact_role(rivals[0]) in (None, role) or len(stated) != 2:
        return []
    first, second = sorted(stated)
    between = text[first[1]:second[0]]
    if value_role(text, first[0]) is not None or not _RANGE_END.match(between) or _EITHER.search(between):
        return []  # ("It could end the 5th or run through the 7th": one of two, no range)
    return [first] if role == START else [second]


def _lone_start(profile: Profile, fact: FactProfile, rivals: Sequence[FactProfile], text: str,
                stated: list[values.Span], asked: Sequence[str]) -> list[values.Span]:
    """One day said with no cue, for a start date and its end rival: "I need the car March 11th" starts the
    rental (an end is said as one: "until the 13th", "back on the 8th"); not when the agent asked for the end,
    and only in a sentence asking for what this service does or answering the agent (a day said about the
    weather is not a pickup). Not for a stay: only its own words (checking in or out) decide there, as `roles`
    reads them ("out on the 20th" ends it)."""
    if (fact.kind != DATE or len(stated) != 1 or not (asked or profile.on_task(_sentence_at(text, stated[0][0])))
            or len(rivals) != 1 or fact_role(fact) != START or is_stay(fact) or is_stay(rivals[0])
            or fact_role(rivals[0]) in (None, START) or rivals[0].fact.name in asked
            or value_role(text, stated[0][0]) is not None):
        return []
    return stated


def _sentence_at(text: str, at: int) -> str:
    start = max(text.rfind(c, 0, at) for c in ".!?;") + 1
    ends = [e for e in (text.find(c, at) for c in ".!?;") if e >= 0]
    return text[start:min(ends) if ends else len(text)]


def _on_topic(profile: Profile, text: str) -> bool:
    """The line uses the checklist's own words, or states an amount for a checklist that has one."""
    if profile.on_topic(text):
        return True
    has_money = any(f.kind == MONEY for f in profile.facts.values())
    return has_money and bool(values.money(text))


def kind_spans(profile: Profile, kind: str, text: str) -> list[values.Span] | None:
    """Spans of the dates, times, amounts, places or people in `text`, for a fact of that kind;
    None for a kind read otherwise (titles, closed and free facts), which each caller decides."""
    if kind == MONEY:
        return values.money(text)
    if kind == DATE:
        return values.dates(text)
    if kind == TIME:
        return values.times(text)
    if kind == PERSON:
        return names.persons(text, profile.schema_words)
    if kind == PLACE:
        return names.places(text)
    return None


def _typed_spans(profile: Profile, kind: str, text: str, own_nouns: frozenset[str] = frozenset()) -> list[values.Span]:
    spans = kind_spans(profile, kind, text)
    if spans is not None:
        return spans
    if kind == TITLE:
        # Unasked, a capitalised run names this fact only after a cue ("called Sushi Zen", "watch Dumbo"), or
        # after a noun of the checklist's own and "for"/"of": "2 tickets for Ben Harper", "dates for the Eagles"
        runs = names.titles(text, profile.schema_words, own_nouns=own_nouns)
        cued = [s[:3] for s in runs if s[3] or _for_own_noun(profile, text, s[0]) or _praised(text, s[1])]
        # failing those, the run right after a verb that carries out the transaction, its article left out
        # (and not where its sentence goes on to refuse: "I'll pay Sofia too, but not now")
        return cued or [_without_article(s[:3]) for s in runs
                        if _after_doing_verb(profile, text, s[0]) and _NAME_ENDS.match(text, s[1])
                        and not _REFUSED_AFTER.match(text, s[1])]
    return []


# Where a capitalised run plainly ends: punctuation, the end, or a closed-class word ("Rent Inception tonight"); a
# lower-case noun after it may go on with the name in sentence case ("add Dentist checkup"), so nothing is read.
# (not "with": "Add Standup with London team" names its event in sentence case to the end; not a possessive, whose
# run owns the thing, "a Hayley Kiyoko 's song"; nor a comma before a capital, which may go on with the name,
# "Crouching Tiger, Hidden Dragon")
_NAME_ENDS = re.compile(r"(?!\s*['\u2019]s\b)(?!\s*,\s*(?-i:[A-Z]))"
                        r"\s*(?:$|[^\w\s]|\d|(?:for|on|at|in|to|from|and|or|please|tonight|today|tomorrow|now|"
                        r"instead|again|then|this|next|by|asap)\b)", re.IGNORECASE)


# A negator later in the run's sentence: the doing may be refused or put off ("I'll pay Sofia too, but not now").
_REFUSED_AFTER = re.compile(r"[^.!?;]*\b(?:not|never|no|don'?t|won'?t|can'?t)\b", re.IGNORECASE)


def _without_article(span: values.Span) -> values.Span:
    """"the Marriott Marquis" of "Reserve the Marriott Marquis": a lower-case article is the customer's, not the
    name's."""
    start, end, value = span
    article = re.match(r"(?:the|a|an)\s+", value)
    return (start + article.end(), end, value[article.end():]) if article else span


# A verb that carries out one of the schema's transactions, then perhaps "me" and a determiner with the thing's noun,
# right before a capitalised run: "I want to rent Inception", "Rent the film Inception" (`Profile.doing`).
_DOING_BEFORE = re.compile(r"\b([a-z]+?)s?\s+(?:(?:me|us)\s+)?(?:(?:the|a|an|that|this)\s+(?:[a-z]+\s+)?)?$",
                           re.IGNORECASE)


def _after_doing_verb(profile: Profile, text: str, start: int) -> bool:
    before = _DOING_BEFORE.search(text, max(0, start - 40), start)
    return before is not None and before.group(1).lower() in profile.doing


# A name the customer praises as worth having: "I heard the Yankees vs Orioles is fun", "Lizzo is a good one",
# "Vivian Green is fantastic".
_PRAISE = re.compile(r"\s+(?:is|are|was|'s)\s+(?:supposed\s+to\s+be\s+|meant\s+to\s+be\s+)?(?:really\s+|very\s+|so\s+|"
                     r"quite\s+|pretty\s+)?(?:a\s+|an\s+)?(?:good|great|fun|fantastic|amazing|awesome|excellent|"
                     r"wonderful|nice|cool|brilliant|terrific|superb|interesting|very\s+good)\b(?:\s+one\b)?",
                     re.IGNORECASE)


def _praised(text: str, end: int) -> bool:
    return _PRAISE.match(text, end) is not None


_FOR_NOUN = re.compile(r"\b([A-Za-z]+)\s+(?:for|of)\s+(?:the\s+)?$", re.IGNORECASE)


def _for_own_noun(profile: Profile, text: str, start: int) -> bool:
    before = _FOR_NOUN.search(text[max(0, start - 40):start])
    if before is None:
        return False
    noun = before.group(1).lower()
    # the plural of one of the schema's own nouns is its noun too, however generic the singular: "dates for the
    # Eagles" where the schema says "Date of the concert" as where it says "GetEventDates"
    return (stem(noun) in profile.topic or _plural_of(noun, profile.schema_words)) and noun not in _NOT_NOUNS


def _plural_of(noun: str, schema_words: frozenset[str]) -> bool:
    return len(noun) > 3 and noun.endswith("s") and not noun.endswith("ss") and noun[:-1] in schema_words


# Nouns of place and time are never what a title is "for" or "of": "the city of Paris", "dates for March".
_NOT_NOUNS = frozenset({"city", "town", "area", "location", "place", "date", "day", "time", "name", "number"})


# A reply carrying the task out on what was offered names nothing itself: "How about Rust Runner?" - "Rent it!"
# (a title says "It" in capitals: "Beat It").
_ACTS_ON_IT = re.compile(r"^\W*(?i:rent|book|buy|get|play|reserve|order|take|watch|schedule|send|pay|grab|pick|"
                         r"choose|do)\s+(?:it|that|this|them|that\s+one|this\s+one)(?:\s+(?i:please|now|then))?\W*$")


def _inside(span: values.Span, others: list[values.Span]) -> bool:
    return any(o[0] <= span[0] and span[1] <= o[1] for o in others)


def _place_like(reply: str) -> bool:
    first = reply.split()[0].lower().rstrip(",;:.!?") if reply.split() else ""  # "Regardless, stop asking"
    return (reply[:1].isupper() or reply[:1].isdigit()) and first not in names.NOT_NAMES


# One lower-case word right after the yes-word, with no pause between, is the noun it qualifies ("Good question.",
# "Great idea!", "Sure thing"), not a value given after a yes ("Good, Parasite.", "Yes. Toronto").
_NOUN_OF_THE_YES = re.compile(r"[ \t]+(?-i:[a-z]+)[.!]*\s*$")


# A sentence of a noun or a name and "here" alone: the speaker says who they are ("Supervisor here.", "Dana here").
_SPEAKER_HERE = re.compile(r"(?:^|[.!?;]\s)\W*(?:[A-Za-z]+\s+){1,2}here\s*(?:[.!?;]|$)", re.IGNORECASE)


def _short_answer(profile: Profile, kind: str, text: str, most_words: int = _SHORT_WORDS) -> str | None:
    """The whole reply, minus fillers, when it is short enough to be just the value asked for."""
    if YES.match(text) or NO.match(text) or _ACTS_ON_IT.match(text):
        return None  # a yes or a no answers a proposal, it does not name the value, nor does "Rent it!"
    reply = _TRAILING_FILLER.sub("", _FILLER.sub("", text.strip()).strip().rstrip(".!").strip())
    if not reply or "?" in reply or _REFUSING.search(reply):
        return None
    if _SPEAKER_HERE.search(reply):
        return None  # "Supervisor here.", "Dana here": who speaks, named as on a telephone
    if kind == PERSON:
        # "Maria." or "Pranav will be receiving my money.": the reply opens with the name asked for;
        # "Stop asking me questions" opens with a verb.
        if names.opens_with_verb(reply):
            return None
        return names.person_in(reply, len(reply.split()) > _SHORT_WORDS, profile.schema_words)
    if kind == PLACE:
        # "I prefer Redwood City.", "Try Los Angeles for me", "NYC is the place": the words around it go
        core = title_answer(text)
        if core and _place_like(core):
            reply = core
        elif ASKS_AGENT.match(reply):
            return None  # "Show me results anyway": an order to the agent, no place ("Take me to JFK" names one)
    if len(reply.split()) > most_words:
        return None
    if kind == PLACE:
        # A place answer reads like one: it opens with a capital or a number, counts no people and holds no day or
        # hour ("Date's the 14th" answers the other half of "Where from, and on what date?")
        if (not reply or not _place_like(reply) or mentions_people(reply) or values.DATE.search(reply)
                or values.TIME.search(reply)):
            return None
        return reply
    if kind in (TEXT, TITLE):
        if _ASKED_WITHOUT_MARK.match(reply):
            return None  # "🤔 what else is there": a question, its mark left off (a title capitalises its words)
        if ASKS_AGENT.match(reply) or speaks_of_self(reply):
            # "Show me a few others first", "Give us a minute": a request, no name ("Show Me Love" is); nor is a
            # clause about the speaker ("For me, I'm still browsing")
            return None
        bare = {"yes", "no", "ok", "okay", "sure", "thanks", "thank you"} | names.PLACEHOLDERS | names.INTERJECTIONS
        return reply if reply.lower() not in bare else None
    return None
