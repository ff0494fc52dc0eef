"""Which services have dialogues in a local SGD folder.

A schema lists every service of its split, but a partial copy (or a download cache holding one service)
carries the dialogues of only some of them; building a corpus for the others fails. The shard index
(core.shard_index: a byte scan of each shard's `services` lists, kept per set of shards in data/cache)
answers, so the check costs nothing after the first ask, in this process or the next.
"""

from __future__ import annotations

from pathlib import Path

from core import shard_index
from core.sgd_source import SPLITS, find_service, load_schema


def services_in(root: Path, split: str) -> frozenset[str]:
    """The services some local dialogue of `root/split` involves."""
    return shard_index.services_in(Path(root) / split)


def has_dialogues_of(root: Path, service: str) -> bool:
    """True when the split whose schema lists `service` holds dialogues of it in `root`."""
    found = find_service(root, service)
    return found is not None and service in services_in(root, found[0])


def folder_services(root: Path) -> list[tuple[str, str]]:
    """(service, split) for every service with dialogues in each split of `root` that its split's schema
    lists, in split then name order: a train service with dev dialogues too is listed under both."""
    found = []
    for split in SPLITS:
        if not (Path(root) / split / "schema.json").exists():
            continue
        listed = {entry.get("service_name") for entry in load_schema(Path(root), split)}
        found += [(service, split) for service in sorted(services_in(root, split) & listed)]
    return found
