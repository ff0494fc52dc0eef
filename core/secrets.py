"""The one place API keys are read, and the scrubber that keeps them out of storage.

Order: the process environment, then `.streamlit/secrets.toml` (never committed).
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

SECRETS_FILE = Path(__file__).resolve().parent.parent / ".streamlit" / "secrets.toml"
_KEYLIKE = re.compile(r"\b(sk-[A-Za-z0-9_\-]{8,}|sk-ant-[A-Za-z0-9_\-]{8,})\b")
_BEARER = re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._\-]{8,}")


class MissingKey(RuntimeError):
    """A model tier needs a key that is not configured."""


def _secrets_file() -> dict:
    path = Path(os.environ.get("CHAT_INTAKE_SECRETS", SECRETS_FILE))
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
    value = (os.environ.get(env_name) or "").strip()
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


def known_secret_values() -> list[str]:
    names = [n for n in os.environ if n.endswith(("_API_KEY", "_KEY", "_TOKEN"))]
    values = [os.environ[n].strip() for n in names if len(os.environ[n].strip()) >= 8]
    values += [v.strip() for v in _safe_file().values() if isinstance(v, str) and len(v.strip()) >= 8]
    return values


def _safe_file() -> dict:
    try:
        return _secrets_file()
    except MissingKey:
        return {}


def scrub(text: str | None, secrets: list[str] | None = None) -> str | None:
    """Remove anything that is, or looks like, an API key before it is stored or logged.

    `secrets` lets a caller scrubbing many values read the configured keys once."""
    if not text:
        return text
    for value in known_secret_values() if secrets is None else secrets:
        text = text.replace(value, "[redacted]")
    text = _KEYLIKE.sub("[redacted]", text)
    return _BEARER.sub(r"\1[redacted]", text)
