"""SGD dialogues -> cases: one customer turn of one dialogue for one service.

A case holds the conversation prefix up to and including that turn, the active intent,
the gold slot values SGD recorded for it, and whether its checklist is complete.
Two segment modes: `dialogue` (seed-faithful: a dialogue ends at the first turn whose
checklist fills) and `intent` (each intent ends at the turn its own checklist fills).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

# The small shared types live in core/case.py; they are re-exported here so `from core.corpus import
# Line` keeps working.
from core import config
from core.case import AGENT as AGENT
from core.case import CUSTOMER as CUSTOMER
from core.case import HELD_OUT_SHARE as HELD_OUT_SHARE
from core.case import Case as Case
from core.case import Line as Line
from core.case import case_set_fingerprint as case_set_fingerprint
from core.case import is_held_out as is_held_out
from core.case import rename_case as rename_case
from core.checklist import Checklist
from core.custom_corpus import is_custom, load_checklist_entry, load_dialogues
from core.errors import UsageError
from core.sgd_source import SPLITS, CorpusError, iter_dialogues, locate, shard_signature

SEGMENTS = ("dialogue", "intent")
SPLIT_NAMES = ("held-out", "sample", "all")


@dataclass
class Corpus:
    """The cases of one service, with how they were built."""

    service: str
    split: str
    source: str
    segment: str
    checklist: Checklist
    cases: list[Case]
    dialogues: int
    dropped_turns: int
    schema_variant: str | None = None
    notes: list[str] = field(default_factory=list)

    def select(self, split: str = "all", limit: int | None = None) -> list[Case]:
        if split not in SPLIT_NAMES:
            raise UsageError(f"unknown split {split!r}; choose one of {', '.join(SPLIT_NAMES)}")
        if limit is not None and limit < 1:
            raise UsageError(f"a limit must be at least 1 case, not {limit}")
        chosen = [
            c for c in self.cases if split == "all" or (c.held_out if split == "held-out" else not c.held_out)
        ]
        return chosen[:limit] if limit is not None else chosen

    def stats(self) -> dict:
        held = [c for c in self.cases if c.held_out]
        return {
            "service": self.service,
            "sgd_split": self.split,
            "segment": self.segment,
            "schema_variant": self.schema_variant,
            "dialogues": self.dialogues,
            "cases": len(self.cases),
            "stop": sum(c.complete for c in self.cases),
            "ask": sum(not c.complete for c in self.cases),
            "held_out": len(held),
            "held_out_stop": sum(c.complete for c in held),
            "held_out_ask": sum(not c.complete for c in held),
            "sample": len(self.cases) - len(held),
            "dropped_turns": self.dropped_turns,
            "intents": {i: sum(c.intent == i for c in self.cases) for i in self.checklist.intents},
        }


def cases_from_dialogue(dialogue: Mapping, service: str, checklist: Checklist, segment: str) -> tuple[list[Case], int]:
    """The cases one dialogue yields for one service, and how many later turns were dropped."""
    if segment not in SEGMENTS:
        raise UsageError(f"unknown segment mode {segment!r}; choose one of {', '.join(SEGMENTS)}")
    lines: list[Line] = []
    cases: list[Case] = []
    filled: set[str] = set()  # intents whose checklist already filled
    dialogue_done = False
    dropped = 0
    dialogue_id = dialogue["dialogue_id"]
    for index, turn in enumerate(dialogue["turns"]):
        frame = next((f for f in turn.get("frames", ()) if f.get("service") == service), None)
        if turn.get("speaker") == "SYSTEM":
            asks = ()
            if frame:
                asks = tuple(a["slot"] for a in frame.get("actions", ()) if a.get("act") == "REQUEST" and a.get("slot"))
            lines.append(Line(AGENT, turn.get("utterance", ""), asks))
            continue
        lines.append(Line(CUSTOMER, turn.get("utterance", "")))
        state = (frame or {}).get("state") or {}
        intent = state.get("active_intent", "NONE")
        usable = intent in checklist.intents
        if dialogue_done or (usable and intent in filled) or (filled and not usable):
            dropped += 1  # a customer turn after a cut that yields no case
            continue
        if not usable:
            continue
        gold = {k: tuple(v) for k, v in (state.get("slot_values") or {}).items()}
        complete = not checklist.missing(intent, gold)
        cases.append(
            Case(
                case_id=f"{dialogue_id}#{index}",
                dialogue_id=dialogue_id,
                service=service,
                intent=intent,
                turn_index=index,
                lines=tuple(lines),
                gold=gold,
                complete=complete,
            )
        )
        if complete:
            filled.add(intent)
            dialogue_done = segment == "dialogue"
    return cases, dropped


def without_asks(corpus: Corpus) -> Corpus:
    """The same cases with every agent line's recorded questions (`Line.asks`) emptied: what a tier makes of
    the conversation when it cannot know which fact the agent asked for (SGD annotates them; a product knows
    its own questions, a transcript from elsewhere may not)."""
    def bare(case: Case) -> Case:
        return replace(case, lines=tuple(Line(ln.speaker, ln.text) for ln in case.lines))

    return replace(corpus, cases=[bare(c) for c in corpus.cases],
                   notes=[*corpus.notes, "agent questions (asks) emptied"])


CACHE_DIR = config.DEFAULT_CACHE_DIR  # the default; CHAT_INTAKE_CACHE moves it (config.cache_dir())
CACHE_VERSION = 2


def _cache_path(service: str, segment: str, root: Path, split: str) -> Path:
    key = hashlib.sha256(f"{CACHE_VERSION}|{root.resolve()}|{split}|{shard_signature(root, split)}".encode())
    return config.cache_dir() / f"{service}.{segment}.{key.hexdigest()[:12]}.json"


def _read_cache(path: Path) -> tuple[list[Case], int, int] | None:
    """The cached cases, or None when there is no cache or it is damaged (it is rebuilt then)."""
    if not path.exists():
        return None
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        return [Case.from_json(c) for c in body["cases"]], int(body["dialogues"]), int(body["dropped_turns"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def build_corpus(
    service: str,
    segment: str = "dialogue",
    sgd_dir: str | os.PathLike | None = None,
    schema_variant: str | None = None,
    download: bool = True,
    progress: bool = False,
    sgd_split: str | None = None,
) -> Corpus:
    """Read (or download, then read) the service's dialogues and cut them into cases. `sgd_split` reads the
    service's dialogues of that SGD split (train, dev, test); by default the first split whose schema lists it."""
    if segment not in SEGMENTS:
        raise UsageError(f"unknown segment mode {segment!r}; choose one of {', '.join(SEGMENTS)}")
    if sgd_dir is not None and is_custom(sgd_dir):
        return _custom_corpus(Path(sgd_dir), service, segment)
    splits = (sgd_split,) if sgd_split else SPLITS
    found = locate(service, sgd_dir, splits)
    chosen = sgd_dir or config.sgd_dir()  # a folder the user named is never downloaded into
    if found is None and download and not chosen:
        from core.download import download_service

        try:
            download_service(service, progress=progress)
        except CorpusError as exc:
            raise CorpusError(f"service {service!r} is not in any local SGD folder, and {exc}") from exc
        found = locate(service, sgd_dir, splits)
    if found is None:
        where = chosen or "data/sgd or a shared/sgd copy"
        within = f" ({sgd_split} split)" if sgd_split else ""
        raise CorpusError(f"service {service!r} was not found in {where}{within}")
    root, split, entry = found
    checklist = Checklist.from_schema(entry)

    cache = _cache_path(service, segment, root, split)
    cases: list[Case] = []
    dialogues = dropped = 0
    cached = _read_cache(cache)
    if cached is not None:
        cases, dialogues, dropped = cached
    else:
        for dialogue in iter_dialogues(root, split, service):
            dialogues += 1
            got, lost = cases_from_dialogue(dialogue, service, checklist, segment)
            cases += got
            dropped += lost
        if dialogues == 0:
            raise CorpusError(f"no dialogue of {service!r} in {root / split}")
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(".tmp")
            tmp.write_text(json.dumps({"dialogues": dialogues, "dropped_turns": dropped,
                                       "cases": [c.to_json() for c in cases]}))
            tmp.replace(cache)
        except OSError:
            pass  # a read-only checkout still works, only slower

    corpus = Corpus(service, split, str(root), segment, checklist, cases, dialogues, dropped)
    if schema_variant:
        from core.variants import apply_variant

        corpus = apply_variant(corpus, schema_variant, root)
    return corpus


def _custom_corpus(folder: Path, service: str, segment: str) -> Corpus:
    """A user's own checklist and transcripts (see core.custom_corpus for the format)."""
    entry = load_checklist_entry(folder)
    if entry["service_name"] != service:
        raise CorpusError(f"{folder} holds the checklist of {entry['service_name']!r}, not {service!r}")
    checklist = Checklist.from_schema(entry)
    cases: list[Case] = []
    dropped = 0
    dialogues = load_dialogues(folder, service)
    for dialogue in dialogues:
        got, lost = cases_from_dialogue(dialogue, service, checklist, segment)
        cases += got
        dropped += lost
    return Corpus(service, "custom", str(folder), segment, checklist, cases, len(dialogues), dropped)
