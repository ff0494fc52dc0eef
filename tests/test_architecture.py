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


# --- no import cycles in core ---------------------------------------------------------------

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: str = "core") -> dict[str, set[str]]:
    """Module -> the package's modules it imports, at module level or inside a function (a cycle
    hidden in a function is still a cycle: it only waits for the call)."""
    import ast

    modules = {_module_name(p): p for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and target.split(".")[0] == package:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_core_has_no_import_cycle():
    graph = import_graph()
    assert "core.case" in graph and "core.corpus" in graph["core.guards"]  # the walk sees real edges
    assert cycles(graph) == []


# --- configuration is read in one module ------------------------------------------------------

def test_the_environment_is_read_in_core_config_only():
    found = []
    for folder in ("core", "evals", "dashboard"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name == "core/config.py":
                continue
            text = path.read_text(encoding="utf-8")
            found += [f"{name}: {what}" for what in ("os.environ", "os.getenv") if what in text]
    assert not found, found


def test_a_test_session_reads_no_developer_configuration():
    import os

    from core import config
    from core.secrets import read_key

    assert not config.key_like_names()  # every key variable cleared
    assert not config.secrets_file().exists() and read_key("OPENAI_API_KEY") is None
    assert ROOT not in config.cache_dir().parents and ROOT not in config.runs_db().parents
    assert os.environ.get(config.TIERS_ENV) is None
