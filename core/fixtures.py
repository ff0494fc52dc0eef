"""Contaminated fixtures: answers written on purpose for real corpus cases, run through the contract.

A fixture names a case by service, segment and case id (no dataset text is copied) and gives
either a parsed answer or a raw provider reply. A `bad` fixture names the one code that must
catch it; a `clean` one must raise no code at all. Answer values are our own words, or a
reference to the case's gold value with an optional transform (cut, appended, look-alikes...).
The file format is documented in docs/formats.md.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from jsonschema import Draft202012Validator

from core import config
from core.case import AGENT, CUSTOMER, Case, Line
from core.contract import ALL_CODES, REJECTING, Verdict, check, code_counts, extraction_from_reply
from core.corpus import SEGMENTS, Corpus, build_corpus
from core.errors import UsageError
from core.extraction import Extraction
from core.guards import contract_guards
from core.recorder import RunRecorder
from core.store import Store

FIXTURES_DIR = config.FIXTURES_DIR
FORMAT_VERSION = 1

_GOLD_REF = {
    "type": "object",
    "required": ["gold"],
    "additionalProperties": False,
    "properties": {
        "gold": {"type": "string", "minLength": 1},
        "first_chars": {"type": "integer", "minimum": 1},
        "append": {"type": "string", "minLength": 1},
        "upper": {"const": True},
        "homoglyphs": {"const": True},
        "fullwidth": {"const": True},
        "invisible": {"const": True},
    },
    "maxProperties": 2,  # `gold` and at most one transform
}
FIXTURE_FILE_SCHEMA = {
    "type": "object",
    "required": ["version", "fixtures"],
    "additionalProperties": False,
    "properties": {
        "version": {"const": FORMAT_VERSION},
        "description": {"type": "string"},
        "fixtures": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "kind", "case", "why"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "pattern": "^[A-Za-z0-9_.-]+$"},
                    "kind": {"enum": ["bad", "clean"]},
                    "case": {
                        "type": "object",
                        "required": ["service", "segment", "case_id"],
                        "additionalProperties": False,
                        "properties": {
                            "service": {"type": "string", "minLength": 1},
                            "segment": {"enum": list(SEGMENTS)},
                            "case_id": {"type": "string", "minLength": 1},
                        },
                    },
                    "answer": {
                        "type": "object",
                        "additionalProperties": {"oneOf": [{"type": "string"}, _GOLD_REF]},
                    },
                    "reply": {
                        "type": "object",
                        "required": ["raw"],
                        "additionalProperties": False,
                        "properties": {
                            "raw": {"type": ["string", "null"]},
                            "finish_reason": {"type": ["string", "null"]},
                            "error": {"type": ["string", "null"]},
                        },
                    },
                    "then": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "object",
                            "required": ["speaker", "text"],
                            "additionalProperties": False,
                            "properties": {
                                "speaker": {"enum": [CUSTOMER, AGENT]},
                                "text": {"type": "string", "minLength": 1},
                            },
                        },
                    },
                    "expect": {"enum": list(ALL_CODES)},
                    "why": {"type": "string", "minLength": 1},
                },
                "oneOf": [{"required": ["answer"]}, {"required": ["reply"]}],
                "if": {"properties": {"kind": {"const": "bad"}}},
                "then": {"required": ["expect"]},
                "else": {"not": {"required": ["expect"]}},
            },
        },
    },
}


class FixtureError(UsageError):
    """A fixture file or folder that cannot be used; the message names the file and fixture."""


@dataclass(frozen=True)
class Fixture:
    id: str
    kind: str
    service: str
    segment: str
    case_id: str
    why: str
    source: str
    answer: Mapping[str, object] | None = None
    reply: Mapping[str, str | None] | None = None
    expect: str | None = None
    then: tuple[Line, ...] = ()  # lines of our own words that continue the corpus case

    @property
    def expected_codes(self) -> list[str]:
        return [self.expect] if self.expect else []


@dataclass
class FixtureResult:
    fixture: Fixture
    case: Case
    extraction: Extraction
    verdict: Verdict
    passed: bool
    notes: list[str] = field(default_factory=list)

    @property
    def got(self) -> list[str]:
        return self.verdict.codes

    def to_json(self) -> dict:
        fx = self.fixture
        return {
            "id": fx.id, "kind": fx.kind, "service": fx.service, "segment": fx.segment, "case_id": fx.case_id,
            "intent": self.case.intent, "why": fx.why, "expected": fx.expected_codes, "got": self.got,
            "passed": self.passed, "status": self.extraction.status, "answer": self.extraction.collected,
            "raw_reply": self.extraction.raw_reply, "accepted": self.verdict.accepted,
            "findings": [f.to_json() for f in self.verdict.findings], "source": fx.source,
        }


def load_fixtures(folder: str | os.PathLike | None = None) -> list[Fixture]:
    """Every fixture in every `*.json` file of the folder, validated; ids must be unique."""
    root = Path(folder) if folder else FIXTURES_DIR
    if not root.is_dir():
        raise FixtureError(f"fixture folder {root} does not exist")
    files = sorted(root.glob("*.json"))
    if not files:
        raise FixtureError(f"fixture folder {root} holds no *.json file")
    validator = Draft202012Validator(FIXTURE_FILE_SCHEMA)
    fixtures: list[Fixture] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            body = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise FixtureError(f"{path}: not readable JSON: {exc}") from exc
        error = next(iter(sorted(validator.iter_errors(body), key=lambda e: list(e.path))), None)
        if error is not None:
            raise FixtureError(f"{path}: {error.json_path}: {error.message}")
        for item in body["fixtures"]:
            if item["id"] in seen:
                raise FixtureError(f"{path}: fixture id {item['id']!r} is already used in {seen[item['id']]}")
            seen[item["id"]] = path.name
            case = item["case"]
            fixtures.append(Fixture(
                id=item["id"], kind=item["kind"], service=case["service"], segment=case["segment"],
                case_id=case["case_id"], why=item["why"], source=path.name, answer=item.get("answer"),
                reply=item.get("reply"), expect=item.get("expect"),
                then=tuple(Line(ln["speaker"], ln["text"]) for ln in item.get("then", ())),
            ))
    return fixtures


# --- answer values --------------------------------------------------------------------------
_TO_CYRILLIC = str.maketrans("aceopxyAEOPCXB", "асеорхуАЕОРСХВ")


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else "\u3000" if ch == " " else ch for ch in text)


TRANSFORMS: dict[str, Callable[[str, object], str]] = {
    "first_chars": lambda v, n: v[: int(str(n))],
    "append": lambda v, extra: v + str(extra),
    "upper": lambda v, _: v.upper(),
    "homoglyphs": lambda v, _: v.translate(_TO_CYRILLIC),
    "fullwidth": lambda v, _: _fullwidth(v),
    "invisible": lambda v, _: v[:1] + "\u200b" + v[1:],
}


def resolve_value(spec: object, case: Case, fixture_id: str) -> str:
    """A literal answer value, or the case's first gold value for a fact, transformed."""
    if isinstance(spec, str):
        return spec
    assert isinstance(spec, Mapping)
    fact = str(spec["gold"])
    values = case.gold.get(fact)
    if not values:
        raise FixtureError(f"fixture {fixture_id}: case {case.case_id} has no gold value for {fact!r}")
    value = values[0]
    for name, argument in spec.items():
        if name != "gold":
            value = TRANSFORMS[name](value, argument)
    return value


# --- running ---------------------------------------------------------------------------------
CorpusLoader = Callable[[str, str], Corpus]


def corpus_loader(sgd_dir: str | os.PathLike | None = None) -> CorpusLoader:
    """Builds each (service, segment) corpus once, from the local SGD copy only."""
    built: dict[tuple[str, str], Corpus] = {}

    def load(service: str, segment: str) -> Corpus:
        if (service, segment) not in built:
            built[(service, segment)] = build_corpus(service, segment, sgd_dir=sgd_dir, download=False)
        return built[(service, segment)]

    return load


def find_case(corpus: Corpus, case_id: str, fixture_id: str) -> Case:
    case = next((c for c in corpus.cases if c.case_id == case_id), None)
    if case is None:
        raise FixtureError(f"fixture {fixture_id}: no case {case_id!r} in {corpus.service} ({corpus.segment} mode)")
    return case


def run_fixture(fixture: Fixture, load: CorpusLoader) -> FixtureResult:
    corpus = load(fixture.service, fixture.segment)
    case = find_case(corpus, fixture.case_id, fixture.id)
    if fixture.then:
        case = replace(case, lines=case.lines + fixture.then)
    if fixture.reply is not None:
        extraction = extraction_from_reply(fixture.reply.get("raw"), fixture.reply.get("finish_reason"),
                                           fixture.reply.get("error"))
    else:
        answer = {fact: resolve_value(spec, case, fixture.id) for fact, spec in (fixture.answer or {}).items()}
        extraction = Extraction(collected=answer)
    verdict = check(corpus.checklist, case.intent, case.lines, extraction)
    # Bad: exactly its one code and nothing else. Clean: no code at all.
    passed = verdict.codes == fixture.expected_codes
    notes = []
    kept_anyway = fixture.answer is not None and verdict.accepted == extraction.collected
    if fixture.expect in REJECTING and passed and kept_anyway:
        passed, notes = False, ["the code fired but the value was still collected"]
    return FixtureResult(fixture, case, extraction, verdict, passed, notes)


def run_fixtures(fixtures: Sequence[Fixture], sgd_dir: str | os.PathLike | None = None) -> list[FixtureResult]:
    load = corpus_loader(sgd_dir)
    return [run_fixture(fx, load) for fx in fixtures]


def summarize(results: Sequence[FixtureResult], folder: str | os.PathLike | None = None) -> dict:
    """The contract run's summary: counts, codes covered, and every fixture's verdict."""
    bad = [r for r in results if r.fixture.kind == "bad"]
    clean = [r for r in results if r.fixture.kind == "clean"]
    covered = sorted({r.fixture.expect for r in bad if r.fixture.expect})
    return {
        "check": "fixtures",
        "fixtures_dir": str(Path(folder) if folder else FIXTURES_DIR),
        "fixtures": len(results),
        "bad_total": len(bad),
        "bad_rejected_as_expected": sum(r.passed for r in bad),
        "clean_total": len(clean),
        "clean_passed": sum(r.passed for r in clean),
        "all_passed": all(r.passed for r in results),
        "codes_covered": covered,
        "codes_not_covered": [c for c in ALL_CODES if c not in covered],
        "codes": code_counts([r.verdict for r in results]),
        "per_fixture": [r.to_json() for r in results],
    }


def fixture_row(run_id: str, result: FixtureResult) -> dict:
    """A fixture's case row in a run of kind "contract"."""
    fx, case = result.fixture, result.case
    return {
        "run_id": run_id, "case_id": fx.id, "repeat": 0, "dialogue_id": case.dialogue_id,
        "turn_index": case.turn_index, "intent": case.intent, "gold": {k: list(v) for k, v in case.gold.items()},
        "reported": result.extraction.collected, "collected": result.verdict.accepted,
        "status": result.extraction.status, "codes": result.got,
        "findings": [f.to_json() for f in result.verdict.findings], "raw_reply": result.extraction.raw_reply,
        "extra": {"check": "fixtures", "kind": fx.kind, "service": fx.service, "segment": fx.segment,
                  "corpus_case_id": fx.case_id, "expected": fx.expected_codes, "got": result.got,
                  "passed": result.passed, "why": fx.why, "source": fx.source, "notes": result.notes},
    }


def record_fixtures(store: Store, fixtures: Sequence[Fixture], sgd_dir: str | os.PathLike | None = None,
                    folder: str | os.PathLike | None = None) -> tuple[str, dict, list[FixtureResult]]:
    """Run every fixture and record it as it is judged, as a run of kind "contract" (one case row
    per fixture); returns (run_id, summary, results). The case set is fixed before the run starts:
    the fixtures, their contents and the checklists they name."""
    load = corpus_loader(sgd_dir)
    settings = {"check": "fixtures", "fixtures_dir": str(Path(folder) if folder else FIXTURES_DIR)}
    checklists = {load(fx.service, fx.segment).checklist.fingerprint() for fx in fixtures}
    guards = contract_guards([(fx.id, asdict(fx)) for fx in fixtures], checklists, settings)
    results: list[FixtureResult] = []
    with RunRecorder(store, kind="contract", tier="fixtures", tier_kind="contract", guards=guards,
                     settings=settings, n_planned=len(fixtures), split="fixtures") as run:
        run.progress = lambda: f"{len(results)} of {len(fixtures)} fixtures"
        for fixture in fixtures:
            result = run_fixture(fixture, load)
            results.append(result)
            run.case(fixture_row(run.run_id, result))
        summary = {**summarize(results, folder), "run_id": run.run_id}
        run.finish("finished", summary)
    return run.run_id, summary, results
