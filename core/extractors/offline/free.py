"""Free-text values (a cuisine, a genre): the customer's own words, without the sentence around them.

"I really like Adventure movies" answers "What genre?" with "Adventure": the opening says the
customer likes or wants something (English verbs of preference), the closing noun is what the fact
is about (a word of the fact's own name or description: "movies" for "Genre of the movie", "food" for
"Cuisine of food served").
"""

from __future__ import annotations

import re

from core.extractors.offline.names import NOT_NAMES
from core.extractors.offline.profile import FactProfile, stem

# What opens an answer without being part of it: "I really like", "I'd love some", "How about", "Do you have".
_OPENING = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|ok|okay|sure|well|so|oh|um|uh|hmm|please|just|maybe|perhaps|probably|actually|"
    r"honestly)\b[,\s]*)*"
    r"(?:(?:i|we)(?:'d|'m|\s+would|\s+am|\s+really|\s+do|\s+usually|\s+always|\s+mostly|\s+generally)*\s+"
    r"(?:like|love|enjoy|prefer|fancy|want|need|feel\s+like|am\s+in\s+the\s+mood\s+for|in\s+the\s+mood\s+for|"
    r"looking\s+for|searching\s+for|thinking|going\s+with|go\s+with|interested\s+in|into)(?:\s+to\s+(?:find|see|"
    r"watch|have|eat|get|try))?|how\s+about|what\s+about|do\s+you\s+have|let'?s\s+(?:do|go\s+with|try)|"
    r"(?:it'?s|it\s+is|that'?s|that\s+is|make\s+it|go\s+with|try))?\b[,\s]*"
    r"(?:(?:some|any|a|an|the|more|anything|something|somewhere|one|ones|kind\s+of|sort\s+of|type\s+of)\b\s*)*",
    re.IGNORECASE)
# What closes an answer without being part of it: "... is great", "... please", "... would be nice".
_CLOSING = re.compile(
    r"(?:\s+(?-i:is|are|would|will|sounds?|seems?|works?)\b.*|[,\s]+(?:please|thanks|thank\s+you|if\s+possible|"
    r"for\s+me|for\s+us|today|tonight|now)\b.*|[.!?;].*)$", re.IGNORECASE | re.DOTALL)
# Nouns that only say what kind of thing the answer is: "Italian style", "that kind".
_KIND_NOUNS = frozenset({"kind", "kinds", "type", "types", "sort", "sorts", "style", "stuff", "one", "ones", "thing",
                         "things", "category", "genre", "genres", "option", "options"})
_MOST_WORDS = 3
_KIND_OF = re.compile(r"^(\S+(?:\s+\S+)?)\s+(?:kind|sort|type|style)\s+of\b", re.IGNORECASE)


def _about_fact(word: str, fact: FactProfile) -> bool:
    low = word.lower().strip(".,!?")
    return low in _KIND_NOUNS or stem(low) in fact.cues


def free_answer(fact: FactProfile, text: str, task: frozenset[str] = frozenset()) -> str | None:
    """The value in an answer to the agent's question about this fact, as the customer wrote it."""
    rest = _OPENING.sub("", text.strip(), count=1)
    rest = _CLOSING.sub("", rest).strip().strip(",")
    kind_of = _KIND_OF.match(rest)
    if kind_of:
        rest = kind_of.group(1)  # "A Diner kind of food": the value comes before "kind of"
    words = rest.split()
    while words and _about_fact(words[-1], fact) and len(words) > 1:
        words.pop()  # "Adventure movies" -> "Adventure"
    if not words or len(words) > _MOST_WORDS or "?" in rest:
        return _before_own_noun(fact, text, task)
    if all(w.lower().strip(".,!?") in NOT_NAMES or _about_fact(w, fact) or w.lower() in _EVALUATIONS
           for w in words):
        return None  # "Anything", "the one", "movies", "new": nothing of its own
    start = text.find(words[0])
    end = text.find(words[-1], start) + len(words[-1])
    return text[start:end].strip(".,!?;:") if start >= 0 else None


# One word right before the fact's own noun: "Usually I really like watching Fantasy movies", "I love comic
# movies with my partner". Not a determiner, a quantifier or an evaluation ("good movies" names no genre).
_WORD_BEFORE_NOUN = re.compile(r"\b([A-Za-z]+(?:-[A-Za-z]+)?)\s+([a-z]+)\b")
_EVALUATIONS = frozenset({"new", "old", "nice", "fun", "interesting", "popular", "recent", "latest", "favorite",
                          "favourite", "cool", "bad", "decent", "similar", "different", "few", "many", "much",
                          "lot", "lots", "couple", "online", "single", "specific", "particular", "certain", "famous"})


def _before_own_noun(fact: FactProfile, text: str, task: frozenset[str]) -> str | None:
    """The word before the fact's own noun, or a noun of the task the service does ("restaurants" for a
    service that finds restaurants), in an answer too long to be the value alone."""
    found = None
    for match in _WORD_BEFORE_NOUN.finditer(text):
        word, noun = match.group(1), match.group(2)
        low = word.lower()
        if ((stem(noun) in fact.cues or stem(noun) in task) and noun not in _KIND_NOUNS and low not in NOT_NAMES
                and low not in _EVALUATIONS and not _about_fact(low, fact) and len(low) > 2):
            found = word
    return found


_TITLE_WORDS = 8


def title_answer(text: str) -> str | None:
    """A name answering "which film?", "what is the event called?": the reply without its opening and
    closing ("I'd like India Vs Australia please" -> "India Vs Australia"); a capital or digit opens it."""
    rest = _CLOSING.sub("", _OPENING.sub("", text.strip(), count=1)).strip().strip(",")
    words = rest.split()
    if not words or len(words) > _TITLE_WORDS or "?" in rest:
        return None
    if not any((w[:1].isupper() or w[:1].isdigit()) and w.lower().strip(".,!?") not in NOT_NAMES for w in words):
        return None  # "I haven't settled on one yet": no name in it
    if not (words[0][:1].isupper() or words[0][:1].isdigit()):
        return None  # "to stay at The Parc Hotel": the opening was not all stripped
    if _NEGATION.search(rest):
        return None
    start = text.find(words[0])
    return text[start:start + len(rest)].strip(".,!?;:") if start >= 0 else None


_NEGATION = re.compile(r"\b(?:not|no|never|haven't|hasn't|don't|doesn't|didn't|isn't|aren't|won't|can't|cannot)\b|"
                       r"n't\b", re.IGNORECASE)
