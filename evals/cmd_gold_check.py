"""`gold-check`: the contract over SGD's own gold values; only by-design refusals may fire."""

from __future__ import annotations

import argparse

from core.corpus import SEGMENTS
from core.gold_check import DEFAULT_SERVICES, run_gold_check
from evals.common import add_output_options, open_store
from evals.output import emit


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("gold-check", help="count contract codes firing on gold values (false positives)")
    parser.add_argument("--services", nargs="+", default=list(DEFAULT_SERVICES), metavar="SERVICE",
                        help=f"SGD services (default {' '.join(DEFAULT_SERVICES)})")
    parser.add_argument("--segment", choices=SEGMENTS, default="intent", help="case segmentation (default intent)")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    _, summary = run_gold_check(open_store(args), args.services, args.segment, sgd_dir=args.sgd)

    def human() -> None:
        print(f"contract over gold values ({args.segment} mode): a rejecting code on gold is a false positive")
        for c in summary["corpora"]:
            codes = ", ".join(f"{k} {v}" for k, v in c["codes"].items() if v) or "no code fired"
            print(f"  {c['service']:<14} cases {c['cases']:>5}  values {c['values_checked']:>5}"
                  f"  false positives {c['false_positives']}  refused by design {c['refused_by_design']}  ({codes})")
        print(f"false positives in total: {summary['false_positives_total']}; refused by design (gold inferred, or "
              f"agent words the customer did not take): {summary['refused_by_design_total']}; "
              f"run {summary['run_id']} recorded")

    emit(summary, args.json, human)
    return 0 if summary["rejecting_codes_zero"] else 1
