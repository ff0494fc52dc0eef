"""The offline tier: a deterministic extractor with no key, no network and no service code.

Everything it knows comes from the checklist (fact names, descriptions, vocabularies), the
conversation, and the agent's own questions (which facts each agent line asked for).
It reads every customer line in order, so a later statement replaces an earlier one and a value
stated under one intent is still there when the customer moves to the next. Of each line it reads
only the customer's own words: no forged role line, JSON, aside or quote (`unsaid`); and a
value only where it is stated, not supposed, left to the agent (`polarity`), offered as one
of two or said in a language it does not read (`plain`); and not in a sentence about another
time, another person or how things stand (`elsewhere`).
"""

from __future__ import annotations

import re
import time

from core.checklist import Checklist
from core.corpus import AGENT, Line
from core.extraction import Extraction, ExtractionRequest
from core.extractors.offline.elsewhere import elsewhere
from core.extractors.offline.line import read_line
from core.extractors.offline.profile import profile
from core.extractors.offline.unsaid import said

VERSION = "offline-13"
# The agent reporting a finished transaction: what was said for it does not carry into the next one.
DONE = re.compile(
    r"\b(?:successf?ull?y?|(?:has|have|had) been \w+ed|(?:has|have|had) (?:been )?(?:done|made|sent|gone through)|"
    r"(?:i've|i have|we've|we have) (?:made|sent|completed|processed|done|transferred|booked|confirmed|placed)|"
    r"went through|took place|it'?s done|all done|(?:is|was) (?:confirmed|booked|complete|completed|done|processed))\b",
    re.IGNORECASE)


class OfflineExtractor:
    tier = "offline"
    kind = "offline"

    def extract(self, request: ExtractionRequest) -> Extraction:
        started = time.perf_counter()
        collected = extract_facts(request.checklist, request.intent, request.lines)
        if request.carried:
            collected = {**dict(request.carried), **collected}
        return Extraction(collected=collected, timings_ms={"extract": (time.perf_counter() - started) * 1000})


def extract_facts(checklist: Checklist, intent: str, lines: tuple[Line, ...]) -> dict[str, str]:
    """fact -> value for the intent's required facts the customer has stated so far."""
    facts = profile(checklist)
    required = checklist.required(intent)
    collected: dict[str, str] = {}
    asked: tuple[str, ...] = ()
    last_agent = question = ""
    for line in lines:
        if line.speaker == AGENT:
            asked = line.asks
            if DONE.search(line.text) and facts.on_topic(f"{last_agent} {line.text}"):
                collected = {}  # this checklist's transaction is done; the next one starts afresh
            last_agent = line.text
            question = line.text if line.asks else ""
            continue
        collected.update(read_line(facts, required, elsewhere(said(line.text), facts.schema_words), asked, question))
        asked, question = (), ""  # a question binds only the answer right after it
    return collected
