"""`contract`: run the contaminated fixtures through the answer contract and record the run."""

from __future__ import annotations

import argparse

from core.fixtures import load_fixtures, record_fixtures
from evals.common import add_output_options, open_store
from evals.output import emit


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("contract", help="check the contract against its contaminated fixtures")
    parser.add_argument("--fixtures", metavar="DIR", help="a fixture folder (default data/contract)")
    parser.add_argument("--sgd", metavar="DIR", help="an SGD-layout folder (else SGD_DIR, data/sgd, shared/sgd)")
    add_output_options(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    fixtures = load_fixtures(args.fixtures)
    _, summary, _ = record_fixtures(open_store(args), fixtures, sgd_dir=args.sgd, folder=args.fixtures)

    def human() -> None:
        for row in summary["per_fixture"]:
            verdict = "ok  " if row["passed"] else "FAIL"
            expected = ", ".join(row["expected"]) or "no code"
            got = ", ".join(row["got"]) or "no code"
            print(f"{verdict} {row['kind']:<5} {row['id']:<34} {row['service']:<13} {row['case_id']:<12}"
                  f" expected {expected:<26} got {got}")
        print(f"bad rejected with exactly their code: {summary['bad_rejected_as_expected']}/{summary['bad_total']};"
              f" clean passed: {summary['clean_passed']}/{summary['clean_total']}")
        missing = summary["codes_not_covered"]
        print("every code has a bad fixture" if not missing else f"codes with no bad fixture: {', '.join(missing)}")
        print(f"run {summary['run_id']} recorded")

    emit(summary, args.json, human)
    return 0 if summary["all_passed"] else 1
