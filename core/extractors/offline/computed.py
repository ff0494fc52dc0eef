"""Figures the customer hands over to be worked out: "He needs ¥50,000; convert it first", "The bill was 180
dollars and we split it four ways", "It's 9 am London time, convert it to mine".

A clause ordering a computation (convert, calculate, work out, figure out, do the math, add up, divide, split so
many ways) makes the figures in it inputs, not the value: the value is what the computation gives, which the
customer has not said. Where the order points back with a pronoun ("convert it", "split it"), the clause before
it holds the input too. English grammar only; only figures are blanked, so the names around them stay readable.
"""

from __future__ import annotations

import re

# A clause ends at a sentence's end, a comma or a joining "and"/"so"/"then".
# (a point or comma inside a number ends nothing: "¥50,000", "12.50")
_CLAUSE = re.compile(r"(?:[.,](?=\d)|[^.!?;,\n])+?(?=[.!?;,\n](?!\d)|\n|\s+(?:and|so|then)\s|$)", re.IGNORECASE)
_COMPUTE = re.compile(
    # ("work out" with an object: "7 pm would work out great" computes nothing)
    r"\b(?:convert|calculate|compute|(?:work|figure)\s+(?:(?:it|that|this|them|those)\s+out|out\s+(?:the|what|how|"
    r"my|his|her|their|its))|"
    r"do\s+the\s+math|add\s+(?:it|them|those|these)?\s*up|divide|multiply|subtract|deduct|"
    r"split\s+(?:it|that|this|them|the\s+\w+)\s+(?:\w+\s+)?(?:ways|evenly|equally|in\s+half))\b",
    re.IGNORECASE)
_POINTS_BACK = re.compile(r"\b(?:convert|calculate|compute|work|figure|add|divide|multiply|split)\s+"
                          r"(?:it|that|this|them|those)\b", re.IGNORECASE)
# A figure: a number with the currency, unit or clock words glued to it.
_FIGURE = re.compile(r"[$€£¥₹]?\s?\d[\d,.:]*(?:\s*(?:am|pm|a\.m\.|p\.m\.|dollars?|bucks|euros?|pounds?|yen|"
                     r"rupees?|k|%))?", re.IGNORECASE)


def to_compute(text: str) -> list[tuple[int, int]]:
    """The spans of figures the customer asks to have worked out, never stated as the value."""
    clauses = [m for m in _CLAUSE.finditer(text) if m.group(0).strip()]
    spans: list[tuple[int, int]] = []
    for index, clause in enumerate(clauses):
        if not _COMPUTE.search(clause.group(0)):
            continue
        inputs = [clause]
        if index and _POINTS_BACK.search(clause.group(0)):
            inputs.append(clauses[index - 1])
        for part in inputs:
            spans.extend((part.start() + f.start(), part.start() + f.end())
                         for f in _FIGURE.finditer(part.group(0)))
    return spans
