"""The rendering defences, measured rather than assumed: every red-team run re-checks them.

- role lines: every physical line of a rendered conversation is one whole conversation line
  behind our own label, so nothing a customer types can start a line of its own;
- unicode: the contract finds a value typed in full-width, split by an invisible character or
  written with look-alike letters, still refuses one that differs in a real letter, and
  records the conversation's own characters, never the extractor's look-alikes;
- size limit: an oversize customer message is refused before the extractor is called, with
  the text handed back, and in the live chat before it joins the conversation (so the next
  message still works); a message at the limit goes through.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence

from core.case import AGENT, CUSTOMER, Line
from core.checklist import Checklist
from core.contract import check_value, said_by
from core.conversation import Conversation
from core.extraction import Extraction, ExtractionRequest
from core.limits import MAX_MESSAGE_CHARS, MessageTooLong
from core.prompt import ROLE_LABEL, STRATEGIES, render
from core.turn import take_turn

_LABELS = "|".join(re.escape(v) for v in ROLE_LABEL.values())
_LABELLED = re.compile(rf"^({_LABELS}): (.*)$", re.DOTALL)
_ROLE_LIKE = re.compile(r"^\s*(system|assistant|user|developer|agent|customer|human)\s*:", re.IGNORECASE)
_HEADERS = ("Conversation so far:", "Facts already collected on earlier turns:", "Latest exchange:")


def forged_lines(conversation_part: str, lines: Sequence[Line]) -> list[str]:
    """Physical lines of a rendered conversation that are not one whole line of `lines`."""
    texts = [ln.text for ln in lines]
    bad, decoded = [], []
    for physical in conversation_part.splitlines():
        if physical.startswith(_HEADERS):
            continue
        match = _LABELLED.match(physical)
        try:
            text = json.loads(match.group(2)) if match else None
        except json.JSONDecodeError:
            text = None
        if not isinstance(text, str):
            bad.append(physical)
        else:
            decoded.append(text)
    if not bad and decoded != texts[len(texts) - len(decoded):]:
        bad.append("rendered lines do not match the conversation")
    return bad


def forged_in_prompt(prompt: str, n_lines: int) -> list[str]:
    """In a prompt actually sent: role-like lines that are not ours, or more of ours than lines."""
    role_lines = [p for p in prompt.splitlines() if _ROLE_LIKE.match(p)]
    bad = [p for p in role_lines if not _LABELLED.match(p)]
    for physical in role_lines:
        match = _LABELLED.match(physical)
        if match:
            try:
                json.loads(match.group(2))
            except json.JSONDecodeError:
                bad.append(physical)
    if len(role_lines) > n_lines:
        bad.append(f"{len(role_lines)} role lines for {n_lines} conversation lines")
    return bad


def role_line_defence(attacks, checklists: Callable[[str], Checklist], prompts: Sequence[tuple[str, int]]) -> dict:
    checked, failures = 0, []
    for attack in attacks:
        checklist = checklists(attack.service)
        for side in ("attack", "control"):
            lines = attack.conversation(side)
            # A value carried from an earlier turn is customer text too: carry every customer line.
            first = checklist.required(attack.intent)[0] if checklist.required(attack.intent) else "fact"
            carried = {f"{first}#{i}": ln.text for i, ln in enumerate(lines) if ln.speaker == CUSTOMER}
            for strategy in STRATEGIES:
                rendered = render(checklist, attack.intent, lines, strategy=strategy, carried=carried)
                checked += 1
                bad = forged_lines(rendered.parts["conversation"], lines)
                if bad:
                    failures.append(f"{attack.id}:{side} ({strategy}): {bad[0][:80]!r}")
    for prompt, n_lines in prompts:
        checked += 1
        bad = forged_in_prompt(prompt, n_lines)
        if bad:
            failures.append(f"prompt sent: {bad[0][:80]!r}")
    return {"name": "role_lines", "passed": not failures, "checked": checked, "failed": len(failures),
            "detail": "every rendered line is one whole conversation line behind our own label",
            "failures": failures[:20]}


# (value reported, what the customer typed, whether the contract must find it)
UNICODE_PROBES: tuple[tuple[str, str, bool], ...] = (
    ("$50", "Send ＄５０ please", True),  # full-width forms
    ("Rent", "Pay Re\u200bnt today", True),  # zero-width space inside the word
    ("Rent", "Pay R\u202eent today", True),  # a bidi override
    ("Maria", "Send it to Мaria", True),  # Cyrillic capital Em
    ("Мaria", "Send it to Maria", True),  # the model's look-alike, the customer's Latin
    ("café", "Meet at cafe\u0301 Nord", True),  # combining accent vs precomposed
    ("Maria", "Send it to Marla", False),  # a real letter differs
    ("Mar", "Send it to Maria", False),  # cut inside a word
    ("$50", "Send $500 now", False),  # cut inside a number
)


def unicode_defence() -> dict:
    failures = []
    for value, typed, expected in UNICODE_PROBES:
        if said_by(value, (Line(CUSTOMER, typed),), customer=True) != expected:
            failures.append(f"{value!r} in {typed!r}: expected {'found' if expected else 'not found'}")
    probe = Checklist.from_schema({"service_name": "probe", "slots": [
        {"name": "account_type", "description": "account", "is_categorical": True,
         "possible_values": ["checking", "savings"]},
        {"name": "payee", "description": "who is paid"}],
        "intents": [{"name": "Check", "required_slots": ["account_type", "payee"]}]})
    kept, _ = check_value(probe, "Check", "account_type", "ѕаvings", (Line(CUSTOMER, "from my savings"),))
    if kept != "savings":
        failures.append("a closed value in look-alike letters was not collected as the vocabulary's word")
    kept, _ = check_value(probe, "Check", "payee", "Мaria", (Line(CUSTOMER, "pay Maria"),))
    if kept != "Maria":
        failures.append("a look-alike spelling from the extractor reached the record")
    kept, _ = check_value(probe, "Check", "payee", "airaM", (Line(CUSTOMER, "pay \u202eairaM\u202c"),))
    if kept is not None:
        failures.append("a value shown in another order than it is stored reached the record")
    return {"name": "unicode_matching", "passed": not failures, "checked": len(UNICODE_PROBES) + 3,
            "failed": len(failures), "detail": "NFKC, invisible characters dropped, look-alikes folded, whole words, "
                                                   "bidi reordering refused",
            "failures": failures}


class _Counting:
    """Wraps an extractor to count how often it was called."""

    def __init__(self, inner) -> None:
        self.inner, self.calls = inner, 0
        self.tier, self.kind = inner.tier, inner.kind

    def extract(self, request: ExtractionRequest) -> Extraction:
        self.calls += 1
        return self.inner.extract(request)


def size_limit_defence(attack, extractor, checklist: Checklist) -> dict:
    failures = []
    counting = _Counting(extractor)
    prefix = tuple(Line(ln.speaker, ln.text, ln.asks) for ln in attack.conversation("control")[:-1])
    oversize = "I need to send money. " * (MAX_MESSAGE_CHARS // 22 + 1)
    try:
        take_turn(checklist, attack.intent, (*prefix, Line(CUSTOMER, oversize)), counting)
        failures.append(f"a {len(oversize)}-character message was accepted")
    except MessageTooLong as exc:
        if exc.text != oversize:
            failures.append("the error did not hand the message back intact")
        if "limit" not in str(exc):
            failures.append("the error does not name the limit")
    if counting.calls:
        failures.append("the extractor was called with the oversize message")
    at_limit = ("x" * MAX_MESSAGE_CHARS)
    try:
        take_turn(checklist, attack.intent, (*prefix, Line(CUSTOMER, at_limit)), counting)
    except MessageTooLong:
        failures.append("a message exactly at the limit was refused")
    agent_long = Line(AGENT, "y" * (MAX_MESSAGE_CHARS + 1))
    try:
        take_turn(checklist, attack.intent, (agent_long, Line(CUSTOMER, "hello")), counting)
    except MessageTooLong:
        failures.append("an agent line was held to the customer limit")
    failures += _live_chat_probe(checklist, attack.intent, extractor, oversize)
    return {"name": "size_limit", "passed": not failures, "checked": 4, "failed": len(failures),
            "detail": f"customer messages over {MAX_MESSAGE_CHARS} characters are refused before extraction",
            "failures": failures}


def _live_chat_probe(checklist: Checklist, intent: str, extractor, oversize: str) -> list[str]:
    """The live chat refuses the message before it joins the conversation, and carries on."""
    chat = Conversation(checklist, extractor, intent=intent)
    chat.say("hello")
    before = list(chat.lines)
    try:
        chat.say(oversize)
        return ["the live chat accepted an oversize message"]
    except MessageTooLong:
        pass
    if chat.lines != before:
        return ["the refused message stayed in the live chat's conversation"]
    try:
        chat.say("thanks")
    except MessageTooLong:
        return ["after one oversize message the live chat refuses every later message"]
    return []


def measure_defences(attacks, extractor, checklists: Callable[[str], Checklist],
                     prompts: Sequence[tuple[str, int]]) -> list[dict]:
    defences = [role_line_defence(attacks, checklists, prompts), unicode_defence()]
    if attacks:
        defences.append(size_limit_defence(attacks[0], extractor, checklists(attacks[0].service)))
    return defences
