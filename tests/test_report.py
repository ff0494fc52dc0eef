"""`python -m evals report`: the table's figures, the floors, the SGD-X changes, and bad input."""

from __future__ import annotations

import json

from evals.cli import main


def test_report_prints_banks1_held_out_with_floors_and_sgd_x(sgd_dir, capsys):
    code = main(["report", "--tier", "offline", "--services", "Banks_1", "--segments", "dialogue",
                 "--splits", "held-out,sample", "--sgd", str(sgd_dir), "--json"])
    assert code == 0
    body = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    held, sample = body["rows"]
    assert (held["service"], held["segment"], held["split"], held["n"]) == ("Banks_1", "dialogue", "held-out", 298)
    assert sample["n"] == 1042
    assert held["gold_ask"] == 136  # the held-out split is reported, its figures never gated here
    assert sample["stopped_early"] <= 2 and sample["wrong"] <= 5
    assert sample["decisions"]["value"] >= 0.98 and sample["decisions"]["low"] <= sample["decisions"]["value"]
    # always-stop scores the stop share, 162 of 298; always-ask and copy-nothing the ask share.
    assert held["floors"]["always-stop"]["hits"] == 162
    assert held["floors"]["always-ask"]["hits"] == held["floors"]["copy-nothing"]["hits"] == 136
    variants = body["sgd_x"]  # measured on the held-out split: what it reports, never a bound on it
    assert variants["n"] == 298 and sorted(variants["variants"]) == ["v1", "v2", "v3", "v4", "v5"]
    for figures in variants["variants"].values():
        assert figures["changed"] == len(figures["changed_cases"])


def test_report_human_table_names_every_row(sgd_dir, capsys):
    assert main(["report", "--services", "Banks_1", "--segments", "intent", "--splits", "held-out",
                 "--no-variants", "--sgd", str(sgd_dir)]) == 0
    out = capsys.readouterr().out
    assert "Banks_1       intent   held-out" in out and "always-stop" in out and "SGD-X" not in out


def test_report_rejects_bad_input_with_one_line(sgd_dir, capsys):
    assert main(["report", "--segments", "sentence", "--sgd", str(sgd_dir)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown segments sentence" in err[0]
    assert main(["report", "--tier", "nope", "--sgd", str(sgd_dir)]) == 2
    assert "unknown tier" in capsys.readouterr().err
