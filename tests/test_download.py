"""The downloader, over real HTTP against a loopback server serving an SGD-layout folder."""

import functools
import http.server
import json
import threading
from typing import ClassVar

import pytest

from core.corpus import build_corpus
from core.download import download_service
from core.sgd_source import CorpusError


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture()
def upstream(tmp_path, sgd_dir):
    """A loopback server holding dev/schema.json and two shards (one without the service)."""
    root = tmp_path / "upstream"
    (root / "dev").mkdir(parents=True)
    (root / "dev" / "schema.json").write_text((sgd_dir / "dev" / "schema.json").read_text())
    banks = [d for d in json.loads((sgd_dir / "dev" / "dialogues_004.json").read_text())
             if "Banks_2" in d["services"]][:3]
    (root / "dev" / "dialogues_001.json").write_text(json.dumps([{"dialogue_id": "x", "services": ["Alarm_1"],
                                                                   "turns": []}]))
    (root / "dev" / "dialogues_002.json").write_text(json.dumps(banks))
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", banks
    server.shutdown()
    server.server_close()


def test_downloads_only_the_shards_holding_the_service(tmp_path, upstream, monkeypatch):
    base, banks = upstream
    monkeypatch.setenv("SGD_BASE_URL", base)
    target = tmp_path / "cache"
    download_service("Banks_2", target=target, progress=False)
    assert sorted(p.name for p in (target / "dev").glob("dialogues_*.json")) == ["dialogues_002.json"]
    assert (target / "dev" / ".complete-Banks_2").exists()
    corpus = build_corpus("Banks_2", "intent", sgd_dir=target, download=False)
    assert corpus.dialogues == len(banks)


def test_offline_download_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("SGD_BASE_URL", "http://127.0.0.1:9")  # nothing listens on the discard port
    with pytest.raises(CorpusError, match="point --sgd or SGD_DIR at a local SGD folder"):
        download_service("Banks_2", target=tmp_path / "cache", progress=False)


def test_a_service_upstream_does_not_have(tmp_path, upstream, monkeypatch):
    monkeypatch.setenv("SGD_BASE_URL", upstream[0])
    with pytest.raises(CorpusError, match="in no SGD split"):
        download_service("Nope_9", target=tmp_path / "cache", progress=False)


class RecordingHandler(QuietHandler):
    """Logs every path asked for; refuses the paths in `refused` (a server failing mid-download)."""

    requested: ClassVar[list[str]]
    refused: ClassVar[set[str]]

    def do_GET(self) -> None:
        type(self).requested.append(self.path)
        if self.path in type(self).refused:
            self.send_error(403)
            return
        super().do_GET()


@pytest.fixture()
def two_services(tmp_path, sgd_dir, monkeypatch):
    """Banks_2 and Events_1 (one split, dev) upstream, sharing a shard; the project's copies hidden."""
    import core.corpus
    import core.download
    import core.sgd_source

    root = tmp_path / "upstream"
    (root / "dev").mkdir(parents=True)
    (root / "dev" / "schema.json").write_text((sgd_dir / "dev" / "schema.json").read_text())
    banks = json.loads((sgd_dir / "dev" / "dialogues_004.json").read_text())[:3]  # Banks_2 alone
    events = json.loads((sgd_dir / "dev" / "dialogues_008.json").read_text())[:5]  # Events_1 with Banks_2
    (root / "dev" / "dialogues_001.json").write_text(json.dumps(banks + events[:3]))
    (root / "dev" / "dialogues_002.json").write_text(json.dumps(events[3:]))

    class Handler(RecordingHandler):  # a class of its own per test: the logs are class attributes
        requested: ClassVar[list[str]] = []
        refused: ClassVar[set[str]] = set()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    cache = tmp_path / "data-sgd"
    monkeypatch.setenv("SGD_BASE_URL", f"http://127.0.0.1:{server.server_address[1]}")
    monkeypatch.delenv("SGD_DIR", raising=False)
    monkeypatch.setattr(core.sgd_source, "DOWNLOAD_DIR", cache)
    monkeypatch.setattr(core.download, "DOWNLOAD_DIR", cache)
    monkeypatch.setattr(core.sgd_source, "SIBLING_COPY", tmp_path / "no-shared-copy")
    monkeypatch.setenv("CHAT_INTAKE_CACHE", str(tmp_path / "case-cache"))
    yield Handler, cache, banks, events
    server.shutdown()
    server.server_close()


def test_a_second_service_of_the_same_split_is_downloaded_and_the_first_kept(two_services):
    _, cache, banks, events = two_services
    assert build_corpus("Events_1", "intent").dialogues == len(events)
    assert build_corpus("Banks_2", "intent").dialogues == len(banks) + len(events)  # events name Banks_2 too
    assert build_corpus("Events_1", "intent").dialogues == len(events)  # the shared shards still hold it
    shared = json.loads((cache / "dev" / "dialogues_001.json").read_text())
    assert {d["dialogue_id"] for d in shared} == {d["dialogue_id"] for d in banks + events[:3]}


def test_an_interrupted_download_is_not_a_corpus_and_resumes(two_services):
    from core.sgd_source import locate

    handler, cache, _, events = two_services
    handler.refused = {"/dev/dialogues_002.json"}
    with pytest.raises(CorpusError, match="run again to resume"):
        build_corpus("Events_1", "intent")
    assert (cache / "dev" / "dialogues_001.json").exists()  # the first shard landed
    assert locate("Events_1") is None  # but a half-done download is not read as the corpus
    handler.refused, handler.requested = set(), []
    assert build_corpus("Events_1", "intent").dialogues == len(events)
    assert "/dev/dialogues_001.json" not in handler.requested  # resumed at the shard that failed
    assert not (cache / "dev" / ".partial-Events_1").exists()
