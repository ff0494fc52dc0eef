"""SGD-X schema variants: the same dialogues, every name and description reworded.

A variant schema lists services, slots and intents in the same order as the original
schema of the same split, so names are mapped by position.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from core.case import rename_case
from core.checklist import Checklist
from core.errors import UsageError
from core.sgd_source import CorpusError, load_schema

VARIANTS = ("v1", "v2", "v3", "v4", "v5")


def variant_names(original: list[dict], variant: list[dict], service: str) -> tuple[dict, dict[str, str]]:
    """(variant service entry, original name -> variant name for slots and intents)."""
    index = next((i for i, s in enumerate(original) if s["service_name"] == service), None)
    if index is None or index >= len(variant):
        raise CorpusError(f"{service} has no counterpart in the variant schema")
    orig, var = original[index], variant[index]
    if len(orig["slots"]) != len(var["slots"]) or len(orig["intents"]) != len(var["intents"]):
        raise CorpusError(f"variant schema of {service} does not line up with the original")
    names = {a["name"]: b["name"] for a, b in zip(orig["slots"], var["slots"], strict=True)}
    names.update({a["name"]: b["name"] for a, b in zip(orig["intents"], var["intents"], strict=True)})
    return var, names


def apply_variant(corpus, variant: str, root: Path):
    """The corpus with its checklist and gold renamed to an SGD-X variant."""
    if variant not in VARIANTS:
        raise UsageError(f"unknown schema variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    path = root / "sgd_x" / variant / corpus.split
    if not (path / "schema.json").exists():
        raise CorpusError(f"no SGD-X schema at {path / 'schema.json'}")
    entry, names = variant_names(load_schema(root, corpus.split), load_schema(root / "sgd_x" / variant, corpus.split),
                                 corpus.service)
    checklist = Checklist.from_schema(entry)
    cases = [rename_case(c, names, checklist.service) for c in corpus.cases]
    return replace(corpus, checklist=checklist, cases=cases, schema_variant=variant)
