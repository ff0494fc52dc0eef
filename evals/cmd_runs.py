"""`runs`: the run history in the store."""

from __future__ import annotations

import argparse
import json

from evals.common import add_output_options, open_store, whole
from evals.output import emit, pct


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("runs", help="list recorded runs, newest first")
    parser.add_argument("--kind", choices=("eval", "floor", "redteam", "contract", "generality"))
    parser.add_argument("--limit", type=whole(1, 1_000_000), default=50)
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    store = open_store(args)
    records = store.run_rows(args.kind, args.limit)
    summaries = {rec["run_id"]: json.loads(rec["summary"]) if isinstance(rec["summary"], str) else {}
                 for rec in records}
    # a run that died with no summary (a read-only store cannot be closed on open): the cases it wrote
    unsummed = [rid for rid, s in summaries.items() if (s or {}).get("n") is None]
    written = store.cases_written(unsummed)
    rows = []
    for rec in records:
        summary = summaries[rec["run_id"]] or {}
        if rec["run_id"] in written:
            summary = {**summary, "n": written[rec["run_id"]]}
        settings = json.loads(rec["settings"]) if isinstance(rec["settings"], str) else {}
        rows.append({"run_id": rec["run_id"], "kind": rec["kind"], "tier": rec["tier"], "tier_kind": rec["tier_kind"],
                     "simulated": rec["tier_kind"] == "simulated" or bool((settings or {}).get("simulated")),
                     "service": rec["service"], "split": rec["split"], "segment": rec["segment"],
                     "status": rec["status"], "n": summary.get("n"),
                     "decision_accuracy": summary.get("decision_accuracy"),
                     "stopped_early": summary.get("stopped_early"), "stopped_wrong": summary.get("stopped_wrong"),
                     "wrong": summary.get("wrong"),
                     "model": rec["model"] if isinstance(rec.get("model"), str) else None,
                     "served_model": (settings or {}).get("served_model"),
                     "host_kind": (settings or {}).get("host_kind"),
                     "temperature": (settings or {}).get("temperature"),
                     "warnings": summary.get("warnings") or [],
                     "started_at": str(rec["started_at"])})

    def human() -> None:
        if not rows:
            print("no runs recorded yet: try `python -m evals run --tier offline --service Banks_1`")
        for r in rows:
            print(f"{r['run_id']}  {r['kind']:<7} {r['tier']:<13} {kind_label(r):<18} {r['service'] or '':<13}"
                  f" {r['split'] or '':<9}"
                  f" {r['status']:<10} n={r['n'] or 0:<5} acc {pct(r['decision_accuracy']):>6}"
                  f" early {r['stopped_early'] if r['stopped_early'] is not None else '—'}"
                  + (f" on-wrong {r['stopped_wrong']}" if r["stopped_wrong"] is not None else "")
                  + (f"  model {model_label(r)}" if r["model"] else "")
                  + (f"  ({len(r['warnings'])} warning(s))" if r["warnings"] else ""))

    emit({"runs": rows}, args.json, human)
    return 0


def kind_label(row: dict) -> str:
    """The tier kind as listed: a replay of simulated replies still says simulated."""
    if row["tier_kind"] == "replay" and row["simulated"]:
        return "replay (simulated)"
    return row["tier_kind"]


def model_label(row: dict) -> str:
    """The model as served (when the server named it), and where: `qwen2.5-coder-1.5b-instruct@loopback`."""
    name = row["served_model"] or row["model"]
    return name + (f"@{row['host_kind']}" if row["host_kind"] else "")
