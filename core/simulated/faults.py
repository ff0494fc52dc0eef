"""Faults to order: which failure the simulated provider serves, drawn per request.

A spec is `kind=share` pairs, e.g. `429=0.1,500=0.05,hang=0.02,cut=0.05`; shares add up to
at most 1 and the rest of the requests are answered normally.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from dataclasses import dataclass, field

from core.errors import UsageError

FAULT_KINDS = {
    "429": "rate limited, with Retry-After",
    "500": "internal server error",
    "529": "overloaded",
    "hang": "no answer until past the client's timeout",
    "malformed": "HTTP 200 whose body is not JSON",
    "cut": "empty reply cut at the output ceiling: reasoning spent the budget",
    "truncated": "reply text is JSON cut off halfway",
}


@dataclass
class FaultPlan:
    shares: dict[str, float] = field(default_factory=dict)
    seed: int | None = None
    served: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        unknown = sorted(set(self.shares) - set(FAULT_KINDS))
        if unknown:
            raise UsageError(f"unknown fault kind {', '.join(unknown)}; known: {', '.join(FAULT_KINDS)}")
        for kind, share in self.shares.items():
            # NaN compares false with everything, so it would slip past the range check below unnoticed.
            if isinstance(share, bool) or not isinstance(share, int | float) or not 0 <= share <= 1:
                raise UsageError(f"fault share {kind}={share} must be a number from 0 to 1")
        if sum(self.shares.values()) > 1 + 1e-9:
            raise UsageError("fault shares must be non-negative and add up to at most 1")
        self._random = random.Random(self.seed)
        self._lock = threading.Lock()

    @classmethod
    def parse(cls, spec: str | None, seed: int | None = None) -> FaultPlan:
        shares: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in (spec or "").split(","))):
            kind, sep, share = part.partition("=")
            try:
                shares[kind.strip()] = float(share) if sep else 0.0
            except ValueError:
                raise UsageError(f"fault {part!r} needs a share, e.g. {kind.strip()}=0.1") from None
        return cls(shares, seed)

    @property
    def total_share(self) -> float:
        return sum(self.shares.values())

    def draw(self) -> str | None:
        """The fault for the next request, or None to answer normally."""
        with self._lock:
            roll = self._random.random()
            for kind, share in self.shares.items():
                if roll < share:
                    self.served[kind] += 1
                    return kind
                roll -= share
            self.served["ok"] += 1
            return None
