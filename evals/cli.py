"""The command line: one parser, one module per command."""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import signal
import sys
import threading

import duckdb
import httpx

import evals
from core import config
from core.errors import ChatIntakeError
from core.secrets import scrub

# Every `evals/cmd_*.py` module is a command: it defines register(subparsers).
FIRST = ("cmd_corpus", "cmd_run", "cmd_floors", "cmd_runs")


def commands() -> list:
    names = sorted(m.name for m in pkgutil.iter_modules(evals.__path__) if m.name.startswith("cmd_"))
    ordered = [n for n in FIRST if n in names] + [n for n in names if n not in FIRST]
    return [importlib.import_module(f"evals.{name}") for name in ordered]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, exit 2
        self.exit(2, f"error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m evals", description="Chat Intake evaluations over the SGD corpus.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for command in commands():
        command.register(sub)
    return parser


def _terminate(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt  # a run killed with SIGTERM closes as incomplete, like Ctrl-C


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # a bad argument (one `error:` line, 2) or --help (0): a code, like every failure
        return exc.code if isinstance(exc.code, int) else 2
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    # warnings and errors of background work to stderr (stdout stays the command's output)
    level = config.log_level()
    logging.basicConfig(level=level if level in logging.getLevelNamesMapping() else "WARNING",
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return args.handler(args)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        sys.stderr.close()
        return 0
    except ChatIntakeError as exc:  # the product's own errors (core/errors.py); any other is a bug, with its traceback
        print(f"error: {scrub(str(exc))}", file=sys.stderr)
        return 2
    except duckdb.Error as exc:
        print(f"error: the run store cannot be used: {scrub(str(exc)).splitlines()[0]}", file=sys.stderr)
        return 2
    except (httpx.HTTPError, OSError) as exc:
        print(f"error: {type(exc).__name__}: {scrub(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: the run is recorded as incomplete", file=sys.stderr)
        return 130
