"""The shape of the code: the store owns every SQL statement."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SQL_HOMES = {"core/store.py", "core/queries.py", "core/migrations.py"}
SQL = re.compile(r"\b(SELECT\s|INSERT\s+(OR\s+REPLACE\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b)|\.execute\(")


def test_only_the_store_and_its_queries_hold_sql():
    found = []
    for folder in ("core", "evals", "dashboard"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name in SQL_HOMES:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if SQL.search(line):
                    found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "SQL outside core/store.py and core/queries.py:\n" + "\n".join(found)
