"""Tiers as configuration: `data/tiers.toml` names each extractor and its settings.

`build()` wires a tier into an extractor: the offline rules, a provider adapter behind the
shared model-tier logic, the simulated provider, or a replay of an earlier run.
"""

from __future__ import annotations

import socket
from typing import Any

import httpx

from core import config
from core.budget import is_loopback, is_metered
from core.contract import RULES_VERSION
from core.errors import UsageError
from core.extractors.offline import VERSION as OFFLINE_VERSION
from core.extractors.offline import OfflineExtractor
from core.guards import PLAN_SETTING
from core.http_retry import RetryPolicy
from core.prompt import STRATEGIES, template_fingerprint
from core.secrets import read_key, require_key
from core.tier_file import KIND_OF as KIND_OF
from core.tier_file import PROVIDERS as PROVIDERS
from core.tier_file import SCHEMA_FILE as SCHEMA_FILE
from core.tier_file import TIERS_FILE as TIERS_FILE
from core.tier_file import Tier as Tier
from core.tier_file import load_tiers as load_tiers
from core.tier_file import schema_problems as schema_problems

# Settings recorded with a run (and so part of its tier-settings guard). Never a key.
RECORDED = ("provider", "wire", "model", "base_url", "max_output_tokens", "thinking", "thinking_budget",
            "reasoning_effort", "structured_output", "strategy", "ceiling_param", "rate", "timeout_s",
            "temperature", "seed", "instructions_in_user")
OFF = "off"


def build(tier_name: str, **overrides) -> tuple[Any, dict, str]:
    """(extractor, settings recorded with the run, prompt fingerprint) for a tier name.

    Overrides replace tier settings (e.g. `base_url`, `timeout_s`, `strategy`); `client`
    passes an httpx client in; replay needs `from_run` and `store`.
    """
    tiers = load_tiers()
    if tier_name not in tiers:
        raise UsageError(f"unknown tier {tier_name!r}; configured: {', '.join(sorted(tiers))}")
    tier = tiers[tier_name]
    client = overrides.pop("client", None)
    store = overrides.pop("store", None)
    spec = {**tier.settings, **{k: v for k, v in overrides.items() if v is not None}}
    if tier.provider == "offline":
        settings = {"tier": "offline", "extractor": OFFLINE_VERSION, "contract": RULES_VERSION}
        return OfflineExtractor(), settings, f"offline:{OFFLINE_VERSION}"
    if tier.provider == "replay":
        from core.extractors.replay import ReplayExtractor

        if not spec.get("from_run") or store is None:
            raise UsageError("the replay tier needs --from-run RUN_ID (a run recorded in this store)")
        extractor = ReplayExtractor.from_store(store, spec["from_run"], tier=tier_name)
        # the replies are re-judged by today's contract, whatever judged them when recorded
        return extractor, {**extractor.settings, "contract": RULES_VERSION}, extractor.prompt_fingerprint
    return build_model_tier(tier, spec, client)


def build_model_tier(tier: Tier, spec: dict, client: httpx.Client | None = None) -> tuple[Any, dict, str]:
    from core.extractors import probe
    from core.extractors.anthropic import AnthropicAdapter
    from core.extractors.model import ModelExtractor
    from core.extractors.openai_compat import OpenAICompatAdapter

    strategy = spec.get("strategy", "transcript")
    if strategy not in STRATEGIES:
        raise UsageError(f"tier {tier.name!r}: unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    wire = spec.get("wire", "openai") if tier.provider == "simulated" else tier.provider
    if wire not in ("openai", "anthropic"):
        raise UsageError(f"tier {tier.name!r}: unknown wire format {wire!r}; choose openai or anthropic")
    where = f"tier {tier.name!r}: base_url"
    if spec.get("base_url_env") and config.env(spec["base_url_env"]):
        spec["base_url"] = config.env(spec["base_url_env"])
        where = f"tier {tier.name!r}: {spec['base_url_env']}"
    if spec.get("model_env") and config.env(spec["model_env"]):
        spec["model"] = config.env(spec["model_env"])
    if not spec.get("base_url") or not spec.get("model"):
        raise UsageError(f"tier {tier.name!r} needs a model and a base_url")
    check_base_url(str(spec["base_url"]), where)
    form = structured_form(tier, spec, wire)
    if client is None and _is_loopback(spec["base_url"]):
        _check_listening(tier, spec["base_url"])
    key = None
    if tier.provider != "simulated" and spec.get("key_env"):
        key = read_key(spec["key_env"]) if spec.get("key_optional") else require_key(spec["key_env"], tier.name)
    own_client = client is None
    client = client or httpx.Client(timeout=httpx.Timeout(float(spec.get("timeout_s", 30)), connect=5.0),
                                     limits=httpx.Limits(max_connections=256, max_keepalive_connections=64))
    policy = RetryPolicy(attempts=int(spec.get("attempts", 4)), base_wait_s=float(spec.get("base_wait_s", 0.5)),
                         max_wait_s=float(spec.get("max_wait_s", 20.0)))
    ceiling = int(spec.get("max_output_tokens", 400))
    provider_label = "simulated" if tier.kind == "simulated" else tier.provider
    host_kind = "loopback" if _is_loopback(spec["base_url"]) else "remote"
    # Extraction wants the most likely reading, not a sample: temperature 0 unless the tier says
    # otherwise (a server's own default, 0.8 on llama.cpp, flipped 2 of 20 decisions over 3 repeats).
    # Thinking models take no temperature (OpenAI reasoning models and Anthropic thinking refuse one).
    spec.setdefault("temperature", None if spec.get("thinking") else 0)
    if spec["temperature"] is None:
        spec.pop("temperature")
    served = None
    try:
        if tier.provider == "openai" and (host_kind == "loopback" or form == "auto" or spec.get("probe")):
            served = probe.list_models(client, spec["base_url"], key).served(spec["model"])
        if form == "auto" or (form not in (OFF, "tool") and spec.get("probe") and tier.provider == "openai"):
            form = _proven_form(tier, spec, form, client, key, served)
    except BaseException:
        if own_client:
            client.close()
        raise
    adapter: OpenAICompatAdapter | AnthropicAdapter
    if wire == "openai":
        effort = spec.get("reasoning_effort", "medium") if spec.get("thinking") else None
        adapter = OpenAICompatAdapter(client=client, base_url=spec["base_url"], model=spec["model"], api_key=key,
                                      max_output_tokens=ceiling,
                                      ceiling_param=spec.get("ceiling_param", "max_completion_tokens"),
                                      reasoning_effort=effort, policy=policy, provider=provider_label,
                                      structured_form=form if form != OFF else "json_schema",
                                      temperature=spec.get("temperature"), seed=spec.get("seed"),
                                      instructions_in_user=bool(spec.get("instructions_in_user")))
    else:
        if spec.get("seed") is not None:
            raise UsageError(f"tier {tier.name!r}: the anthropic wire takes no seed")
        budget = int(spec.get("thinking_budget", 1024)) if spec.get("thinking") else None
        adapter = AnthropicAdapter(client=client, base_url=spec["base_url"], model=spec["model"], api_key=key,
                                   max_output_tokens=ceiling, thinking_budget=budget, policy=policy,
                                   provider=provider_label, temperature=spec.get("temperature"))
    structured = form != OFF
    extractor = ModelExtractor(tier.name, adapter, strategy=strategy, structured=structured, kind=tier.kind)
    extractor.metered = is_metered(tier.provider, spec)  # type: ignore[attr-defined]  # read by the runner
    settings = {"tier": tier.name, "kind": tier.kind, **{k: spec[k] for k in RECORDED if k in spec}}
    settings["provider"] = provider_label
    settings["wire"] = wire
    settings["structured_output"] = form
    settings["host_kind"] = host_kind
    settings["contract"] = RULES_VERSION  # every answer passes the contract: its rules decide what is kept
    if tier.provider == "openai":
        settings["served_model"] = served  # None: the server did not say (or was not asked: a remote API)
    if tier.kind == "simulated":
        settings["simulated"] = True
        settings[PLAN_SETTING] = simulated_plan(client, spec["base_url"])
        settings.pop("base_url", None)  # the port is incidental; the answers are the same
    fingerprint = f"{template_fingerprint(strategy)}:{'schema' if structured else 'free'}"
    if spec.get("instructions_in_user"):
        fingerprint += ":in-user"
    return extractor, settings, fingerprint


def structured_form(tier: Tier, spec: dict, wire: str) -> str:
    """The configured structured output as a form: true is the wire's own (OpenAI `json_schema`,
    Anthropic a forced `tool` call), false is off; an OpenAI-compatible tier may name a server's form."""
    value = spec.get("structured_output", False)
    if value is True:
        return "json_schema" if wire == "openai" else "tool"
    if value is False or value == OFF:
        return OFF
    if wire != "openai":
        raise UsageError(f"tier {tier.name!r}: structured_output {value!r} is a form of OpenAI-compatible servers; "
                         "the anthropic wire takes true or false")
    if value == "auto" and tier.provider != "openai":
        raise UsageError(f"tier {tier.name!r}: structured_output 'auto' asks a real server; name a form instead")
    return str(value)


def _proven_form(tier: Tier, spec: dict, form: str, client: httpx.Client, key: str | None, served: str | None) -> str:
    """The form this server honours (found, under "auto"; else the configured one, checked), or one
    line saying it cannot, before any case is sent."""
    from core.extractors import probe

    url = httpx.URL(spec["base_url"])
    where = f"{url.host}:{url.port or (443 if url.scheme == 'https' else 80)}"
    options = {"model": spec["model"], "api_key": key, "ceiling_param": spec.get("ceiling_param", "max_tokens"),
               "timeout_s": float(spec.get("timeout_s", 60)), "served": served}
    if form == "auto":
        kind = probe.list_models(client, spec["base_url"], key).kind
        found, tried = probe.find_form(client, spec["base_url"], kind=kind, **options)
        if found is None:
            raise UsageError(f"tier {tier.name!r}: the server at {where} honours no structured-output form "
                             f"({'; '.join(tried)}); set structured_output = \"off\"")
        return found
    ok, why = probe.honours(client, spec["base_url"], form, **options)
    if not ok:
        raise UsageError(f"tier {tier.name!r}: the server at {where} does not do structured output {form!r}: "
                         f"{' '.join(why.split())[:240]}; set structured_output = \"auto\" to find its form, "
                         "or \"off\"")
    return form


def simulated_plan(client: httpx.Client, base_url: str) -> dict | None:
    """The simulated provider's plan (faults, seeds, latency, jitter) as it describes itself on
    /health, or None when the server at base_url does not say (then its runs count as faulted)."""
    url = httpx.URL(base_url)
    root = str(url.copy_with(path=url.path.removesuffix("/").removesuffix("/v1") + "/health"))
    try:
        response = client.get(root, timeout=5.0)
        body = response.json() if response.status_code == 200 else None
    except (httpx.HTTPError, ValueError):
        return None
    plan = body.get("plan") if isinstance(body, dict) else None
    return plan if isinstance(plan, dict) else None


def _is_loopback(base_url: str) -> bool:
    return is_loopback(base_url)


def check_base_url(base_url: str, where: str) -> str:
    """A base URL of the shape http(s)://host[:port][/path], or one clear error naming `where`."""
    try:
        url = httpx.URL(base_url)
        port = url.port
    except (httpx.InvalidURL, ValueError, TypeError) as exc:
        raise UsageError(f"{where} {base_url!r} is not a URL: {exc}") from None
    if url.scheme not in ("http", "https") or not url.host:
        raise UsageError(f"{where} {base_url!r} is not a URL of the form http(s)://host[:port]/path")
    if port is not None and not 0 < port <= 65535:
        raise UsageError(f"{where} {base_url!r} has port {port}, outside 1..65535")
    return base_url


def _check_listening(tier: Tier, base_url: str) -> None:
    """Fail in one line, before any case, when a server on this machine is not there: otherwise
    every case would spend its retries on a refused connection and degrade to `ask`."""
    url = httpx.URL(base_url)
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        socket.create_connection((url.host, port), timeout=2.0).close()
    except OSError as exc:
        hint = ("start it with `python -m evals simulate`" if tier.kind == "simulated"
                else "start that server, or point the tier's base URL elsewhere")
        raise UsageError(f"tier {tier.name!r} cannot reach its server at {url.host}:{port} "
                         f"({exc.strerror or exc}): {hint}") from None
