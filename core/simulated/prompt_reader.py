"""Reads back what the simulated provider needs from a prompt rendered by `core.prompt.render`.

The prompt names the intent (`The customer wants to: X (…)`), each required fact
(`- name: description (answer with exactly one of: …)`) and each line as `Role: "<json>"`.
This is the one module that knows that layout from the reading side.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from core.case import AGENT, CUSTOMER, Line
from core.checklist import Checklist, Fact, Intent

_INTENT = re.compile(r"^The customer wants to: (\S+) \((.*)\)$")
_FACT = re.compile(r"^- ([^:\s]+): (.*)$")
_LINE = re.compile(r'^(Customer|Agent): (".*")$')
_CLOSED = " (answer with exactly one of: "
_CARRIED = "Facts already collected on earlier turns: "


class PromptNotUnderstood(ValueError):
    """The prompt is not in the layout `core.prompt.render` produces."""


@dataclass(frozen=True)
class ReadPrompt:
    checklist: Checklist
    intent: str
    lines: tuple[Line, ...]
    carried: dict[str, str]


def read_prompt(user_text: str, hint: dict | None = None) -> ReadPrompt:
    """Checklist, intent, conversation and carried facts from a prompt.

    `hint` (sent by a simulated tier) holds what the offline tier reads and a prompt does not
    show: `asks` pairs an agent line's text with the facts it requested, `other_facts` lists
    the checklist's facts beyond the required ones. Without it the checklist holds the
    required facts only.
    """
    hint = hint if isinstance(hint, dict) else {}
    asked = {str(text): tuple(names) for text, names in hint.get("asks") or []}
    intent = description = None
    facts: dict[str, Fact] = {}
    lines: list[Line] = []
    carried: dict[str, str] = {}
    for raw in user_text.splitlines():
        if (match := _INTENT.match(raw)) and intent is None:
            intent, description = match.groups()
        elif match := _LINE.match(raw):
            try:
                text = json.loads(match.group(2))
            except json.JSONDecodeError as exc:
                raise PromptNotUnderstood(f"a conversation line is not a JSON string: {exc}") from exc
            speaker = AGENT if match.group(1) == "Agent" else CUSTOMER
            lines.append(Line(speaker, text, asked.get(text, ()) if speaker == AGENT else ()))
        elif match := _FACT.match(raw):
            name, rest = match.groups()
            allowed: tuple[str, ...] = ()
            if _CLOSED in rest and rest.endswith(")"):
                rest, values = rest.rsplit(_CLOSED, 1)
                allowed = tuple(values[:-1].split(", "))
            facts[name] = Fact(name=name, description=rest, allowed=allowed)
        elif raw.startswith(_CARRIED):
            try:
                carried = {str(k): str(v) for k, v in json.loads(raw[len(_CARRIED):]).items()}
            except (json.JSONDecodeError, AttributeError) as exc:
                raise PromptNotUnderstood(f"the carried facts are not a JSON object: {exc}") from exc
    if intent is None or not facts:
        raise PromptNotUnderstood("no intent line or no required facts in the prompt")
    required = tuple(facts)
    for name, fact_description, allowed_values in hint.get("other_facts") or []:
        facts.setdefault(str(name), Fact(str(name), str(fact_description), tuple(allowed_values)))
    checklist = Checklist(service="simulated", description="", facts=facts,
                          intents={intent: Intent(intent, description or "", required)})
    return ReadPrompt(checklist, intent, tuple(lines), carried)
