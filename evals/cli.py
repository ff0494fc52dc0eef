"""The command line: one parser, one module per command."""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import signal
import sys
import threading
from types import ModuleType
from typing import NoReturn

import evals
from core import config
from core.errors import ChatIntakeError
from core.secrets import scrub

# Every `evals/cmd_*.py` module is a command: it defines register(subparsers). A module is imported
# only when its command runs: together they pull in pandas, DuckDB, the corpus and the tiers (2-3 s
# of start-up), and `--help` or `runs` must answer at once. So `--help` lists this table's lines;
# tests/test_cli.py checks them against the modules' own. A module missing here is still a command.
COMMANDS = {
    "corpus": "build a service's cases and report counts",
    "run": "run a tier over a case set and record it",
    "floors": "score the free floors and record them",
    "runs": "list recorded runs, newest first",
    "bench-concurrency": "time a concurrent run against the SIMULATED provider vs a serial one",
    "bench-prompt": "prompt size per turn: transcript vs carried strategy",
    "check": "difference the latest run from its last comparable run; exit 1 when a figure leaves its band",
    "contract": "check the contract against its contaminated fixtures",
    "cost": "monthly bill per tier, rate and prompt strategy at a volume",
    "gold-check": "count contract codes firing on gold values (false positives)",
    "redteam": "run the attacks and their controls on a tier and record them",
    "report": "a tier over every service of an SGD folder: per service and group, floors, SGD-X; recorded as a "
              "generality run",
    "simulate": "serve the SIMULATED provider on 127.0.0.1 (answers from offline)",
}


def command_names() -> list[str]:
    """Every command: the table's order, then any module the table does not name yet."""
    found = sorted(m.name[4:].replace("_", "-") for m in pkgutil.iter_modules(evals.__path__)
                   if m.name.startswith("cmd_"))
    return [n for n in COMMANDS if n in found] + [n for n in found if n not in COMMANDS]


def command_module(name: str) -> ModuleType:
    return importlib.import_module(f"evals.cmd_{name.replace('-', '_')}")


def commands() -> list[ModuleType]:
    """Every command's module, imported (slow: for tests and tools that want them all)."""
    return [command_module(name) for name in command_names()]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one clear line, exit 2
        self.exit(2, f"error: {message} (see --help)\n")


def build_parser(argv: list[str]) -> argparse.ArgumentParser:
    """The parser for `argv`: the command it names registered in full (its module imported), every
    other one listed by its line."""
    words = [a for a in argv if not a.startswith("-")]
    chosen = words[0] if words else None  # the parser itself has no option but --help
    parser = _Parser(prog="python -m evals", description="Chat Intake evaluations over the SGD corpus.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in command_names():
        if name == chosen:
            command_module(name).register(sub)
        else:
            sub.add_parser(name, help=COMMANDS.get(name))
    return parser


def _terminate(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt  # a run killed with SIGTERM closes as incomplete, like Ctrl-C


def main(argv: list[str] | None = None) -> int:
    try:
        argv = sys.argv[1:] if argv is None else argv
        args = build_parser(argv).parse_args(argv)
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
    except KeyboardInterrupt:
        print("interrupted: the run is recorded as incomplete", file=sys.stderr)
        return 130
    except Exception as exc:
        line = _library_failure(exc)
        if line is None:
            raise  # a bug: its traceback
        print(line, file=sys.stderr)
        return 2


def _library_failure(exc: Exception) -> str | None:
    """One line for a failure of the store, the network or the file system. DuckDB and httpx are
    looked up among the modules already imported: a command that never imported one cannot fail in it."""
    duckdb = sys.modules.get("duckdb")
    if duckdb is not None and isinstance(exc, duckdb.Error):
        first = (scrub(str(exc)) or type(exc).__name__).splitlines()[0]  # an error with no message still says one
        return f"error: the run store cannot be used: {first}"
    httpx = sys.modules.get("httpx")
    if isinstance(exc, OSError) or (httpx is not None and isinstance(exc, httpx.HTTPError)):
        return f"error: {type(exc).__name__}: {scrub(str(exc))}"
    return None
