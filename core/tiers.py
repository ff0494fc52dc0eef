"""Tiers as configuration: `data/tiers.toml` names each extractor and its settings."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from core.extractors.offline import VERSION as OFFLINE_VERSION
from core.extractors.offline import OfflineExtractor

TIERS_FILE = Path(__file__).resolve().parent.parent / "data" / "tiers.toml"


@dataclass
class Tier:
    name: str
    provider: str
    settings: dict = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return "offline" if self.provider == "offline" else "model"


def load_tiers(path: str | os.PathLike | None = None) -> dict[str, Tier]:
    path = Path(path or os.environ.get("CHAT_INTAKE_TIERS") or TIERS_FILE)
    try:
        body = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read tiers from {path}: {exc}") from exc
    tiers = {}
    for name, spec in body.items():
        if not isinstance(spec, dict) or "provider" not in spec:
            raise ValueError(f"tier {name!r} in {path} needs a provider")
        tiers[name] = Tier(name=name, provider=spec["provider"], settings=dict(spec))
    return tiers


def build(tier_name: str, **overrides) -> tuple[object, dict, str]:
    """(extractor, settings recorded with the run, prompt fingerprint) for a tier name."""
    tiers = load_tiers()
    if tier_name not in tiers:
        raise ValueError(f"unknown tier {tier_name!r}; configured: {', '.join(sorted(tiers))}")
    tier = tiers[tier_name]
    if tier.provider == "offline":
        return OfflineExtractor(), {"tier": "offline", "extractor": OFFLINE_VERSION}, f"offline:{OFFLINE_VERSION}"
    raise ValueError(f"tier {tier_name!r} uses provider {tier.provider!r}, which this build cannot call")
