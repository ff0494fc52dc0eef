"""Guards: the fingerprints that must match before two runs may be differenced.

One typed `Guards` and one builder per kind of run (eval, floor, red team, contract fixtures,
gold check), so every kind records the same names with the same meaning. A run against the
simulated provider also carries the provider's plan (faults, their seed, latency and jitter):
a run with 10% injected 429s is not the run without them, though every setting of the tier
matches.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass

from core.case import Case, case_set_fingerprint
from core.contract import RULES_VERSION
from core.corpus import Corpus
from core.grade import GRADER_VERSION
from core.intent import READER_VERSION

GUARD_NAMES = ("case_set", "checklist", "prompt", "grader", "tier_settings", "intent_mode", "provider_plan")
CONTRACT_GRADER = "contract"  # contract runs are judged by expected codes, not by the SGD grader
PLAN_SETTING = "simulated_plan"  # the settings key a simulated tier records the provider's plan under


def fingerprint(value: object, length: int = 16) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:length]


def settings_fingerprint(settings: Mapping) -> str:
    return fingerprint(dict(settings))


@dataclass(frozen=True)
class Guards:
    """What a run was measured on and with. Optional guards left unset are not recorded, so a run
    recorded before a guard existed still matches one recorded after it."""

    case_set: str
    checklist: str
    prompt: str
    grader: str
    tier_settings: str
    intent_mode: str | None = None  # eval and floor runs: "gold" or "predicted"
    provider_plan: str | None = None  # simulated tiers: the provider's faults, seed, latency and jitter
    details: tuple[tuple[str, str], ...] = ()  # a kind's own named guards (a generality report's settings)

    def to_json(self) -> dict[str, str]:
        named = {name: value for name, value in asdict(self).items() if value is not None and name != "details"}
        return {**named, **dict(self.details)}


def provider_plan(settings: Mapping) -> str | None:
    """The fingerprint of a simulated provider's plan as the tier recorded it ("unknown" when the
    server did not describe itself), or None for any other tier."""
    if not settings.get("simulated"):
        return None
    plan = settings.get(PLAN_SETTING)
    return fingerprint(plan) if plan else "unknown"


def faulted(settings: Mapping) -> bool:
    """Whether a run's answers may vary for reasons outside its inputs: a simulated provider
    injecting faults, or one whose plan is unknown. Such a run is not deterministic."""
    if not settings.get("simulated"):
        return False
    plan = settings.get(PLAN_SETTING)
    return not plan or any(share > 0 for share in (plan.get("faults") or {}).values())


def eval_guards(corpus: Corpus, cases: Sequence[Case], prompt_fingerprint: str, settings: Mapping,
                intent_mode: str = "gold") -> Guards:
    """`intent_mode`: "gold" (each case's intent is given) or "predicted" (the turn reads it, and
    the reader's version is part of the guard)."""
    mode = intent_mode if intent_mode == "gold" else f"{intent_mode}:{READER_VERSION}"
    return Guards(case_set=case_set_fingerprint(cases), checklist=corpus.checklist.fingerprint(),
                  prompt=prompt_fingerprint, grader=GRADER_VERSION, tier_settings=settings_fingerprint(settings),
                  intent_mode=mode, provider_plan=provider_plan(settings))


def generality_guards(case_sets: str, checklists: str, tier_settings: Mapping, *, intent_modes: Sequence[str],
                      segment: str, agent_asks: bool, sgd_x: bool) -> Guards:
    """A generality report over many services: the case sets and checklists of every row, and the
    report's own settings, each named (the page labels reports by them)."""
    return Guards(case_set=case_sets, checklist=checklists, prompt=f"generality:{segment}", grader=GRADER_VERSION,
                  tier_settings=settings_fingerprint(tier_settings), intent_mode=",".join(intent_modes),
                  details=(("extractor", str(tier_settings.get("extractor", ""))), ("segment", segment),
                           ("agent_asks", "kept" if agent_asks else "emptied"),
                           ("sgd_x", "v1-v5" if sgd_x else "off")))


def floor_guards(corpus: Corpus, cases: Sequence[Case], floor: str, settings: Mapping) -> Guards:
    return eval_guards(corpus, cases, f"floor:{floor}", settings)


def redteam_guards(attack_set: str, checklists: Iterable[str], prompt_fingerprint: str, settings: Mapping) -> Guards:
    """`attack_set` fingerprints the attack file; `checklists` are the fingerprints of its services'."""
    return Guards(case_set=f"attacks:{attack_set}", checklist=fingerprint(sorted(checklists)),
                  prompt=prompt_fingerprint, grader=GRADER_VERSION, tier_settings=settings_fingerprint(settings),
                  provider_plan=provider_plan(settings))


def contract_guards(cases: Iterable[tuple[str, object]], checklists: Iterable[str], settings: Mapping) -> Guards:
    """Contract runs (fixtures, gold check): `cases` are (id, content) pairs, so a fixture edited
    under the same id is a different case set. No prompt is sent: recorded replies are read."""
    return Guards(case_set=fingerprint(sorted((cid, content) for cid, content in cases)),
                  checklist=fingerprint(sorted(checklists)), prompt="none",
                  grader=f"{CONTRACT_GRADER}:{RULES_VERSION}",  # the contract is the grader: its rules' version
                  tier_settings=settings_fingerprint(settings))


def run_guards(corpus: Corpus, cases: Sequence[Case], prompt_fingerprint: str, settings: Mapping,
               intent_mode: str = "gold") -> dict[str, str]:
    """The eval guards as recorded (a dict)."""
    return eval_guards(corpus, cases, prompt_fingerprint, settings, intent_mode).to_json()


def differing(a: Mapping[str, str], b: Mapping[str, str]) -> list[str]:
    """Guard names whose fingerprints differ; empty means the runs may be differenced."""
    return [name for name in GUARD_NAMES if a.get(name) != b.get(name)]
