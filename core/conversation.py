"""A live chat session: the lines so far, the intent, carried facts and the failed streak.

Every turn goes through `core.turn.take_turn`; this module only keeps the state between
turns (the intent is re-read from the whole conversation on every customer turn unless the
person picked one, `set_intent`), replays a real corpus dialogue with gold beside each turn,
and exports the transcript. No streamlit here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from core.case import AGENT, CUSTOMER, Case, Line
from core.checklist import Checklist
from core.corpus import Corpus
from core.errors import UsageError
from core.extraction import Extractor
from core.grade import CaseGrade, grade_case
from core.intent import PERSON, IntentReading, fixed
from core.limits import check_message
from core.turn import TurnResult, take_turn


@dataclass
class Turn:
    """One customer message and what the product did with it (and, in a replay, the gold)."""

    customer: str
    result: TurnResult
    gold: dict[str, list[str]] | None = None
    gold_decision: str | None = None
    grade: CaseGrade | None = None
    corpus_agent: str | None = None  # the corpus agent's own next line, in a replay

    def to_json(self) -> dict:
        extraction = self.result.extraction
        calls = extraction.calls
        body = {
            "customer": self.customer,
            "intent": self.result.intent,
            "intent_reading": self.result.reading.to_json() if self.result.reading else None,
            "decision": self.result.decision,
            "collected": self.result.collected,
            "missing": self.result.missing,
            "next_question": self.result.next_question,
            "escalated": self.result.escalated,
            "status": extraction.status,
            "codes": self.result.codes,
            "prompt": extraction.prompt,
            "raw_reply": extraction.raw_reply,
            "input_tokens": sum(c.input_tokens or 0 for c in calls) if calls else None,
            "output_tokens": sum(c.output_tokens or 0 for c in calls) if calls else None,
            "latency_ms": round(self.result.timings_ms.get("extract_total", 0.0), 2),
        }
        if self.gold is not None:
            body |= {"gold": self.gold, "gold_decision": self.gold_decision,
                     "outcomes": dict(self.grade.outcomes) if self.grade else None,
                     "decision_correct": self.grade.decision_correct if self.grade else None}
        return body


@dataclass
class Conversation:
    """One chat. `say()` for a person typing; `step()` for a corpus dialogue being replayed."""

    checklist: Checklist
    extractor: Extractor
    intent: str | None = None  # a name given at the start is the person's pick, kept until changed
    intent_detected: bool = False  # the intent shown was read from the conversation, not picked
    lines: list[Line] = field(default_factory=list)
    carried: dict[str, str] = field(default_factory=dict)
    failed_streak: int = 0
    turns: list[Turn] = field(default_factory=list)
    script: list[Case] = field(default_factory=list)  # the corpus cases left to replay
    dialogue_id: str | None = None
    picked: str | None = None  # the intent the person chose; None: read it every turn

    def __post_init__(self) -> None:
        if self.intent is not None and self.picked is None and self.dialogue_id is None:
            self.picked = self.intent

    def set_intent(self, name: str | None) -> None:
        """The person picks an intent (None: read it from the conversation again).

        The checklist moves to that intent at once, keeping the facts both intents share.
        """
        if name is not None:
            self.checklist.intent(name)  # an unknown name is an error
        self.picked = name
        if name is not None:
            self.intent, self.intent_detected = name, False
            required = self.checklist.required(name)
            self.carried = {k: v for k, v in self.carried.items() if k in required}

    @classmethod
    def replaying(cls, corpus: Corpus, dialogue_id: str, extractor: Extractor) -> Conversation:
        cases = sorted((c for c in corpus.cases if c.dialogue_id == dialogue_id), key=lambda c: c.turn_index)
        if not cases:
            raise UsageError(f"dialogue {dialogue_id!r} yields no case of {corpus.service}")
        return cls(checklist=corpus.checklist, extractor=extractor, script=cases, dialogue_id=dialogue_id)

    @property
    def done(self) -> bool:
        """A live chat is done when it stopped; a replay when its script ran out."""
        if self.dialogue_id is not None:
            return not self.script
        return bool(self.turns) and self.turns[-1].result.decision == "stop"

    @property
    def replay(self) -> bool:
        return self.dialogue_id is not None

    def say(self, text: str) -> TurnResult:
        """The customer says `text`; returns the product's turn (checklist, decision, next question)."""
        text = text.strip()
        if not text:
            raise UsageError("an empty message is not a turn")
        check_message(text)  # refused before it joins the conversation, so later turns still work
        if self.replay:
            raise UsageError("this conversation replays a corpus dialogue: use step()")
        self.lines.append(Line(CUSTOMER, text))
        reading = fixed(self.checklist, self.picked, PERSON) if self.picked else None
        result = self._take(tuple(self.lines), reading=reading)
        self.intent, self.intent_detected = result.intent, self.picked is None
        if result.next_question:
            asks = tuple(result.missing[:1]) if result.intent_settled else ()
            self.lines.append(Line(AGENT, result.next_question, asks))
        self.turns.append(Turn(customer=text, result=result))
        return result

    def step(self) -> Turn:
        """Replay the next customer turn of the corpus dialogue, graded against its gold."""
        if not self.script:
            raise UsageError("the replay has no turn left")
        case = self.script.pop(0)
        self.intent = case.intent
        self.lines = list(case.lines)
        result = self._take(case.lines, case_id=case.case_id, reading=fixed(self.checklist, case.intent))
        grade = grade_case(self.checklist, case, result.collected, result.decision)
        following = self.script[0].lines[len(case.lines)] if self.script else None
        turn = Turn(customer=case.lines[-1].text, result=result, gold={k: list(v) for k, v in case.gold.items()},
                    gold_decision=case.gold_decision, grade=grade,
                    corpus_agent=following.text if following and following.speaker == AGENT else None)
        self.turns.append(turn)
        return turn

    def _take(self, lines: tuple[Line, ...], case_id: str | None = None,
              reading: IntentReading | None = None) -> TurnResult:
        result = take_turn(self.checklist, reading, lines, self.extractor, carried=self.carried,
                           failed_before=self.failed_streak, case_id=case_id)
        self.carried = dict(result.collected)
        self.failed_streak = result.failed_streak
        return result

    # --- export -------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "service": self.checklist.service,
            "tier": self.extractor.tier,
            "tier_kind": self.extractor.kind,
            "intent": self.intent,
            "intent_detected": self.intent_detected,
            "replay_of": self.dialogue_id,
            "turns": [t.to_json() for t in self.turns],
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2)

    def to_markdown(self) -> str:
        kind = self.extractor.kind
        label = f" ({kind})" if kind in ("simulated", "replay") else ""
        out = [f"# Chat Intake transcript: {self.checklist.service}",
               f"Tier: {self.extractor.tier}{label}. Intent: {self.intent or 'not yet known'}"
               + (" (detected)" if self.intent_detected else "")
               + (f". Replay of corpus dialogue {self.dialogue_id}." if self.dialogue_id else "."), ""]
        for number, turn in enumerate(self.turns, start=1):
            res = turn.result
            out.append(f"**Customer {number}:** {turn.customer}")
            collected = ", ".join(f"{k}={v}" for k, v in res.collected.items()) or "nothing"
            out.append(f"- decision: **{res.decision}**; collected: {collected}; missing: "
                       f"{', '.join(res.missing) or 'nothing'}")
            if res.codes:
                out.append(f"- contract codes: {', '.join(res.codes)}")
            if turn.gold is not None:
                gold = ", ".join(f"{k}={'|'.join(v)}" for k, v in turn.gold.items()) or "nothing"
                out.append(f"- gold: decision {turn.gold_decision}; facts {gold}")
            if res.next_question:
                out.append(f"\n**Agent:** {res.next_question}")
            out.append("")
        return "\n".join(out)
