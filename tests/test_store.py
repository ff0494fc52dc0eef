"""The run store: self-migration, runs and cases, interrupted runs, reviews, no secrets."""

import time
from datetime import timedelta

import duckdb
import pytest

from core.extractors.offline import OfflineExtractor
from core.migrations import MIGRATIONS, m001_initial
from core.runner import run_eval
from core.store import Store, _now


def test_fresh_store_applies_every_migration(tmp_path):
    store = Store(tmp_path / "a.duckdb")
    applied = store.query("SELECT name FROM migrations ORDER BY name")["name"].tolist()
    assert applied == [name for name, _ in MIGRATIONS]
    Store(tmp_path / "a.duckdb")  # opening again is a no-op
    assert len(store.query("SELECT * FROM migrations")) == len(MIGRATIONS)


def test_oldest_schema_migrates_and_keeps_its_rows(tmp_path):
    path = tmp_path / "old.duckdb"
    db = duckdb.connect(str(path))
    db.execute("CREATE TABLE migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    m001_initial(db)
    db.execute("INSERT INTO migrations VALUES ('m001_initial', now())")
    db.execute("INSERT INTO runs (run_id, kind, tier, tier_kind, status, started_at) "
               "VALUES ('r-old', 'eval', 'offline', 'offline', 'finished', now())")
    db.close()
    store = Store(path)
    assert store.runs()["run_id"].tolist() == ["r-old"]
    assert "rate_card" in store.query("SHOW TABLES")["name"].tolist()


def test_a_run_and_its_cases_are_recorded(store, banks1):
    cases = banks1.select("held-out", limit=20)
    run_id, summary = run_eval(store, banks1, cases, OfflineExtractor(), split="held-out",
                               settings={"tier": "offline"}, prompt_fingerprint="offline")
    run = store.run(run_id)
    assert run["status"] == "finished" and run["summary"]["n"] == 20 == summary["n"]
    assert set(run["guards"]) == {"case_set", "checklist", "prompt", "grader", "tier_settings", "intent_mode"}
    rows = store.cases(run_id)
    assert len(rows) == 20 and rows["decision"].isin(["ask", "stop"]).all()
    assert int(rows["decision_correct"].sum()) == summary["decisions_correct"]
    one = store.case(run_id, cases[0].case_id)
    assert one["gold"] == {k: list(v) for k, v in cases[0].gold.items()}


class Exploding:
    """Fails on the third case, like a process killed half-way."""

    tier, kind = "exploding", "offline"

    def __init__(self) -> None:
        self.calls = 0
        self.inner = OfflineExtractor()

    def extract(self, request):
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("provider went away")
        return self.inner.extract(request)


def test_an_interrupted_run_is_incomplete_never_finished(store, banks1):
    cases = banks1.select("held-out", limit=10)
    with pytest.raises(RuntimeError, match="provider went away"):
        run_eval(store, banks1, cases, Exploding(), split="held-out", settings={}, prompt_fingerprint="x")
    run = store.runs().iloc[0]
    assert run["status"] == "incomplete"
    assert "stopped after 2 of 10 cases" in run["status_note"]
    assert len(store.cases(run["run_id"])) == 2


def test_a_run_whose_process_died_reads_incomplete(store):
    run_id = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards={}, settings={}, n_planned=5)
    assert store.runs().iloc[0]["status"] == "running"
    with store.connect() as db:
        db.execute("UPDATE runs SET heartbeat_at = ? WHERE run_id = ?", [_now() - timedelta(minutes=10), run_id])
    assert store.runs().iloc[0]["status"] == "incomplete"


def test_reviews_are_saved_and_validated(store):
    store.add_review("r1", "d#1", "gold wrong", "the agent typed the amount")
    assert store.reviews("r1")[["verdict", "note"]].values.tolist() == [["gold wrong", "the agent typed the amount"]]
    with pytest.raises(ValueError, match="unknown verdict"):
        store.add_review("r1", "d#1", "meh")


def test_keys_are_scrubbed_before_they_reach_the_file(store, monkeypatch):
    secret = "sk-test-abcdefghijklmnop1234"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    store.add_calls([{"run_id": "r1", "case_id": "c", "prompt": f"Authorization: Bearer {secret}",
                      "raw_reply": "ok", "error": f"bad key {secret}"}])
    stored = store.calls("r1").iloc[0]
    assert secret not in stored["prompt"] and secret not in stored["error"]
    files = [store.path, store.path.with_name(store.path.name + ".wal")]
    assert all(secret.encode() not in f.read_bytes() for f in files if f.exists())


class Slow:
    """An extractor slower than the flush interval; looks at the store while the run goes on."""

    tier, kind = "slow", "offline"

    def __init__(self, store) -> None:
        self.store, self.seen, self.inner = store, [], OfflineExtractor()

    def extract(self, request):
        time.sleep(0.05)
        runs = self.store.runs()
        self.seen.append((len(self.store.query("SELECT * FROM cases")), runs.iloc[0]["heartbeat_at"]))
        return self.inner.extract(request)


def test_a_slow_run_writes_and_heartbeats_as_it_goes(store, banks1, monkeypatch):
    import core.run_writer

    monkeypatch.setattr(core.run_writer, "FLUSH_S", 0.01)
    slow = Slow(store)
    run_eval(store, banks1, banks1.select("held-out", limit=4), slow, split="held-out", settings={},
             prompt_fingerprint="x")
    stored_counts = [count for count, _ in slow.seen]
    beats = [beat for _, beat in slow.seen]
    assert stored_counts[-1] >= 2  # earlier cases landed before the run ended
    assert beats[-1] > beats[0]
