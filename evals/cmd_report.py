"""`report`: an in-process tier over several services, both segment modes and every split, with floors.

Each case goes through the real turn (extract -> contract -> decide) and is graded; nothing is
written to the store. Beside the table, the same dialogues graded under each SGD-X variant
schema say how many decisions change when only the checklist's wording changes.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from core import tiers
from core.corpus import SEGMENTS, SPLIT_NAMES, Case, Corpus, build_corpus
from core.errors import UsageError
from core.floors import FLOORS, floor_decision
from core.grade import Rate, grade_case, summarize
from core.turn import take_turn
from core.variants import VARIANTS
from evals.output import emit, pct

DEFAULT_SERVICES = ("Banks_1", "Banks_2", "Payment_1", "Services_3", "RideSharing_1")
DEFAULT_SPLITS = ("held-out", "sample", "all")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("report", help="a tier over services x segment modes x splits, with floors and SGD-X")
    parser.add_argument("--tier", default="offline", help="an offline-kind tier from data/tiers.toml (default offline)")
    parser.add_argument("--services", default=",".join(DEFAULT_SERVICES), help="comma-separated SGD services")
    parser.add_argument("--segments", default=",".join(SEGMENTS), help="comma-separated segment modes")
    parser.add_argument("--splits", default=",".join(DEFAULT_SPLITS), help="comma-separated splits")
    parser.add_argument("--variant-service", default="Banks_1",
                        help="service whose held-out split (dialogue mode) is graded under SGD-X v1..v5")
    parser.add_argument("--no-variants", action="store_true", help="skip the SGD-X comparison")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    parser.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    parser.set_defaults(handler=handle)


def _listed(value: str, allowed: Sequence[str] | None, what: str) -> list[str]:
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise UsageError(f"--{what} needs at least one value")
    unknown = [v for v in items if allowed is not None and v not in allowed]
    if unknown:
        raise UsageError(f"unknown {what} {', '.join(unknown)}; choose from {', '.join(allowed)}")
    return items


def decisions(corpus: Corpus, cases: Sequence[Case], extractor) -> dict[str, tuple[str, dict[str, str]]]:
    """case_id -> (decision, collected) through the real turn."""
    out = {}
    for case in cases:
        turn = take_turn(corpus.checklist, case.intent, case.lines, extractor, case_id=case.case_id)
        out[case.case_id] = (turn.decision, turn.collected)
    return out


def split_rows(corpus: Corpus, made: dict[str, tuple[str, dict[str, str]]], splits: Sequence[str]) -> list[dict]:
    """One row per split: the tier's figures and each floor's decision accuracy on the same cases."""
    rows = []
    for split in splits:
        cases = corpus.select(split)
        grades = [grade_case(corpus.checklist, c, made[c.case_id][1], made[c.case_id][0]) for c in cases]
        summary = summarize(grades)
        floors = {}
        for floor in FLOORS:
            hits = sum(floor_decision(floor, corpus, c) == c.gold_decision for c in cases)
            floors[floor] = Rate(hits, len(cases)).to_json()
        rows.append({
            "service": corpus.service, "segment": corpus.segment, "split": split, "n": summary["n"],
            "decisions": Rate(summary["decisions_correct"], summary["n"]).to_json(),
            "stopped_early": summary["stopped_early"], "gold_ask": summary["gold_ask"],
            "asked_when_complete": summary["asked_when_complete"], "wrong": summary["wrong"],
            "missed": summary["missed"], "correct": summary["correct"], "floors": floors,
        })
    return rows


def variant_changes(service: str, extractor, sgd_dir=None, split: str = "held-out", progress: bool = False) -> dict:
    """How many decisions change when the same cases are graded under each SGD-X variant schema."""
    base = build_corpus(service, "dialogue", sgd_dir=sgd_dir, progress=progress)
    cases = base.select(split)
    original = decisions(base, cases, extractor)
    result = {"service": service, "segment": "dialogue", "split": split, "n": len(cases), "variants": {}}
    for variant in VARIANTS:
        renamed = build_corpus(service, "dialogue", sgd_dir=sgd_dir, schema_variant=variant, progress=progress)
        variant_cases = renamed.select(split)
        made = decisions(renamed, variant_cases, extractor)
        changed = sorted(k for k in original if made[k][0] != original[k][0])
        grades = [grade_case(renamed.checklist, c, made[c.case_id][1], made[c.case_id][0]) for c in variant_cases]
        summary = summarize(grades)
        result["variants"][variant] = {
            "changed": len(changed), "changed_share": len(changed) / len(cases) if cases else None,
            "changed_cases": changed, "decisions": Rate(summary["decisions_correct"], summary["n"]).to_json(),
            "stopped_early": summary["stopped_early"], "wrong": summary["wrong"],
        }
    return result


def _interval(rate: dict) -> str:
    if not rate["n"]:
        return "—"
    return f"{pct(rate['value'])} ({pct(rate['low'])}–{pct(rate['high'])})"


def handle(args: argparse.Namespace) -> int:
    services = _listed(args.services, None, "services")
    segments = _listed(args.segments, SEGMENTS, "segments")
    splits = _listed(args.splits, SPLIT_NAMES, "splits")
    tier = tiers.load_tiers().get(args.tier)
    if tier is None:
        raise UsageError(f"unknown tier {args.tier!r}")
    if tier.kind != "offline":
        raise UsageError(f"report grades every case in-process; tier {args.tier!r} is {tier.kind}: use `run` for it")
    extractor, settings, _ = tiers.build(args.tier)
    rows = []
    for service in services:
        for segment in segments:
            corpus = build_corpus(service, segment, sgd_dir=args.sgd, progress=not args.json)
            made = decisions(corpus, corpus.cases, extractor)
            rows += split_rows(corpus, made, splits)
    variants = None if args.no_variants else variant_changes(args.variant_service, extractor, args.sgd,
                                                              progress=not args.json)
    payload = {"tier": args.tier, "settings": settings, "rows": rows, "sgd_x": variants}

    def human() -> None:
        print(f"report: tier {args.tier} ({settings.get('extractor', tier.kind)}); decisions with 95% Wilson interval")
        header = (f"{'service':<14}{'mode':<9}{'split':<9}{'n':>5}  {'decisions':<22}{'stopped early':>14}"
                  f"{'wrong':>7}{'missed':>8}   floors: always-stop / always-ask / copy-nothing")
        print(header)
        for r in rows:
            floors = " / ".join(pct(r["floors"][f]["value"]) for f in FLOORS)
            print(f"{r['service']:<14}{r['segment']:<9}{r['split']:<9}{r['n']:>5}  {_interval(r['decisions']):<22}"
                  f"{str(r['stopped_early']) + ' of ' + str(r['gold_ask']):>14}{r['wrong']:>7}{r['missed']:>8}"
                  f"   {floors}")
        if variants:
            print(f"SGD-X on {variants['service']} {variants['split']} ({variants['segment']} mode, n={variants['n']}):"
                  " decisions changed vs the original schema")
            for name, v in variants["variants"].items():
                print(f"  {name}: {v['changed']} changed ({pct(v['changed_share'])}); decisions "
                      f"{_interval(v['decisions'])}, stopped early {v['stopped_early']}, wrong {v['wrong']}")

    emit(payload, args.json, human)
    return 0
