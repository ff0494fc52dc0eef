"""`run`: one tier over a case set, graded and recorded."""

from __future__ import annotations

import argparse
import sys

from core import tiers
from core.errors import UsageError
from core.grade import Rate
from core.runner import INTENT_MODES, run_eval
from evals.common import add_corpus_options, add_output_options, open_corpus, open_store, whole
from evals.output import emit, pct, progress_bar

STRUCTURED_CHOICES = ("auto", "json_schema", "json_object_schema", "ollama_format", "vllm_guided", "off")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("run", help="run a tier over a case set and record it")
    parser.add_argument("--tier", default="offline", help="a tier from data/tiers.toml (default offline)")
    parser.add_argument("--concurrency", type=whole(1, 512), default=1,
                        help="cases in flight at once; halves for a while when the provider rate-limits")
    parser.add_argument("--repeats", type=whole(1, 10_000_000), default=1,
                        help="run every case N times with fresh calls and count decisions that flip")
    parser.add_argument("--from-run", metavar="RUN_ID", help="with --tier replay: the run whose replies to re-serve")
    parser.add_argument("--structured-output", choices=STRUCTURED_CHOICES, metavar="FORM",
                        help="override the tier's structured output: " + ", ".join(STRUCTURED_CHOICES))
    parser.add_argument("--intent", choices=INTENT_MODES, default="gold",
                        help="gold: each case's intent is given (seed-faithful); predicted: every turn reads it")
    add_corpus_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if args.concurrency < 1:
        raise UsageError("--concurrency must be at least 1")
    if args.repeats < 1:
        raise UsageError("--repeats must be at least 1")
    if args.from_run and tiers.load_tiers().get(args.tier, tiers.Tier(args.tier, "")).kind != "replay":
        raise UsageError(f"--from-run only applies to a replay tier; {args.tier!r} is not one")
    corpus = open_corpus(args)
    cases = corpus.select(args.split, args.limit)
    if not cases:
        raise UsageError(f"no cases in split {args.split!r} of {args.service}")
    store = open_store(args)
    extractor, settings, prompt_fp = tiers.build(args.tier, from_run=args.from_run, store=store,
                                                 structured_output=args.structured_output)
    update, close = progress_bar(len(cases) * args.repeats, f"{args.tier} on {args.service}", enabled=not args.json)
    try:
        run_id, summary = run_eval(store, corpus, cases, extractor, split=args.split, settings=settings,
                                   prompt_fingerprint=prompt_fp, concurrency=args.concurrency, progress=update,
                                   repeats=args.repeats, intent_mode=args.intent)
    finally:
        close()
        if hasattr(extractor, "close"):
            extractor.close()  # a model tier's HTTP client
    status = store.run(run_id)
    result = {"run_id": run_id, "tier": args.tier, "tier_kind": extractor.kind, "status": status["status"],
              "status_note": status["status_note"], "service": args.service, "split": args.split,
              "segment": args.segment, **summary}

    def human() -> None:
        label = {"simulated": " [SIMULATED]", "replay": f" [REPLAY of {args.from_run}]"}.get(extractor.kind, "")
        print(f"run {run_id}: {args.tier}{label} on {args.service} {args.split} ({args.segment} mode), "
              f"n={summary['n']} — {status['status']}")
        if status["status_note"]:
            print(f"  note: {status['status_note']}")
        if settings.get("kind") == "model":
            print(f"  model {describe_model(settings)}; temperature {settings.get('temperature', 'not sent')}"
                  f", seed {settings.get('seed', 'not sent')}; structured output {settings.get('structured_output')}")
        low, high = summary["decision_accuracy_ci"] or (None, None)
        print(f"  decisions  {summary['decisions_correct']}/{summary['n']} = {pct(summary['decision_accuracy'])}"
              f"  (95% CI {pct(low)}–{pct(high)}; always-stop floor {Rate(summary['gold_stop'], summary['n'])})")
        print(f"  stopped early {summary['stopped_early']} of {summary['gold_ask']} ask cases;"
              f" asked when complete {summary['asked_when_complete']} of {summary['gold_stop']}")
        if summary.get("stopped_early_gold_errata"):
            print(f"    {summary['stopped_early_gold_errata']} of these are cases whose SGD state misses a fact the"
                  f" customer stated (reviewed: {summary['gold_errata']['file']}); the count above stays graded"
                  " against SGD as published")
        print(f"  stopped on a wrong fact {summary['stopped_wrong']} (gold stops too, but the record holds a value gold"
              " does not accept)")
        print(f"  facts  correct {summary['correct']}  wrong {summary['wrong']}  missed {summary['missed']}"
              f"  open {summary['open']}  (precision {Rate(summary['correct'], summary['stated'])})")
        if "intent_accuracy" in summary:
            acc, wrong = (Rate(summary[k]["hits"], summary[k]["n"]) for k in ("intent_accuracy", "wrong_intent_stops"))
            print(f"  intent (predicted)  right {acc}; stopped on a wrong intent {wrong}; "
                  f"not settled on {summary['intent_unsettled']} cases")
        if summary["codes"]:
            print("  contract codes  " + ", ".join(f"{k} {v}" for k, v in sorted(summary["codes"].items())))
        if summary["calls"]:
            failed = ", ".join(f"{k} {v}" for k, v in summary["failures"].items() if v) or "none"
            attempts = ", ".join(f"{k} {v}" for k, v in summary["call_failures"].items()) or "none"
            print(f"  calls {summary['calls']} ({summary['retried_calls']} retries); failed attempts: {attempts}")
            print(f"  failed extractions {summary['failed_extractions']}: {failed}")
        if "repeats" in summary:
            print(f"  repeats {summary['repeats']}: each case counted once, by {summary['per_case']}; "
                  f"{summary['flipped']} of {summary['cases']} cases flipped their decision between repeats; "
                  f"mean agreement {pct(summary['agreement'])}")
        if summary["step_ms"]:
            print("  mean ms per step  " + ", ".join(f"{k} {v:.1f}" for k, v in summary["step_ms"].items()))
        server = summary.get("server") or {}
        if server.get("latency_p50_ms") is not None:
            timing = f"  call p50 {server['latency_p50_ms']:.0f} ms"
            if server.get("server_ms_p50") is not None:
                timing += f" = server {server['server_ms_p50']:.0f} + queue {server['queue_ms_p50']:.0f}"
            elif server.get("processing_ms_p50") is not None:
                timing += f" (server handler {server['processing_ms_p50']:.0f}, queue wait included)"
            else:
                timing += " (the server reports no compute time: queue wait is included)"
            print(timing + f"; prompt tokens p50 {server.get('prompt_tokens_p50')} "
                  f"(estimate {server.get('prompt_estimate_p50')})")
        for warning in summary.get("warnings") or []:
            print(f"  WARNING {warning}")
        print(f"  wall clock {summary['wall_s']:.2f} s; recorded in {store.path}")

    emit(result, args.json, human)
    if status["status"] == "partial" and not summary["calls"] and "budget" in (status["status_note"] or ""):
        print(f"error: no call was made: {status['status_note']}", file=sys.stderr)
        return 1  # a run the budget stopped before its first call is no result
    return 0


def describe_model(settings: dict) -> str:
    """The model as asked for and as the server named it, and where the server is."""
    asked, served = settings.get("model"), settings.get("served_model")
    text = str(asked) if not served or served == asked else f"{served} (asked for {asked})"
    return text + (f" on a {settings['host_kind']} server" if settings.get("host_kind") else "")
