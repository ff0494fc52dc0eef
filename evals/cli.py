"""The command line: one parser, one module per command."""

from __future__ import annotations

import argparse
import sys

from core.secrets import MissingKey
from core.sgd_source import CorpusError
from evals import cmd_corpus, cmd_floors, cmd_run, cmd_runs

COMMANDS = [cmd_corpus, cmd_run, cmd_floors, cmd_runs]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, exit 2
        self.exit(2, f"error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m evals", description="Chat Intake evaluations over the SGD corpus.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for command in COMMANDS:
        command.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except (CorpusError, MissingKey, ValueError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: the run is recorded as incomplete", file=sys.stderr)
        return 130
