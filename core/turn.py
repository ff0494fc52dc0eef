"""One turn: extract -> contract -> decide by set difference -> next question.

The model (or the offline tier) only reports facts. `stop` comes from
`Checklist.missing()` being empty; a failed extraction can only ever lead to `ask`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from core.checklist import Checklist, decide
from core.contract import Verdict, check
from core.corpus import Line
from core.extraction import Extraction, ExtractionRequest, Extractor
from core.limits import check_lines

ESCALATE_AFTER = 2  # unparsed replies in a row before the next question offers a person
ESCALATION = "I'm having trouble reading your answers, so I can connect you to a person if you prefer. Otherwise: "
CONFIRM = "Are the details collected so far correct?"


@dataclass
class TurnResult:
    intent: str
    collected: dict[str, str]
    missing: list[str]
    decision: str
    next_question: str | None
    escalated: bool
    extraction: Extraction
    verdict: Verdict
    failed_streak: int
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def codes(self) -> list[str]:
        return self.verdict.codes


_OF_THE_USER = re.compile(r"^(?:the|a|an)\s+(.+?)\s+of\s+the\s+user$", re.IGNORECASE)
_THE_USERS = re.compile(r"\bthe user's\b", re.IGNORECASE)


def _sentence(description: str) -> str:
    """A schema description, said to the customer: "The account type of the user" -> "your account type"."""
    text = description.strip().rstrip(".")
    text = _OF_THE_USER.sub(r"your \1", text)
    text = _THE_USERS.sub("your", text)
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def next_question(checklist: Checklist, intent: str, missing: list[str], escalate: bool = False) -> str | None:
    """A question for the first missing fact, worded from its own description."""
    if not missing:
        return None
    fact = checklist.facts[missing[0]]
    question = f"Could you tell me {_sentence(fact.description) or fact.name.replace('_', ' ')}?"
    if fact.allowed:
        options = [v.replace("_", " ") for v in fact.allowed]
        choices = ", ".join(options[:-1]) + f" or {options[-1]}" if len(options) > 1 else options[0]
        question = question[:-1] + f" ({choices})?"
    if len(missing) > 1:
        question += f" I will also need {len(missing) - 1} more detail{'s' if len(missing) > 2 else ''} after that."
    return ESCALATION + question if escalate else question


def take_turn(
    checklist: Checklist,
    intent: str,
    lines: tuple[Line, ...],
    extractor: Extractor,
    carried: Mapping[str, str] | None = None,
    failed_before: int = 0,
    case_id: str | None = None,
) -> TurnResult:
    check_lines(lines)  # an oversize customer message is refused before anything is sent
    timings: dict[str, float] = {}
    started = time.perf_counter()
    extraction = extractor.extract(
        ExtractionRequest(checklist=checklist, intent=intent, lines=lines, carried=carried, case_id=case_id)
    )
    timings.update(extraction.timings_ms)
    timings["extract_total"] = (time.perf_counter() - started) * 1000

    mark = time.perf_counter()
    verdict = check(checklist, intent, lines, extraction)
    timings["contract"] = (time.perf_counter() - mark) * 1000

    mark = time.perf_counter()
    collected = {**{k: v for k, v in (carried or {}).items() if k in checklist.required(intent)}, **verdict.accepted}
    missing = checklist.missing(intent, collected)
    # A failed extraction never stops, even if carried facts would fill the checklist.
    decision = "ask" if extraction.failed else decide(checklist, intent, collected)
    streak = failed_before + 1 if extraction.failed else 0
    escalated = streak >= ESCALATE_AFTER
    question = next_question(checklist, intent, missing, escalate=escalated)
    if decision == "ask" and question is None:
        # Everything was carried, but this reply could not be read: confirm rather than stop.
        question = (ESCALATION if escalated else "I could not read your last message. ") + CONFIRM
    timings["decide"] = (time.perf_counter() - mark) * 1000
    return TurnResult(
        intent=intent,
        collected=collected,
        missing=missing,
        decision=decision,
        next_question=question,
        escalated=escalated,
        extraction=extraction,
        verdict=verdict,
        failed_streak=streak,
        timings_ms=timings,
    )
