"""The one place API keys are read, and the scrubber that keeps them out of storage.

Order: the process environment, then `.streamlit/secrets.toml` (never committed).
"""

from __future__ import annotations

import functools
import re
import tomllib

from core import config
from core.errors import ChatIntakeError

SECRETS_FILE = config.SECRETS_FILE


class MissingKey(ChatIntakeError, RuntimeError):
    """A model tier needs a key that is not configured."""


def _secrets_file() -> dict:
    path = config.secrets_file()
    if not path.exists():
        return {}
    try:
        return tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise MissingKey(f"{path} is not valid TOML: {exc}") from exc


def read_key(env_name: str) -> str | None:
    """The key named `env_name`, from the environment or the secrets file, or None."""
    # Stripped: a key pasted with a trailing newline would otherwise be sent, and quoted back
    # in the client's error about an illegal header value.
    value = (config.env(env_name) or "").strip()
    if value:
        return value
    value = str(_secrets_file().get(env_name) or "").strip()
    return value or None


def require_key(env_name: str, tier: str) -> str:
    key = read_key(env_name)
    if not key:
        raise MissingKey(
            f"tier {tier!r} needs {env_name}: export {env_name}=... or add it to .streamlit/secrets.toml "
            "(see .streamlit/secrets.toml.example)"
        )
    return key


MIN_KEY_CHARS = 4  # a shorter configured "key" would redact ordinary words everywhere
# Token shapes scrubbed whoever configured them: OpenAI/Anthropic keys, GitHub tokens, Slack
# tokens, AWS access key ids, and whatever follows `Bearer`.
_SHAPES = (r"sk-ant-[A-Za-z0-9_\-]{6,}", r"sk-[A-Za-z0-9_\-]{8,}", r"gh[pousr]_[A-Za-z0-9]{8,}",
           r"xox[abposr]-[A-Za-z0-9\-]{8,}", r"AKIA[0-9A-Z]{12,}")
_BEARER_SHAPE = r"(?i:bearer)\s+[A-Za-z0-9._~+/=\-]{6,}"
REDACTED = "[redacted]"
_TRIGGERS = ("sk-", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "xox", "akia", "bearer")


def configured_key_names() -> set[str]:
    """Every variable that can hold a key: the `key_env` of every tier in the tiers file, plus
    the usual names (`*_KEY`, `*_TOKEN`, `*_SECRET`) in the environment."""
    names = config.key_like_names()
    try:
        from core.tier_file import load_tiers  # the file alone: the adapters read keys through this module

        for tier in load_tiers().values():
            if isinstance(tier.settings.get("key_env"), str):
                names.add(tier.settings["key_env"])
    except (ValueError, OSError):
        pass  # a broken tiers file is reported where it is used; scrub what we can
    return names


def known_secret_values() -> list[str]:
    """The value of every configured key (environment and secrets file), whatever its length
    above MIN_KEY_CHARS or its variable's name, longest first."""
    file = _safe_file()
    values = {(config.env(n) or "").strip() for n in configured_key_names()}
    values |= {str(file.get(n) or "").strip() for n in configured_key_names()}
    values |= {v.strip() for v in file.values() if isinstance(v, str)}
    return sorted((v for v in values if len(v) >= MIN_KEY_CHARS), key=len, reverse=True)


def _safe_file() -> dict:
    try:
        return _secrets_file()
    except MissingKey:
        return {}


class Scrubber:
    """One compiled pattern for every known key and every token shape: one pass per value.

    Build one per batch (`Scrubber.current()`); `clean` scrubs a string, or every string
    (keys included) inside a JSON-shaped value."""

    def __init__(self, secrets: list[str]) -> None:
        self.secrets = tuple(secrets)
        self._pattern = _compiled(self.secrets)
        # Substrings every match must contain: a value holding none of them (nearly all) skips the
        # regex, whose alternation would otherwise be tried at every position of every prompt.
        self._triggers = (*_TRIGGERS, *(v.lower() for v in self.secrets))

    @classmethod
    def current(cls) -> Scrubber:
        return cls(known_secret_values())

    def _sub(self, match: re.Match) -> str:
        text = match.group(0)
        if text[:1] in "Bb" and text[:6].lower() == "bearer" and text not in self.secrets:
            return text[:6] + text[6:len(text) - len(text[6:].lstrip())] + REDACTED
        return REDACTED

    def text(self, value: str | None) -> str | None:
        if not value:
            return value
        low = value.lower()
        if not any(trigger in low for trigger in self._triggers):
            return value
        return self._pattern.sub(self._sub, value)

    def clean(self, value: object) -> object:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.clean(k): self.clean(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.clean(v) for v in value]
        return value


@functools.lru_cache(maxsize=16)
def _compiled(secrets: tuple[str, ...]) -> re.Pattern:
    literal = [re.escape(v) for v in secrets]
    return re.compile("|".join([*literal, _BEARER_SHAPE, *(rf"\b{s}" for s in _SHAPES)]))


def scrub(text: str | None, secrets: list[str] | None = None) -> str | None:
    """Remove anything that is, or looks like, an API key before it is stored or logged.

    `secrets` lets a caller scrubbing many values read the configured keys once."""
    return Scrubber(known_secret_values() if secrets is None else secrets).text(text)
