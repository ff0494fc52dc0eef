"""One error hierarchy: the CLI turns the product's own errors into one line, and leaves a bug's
traceback alone."""

from __future__ import annotations

import pytest

import evals.cmd_runs
from core.budget import BudgetExhausted
from core.errors import ChatIntakeError, NotFound, UsageError
from core.limits import MessageTooLong
from core.secrets import MissingKey
from core.sgd_source import CorpusError
from evals.cli import main


def test_every_error_the_product_raises_on_purpose_is_in_the_hierarchy():
    for error in (UsageError, NotFound, CorpusError, MissingKey, BudgetExhausted, MessageTooLong):
        assert issubclass(error, ChatIntakeError), error
    assert issubclass(UsageError, ValueError) and issubclass(NotFound, KeyError)  # older catches still hold
    assert str(NotFound("no run 'x' in runs.duckdb")) == "no run 'x' in runs.duckdb"  # not KeyError's quoted repr


def test_the_cli_prints_the_products_error_as_one_line(monkeypatch, capsys, tmp_path):
    def refuse(args) -> int:
        raise UsageError("--flag must be at least 1")

    monkeypatch.setattr(evals.cmd_runs, "handle", refuse)
    assert main(["runs", "--db", str(tmp_path / "r.duckdb")]) == 2
    assert capsys.readouterr().err == "error: --flag must be at least 1\n"


def test_a_bug_is_not_dressed_as_a_user_error(monkeypatch, tmp_path):
    def buggy(args) -> int:
        return {}["missing"]  # a KeyError from a bug, not a missing run

    monkeypatch.setattr(evals.cmd_runs, "handle", buggy)
    with pytest.raises(KeyError):
        main(["runs", "--db", str(tmp_path / "r.duckdb")])
