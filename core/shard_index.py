"""Which shards of a split carry which service, indexed once per set of shards.

A split of SGD is up to 127 shards (140 MB); a service lives in a few of them. Reading every shard
to build one service's cases costs seconds; scanning the bytes of each shard for its dialogues'
`services` lists costs a fraction of that and is done once: the index is kept in memory and in
`data/cache/shards/` (beside the case sets: CHAT_INTAKE_CACHE moves both) under a key made of the
folder and the shards' names, sizes and mtimes, so a changed, added or removed shard builds a new
index and every later build reads only its shards.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from core import config

INDEX_VERSION = 1
SHARD_GLOB = "dialogues_*.json"

# The dialogue's own key: inside an utterance the same words are escaped (\"services\"), so they never match.
_SERVICES = re.compile(rb'"services"\s*:\s*\[([^\]]*)\]')
_NAME = re.compile(rb'"([^"]+)"')

_MEMO: dict[str, dict[str, tuple[str, ...]]] = {}


def cache_dir() -> Path:
    """Where indexes are kept: beside the case sets (CHAT_INTAKE_CACHE, default data/cache)."""
    return config.cache_dir() / "shards"


def signature(split_dir: Path) -> str:
    """The shards' identity: names, sizes and mtimes (nanoseconds), in name order."""
    parts = []
    for path in sorted(split_dir.glob(SHARD_GLOB)):
        stat = path.stat()
        parts.append(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join(parts)


def _key(split_dir: Path, sig: str) -> str:
    raw = f"{INDEX_VERSION}|{split_dir.resolve()}|{sig}"
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def scan_shard(path: Path) -> tuple[str, ...]:
    """The services some dialogue of the shard involves, sorted; empty when none can be read (a corrupt
    or foreign file), which makes every service read the shard so its error is reported, not skipped."""
    found: set[str] = set()
    for match in _SERVICES.finditer(path.read_bytes()):
        found |= {n.decode("utf-8", "replace") for n in _NAME.findall(match.group(1))}
    return tuple(sorted(found))


def shard_services(split_dir: Path) -> dict[str, tuple[str, ...]]:
    """shard file name -> the services its dialogues involve, for every shard of the split folder."""
    split_dir = Path(split_dir)
    if not split_dir.is_dir():
        return {}
    sig = signature(split_dir)
    key = _key(split_dir, sig)
    if key in _MEMO:
        return _MEMO[key]
    cache = cache_dir() / f"{key}.json"
    index = _read(cache)
    if index is None:
        index = {path.name: scan_shard(path) for path in sorted(split_dir.glob(SHARD_GLOB))}
        _write(cache, index)
    _MEMO[key] = index
    return index


def shards_of(split_dir: Path, service: str) -> list[Path]:
    """The shards to read for one service, in name order: those that carry it, and any shard whose
    services could not be read (so a corrupt shard is still one clear error)."""
    index = shard_services(split_dir)
    return [Path(split_dir) / name for name, services in index.items() if service in services or not services]


def services_in(split_dir: Path) -> frozenset[str]:
    """Every service some dialogue of the split folder involves."""
    return frozenset(s for services in shard_services(split_dir).values() for s in services)


def clear_memo() -> None:
    """Forget the in-memory indexes (the files in the cache stay): for benchmarks and tests."""
    _MEMO.clear()


def _read(path: Path) -> dict[str, tuple[str, ...]] | None:
    """The cached index, or None when there is none or it is damaged (it is rebuilt then)."""
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        return {str(name): tuple(str(s) for s in services) for name, services in body["shards"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _write(path: Path, index: dict[str, tuple[str, ...]]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{id(index)}.tmp")
        tmp.write_text(json.dumps({"version": INDEX_VERSION, "shards": {k: list(v) for k, v in index.items()}}))
        tmp.replace(path)
    except OSError:
        pass  # a read-only checkout still works, only slower
