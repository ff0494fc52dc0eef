"""The answer contract: every extraction is checked before the decision sees it.

A value that breaks the contract is not collected; its code stays with the case. Every value
that could complete a checklist must be backed by the customer's own words:
- a free-text value occurs in a customer line without cutting a word ("Mar" is not in
  "Maria"), and is collected as that line spells it; a value only the agent said is collected
  only when the customer's next line accepted the agent's offer of it (`core.acceptance`);
- a closed value is one of the vocabulary's words *and* the customer said it (its words, a
  number word for a number, a yes/no to a question about the fact) or accepted an offer of it;
- edge punctuation is trimmed first ("Maria." is "Maria"), and a value whose displayed order
  differs from its stored order (inside a bidi override or isolate) is refused.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import pairwise

from core import withdrawal
from core.acceptance import accepts as acceptance_accepts
from core.acceptance import asks_for_others, doing_verbs, offering_line, refused_offer
from core.case import readable
from core.checklist import Checklist, Fact
from core.corpus import AGENT, CUSTOMER, Line
from core.deferral import any_will_do, puts_off, undecided_about
from core.extraction import (
    CUT_AT_CEILING,
    EMPTY_REPLY,
    FAILED_STATUSES,
    PROVIDER_ERROR,
    UNPARSEABLE,
    Extraction,
)
from core.extractors.offline import VERSION as OFFLINE_VERSION
from core.extractors.offline import last_word, unsaid, values
from core.extractors.offline.closed import UNIMPORTANT, boolean_reading, counts_another, qualified_group, used_as_verb
from core.extractors.offline.events import other_event
from core.extractors.offline.extractor import (
    carried_finds,
    done_lines,
    extract_facts,
    own_words,
    shouted,
    spoken_words,
    undecided_facts,
)
from core.extractors.offline.free import speaks_of_self
from core.extractors.offline.kinds import CLOSED, DATE, MONEY, PERSON, PLACE, TIME, TITLE
from core.extractors.offline.line import kind_spans
from core.extractors.offline.names import NOT_NAMES, PLACEHOLDERS, names_a_relative
from core.extractors.offline.offers import offered_as_choice, points_only_at_a_place
from core.extractors.offline.plain import echoed, in_a_choice, one_of_two
from core.extractors.offline.pointing import named_address, points_there, ride_heads_to
from core.extractors.offline.polarity import BEFORE_NEGATOR, bound_before, capped, denied, likened, supposed
from core.extractors.offline.profile import BOOLEAN, COUNT, profile, stem, words
from core.extractors.offline.roles import END, fact_role, value_role, where_now
from core.one_mention import one_mention_two_facts
from core.prompt import parse, parse_intent
from core.sums import customers_sums
from core.superseded import superseded
from core.text import (
    BIDI_CONTROL,
    SMALL_NUMBER_WORDS,
    contains_words,
    display_reordered,
    every_span,
    find_span,
    shown_order,
    skeleton,
    words_reordered,
)
from core.trip_end import said_for_the_other_end
from core.value_context import counts_things, cut_short, negated, number_prefix, word_prefix
from core.value_kind import only_function_words, wrong_kind

# What the contract accepts, recorded with every run it judges (each tier's turns, the fixtures, the gold check) so
# that runs under other rules are never compared as like for like. Bump RULES with any change of what it accepts; its
# readers are the offline tier's, so that tier's version is part of it.
RULES = "contract-3"
RULES_VERSION = f"{RULES}+{OFFLINE_VERSION}"

UNKNOWN_FACT = "unknown_fact"
VALUE_NOT_ALLOWED = "value_not_allowed"
VALUE_NOT_IN_CONVERSATION = "value_not_in_conversation"
VALUE_ONLY_IN_AGENT_WORDS = "value_only_in_agent_words"
VALUE_NOT_STATED = "value_not_stated"
VALUE_REORDERED = "value_reordered"
VALUE_WRONG_KIND = "value_wrong_kind"  # the customer's words, but not what the fact is (core.value_kind)
VALUE_CUT_SHORT = "value_cut_short"  # part of what the customer said: "Maria" of "Maria Kim" (core.value_context)
UNKNOWN_INTENT = "unknown_intent"  # the extractor named an intent the schema does not have
INTENT_DISAGREES = "intent_disagrees"  # the extractor named another of the schema's intents
REJECTING = (*FAILED_STATUSES, UNKNOWN_FACT, VALUE_NOT_ALLOWED, VALUE_NOT_STATED, VALUE_NOT_IN_CONVERSATION,
             VALUE_ONLY_IN_AGENT_WORDS, VALUE_REORDERED, VALUE_WRONG_KIND, VALUE_CUT_SHORT,
             UNKNOWN_INTENT, INTENT_DISAGREES)
FLAGS: tuple[str, ...] = ()  # codes that keep the value; none today
ALL_CODES = (*REJECTING, *FLAGS)
CEILING_REASONS = ("length", "max_tokens")  # finish reasons meaning the output ceiling was hit


@dataclass(frozen=True)
class Finding:
    code: str
    fact: str | None = None
    value: str | None = None

    @property
    def rejects(self) -> bool:
        return self.code in REJECTING

    def to_json(self) -> dict:
        return {"code": self.code, "fact": self.fact, "value": self.value}


@dataclass(frozen=True)
class Verdict:
    accepted: dict[str, str]
    findings: tuple[Finding, ...]

    @property
    def codes(self) -> list[str]:
        return [f.code for f in self.findings]


def check_value(
    checklist: Checklist, intent: str, fact: str, value: str, lines: tuple[Line, ...]
) -> tuple[str | None, list[Finding]]:
    """(the value to collect or None, findings) for one reported fact."""
    lines = readable(lines)
    kept, found = _check_value(checklist, intent, fact, value, lines)
    if [f.code for f in found] == [VALUE_NOT_IN_CONVERSATION] and profile(checklist).facts[fact].kind == MONEY:
        # "1290" for "$1,290": the customer's own spelling of the same number is what is checked and collected
        sums = customers_sums(trim_edges(value), lines)
        checked = [_check_value(checklist, intent, fact, said, lines) for said in sums]
        kept_ones = {one[0]: one for one in checked if one[0] is not None}
        if len(kept_ones) == 1 or (checked and not kept_ones):  # one sum the checks keep, or the latest refusal
            kept, again = next(iter(kept_ones.values())) if kept_ones else checked[0]
            found = [Finding(f.code, f.fact, value) for f in again]  # named by what was reported
    if [f.code for f in found] == [VALUE_ONLY_IN_AGENT_WORDS]:
        bare = _without_article(trim_edges(value))
        # "The Man Who Knew Too Much" offered, "I'd like to rent Man Who Knew Too Much" typed: the customer named it
        # without its article, and what they typed is checked and collected (kept only where those checks keep it)
        if bare is not None and span_in(bare, lines, customer=True) is not None:
            again_kept, again = _check_value(checklist, intent, fact, bare, lines)
            if again_kept is not None:
                kept, found = again_kept, again

    def stands(other: str) -> bool:
        return _check_value(checklist, intent, fact, other, lines)[0] is not None

    if kept is not None and superseded(checklist, intent, fact, kept, lines, stands):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "in Anaheim" ... "a hotel room in London"
    done = _this_forms_task_done(checklist, intent, lines) if kept is not None else None
    if done is None:
        return kept, found
    asking = [ln.text for ln in lines[done + 1:] if ln.speaker != AGENT and profile(checklist).on_task(ln.text)]
    # (no new task asked for: "How much does this cost?" after the booking still speaks of it)
    if (not asking or any(_POINTS_BACK.search(text) for text in asking)
            or _check_value(checklist, intent, fact, value, lines[done + 1:])[0] is not None):
        return kept, found
    # Backed only before the agent said a task of this form was done ("Your payment was successful"), and the
    # customer's new task points back at nothing ("I'd also like to request a payment"): it was said for the task
    # that is done. Kept only where the offline tier carries it into this one too.
    carried = extract_facts(checklist, intent, lines).get(fact)
    if carried is not None and skeleton(carried) == skeleton(kept):
        return kept, found
    return None, [Finding(VALUE_NOT_STATED, fact, value)]


# An English article opening a name, which speech drops: "(The) Man Who Knew Too Much".
_LEADING_ARTICLE = re.compile(r"(?:the|a|an)\s+(?=\S)", re.IGNORECASE)


def _without_article(value: str) -> str | None:
    """The value less the article it opens with, where at least two words are left ("the 9th" stays whole), else
    None."""
    article = _LEADING_ARTICLE.match(value)
    rest = value[article.end():] if article else ""
    return rest if len(rest.split()) >= 2 else None


def _this_forms_task_done(checklist: Checklist, intent: str, lines: tuple[Line, ...]) -> int | None:
    """The last agent line saying a task of this form is done: this form's words are in it or in what the customer
    asked since the task before ("I need to make a payment of 50 bucks" ... "It has been made"), or it repeats every
    value, two or more, the offline tier read for this form ("Please send $85 from my savings to Lorenzo." - "Done,
    $85 was sent from your savings to Lorenzo."); else None."""
    dones = done_lines(lines)
    if not dones:
        return None
    since = dones[-2] + 1 if len(dones) > 1 else 0
    task = [ln.text for ln in lines[since:dones[-1]] if ln.speaker != AGENT] + [lines[dones[-1]].text]
    if any(profile(checklist).on_task(text) for text in task):
        return dones[-1]
    said = skeleton(lines[dones[-1]].text)
    task_lines = lines[since:dones[-1]]
    # (read once per conversation, as `superseded` reads it: every value checked on it asks again)
    read = profile(checklist).remembered(("tier reads", intent, task_lines),
                                         lambda: extract_facts(checklist, intent, task_lines)) if task_lines else {}
    # (two values or more, all repeated: one place a bus ticket and a hotel share says nothing of whose task it was)
    repeated = len(read) >= 2 and all(contains_words(said, skeleton(value)) for value in read.values())
    return dones[-1] if repeated else None


# Words by which a line asking for the new task takes what came before ("a hotel there", "add this to my calendar",
# "the same day", "booking the 4 event tickets") or goes back to an earlier one ("get back to booking").
_POINTS_BACK = re.compile(r"\b(?:there|this|that|these|those|it|them|same|then|the|back\s+to|resume|again)\b",
                          re.IGNORECASE)


def _check_value(
    checklist: Checklist, intent: str, fact: str, value: str, lines: tuple[Line, ...]
) -> tuple[str | None, list[Finding]]:
    if fact not in checklist.required(intent) and fact not in checklist.intent(intent).optional:
        # an optional fact of the intent is checked like any and kept when backed; it never decides a stop
        return None, [Finding(UNKNOWN_FACT, fact, value)]
    spec = checklist.facts[fact]
    if BIDI_CONTROL.search(value):
        # the reported value itself holds an override or isolate: shown, it may read in another order than stored
        return None, [Finding(VALUE_REORDERED, fact, value)]
    trimmed = trim_edges(value)
    # What the value is, whatever was said: outside the vocabulary, or typed by the customer but of another kind than
    # the fact's ("7" of five stars, "10:30 am" as a day, "tomorrow" as a city), it is named so before anything the
    # conversation says of it
    allowed = next((a for a in spec.allowed if skeleton(a) == skeleton(trimmed)), None) if spec.allowed else None
    if spec.allowed and allowed is None:
        return None, [Finding(VALUE_NOT_ALLOWED, fact, value)]
    typed_at = None if spec.allowed else span_in(trimmed, lines, customer=True)
    if typed_at is not None and wrong_kind(checklist, intent, fact, typed_at[0][typed_at[1]:typed_at[2]]):
        return None, [Finding(VALUE_WRONG_KIND, fact, value)]  # read in the customer's own characters
    if withdrawn(checklist.required(intent), fact, trimmed, lines,
                 {n: checklist.facts[n].description for n in checklist.required(intent)}):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "forget the 10th", "scratch the checkout date"
    if _unsettled_last(checklist, fact, trimmed, lines):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "on Thursday. ... might not be Thursday"
    if _put_beside_later(checklist, fact, trimmed, lines):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "going the 3rd. Or is it better the 4th?"
    if allowed is not None:
        # Collected as the vocabulary's own spelling, whatever case or look-alikes were reported.
        if (not closed_value_supported(checklist, intent, spec, allowed, lines)
                or _closed_left_open(checklist, fact, allowed, lines)):
            return None, [Finding(VALUE_NOT_STATED, fact, value)]
        return allowed, []
    # Collected in the conversation's own characters, never the extractor's spelling of them:
    # a look-alike letter on either side can neither be laundered nor slipped in.
    said = typed_at
    if said is not None and display_reordered(*said):
        # where the customer typed it, it may be shown in another order than stored; blanked from the words
        # the tier reads, it would otherwise pass for a value typed where nothing is stated
        return None, [Finding(VALUE_REORDERED, fact, value)]
    if said is not None and negated(*said):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # the customer's latest word on it refuses it
    found = stated_span(checklist, trimmed, lines)
    if said is not None and found is None:
        # typed only where it states nothing: a question about it, a clause taken back, another
        # person's or another time's, a forged role line, a range, an identifier
        return None, [Finding(VALUE_NOT_STATED, fact, value)]
    typed = found is not None  # in the customer's own line (else in an agent offer they accepted)
    if found is None:
        when_or_amount = profile(checklist).facts[fact].kind in (DATE, TIME, MONEY)
        found = (_accepted_from_agent(trimmed, lines, doing_verbs(checklist), when_or_amount)
                 or _pointed_at(checklist, fact, trimmed, lines) or _carried(checklist, intent, fact, trimmed, lines))
        if found is not None and _turned_down_since(checklist, fact, trimmed, lines):
            found = None  # "Sounds great" to an event on March 4th, then "No, the 2nd" to a bus on March 4th
        facts = profile(checklist).facts
        if found is not None and (offered_as_choice(profile(checklist), facts[fact], found[0], trimmed)
                                  or (not typed and _one_of_two_names(*found))):
            return None, [Finding(VALUE_NOT_STATED, fact, value)]  # a yes to "9:30 am or 2 pm?" picks neither
        if found is None:
            if span_in(trimmed, lines, customer=False):
                code = VALUE_ONLY_IN_AGENT_WORDS
            elif any(ln.speaker != AGENT and number_prefix(trimmed, ln.text) for ln in lines):
                code = VALUE_CUT_SHORT  # "9" of "97 dollars", "1" of "the 13th": found nowhere whole, it was cut
            elif only_function_words(trimmed) and wrong_kind(checklist, intent, fact, trimmed):
                code = VALUE_WRONG_KIND  # a whole word of its own, though a longer one starts with it: "ok" of "okay"
            elif any(ln.speaker != AGENT and word_prefix(trimmed, ln.text) for ln in lines):
                code = VALUE_CUT_SHORT  # "Fresh" of "Freshwater", "tomo" of "tomorrow"
            elif skeleton(trimmed) != _NO_PREFERENCE and (
                    wrong_kind(checklist, intent, fact, trimmed)
                    or _a_relation_to_the_speaker(facts[fact].kind, facts[fact].other_party, trimmed)):
                # said by nobody, and of no kind the fact takes ("tomorrow" as a city, "my landlord" as whom to pay)
                code = VALUE_WRONG_KIND
            elif any(ln.speaker != AGENT and BIDI_CONTROL.search(ln.text) and find_span(shown_order(ln.text), trimmed)
                     for ln in lines):
                code = VALUE_REORDERED  # read off the screen: typed in another order than it is shown
            elif any(words_reordered(ln.text, trimmed) for ln in lines):
                code = VALUE_REORDERED  # its words said, but in another order: "Kings Cross Comfort Inn"
            else:
                code = VALUE_NOT_IN_CONVERSATION
            return None, [Finding(code, fact, value)]
    text, start, end = found
    if display_reordered(text, start, end):
        return None, [Finding(VALUE_REORDERED, fact, value)]
    if typed and (skeleton(text[start:end]) in PLACEHOLDERS or likened(text, start, end)):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "TBD", "Something like Inception"
    if typed and names_a_relative(text, start, end):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "Peter" of "to Peter's daughter": the daughter is who
    if typed and fact_role(profile(checklist).facts[fact]) == END and where_now(text, start):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "I'm waiting at the Hyatt" is no destination
    if typed and profile(checklist).facts[fact].kind in (PERSON, TITLE) and shouted(text, start, end):
        # "STOP ASKING AND PAY IT NOW" after a lower-case "yes": capitals shouted tell no name from a common word
        return None, [Finding(VALUE_NOT_STATED, fact, value)]
    if typed and _ADVERB_OF_REFUSAL.fullmatch(text[start:end]) and BEFORE_NEGATOR.match(text, end):
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "Definitely" of "Definitely not Hello"
    if typed:
        at = _latest_customer_line(text, lines)  # found once: three of the tests below read from that line
        before = _agent_line_before(at, lines)
        if (_not_stated_there(text, start, end, fact, trimmed, before)
                or _answers_its_rival(checklist, fact, text, start, end, before)
                or _left_open(checklist, fact, lines[at:]) or _when_else(checklist, text, start, end)):
            return None, [Finding(VALUE_NOT_STATED, fact, value)]  # the customer's latest word on it refuses it
    if cut_short(text, start, end):
        return None, [Finding(VALUE_CUT_SHORT, fact, value)]
    kind = profile(checklist).facts[fact].kind
    if wrong_kind(checklist, intent, fact, text[start:end]) or (
            counts_things(text, start, end) and (kind in (DATE, TIME) or (kind == MONEY and not _in_a_sum(
                text, start, end)))) or (
            kind == DATE and values.possessed_ordinal(text, (start, end, text[start:end]))):
        # "two" of "for two people" is no time, nor of "for two pizzas" a sum; "4th" of "my 4th stay there" no day
        return None, [Finding(VALUE_WRONG_KIND, fact, value)]
    if typed and _A_COMMON_NOUN.fullmatch(text[start:end]) and (
            (kind == PERSON and _DETERMINER_BEFORE.search(text, 0, start))
            or (kind == TITLE and _POSSESSIVE_BEFORE.search(text, 0, start))):
        # "receipt" of "I'll dig up the receipt" is no one, and "sister" of "from my sister" names no contact
        return None, [Finding(VALUE_WRONG_KIND, fact, value)]
    if typed and _no_name_of_its_kind(kind, profile(checklist).facts[fact].other_party, text[start:end]):
        # "My landlord", "her" or "send" as whom to pay, "my son asked about" or "For me, I'm still browsing" as a film
        return None, [Finding(VALUE_WRONG_KIND, fact, value)]
    if typed and _a_whole_acceptance(text, start, end, lines):
        return None, [Finding(VALUE_WRONG_KIND, fact, value)]  # "Dogman it is?" - "Sounds good!" names no film
    if typed and said_for_the_other_end(checklist, fact, trimmed, lines):
        # (after the kind: a city filed as the departure day is the wrong kind before it is the wrong end)
        return None, [Finding(VALUE_NOT_STATED, fact, value)]  # "go to SFO" is no origin, "from the 8th" no drop-off
    if kind == MONEY:
        start, end = _whole_sum(text, start, end)
    return text[start:end], []


# SGD's value for "the customer has no preference": a kind of its own, found in no line as typed.
_NO_PREFERENCE = "dontcare"


# A name beside another capitalised one across an "or" (not "I", nor a state's "OR"): "San Diego or Los Angeles?"
_OR_NAME_AFTER = re.compile(r"\s*,?\s+(?-i:or)\s+(?:(?:the|maybe|perhaps)\s+)?(?!I\b)(?-i:[A-Z0-9])", re.IGNORECASE)
_OR_NAME_BEFORE = re.compile(
    r"(?<![\w'’])(?!I\b)(?-i:[A-Z0-9])[\w'’.-]*\s*,?\s+(?-i:or)\s+(?:(?:the|maybe|perhaps)\s+)?$", re.IGNORECASE)


def _one_of_two_names(text: str, start: int, end: int) -> bool:
    """The agent's words put the name forward as one side of an "or" with another name, with no word of the fact's
    kind to find it by (a place needs no "in" to be offered): a bare yes picks neither."""
    return bool(_OR_NAME_AFTER.match(text, end) or _OR_NAME_BEFORE.search(text, 0, start))


def _in_a_sum(text: str, start: int, end: int) -> bool:
    """text[start:end] stands in an amount the customer wrote ("20" of "20 bucks")."""
    return any(s <= start and end <= e for s, e, _ in values.money(text))


def _whole_sum(text: str, start: int, end: int) -> tuple[int, int]:
    """The customer's whole amount around a number reported without its unit: "980" of "980 bucks" is
    collected as "980 bucks", the sum as the customer spelled it; anything else stays as it was."""
    return next(((s, e) for s, e, _ in values.money(text) if s <= start and end <= e and (s, e) != (start, end)),
                (start, end))


def _answers_its_rival(checklist: Checklist, fact: str, text: str, start: int, end: int,
                       before: Line | None) -> bool:
    """The value answers the agent's question about another fact of its kind (the other end of a trip, the other day
    of a stay, another count) with no word of a role of its own: "When do you want to fly back?" - "May 9th." is the
    return day, not the day out ("Leaving May 9th, actually" names its own)."""
    if before is None or before.speaker != AGENT or not before.asks or fact in before.asks:
        return False
    facts = profile(checklist).facts
    kind = facts[fact].kind
    if kind in (CLOSED, BOOLEAN) or not any(f in facts and facts[f].kind == kind for f in before.asks):
        return False
    return _bare_answer(text, start, end) and value_role(text, start, stay=facts[fact].stay) is None


def _bare_answer(text: str, start: int, end: int) -> bool:
    """The value's sentence is the value alone ("May 9th.", "Chicago!"): an answer to what was asked, with nothing
    of its own to say which fact it is ("Havana by Camila Cabello" names more than the song asked for)."""
    opening = max((m.end() for m in re.finditer(r"[.!?;]\s", text[:start])), default=0)
    closing = re.compile(r"[.!?;](?:\s|$)").search(text, start)
    sentence = text[opening:closing.start() if closing else len(text)]
    return sentence.strip(" ,") == text[start:end]


def _not_stated_there(text: str, start: int, end: int, fact: str, value: str, before: Line | None) -> bool:
    """The customer's latest line holding the value does not state it there: refused ("4:30 doesn't work"),
    supposed, an example or a comparison, a bound ("before the 20th") or a cap ("a maximum of 7"), asked back
    ("Das Hilton? No way."), one of two ("Jenny or Mike"), a repeat of an offer the line turns down, or an
    answer the line puts off ("I'll check"). `before` is the agent line right before that line, if it is one."""
    return (negated(text, start, end) or supposed(text, start, instructions=False) or _bound(text, start, end)
            or capped(text, start) or echoed(text, start, end) or one_of_two(text, start, end)
            or _an_end_of_a_range(text, start, end)
            or _refuses_offer_of(text, value, before) or _put_off(text, fact, value, before))


_BETWEEN_BEFORE = re.compile(r"\bbetween\s+$", re.IGNORECASE)
_AND_BETWEEN = re.compile(r"\s*,?\s+and\s+", re.IGNORECASE)


def _an_end_of_a_range(text: str, start: int, end: int) -> bool:
    """text[start:end] is either end of "between X and Y", two days, hours or sums: a range to pick from, no one
    value ("Somewhere between May 9th and May 11th"; "from May 9th to May 11th" gives two ends of a trip)."""
    spans = sorted({(s, e) for s, e, _ in (*values.dates(text), *values.times(text), *values.money(text))})
    return any(_BETWEEN_BEFORE.search(text, 0, s1) and _AND_BETWEEN.fullmatch(text, e1, s2)
               and ((s1 <= start and end <= e1) or (s2 <= start and end <= e2))
               for (s1, e1), (s2, e2) in pairwise(spans))


def _closed_left_open(checklist: Checklist, fact: str, value: str, lines: tuple[Line, ...]) -> bool:
    """The customer's latest line naming a closed value, or a later one, leaves the fact open ("Three. No, make
    that two. I can't say yet."), as the offline tier reads it for a free value."""
    forms = value_forms(value)
    at = next((i for i in range(len(lines) - 1, -1, -1) if lines[i].speaker != AGENT
               and any(contains_words(skeleton(own_words(checklist, lines[i].text)), f) for f in forms)), None)
    if at is None:
        return False
    return _left_open(checklist, fact, lines[at:]) or _put_off(lines[at].text, fact, value,
                                                               _agent_line_before(at, lines))


def _left_open(checklist: Checklist, fact: str, later: tuple[Line, ...]) -> bool:
    """The customer says, in the value's line or later (`later` starts at that line), that the fact is not
    decided yet ("I haven't settled on the number of bedrooms"), as the offline tier reads it."""
    saying = [ln.text for ln in later  # most lines say none
              if ln.speaker != AGENT and (undecided_about(ln.text) or any_will_do(ln.text))]
    if not saying:
        return False
    facts = profile(checklist)
    # (read against every fact, so the words name the one they name most: "the pick-up time" is not the pick-up city)
    return any(fact in undecided_facts(facts, tuple(facts.facts), own_words(checklist, said),
                                       spoken_words(checklist, said)) for said in saying)


def _when_else(checklist: Checklist, text: str, start: int, end: int) -> bool:
    """A day or time when something else happens: "a movie that starts at 8:30 pm" for a restaurant."""
    return other_event(profile(checklist), text, start, end) and _day_or_time(text, start, end)


def _bound(text: str, start: int, end: int) -> bool:
    """A day or time the customer gave as a bound: "be there before the 20th", "end by 10 pm"."""
    return bound_before(text, start) and _day_or_time(text, start, end)


def _day_or_time(text: str, start: int, end: int) -> bool:
    """text[start:end] is, whole, a day or a time the offline tier reads there."""
    return any((s, e) == (start, end) for s, e, _ in (*values.dates(text), *values.times(text)))


def _refuses_offer_of(text: str, value: str, before: Line | None) -> bool:
    """The customer line `text` opens by turning down the agent line `before` it, which named this value."""
    return before is not None and refused_offer(before.text, text, value)


def _put_off(text: str, fact: str, value: str, before: Line | None) -> bool:
    """The customer line `text` answers the agent's question `before` it about `fact` by putting the answer off."""
    return before is not None and fact in before.asks and puts_off(text, value)


def _agent_line_before(index: int, lines: tuple[Line, ...]) -> Line | None:
    """The agent line right before the line at `index`, if it is one."""
    return lines[index - 1] if index > 0 and lines[index - 1].speaker == AGENT else None


# A lower-case word after a determiner is a common noun, not a person's name: "the receipt", "my landlord", "a friend"
# (a title may be one: SGD has the event "food" of "Make it a food event", and "the yunger").
_A_COMMON_NOUN = re.compile(r"[a-z]+")
_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|my|your|our|their|his|her|this|that|some)\s+$", re.IGNORECASE)
# For a title only after a possessive: whose it is makes the word a relation or a thing of theirs ("my sister", "our
# cat"), where an article may stand before a lower-case title ("the yunger", "a food event").
_POSSESSIVE_BEFORE = re.compile(r"\b(?:my|your|our|their|his|her)\s+$", re.IGNORECASE)
# and so, for a person or the other party of a transaction, is a value that is itself a possessive and such a noun:
# "My landlord" (not "My Chemical Romance"; a title's fact may hold "My everything", an album in SGD)
_A_RELATION = re.compile(r"(?:my|your|our|their|his|her)\s+(?-i:[a-z]+)(?:\s+(?-i:[a-z]+))?", re.IGNORECASE)


# A clause cut off before its object ends on a lower-case preposition: "my son asked about" (a title in capitals may:
# "Something to Talk About").
_DANGLING = re.compile(r"\b(?-i:about|for|with|to|of|from|on|at|in|by|into)$")


# A word of free choice in lower case says which one is left to someone else: "whatever it is", "whoever's on file"
# (a title in capitals may hold one: "Whatever It Takes").
_FREE_CHOICE = re.compile(r"\b(?-i:whatever|whichever|whoever|whomever)\b")
# An order in sentence case, a verb of handling then a lower-case word: as whom to pay, "Just use the name on file"
# tells the system what to do, it names no one (an event may be named so: SGD has "Leave for airport").
_AN_ORDER = re.compile(r"^(?:(?:just|please|simply|then|so)\s+)?(?:use|pick|choose|take|put|leave|keep|fill|enter|"
                       r"go\s+with|make|give|assume|copy|send)\s+(?-i:[a-z]+)(?:\s+(?-i:[a-z]+))+$", re.IGNORECASE)


def _no_name_of_its_kind(kind: str, other_party: bool, said: str) -> bool:
    """Words that cannot name a title or a person: for a person or the other party of a transaction, a relation
    ("My landlord"); for that other party, only words that are never a name ("her", "send"); for any title or
    person, a clause cut off before its object, a sentence of clauses about the speaker ("For me, I'm still
    browsing") or a word of free choice ("whatever it is"); for a person or that other party, an order to the system
    ("Just use the name on file")."""
    said = unicodedata.normalize("NFKC", said)  # full-width letters are the same words
    if _a_relation_to_the_speaker(kind, other_party, said):
        return True
    words = said.split()
    if kind not in (TITLE, PERSON) or not words:
        return False
    if other_party and all(w.lower().strip(".,!?;:'’") in NOT_NAMES for w in words):
        return True
    if len(words) < 2:
        return False
    bare = said.rstrip(".,!?;:")
    # (about the speaker only as a clause joined to another: SGD has the song "I would like")
    return (bool(_DANGLING.search(bare)) or ("," in said and speaks_of_self(said)) or bool(_FREE_CHOICE.search(said))
            or ((kind == PERSON or other_party) and bool(_AN_ORDER.match(re.split(r"[,;]", bare)[0].strip()))))


def _a_relation_to_the_speaker(kind: str, other_party: bool, said: str) -> bool:
    """For a person, a place or the other party of a transaction, a possessive and a lower-case noun ("My landlord"):
    who or what it is to the speaker, not a name (a place so said is a description: "Our regular spot")."""
    return (kind in (PERSON, PLACE) or other_party) and bool(_A_RELATION.fullmatch(unicodedata.normalize("NFKC", said)))


def _a_whole_acceptance(text: str, start: int, end: int, lines: tuple[Line, ...]) -> bool:
    """The value is the customer's whole reply, and the reply accepts the agent line before it, which does not name
    the value: a yes to an offer, not a name ("Would you like Yes by Yes?" - "Yes" may name the song)."""
    if text[:start].strip() or text[end:].strip(" .!?,;:"):
        return False
    agent = _agent_line_before(_latest_customer_line(text, lines), lines)
    return (agent is not None and acceptance_accepts(text)
            and not contains_words(skeleton(agent.text), skeleton(text[start:end])))


def _latest_customer_line(text: str, lines: tuple[Line, ...]) -> int:
    """Where the latest customer line reading `text` stands in the conversation (0 if none does)."""
    return max((i for i, ln in enumerate(lines) if ln.speaker != AGENT and ln.text == text), default=0)


def withdrawn(facts: tuple[str, ...], fact: str, value: str, lines: tuple[Line, ...],
              descriptions: Mapping[str, str] | None = None) -> bool:
    """Whether the customer took the value back after they last gave it: a withdrawal naming the value, or
    naming the fact with no new value of it after."""
    customer = [ln.text for ln in lines if ln.speaker != AGENT]
    mentioned = max((i for i, text in enumerate(customer) if withdrawal.names_value(text, value)), default=-1)
    if mentioned >= 0 and any(_reset_after(text, value) for text in customer[mentioned:mentioned + 1]):
        return True  # "Bus from San Diego ... scrap all of that, start over": said only before a fresh start
    if any(withdrawal.reset_at(text) is not None for text in customer[mentioned + 1:]):
        return True
    for index in range(max(mentioned, 0), len(customer)):
        text = customer[index]
        for start, obj in withdrawal.objects(text):
            if withdrawal.names_value(obj, value):
                # the value's latest mention is the withdrawal itself, or comes before it
                if not withdrawal.names_value(text[start + len(obj):], value):
                    return True
            elif (fact in withdrawal.named_facts(obj, facts, descriptions)
                  and not withdrawal.names_value(text[start:], value)):
                return True
        if any(withdrawal.denial_takes_back(text, start, obj, value) for start, obj in withdrawal.denied_alone(text)):
            return True
    return False


def _unsettled_last(checklist: Checklist, fact: str, value: str, lines: tuple[Line, ...]) -> bool:
    """The customer's last mention of the value takes it back, as the offline tier reads it (`last_word`): it stands
    in a sentence they do not state it in ("the 8th was my flight home last year"), is negated, is put off or, once
    said, hedged. A count is found by its number; a yes/no fact is left out."""
    facts = profile(checklist)
    kind = facts.facts[fact].kind
    if kind == BOOLEAN:
        return False
    customer = [ln.text for ln in lines if ln.speaker != AGENT]
    said = [i for i, text in enumerate(customer) if last_word.mentions(text, value, count=kind == COUNT)]
    if not said:
        return False
    text = customer[said[-1]]
    return last_word.unsettled(text, own_words(checklist, text), value, said_before=len(said) > 1,
                               spoken=unsaid.said(text), of_another=partial(facts.speaks_of_another_fact, fact),
                               count=kind == COUNT,
                               another_event=partial(other_event, facts) if kind in (DATE, TIME) else None)


# A question opened by "or" after a value: "Roundtrip, going the 3rd of March. Or is it better to look at the 4th?"
_OR_QUESTION = re.compile(r"(?:^|[.!?;]\s+)\W*or\b[^.!?;]*\?", re.IGNORECASE)
_MEASURED_KINDS = (DATE, TIME, MONEY)


def _put_beside_later(checklist: Checklist, fact: str, value: str, lines: tuple[Line, ...]) -> bool:
    """After the customer's last mention of the value, a question of theirs opened by "or" puts another value of
    the same kind (a date, an hour, an amount) beside it: the choice is open again, whichever fact it was for."""
    facts = profile(checklist)
    kind = facts.facts[fact].kind
    if kind not in _MEASURED_KINDS:
        return False
    customer = [ln.text for ln in lines if ln.speaker != AGENT]
    said = [(i, spans[-1][1]) for i, text in enumerate(customer) if (spans := last_word.mentions(text, value))]
    if not said:
        return False
    index, end = said[-1]
    later = [customer[index][end:], *customer[index + 1:]]
    return any(kind_spans(facts, kind, question.group(0)) and not last_word.mentions(question.group(0), value)
               for text in later for question in _OR_QUESTION.finditer(text))


def _reset_after(text: str, value: str) -> bool:
    """The line takes back everything before a fresh start, and the value is not said after it."""
    fresh = withdrawal.reset_at(text)
    return fresh is not None and not withdrawal.names_value(text[fresh:], value)


def trim_edges(value: str) -> str:
    """The value without surrounding spaces and sentence punctuation: "Maria." -> "Maria".

    A full stop that ends an abbreviation stays ("Anne Han, M.D.", "Tuan A."), and so does a
    bracket or quote the value itself opened ("30 St Mary Axe (The Gherkin)").
    """
    text = value.strip()
    while text:
        last, first = text[-1], text[0]
        if last == "." and _ABBREVIATION.search(text):
            break
        if first in _QUOTES and last == first and len(text) > 1:
            text = text[1:-1].strip()
            continue
        if last in _PAIRS.values() and _opener(last) in text[:-1]:
            break
        if last in _TRAILING or last in _PAIRS.values():
            text = text[:-1].rstrip()
        elif first in _PAIRS and _PAIRS[first] not in text[1:]:
            text = text[1:].lstrip()
        else:
            break
    return text


_TRAILING = ".,;:!?"
_QUOTES = "\"'`"
_PAIRS = {"(": ")", "[": "]", "{": "}", "\"": "\"", "'": "'", "“": "”", "‘": "’", "<": ">"}
# The last word is an abbreviation when it holds a dot of its own, is one letter, or is a short
# capitalised suffix after a comma: "M.D.", "Tuan A.", "Chiu, MD, FACS, Inc.".
_ABBREVIATION = re.compile(r"(?:^|[\s,])(?:\w+\.)+\w*\.$|(?:^|[\s,])\w\.$|,\s*[A-Z][A-Za-z]{1,3}\.$")


def _opener(closer: str) -> str:
    return next(k for k, v in _PAIRS.items() if v == closer)


def span_in(value: str, lines: tuple[Line, ...], customer: bool) -> tuple[str, int, int] | None:
    """(line text, start, end) where the customer (or the agent) typed `value`, latest line first."""
    needle = skeleton(value)
    for line in reversed(lines):
        if (line.speaker != AGENT) == customer and contains_words(skeleton(line.text), needle):
            span = find_span(line.text, value)
            if span is not None and not _inside_a_longer_day(line.text, *span):
                return line.text, *span
    return None


def _inside_a_longer_day(text: str, start: int, end: int) -> bool:
    """The words end a day counted from them: "tomorrow" of "the day after tomorrow" ("March 3rd" of "Sunday March
    3rd" is that day)."""
    return any(m.start() < start <= m.end() and m.end() >= end and _COUNTED_FROM.search(text, m.start(), start)
               for m in values.DATE.finditer(text))


_COUNTED_FROM = re.compile(r"\b(?:after|before)\s+$", re.IGNORECASE)


def stated_span(checklist: Checklist, value: str, lines: tuple[Line, ...]) -> tuple[str, int, int] | None:
    """Like `span_in` for the customer, but only where the line states something: the parts the offline
    tier does not read (`own_words`) do not count. The span is in the line's own characters."""
    own: dict[str, str] = {}
    for line in lines:
        if line.speaker != AGENT:
            own.setdefault(own_words(checklist, line.text), line.text)
    found = span_in(value, tuple(Line(CUSTOMER, text) for text in own), customer=True)
    if found is None:
        return None
    text, start, end = found
    return own[text], start, end


def said_by(value: str, lines: tuple[Line, ...], customer: bool) -> bool:
    """Whether the customer's (or the agent's) lines hold `value` as whole words."""
    return span_in(value, lines, customer) is not None


def _offers(lines: tuple[Line, ...], verbs: frozenset[str] = frozenset(), when_or_amount: bool = False) -> list[Line]:
    """Agent lines that offered something which a later customer line accepted (`offering_line`). For a
    `when_or_amount` (a date, a time, money), not one taken only by pointing "there", which points at a place
    ("It will be 75 degrees today." - "Okay, I'd like a ticket going there"), as the offline tier reads it."""
    speakers = [ln.speaker == AGENT for ln in lines]
    texts = [ln.text for ln in lines]
    taken = {k for i in range(len(lines)) if (k := offering_line(speakers, texts, i, verbs)) is not None
             and not (when_or_amount and points_only_at_a_place(texts[i], verbs))}
    return [lines[k] for k in sorted(taken)]


def _turned_down_since(checklist: Checklist, fact: str, value: str, lines: tuple[Line, ...]) -> bool:
    """The agent's latest line naming the value, asking for this fact alone, was turned down by the customer's reply
    to it, or a customer line since then asks for other ones of this fact's thing, named by the words of the fact's
    name, without naming the value again ("Ok, find me another restaurant?" for a restaurant's name; "Any other
    hotels?" leaves an event's day standing): an earlier yes to it no longer stands. (A no to the same day asked for
    another task's fact, "Would you be leaving on March 3rd?" for a bus, leaves the event on March 3rd standing.)"""
    last = max((i for i, ln in enumerate(lines) if ln.speaker == AGENT and span_in(value, (ln,), customer=False)),
               default=None)
    named = profile(checklist).facts[fact].name_stems
    if last is not None and any(ln.speaker != AGENT and asks_for_others(ln.text) and not said_by(value, (ln,), True)
                                and any(stem(w) in named for w in words(ln.text))
                                for ln in lines[last + 1:]):
        return True  # "Ok, what's the address?" ... "Ok, find me another restaurant?": passed over since
    if last is None or last + 1 >= len(lines) or lines[last + 1].speaker == AGENT:
        return False
    asked, reply = lines[last], lines[last + 1].text
    if set(asked.asks) == {fact} and refused_offer(asked.text, reply, value):
        return True  # (a no to "Return the same day, March 5th?" asking both days turns down the return only)
    return _counters(checklist, fact, value, asked, reply)


def _counters(checklist: Checklist, fact: str, value: str, asked: Line, reply: str) -> bool:
    """The customer's reply to the agent asking for this fact gives another value of its kind (a day, an hour, a
    sum), and not the one the agent named, with no yes: "Leaving on March 6th?" - "Try next Monday." turns it down as
    a no would. Only where no other fact the line asks for is of that kind ("Are you leaving on March 3rd? What
    time?" - "On the 2nd around 10:30 am" gives the day; a day given to "Out on the 3rd and back the same day?" may
    be either end)."""
    facts = profile(checklist).facts
    kind = facts[fact].kind
    if kind not in _MEASURED_KINDS or fact not in asked.asks or acceptance_accepts(reply):
        return False
    if any(other != fact and other in facts and facts[other].kind == kind for other in asked.asks):
        return False
    own = own_words(checklist, reply)
    return bool(kind_spans(profile(checklist), kind, own)) and not last_word.mentions(own, value)


def _accepted_from_agent(value: str, lines: tuple[Line, ...], verbs: frozenset[str] = frozenset(),
                         when_or_amount: bool = False) -> tuple[str, int, int] | None:
    return span_in(value, tuple(_offers(lines, verbs, when_or_amount)), customer=False)


def _carried(checklist: Checklist, intent: str, fact: str, value: str, lines: tuple[Line, ...]
             ) -> tuple[str, int, int] | None:
    """The thing a look-up found that the customer had the task carried out on ("How about Help?" - "What year?"
    - "2017." - "Shall I play it?" - "Yes."): exactly the value the offline tier reads for this fact from that
    agent line, and only there."""
    for at, found in carried_finds(checklist, intent, lines):
        if fact in found and skeleton(found[fact]) == skeleton(value):
            return span_in(value, (lines[at],), customer=False)
    return None


def _pointed_at(checklist: Checklist, fact: str, value: str, lines: tuple[Line, ...]) -> tuple[str, int, int] | None:
    """A place the customer's latest line pointing back ("a cab there") sends the ride to: the street address
    the agent named last before it, as the offline tier reads it (`pointing`)."""
    if not ride_heads_to(profile(checklist).facts[fact]):
        return None  # only the point a ride heads to, as the offline tier reads "there"
    for at in range(len(lines) - 1, -1, -1):
        if lines[at].speaker == AGENT:
            continue
        own = own_words(checklist, lines[at].text)
        there = points_there(own)
        if there is None:
            continue
        if denied(own, there.start(), there.end()):
            return None  # "I don't want to go there", as the offline tier reads it
        address = named_address(lines[:at])
        if address is None or skeleton(address) != skeleton(value):
            return None
        return span_in(value, lines[:at], customer=False)
    return None


def closed_value_supported(checklist: Checklist, intent: str, spec: Fact, value: str, lines: tuple[Line, ...]) -> bool:
    """Whether the customer's words back a closed value: said, answered, or accepted from an offer."""
    customer = [ln for ln in lines if ln.speaker != AGENT]
    forms = value_forms(value)
    mine = _whose(checklist, intent, spec.name)  # None where the intent has the word on one side only
    theirs_later = False  # the latest word on it gave it to the other side: an earlier one counts only marked as this
    rival_later = False
    for at in reversed([i for i, ln in enumerate(lines) if ln.speaker != AGENT]):
        line = lines[at]  # the customer's latest word on the value decides: "not savings" refuses it
        own = own_words(checklist, line.text)
        spans = [span for form in forms if contains_words(skeleton(own), form) for span in every_span(own, form)]
        # "3 baths and 3 bedrooms": the first 3 counts the baths, the second the bedrooms
        # ("the 3 cats" counts no adults; "1. passport 2. charger": a list's labels state nothing)
        labels = values.list_labels(own)
        sides = [span for span in spans if mine is not None and _other_sides(mine, own, span[0])]
        theirs_later = theirs_later or bool(sides)  # "to their checking account"
        spans = [(start, end) for start, end in spans
                 if (not counts_another(profile(checklist), spec.name, own, start, end)
                     or _counts_both(profile(checklist).facts[spec.name].counted, own, end))
                 and (start, end) not in labels
                 and (start, end) not in sides
                 and not ((theirs_later or rival_later) and not _own_side_marked(bool(mine), own, start))
                 and not echoed(own, start, end)  # "Music? Sports?" weighs them
                 and not (skeleton(value) in _YES_NO and _in_a_name(own, start, end))  # "True" of "True Grit"
                 and not values.in_a_measure(own, start, end)  # "3" of "at 3:30 pm" counts no riders
                 and not values.in_a_code(own, start, end)  # "3D" of "IMAX-3D-0042" is no show type
                 and not values.labelled_number(own, start, end)  # "3" of "at Door 3" counts nobody
                 and not used_as_verb(own, start, end)]  # "Thanks for checking that" names no account
        asked = _agent_line_before(at, lines)
        if spans and asked is not None and spec.name in asked.asks and refused_offer(asked.text, line.text, value):
            # the offer of this fact named again as it is turned down: "Credit card fees are brutal. Other options?"
            # (an agent line about another thing holds no offer of it: the 3 of "a 4.3 rating" is no room count)
            return False
        # another word of the vocabulary marked as this side's, said later ("What is the savings account balance?"
        # ... "Send 1,540 dollars to their checking account"): an earlier word counts only marked so itself
        rival_later = rival_later or (mine is not None and not spans and any(
            _own_side_marked(mine, own, start) for other in spec.allowed if skeleton(other) != skeleton(value)
            for form in value_forms(other) if contains_words(skeleton(own), form)
            for start, _ in every_span(own, form)))
        if spans:
            # refused ("not savings"), or a group a "but" qualifies ("4 of us but we're taking two cars")
            # or one side of an "or" ("Standard. Or surprise me"), as the tier reads a closed value
            # (or supposed: "If I don't tell you, just assume savings", "savings. Well, if my boss signs off, which he
            # won't")
            plainly_refused = [negated(line.text, start, end) or qualified_group(own, end) or capped(own, start)
                               or one_of_two(own, start, end) for start, end in spans]
            supposed_only = [not refused and _supposed_choice(own, start)
                             for refused, (start, _) in zip(plainly_refused, spans, strict=True)]
            if not all(r or s for r, s in zip(plainly_refused, supposed_only, strict=True)):
                return True
            if not any(supposed_only):
                return False
            # only supposed here ("If United Airlines has flights I'd like them"): an offer of it the customer then
            # took settles it, as below
            break
    if skeleton(value) in _YES_NO:
        # The customer's latest line that settles the fact, as the tier reads it, decides which answer it is: "Don't
        # turn on subtitles" backs no "True". Otherwise it is stated by naming it ("with live music") or by
        # answering a question about it.
        settling = _yes_no_said(checklist, spec, lines)
        if settling is not None:
            at, said = settling
            return (said != UNIMPORTANT and (skeleton(said) in _YES) == (skeleton(value) in _YES)
                    and not _yes_no_put_off(checklist, spec, lines[at].text))
        stems = _naming_stems(checklist, spec)  # "share" names "shared_ride" as the tier reads it
        # (in the customer's own statements: "My mom's friend always takes one with captions" names none of theirs)
        naming = {w for w in fact_words(spec) if stem(w) in stems}
        if any(stem(w) in stems or any(_a_slip_of(w, n) for n in naming) for ln in customer
               for w in re.findall(r"[^\W_]+", skeleton(own_words(checklist, ln.text)))):
            return True  # (typed with a slip too: "a shred cab", "A shraed ride is fine")
        return any(ln.speaker == AGENT and spec.name in ln.asks and i + 1 < len(lines)
                   and lines[i + 1].speaker != AGENT for i, ln in enumerate(lines))
    offers = _offers(lines, doing_verbs(checklist))
    own_words_said = {w for ln in customer for w in words(own_words(checklist, ln.text))}
    return any(not values.in_a_measure(ln.text, start, end)
               and not (_beside_another_word(spec, ln.text, value) and not _own_word_said(spec, value, own_words_said)
                        and _bare_reply(lines, ln))
               for ln in offers for form in forms
               if contains_words(skeleton(ln.text), form) for start, end in every_span(ln.text, form))


# Words of a reply that hands the choice over or only agrees: with function words alone, it picks nothing of its own.
_HANDING_OVER = frozenset({"fill", "pick", "choose", "decide", "whatever", "whichever", "either", "yourself",
                           "surprise", "go", "ahead", "fine", "good", "great", "sure", "sounds", "works", "perfect",
                           "please", "just", "ok", "okay", "yes", "yeah", "yep", "yup", "alright", "cool"})


def _bare_reply(lines: tuple[Line, ...], offer: Line) -> bool:
    """The customer's reply to the offer says nothing of its own beyond a yes or a hand-over ("Yes.", "Just fill it in
    yourself"): an either-or offer stays unsettled. A reply with words of its own ("Yes, something like Concert
    events") characterises the pick, which the model may have read."""
    at = next((i for i, ln in enumerate(lines) if ln is offer), None)
    reply = next((ln for ln in lines[at + 1:] if ln.speaker != AGENT), None) if at is not None else None
    if reply is None:
        return True
    rest = " ".join(w for w in words(reply.text) if w not in _HANDING_OVER)
    return not rest or only_function_words(rest)


def _beside_another_word(spec: Fact, text: str, value: str) -> bool:
    """The agent line puts the vocabulary word forward as one side of an "or" with another word of it ("Which
    account, checking or savings?"): a choice, which a yes or a hand-over does not settle."""
    spans = [(start, end, word) for word in spec.allowed for form in value_forms(word)
             if contains_words(skeleton(text), form) for start, end in every_span(text, form)]
    return in_a_choice(text, spans, value)


def _own_word_said(spec: Fact, value: str, said: set[str]) -> bool:
    """The customer said a word of the value that no other word of the vocabulary holds: "from my balance" picks
    "app balance" out of "app balance or debit card?" ("card" picks no card)."""
    others = {w for other in spec.allowed if skeleton(other) != skeleton(value) for w in words(other)}
    return any(w in said for w in words(value) if w not in others and len(w) > 2)


# An "if" that sets no condition on what is chosen: one on the choosing itself ("If I had to pick, I'd say the Suite"
# picks), or a wish worded with "if", an adverb before its verb too ("I'd also prefer if it had three bed rooms").
_NO_CONDITION = re.compile(r"\bif\s+(?:i|we)\s+(?:had|have|must|need(?:ed)?)\s+to\s+(?:pick|choose|say|decide|guess)\b|"
                           r"(?:would|['’]d)\s+(?:\w+\s+)?(?:prefer|like|love)(?:\s+it)?\s+if\b", re.IGNORECASE)


def _supposed_choice(own: str, start: int) -> bool:
    """The closed value at `start` is supposed, as the tier reads a free one: a condition or a permission binds it
    ("If I don't tell you, just assume savings", "savings. Well, if my boss signs off, which he won't")."""
    return supposed(_NO_CONDITION.sub(lambda m: " " * len(m.group(0)), own), start, instructions=False)


# A number before two nouns joined by "and", the second a bare plural with no count or article of its own: "2 bed
# rooms and baths" (of each; "2 bedrooms and a bath", "2 bedrooms and 1 bath" count apart). Group 1 is the second noun.
_SHARED_COUNT = re.compile(r"[\s-]+(?:[a-z]+[\s-]+)?[a-z]+\s+and\s+([a-z]+s)\b", re.IGNORECASE)


def _counts_both(counted: tuple[str, ...], text: str, end: int) -> bool:
    """The number ending at `end` counts, beside the noun right after it, a bare plural joined to it by "and" that
    this count counts ("3 bedrooms and bathrooms" counts 3 bathrooms too)."""
    shared = _SHARED_COUNT.match(text, end)
    if shared is None:
        return False
    noun = shared.group(1).lower()
    return any(noun == c or (len(c) >= 3 and noun.startswith(c)) for c in counted)


# Whose a vocabulary word is, where the intent has it on both sides (the customer's account and the recipient's): a
# word someone else owns is the other side's ("to their checking account", "into Omar's savings"); a word the money
# comes from is the customer's side ("from my savings", "out of my checking"). "To my checking" may be either: the
# customer's own account paid into, or the one they pay from in SGD's reading.
_OWNED_BY_ANOTHER = r"(?:\b(?:their|his|her)|\b[A-Z][\w'-]*['’]s)\s+$"  # "their ", "Omar's "
_THEIRS_BEFORE = re.compile(_OWNED_BY_ANOTHER)
_FROM_BEFORE = re.compile(r"\b(?:from|out\s+of)\s+(?:(?:the|my|our)\s+)?$", re.IGNORECASE)
_TO_BEFORE = re.compile(rf"\b(?:to|into)\s+(?:(?:the|a|an|my|our|their|his|her)\s+)?$|{_OWNED_BY_ANOTHER}",
                        re.IGNORECASE)


def _whose(checklist: Checklist, intent: str, fact: str) -> bool | None:
    """Whether the fact is the customer's own side of a pair the intent keeps apart by whose it is (the recipient's
    when False); None where the intent has no other side of its vocabulary ("Go to my checking account" to check a
    balance)."""
    facts = profile(checklist).facts
    mine = not facts[fact].other_party
    listed = set(checklist.required(intent)) | set(checklist.intent(intent).optional)
    paired = any(facts[s].other_party == mine for s in profile(checklist).siblings.get(fact, ())
                 if s in facts and s in listed)
    return mine if paired else None


def _own_side_marked(mine: bool, text: str, start: int) -> bool:
    """The word at `start` is marked as this fact's side: "from" for the customer's, "to" or an owner for theirs."""
    head = text[max(0, start - 40):start]
    return bool((_FROM_BEFORE if mine else _TO_BEFORE).search(head))


def _other_sides(mine: bool, text: str, start: int) -> bool:
    """The word at `start` names the other side's value: someone else's for the customer's fact, "from" for theirs."""
    head = text[max(0, start - 40):start]
    return bool(_THEIRS_BEFORE.search(head) if mine else _FROM_BEFORE.search(head))


_CAPITALISED = re.compile(r"(?!I\b|I['’])[A-Z][\w'’-]*")  # ("I" is no name)


def _in_a_name(text: str, start: int, end: int) -> bool:
    """text[start:end] is a capitalised word beside another capitalised one: part of a name ("True Grit",
    "Say Yes to the Dress"), which says no yes or no."""
    if not text[start:end][:1].isupper():
        return False
    after = re.match(r"\s+(\S+)", text[end:])
    before = re.search(r"(\S+)\s+$", text[:start])
    return bool((after and _CAPITALISED.match(after.group(1)))
                or (before and _CAPITALISED.match(before.group(1)) and not before.group(1).endswith((".", "!", "?"))))


# An adverb that opens a refusal is none of its values: "Definitely not Hello", "Honestly never the 5th".
_ADVERB_OF_REFUSAL = re.compile(r"[A-Za-z]+ly")
_YES_NO = frozenset({"true", "false", "yes", "no"})
_YES = frozenset({"true", "yes"})


def _yes_no_said(checklist: Checklist, spec: Fact, lines: tuple[Line, ...]) -> tuple[int, str] | None:
    """Where the customer's latest line settling a yes/no fact stands, and the answer it gives, read as the offline
    tier reads it (UNIMPORTANT when it says the fact does not matter)."""
    facts = profile(checklist)
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if line.speaker == AGENT:
            continue
        asked = lines[index - 1].asks if index and lines[index - 1].speaker == AGENT else ()
        said = boolean_reading(facts, facts.facts[spec.name], own_words(checklist, line.text), asked)
        if said is not None:
            return index, said
    return None


def _yes_no_put_off(checklist: Checklist, spec: Fact, text: str) -> bool:
    """The line answering a yes/no fact puts the answer off after the clause naming it ("a shared ride. Let me think
    about it"; for a bare "Yes." after its first word), as `last_word` reads a value put off; a putting off in a
    sentence naming another fact ("I'll tell you the time later") leaves it."""
    own = own_words(checklist, text)
    stems = _naming_stems(checklist, spec)
    named = next((m for m in re.finditer(r"[^\W\d_]+", own) if stem(m.group(0).lower()) in stems), None)
    first = named or re.search(r"[^\W\d_]+", own)
    clause_end = last_word.CLAUSE_END.search(own, first.end()) if first else None
    if clause_end is None:
        return False
    of_another = partial(profile(checklist).speaks_of_another_fact, spec.name)
    return any(not of_another(_sentence_at(own, hedge.start()))
               for hedge in last_word.PUT_OFF.finditer(own, clause_end.end()))


def _sentence_at(text: str, at: int) -> str:
    """The sentence holding the character at `at`."""
    start = max(text.rfind(mark, 0, at) for mark in ".!?;") + 1
    ends = [e for e in (text.find(mark, at) for mark in ".!?;") if e >= 0]
    return text[start:min(ends) if ends else len(text)]


def _a_slip_of(typed: str, word: str) -> bool:
    """`typed` is `word` (five letters or more) with one letter dropped or two neighbouring letters swapped."""
    if len(word) < 5 or typed == word:
        return False
    if len(typed) == len(word) - 1:
        return any(word[:i] + word[i + 1:] == typed for i in range(len(word)))
    return len(typed) == len(word) and any(
        word[:i] + word[i + 1] + word[i] + word[i + 2:] == typed for i in range(len(word) - 1))


def _naming_stems(checklist: Checklist, spec: Fact) -> set[str]:
    """The stems of the words that name a yes/no fact: its name's own words, less those another fact's name shares
    ("ride" of "shared_ride" is every ride's, so "I need a ride" names no sharing), all of them where none is left."""
    stems = {stem(w) for w in fact_words(spec)}
    others = {s for name, other in profile(checklist).facts.items() if name != spec.name for s in other.name_stems}
    return (stems - others) or stems


_FUNCTION_WORDS = frozenset({"the", "a", "an", "of", "to", "in", "on", "for", "or", "and", "is", "has", "with",
                             "number", "user", "whether", "name", "type"})


def value_forms(value: str) -> set[str]:
    """How a customer may say a vocabulary word: its words, singular or plural, a number as a word."""
    base = skeleton(value.replace("_", " "))
    forms = {base, base.rstrip("s") if len(base) > 3 else base, base + "s"}
    if base.isdigit() and int(base) < len(SMALL_NUMBER_WORDS):
        forms.add(SMALL_NUMBER_WORDS[int(base)])
    return {f for f in forms if f}


def fact_words(spec: Fact) -> set[str]:
    """The content words of a fact's name ("has_live_music" -> live, music)."""
    words = set(skeleton(spec.name.replace("_", " ")).split())
    return {w for w in words if w not in _FUNCTION_WORDS and len(w) > 2}


def check(checklist: Checklist, intent: str, lines: tuple[Line, ...], extraction: Extraction) -> Verdict:
    if extraction.status in FAILED_STATUSES:
        return Verdict({}, (Finding(extraction.status),))
    accepted: dict[str, str] = {}
    findings: list[Finding] = []
    lines = readable(lines)  # once for every value below (`check_value` finds them already readable)
    if extraction.intent is not None and extraction.intent != intent:
        # Checked like a closed value: one of the schema's intents, and the one the turn works on.
        # The facts still pass on their own; the turn will not stop on this answer.
        code = INTENT_DISAGREES if extraction.intent in checklist.intents else UNKNOWN_INTENT
        findings.append(Finding(code, None, extraction.intent))
    readings: dict[str, str] = {}  # what the reply read, where nothing but this checklist's list refuses it
    for fact, value in extraction.collected.items():
        kept, found = check_value(checklist, intent, fact, value, lines)
        findings += found
        if kept is not None:
            accepted[fact] = kept
        if kept is not None or [f.code for f in found] == [UNKNOWN_FACT]:
            readings[fact] = trim_edges(str(value))
    for fact in one_mention_two_facts(checklist, intent, lines, accepted, readings):
        # "I'm going to London" as origin and destination, "Drama" as genre and movie name: one mention, one fact
        findings.append(Finding(VALUE_NOT_STATED, fact, extraction.collected[fact]))
        del accepted[fact]
    return Verdict(accepted, tuple(findings))


def extraction_from_reply(raw_reply: str | None, finish_reason: str | None = None,
                          error: str | None = None) -> Extraction:
    """Read a provider's raw reply into an extraction with the status the contract keeps.

    An error is `provider_error`; a reply that does not parse is `cut_at_ceiling` when the
    output ceiling was hit, `empty_reply` when blank, else `unparseable`. A reply that parses
    in full is accepted even at the ceiling: nothing of it was cut.
    """
    if error:
        return Extraction({}, status=PROVIDER_ERROR, raw_reply=raw_reply, notes=error)
    parsed = parse(raw_reply)
    if parsed is not None:
        collected, notes = parsed
        return Extraction(collected, raw_reply=raw_reply, notes=notes, intent=parse_intent(raw_reply))
    if finish_reason in CEILING_REASONS:
        return Extraction({}, status=CUT_AT_CEILING, raw_reply=raw_reply)
    if raw_reply is None or not raw_reply.strip():
        return Extraction({}, status=EMPTY_REPLY, raw_reply=raw_reply)
    return Extraction({}, status=UNPARSEABLE, raw_reply=raw_reply)


def count_codes(codes: Iterable[str]) -> dict[str, int]:
    """How often each code fired (every code listed, zeros included): the one count of codes."""
    counts = dict.fromkeys(ALL_CODES, 0)
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    return counts


def code_counts(verdicts: Iterable[Verdict]) -> dict[str, int]:
    """How often each code fired over a set of verdicts (every code listed, zeros included)."""
    return count_codes(code for verdict in verdicts for code in verdict.codes)


def check_mapping(checklist: Checklist, intent: str, lines: tuple[Line, ...], collected: Mapping[str, str]) -> Verdict:
    """The contract over a plain answer (fixtures, gold values)."""
    return check(checklist, intent, lines, Extraction(collected=dict(collected)))
