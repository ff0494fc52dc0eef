"""Bring your own intake: a checklist and transcripts in a small documented format.

    my-intake/
      checklist.json      one service in the SGD schema shape (service_name, slots, intents)
      transcripts.jsonl   one conversation per line

A transcript line: {"id": "...", "turns": [...]} where each turn is
{"speaker": "agent", "text": "...", "asks": ["fact", ...]} or
{"speaker": "customer", "text": "...", "intent": "IntentName", "facts": {"fact": ["accepted", "values"]}}.
`facts` is what had been established after that customer turn, written before anybody saw an
extractor's answer: that record is what makes the grade worth anything. Transcripts are turned
into SGD-shaped dialogues so the one case builder serves both.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from core.checklist import Checklist
from core.sgd_source import CorpusError, read_json

CHECKLIST_FILE = "checklist.json"
TRANSCRIPTS_FILE = "transcripts.jsonl"


def is_custom(folder: str | os.PathLike | None) -> bool:
    return folder is not None and bool(str(folder)) and (Path(folder) / CHECKLIST_FILE).exists()


def load_checklist_entry(folder: Path) -> dict:
    entry = read_json(folder / CHECKLIST_FILE)
    if not isinstance(entry, dict):
        raise CorpusError(f"{folder / CHECKLIST_FILE} must hold one service object")
    try:
        Checklist.from_schema(entry)
    except ValueError as exc:
        raise CorpusError(f"{folder / CHECKLIST_FILE}: {exc}") from exc
    return entry


def _sgd_turn(turn: object, service: str, where: str) -> dict:
    if not isinstance(turn, dict):
        raise CorpusError(f"{where}: each turn must be an object")
    speaker = turn.get("speaker")
    if speaker not in ("agent", "customer") or not isinstance(turn.get("text"), str):
        raise CorpusError(f"{where}: each turn needs speaker agent|customer and a text")
    if speaker == "agent":
        actions = [{"act": "REQUEST", "slot": slot} for slot in turn.get("asks", [])]
        return {"speaker": "SYSTEM", "utterance": turn["text"], "frames": [{"service": service, "actions": actions}]}
    facts = turn.get("facts", {})
    if not isinstance(facts, dict) or not all(isinstance(v, list) for v in facts.values()):
        raise CorpusError(f"{where}: facts must map each fact to a list of accepted values")
    state = {"active_intent": turn.get("intent", "NONE"), "slot_values": facts}
    return {"speaker": "USER", "utterance": turn["text"], "frames": [{"service": service, "state": state}]}


def load_dialogues(folder: Path, service: str) -> list[dict]:
    path = folder / TRANSCRIPTS_FILE
    if not path.exists():
        raise CorpusError(f"{path} is missing")
    dialogues = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip():
            continue
        where = f"{path.name} line {number}"
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise CorpusError(f"{where} is not valid JSON: {exc.msg}") from exc
        if not isinstance(record, dict) or not isinstance(record.get("turns"), list) or "id" not in record:
            raise CorpusError(f"{where}: a transcript needs an id and a list of turns")
        turns = [_sgd_turn(t, service, where) for t in record["turns"]]
        dialogues.append({"dialogue_id": str(record["id"]), "services": [service], "turns": turns})
    return dialogues
