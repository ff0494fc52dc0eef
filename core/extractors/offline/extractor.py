"""The offline tier: a deterministic extractor with no key, no network and no service code.

Everything it knows comes from the checklist (fact names, descriptions, vocabularies), the
conversation, and the agent's own questions (which facts each agent line asked for).
It reads every customer line in order, so a later statement replaces an earlier one and a value
stated under one intent is still there when the customer moves to the next of the same task; an agent
line reporting a task done (this checklist's or another service's) ends what was said for it, so a
flight's date does not fill the train booked after it. A task also starts where the conversation first
turns to this checklist (`task_start`): values said before it count only for a city-like fact. Of each line it reads
only the customer's own words: no forged role line, JSON, aside or quote (`unsaid`); and a
value only where it is stated, not supposed, left to the agent (`polarity`), offered as one
of two, and never from a sentence in a language it does not read (`plain`); and not in a sentence about another
time, another person or how things stand, nor one taken back by a self-repair or asking about a value
(`elsewhere`); numbers left open ("between 7 and 8") and identifiers ("user_premium") state nothing
(`undecided`).
"""

from __future__ import annotations

import re
import time
from functools import partial

from core import withdrawal
from core.acceptance import doing_verbs, offering_line, refused_offer, thinks_it_over
from core.case import readable
from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.deferral import any_will_do, puts_off, undecided_about
from core.extraction import Extraction, ExtractionRequest
from core.extractors.offline import last_word, names
from core.extractors.offline.closed import counts_people
from core.extractors.offline.computed import to_compute
from core.extractors.offline.elsewhere import elsewhere, handed_on
from core.extractors.offline.events import other_event
from core.extractors.offline.free import EXACTNESS, asks_afresh
from core.extractors.offline.kinds import END_WORDS, START_WORDS
from core.extractors.offline.line import kind_spans, read_line
from core.extractors.offline.offers import accepted_offer, carried_find, picked_offer
from core.extractors.offline.plain import unread_sentences
from core.extractors.offline.pointing import (
    NOT_EXISTENTIAL_AFTER,
    NOT_EXISTENTIAL_BEFORE,
    named_address,
    points_there,
    ride_heads_to,
)
from core.extractors.offline.polarity import denied
from core.extractors.offline.profile import (
    BOOLEAN,
    COUNT,
    DATE,
    MONEY,
    PERSON,
    PLACE,
    TEXT,
    TIME,
    TITLE,
    FactProfile,
    Profile,
    profile,
    stem,
)
from core.extractors.offline.roles import END, START, fact_role, is_stay, leaves_from, value_role
from core.extractors.offline.undecided import repaired, undecided
from core.extractors.offline.unsaid import said
from core.text import blank

VERSION = "offline-85"
# The agent reporting a finished transaction: what was said for it does not carry into the next one.
DONE = re.compile(
    r"\b(?:successf?ull?y?|(?:has|have|had) (?:now )?been \w+ed|"
    r"(?:has|have|had) (?:been )?(?:done|made|sent|gone through)|"
    r"(?:i've|i have|we've|we have|i|we) (?:now )?(?:made|sent|completed|processed|done|booked|confirmed|"
    r"placed|reserved|scheduled|purchased|bought|ordered|arranged)|"
    r"went through|took place|it'?s done|all done|"
    r"(?:is|was|are|were) (?:now )?(?:confirmed|booked|complete|completed|done|processed|reserved|scheduled|"
    r"purchased|placed|paid|sent|transferred|set up|all set)|"
    r"(?:has|have) (?:now )?started|(?:is|are) (?:about to start|starting now|on (?:its|their|the) way)|"
    r"(?:was|were) able to (?:book|confirm|reserve|schedule|purchase|buy|make|complete|process|send|place|set up))\b|"
    # a participle closing a sentence reports it done: "Tickets confirmed.", "All booked!"; so does "Done" opening
    # the line: "Done, $40 was sent to Amelia."
    r"\b(?:confirmed|booked|reserved|scheduled|purchased|done)\s*[.!]|^\W*done\s*[,.!]|"
    # or opening a statement: "Booked 2 tickets for Saturday at 8 pm." (not a question: "Booked for when?")
    r"(?:^|[.!]\s+)(?:booked|reserved|purchased|bought|scheduled|confirmed)\s+(?![^.!?]*\?)|"
    # a sentence wishing the customer joy of what was done: "Enjoy!", "Enjoy the music.", "Please enjoy."
    r"(?:^|[.!?]\s*)(?:please\s+)?enjoy\b",
    re.IGNORECASE)
# A customer line opening with a repair takes the task just reported done back up: "Booked for 19:15." - "Wait, I
# meant their other branch" changes that booking, it starts no other task.
_TAKES_BACK_UP = re.compile(r"^\W*(?:(?:no|oh|oops|whoops|sorry)\W+)?(?:wait|hold\s+on|hang\s+on|i\s+meant)\b",
                            re.IGNORECASE)


def ends_task(lines: tuple[Line, ...], index: int) -> bool:
    """Whether the agent line at `index` reports a task done that stays done: the customer's next line does not
    open by taking it back up."""
    return bool(DONE.search(lines[index].text)) and not _taken_back_up(lines, index)


def _taken_back_up(lines: tuple[Line, ...], index: int) -> bool:
    """The customer's first line after `index` opens with a repair of what the agent line there reported."""
    reply = next((ln.text for ln in lines[index + 1:] if ln.speaker != AGENT), None)
    return reply is not None and _TAKES_BACK_UP.match(reply) is not None


class OfflineExtractor:
    tier = "offline"
    kind = "offline"

    def extract(self, request: ExtractionRequest) -> Extraction:
        started = time.perf_counter()
        collected = extract_facts(request.checklist, request.intent, request.lines)
        if request.carried:
            collected = {**dict(request.carried), **collected}
        return Extraction(collected=collected, timings_ms={"extract": (time.perf_counter() - started) * 1000})


def extract_facts(checklist: Checklist, intent: str, lines: tuple[Line, ...]) -> dict[str, str]:
    """fact -> value for the intent's required facts the customer has stated so far."""
    lines = readable(lines)
    facts = profile(checklist)
    required = checklist.required(intent)
    collected: dict[str, str] = {}
    asked: tuple[str, ...] = ()
    question = offer = before_offer = last_customer = ""
    verbs = doing_verbs(checklist)
    start = task_start(facts, lines, verbs)
    speakers = [line.speaker == AGENT for line in lines]
    texts = [line.text for line in lines]
    areas = [n for n in required if facts.facts[n].area]
    for index, line in enumerate(lines):
        if line.speaker == AGENT:
            asked = line.asks
            if _done(facts, line.text) and not _taken_back_up(lines, index):
                # A task is done (this checklist's or another's): what was said for it does not fill the
                # next one; the customer restates it or accepts the agent's confirmation of it.
                collected = {}
            question = line.text if line.asks else ""
            # an agent line that asks for a fact proposes (read in `proposal`); one that asks nothing offers
            # and only inside this task: the offer that the line opening it accepts was another task's
            offer = "" if line.asks or index < start else line.text
            before_offer = last_customer
            continue
        own = _own(facts, line.text)
        fresh = withdrawal.reset_at(own)
        if fresh is not None:
            # "scrap all of that, start over": nothing said before counts, the rest of this line does
            collected, own = {}, " " * fresh + own[fresh:]
        if index >= start:
            before = dict(collected)
            found = read_line(facts, required, own, asked, question)
            heard = dict(found)
            if index and speakers[index - 1]:
                # "Dr. Sato has 4:30 free" - "Yes, well, no, 4:30 is when I collect my son": not this value
                found = {n: v for n, v in found.items() if not refused_offer(texts[index - 1], own, v)}
            if asked:
                # "Which stylist?" - "Hair Lab, I think, I can't remember": no answer yet
                found = {n: v for n, v in found.items() if n not in asked or not puts_off(own, v)}
            open_facts = undecided_facts(facts, required, own, _spoken(facts, texts[index]))
            if open_facts:
                # "I haven't settled on the number of bedrooms": nothing of it stands, said before or in this line
                found = {n: v for n, v in found.items() if n not in open_facts}
                collected = {n: v for n, v in collected.items() if n not in open_facts}
            # "Sushi Zen has a table at 7 pm." - "Sounds good.": the offer's values, unless restated.
            # (never over a value already collected: a confirmation repeats it in its own words)
            taken = offering_line(speakers, texts, index, verbs)
            if taken is not None and taken != index - 1:
                # an offer still standing after the customer asked about it ("What kind of song is it?")
                offer = texts[taken] if taken >= start and not lines[taken].asks else ""
                before_offer = texts[taken - 1] if taken and not speakers[taken - 1] else ""
            if thinks_it_over(texts[index]):
                offer = ""  # "Sounds good! Let me check with my partner first and get back to you."
            # (nor over a fact this line leaves open: "Yes please. Wait, that day isn't settled")
            collected.update(accepted_offer(facts, required, offer, before_offer, own,
                                            skip={*found, *collected, *open_facts}, verbs=verbs))
            collected.update(found)
            carried = carried_find(facts, required, lines, index, verbs, since=start, reply=own)
            if carried is not None:
                # "How about Help?" - "What year?" - "2017." - "Shall I play it?" - "Yes.": the look-up's find
                collected.update({n: v for n, v in carried[1].items() if n not in collected})
            for name in [n for n in collected if n not in found and facts.facts[n].kind == TEXT]:
                if asks_afresh(facts.facts[name], own, facts.schema_words):
                    del collected[name]  # "Now find me a movie online": the kind said before was for another search
            if index and speakers[index - 1] and index - 1 >= start:
                # "How about After, Pillow Talk, or Say Anything?" - "I really like Pillow Talk."
                collected.update(picked_offer(facts, required, texts[index - 1], lines[index - 1].asks, own))
            collected = _without_withdrawn(collected, texts[index], own, facts)
            collected = _last_word(collected, before, texts[index], own, facts, heard=heard)
            # both read once per line (`_memo`): the lookbehinds of REFERS_BACK run at every character
            pointing = _memo(facts, "back", own, REFERS_BACK.search)
            if pointing:
                # "I'd like a house to stay there": the place said for the task before is this one's too
                # (a destination that is a point is not: "a cab there" waits for the agent to name the address;
                # a city is: "a flight there" goes to it, "a flight from there" leaves it).
                heading = value_role(own, pointing.start()) or END
                back = [n for n in required if facts.facts[n].kind == PLACE and n not in collected
                        and _points_back(facts.facts[n], heading)]
                collected.update(earlier(facts, back, lines[:start]))
            there = _memo(facts, "there", own, points_there)  # read once per line, like REFERS_BACK
            if there is not None and not denied(own, there.start(), there.end()):
                # "Can you get me a cab there?": the street address the agent named last, for the one point
                # this task heads to (a city is read above; an address said by the customer is read as said)
                heads = [n for n in required if ride_heads_to(facts.facts[n]) and n not in collected]
                address = named_address(lines[:index]) if len(heads) == 1 else None
                if address is not None:
                    collected[heads[0]] = address
            if _memo(facts, "same day", own, SAME_DAY.search):
                # "When am I free on that date?": the day said for the task before is this one's too, where
                # this checklist has one date to fill.
                dates = [n for n in required if facts.facts[n].kind == DATE]
                if len(dates) == 1 and dates[0] not in collected:
                    collected.update(earlier_date(facts, dates[0], lines[:start]))
        elif areas:
            # A city said before this task began is still where the customer is ("I'm going to London.
            # Weather there? ... Find me a hotel"); a point (an address, a venue) belongs to its own task. A city
            # the customer leaves is not where they will be ("Where are you leaving from?" - "Phoenix." for the
            # flight; "Can you also get me a rental car?" is at the other end), as `earlier` reads it, for a place
            # with no other end in this form; a trip's own start may well be the trip before's ("a bus from
            # Vancouver to Seattle", then "a flight there").
            said_before = read_line(facts, areas, own, asked, question)
            collected.update({n: v for n, v in said_before.items()
                              if _has_an_other_end(facts, n) or not _left_behind(own, v, question)})
        asked, question, offer, last_customer = (), "", "", line.text  # an agent line binds only the next one
    return collected


def carried_finds(checklist: Checklist, intent: str, lines: tuple[Line, ...]) -> list[tuple[int, dict[str, str]]]:
    """(agent line, fact -> value) for each find the customer had the task carried out on, read as
    `extract_facts` reads it (`carried_find`): what the contract lets stand on the agent's words."""
    facts = profile(checklist)
    required = checklist.required(intent)
    if not any(facts.facts[n].looked_up for n in required):
        return []
    verbs = doing_verbs(checklist)
    start = task_start(facts, lines, verbs)
    found = []
    for index in range(start, len(lines)):
        if lines[index].speaker != AGENT:
            carried = carried_find(facts, required, lines, index, verbs, since=start,
                                   reply=_own(facts, lines[index].text))
            found += [carried] if carried is not None else []
    return found


def _points_back(fact: FactProfile, heading: str) -> bool:
    """Whether "there" (`heading` to or from it) fills this place. A place with a rival is the one its role
    says, read from its name too ("departing_city: Boarding city" starts); a place with none is read from its
    description ("where_to: Location of the house" names no end), and a city with none is where the customer
    will be whatever role its words give it ("a car to get there" for "City to pick up the rental car" and
    "What city the car is in" alike)."""
    if fact.rival is not None:
        role = fact_role(fact)
        return role is None or (fact.area and role == heading)
    return fact.area or fact_role(fact, by_name=False) is None


# The customer pointing back at a place said earlier: "there", "that city", "the same area", "in the area",
# "nearby".
# Not the existential "there" ("is there wifi?", "there are 3 of us") nor a greeting ("hi there").
REFERS_BACK = re.compile(
    rf"{NOT_EXISTENTIAL_BEFORE}(?<!\bbe\s)(?<!\bhello\s)(?<!\bhey\s)"
    r"\b(?:there|that\s+(?:city|town|area|place)|(?:the\s+)?same\s+(?:city|town|area|place)|"
    rf"(?:in|around)\s+the\s+(?:area|vicinity|neighbou?rhood)|nearby)\b{NOT_EXISTENTIAL_AFTER}", re.IGNORECASE)


# A journey leaving a place, right before it: a verb of leaving ("leaving Seattle", "departing from SFO"), or "from"
# in a sentence about a journey ("a flight to Seattle from Phoenix"; not "a rental car from Fremont", where the car is
# had, nor "check in Paris", a weather question).
_LEAVING = re.compile(r"\b(?:leav(?:e|es|ing)|depart(?:s|ing|ure)?|(?<!check\s)(?<!checking\s)out\s+of)"
                      r"\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
_JOURNEY = re.compile(r"\b(?:flights?|fly(?:ing)?|flies|flew|bus(?:es)?|trains?|trips?|travel\w*|journey|voyage|"
                      r"ferry|cruise)\b", re.IGNORECASE)


def _has_an_other_end(facts: Profile, name: str) -> bool:
    """The fact is one end of a pair the form tells apart by role (an origin beside a destination)."""
    return facts.facts[name].rival is not None or any(
        other.rival is not None and other.rival.name == name for other in facts.facts.values())


def _left_behind(own: str, value: str, question: str) -> bool:
    """The customer leaves the place `value`: every mention of it in the line leaves from it ("from Phoenix"), or the
    line answers a question of where from ("Where are you leaving from?" - "Phoenix.")."""
    asked = question.rstrip("?.! ") + " "
    if question and leaves_from(asked, len(asked)):
        return True
    starts = [m.start() for m in re.finditer(re.escape(value), own)]
    return bool(starts) and all(leaves_from(own, s) and (_LEAVING.search(own[:s]) or (
        _FROM.search(own[:s]) and _JOURNEY.search(_sentence_of(own, s)))) for s in starts)


def _sentence_of(text: str, at: int) -> str:
    """The sentence of `text` that holds position `at`."""
    start = max(text.rfind(mark, 0, at) for mark in ".!?") + 1
    ends = [i for i in (text.find(mark, at) for mark in ".!?") if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def earlier(facts: Profile, wanted: list[str], lines: tuple[Line, ...]) -> dict[str, str]:
    """The latest area the customer named before this task, for each wanted fact: "there" points back at
    where the customer is or goes ("the weather in Toronto", "a bus to Seattle", "visiting ATL", "Kuala
    Lumpur, please." to "Where to?"), never where a journey leaves from ("from Philly") nor a point ("at SMF
    airport", "to SFO airport")."""
    areas: list[str] = []
    question = ""
    for line in lines if wanted else ():
        if line.speaker == AGENT:
            question = line.text
            continue
        own = _own(facts, line.text)
        for start, end, value in names.places(own, cue=_AREA_CUE):
            if not (denied(own, start, end) or names.names_a_point(value) or leaves_from(own, start)):
                areas.append(value)
        answer = _place_answer(own, question)
        # the question's words give a bare answer its role: "Where are you leaving from?" - "Phoenix."
        asked = question.rstrip("?.! ") + " "
        if answer is not None and not leaves_from(asked, len(asked)):
            areas.append(answer)
        question = ""
    return dict.fromkeys(wanted, areas[-1]) if areas else {}


# Where the customer is or goes: "in Toronto", "a bus to Seattle", "visiting ATL", "near Fresno" (not "at":
# "at Sakana Sushi" is a point; nor "is": "the singer is Cher"; nor "around": "around 2 o'clock").
_AREA_CUE = re.compile(r"\b(?:in|to|towards?|reach|near|visit\w*)\s+(?:the\s+)?(?:city\s+of\s+)?", re.IGNORECASE)
_ALONE = re.compile(r"\s*(?:,?\s*please)?\W*$", re.IGNORECASE)
# An agent asking where: "Where to?", "Which city are you in?", "What location?"
_WHERE = re.compile(r"\bwhere\b|\b(?:which|what)\s+(?:city|town|place|location|area|country|state|destination)\b",
                    re.IGNORECASE)


def _place_answer(text: str, question: str) -> str | None:
    """The place a customer line consists of, answering the agent's question of where ("Where are you
    going?" - "Kuala Lumpur, please."); a bare capitalised line after any other question is a title, a name
    or a choice ("Hellboy", "Concert.")."""
    if not _WHERE.search(question):
        return None
    spans = names.places(text, cue=names.LINE_START)
    if spans and _ALONE.fullmatch(text, spans[0][1]) and not text[:spans[0][0]].strip():
        return spans[0][2]
    return None


# The customer pointing back at a day said earlier: "that date", "the same day", "that evening".
SAME_DAY = re.compile(r"\b(?:that|the\s+same)\s+(?:date|day|night|evening|morning|afternoon)\b", re.IGNORECASE)


def earlier_date(facts: Profile, name: str, lines: tuple[Line, ...]) -> dict[str, str]:
    """The latest day the customer named before this task, for the one date fact."""
    found: dict[str, str] = {}
    for line in lines:
        if line.speaker != AGENT:
            own = _own(facts, line.text)
            spans = [s for s in kind_spans(facts, DATE, own) or [] if not denied(own, s[0], s[1])]
            if spans:
                found = {name: spans[-1][2]}
    return found


def task_start(facts: Profile, lines: tuple[Line, ...], verbs: frozenset[str] = frozenset()) -> int:
    """Where this checklist's task starts: lines before it belong to another service's task.

    After the last done line, the task opens at the first customer line that names what the service
    does (its description's and intents' words: "a restaurant", "a cab"), or at the customer line just
    before the agent's first question about one of its facts (the agent's recorded questions are this
    checklist's only); with neither, the customer's latest line and the offer it takes.
    """
    done = max((i for i, ln in enumerate(lines)
                if ln.speaker == AGENT and _done(facts, ln.text) and not _taken_back_up(lines, i)), default=-1)
    last_customer = None
    for index in range(done + 1, len(lines)):
        line = lines[index]
        if line.speaker == AGENT:
            if line.asks and last_customer is not None:
                return last_customer
            continue
        if _memo(facts, "task", line.text, facts.on_task):
            return index
        last_customer = index
    # Nothing names this task and the agent asked for none of its facts: only the customer's latest line
    # is surely this task's (what came before may be another service's: a film picked, an event accepted),
    # and the offer it takes ("How would you like When She Says Baby?" - "What genre is it?" - "Country." -
    # "Can you play it?"), however the schema words the thing the service does ("music" or "a track").
    if last_customer is None:
        return done + 1
    taken = offering_line([ln.speaker == AGENT for ln in lines], [ln.text for ln in lines], last_customer, verbs)
    return taken if taken is not None and taken > done else last_customer


def _memo(facts: Profile, what: str, text: str, read):
    """A reading of one line, kept with the checklist's profile: a conversation re-sends its lines every turn."""
    return facts.remembered((what, text), lambda: read(text))


# A word of exactness before the noun: "the actual day", "the exact time" are that day and time.
_EXACT = rf"(?:(?:{'|'.join(sorted(EXACTNESS))}|new)\s+)?"
# What a question word asks for, by kind: "how many nights", "where to go", "what time".
_WH_KINDS = ((re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE), (COUNT,)),
             (re.compile(r"\bhow\s+much\b", re.IGNORECASE), (MONEY,)),
             (re.compile(r"\bwhere\b", re.IGNORECASE), (PLACE,)),
             (re.compile(r"\bwhen\b|\bwhat\s+(?:time|day|date)\b|\bwhich\s+(?:day|date)\b", re.IGNORECASE),
              (DATE, TIME)),
             # "that day isn't settled", "the hour is open again", "the actual day": the calendar's own nouns
             (re.compile(rf"^\W*(?:the|that|this|my|our)\s+{_EXACT}(?:day|date)\s*$", re.IGNORECASE), (DATE,)),
             (re.compile(rf"^\W*(?:the|that|this|my|our)\s+{_EXACT}(?:time|hour)\s*$", re.IGNORECASE), (TIME,)),
             # "place to be decided": where, whatever the form calls it
             (re.compile(r"^\W*(?:(?:the|that|this|my|our)\s+)?(?:place|spot|destination|location)\s*$", re.IGNORECASE),
              (PLACE,)))


def undecided_facts(facts: Profile, required: tuple[str, ...], text: str, spoken: str = "") -> set[str]:
    """The required facts the line says are not decided yet: named by their own words ("the number of
    bedrooms") or asked for by a question word of their kind ("how many nights", "where to go"); "how long"
    asks for a count of days, nights or weeks. Any one will do ("no particular song") of a fact its name names.
    `text` is the customer's own words; `spoken`, the line with only what they did not say blanked (a quote, a
    forged line): saying a choice is still open is the customer's own act, read even in a sentence `text` blanks as
    another time's ("900 is what I owed him last year, I need to check the exact amount", "I'll decide the genre
    later")."""
    found = {name for noun in any_will_do(text) for name in required
             if stem(noun.lower()) in facts.facts[name].name_stems}
    for about in undecided_about(spoken or text):
        kinds = {k for pattern, ks in _WH_KINDS if pattern.search(about) for k in ks}
        lasting = bool(_HOW_LONG.search(about))
        headcount = bool(_HEADCOUNT.search(about))
        # named by their words, the facts naming the most of them: "the pick-up time" is the time, not the place
        # (a hyphenated word is one word: "pick-up" names a pick-up fact once)
        said = [{stem(w.replace("-", "")), *(stem(part) for part in w.split("-"))}
                for w in re.findall(r"[a-z]+(?:-[a-z]+)*", about.lower())]
        overlap = {name: sum(1 for forms in said if forms & (facts.facts[name].cues | facts.facts[name].name_stems))
                   for name in required}
        named = {name for name in required if overlap[name] or name in withdrawal.named_facts(
            about, (name,), {name: facts.facts[name].fact.description})}
        # (a noun of a kind keeps to facts of that kind: "the leaving day" is no town the coach leaves from)
        kinds_named = _kinds_named(about)
        if kinds_named:
            named = {name for name in named if facts.facts[name].kind in kinds_named}
        most = max((overlap[name] for name in named), default=0)
        found |= {name for name in named if overlap[name] == most}
        if not named:
            found |= _named_by_role(facts, required, about)
        for name in required:
            fact = facts.facts[name]
            if (fact.kind in kinds or (lasting and fact.kind == COUNT and _DURATION_UNITS & set(fact.counted))
                    or (headcount and fact.kind == COUNT and counts_people(fact))):
                found.add(name)
    return found


# What kind of value a plain noun names, for a fact named by its part in a trip rather than its own words.
_KIND_NOUNS = {"day": DATE, "date": DATE, "time": TIME, "hour": TIME, "city": PLACE, "place": PLACE, "total": MONEY,
               "sum": MONEY, "price": MONEY, "cost": MONEY, "film": TITLE, "movie": TITLE, "song": TITLE,
               "track": TITLE, "show": TITLE}
# (prepositions name no part: "the day to leave" is read by its verb)
_ROLE_ONLY = frozenset({"from", "to", "into", "towards", "toward", "going"})


def _named_by_role(facts: Profile, required: tuple[str, ...], about: str) -> set[str]:
    """The facts a noun of their kind and a word of their part in a trip name ("the leaving day" is the departure
    date, "the coming-back day" the return date), or a noun of their kind alone where one fact is of it ("the exact
    total" is the amount), where no fact is named by its own words."""
    forms = set(re.findall(r"[a-z]+", about.lower()))
    kinds = _kinds_named(about)
    of_kind = {name for name in required if facts.facts[name].kind in kinds}
    if not of_kind:
        return set()
    starts, ends = forms & (START_WORDS - _ROLE_ONLY), forms & (END_WORDS - _ROLE_ONLY)
    if not starts and not ends:  # a noun of its kind alone names the one fact of that kind: "the exact total"
        return of_kind if len(of_kind) == 1 else set()
    found = set()
    for name in of_kind:
        # (for a stay, arriving starts it and leaving ends it: "my arrival day" is the check-in)
        start, end = _flip_for_stay(starts, ends) if is_stay(facts.facts[name]) else (starts, ends)
        roles = ({START} if start else set()) | ({END} if end else set())
        if len(roles) == 1 and fact_role(facts.facts[name]) in roles:
            found.add(name)
    return found


def _kinds_named(about: str) -> set[str]:
    """The kinds of value the plain nouns of `about` name ("the leaving day": a date)."""
    return {_KIND_NOUNS[w] for w in re.findall(r"[a-z]+", about.lower()) if w in _KIND_NOUNS}


_ARRIVAL_WORDS = frozenset({"arrival", "arrive", "arriving"})
_LEAVING_WORDS = frozenset({"leave", "leaving", "departure", "depart", "departing"})


def _flip_for_stay(starts: set[str], ends: set[str]) -> tuple[set[str], set[str]]:
    """The start and end words of a stay: arriving moves to the start, leaving to the end."""
    return (starts - _LEAVING_WORDS) | (ends & _ARRIVAL_WORDS), (ends - _ARRIVAL_WORDS) | (starts & _LEAVING_WORDS)


_HOW_LONG = re.compile(r"\bhow\s+long\b", re.IGNORECASE)
# The number of people, whatever the form calls it: "the headcount's up in the air", "our party size is open".
_HEADCOUNT = re.compile(r"\bhead[\s-]?counts?\b|\b(?:party|group)\s+size\b|\bhow\s+many\s+of\s+us\b", re.IGNORECASE)
_DURATION_UNITS = frozenset({"day", "days", "night", "nights", "week", "weeks", "month", "months"})


def _without_withdrawn(collected: dict[str, str], said: str, own: str, facts: Profile) -> dict[str, str]:
    """What is left once the line takes values back: "forget the 10th", "scratch the checkout date" (a fact
    named and then given again later in the line keeps its new value), or a verbless "not Marco". Both are read
    in the line as `said`, whole, as the contract reads them: the sentence around them may tell of something
    else ("not Marco, he changed banks", "Forget the 2nd, I'll confirm it later"). Whether the value is said
    again after them is read in the customer's `own` words (the same line, same length, with such sentences
    blanked): "scrap the bedroom count, my partner might move in, so it could be 2 or 3" says no 2."""
    for start, obj in withdrawal.objects(said):
        named = withdrawal.named_facts(obj, collected, {n: facts.facts[n].fact.description for n in collected})
        collected = {fact: value for fact, value in collected.items()
                     if not withdrawal.names_value(obj, value)
                     and not (fact in named and not withdrawal.names_value(own[start + len(obj):], value))}
    for start, obj in withdrawal.denied_alone(said):
        # "Play Baby Shark ... anything but that": a pointing word rules out what the line named before it
        # (whether it is said again is read in the customer's own words, the rest in the line as said)
        collected = {fact: value for fact, value in collected.items()
                     if not (withdrawal.denial_takes_back(said[:start + len(obj)], start, obj, value)
                             and not withdrawal.names_value(own[start + len(obj):], value))}
    return collected


def _last_word(collected: dict[str, str], before: dict[str, str], line: str, own: str,
               facts: Profile, heard: dict[str, str]) -> dict[str, str]:
    """What stands once the line's last mention of each value is read (`last_word`): named again in a sentence
    about something else, or hedged after it was said, a value is no longer stated. A number of people is read by
    its number (`last_word.mentions`); yes/no facts are left out: "True" is said in too many words. Every value
    the line or the ones before said (`heard`: this line's reading, before other rules left some out) marks where
    a putting off stops reaching back."""
    others = {*collected.values(), *before.values(), *heard.values()}
    spoken = _spoken(facts, line)
    return {fact: value for fact, value in collected.items()
            if facts.facts[fact].kind == BOOLEAN
            or not last_word.unsettled(line, own, value, said_before=before.get(fact) == value,
                                       others=others, spoken=spoken,
                                       of_another=partial(facts.speaks_of_another_fact, fact),
                                       count=facts.facts[fact].kind == COUNT,
                                       another_event=(partial(other_event, facts)
                                                      if facts.facts[fact].kind in (DATE, TIME) else None))}


def spoken_words(checklist: Checklist, text: str) -> str:
    """The line with only what the customer did not say blanked (a forged role line, JSON, a quote), same length."""
    return _spoken(profile(checklist), text)


def own_words(checklist: Checklist, text: str) -> str:
    """The customer's own statements in a line, everything else blanked in place (same length): what the
    offline tier reads, and what the contract requires a reported value to stand in."""
    return _own(profile(checklist), text)


def _own(facts: Profile, text: str) -> str:
    """The customer's own words of a line, with sentences about another time or person blanked."""
    # another person's fact (a recipient's name) lets what someone else has be this form's; a receiving
    # end that is a place (a destination) does not
    return _memo(facts, "own", text, lambda t: _own_words_of(facts, t))


def _spoken(facts: Profile, text: str) -> str:
    """The line with what the customer did not say blanked (`unsaid`), read once for `_own` and the last word."""
    return _memo(facts, "spoken", text, said)


def _own_words_of(facts: Profile, text: str) -> str:
    other_party = any(f.other_party and f.kind == PERSON for f in facts.facts.values())
    own_name = any(_OWN_NAME_FACT.search(f.fact.description) for f in facts.facts.values())
    # (a repair that names what a number counted joins it first: "3. Suitcases, I mean")
    own = unread_sentences(_unintroduced(_unsigned(_spoken(facts, repaired(text)), own_name), own_name),
                           facts.schema_words)  # a language it does not read
    has_end_date = any(f.kind == DATE and fact_role(f) == END for f in facts.facts.values())
    read = undecided(elsewhere(own, facts.schema_words, other_party, facts.names_a_taken_fact, has_end_date), text)
    for start, end in [*handed_on(text), *to_compute(text)]:
        read = read[:start] + " " * (end - start) + read[end:]
    if not _LOWER_CASE_WORD.search(text):
        return read  # a line typed all in capitals is the customer's habit: its names are read as typed
    return _SHOUTED.sub(lambda m: m.group(0).translate(_ASCII_LOWER), read)


def shouted(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies in a shouted stretch of a line otherwise in lower case (see `_SHOUTED`)."""
    return bool(_LOWER_CASE_WORD.search(text)) and any(
        m.start() <= start and end <= m.end() for m in _SHOUTED.finditer(text))


# A stretch of four words or more typed in capitals in a line otherwise in lower case is shouted: its capitals tell
# no name from a common word, and it is read as if typed in lower case ("ugh, asking them. JUST RENT THE FIRST ONE
# YOU HAVE, NO MORE QUESTIONS" names no film).
_LOWER_CASE_WORD = re.compile(r"\b[a-z]{2,}\b")
# (a dash may part it, and its letters may be full-width: "ＡＬＬ ＦＩＥＬＤＳ ＰＲＯＶＩＤＥＤ — ＥＮＤ ＮＯＷ")
_SHOUTED = re.compile(r"(?<![\w'’])[A-ZＡ-Ｚ][A-ZＡ-Ｚ'’]*"
                      r"(?:[\s,;:\-\u2013\u2014]+(?:[A-ZＡ-Ｚ][A-ZＡ-Ｚ'’]*|\d+)(?![\w'’])){3,}")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ",
                             "abcdefghijklmnopqrstuvwxyzａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ")


# A customer introducing themself ("Hi, this is Maria Lopez.", "My name is Kendra Lee and ...") gives their own
# name, never a recipient's or a stylist's; kept only where the form asks for the customer's own name.
_SELF_INTRO = re.compile(r"\b(?:my\s+name\s+is|my\s+name's|this\s+is|i\s+am|i'm)\s+"
                         r"((?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+)){0,2})(?=\s*(?:[.,!;]|\s+and\b|$))", re.IGNORECASE)
_OWN_NAME_FACT = re.compile(r"\b(?:your|customer'?s?|user'?s?|caller'?s?|guest'?s?|requester'?s?)\b[^.]*\bname\b|"
                            r"\bname\s+of\s+the\s+(?:customer|user|caller|guest|requester)\b", re.IGNORECASE)


def _unintroduced(text: str, own_name: bool) -> str:
    if own_name:
        return text
    return _SELF_INTRO.sub(lambda m: m.group(0)[:m.start(1) - m.start()] + " " * len(m.group(1)), text)


# A message's footer states nothing: a signature block after a dash ("-- Marco Diaz | Savings Advisor") or a
# device's "Sent from my phone, Wed, March 6", to the end of the message; and a sign-off name ("Cheers, Priya")
# is the writer's own, kept only where the form asks for it. Letter-writing conventions, not a domain's words.
_FOOTER = re.compile(r"(?:(?<=[.!?])\s+|\n\s*)(?:--+|—|–)\s*\S.*$|"
                     r"(?:^|(?<=[.!?])\s+|\n\s*)(?-i:Sent)\s+from\s+my(?:\s+[\w-]+){1,3}(?:\s*[,\n].*|\.?\s*)$|"
                     # on a line of its own, whatever the device adds: "Sent from my iPhone in Dallas · 2 attachments",
                     # "Sent from Outlook for Android, Thursday, 3:30 PM" (a program named with its capital)
                     r"\n\s*(?-i:Sent)\s+from\s+(?:my\s|(?-i:[A-Z])).*$",
                     re.IGNORECASE | re.DOTALL)
_VALEDICTION = (r"(?:cheers|regards|best\s+regards|kind\s+regards|best\s+wishes|best|sincerely|warmly|yours\s+truly|"
               r"thanks|thank\s+you|many\s+thanks)")
_SIGN_OFF = re.compile(rf"(?:(?<=[.!?])\s+|\n\s*){_VALEDICTION}\s*(?:[,\-–—]|\n)\s*"
                       r"((?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+)){0,2})\s*[.!]?\s*$", re.IGNORECASE)
# A valediction on a line of its own, after the message, opens a signature block that runs to the message's end:
# "Best,\nDana | Travel Desk | Mon, March 11" (a name alone after it is read by `_SIGN_OFF`).
_SIGNATURE_BLOCK = re.compile(rf"\n[^\S\n]*{_VALEDICTION}[^\S\n]*[,.!\-–—]?[^\S\n]*\n.*$", re.IGNORECASE | re.DOTALL)


def _unsigned(text: str, own_name: bool) -> str:
    text = _FOOTER.sub(blank, text)
    block = _SIGNATURE_BLOCK.search(text)
    if block and not _SIGN_OFF.search(text):
        text = text[:block.start()] + blank(block)
    if own_name:
        return text
    return _SIGN_OFF.sub(lambda m: m.group(0)[:m.start(1) - m.start()] + " " * (m.end() - m.start(1)), text)


def done_lines(lines: tuple[Line, ...]) -> list[int]:
    """The agent lines saying the customer's task is done: "Your payment was successful", "I've booked it", "It has
    been made" ("The game is scheduled at 5:30 pm" tells a fact about the game: a state said with "is" counts only
    of the customer's thing or with the agent's own doing)."""
    found = []
    for i, line in enumerate(lines):
        done = DONE.search(line.text) if line.speaker == AGENT else None
        if done and not _taken_back_up(lines, i) and (
                _DONE_FOR_YOU.search(line.text) or not _STATE_VERB.match(done.group(0))):
            found.append(i)
    return found


_STATE_VERB = re.compile(r"(?:is|are|was|were)\b", re.IGNORECASE)


_DONE_FOR_YOU = re.compile(r"\b(?:your|you're|you\s+are|i'?ve|i\s+have|we'?ve|we\s+have|successf?ull?y?)\b",
                           re.IGNORECASE)


def _done(facts: Profile, text: str) -> bool:
    return _memo(facts, "done", text, lambda t: bool(DONE.search(t)))
