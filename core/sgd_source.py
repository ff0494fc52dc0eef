"""Where the SGD folder lives, which split holds a service, and reading its files.

Resolution order for the folder: an explicit path, then `SGD_DIR`, then the project's own
download cache `data/sgd/`, then a `shared/sgd` copy beside the project. When none holds
the service, the caller may download the shards it needs (see `core.download`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

from core import config
from core.errors import ChatIntakeError
from core.shard_index import shards_of

PROJECT_ROOT = config.PROJECT_ROOT
DOWNLOAD_DIR = config.DOWNLOAD_DIR
SIBLING_COPY = config.SIBLING_COPY
SPLITS = ("train", "dev", "test")


class CorpusError(ChatIntakeError, RuntimeError):
    """The corpus cannot be read: a missing folder or service, or a corrupt file."""


def candidate_dirs(explicit: str | os.PathLike | None = None) -> list[Path]:
    if explicit:
        return [Path(explicit)]
    named = config.sgd_dir()
    dirs = [named] if named else []
    dirs += [DOWNLOAD_DIR, SIBLING_COPY]
    return dirs


def read_json(path: Path) -> object:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except json.JSONDecodeError as exc:
        raise CorpusError(f"{path} is not valid JSON (line {exc.lineno}): the file is corrupt") from exc
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path} is not UTF-8 text (byte {exc.start}): the file is corrupt") from exc
    except OSError as exc:
        raise CorpusError(f"cannot read {path}: {exc.strerror}") from exc


def load_schema(root: Path, split: str) -> list[dict]:
    schema = read_json(root / split / "schema.json")
    if not isinstance(schema, list):
        raise CorpusError(f"{root / split / 'schema.json'} is not a list of services")
    return schema


def find_service(root: Path, service: str, splits: tuple[str, ...] = SPLITS) -> tuple[str, dict] | None:
    """The first split (train, dev, test, or those named) whose schema lists the service, with its entry."""
    for split in splits:
        path = root / split / "schema.json"
        if not path.exists():
            continue
        for entry in load_schema(root, split):
            if entry.get("service_name") == service:
                return split, entry
    return None


def is_complete(root: Path, split: str, service: str) -> bool:
    """Whether every shard of the service reached `root` (a half-done download is not a corpus);
    core/download.py writes the mark when it is done."""
    return (Path(root) / split / f".complete-{service}").exists()


def has_dialogues(root: Path, split: str) -> bool:
    return any((root / split).glob("dialogues_*.json"))


def locate(service: str, explicit: str | os.PathLike | None = None,
           splits: tuple[str, ...] = SPLITS) -> tuple[Path, str, dict] | None:
    """(folder, split, schema entry) of the first candidate folder that holds the service's dialogues;
    `splits` narrows where to look (a service of train may have dialogues in dev too)."""
    for root in candidate_dirs(explicit):
        if not root.is_dir():
            continue
        found = find_service(root, service, splits)
        if found and root == DOWNLOAD_DIR and not is_complete(root, found[0], service):
            continue  # the cache holds another service of the split, or a half-done download
        if found and has_dialogues(root, found[0]):
            return root, found[0], found[1]
    return None


def iter_dialogues(root: Path, split: str, service: str) -> Iterator[dict]:
    """Every dialogue of the split that involves the service, in shard and file order. Only the shards
    the index (core.shard_index) says carry the service are parsed."""
    for shard in shards_of(root / split, service):
        dialogues = read_json(shard)
        if not isinstance(dialogues, list):
            raise CorpusError(f"{shard} is not a list of dialogues: the file is corrupt")
        for number, dialogue in enumerate(dialogues):
            problem = shape_problem(dialogue)
            if problem:
                raise CorpusError(f"{shard}, record {number}: {problem}: the file is corrupt")
            if service in dialogue["services"]:
                yield dialogue


def shape_problem(dialogue: object) -> str | None:
    """What keeps a record from being an SGD dialogue, or None: checked before any field is read."""
    if not isinstance(dialogue, dict):
        return "not an object"
    if not isinstance(dialogue.get("dialogue_id"), str):
        return "no dialogue_id"
    if not isinstance(dialogue.get("services"), list) or not isinstance(dialogue.get("turns"), list):
        return f"dialogue {dialogue['dialogue_id']} needs lists of services and turns"
    for index, turn in enumerate(dialogue["turns"]):
        where = f"dialogue {dialogue['dialogue_id']} turn {index}"
        if not isinstance(turn, dict) or not isinstance(turn.get("utterance", ""), str):
            return f"{where} is not a turn with an utterance"
        frames = turn.get("frames", [])
        if not isinstance(frames, list) or not all(isinstance(f, dict) for f in frames):
            return f"{where} has frames that are not objects"
        for frame in frames:
            state = frame.get("state")
            if state is not None and not (isinstance(state, dict)
                                          and isinstance(state.get("slot_values", {}), dict)):
                return f"{where} has a state that is not an object of slot values"
            if not isinstance(frame.get("actions", []), list):
                return f"{where} has actions that are not a list"
    return None


def shard_signature(root: Path, split: str) -> str:
    """Cheap identity of a split's files (names, sizes, mtimes) for cache keys."""
    parts = []
    for path in sorted((root / split).glob("*.json")):
        stat = path.stat()
        parts.append(f"{path.name}:{stat.st_size}:{int(stat.st_mtime)}")
    return "|".join(parts)
