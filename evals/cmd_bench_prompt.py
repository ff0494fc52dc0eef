"""`bench-prompt`: prompt size per customer turn (1..10) for the transcript and carried strategies.

`transcript` re-sends the whole prefix, so it grows with the conversation; `carried` sends the
facts collected so far plus the latest exchange, so it should stay flat. Facts carried from
turn to turn are the offline tier's, so the figure needs no key and no provider.
"""

from __future__ import annotations

import argparse
from statistics import mean

from core.case import AGENT, Case
from core.errors import UsageError
from core.extractors.offline import OfflineExtractor
from core.prompt import render
from core.turn import take_turn
from evals.common import add_corpus_options, add_output_options, open_corpus, whole
from evals.output import emit

TURNS = 10
FLAT_WITHIN = 1.2  # carried may grow to at most this multiple of its turn-1 size


def customer_turn(case: Case) -> int:
    return sum(ln.speaker != AGENT for ln in case.lines)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("bench-prompt", help="prompt size per turn: transcript vs carried strategy")
    parser.add_argument("--turns", type=whole(1, 1000), default=TURNS,
                        help=f"customer turns to report (default {TURNS})")
    add_corpus_options(parser)
    add_output_options(parser, db=False)
    parser.set_defaults(handler=handle, split="all")


def sizes(corpus, cases: list[Case], turns: int) -> dict[str, dict[int, list[int]]]:
    """Prompt characters per strategy and customer turn, over every dialogue with a case at that turn
    (a customer turn with no active intent is not a case, so the counts need not fall turn by turn)."""
    by_dialogue: dict[str, list[Case]] = {}
    for case in cases:
        by_dialogue.setdefault(case.dialogue_id, []).append(case)
    found: dict[str, dict[int, list[int]]] = {"transcript": {}, "carried": {}}
    offline = OfflineExtractor()
    for group in by_dialogue.values():
        carried: dict[str, str] = {}
        for case in sorted(group, key=lambda c: c.turn_index):
            turn = customer_turn(case)
            if turn > turns:
                break
            for strategy in found:
                prompt = render(corpus.checklist, case.intent, case.lines, strategy,
                                carried if strategy == "carried" else None)
                found[strategy].setdefault(turn, []).append(len(prompt.text))
            carried = take_turn(corpus.checklist, case.intent, case.lines, offline, carried=carried).collected
    return found


def handle(args: argparse.Namespace) -> int:
    corpus = open_corpus(args)
    cases = corpus.select(args.split, args.limit)
    if not cases:
        raise UsageError(f"no cases in split {args.split!r} of {args.service}")
    found = sizes(corpus, cases, args.turns)
    curves = {s: {t: round(mean(v), 1) for t, v in sorted(per.items())} for s, per in found.items()}
    counts = {t: len(v) for t, v in sorted(found["transcript"].items())}
    base = curves["carried"].get(1)
    worst = max(v / base for v in curves["carried"].values()) if base else None
    result = {"service": args.service, "segment": args.segment, "split": args.split, "unit": "characters",
              "approx_tokens_per_char": 0.25, "dialogues_at_turn": counts, "transcript": curves["transcript"],
              "carried": curves["carried"], "carried_max_over_turn1": round(worst, 3) if worst else None,
              "carried_flat": worst is not None and worst <= FLAT_WITHIN,
              "transcript_growth": round(curves["transcript"][max(counts)] / curves["transcript"][1], 3)
              if counts else None}

    def human() -> None:
        print(f"prompt size per customer turn on {args.service} ({args.segment} mode, split {args.split}); "
              "characters (≈ tokens × 4), mean over the dialogues with a case at that customer turn")
        print(f"  {'turn':>4}  {'dialogues':>9}  {'transcript':>10}  {'carried':>8}  carried/turn 1")
        for turn, n in counts.items():
            ratio = curves["carried"][turn] / base if base else float("nan")
            print(f"  {turn:>4}  {n:>9}  {curves['transcript'][turn]:>10.0f}  {curves['carried'][turn]:>8.0f}"
                  f"  {ratio:.2f}x")
        verdict = "within" if result["carried_flat"] else "NOT within"
        print(f"  carried peaks at {result['carried_max_over_turn1']}x turn 1: {verdict} {FLAT_WITHIN}x; "
              f"transcript grows {result['transcript_growth']}x")

    emit(result, args.json, human)
    return 0
