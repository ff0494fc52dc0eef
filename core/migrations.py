"""The run store's schema, as an append-only list of named migrations.

Never edit or reorder a migration that has shipped: add a new one at the end.
"""

from __future__ import annotations

from collections.abc import Callable

import duckdb


def m001_initial(db: duckdb.DuckDBPyConnection) -> None:
    db.execute("""
        CREATE TABLE runs (
            run_id VARCHAR PRIMARY KEY,
            kind VARCHAR NOT NULL,          -- eval | floor | redteam | contract
            tier VARCHAR NOT NULL,
            tier_kind VARCHAR NOT NULL,     -- offline | model | replay | simulated | floor
            provider VARCHAR,
            model VARCHAR,
            service VARCHAR,
            sgd_split VARCHAR,
            corpus_source VARCHAR,
            split VARCHAR,
            segment VARCHAR,
            schema_variant VARCHAR,
            settings JSON,
            guards JSON,
            guard_key VARCHAR,
            status VARCHAR NOT NULL,        -- running | finished | partial | incomplete
            status_note VARCHAR,
            n_planned INTEGER,
            summary JSON,
            started_at TIMESTAMP NOT NULL,
            finished_at TIMESTAMP,
            heartbeat_at TIMESTAMP,
            pid INTEGER,
            git_rev VARCHAR,
            app_version VARCHAR
        )""")
    db.execute("""
        CREATE TABLE cases (
            run_id VARCHAR NOT NULL,
            case_id VARCHAR NOT NULL,
            repeat INTEGER NOT NULL DEFAULT 0,
            dialogue_id VARCHAR,
            turn_index INTEGER,
            intent VARCHAR,
            gold JSON,
            reported JSON,
            collected JSON,
            missing JSON,
            decision VARCHAR,
            gold_decision VARCHAR,
            decision_correct BOOLEAN,
            stopped_early BOOLEAN,
            outcomes JSON,
            n_correct INTEGER,
            n_wrong INTEGER,
            n_missed INTEGER,
            n_open INTEGER,
            status VARCHAR,                 -- extraction status: ok | unparseable | ...
            codes JSON,
            findings JSON,
            next_question VARCHAR,
            prompt VARCHAR,
            raw_reply VARCHAR,
            input_tokens INTEGER,
            output_tokens INTEGER,
            latency_ms DOUBLE,
            timings JSON,
            extra JSON,
            PRIMARY KEY (run_id, case_id, repeat)
        )""")
    db.execute("""
        CREATE TABLE calls (
            run_id VARCHAR NOT NULL,
            case_id VARCHAR,
            repeat INTEGER DEFAULT 0,
            attempt INTEGER,
            provider VARCHAR,
            model VARCHAR,
            prompt VARCHAR,
            raw_reply VARCHAR,
            input_tokens INTEGER,
            output_tokens INTEGER,
            reasoning_tokens INTEGER,
            cached_tokens INTEGER,
            latency_ms DOUBLE,
            finish_reason VARCHAR,
            http_status INTEGER,
            error VARCHAR,
            request_id VARCHAR,
            called_at TIMESTAMP
        )""")
    db.execute("""
        CREATE TABLE reviews (
            review_id VARCHAR PRIMARY KEY,
            run_id VARCHAR NOT NULL,
            case_id VARCHAR NOT NULL,
            verdict VARCHAR NOT NULL,
            note VARCHAR,
            reviewer VARCHAR,
            created_at TIMESTAMP NOT NULL
        )""")


def m002_rate_card(db: duckdb.DuckDBPyConnection) -> None:
    db.execute("""
        CREATE TABLE rate_card (
            vendor VARCHAR NOT NULL,
            model VARCHAR NOT NULL,
            input_per_m DOUBLE NOT NULL,
            output_per_m DOUBLE NOT NULL,
            cached_input_per_m DOUBLE,
            checked_on DATE NOT NULL,
            source VARCHAR,
            updated_at TIMESTAMP NOT NULL,
            PRIMARY KEY (vendor, model)
        )""")


def m003_run_indexes(db: duckdb.DuckDBPyConnection) -> None:
    db.execute("CREATE INDEX IF NOT EXISTS calls_by_run ON calls(run_id)")
    db.execute("CREATE INDEX IF NOT EXISTS reviews_by_case ON reviews(run_id, case_id)")


def m004_cache_write_tokens(db: duckdb.DuckDBPyConnection) -> None:
    # Anthropic bills writing a prompt cache apart from reading it.
    db.execute("ALTER TABLE calls ADD COLUMN cache_write_tokens INTEGER")


def m005_run_host_and_budget(db: duckdb.DuckDBPyConnection) -> None:
    # A run records the host beside its pid, so any process on that host can tell a dead run
    # from a live one. The budget reserves calls here before they are sent, across processes.
    db.execute("ALTER TABLE runs ADD COLUMN host VARCHAR")
    db.execute("""
        CREATE TABLE budget_reservations (
            day DATE NOT NULL,              -- UTC day the calls count against
            run_id VARCHAR,
            pid INTEGER,
            host VARCHAR,
            calls INTEGER NOT NULL,         -- reserved (positive) or handed back unused (negative)
            reserved_at TIMESTAMP NOT NULL
        )""")


def m010_conversations(db: duckdb.DuckDBPyConnection) -> None:
    """Dashboard chats, kept so a reload or another day can reopen them (core/chat_log.py)."""
    db.execute("""
        CREATE TABLE conversations (
            conversation_id VARCHAR PRIMARY KEY,
            service VARCHAR NOT NULL,
            tier VARCHAR NOT NULL,
            intent VARCHAR,
            ended BOOLEAN NOT NULL DEFAULT false,
            turns JSON,                     -- per turn: the customer's words and what was extracted
            started_at TIMESTAMP NOT NULL,
            updated_at TIMESTAMP NOT NULL
        )
    """)


def m011_git_dirty(db: duckdb.DuckDBPyConnection) -> None:
    # Beside git_rev: whether the tree had uncommitted changes, so "same revision" is not read as
    # "same code" when it was not (NULL: not known, for runs recorded before this column).
    db.execute("ALTER TABLE runs ADD COLUMN git_dirty BOOLEAN")


def m012_prompt_once(db: duckdb.DuckDBPyConnection) -> None:
    # A model case's prompt is kept once, on its calls; `cases.prompt` only for a case whose calls do
    # not carry it. Older rows held it twice: drop the case's copy where a call holds the same text,
    # so an old store reads the same (through queries.CASE_PROMPT) in a third less space.
    db.execute("""
        UPDATE cases SET prompt = NULL
        FROM (SELECT DISTINCT run_id, case_id, coalesce(repeat, 0) AS repeat, prompt FROM calls
              WHERE prompt IS NOT NULL) AS c
        WHERE cases.prompt IS NOT NULL AND c.run_id = cases.run_id AND c.case_id = cases.case_id
          AND c.repeat = cases.repeat AND c.prompt = cases.prompt""")


MIGRATIONS: list[tuple[str, Callable[[duckdb.DuckDBPyConnection], None]]] = [
    ("m001_initial", m001_initial),
    ("m002_rate_card", m002_rate_card),
    ("m003_run_indexes", m003_run_indexes),
    ("m004_cache_write_tokens", m004_cache_write_tokens),
    ("m005_run_host_and_budget", m005_run_host_and_budget),
    ("m010_conversations", m010_conversations),  # m006-m009 are left to work in flight
    ("m011_git_dirty", m011_git_dirty),
    ("m012_prompt_once", m012_prompt_once),
]


def migrate(db: duckdb.DuckDBPyConnection) -> list[str]:
    """Apply every migration not yet recorded; return the names applied."""
    db.execute("CREATE TABLE IF NOT EXISTS migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    done = {row[0] for row in db.execute("SELECT name FROM migrations").fetchall()}
    applied = []
    for name, step in MIGRATIONS:
        if name in done:
            continue
        db.execute("BEGIN TRANSACTION")
        try:
            step(db)
            db.execute("INSERT INTO migrations VALUES (?, now())", [name])
            db.execute("COMMIT")
        except Exception:
            db.execute("ROLLBACK")
            raise
        applied.append(name)
    return applied
