"""`cost`: the monthly bill at a volume, per tier, per rate and per prompt strategy."""

from __future__ import annotations

import argparse

from core import tiers as tier_config
from core.corpus import build_corpus
from core.cost import Rate, estimate_by_turn, monthly_bill, per_turn_from, rate_card, turn_tokens
from core.prompt import STRATEGIES
from core.sgd_source import CorpusError
from core.store import Store
from evals.common import add_output_options, open_store
from evals.output import emit

DEFAULT_CONVERSATIONS = 10_000
DEFAULT_TURNS = 4


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("cost", help="monthly bill per tier, rate and prompt strategy at a volume")
    parser.add_argument("--run", metavar="RUN_ID", help="price the tokens per turn measured in this run")
    parser.add_argument("--conversations", type=float, default=DEFAULT_CONVERSATIONS,
                        help=f"conversations per month (default {DEFAULT_CONVERSATIONS:,})")
    parser.add_argument("--turns", type=int, default=DEFAULT_TURNS,
                        help=f"customer turns per conversation (default {DEFAULT_TURNS})")
    parser.add_argument("--service", default="Banks_1", help="the service whose prompts are estimated (Banks_1)")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def _latest_measured(store: Store, tier: str) -> str | None:
    """The newest finished run of a tier that recorded tokens."""
    frame = store.query(
        "SELECT r.run_id FROM runs r WHERE r.tier = ? AND r.status = 'finished' AND EXISTS "
        "(SELECT 1 FROM cases c WHERE c.run_id = r.run_id AND c.input_tokens IS NOT NULL) "
        "ORDER BY r.started_at DESC LIMIT 1", [tier])
    return None if frame.empty else str(frame["run_id"].iloc[0])


def _bill(price: Rate, per_turn, args: argparse.Namespace, **labels) -> dict:
    return {**labels, **monthly_bill(price, per_turn, args.conversations, args.turns)}


def handle(args: argparse.Namespace) -> int:
    if args.conversations < 0:
        raise ValueError("--conversations must not be negative")
    if args.turns < 1:
        raise ValueError("--turns must be at least 1")
    store = open_store(args)
    card = {rate.key: rate for rate in rate_card(store)}
    notes: list[str] = []

    estimates = {}
    try:
        corpus = build_corpus(args.service, "dialogue", sgd_dir=args.sgd, download=False)
        for strategy in STRATEGIES:
            estimates[strategy] = per_turn_from(estimate_by_turn(corpus.checklist, corpus.cases, strategy))
    except CorpusError as exc:
        notes.append(f"no prompt estimate: {exc}")

    by_rate = [_bill(rate, estimates[s], args, strategy=s, basis="estimate")
               for key, rate in card.items() for s in estimates]

    by_tier = []
    for tier in tier_config.load_tiers().values():
        key = tier.settings.get("rate")
        if not key:
            continue
        if key not in card:
            notes.append(f"tier {tier.name} names rate {key!r}, which is not on the rate card")
            continue
        strategy = tier.settings.get("strategy", "transcript")
        measured = _latest_measured(store, tier.name)
        if measured:
            per_turn, basis = per_turn_from(turn_tokens(store, measured)), f"measured in {measured}"
        elif strategy in estimates:
            per_turn, basis = estimates[strategy], "estimate"
        else:
            continue
        by_tier.append(_bill(card[key], per_turn, args, tier=tier.name, strategy=strategy, basis=basis))

    by_run = []
    if args.run:
        run = store.run(args.run)
        measured = turn_tokens(store, args.run)
        if measured.empty:
            raise ValueError(f"run {args.run} recorded no tokens ({run['tier_kind']} tier): it has no cost to price")
        per_turn = per_turn_from(measured)
        strategy = (run["settings"] or {}).get("strategy", "—")
        by_run = [_bill(rate, per_turn, args, run=args.run, tier=run["tier"], strategy=strategy,
                        basis="measured", own_rate=key == (run["settings"] or {}).get("rate"))
                  for key, rate in card.items()]

    result = {"conversations_per_month": args.conversations, "turns_per_conversation": args.turns,
              "service": args.service, "tiers": by_tier, "rates": by_rate, "run": by_run, "notes": notes}

    def human() -> None:
        print(f"Monthly bill at {args.conversations:,.0f} conversations x {args.turns} customer turns "
              f"(estimates: {args.service} prompts at 4 characters a token; turns past the corpus follow its trend)")
        if by_tier:
            print("by tier")
            for row in by_tier:
                print(f"  {row['tier']:<12} {row['rate']:<28} {row['strategy']:<10} {_usd(row['total_usd']):>12}"
                      f"  {_usd(row['per_conversation_usd'], 5)} per conversation  ({row['basis']})")
        if by_rate:
            print("by rate and prompt strategy (estimate)")
            print(f"  {'rate':<28} " + " ".join(f"{s:>12}" for s in estimates))
            for key in card:
                cells = {r["strategy"]: r["total_usd"] for r in by_rate if r["rate"] == key}
                print(f"  {key:<28} " + " ".join(f"{_usd(cells[s]):>12}" for s in estimates))
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
