"""Generality: an in-process tier over every service with dialogues in an SGD folder, per service and per group.

Each service is read from each split that holds its dialogues (a train service with dev dialogues too
gives two rows) and cut per intent. Every case goes through the real turn (read the intent or take the
gold one -> extract -> contract -> decide) and is graded; beside each figure stands the always-stop
floor on the same cases. The same cases under each SGD-X variant schema (gold intent) say how many
decisions change when only the checklist's wording changes. Rows fall in three groups: the train
split's services, the services whose schema appears in no train dialogue (unseen: measured, never
tuned to), and the other dev/test rows (seen services on other dialogues).

Services are measured in worker processes (the offline tier is pure Python, one core per worker).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from core import shard_index
from core.availability import folder_services, services_in
from core.corpus import Corpus, build_corpus, case_set_fingerprint, without_asks
from core.errors import UsageError
from core.extraction import Extractor
from core.gold_errata import default_errata
from core.grade import GRADER_VERSION, Rate, grade_case, summarize
from core.guards import Guards, generality_guards
from core.recorder import RunRecorder
from core.sgd_source import CorpusError, candidate_dirs
from core.turn import take_turn
from core.variants import VARIANTS, apply_variant

if TYPE_CHECKING:  # the store (DuckDB) is not needed by the worker processes
    from core.store import Store

KIND = "generality"  # the run kind in the store
INTENT_MODES = ("gold", "predicted")
GROUPS = ("train", "unseen", "other")
GROUP_LABELS = {
    "train": "train services",
    "unseen": "unseen services (schema in no train dialogue)",
    "other": "other dev/test services",
}
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Task:
    """One row of the report: a service read from one split of the folder."""

    service: str
    split: str
    seen_in_train: bool

    @property
    def group(self) -> str:
        if self.split == "train":
            return "train"
        return "other" if self.seen_in_train else "unseen"


@dataclass(frozen=True)
class Settings:
    """What a report measures; recorded with the run and part of its guards."""

    tier: str = "offline"
    intent_modes: tuple[str, ...] = INTENT_MODES
    segment: str = "intent"
    variants: bool = True
    agent_asks: bool = True  # False: every agent line's recorded questions emptied before the tier reads it


def find_folder(explicit: str | Path | None = None) -> Path:
    """The SGD folder to report over: the one named, else the first candidate holding a split's schema."""
    for root in candidate_dirs(explicit):
        if any((Path(root) / split / "schema.json").exists() for split in ("train", "dev", "test")):
            return Path(root)
    raise CorpusError(f"no SGD folder with a schema at {explicit or ', '.join(map(str, candidate_dirs()))}")


def plan(root: Path, services: Iterable[str] | None = None) -> list[Task]:
    """Every (service, split) with dialogues in the folder, or only the services named."""
    found = folder_services(root)
    wanted = list(services) if services else None
    if wanted:
        missing = [s for s in wanted if s not in {name for name, _ in found}]
        if missing:
            raise CorpusError(f"no dialogue of {', '.join(missing)} in {root}")
        found = [(name, split) for name, split in found if name in wanted]
    seen = services_in(root, "train")
    return [Task(name, split, name in seen) for name, split in found]


# --- one row: runs in a worker process ---------------------------------------------------------
_EXTRACTORS: dict[str, Extractor] = {}


def _extractor(tier: str) -> Extractor:
    if tier not in _EXTRACTORS:
        from core import tiers

        extractor, _, _ = tiers.build(tier)
        _EXTRACTORS[tier] = extractor
    return _EXTRACTORS[tier]


def _decide(corpus: Corpus, extractor: Extractor, gold_intent: bool) -> list[tuple[str, dict[str, str], str | None]]:
    """(decision, collected, intent read) per case, through the real turn."""
    out = []
    for case in corpus.cases:
        turn = take_turn(corpus.checklist, case.intent if gold_intent else None, case.lines, extractor,
                         case_id=case.case_id)
        out.append((turn.decision, turn.collected, turn.intent))
    return out


def mode_figures(corpus: Corpus, made: Sequence[tuple[str, dict[str, str], str | None]]) -> dict:
    """A mode's figures on a row's cases, each count with its denominator and the floor beside it."""
    grades = [grade_case(corpus.checklist, case, collected, decision)
              for case, (decision, collected, _) in zip(corpus.cases, made, strict=True)]
    intent_right = sum(intent == case.intent for case, (_, _, intent) in zip(corpus.cases, made, strict=True))
    s = summarize(grades)
    explained = default_errata().explained(corpus)
    on_errata = sum(grade.stopped_early and case.case_id in explained
                    for case, grade in zip(corpus.cases, grades, strict=True))
    decisions = Rate(s["decisions_correct"], s["n"])
    floor = Rate(s["gold_stop"], s["n"])  # always-stop is right exactly on the cases whose checklist is full
    return {
        "decisions": decisions.to_json(), "always_stop": floor.to_json(),
        "above_floor": bool(s["n"]) and decisions.hits > floor.hits,
        "stopped_early": s["stopped_early"], "stopped_early_gold_errata": on_errata, "gold_ask": s["gold_ask"],
        "stopped_early_rate": Rate(s["stopped_early"], s["gold_ask"]).to_json(),
        "precision": Rate(s["correct"], s["stated"]).to_json(),
        "correct": s["correct"], "stated": s["stated"], "wrong": s["wrong"], "missed": s["missed"],
        "intent_right": intent_right,
    }


def variant_figures(corpus: Corpus, root: Path, extractor: Extractor, original: Sequence[str]) -> dict | None:
    """Cases whose (gold-intent) decision changes under each SGD-X variant, and under any; None when the
    folder holds no variant schema for the service."""
    changed_any: set[int] = set()
    per_variant = {}
    for variant in VARIANTS:
        try:
            renamed = apply_variant(corpus, variant, root)
        except CorpusError:
            continue  # no variant schema of this split, or one that does not line up with the service
        made = _decide(renamed, extractor, gold_intent=True)
        changed = {i for i, (decision, _, _) in enumerate(made) if decision != original[i]}
        changed_any |= changed
        per_variant[variant] = len(changed)
    if not per_variant:
        return None
    n = len(corpus.cases)
    return {"n": n, "variants": per_variant, "changed": len(changed_any), "changed_rate": Rate(len(changed_any),
                                                                                              n).to_json()}


def measure(task: Task, root: Path, settings: Settings) -> dict:
    """One row: the service's cases of one split through the tier in every intent mode, and SGD-X."""
    corpus = build_corpus(task.service, settings.segment, sgd_dir=root, download=False, sgd_split=task.split)
    if not settings.agent_asks:
        corpus = without_asks(corpus)
    extractor = _extractor(settings.tier)
    row = {**asdict(task), "group": task.group, "cases": len(corpus.cases), "dialogues": corpus.dialogues,
           "case_set": case_set_fingerprint(corpus.cases), "checklist": corpus.checklist.fingerprint()}
    gold_decisions: list[str] | None = None
    for mode in settings.intent_modes:
        made = _decide(corpus, extractor, gold_intent=mode == "gold")
        row[mode] = mode_figures(corpus, made)
        if mode == "gold":
            gold_decisions = [decision for decision, _, _ in made]
    row["sgd_x"] = None
    if settings.variants:
        if gold_decisions is None:
            gold_decisions = [decision for decision, _, _ in _decide(corpus, extractor, gold_intent=True)]
        row["sgd_x"] = variant_figures(corpus, root, extractor, gold_decisions)
    return row


def _measure_star(args: tuple[Task, Path, Settings]) -> dict:
    return measure(*args)  # a spawned worker inherits the environment, so it reads the caches its parent reads


# --- the whole folder ----------------------------------------------------------------------------
def _size(root: Path, task: Task) -> int:
    """A cheap guess of a row's work (its shards' bytes), to start the largest rows first."""
    return sum(p.stat().st_size for p in shard_index.shards_of(root / task.split, task.service))


def measure_all(root: Path, tasks: Sequence[Task], settings: Settings, workers: int = 1,
                progress: Progress | None = None) -> list[dict]:
    """Every row, in the order of `tasks`; `progress(done, total)` counts rows as they finish."""
    order = sorted(tasks, key=lambda t: -_size(root, t))
    jobs = [(task, root, settings) for task in order]
    rows: dict[tuple[str, str], dict] = {}
    if progress:
        progress(0, len(jobs))
    if workers <= 1 or len(jobs) <= 1:
        results: Iterable[dict] = map(_measure_star, jobs)
        for row in results:
            rows[(row["service"], row["split"])] = row
            if progress:
                progress(len(rows), len(jobs))
    else:
        # spawn, not fork: the caller may be a threaded server (the dashboard), where fork is unsafe
        with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
            for row in pool.imap_unordered(_measure_star, jobs):
                rows[(row["service"], row["split"])] = row
                if progress:
                    progress(len(rows), len(jobs))
    return [rows[(t.service, t.split)] for t in tasks]


def totals(rows: Sequence[dict], modes: Sequence[str]) -> dict[str, dict]:
    """Per group (and `all`): each mode's figures summed over its rows, with intervals."""
    out = {}
    for group in (*GROUPS, "all"):
        mine = [r for r in rows if group == "all" or r["group"] == group]
        if not mine:
            continue
        body: dict = {"label": GROUP_LABELS.get(group, "every service"), "rows": len(mine),
                      "services": sorted({r["service"] for r in mine}), "cases": sum(r["cases"] for r in mine)}
        for mode in modes:
            figures = [r[mode] for r in mine]
            n = sum(f["decisions"]["n"] for f in figures)
            gold_ask = sum(f["gold_ask"] for f in figures)
            early = sum(f["stopped_early"] for f in figures)
            on_errata = sum(f.get("stopped_early_gold_errata", 0) for f in figures)
            correct, stated = sum(f["correct"] for f in figures), sum(f["stated"] for f in figures)
            body[mode] = {
                "decisions": Rate(sum(f["decisions"]["hits"] for f in figures), n).to_json(),
                "always_stop": Rate(sum(f["always_stop"]["hits"] for f in figures), n).to_json(),
                "stopped_early": early, "stopped_early_gold_errata": on_errata, "gold_ask": gold_ask,
                "stopped_early_rate": Rate(early, gold_ask).to_json(),
                "precision": Rate(correct, stated).to_json(), "missed": sum(f["missed"] for f in figures),
                "wrong": sum(f["wrong"] for f in figures),
                "intent": Rate(sum(f["intent_right"] for f in figures), n).to_json(),
                "below_floor": sorted(f"{r['service']} ({r['split']})" for r in mine if not beats_floor(r[mode])),
                "floor_perfect": sorted(f"{r['service']} ({r['split']})" for r in mine
                                        if beats_floor(r[mode]) and not r[mode]["above_floor"]),
            }
        with_variants = [r["sgd_x"] for r in mine if r.get("sgd_x")]
        body["sgd_x"] = (Rate(sum(v["changed"] for v in with_variants), sum(v["n"] for v in with_variants)).to_json()
                         if with_variants else None)
        out[group] = body
    return out


def beats_floor(figures: Mapping) -> bool:
    """Above always-stop, or every decision right where always-stop is too (a row whose every case is
    already complete: nothing can score higher, so matching it is the best there is)."""
    n = figures["decisions"]["n"]
    return bool(figures["above_floor"]) or (bool(n) and figures["decisions"]["hits"] == n)


def floor_verdict(figures: Mapping) -> str:
    """Whether the tier beats always-stop on a row: `yes`, `tie` where both score the same (every case
    complete, say: nothing can beat it) or `NO`."""
    if figures["above_floor"]:
        return "yes"
    return "tie" if figures["decisions"]["hits"] == figures["always_stop"]["hits"] else "NO"


def guards(rows: Sequence[dict], settings: Mapping, tier_settings: Mapping) -> Guards:
    """What must match before two generality runs are compared."""
    sets = json.dumps(sorted((r["service"], r["split"], r["case_set"]) for r in rows))
    checklists = json.dumps(sorted((r["service"], r["split"], r.get("checklist") or "") for r in rows))
    return generality_guards(hashlib.sha256(sets.encode()).hexdigest()[:16],
                             hashlib.sha256(checklists.encode()).hexdigest()[:16], tier_settings,
                             intent_modes=list(settings["intent_modes"]), segment=settings["segment"],
                             agent_asks=bool(settings["agent_asks"]), sgd_x=bool(settings["variants"]))


def report(root: Path, settings: Settings, services: Iterable[str] | None = None, workers: int = 1,
           progress: Progress | None = None) -> dict:
    """The whole report (not recorded): rows, group totals, settings."""
    from core import tiers

    tier = tiers.load_tiers().get(settings.tier)
    if tier is None:
        raise UsageError(f"unknown tier {settings.tier!r}")
    if tier.kind != "offline":
        raise UsageError(f"the generality report grades every case in-process; tier {settings.tier!r} is "
                         f"{tier.kind}: use `run` for it")
    unknown = [m for m in settings.intent_modes if m not in INTENT_MODES]
    if unknown or not settings.intent_modes:
        raise UsageError(f"unknown intent mode {', '.join(unknown) or '(none)'}; choose from gold, predicted")
    _, tier_settings, _ = tiers.build(settings.tier)
    tasks = plan(root, services)
    if not tasks:
        raise CorpusError(f"no service has dialogues in {root}")
    rows = measure_all(root, tasks, settings, workers, progress)
    return {"folder": str(root), "settings": {**asdict(settings), "intent_modes": list(settings.intent_modes)},
            "tier_settings": tier_settings, "rows": rows, "groups": totals(rows, settings.intent_modes),
            "guards": guards(rows, asdict(settings), tier_settings).to_json()}


def record(store: Store, result: Mapping, wall_s: float | None = None) -> str:
    """Record a finished report as one run of kind `generality` (rows and totals in its summary)."""
    settings = result["settings"]
    tier_settings = result["tier_settings"]
    first = settings["intent_modes"][0]
    overall = result["groups"]["all"][first]
    n = result["groups"]["all"]["cases"]
    run = RunRecorder(store, kind=KIND, tier=settings["tier"], tier_kind="offline",
                      guards=guards(result["rows"], settings, tier_settings),
                      settings={**tier_settings, "report": settings}, n_planned=n,
                      corpus_source=result["folder"], split="all", segment=settings["segment"])
    summary = {
        "n": n, "decisions_correct": overall["decisions"]["hits"], "decision_accuracy": overall["decisions"]["value"],
        "stopped_early": overall["stopped_early"], "wrong": overall["wrong"], "missed": overall["missed"],
        "gold_ask": overall["gold_ask"], "headline_mode": first, "grader": GRADER_VERSION,
        "rows": result["rows"], "groups": result["groups"], "settings": settings, "wall_s": wall_s,
    }
    figures = {"n": n, "decisions_correct": overall["decisions"]["hits"], "stopped_early": overall["stopped_early"],
               "wrong": overall["wrong"], "missed": overall["missed"], "facts_correct": overall["precision"]["hits"]}
    with run:  # a report writes no case rows: its figures are counted here and saved as it ends
        run.finish("finished", summary, figures=figures)
    run_id = run.run_id
    return run_id
