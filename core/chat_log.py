"""Dashboard conversations kept in the store (table `conversations`), reopened without a model call,
and written out as a test case in the bring-your-own transcripts format (README "Your own checklist
and transcripts").

A conversation is kept as what each turn's extractor reported; reopening feeds those extractions back
through the same turn logic, so the checklist, the decisions and the questions come back exactly and no
provider is called again. The tier's own extractor answers every turn said after that.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pandas as pd

from core import queries
from core.conversation import Conversation
from core.extraction import Extraction, ExtractionRequest, Extractor
from core.intent import PERSON
from core.store import Store


def new_id() -> str:
    return "c-" + uuid.uuid4().hex[:10]


def _turns(conversation: Conversation) -> list[dict]:
    return [{"customer": t.customer, "picked": t.result.reading.intent if t.result.reading is not None
             and t.result.reading.source == PERSON else None,
             "collected": t.result.extraction.collected, "status": t.result.extraction.status,
             "raw_reply": t.result.extraction.raw_reply, "prompt": t.result.extraction.prompt,
             "notes": t.result.extraction.notes} for t in conversation.turns]


def save(store: Store, conversation_id: str, conversation: Conversation, picked_intent: str | None) -> None:
    """Write (or overwrite) one conversation, through the store's one scrubber (no key is ever kept)."""
    if store.read_only:
        raise PermissionError("the store is read-only, so the conversation is not kept")
    now = datetime.now(UTC).replace(tzinfo=None)
    body = store.clean(json.dumps(_turns(conversation), ensure_ascii=False))
    with store.connect() as db:
        queries.save_conversation(db, conversation_id, conversation.checklist.service, conversation.extractor.tier,
                                  picked_intent, conversation.done, body, now)


def listing(store: Store, limit: int = 50) -> pd.DataFrame:
    """The newest conversations: id, service, tier, turns, whether it ended, the first message, last change."""
    with store.connect() as db:
        return queries.conversations(db, limit)


def load(store: Store, conversation_id: str) -> dict | None:
    with store.connect() as db:
        frame = queries.conversation(db, conversation_id)
    if frame.empty:
        return None
    row = frame.iloc[0].to_dict()
    row["turns"] = json.loads(row["turns"] or "[]")
    row["intent"] = row["intent"] if isinstance(row["intent"], str) else None
    return row


@dataclass
class RecordedExtractor:
    """Serves the recorded extractions in order, then hands over to the tier's own extractor."""

    then: Extractor
    recorded: list[Extraction] = field(default_factory=list)

    @property
    def tier(self) -> str:
        return self.then.tier

    @property
    def kind(self) -> str:
        return self.then.kind

    def extract(self, request: ExtractionRequest) -> Extraction:
        return self.recorded.pop(0) if self.recorded else self.then.extract(request)


def reopen(row: dict, conversation: Conversation) -> Conversation:
    """Say the recorded turns again into `conversation` (a fresh one on the same checklist and tier)."""
    real = conversation.extractor
    conversation.extractor = RecordedExtractor(real, [
        Extraction(collected=dict(t.get("collected") or {}), status=t.get("status") or "ok",
                   raw_reply=t.get("raw_reply"), prompt=t.get("prompt"), notes=t.get("notes") or "")
        for t in row["turns"]])
    for turn in row["turns"]:
        if turn.get("picked") != conversation.picked:  # the person changed the intent before this turn
            conversation.set_intent(turn.get("picked"))
        conversation.say(turn["customer"])
    conversation.extractor = real
    return conversation


def as_test_case(conversation: Conversation, case_id: str) -> str:
    """The conversation as one line of `transcripts.jsonl`: each customer turn with the intent and the facts
    established after it, each question with the fact it asked for."""
    turns: list[dict] = []
    for turn in conversation.turns:
        result = turn.result
        turns.append({"speaker": "customer", "text": turn.customer, "intent": result.intent,
                      "facts": {name: [value] for name, value in result.collected.items()}})
        if result.next_question:
            turns.append({"speaker": "agent", "text": result.next_question, "asks": list(result.missing[:1])})
    return json.dumps({"id": case_id, "turns": turns}, ensure_ascii=False)
