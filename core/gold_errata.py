"""Reviewed gold errata: SGD cases whose recorded state misses a fact the customer plainly stated.

The grader never reads this file: every headline figure stays graded against SGD exactly as
published. An erratum only explains a stopped-early case: it names the facts SGD's state left out
or put under another fact ("What is my checking account balance?" with an empty CheckBalance
state), the customer's words that state them, and why. A run then reports how many of its
stopped-early cases an erratum explains, beside (never instead of) the raw count, so a reader can
tell a tier that stopped on a missing fact from one that stopped where SGD's annotation slipped.

Each erratum is checked against the corpus before it is used (`problems`): the quote must be in a
customer line of the case, every corrected value in a customer line, and gold must not already
accept it; an erratum that no longer fits the data is reported, never silently applied.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from jsonschema import Draft202012Validator

from core import config
from core.case import CUSTOMER, Case
from core.checklist import Checklist
from core.corpus import Corpus
from core.errors import UsageError
from core.text import collapse

ERRATA_FILE = config.DATA_DIR / "gold_errata.json"
FORMAT_VERSION = 1

ERRATA_SCHEMA = {
    "type": "object",
    "required": ["version", "errata"],
    "additionalProperties": False,
    "properties": {
        "version": {"const": FORMAT_VERSION},
        "description": {"type": "string"},
        "errata": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["service", "split", "case_id", "intent", "facts", "quote", "why"],
                "additionalProperties": False,
                "properties": {
                    "service": {"type": "string", "minLength": 1},
                    "split": {"enum": ["train", "dev", "test"]},
                    "case_id": {"type": "string", "pattern": "^[^#]+#[0-9]+$"},
                    "intent": {"type": "string", "minLength": 1},
                    "facts": {"type": "object", "minProperties": 1,
                              "additionalProperties": {"type": "string", "minLength": 1}},
                    "quote": {"type": "string", "minLength": 1},
                    "why": {"type": "string", "minLength": 1},
                },
            },
        },
    },
}


class GoldErrataError(UsageError):
    """The gold errata file cannot be read or does not fit its format."""


@dataclass(frozen=True)
class Erratum:
    service: str
    split: str  # SGD's split: dialogue ids repeat across splits
    case_id: str
    intent: str
    facts: Mapping[str, str]  # fact -> the value the customer stated, in their spelling
    quote: str  # the customer's words that state it
    why: str

    def corrected_gold(self, case: Case) -> dict[str, tuple[str, ...]]:
        """Gold with this erratum's facts set to the customer's values (a fact SGD put elsewhere is moved)."""
        moved = {collapse(v) for v in self.facts.values()}
        gold = {fact: values for fact, values in case.gold.items()
                if fact in self.facts or not any(collapse(v) in moved for v in values)}
        return gold | {fact: (value,) for fact, value in self.facts.items()}

    def explains_stop(self, case: Case, checklist: Checklist) -> bool:
        """Whether, with this erratum applied, every required fact of the case's intent is in gold."""
        gold = self.corrected_gold(case)
        return all(fact in gold for fact in checklist.required(case.intent))


@dataclass(frozen=True)
class GoldErrata:
    path: str
    fingerprint: str  # of the file's bytes: which errata a run's explained count was read against
    errata: tuple[Erratum, ...]

    def for_case(self, service: str, split: str, case: Case) -> Erratum | None:
        for erratum in self.errata:
            if (erratum.service, erratum.split, erratum.case_id, erratum.intent) == (service, split, case.case_id,
                                                                                     case.intent):
                return erratum
        return None

    def explained(self, corpus: Corpus) -> dict[str, Erratum]:
        """case id -> the erratum that explains a stop on that case (cases whose corrected gold is complete)."""
        found: dict[str, Erratum] = {}
        if not self.errata or corpus.schema_variant:  # a variant renames the facts an erratum names
            return found
        for case in corpus.cases:
            erratum = self.for_case(corpus.checklist.service, corpus.split, case)
            if erratum is not None and not case.complete and erratum.explains_stop(case, corpus.checklist):
                found[case.case_id] = erratum
        return found

    def describe(self) -> dict:
        return {"file": self.path, "fingerprint": self.fingerprint, "errata": len(self.errata)}


NONE = GoldErrata(path="", fingerprint="", errata=())


@functools.cache
def default_errata() -> GoldErrata:
    """The project's errata file, read once per process; none when a checkout has no such file."""
    return load_errata(ERRATA_FILE) if ERRATA_FILE.exists() else NONE


def load_errata(path: str | os.PathLike | None = None) -> GoldErrata:
    """The errata file, validated (default data/gold_errata.json)."""
    source = Path(path) if path else ERRATA_FILE
    try:
        raw = source.read_bytes()
        body = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise GoldErrataError(f"{source}: not readable JSON: {exc}") from exc
    error = next(iter(sorted(Draft202012Validator(ERRATA_SCHEMA).iter_errors(body), key=lambda e: list(e.path))),
                 None)
    if error is not None:
        raise GoldErrataError(f"{source}: {error.json_path}: {error.message}")
    errata = tuple(Erratum(service=e["service"], split=e["split"], case_id=e["case_id"], intent=e["intent"],
                           facts=dict(e["facts"]), quote=e["quote"], why=e["why"]) for e in body["errata"])
    keys = [(e.service, e.split, e.case_id, e.intent) for e in errata]
    if len(set(keys)) != len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise GoldErrataError(f"{source}: {dup[0]} {dup[1]} {dup[2]} ({dup[3]}) is listed twice")
    name = str(source.relative_to(config.PROJECT_ROOT)) if source.is_relative_to(config.PROJECT_ROOT) else str(source)
    return GoldErrata(path=name, fingerprint=hashlib.sha256(raw).hexdigest()[:16], errata=errata)


def problems(erratum: Erratum, cases: Sequence[Case], checklist: Checklist) -> list[str]:
    """Why this erratum does not fit the corpus (empty when it does)."""
    label = f"{erratum.service} {erratum.case_id} ({erratum.intent})"
    case = next((c for c in cases if c.case_id == erratum.case_id and c.intent == erratum.intent), None)
    if case is None:
        return [f"{label}: no such case"]
    found: list[str] = []
    said = [collapse(line.text) for line in case.lines if line.speaker == CUSTOMER]
    quote = collapse(erratum.quote)
    if not any(quote in text for text in said):
        found.append(f"{label}: the quote is in no customer line of the case")
    intent = checklist.intent(case.intent)
    listed = set(intent.required) | set(intent.optional)
    for fact, value in erratum.facts.items():
        if fact not in listed:
            found.append(f"{label}: {fact} is not a fact of {case.intent}")
        if not any(collapse(value) in text for text in said):
            found.append(f"{label}: {fact} = {value!r} is in no customer line of the case")
        if collapse(value) in {collapse(v) for v in case.gold.get(fact, ())}:
            found.append(f"{label}: gold already accepts {fact} = {value!r}")
    return found
