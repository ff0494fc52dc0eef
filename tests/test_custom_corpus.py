"""A user's own checklist and transcripts become cases like SGD's."""

import json

import pytest

from core.corpus import build_corpus
from core.sgd_source import CorpusError
from tests.test_checklist import SCHEMA


def _write(folder, transcripts):
    folder.mkdir()
    (folder / "checklist.json").write_text(json.dumps(SCHEMA))
    (folder / "transcripts.jsonl").write_text("\n".join(json.dumps(t) for t in transcripts) + "\n")
    return folder


TRANSCRIPT = {"id": "loan-1", "turns": [
    {"speaker": "customer", "text": "I'd like a loan of $500", "intent": "Apply", "facts": {"amount": ["$500"]}},
    {"speaker": "agent", "text": "Over 12 or 24 months?", "asks": ["term"]},
    {"speaker": "customer", "text": "12 please", "intent": "Apply", "facts": {"amount": ["$500"], "term": ["12"]}},
    {"speaker": "agent", "text": "Done. Anything else?"},
    {"speaker": "customer", "text": "No thanks", "intent": "Apply", "facts": {"amount": ["$500"], "term": ["12"]}},
]}


def test_transcripts_become_cases(tmp_path):
    corpus = build_corpus("Loans_1", sgd_dir=_write(tmp_path / "mine", [TRANSCRIPT]), download=False)
    assert [(c.case_id, c.complete) for c in corpus.cases] == [("loan-1#0", False), ("loan-1#2", True)]
    assert corpus.dropped_turns == 1
    assert corpus.cases[1].lines[1].asks == ("term",)
    assert corpus.split == "custom"


def test_bad_transcripts_are_clear_errors(tmp_path):
    folder = _write(tmp_path / "bad", [TRANSCRIPT])
    (folder / "transcripts.jsonl").write_text('{"id": "x", "turns": [{"speaker": "bot", "text": "hi"}]}\n')
    with pytest.raises(CorpusError, match="line 1: each turn needs speaker"):
        build_corpus("Loans_1", sgd_dir=folder, download=False)
    with pytest.raises(CorpusError, match="not 'Banks_1'"):
        build_corpus("Banks_1", sgd_dir=folder, download=False)
