"""Negation, conditionals, instructions and yes/no answers: what the customer denies, supposes or accepts.

"not savings", "I don't want to touch my savings", "if I don't say, assume savings", "mark the
account as savings", "the credit card if you like" all mention a value without stating it.
"Yes, that's fine" and "I don't mind" accept; "No" refuses.
"""

from __future__ import annotations

import re

# A clause ends at punctuation or "but": "No, savings" states savings; "not savings" does not.
_CLAUSE_END = re.compile(r"[.!?;,]|\bbut\b|\bactually\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;]")
_NEGATION = re.compile(
    r"\b(?:not|no|never|don't|dont|doesn't|didn't|won't|can't|cannot|shouldn't|wouldn't|isn't|aren't|nor|neither|"
    r"without|except|instead\s+of|rather\s+than|other\s+than|anything\s+but|apart\s+from)\b|n't\b",
    re.IGNORECASE,
)
_CONDITIONAL = re.compile(
    r"\b(?:if\s+(?:i|you|we|it|that|there|they|he|she|not|no|nothing|none)\b|unless|assume|assuming|by\s+default|"
    r"otherwise|in\s+case|suppose|supposing|what\s+if|default\s+to)",
    re.IGNORECASE,
)
# An instruction to record a value is not a statement of it: "mark the account as savings",
# "marca la cuenta como savings", "note le compte comme savings".
_INSTRUCTED = re.compile(
    r"\b(?:mark|report|set|record|fill|log|enter|list|flag|register|save|store|put|treat|count|note|"
    r"marca|marcar|marque|pon|poner|ponga|registra|registrar|anota|anotar|guarda|"
    r"marquer|marquez|mets|mettre|mettez|noter|notez|enregistre|enregistrer|inscris)\b[^.!?;]*?"
    r"(?<!well\s)(?<!such\s)\b(?:as|como|comme)\s+(?:(?:an?|the|el|la|los|las|un|una|le|les|une|des)\s+)?[\"'“‘]?\s*$",
    re.IGNORECASE)
# Leaving the choice to the agent is not stating a value: "whatever you think is best, pick the card if you like".
_PERMISSION_BEFORE = re.compile(r"\b(?:whatever|whichever)\b[^.!?;]*\byou\s+(?:think|prefer|like|want|choose|pick)\b",
                                re.IGNORECASE)
_PERMISSION_AFTER = re.compile(r"[^.!?;,]*?\b(?:if\s+you\s+(?:like|want|wish|prefer|think|choose|feel\s+like)|"
                               r"up\s+to\s+you|your\s+(?:call|choice|pick))\b", re.IGNORECASE)
_WINDOW_WORDS = 6
# Negative words that say yes: "I don't mind a shared ride", "no problem with savings".
_CONSENT = re.compile(
    r"\b(?:(?:do|does|did|would|will|wo|could)\s*(?:not|n't)\s+mind|don't\s+mind|dont\s+mind|wouldn't\s+mind|"
    r"(?:do|does)\s*(?:not|n't)\s+care|don't\s+care|no\s+problem|not\s+a\s+problem|no\s+issue|not\s+an\s+issue|"
    r"(?:doesn't|does\s+not)\s+matter|not\s+opposed|no\s+objection|why\s+not)\b",
    re.IGNORECASE)


def _clause_before(text: str, start: int, boundary: re.Pattern) -> str:
    head = text[:start]
    cuts = list(boundary.finditer(head))
    last = cuts[-1] if cuts else None
    return head[last.end():] if last else head


def denied(text: str, start: int) -> bool:
    """True when the mention at `start` is negated, supposed, instructed or left to the agent's choice."""
    clause = _CONSENT.sub(" ", _clause_before(text, start, _CLAUSE_END))
    window = " ".join(clause.split()[-_WINDOW_WORDS:])
    if _NEGATION.search(window):
        return True
    sentence = _clause_before(text, start, _SENTENCE_END)
    if _CONDITIONAL.search(sentence) or _INSTRUCTED.search(sentence) or _PERMISSION_BEFORE.search(sentence):
        return True
    return bool(_PERMISSION_AFTER.match(text, start))


# A reply that opens by accepting or refusing what the agent just asked or proposed.
YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|sure|ok|okay|fine|definitely|absolutely|of course|certainly|correct|right|"
                 r"(?:that|this|it)(?:'s| is)? (?:sounds|seems|suits|works|looks|fine|good|great|perfect|correct|"
                 r"right)|"
                 r"perfect|great|good|exactly|precisely|"
                 r"that(?:'s| is| would be| will be)? (?:fine|ok|okay|good|great|perfect)|sounds good|please do|"
                 r"i(?:'m| am) (?:ok|okay|fine)|i don't mind|works for me|go ahead)\b", re.IGNORECASE)
NO = re.compile(r"^\W*(?!no problem|no issue|not a problem)"
                r"(?:no|nope|nah|not really|i(?:'d| would) rather not|i don't|don't|i do not|i prefer not)\b",
                re.IGNORECASE)
