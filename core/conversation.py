"""A live chat session: the lines so far, the intent, carried facts and the failed streak.

Every turn goes through `core.turn.take_turn`; this module only keeps the state between
turns, detects the intent from the first customer message, replays a real corpus dialogue
with gold beside each turn, and exports the transcript. No streamlit here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from core.checklist import Checklist
from core.corpus import AGENT, CUSTOMER, Case, Corpus, Line
from core.extraction import Extractor
from core.extractors.offline import extract_facts
from core.grade import CaseGrade, grade_case
from core.limits import check_message
from core.turn import TurnResult, take_turn

_STOPWORDS = frozenset((
    "a", "an", "the", "to", "of", "in", "on", "for", "from", "and", "or", "my", "i", "me", "we", "you", "your",
    "user", "users", "s", "is", "are", "be", "it", "this", "that", "with", "want", "would", "like", "please",
    "can", "could", "some",
))


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _terms(text: str) -> set[str]:
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)  # CheckBalance -> Check Balance
    return {_stem(w) for w in re.findall(r"[a-z]+", spaced.lower()) if w not in _STOPWORDS}


def intent_scores(checklist: Checklist, text: str) -> dict[str, int]:
    """How strongly a message points at each intent: shared words with the intent's name and
    description, plus the intent's required facts the message already states."""
    said = _terms(text)
    line = (Line(CUSTOMER, text),)
    scores = {}
    for name, intent in checklist.intents.items():
        overlap = len(said & _terms(f"{name} {intent.description}"))
        facts = len(extract_facts(checklist, name, line))
        scores[name] = 2 * overlap + facts
    return scores


def detect_intent(checklist: Checklist, text: str) -> str:
    """The best-scoring intent; on a tie, the earlier one in the checklist."""
    scores = intent_scores(checklist, text)
    return max(checklist.intents, key=lambda name: scores[name])


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
    intent: str | None = None
    intent_detected: bool = False
    lines: list[Line] = field(default_factory=list)
    carried: dict[str, str] = field(default_factory=dict)
    failed_streak: int = 0
    turns: list[Turn] = field(default_factory=list)
    script: list[Case] = field(default_factory=list)  # the corpus cases left to replay
    dialogue_id: str | None = None

    @classmethod
    def replaying(cls, corpus: Corpus, dialogue_id: str, extractor: Extractor) -> Conversation:
        cases = sorted((c for c in corpus.cases if c.dialogue_id == dialogue_id), key=lambda c: c.turn_index)
        if not cases:
            raise ValueError(f"dialogue {dialogue_id!r} yields no case of {corpus.service}")
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
            raise ValueError("an empty message is not a turn")
        check_message(text)  # refused before it joins the conversation, so later turns still work
        if self.replay:
            raise ValueError("this conversation replays a corpus dialogue: use step()")
        if self.intent is None:
            self.intent = detect_intent(self.checklist, text)
            self.intent_detected = True
        self.lines.append(Line(CUSTOMER, text))
        result = self._take(tuple(self.lines))
        if result.next_question:
            self.lines.append(Line(AGENT, result.next_question, tuple(result.missing[:1])))
        self.turns.append(Turn(customer=text, result=result))
        return result

    def step(self) -> Turn:
        """Replay the next customer turn of the corpus dialogue, graded against its gold."""
        if not self.script:
            raise ValueError("the replay has no turn left")
        case = self.script.pop(0)
        self.intent = case.intent
        self.lines = list(case.lines)
        result = self._take(case.lines, case_id=case.case_id)
        grade = grade_case(self.checklist, case, result.collected, result.decision)
        following = self.script[0].lines[len(case.lines)] if self.script else None
        turn = Turn(customer=case.lines[-1].text, result=result, gold={k: list(v) for k, v in case.gold.items()},
                    gold_decision=case.gold_decision, grade=grade,
                    corpus_agent=following.text if following and following.speaker == AGENT else None)
        self.turns.append(turn)
        return turn

    def _take(self, lines: tuple[Line, ...], case_id: str | None = None) -> TurnResult:
        assert self.intent is not None
        result = take_turn(self.checklist, self.intent, lines, self.extractor, carried=self.carried,
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
