"""Grading in pure code against SGD's own dialogue state.

Per required fact exactly one outcome: `correct`, `wrong`, `missed` or `open`. A match is
membership in gold's accepted list after casefold and whitespace collapse, nothing looser
("Peter" is not "Peter Kim"). The decision is derived from the extraction; stopping while
gold is incomplete is counted on its own as `stopped_early`, never averaged away, and so is stopping on a record
that holds a wrong fact (`stopped_wrong`): the checklist was complete, the record is not what the customer said.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from core.case import Case
from core.checklist import Checklist
from core.text import collapse

GRADER_VERSION = "g1"
OUTCOMES = ("correct", "wrong", "missed", "open")


@dataclass(frozen=True)
class CaseGrade:
    outcomes: Mapping[str, str]  # required fact -> outcome
    decision: str
    gold_decision: str

    @property
    def decision_correct(self) -> bool:
        return self.decision == self.gold_decision

    @property
    def stopped_early(self) -> bool:
        return self.decision == "stop" and self.gold_decision == "ask"

    @property
    def stopped_wrong(self) -> bool:
        """Stopped where gold stops too, on a record holding a fact gold does not accept: complete as a checklist,
        wrong as a record. Apart from `stopped_early` (a stop where gold still asks), so the two add up."""
        return self.decision == "stop" and self.gold_decision == "stop" and "wrong" in self.outcomes.values()

    def count(self, outcome: str) -> int:
        return sum(o == outcome for o in self.outcomes.values())


def accepts(gold_values: Iterable[str], value: str) -> bool:
    target = collapse(value)
    return any(collapse(g) == target for g in gold_values)


def fact_outcome(gold_values: Sequence[str] | None, value: str | None) -> str:
    if value is not None:
        return "correct" if gold_values and accepts(gold_values, value) else "wrong"
    return "missed" if gold_values else "open"


def grade_case(checklist: Checklist, case: Case, collected: Mapping[str, str], decision: str) -> CaseGrade:
    outcomes = {
        fact: fact_outcome(case.gold.get(fact), collected.get(fact)) for fact in checklist.required(case.intent)
    }
    return CaseGrade(outcomes=outcomes, decision=decision, gold_decision=case.gold_decision)


Z95 = 1.959963984540054  # two-sided 95% normal quantile, as scipy's Wilson interval uses


def wilson(hits: ArrayLike, n: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """The 95% Wilson score interval (no continuity correction), vectorised: the one interval every
    rate of the product carries (a Rate, the run history's columns). NaN where n is 0."""
    hits = np.asarray(hits, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = hits / n
        denom = 1 + Z95**2 / n
        centre = (p + Z95**2 / (2 * n)) / denom
        half = Z95 * np.sqrt(p * (1 - p) / n + Z95**2 / (4 * n**2)) / denom
    # at 0 or n hits a bound is exactly 0 or 1 (the formula gives it to within a rounding error)
    low = np.where(hits <= 0, 0.0, centre - half)
    high = np.where(hits >= n, 1.0, centre + half)
    return np.where(n > 0, low, np.nan), np.where(n > 0, high, np.nan)


@dataclass(frozen=True)
class Rate:
    """A proportion with its denominator and 95% Wilson interval."""

    hits: int
    n: int

    @property
    def value(self) -> float | None:
        return self.hits / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float] | None:
        if not self.n:
            return None
        low, high = wilson(self.hits, self.n)
        return float(low), float(high)

    def __str__(self) -> str:
        interval, value = self.interval, self.value
        if interval is None or value is None:
            return "— (n=0)"
        low, high = interval
        return f"{100 * value:.1f}% ({self.hits}/{self.n}, 95% CI {100 * low:.1f}–{100 * high:.1f})"

    def to_json(self) -> dict:
        interval = self.interval
        return {"hits": self.hits, "n": self.n, "value": self.value,
                "low": interval[0] if interval else None, "high": interval[1] if interval else None}


def counts(grades: Sequence[CaseGrade]) -> dict:
    """The additive figures of some grades (sums a runner can keep as cases finish)."""
    n = len(grades)
    totals = {o: sum(g.count(o) for g in grades) for o in OUTCOMES}
    ask_cases = sum(g.gold_decision == "ask" for g in grades)
    return {
        "n": n,
        "decisions_correct": sum(g.decision_correct for g in grades),
        "stopped_early": sum(g.stopped_early for g in grades),
        "stopped_wrong": sum(g.stopped_wrong for g in grades),
        "asked_when_complete": sum(g.decision == "ask" and g.gold_decision == "stop" for g in grades),
        "gold_ask": ask_cases,
        "gold_stop": n - ask_cases,
        **totals,
        "stated": totals["correct"] + totals["wrong"],
    }


def summarize(grades: Sequence[CaseGrade]) -> dict:
    """The figures every run reports, each with its denominator."""
    summed = counts(grades)
    n, stated = summed["n"], summed["stated"]
    accuracy = Rate(summed["decisions_correct"], n)
    return {
        "n": n,
        "decisions_correct": summed["decisions_correct"],
        "decision_accuracy": accuracy.value,
        "decision_accuracy_ci": list(accuracy.interval) if accuracy.interval else None,
        "stopped_early": summed["stopped_early"],
        "stopped_wrong": summed["stopped_wrong"],
        "asked_when_complete": summed["asked_when_complete"],
        "gold_ask": summed["gold_ask"],
        "gold_stop": summed["gold_stop"],
        **{o: summed[o] for o in OUTCOMES},
        "stated": stated,
        "fact_precision": summed["correct"] / stated if stated else None,
    }


def paired_decisions(a: Sequence[bool], b: Sequence[bool]) -> dict:
    """Exact McNemar test on per-case decision correctness of two runs over the same cases."""
    if len(a) != len(b):
        raise ValueError("a paired test needs the same cases in both runs")
    only_a = sum(x and not y for x, y in zip(a, b, strict=True))
    only_b = sum(y and not x for x, y in zip(a, b, strict=True))
    discordant = only_a + only_b
    p = mcnemar_exact(only_a, discordant) if discordant else 1.0
    return {"n": len(a), "only_a_correct": only_a, "only_b_correct": only_b, "p_value": float(p)}


def mcnemar_exact(k: int, n: int) -> float:
    """Two-sided exact binomial p-value of k successes in n at p = 1/2 (the exact McNemar test):
    the probability of every outcome no likelier than k. With p = 1/2 each outcome's probability
    is comb(n, i) / 2**n, so integers suffice (scipy's binomtest gives the same to rounding, at
    0.7 s of import)."""
    observed = math.comb(n, k)
    tail = sum(c for c in (math.comb(n, i) for i in range(n + 1)) if c <= observed)
    return min(1.0, tail / 2**n)
