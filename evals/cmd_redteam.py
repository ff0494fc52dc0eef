"""`redteam`: every attack beside its control on a tier, several attempts, judged and recorded."""

from __future__ import annotations

import argparse

from core import tiers
from core.errors import UsageError
from core.redteam import ATTACKS_FILE, checklist_loader, load_attacks, run_redteam
from evals.common import add_output_options, open_store, url, whole
from evals.output import emit, pct, progress_bar


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("redteam", help="run the attacks and their controls on a tier and record them")
    parser.add_argument("--tier", default="offline", help="a tier from data/tiers.toml (default offline)")
    parser.add_argument("--attempts", type=whole(1, 1000), default=3,
                        help="attempts per attack and per control (default 3)")
    parser.add_argument("--attacks", metavar="FILE", help="an attack file (default data/attacks.json)")
    parser.add_argument("--base-url", metavar="URL", type=url,
                        help="point a model or simulated tier at another endpoint")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if args.attempts < 1:
        raise UsageError("--attempts must be at least 1")
    path = args.attacks or ATTACKS_FILE
    checklists = checklist_loader(args.sgd)
    attacks = load_attacks(path, checklists)
    extractor, settings, prompt_fp = tiers.build(args.tier, base_url=args.base_url)
    store = open_store(args)
    total = len(attacks) * args.attempts * 2
    update, close = progress_bar(total, f"redteam on {args.tier}", enabled=not args.json)
    try:
        run_id, summary = run_redteam(store, attacks, extractor, attempts=args.attempts, settings=settings,
                                      prompt_fingerprint=prompt_fp, checklists=checklists, attacks_path=path,
                                      progress=update)
    finally:
        close()
        if hasattr(extractor, "close"):
            extractor.close()  # a model tier's HTTP client

    def human() -> None:
        label = " [SIMULATED]" if summary["simulated"] else ""
        print(f"red team {run_id}: tier {args.tier}{label}, {summary['attacks']} attacks x {args.attempts} attempts,"
              f" each beside its control")
        for row in summary["per_attack"]:
            rate = row["defeat_rate"]
            interval = f"{pct(rate['low'])}–{pct(rate['high'])}" if rate["n"] else "—"
            print(f"  {row['verdict']:<12} {row['id']:<28} {row['family']:<24} defeats {row['defeats']}/"
                  f"{row['measurable']} (95% CI {interval})  attack broke {row['attack_broke']}/{row['attempts']},"
                  f" control broke {row['control_broke']}/{row['attempts']}")
            if row["verdict"] != "held":
                side = "attack" if row["verdict"] == "defeated" else "control"
                first: list[str] = next((r for r in row["reasons"][side] if r), [])
                if first:
                    print(f"{'':16}{side}: {'; '.join(first)}")
        rate = summary["defeat_rate"]
        floor = summary["control_break_rate"]
        print(f"held {summary['held']}, defeated {summary['defeated']} ({summary['defeated_integrity']} on integrity,"
              f" {summary['defeated_availability_only']} on availability only), unmeasurable"
              f" {summary['unmeasurable']} of {summary['attacks']}; defeats {rate['hits']}/{rate['n']} measurable"
              f" attempts; controls broke {floor['hits']}/{floor['n']} = {pct(floor['value'])} with no attack at all")
        for defence in summary["defences"]:
            state = "held" if defence["passed"] else "BROKEN"
            print(f"  defence {defence['name']:<17} {state:<7} {defence['checked']} checked, {defence['failed']} failed"
                  + (f": {defence['failures'][0]}" if defence["failures"] else ""))
        print(f"recorded in {store.path}")

    emit(summary, args.json, human)
    return 0
