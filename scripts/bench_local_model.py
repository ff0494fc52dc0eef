"""A model tier against a real server at LOCAL_BASE_URL, structured output on and off, on a Banks_1 held-out slice.

    LOCAL_BASE_URL=http://127.0.0.1:8640/v1 .venv/bin/python scripts/bench_local_model.py --limit 40

Prints, per setting: the served model, the structured-output form, decisions, stopped early (of the
ask cases), contract codes, failed extractions and the p50 call latency. Runs go to a temp store
unless --db names one. The recipe for a server on this machine is docs in ../shared/docs/local-model.md
(llama-cpp-python's server with a small Qwen GGUF). Not part of the test suite or CI.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import tiers
from core.corpus import build_corpus
from core.runner import run_eval
from core.store import Store


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", default="local")
    parser.add_argument("--service", default="Banks_1")
    parser.add_argument("--limit", type=int, default=40, help="held-out cases (0: all 298)")
    parser.add_argument("--structured", choices=("both", "on", "off"), default="both",
                        help="on = the tier's own setting (auto for `local`), off = none")
    parser.add_argument("--db", help="a run store to record into (default: a temp file)")
    parser.add_argument("--sgd", help="an SGD-layout folder")
    args = parser.parse_args()
    if not os.environ.get("LOCAL_BASE_URL"):
        print("set LOCAL_BASE_URL to an OpenAI-compatible server, e.g. http://127.0.0.1:8640/v1", file=sys.stderr)
        return 2
    corpus = build_corpus(args.service, "dialogue", sgd_dir=args.sgd)
    cases = corpus.select("held-out", args.limit or None)
    store = Store(args.db or Path(tempfile.mkdtemp(prefix="bench-local-")) / "runs.duckdb")
    settings_to_try = {"both": [None, "off"], "on": [None], "off": ["off"]}[args.structured]
    print(f"{args.tier} at {os.environ['LOCAL_BASE_URL']}: {args.service} held-out, {len(cases)} cases; "
          f"store {store.path}")
    for structured in settings_to_try:
        try:
            extractor, settings, fp = tiers.build(args.tier, structured_output=structured)
        except ValueError as exc:
            print(f"  structured {structured or 'as configured'}: {exc}")
            continue
        try:
            run_id, summary = run_eval(store, corpus, cases, extractor, split="held-out", settings=settings,
                                       prompt_fingerprint=fp)
        finally:
            extractor.close()
        latencies = store.query("SELECT latency_ms FROM calls WHERE run_id = ? AND http_status = 200",
                                [run_id])["latency_ms"].dropna().tolist()
        p50 = f"{statistics.median(latencies):.0f} ms" if latencies else "—"
        codes = ", ".join(f"{k} {v}" for k, v in sorted(summary["codes"].items())) or "none"
        print(f"  {run_id}  model {settings.get('served_model') or settings.get('model')}  "
              f"structured {settings['structured_output']}  temperature {settings.get('temperature')}")
        print(f"    decisions {summary['decisions_correct']}/{summary['n']} = {100 * summary['decision_accuracy']:.1f}%"
              f"  stopped early {summary['stopped_early']} of {summary['gold_ask']} ask cases"
              f"  failed extractions {summary['failed_extractions']}  p50 {p50}")
        print(f"    codes {codes}")
        for warning in summary.get("warnings") or []:
            print(f"    WARNING {warning}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
