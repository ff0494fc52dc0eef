"""The tiers file is checked against data/tiers.schema.json: every error names the file, the tier and the key."""

from __future__ import annotations

import pytest

from core import tiers
from core.cost import bills

GOOD = '[t]\nprovider = "openai"\nmodel = "m"\nbase_url = "http://127.0.0.1:9/v1"\n'


def load(tmp_path, text: str | bytes):
    path = tmp_path / "tiers.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path, tiers.load_tiers(path)


def refused(tmp_path, text: str | bytes) -> str:
    with pytest.raises(ValueError) as failed:
        load(tmp_path, text)
    return str(failed.value)


def test_the_shipped_file_passes_and_every_recorded_key_is_in_the_schema():
    assert "local" in tiers.load_tiers(tiers.TIERS_FILE)
    from core import tier_file

    known = tier_file._validator().schema["$defs"]["tier"]["properties"]
    assert set(tiers.RECORDED) - {"provider"} <= set(known) and "metered" in known


def test_an_unknown_key_is_refused_by_name(tmp_path):
    message = refused(tmp_path, GOOD + "temprature = 0\n")
    path = str(tmp_path / "tiers.toml")
    assert message.startswith(path) and "tier 't'" in message and "unknown key 'temprature'" in message


@pytest.mark.parametrize(("line", "key", "why"), [
    ('structured_output = "json"', "structured_output", "expected one of true, false, 'auto'"),
    ("temperature = 3", "temperature", "3 is greater than the maximum of 2"),
    ('seed = "1"', "seed", "expected integer"),
    ('strategy = "all"', "strategy", "expected one of 'transcript', 'carried'"),
    ('base_url = "127.0.0.1:8080"', "base_url", "does not match"),
    ("metered = 1", "metered", "expected boolean"),
])
def test_a_bad_value_is_named_with_its_tier_and_key(tmp_path, line, key, why):
    message = refused(tmp_path, GOOD.replace('base_url = "http://127.0.0.1:9/v1"\n', "") + line + "\n")
    assert f"tier 't', key {key!r}: bad value" in message and why in message


def test_metered_is_an_optional_boolean(tmp_path):
    _, loaded = load(tmp_path, GOOD + "metered = false\n")
    assert loaded["t"].settings["metered"] is False


def test_bad_bytes_are_named_with_their_line(tmp_path):
    message = refused(tmp_path, GOOD.encode() + b'description = "caf\xe9"\n')
    assert "bad bytes at line 5" in message and "0xe9" in message and "UTF-8" in message


def test_a_tier_needs_a_known_provider_and_must_be_a_table(tmp_path):
    assert "tier 't', key 'provider': bad value 'gpt'" in refused(tmp_path, GOOD.replace('"openai"', '"gpt"'))
    assert "tier 'u' needs a provider" in refused(tmp_path, GOOD + '[u]\nmodel = "m"\n')
    assert "tier 'x' must be a table" in refused(tmp_path, 'x = 1\n' + GOOD)


def test_cost_lists_an_unpriced_tier_as_unpriced_with_a_note(store):
    specs = {"local": {"provider": "openai", "strategy": "carried"}, "offline": {"provider": "offline"}}
    tables = bills(store, 1000, 4, tier_specs=specs)
    (row,) = tables["unpriced"]
    assert row["tier"] == "local" and row["basis"] == "unpriced" and row["total_usd"] is None
    assert tables["tiers"].empty  # never a $0 bill
    assert any(n.startswith("unpriced: local") and "not $0" in n for n in tables["notes"])
