"""Whether a customer's reply accepts what the agent's line just before it offered.

English discourse only (yes/no words, questions): no domain words. The contract and the
offline tier read acceptance here, so both agree on what "the customer took the offer" means.
"An offer" is an agent line that asks something about itself (it ends in a question or asks
for a confirmation); "Your balance is $2,000. Anything else?" offers nothing: its question is
about something else.
"""

from __future__ import annotations

import re

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
# Anywhere in the reply: a refusal or a correction takes back a yes ("yes, but not that one").
_TAKEN_BACK = re.compile(r"\b(?:but|not|n't|no|instead|rather|actually|change|different|another)\b", re.IGNORECASE)
_CONFIRM_REQUEST = re.compile(r"\b(?:confirm|correct|right)\b", re.IGNORECASE)
# A question about something new: "anything else?", "any other requests?".
_ELSEWHERE = re.compile(r"\b(?:else|other|another|more)\b", re.IGNORECASE)
_SENTENCES = re.compile(r"[^.!?]+[.!?]*")


def is_offer(agent_text: str) -> bool:
    """The agent's line asks the customer to take or confirm something it said."""
    sentences = [s.strip() for s in _SENTENCES.findall(agent_text) if s.strip()]
    if not sentences:
        return False
    last = sentences[-1]
    if _ELSEWHERE.search(last):
        return False
    return last.endswith("?") or bool(_CONFIRM_REQUEST.search(last))


def accepts(customer_text: str) -> bool:
    """The reply opens with a yes and takes nothing back."""
    return bool(YES.match(customer_text)) and not NO.match(customer_text) and not _TAKEN_BACK.search(customer_text)
