"""One turn: read the intent -> extract -> contract -> decide by set difference -> next question.

The model (or the offline tier) only reports facts. `stop` comes from `Checklist.missing()`
being empty, and only on an intent that is settled (given, picked by a person, or read from
the conversation with a clear margin); a failed extraction, an unsettled intent or a model
that names another intent can only ever lead to `ask`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from core.case import readable
from core.checklist import Checklist, decide
from core.contract import INTENT_DISAGREES, UNKNOWN_INTENT, Verdict, check
from core.corpus import Line
from core.extraction import Extraction, ExtractionRequest, Extractor
from core.intent import PREDICTED, IntentReading, candidates_question, finished_before, fixed, read_intent
from core.limits import check_lines
from core.wording import describe

ESCALATE_AFTER = 2  # unparsed replies in a row before the next question offers a person
ESCALATION = "I'm having trouble reading your answers, so I can connect you to a person if you prefer. Otherwise: "
CONFIRM = "Are the details collected so far correct?"


@dataclass
class TurnResult:
    intent: str | None
    collected: dict[str, str]
    missing: list[str]
    decision: str
    next_question: str | None
    escalated: bool
    extraction: Extraction
    verdict: Verdict
    failed_streak: int
    timings_ms: dict[str, float] = field(default_factory=dict)
    reading: IntentReading | None = None

    @property
    def intent_settled(self) -> bool:
        return self.reading is None or self.reading.settled

    @property
    def intent_confidence(self) -> float:
        return 1.0 if self.reading is None else self.reading.confidence

    @property
    def intent_candidates(self) -> tuple[tuple[str, float], ...]:
        return () if self.reading is None else self.reading.candidates

    @property
    def codes(self) -> list[str]:
        return self.verdict.codes


def next_question(checklist: Checklist, intent: str, missing: list[str], escalate: bool = False) -> str | None:
    """A question for the first missing fact, worded from its own description."""
    if not missing:
        return None
    fact = checklist.facts[missing[0]]
    question = f"Could you tell me {describe(fact.description) or fact.name.replace('_', ' ')}?"
    if fact.allowed:
        options = [v.replace("_", " ") for v in fact.allowed]
        choices = ", ".join(options[:-1]) + f" or {options[-1]}" if len(options) > 1 else options[0]
        question = question[:-1] + f" ({choices})?"
    if len(missing) > 1:
        question += f" I will also need {len(missing) - 1} more detail{'s' if len(missing) > 2 else ''} after that."
    return ESCALATION + question if escalate else question


@dataclass
class PendingTurn:
    """A turn up to its extraction: what to ask the extractor, and what the turn knew before."""

    checklist: Checklist
    reading: IntentReading
    request: ExtractionRequest
    carried: Mapping[str, str] | None
    failed_before: int
    timings: dict[str, float]


def take_turn(
    checklist: Checklist,
    intent: str | IntentReading | None,
    lines: tuple[Line, ...],
    extractor: Extractor,
    carried: Mapping[str, str] | None = None,
    failed_before: int = 0,
    case_id: str | None = None,
) -> TurnResult:
    """`intent` is a name (given: gold, or a test), a reading (a person's pick), or None: read it here."""
    pending = begin_turn(checklist, intent, lines, carried, failed_before, case_id)
    if isinstance(pending, TurnResult):
        return pending
    mark = time.perf_counter()
    extraction = extractor.extract(pending.request)
    return end_turn(pending, extraction, (time.perf_counter() - mark) * 1000)


def begin_turn(
    checklist: Checklist,
    intent: str | IntentReading | None,
    lines: tuple[Line, ...],
    carried: Mapping[str, str] | None = None,
    failed_before: int = 0,
    case_id: str | None = None,
) -> PendingTurn | TurnResult:
    """The turn before its extraction (a runner on an event loop awaits the extraction between
    this and end_turn): a finished TurnResult when no intent is established yet."""
    check_lines(lines)  # an oversize customer message is refused before anything is sent
    lines = readable(lines)  # what nobody sees is not read: "n\u200bot okay" is "not okay"
    timings: dict[str, float] = {}
    started = time.perf_counter()
    if isinstance(intent, IntentReading):
        reading = intent
    else:
        reading = fixed(checklist, intent) if intent is not None else read_intent(checklist, lines)
        if (reading.settled and reading.intent is not None and reading.source == PREDICTED
                and finished_before(checklist, reading.intent, lines)):
            # Read, not given: a checklist already complete before this line was that task's end, so
            # this line starts another task; ask which rather than stop again on the old one.
            reading = replace(reading, settled=False)
    timings["intent"] = (time.perf_counter() - started) * 1000
    if reading.intent is None:
        return _no_intent_yet(checklist, reading, timings)
    request = ExtractionRequest(checklist=checklist, intent=reading.intent, lines=lines, carried=carried,
                                case_id=case_id)
    return PendingTurn(checklist, reading, request, carried, failed_before, timings)


def end_turn(pending: PendingTurn, extraction: Extraction, extract_ms: float) -> TurnResult:
    """The turn after its extraction: contract, decision by set difference, next question."""
    checklist, reading, carried, timings = pending.checklist, pending.reading, pending.carried, pending.timings
    name = pending.request.intent  # settle() below may unsettle the reading, never change its intent
    lines = pending.request.lines
    timings.update(extraction.timings_ms)
    timings["extract_total"] = extract_ms

    mark = time.perf_counter()
    verdict = check(checklist, name, lines, extraction)
    reading = settle(reading, extraction, verdict)
    timings["contract"] = (time.perf_counter() - mark) * 1000

    mark = time.perf_counter()
    required = checklist.required(name)
    # A fact carried from an earlier turn was an earlier reply's claim: it stands only while the conversation
    # still backs it ("Send $50 to Bob." - "Wait, not Bob." takes Bob back), like any value reported now.
    # (a value this turn's reply reported too was checked just now, one value at a time: not again)
    checked = {} if extraction.failed else extraction.collected
    earlier = {k: v for k, v in (carried or {}).items()
               if k in required and k not in verdict.accepted and checked.get(k) != v}
    kept = check(checklist, name, lines, Extraction(collected=earlier)).accepted if earlier else {}
    collected = {**kept, **verdict.accepted}
    missing = checklist.missing(name, collected)
    # A failed extraction never stops, even if carried facts would fill the checklist; nor does an
    # intent the conversation has not clearly established.
    decision = "ask" if extraction.failed or not reading.settled else decide(checklist, name, collected)
    streak = pending.failed_before + 1 if extraction.failed else 0
    escalated = streak >= ESCALATE_AFTER
    if not reading.settled and not extraction.failed:
        question: str | None = candidates_question(checklist, reading)
    else:
        question = next_question(checklist, name, missing, escalate=escalated)
    if decision == "ask" and question is None:
        # Everything was carried, but this reply could not be read: confirm rather than stop.
        question = (ESCALATION if escalated else "I could not read your last message. ") + CONFIRM
    timings["decide"] = (time.perf_counter() - mark) * 1000
    return TurnResult(
        intent=reading.intent,
        collected=collected,
        missing=missing,
        decision=decision,
        next_question=question,
        escalated=escalated,
        extraction=extraction,
        verdict=verdict,
        failed_streak=streak,
        timings_ms=timings,
        reading=reading,
    )


def settle(reading: IntentReading, extraction: Extraction, verdict: Verdict) -> IntentReading:
    """The reading after the extractor's own answer on the intent (model tiers report one).

    A model that names another intent, or one the schema lacks, unsettles the turn; a model that
    names the reading's best candidate settles it only when the customer's words already point
    there. The model alone never settles an intent.
    """
    codes = set(verdict.codes)
    if codes & {UNKNOWN_INTENT, INTENT_DISAGREES}:
        return replace(reading, settled=False)
    if not reading.settled and extraction.intent == reading.intent and reading.confidence > 0.5:
        return replace(reading, settled=True)
    return reading


def _no_intent_yet(checklist: Checklist, reading: IntentReading, timings: dict[str, float]) -> TurnResult:
    """Nothing in the conversation points at an intent yet: no extraction, ask which one."""
    extraction = Extraction(collected={}, notes="no intent established yet")
    return TurnResult(intent=None, collected={}, missing=[], decision="ask",
                      next_question=candidates_question(checklist, reading), escalated=False, extraction=extraction,
                      verdict=Verdict({}, ()), failed_streak=0, timings_ms=timings, reading=reading)
