"""Leave-services-out check of kind and role inference: the same fact, reworded by SGD-X, should read the same.

For every train service (only train: the unseen services' variant schemas are held out), each fact's
reading from the original schema is set beside its reading from each SGD-X variant (v1..v5), reader by
reader: the kind (`kind_of`), whether a place is an area, the role from name and description and from
the description alone, whether it is another party's, whether it is a stay's, what a count counts. Prints
every disagreement and a count per reader and per service, so the readers whose evidence moves with the
wording stand out. Reads schemas only, never dialogues.

    .venv/bin/python scripts/sgdx_kinds.py [--sgd DIR] [--services S,...] [--required-only] [--quiet]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.checklist import Checklist
from core.extractors.offline.profile import profile
from core.extractors.offline.roles import fact_role, is_stay
from core.sgd_source import load_schema
from core.variants import VARIANTS, variant_names

SPLIT = "train"  # never dev or test: their variant schemas belong to the held-out services


def readings(checklist: Checklist) -> dict[str, dict[str, object]]:
    """fact -> reader -> what it read, for one checklist."""
    built = profile(checklist)
    out: dict[str, dict[str, object]] = {}
    for name, fact in built.facts.items():
        # A reader counts only where the tier reads it: a role or a stay between two facts of one kind that
        # one intent requires, whose-it-is for a person or a vocabulary shared with another fact.
        rivals = any(name in i.required and any(r != name and built.facts[r].kind == fact.kind for r in i.required)
                     for i in checklist.intents.values())
        out[name] = {
            "kind": fact.kind,
            "area": fact.area if fact.kind == "place" else None,
            "role": fact_role(fact) if rivals else None,
            "role_desc": fact_role(fact, by_name=False) if rivals else None,
            "other_party": fact.other_party if fact.kind == "person" or built.siblings[name] else None,
            "stay": is_stay(fact) if rivals else None,
            "counted": fact.counted[:1] if fact.kind == "count" and not fact.vocabulary else None,
        }
    return out


def _required(entry: dict) -> set[str]:
    return {s for i in entry["intents"] for s in i.get("required_slots") or ()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sgd", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "sgd")
    parser.add_argument("--services", default="")
    parser.add_argument("--required-only", action="store_true", help="only facts some intent requires")
    parser.add_argument("--quiet", action="store_true", help="counts only, no disagreement lines")
    args = parser.parse_args(argv)
    original = load_schema(args.sgd, SPLIT)
    wanted = set(filter(None, args.services.split(",")))
    variants = {v: load_schema(args.sgd / "sgd_x" / v, SPLIT) for v in VARIANTS}
    by_reader: Counter[str] = Counter()
    by_service: Counter[str] = Counter()
    facts_seen = 0
    for entry in original:
        service = entry["service_name"]
        if wanted and service not in wanted:
            continue
        base = readings(Checklist.from_schema(entry))
        required = _required(entry)
        for variant, schema in variants.items():
            var_entry, names = variant_names(original, schema, service)
            other = readings(Checklist.from_schema(var_entry))
            descriptions = {s["name"]: s["description"] for s in var_entry["slots"]}
            for fact, read in base.items():
                if args.required_only and fact not in required:
                    continue
                facts_seen += 1
                theirs = other[names[fact]]
                for reader, value in read.items():
                    if theirs[reader] != value:
                        by_reader[reader] += 1
                        by_service[service] += 1
                        if not args.quiet:
                            star = "*" if fact in required else " "
                            print(f"{service:15} {variant} {star}{fact:24} {reader:11} {value!s:>10} -> "
                                  f"{theirs[reader]!s:10} {names[fact]}: {descriptions[names[fact]]}")
    print(f"\n{facts_seen} fact readings (fact x variant); disagreements per reader:")
    for reader, n in by_reader.most_common():
        print(f"  {reader:11} {n}")
    print("per service:")
    for service, n in by_service.most_common():
        print(f"  {service:15} {n}")
    print(f"total {sum(by_reader.values())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
