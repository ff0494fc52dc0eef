"""The downloader, over real HTTP against a loopback server serving an SGD-layout folder."""

import functools
import http.server
import json
import threading

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
