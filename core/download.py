"""Fetch the SGD shards a service needs from the dataset's public repository.

Which shards carry the service is discovered, not hard-coded: the split's shards are
read in order until the first missing one, and only dialogues of the service are kept
(the same layout as upstream). Everything lands in `data/sgd/` (git-ignored). A service counts
as there only once its `.complete-<service>` marker is written; until then a `.partial-<service>`
file records the shards already merged, so a second run resumes where the first stopped.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import httpx
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential
from tqdm import tqdm

from core import config
from core.sgd_source import DOWNLOAD_DIR, SPLITS, CorpusError, is_complete

UPSTREAM = "https://raw.githubusercontent.com/google-research-datasets/dstc8-schema-guided-dialogue/master"
MAX_SHARDS = 200  # upstream has 127 train shards; a bound so a misbehaving server cannot loop us forever


class _Transient(Exception):
    pass


def base_url() -> str:
    return config.sgd_base_url(UPSTREAM)


@retry(retry=retry_if_exception_type(_Transient), wait=wait_exponential(multiplier=0.5, max=8),
       stop=stop_after_attempt(4), reraise=True)
def _get(client: httpx.Client, url: str) -> httpx.Response | None:
    """The response, or None for a 404 (the end of the shards)."""
    try:
        response = client.get(url)
    except httpx.TransportError as exc:
        raise _Transient(str(exc)) from exc
    if response.status_code == 404:
        return None
    if response.status_code in (429, 500, 502, 503, 504):
        raise _Transient(f"HTTP {response.status_code} for {url}")
    response.raise_for_status()
    return response


def _json(response: httpx.Response, url: str) -> Any:
    try:
        return response.json()
    except ValueError as exc:
        raise CorpusError(f"{url} did not return JSON: the download is corrupt") from exc


def download_service(service: str, target: Path | None = None, progress: bool = True,
                     client: httpx.Client | None = None) -> Path:
    """Download the schema and the shards holding `service`; returns the SGD folder."""
    target = Path(target or DOWNLOAD_DIR)
    base = base_url()
    own_client = client is None
    client = client or httpx.Client(timeout=httpx.Timeout(60.0, connect=10.0), follow_redirects=True)
    try:
        for split in SPLITS:
            if is_complete(target, split, service):
                return target
            try:
                schema_response = _get(client, f"{base}/{split}/schema.json")
            except (_Transient, httpx.HTTPError) as exc:
                raise CorpusError(f"cannot download the SGD schema from {base} ({exc}); "
                                  "without the network, point --sgd or SGD_DIR at a local SGD folder") from exc
            if schema_response is None:
                continue
            schema = _json(schema_response, f"{base}/{split}/schema.json")
            if not any(s.get("service_name") == service for s in schema):
                continue
            (target / split).mkdir(parents=True, exist_ok=True)
            _write_atomically(target / split / "schema.json", json.dumps(schema, indent=2))
            _fetch_shards(client, base, split, service, target, progress)
            (target / split / f".complete-{service}").write_text("")
            (target / split / f".partial-{service}").unlink(missing_ok=True)
            return target
        raise CorpusError(f"service {service!r} is in no SGD split at {base}")
    finally:
        if own_client:
            client.close()


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.tmp")
    tmp.write_text(text)
    tmp.replace(path)


def _fetch_shards(client: httpx.Client, base: str, split: str, service: str, target: Path, progress: bool) -> None:
    # Progress of an interrupted download of this service: the next shard to read, shards kept so far.
    partial = target / split / f".partial-{service}"
    try:
        state = json.loads(partial.read_text()) if partial.exists() else {}
        first, kept = int(state.get("next", 1)), int(state.get("kept", 0))
    except (ValueError, TypeError, AttributeError):
        first, kept = 1, 0  # an unreadable progress file only costs a fresh start
    bar = tqdm(desc=f"SGD {split} shards for {service}", unit="shard", file=sys.stderr, initial=first - 1,
               disable=not progress or not sys.stderr.isatty())
    try:
        for number in range(first, MAX_SHARDS + 1):
            name = f"dialogues_{number:03d}.json"
            url = f"{base}/{split}/{name}"
            try:
                response = _get(client, url)
            except (_Transient, httpx.HTTPError) as exc:
                raise CorpusError(f"download of {url} failed ({exc}); run again to resume") from exc
            if response is None:
                break
            dialogues = _json(response, url)
            mine = [d for d in dialogues if service in d.get("services", ())]
            if mine:
                existing = target / split / name
                if existing.exists():  # another service's dialogues from the same shard: keep them
                    known = json.loads(existing.read_text())
                    ids = {d["dialogue_id"] for d in mine}
                    mine = [d for d in known if d["dialogue_id"] not in ids] + mine
                    mine.sort(key=lambda d: d["dialogue_id"])
                _write_atomically(existing, json.dumps(mine, indent=2))
                kept += 1
            _write_atomically(partial, json.dumps({"next": number + 1, "kept": kept}))
            bar.update(1)
    finally:
        bar.close()
    if kept == 0:
        raise CorpusError(f"no {split} shard at {base} holds a dialogue of {service}")
