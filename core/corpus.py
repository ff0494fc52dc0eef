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
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from core.checklist import Checklist
from core.custom_corpus import is_custom, load_checklist_entry, load_dialogues
from core.sgd_source import SPLITS, CorpusError, iter_dialogues, locate, shard_signature

HELD_OUT_SHARE = 0.20
SEGMENTS = ("dialogue", "intent")
SPLIT_NAMES = ("held-out", "sample", "all")
CUSTOMER, AGENT = "customer", "agent"


@dataclass(frozen=True)
class Line:
    """One line of a conversation. `asks` names the facts an agent line requested."""

    speaker: str
    text: str
    asks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    case_id: str
    dialogue_id: str
    service: str
    intent: str
    turn_index: int
    lines: tuple[Line, ...]
    gold: Mapping[str, tuple[str, ...]]
    complete: bool

    @property
    def held_out(self) -> bool:
        return is_held_out(self.dialogue_id)

    @property
    def gold_decision(self) -> str:
        return "stop" if self.complete else "ask"

    def to_json(self) -> dict:
        body = asdict(self)
        body["lines"] = [[ln.speaker, ln.text, list(ln.asks)] for ln in self.lines]
        body["gold"] = {k: list(v) for k, v in self.gold.items()}
        return body

    @classmethod
    def from_json(cls, body: Mapping) -> Case:
        return cls(
            case_id=body["case_id"],
            dialogue_id=body["dialogue_id"],
            service=body["service"],
            intent=body["intent"],
            turn_index=int(body["turn_index"]),
            lines=tuple(Line(s, t, tuple(a)) for s, t, a in body["lines"]),
            gold={k: tuple(v) for k, v in body["gold"].items()},
            complete=bool(body["complete"]),
        )


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
            raise ValueError(f"unknown split {split!r}; choose one of {', '.join(SPLIT_NAMES)}")
        if limit is not None and limit < 1:
            raise ValueError(f"a limit must be at least 1 case, not {limit}")
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


def is_held_out(dialogue_id: str) -> bool:
    """The held-out split: a fixed 20% of dialogues chosen by hash, never by us."""
    return int(hashlib.sha256(dialogue_id.encode()).hexdigest(), 16) / 2**256 < HELD_OUT_SHARE


def case_set_fingerprint(cases: Iterable[Case]) -> str:
    digest = hashlib.sha256()
    for case in cases:
        digest.update(case.case_id.encode())
        digest.update(json.dumps(case.gold, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def cases_from_dialogue(dialogue: Mapping, service: str, checklist: Checklist, segment: str) -> tuple[list[Case], int]:
    """The cases one dialogue yields for one service, and how many later turns were dropped."""
    if segment not in SEGMENTS:
        raise ValueError(f"unknown segment mode {segment!r}; choose one of {', '.join(SEGMENTS)}")
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


def rename_case(case: Case, names: Mapping[str, str], service: str) -> Case:
    """The same case under another schema's names (SGD-X variants)."""
    return Case(
        case_id=case.case_id,
        dialogue_id=case.dialogue_id,
        service=service,
        intent=names.get(case.intent, case.intent),
        turn_index=case.turn_index,
        lines=tuple(Line(ln.speaker, ln.text, tuple(names.get(a, a) for a in ln.asks)) for ln in case.lines),
        gold={names.get(k, k): v for k, v in case.gold.items()},
        complete=case.complete,
    )


def without_asks(corpus: Corpus) -> Corpus:
    """The same cases with every agent line's recorded questions (`Line.asks`) emptied: what a tier makes of
    the conversation when it cannot know which fact the agent asked for (SGD annotates them; a product knows
    its own questions, a transcript from elsewhere may not)."""
    def bare(case: Case) -> Case:
        return replace(case, lines=tuple(Line(ln.speaker, ln.text) for ln in case.lines))

    return replace(corpus, cases=[bare(c) for c in corpus.cases],
                   notes=[*corpus.notes, "agent questions (asks) emptied"])


CACHE_DIR = Path(__file__).resolve().parent.parent / "data" / "cache"
CACHE_VERSION = 2


def _cache_path(service: str, segment: str, root: Path, split: str) -> Path:
    key = hashlib.sha256(f"{CACHE_VERSION}|{root.resolve()}|{split}|{shard_signature(root, split)}".encode())
    return CACHE_DIR / f"{service}.{segment}.{key.hexdigest()[:12]}.json"


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
        raise ValueError(f"unknown segment mode {segment!r}; choose one of {', '.join(SEGMENTS)}")
    if is_custom(sgd_dir):
        return _custom_corpus(Path(sgd_dir), service, segment)
    splits = (sgd_split,) if sgd_split else SPLITS
    found = locate(service, sgd_dir, splits)
    chosen = sgd_dir or os.environ.get("SGD_DIR")  # a folder the user named is never downloaded into
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
