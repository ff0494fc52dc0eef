"""`cost`: the monthly bill at a volume, per tier, per rate and per prompt strategy."""

from __future__ import annotations

import argparse

from core.corpus import build_corpus
from core.cost import bills, strategy_estimates
from core.errors import UsageError
from core.sgd_source import CorpusError
from evals.common import add_output_options, number, open_store, whole
from evals.output import emit

DEFAULT_CONVERSATIONS = 10_000
DEFAULT_TURNS = 4


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("cost", help="monthly bill per tier, rate and prompt strategy at a volume")
    parser.add_argument("--run", metavar="RUN_ID", help="price the tokens per turn measured in this run")
    parser.add_argument("--conversations", metavar="N", type=number(0, 1e12), default=DEFAULT_CONVERSATIONS,
                        help=f"conversations per month (default {DEFAULT_CONVERSATIONS:,})")
    parser.add_argument("--turns", metavar="T", type=whole(1, 1000), default=DEFAULT_TURNS,
                        help=f"customer turns per conversation (default {DEFAULT_TURNS})")
    parser.add_argument("--service", default="Banks_1", help="the service whose prompts are estimated (Banks_1)")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if args.conversations < 0:
        raise UsageError("--conversations must not be negative")
    if args.turns < 1:
        raise UsageError("--turns must be at least 1")
    store = open_store(args)
    estimates, notes = {}, []
    try:
        corpus = build_corpus(args.service, "dialogue", sgd_dir=args.sgd, download=False)
        estimates = strategy_estimates(corpus.checklist, corpus.cases)
    except CorpusError as exc:
        notes.append(f"no prompt estimate: {exc}")
    tables = bills(store, args.conversations, args.turns, estimates=estimates, run_id=args.run)
    notes += tables["notes"]
    by_tier, by_rate, by_run = (tables[k].to_dict("records") for k in ("tiers", "rates", "run"))
    unpriced = tables.get("unpriced", [])
    result = {"conversations_per_month": args.conversations, "turns_per_conversation": args.turns,
              "service": args.service, "tiers": by_tier, "unpriced": unpriced, "rates": by_rate, "run": by_run,
              "notes": notes}

    def human() -> None:
        print(f"Monthly bill at {args.conversations:,.0f} conversations x {args.turns} customer turns "
              f"(estimates: {args.service} prompts at 4 characters a token; turns past the corpus follow its trend)")
        if by_tier or unpriced:
            print("by tier")
            for row in by_tier:
                print(f"  {row['tier']:<12} {row['rate']:<28} {row['strategy']:<10} {_usd(row['total_usd']):>12}"
                      f"  {_usd(row['per_conversation_usd'], 5)} per conversation  ({row['basis']})")
        for row in unpriced:
            print(f"  {row['tier']:<12} {'unpriced':<28} {row['strategy']:<10} {'—':>12}  ({row['note']})")
        if by_rate:
            strategies = list(dict.fromkeys(r["strategy"] for r in by_rate))
            print("by rate and prompt strategy (estimate)")
            print(f"  {'rate':<28} " + " ".join(f"{s:>12}" for s in strategies))
            for key in dict.fromkeys(r["rate"] for r in by_rate):
                cells = {r["strategy"]: r["total_usd"] for r in by_rate if r["rate"] == key}
                print(f"  {key:<28} " + " ".join(f"{_usd(cells[s]):>12}" for s in strategies))
        if by_run:
            print(f"measured in run {args.run} ({by_run[0]['tier']}, {by_run[0]['strategy']} prompts)")
            for row in by_run:
                mark = "  <- the run's own rate" if row["own_rate"] else ""
                print(f"  {row['rate']:<28} {_usd(row['total_usd']):>12}{mark}")
        for note in notes:
            print(f"note: {note}")

    emit(result, args.json, human)
    return 0


def _usd(value: float, places: int = 2) -> str:
    return f"${value:,.{places}f}"
