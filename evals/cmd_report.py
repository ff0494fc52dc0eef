"""`report`: the offline tier over every service with dialogues in an SGD folder (core.generality), recorded.

One row per service and split, both intent modes, SGD-X v1..v5 over every service with variants, the
always-stop floor beside every figure, totals with intervals per group (train services, unseen services,
other dev/test services). Recorded as one run of kind `generality`, so `runs` lists it and the
dashboard's Generality page shows it.
"""

from __future__ import annotations

import argparse
import os
import time

from core import generality
from core.corpus import SEGMENTS
from core.errors import UsageError
from evals.common import add_output_options, open_store, whole
from evals.output import emit, pct


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("report", help="a tier over every service of an SGD folder: per service and group, "
                                           "floors, SGD-X; recorded as a generality run")
    parser.add_argument("--tier", default="offline", help="an offline-kind tier from data/tiers.toml (default offline)")
    parser.add_argument("--services", help="comma-separated services (default: every service with dialogues)")
    parser.add_argument("--intent", default="gold,predicted",
                        help="comma-separated intent modes: gold (each case's SGD intent), predicted (each turn "
                             "reads it); default both")
    parser.add_argument("--segment", choices=SEGMENTS, default="intent",
                        help="intent: each intent ends at its own first fill (default); dialogue: a dialogue ends "
                             "at its first")
    parser.add_argument("--no-variants", action="store_true", help="skip SGD-X")
    parser.add_argument("--no-agent-asks", action="store_true",
                        help="empty every agent line's recorded questions (Line.asks) first: how much the tier "
                             "leans on knowing what the agent asked")
    parser.add_argument("--workers", type=whole(1, 64), default=min(2, os.cpu_count() or 1),
                        help="worker processes (default: 2, or 1 on one core)")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def _listed(value: str | None) -> list[str] | None:
    if value is None:
        return None
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise UsageError("--services needs at least one service")
    return items


def _cell(rate: dict | None) -> str:
    if not rate or not rate["n"]:
        return "—"
    return f"{pct(rate['value'])} ({pct(rate['low'])}–{pct(rate['high'])})"


def _early(figures: dict) -> str:
    return f"{figures['stopped_early']:,} ({pct(figures['stopped_early_rate']['value'])})"


def _on_errata(figures: dict) -> str:
    """How many of the stops a reviewed gold erratum explains (data/gold_errata.json), beside the raw count."""
    n = figures.get("stopped_early_gold_errata", 0)
    return f" ({n:,} on reviewed gold errata)" if n else ""


def _precision(figures: dict) -> str:
    p = figures["precision"]
    return f"{pct(p['value'])} of {p['n']:,}"


def handle(args: argparse.Namespace) -> int:
    modes = tuple(m.strip() for m in args.intent.split(",") if m.strip())
    settings = generality.Settings(tier=args.tier, intent_modes=modes, segment=args.segment,
                                   variants=not args.no_variants, agent_asks=not args.no_agent_asks)
    root = generality.find_folder(args.sgd)
    store = open_store(args)
    bar = None
    if not args.json:
        from tqdm import tqdm

        bar = tqdm(desc="report", unit="service", disable=None)

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar.update(done - bar.n)

    started = time.perf_counter()
    try:
        result = generality.report(root, settings, _listed(args.services), workers=args.workers, progress=progress)
    finally:
        if bar is not None:
            bar.close()
    wall = time.perf_counter() - started
    run_id = generality.record(store, result, wall_s=wall)
    payload = {**result, "run_id": run_id, "wall_s": wall}

    def human() -> None:
        asks = "kept" if settings.agent_asks else "EMPTIED (--no-agent-asks)"
        print(f"report over {root}: tier {args.tier} ({result['tier_settings'].get('extractor', '')}), "
              f"{settings.segment} mode, agent questions {asks}; run {run_id}, {wall:,.0f} s")
        print("decisions and floors with 95% Wilson interval; stopped early = of ask cases; precision = correct of "
              "stated; SGD-X = cases whose gold-intent decision changes in any variant")
        for mode in modes:
            print(f"\nintent {mode}")
            print(f"{'service':<15}{'split':<6}{'train?':<7}{'cases':>7}  {'decisions':<22}{'always-stop':<22}"
                  f"{'above':<6}{'stopped early':>15}  {'precision':<17}{'missed':>7}  {'SGD-X':>7}")
            for r in result["rows"]:
                f = r[mode]
                sgdx = pct(r["sgd_x"]["changed_rate"]["value"]) if r.get("sgd_x") else "—"
                print(f"{r['service']:<15}{r['split']:<6}{'seen' if r['seen_in_train'] else 'NO':<7}{r['cases']:>7,}"
                      f"  {_cell(f['decisions']):<22}{_cell(f['always_stop']):<22}"
                      f"{generality.floor_verdict(f):<6}{_early(f):>15}  {_precision(f):<17}"
                      f"{f['missed']:>7,}  {sgdx:>7}")
        print("\ntotals")
        for body in result["groups"].values():
            print(f"{body['label']} ({body['rows']} rows, {body['cases']:,} cases)")
            for mode in modes:
                f = body[mode]
                below = f"; below floor: {', '.join(f['below_floor'])}" if f["below_floor"] else ""
                print(f"  {mode:<10} decisions {_cell(f['decisions'])}, always-stop {_cell(f['always_stop'])}, "
                      f"stopped early {f['stopped_early']:,} of {f['gold_ask']:,} ask cases "
                      f"{_cell(f['stopped_early_rate'])}{_on_errata(f)}, precision {_cell(f['precision'])}, "
                      f"missed {f['missed']:,}{below}")
            if body.get("sgd_x"):
                print(f"  SGD-X      decision changed in any variant: {body['sgd_x']['hits']:,} of "
                      f"{body['sgd_x']['n']:,} cases {_cell(body['sgd_x'])}")

    emit(payload, args.json, human)
    return 0
