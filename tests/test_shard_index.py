"""The shard index: which shards carry which service, built once per set of shards, reused from disk by a
later process, rebuilt when a shard changes; a build of one service parses only its shards."""

from __future__ import annotations

import json
import os

import pytest

import core.sgd_source
from core import shard_index
from core.availability import folder_services, has_dialogues_of
from core.corpus import build_corpus
from tests.tiny_sgd import loan_dialogue, pet_dialogue


def test_the_index_names_the_shards_of_each_service(tiny):
    index = shard_index.shard_services(tiny / "train")
    assert index == {"dialogues_001.json": ("Loans_1",), "dialogues_002.json": ("Loans_1", "Rides_1")}
    assert [p.name for p in shard_index.shards_of(tiny / "train", "Rides_1")] == ["dialogues_002.json"]
    assert shard_index.services_in(tiny / "dev") == {"Loans_1", "Pets_1"}


def test_the_index_is_built_once_and_reused_by_a_later_process(tiny, monkeypatch):
    shard_index.shard_services(tiny / "train")
    shard_index.shard_services(tiny / "dev")
    assert len(list(shard_index.cache_dir().glob("*.json"))) == 2  # one per split

    def no_scan(path):
        raise AssertionError(f"{path} was scanned again")

    shard_index.clear_memo()  # as a new process: only the file on disk is left
    monkeypatch.setattr(shard_index, "scan_shard", no_scan)
    assert shard_index.services_in(tiny / "train") == {"Loans_1", "Rides_1"}
    assert has_dialogues_of(tiny, "Rides_1") and has_dialogues_of(tiny, "Pets_1")  # Pets_1 in dev
    schema = tiny / "train" / "schema.json"
    boats = {**json.loads((tiny / "test" / "schema.json").read_text())[0], "service_name": "Boats_1"}
    schema.write_text(json.dumps([*json.loads(schema.read_text()), boats]))
    assert not has_dialogues_of(tiny, "Boats_1")  # listed by a schema, in no dialogue


def test_a_changed_shard_builds_a_new_index(tiny):
    assert build_corpus("Pets_1", "intent", sgd_dir=tiny, download=False).dialogues == 2
    shard = tiny / "dev" / "dialogues_002.json"
    shard.write_text(json.dumps([pet_dialogue("2_00100", "Bella"), pet_dialogue("2_00102", "Tom"),
                                 loan_dialogue("2_00103", "$40", "12")]))
    stat = shard.stat()
    os.utime(shard, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert [p.name for p in shard_index.shards_of(tiny / "dev", "Loans_1")] == ["dialogues_001.json",
                                                                                 "dialogues_002.json"]
    assert build_corpus("Pets_1", "intent", sgd_dir=tiny, download=False).dialogues == 3
    assert len(list(shard_index.cache_dir().glob("*.json"))) == 2  # the dev index before and after the change


def test_a_build_parses_only_the_shards_of_its_service(tiny, monkeypatch):
    parsed = []
    real = core.sgd_source.read_json

    def counting(path):
        parsed.append(path.name)
        return real(path)

    monkeypatch.setattr(core.sgd_source, "read_json", counting)
    corpus = build_corpus("Rides_1", "intent", sgd_dir=tiny, download=False)
    assert [p for p in parsed if p.startswith("dialogues_")] == ["dialogues_002.json"]
    assert (corpus.split, corpus.dialogues, len(corpus.cases)) == ("train", 1, 2)


def test_a_service_is_read_from_the_split_asked_for(tiny):
    train = build_corpus("Loans_1", "intent", sgd_dir=tiny, download=False)
    dev = build_corpus("Loans_1", "intent", sgd_dir=tiny, download=False, sgd_split="dev")
    assert (train.split, train.dialogues, dev.split, dev.dialogues) == ("train", 4, "dev", 1)
    with pytest.raises(core.sgd_source.CorpusError, match=r"Rides_1.*\(dev split\)"):
        build_corpus("Rides_1", "intent", sgd_dir=tiny, download=False, sgd_split="dev")


def test_the_folder_lists_every_service_with_dialogues_under_each_split(tiny):
    assert folder_services(tiny) == [("Loans_1", "train"), ("Rides_1", "train"), ("Loans_1", "dev"),
                                     ("Pets_1", "dev"), ("Parcels_1", "test")]


def test_a_shard_whose_services_cannot_be_read_is_read_by_every_service(tiny):
    (tiny / "dev" / "dialogues_003.json").write_text('[{"dialogue_id": "x", "turns": [')
    with pytest.raises(core.sgd_source.CorpusError, match=r"dialogues_003\.json is not valid JSON"):
        build_corpus("Pets_1", "intent", sgd_dir=tiny, download=False)
