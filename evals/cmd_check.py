"""`check`: the latest run against its last comparable run; exits 1 when a band is crossed (a CI gate)."""

from __future__ import annotations

import argparse

from core.bands import Check, check
from evals.common import add_output_options, open_store
from evals.output import emit

BAND_CROSSED = 1


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("check", help="difference the latest run from its last comparable run; "
                                          "exit 1 when a figure leaves its band")
    parser.add_argument("--run", metavar="RUN_ID", help="the run to check (default: the latest finished run)")
    parser.add_argument("--against", metavar="RUN_ID",
                        help="the run to difference from (default: the last comparable run before it)")
    parser.add_argument("--kind", choices=("eval", "floor", "redteam", "contract"), default="eval",
                        help="which runs 'latest' means (default eval)")
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def _label(run: dict) -> str:
    where = " ".join(str(run[k]) for k in ("service", "split") if run.get(k))
    return f"{run['run_id']} ({run['tier']} on {where}, n={run['n']})"


def handle(args: argparse.Namespace) -> int:
    result: Check = check(open_store(args), run_id=args.run, against=args.against, kind=args.kind)
    crossed = result.crossed
    payload = {
        "run": result.run["run_id"] if result.run else None,
        "against": result.against["run_id"] if result.against else None,
        "guard_key": result.run["guard_key"] if result.run else None,
        "comparable": result.against is not None,
        "reason": result.reason,
        "labels": result.labels,
        "crossed": len(crossed),
        "deviations": [d.to_json() for d in crossed],
        "within": [d.to_json() for d in result.within],
    }

    def human() -> None:
        for label in result.labels:
            print(f"NOTE {label} (picked by hand; not a clean result)")
        if result.against is None:
            print(result.reason)
            return
        run = result.run or {}
        print(f"run {_label(run)}")
        print(f"against {_label(result.against)}; same guards ({run.get('guard_key')})")
        for deviation in crossed:
            print(f"  CROSSED {deviation.describe()}")
        judged = [d for d in result.within if d.band.contains(d.value_b) is not None]
        unjudged = [d.metric for d in result.within if d.band.contains(d.value_b) is None]
        print(f"{len(crossed)} band{'s' if len(crossed) != 1 else ''} crossed; {len(judged)} figures within band"
              + (f"; not judged (no evidence or not measured): {', '.join(unjudged)}" if unjudged else ""))

    emit(payload, args.json, human)
    return BAND_CROSSED if crossed else 0
