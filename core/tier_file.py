"""The tiers file (`data/tiers.toml`, or CHAT_INTAKE_TIERS): read, checked against its schema,
and held as `Tier`s. Nothing here builds an extractor (core/tiers.py does), so the secrets
scrubber can learn every tier's key variable without importing the adapters.
"""

from __future__ import annotations

import functools
import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import jsonschema

from core import config
from core.errors import UsageError

TIERS_FILE = config.TIERS_FILE
SCHEMA_FILE = TIERS_FILE.with_name("tiers.schema.json")
PROVIDERS = ("offline", "openai", "anthropic", "simulated", "replay")
KIND_OF = {"offline": "offline", "simulated": "simulated", "replay": "replay"}


@dataclass
class Tier:
    name: str
    provider: str
    settings: dict = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return KIND_OF.get(self.provider, "model")

    @property
    def metered(self) -> bool | None:
        """The optional `metered` key: true makes a loopback or unpriced tier count against
        MAX_CALLS_PER_DAY, false exempts a priced one; unset, core/budget.py decides."""
        value = self.settings.get("metered")
        return None if value is None else bool(value)

    @property
    def label(self) -> str:
        """How the tier is shown: simulated and replay tiers say so."""
        return f"{self.name} ({self.kind})" if self.kind in ("simulated", "replay") else self.name


def load_tiers(path: str | os.PathLike | None = None) -> dict[str, Tier]:
    """The configured tiers; the file is parsed again only when it changes (pages ask often)."""
    path = Path(path or config.tiers_file())
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as exc:
        raise UsageError(f"cannot read tiers from {path}: {exc}") from exc
    parsed = _parse_tiers(str(path), stamp)
    return {name: Tier(t.name, t.provider, dict(t.settings)) for name, t in parsed.items()}  # callers may edit


@functools.lru_cache(maxsize=8)
def _parse_tiers(path: str, _stamp: int) -> dict[str, Tier]:
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read tiers from {path}: {exc}") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise UsageError(f"cannot read tiers from {path}: bad bytes at line {line} (byte {exc.start}: "
                         f"0x{raw[exc.start]:02x}); the file must be UTF-8") from None
    try:
        body = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"cannot read tiers from {path}: {exc}") from exc
    problems = schema_problems(body)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise UsageError(f"{path}: {problems[0]}{more}")
    return {name: Tier(name=name, provider=spec["provider"], settings=dict(spec)) for name, spec in body.items()}


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_FILE.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def schema_problems(body: dict) -> list[str]:
    """Every way a parsed tiers file breaks data/tiers.schema.json, each naming the tier and the key."""
    problems = []
    for error in sorted(_validator().iter_errors(body), key=lambda e: [str(p) for p in e.absolute_path]):
        where = list(error.absolute_path)
        if not where:
            problems.append(error.message)
            continue
        tier = where[0]
        if len(where) == 1:
            spec = error.instance
            if error.validator == "type":
                problems.append(f"tier {tier!r} must be a table ([{tier}]) of settings, not {spec!r}")
            elif error.validator == "required":
                problems.append(f"tier {tier!r} needs a provider; known: {', '.join(PROVIDERS)}")
            elif error.validator == "additionalProperties":
                known = _validator().schema["$defs"]["tier"]["properties"]
                unknown = sorted(k for k in spec if k not in known)
                problems.append(f"tier {tier!r}: unknown key{'s' if len(unknown) > 1 else ''} "
                                f"{', '.join(repr(k) for k in unknown)} (known keys: {', '.join(known)})")
            else:
                problems.append(f"tier {tier!r}: {error.message}")
            continue
        key = where[1]
        value = error.instance if len(where) == 2 else body[tier][key]
        problems.append(f"tier {tier!r}, key {key!r}: bad value {value!r}: {_why(error)}")
    return problems


def _why(error: jsonschema.ValidationError) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "oneOf":
        flat = []
        for choice in schema.get("oneOf", []):
            flat += ["true", "false"] if choice.get("type") == "boolean" else [repr(v) for v in choice.get("enum", [])]
        return "expected one of " + ", ".join(flat)
    if error.validator == "enum":
        return "expected one of " + ", ".join(repr(v) for v in schema["enum"])
    if error.validator == "type":
        return f"expected {schema['type']}"
    return error.message
