"""Whether a customer's reply accepts what the agent's line just before it offered.

English discourse only (yes/no words, questions): no domain words. The contract and the
offline tier read acceptance here, so both agree on what "the customer took the offer" means.
An agent line offers what it names unless it answers the customer's own wh-question (an
inform: "Where is it?" -> "It is at 1875 Bascom Avenue") or its closing question is about
something else ("Your balance is $2,000. Anything else?").
"""

from __future__ import annotations

import re

# A reply that opens by accepting or refusing what the agent just asked or proposed.
YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|sure|ok|okay|alright|all right|fine|definitely|absolutely|of course|"
                 r"certainly|correct|right|"
                 r"(?:that|this|it)(?:'s| is)? (?:sounds|seems|suits|works|looks|fine|good|great|perfect|correct|"
                 r"right)|"
                 r"perfect|great|good|exactly|precisely|"
                 r"that(?:'s| is| would be| will be)? (?:fine|ok|okay|good|great|perfect)|sounds good|please do|"
                 r"(?:that|this|it)(?: one)? (?:would|will|'ll) do|"
                 r"(?:that's|that is|you've got|you have got) the right|"
                 r"i(?:'m| am) (?:ok|okay|fine)|i don't mind|works for me|go ahead)\b", re.IGNORECASE)
NO = re.compile(r"^\W*(?!no problem|no issue|not a problem)"
                r"(?:no|nope|nah|not really|i(?:'d| would) rather not|i don't|don't|i do not|i prefer not)\b",
                re.IGNORECASE)
# Anywhere in the reply: a refusal or a correction takes back a yes ("yes, but not that one").
_TAKEN_BACK = re.compile(r"\b(?:but|not|n't|no|instead|rather|actually|change|different|another)\b", re.IGNORECASE)
# A question about something new: "anything else?", "any other requests?".
_ELSEWHERE = re.compile(r"\b(?:else|other|another|more)\b", re.IGNORECASE)
_WH_QUESTION = re.compile(r"\b(?:what|what's|where|where's|when|which|who|whose|how)\b[^.!?]*\?", re.IGNORECASE)
_SENTENCES = re.compile(r"[^.!?]+[.!?]*")


def is_offer(agent_text: str, asked_before: str = "") -> bool:
    """The agent's line puts forward what it names, for the customer to take or refuse.

    `asked_before` is the customer's line just before it: an answer to their wh-question informs.
    """
    sentences = [s.strip() for s in _SENTENCES.findall(agent_text) if s.strip()]
    if not sentences or _WH_QUESTION.search(asked_before):
        return False
    return not (sentences[-1].endswith("?") and _ELSEWHERE.search(sentences[-1]))


def accepts(customer_text: str) -> bool:
    """The reply opens with a yes and takes nothing back."""
    return bool(YES.match(customer_text)) and not NO.match(customer_text) and not _TAKEN_BACK.search(customer_text)
