"""Cases built from the SGD corpus: counts, modes, the held-out split, variants, bad files."""

import json

import pytest

from core.corpus import Case, build_corpus, is_held_out
from core.sgd_source import CorpusError


def test_banks1_seed_mode_counts(banks1):
    stats = banks1.stats()
    assert (stats["dialogues"], stats["cases"], stats["stop"], stats["ask"]) == (727, 1340, 727, 613)
    assert (stats["held_out"], stats["held_out_stop"], stats["held_out_ask"]) == (298, 162, 136)
    assert stats["dropped_turns"] == 3567


def test_intent_mode_keeps_transfers_after_a_balance_check(sgd_dir, banks1_intent):
    assert banks1_intent.stats()["cases"] == 1722
    banks2_seed = build_corpus("Banks_2", "dialogue", sgd_dir=sgd_dir, download=False).stats()
    assert (banks2_seed["stop"], banks2_seed["ask"], banks2_seed["intents"]["TransferMoney"]) == (190, 91, 0)
    banks2 = build_corpus("Banks_2", "intent", sgd_dir=sgd_dir, download=False)
    transfers_done = sum(c.complete and c.intent == "TransferMoney" for c in banks2.cases)
    assert (len(banks2.cases), transfers_done) == (581, 138)


@pytest.mark.parametrize("service,split", [("Payment_1", "test"), ("Services_3", "train"),
                                           ("RideSharing_1", "train"), ("Banks_2", "dev")])
def test_any_service_builds_from_its_own_schema(sgd_dir, service, split):
    corpus = build_corpus(service, "intent", sgd_dir=sgd_dir, download=False)
    assert corpus.split == split
    assert corpus.cases and all(c.intent in corpus.checklist.intents for c in corpus.cases)


def test_a_case_is_a_prefix_ending_on_the_customer_turn(banks1):
    case = banks1.cases[0]
    assert case.lines[-1].speaker == "customer"
    assert case.complete == (not banks1.checklist.missing(case.intent, case.gold))
    # In seed mode nothing of a dialogue comes after its first complete case.
    by_dialogue: dict[str, list[Case]] = {}
    for c in banks1.cases:
        by_dialogue.setdefault(c.dialogue_id, []).append(c)
    assert all(cs[-1].complete and not any(c.complete for c in cs[:-1]) for cs in by_dialogue.values())


def test_agent_lines_carry_the_facts_they_asked_for(banks1):
    asked = {a for c in banks1.cases for ln in c.lines if ln.speaker == "agent" for a in ln.asks}
    assert {"account_type", "amount", "recipient_account_name"} <= asked


def test_held_out_split_is_the_sha256_rule():
    import hashlib

    for dialogue_id in ("32_00011", "1_00000", "99_99999"):
        share = int(hashlib.sha256(dialogue_id.encode()).hexdigest(), 16) / 2**256
        assert is_held_out(dialogue_id) == (share < 0.20)


def test_select_splits_partition_the_cases(banks1):
    held, sample = banks1.select("held-out"), banks1.select("sample")
    assert len(held) + len(sample) == len(banks1.cases)
    assert not {c.case_id for c in held} & {c.case_id for c in sample}
    assert len(banks1.select("all", limit=5)) == 5
    with pytest.raises(ValueError, match="unknown split"):
        banks1.select("test")


def test_schema_variant_renames_everything_but_keeps_the_decisions(sgd_dir, banks1):
    variant = build_corpus("Banks_1", sgd_dir=sgd_dir, schema_variant="v2", download=False)
    assert variant.checklist.service != "Banks_1"
    assert len(variant.cases) == len(banks1.cases)
    assert [c.complete for c in variant.cases] == [c.complete for c in banks1.cases]
    assert set(variant.checklist.intents) == {c.intent for c in variant.cases}


def test_cases_round_trip_through_json(banks1):
    case = banks1.cases[7]
    assert Case.from_json(json.loads(json.dumps(case.to_json()))) == case


def _sgd_copy(tmp_path, sgd_dir, shard_text: str):
    root = tmp_path / "sgd"
    (root / "dev").mkdir(parents=True)
    (root / "dev" / "schema.json").write_text((sgd_dir / "dev" / "schema.json").read_text())
    (root / "dev" / "dialogues_001.json").write_text(shard_text)
    return root


def test_a_corrupt_shard_is_one_clear_error(tmp_path, sgd_dir):
    root = _sgd_copy(tmp_path, sgd_dir, '[{"dialogue_id": "1", "services": ["Banks_2"], "turns": [')
    with pytest.raises(CorpusError, match=r"dialogues_001\.json is not valid JSON"):
        build_corpus("Banks_2", sgd_dir=root, download=False)


def test_missing_service_and_unknown_mode_are_clear_errors(tmp_path, sgd_dir):
    with pytest.raises(CorpusError, match="'Nope_1' was not found"):
        build_corpus("Nope_1", sgd_dir=sgd_dir, download=False)
    with pytest.raises(ValueError, match="unknown segment mode"):
        build_corpus("Banks_1", "turn", sgd_dir=sgd_dir, download=False)


@pytest.mark.parametrize("record,problem", [
    ('{"dialogue_id": "1", "services": ["Banks_2"], "turns": "abc"}', "needs lists of services and turns"),
    ('{"dialogue_id": "1", "services": ["Banks_2"], "turns": [7]}', "turn 0 is not a turn"),
    ('{"services": ["Banks_2"], "turns": []}', "no dialogue_id"),
    ('{"dialogue_id": "1", "services": ["Banks_2"], "turns": [{"utterance": "hi", "frames": '
     '[{"service": "Banks_2", "state": "x"}]}]}', "state that is not an object"),
])
def test_a_record_of_the_wrong_shape_names_its_shard(tmp_path, sgd_dir, record, problem):
    root = _sgd_copy(tmp_path, sgd_dir, f"[{record}]")
    with pytest.raises(CorpusError, match=rf"dialogues_001\.json, record 0: .*{problem}"):
        build_corpus("Banks_2", sgd_dir=root, download=False)


def test_a_shard_that_is_not_utf8_is_one_clear_error(tmp_path, sgd_dir):
    root = _sgd_copy(tmp_path, sgd_dir, "")
    (root / "dev" / "dialogues_001.json").write_bytes(b'[{"dialogue_id": "\xff"}]')
    with pytest.raises(CorpusError, match="not UTF-8"):
        build_corpus("Banks_2", sgd_dir=root, download=False)


def test_a_limit_below_one_is_refused(banks1):
    with pytest.raises(ValueError, match="at least 1"):
        banks1.select("held-out", limit=0)


def test_a_damaged_cache_is_rebuilt(tmp_path, sgd_dir, monkeypatch):

    monkeypatch.setenv("CHAT_INTAKE_CACHE", str(tmp_path / "cache"))
    first = build_corpus("Banks_2", "intent", sgd_dir=sgd_dir, download=False)
    [cache] = (tmp_path / "cache").glob("Banks_2.intent.*.json")
    cache.write_text('{"cases": [')
    again = build_corpus("Banks_2", "intent", sgd_dir=sgd_dir, download=False)
    assert len(again.cases) == len(first.cases) == 581
    assert cache.read_text().startswith('{"dialogues"')
