"""The simulated provider: a loopback server speaking OpenAI and Anthropic wire formats.

It answers from the offline tier, with latency and faults to order. Everything it serves is
labelled simulated; it exists for tests, benchmarks and demos, never for a real result.
"""

from core.simulated.faults import FAULT_KINDS, FaultPlan
from core.simulated.server import DEFAULT_PORT, SimulatedProvider

__all__ = ["DEFAULT_PORT", "FAULT_KINDS", "FaultPlan", "SimulatedProvider"]
