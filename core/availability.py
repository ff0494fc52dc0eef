"""Which services have dialogues in a local SGD folder.

A schema lists every service of its split, but a partial copy (or a download cache holding one service)
carries the dialogues of only some of them; building a corpus for the others fails. One pass over a split's
shards reads each dialogue's `services` list (a byte scan, well under a second for a whole split), and the
answer is kept per shard set so later asks cost nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from core.sgd_source import find_service

_SERVICES = re.compile(rb'"services"\s*:\s*\[([^\]]*)\]')
_NAME = re.compile(rb'"([^"]+)"')


@lru_cache(maxsize=64)
def _scan(split_dir: str, shards: tuple[tuple[str, float], ...]) -> frozenset[str]:
    found: set[str] = set()
    for name, _mtime in shards:
        for match in _SERVICES.finditer((Path(split_dir) / name).read_bytes()):
            found |= {n.decode("utf-8", "replace") for n in _NAME.findall(match.group(1))}
    return frozenset(found)


def services_in(root: Path, split: str) -> frozenset[str]:
    """The services some local dialogue of `root/split` involves."""
    folder = root / split
    if not folder.is_dir():
        return frozenset()
    shards = tuple(sorted((p.name, p.stat().st_mtime) for p in folder.glob("dialogues_*.json")))
    return _scan(str(folder), shards)


def has_dialogues_of(root: Path, service: str) -> bool:
    """True when the split whose schema lists `service` holds dialogues of it in `root`."""
    found = find_service(root, service)
    return bool(found) and service in services_in(root, found[0])
