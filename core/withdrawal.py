"""A customer taking back a value or a fact they gave: "forget the 10th", "scratch the checkout date",
"not sure about the $300", "hold off on the amount".

English grammar only: a verb of withdrawing and its object, up to the end of its clause. The object
names a value the customer said ("the 10th") or one of the form's facts by the words of its name
("the checkout date" -> check_out_date). The offline tier drops what is withdrawn and the contract
refuses it (`value_not_stated`), so both read a retraction the same way. A withdrawal can only make the
agent ask again, never stop.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping

from core.text import line_cache, skeleton

# "Don't forget to book 4 seats" is emphasis, "drop me off at 5 Main St" and "drop me at Pier 39" a destination:
# none withdraws.
_WITHDRAW = re.compile(
    r"(?<!n't\s)(?<!not\s)(?<!never\s)\b(?:scratch|forget|ignore|cancel|strike|remove|disregard|scrap|delete|erase|"
    r"undo|drop(?![^.!?;,]*\boff\b)(?!\s+(?:me|us|him|her|them)\s+(?:at|by|near|outside|in|on|to)\b)|skip|hold\s+off\s+on|leave\s+out|"
    r"(?:not|un)\s*(?:so\s+)?sure\s+(?:about|of)|undecided\s+(?:about|on)|reconsider(?:ing)?|rethink(?:ing)?|"
    r"never\s*mind|"
    # a "not" pointing back at a fact by its noun, a clause of its own: "Play Shallow. No, not that song"
    r"not(?=\s+(?:that|this)\s+[a-z]+\s*(?:[.!?;,:\u2014\u2013]|$)))\s+(?!to\b)(?P<object>[^.!?;,:]+)", re.IGNORECASE)
# Taking back everything said so far: "scrap all of that, start over", "Clear all that. Let's start again."
_RESET = re.compile(
    r"\b(?:start(?:ing)?\s+(?:over|again|afresh|from\s+scratch)|from\s+scratch|(?:begin|do)\s+(?:it\s+)?"
    r"(?:over|again)|(?:scrap|scratch|forget|clear|drop|cancel|ignore|disregard|wipe)\s+(?:all\s+(?:of\s+)?"
    r"(?:that|this|it|those|what\s+i\s+said)|everything(?:\s+(?:i\s+said|so\s+far|above))?)|reset)\b",
    re.IGNORECASE)
# A thing left open until the customer has found something out: "I need to check whether I can leave work that day
# before you lock the date" (a verb of finding out earlier in the sentence, then "before you" fix the object), or
# someone else may want another one of it: "she may want it to come out of the other account".
_LEFT_OPEN = re.compile(
    r"\b(?:check|ask|confirm|find\s+out|know|talk|hear|decide|think)\b[^.!?;]*?\bbefore\s+(?:you|we)\s+"
    r"(?:lock|book|confirm|finali[sz]e|set|fix|schedule|reserve|submit|process|send|make|put|enter)\w*\s+"
    r"(?:(?:in|down)\s+)?(?P<object>[^.!?;,:]+)|"
    r"\b(?:she|he|they|(?:my|our|his|her|their)\s+[a-z]+)\s+(?:may|might|could)\s+(?:\w+\s+)?"
    r"(?:want|prefer|need|rather|pick|choose)\b[^.!?;]*?"
    r"\b(?:the\s+other|a\s+different|another)\s+(?P<other>[a-z]+)", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")
_NUMBER = re.compile(r"[$£€]?\d[\d,.:]*(?:st|nd|rd|th|am|pm)?")
_NOT_NAMING = frozenset({"the", "a", "an", "my", "that", "this", "those", "these", "it", "one", "about", "for", "part",
                         "bit", "thing", "whole", "all", "of", "and", "or", "what", "said", "i", "just", "again"})


_SAID_ABOUT = re.compile(r"(?:what|everything|anything)\s+(?:i|we)\s+(?:said|told\s+you|mentioned|wrote|typed)\s+"
                         r"(?:about|regarding|on|re)\s+", re.IGNORECASE)
# Where the withdrawn object ends when no punctuation does: a new clause ("never mind DC how about Napa").
_OBJECT_END = re.compile(r"\s(?:and|but|so|then|how|what|instead|make|let|let's|try|i|i'll|i'm|we|please|"
                         r"because|since)\b", re.IGNORECASE)


# A negation with no verb, a clause of its own: "Actually, not Marco, his account got closed", "No wait, not the
# 14th." It takes back the value it names (never a fact: "change the time, not the date" keeps the date), and only
# where the value is not said again after it ("to Marco, not Paula" keeps Marco).
_NOT_ALONE = re.compile(
    r"(?:^|[.!?;,:\u2014\u2013]\s*)(?:(?:actually|no|nope|oh|wait|hold\s+on|sorry|um|uh|hmm|well|so|and|but|or|"
    r"i\s+mean)\W+)*not\s+(?!(?:sure|really|quite|exactly|yet|now|so|too|at\s+all|much|bad|great|anymore|only|just|"
    r"even|if|because|since|when|until|for|to|that|this|it|a\s+problem|an\s+issue|interested|needed|necessary|"
    r"required)\b)(?P<object>[^.!?;,:\u2014\u2013]+)", re.IGNORECASE)
_OBJECT_WORDS = 4  # "not Marco", "not the 14th", "not Hotel Del Sol": longer is a clause, not a named value
# "Anything but Sports", "please, anything BUT that": what follows is ruled out; "that" points at what the line
# named before it.
_ANYTHING_BUT = re.compile(r"\bany(?:thing|one|where|body)\s+(?:\w+\s+)?(?:but|except|other\s+than)\s+"
                           r"(?P<object>[^.!?;,:\u2014\u2013]+)", re.IGNORECASE)
POINTING = frozenset({"that", "this", "it", "that one", "this one", "those", "these"})


@line_cache  # the contract asks it of every customer line for every value
def denied_alone(text: str) -> tuple[tuple[int, str], ...]:
    """(where it starts, what) for each value a verbless "not ..." clause takes back."""
    found = []
    for match in (*_NOT_ALONE.finditer(text), *_ANYTHING_BUT.finditer(text)):
        obj = _to_object_end(match.group("object"))
        if obj and len(obj.split()) <= _OBJECT_WORDS:
            found.append((match.start("object"), obj))
    return tuple(found)


_WEEKDAY = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day", re.IGNORECASE)


def denial_takes_back(text: str, start: int, obj: str, value: str) -> bool:
    """A verbless "not ..." of `denied_alone` at `start` takes the value back: it names it (or, when it is a
    pointing word, the line named it before), and the value is not said again after. A weekday names the date it
    stood beside: "Monday the 5th. Ugh, fine, not Monday" takes back the 5th."""
    if names_value(text[start + len(obj):], value):
        return False
    if obj.lower() in POINTING:
        return names_value(text[:start], value)
    if names_value(obj, value):
        return True
    return bool(_WEEKDAY.fullmatch(obj) and re.search(rf"\b{re.escape(obj)}\W+{re.escape(value)}(?!\w)",
                                                       text[:start], re.IGNORECASE))


@line_cache  # the contract asks it of every customer line once per reported value
def reset_at(text: str) -> int | None:
    """Where the line's fresh start begins when it takes back everything said before (the end of its last
    "start over"), else None."""
    found = list(_RESET.finditer(text))
    return found[-1].end() if found else None


@line_cache  # likewise
def objects(text: str) -> tuple[tuple[int, str], ...]:
    """(where it starts, what) for each thing the line withdraws."""
    found = []
    for match in _WITHDRAW.finditer(text):
        obj = match.group("object")
        said_about = _SAID_ABOUT.match(obj)  # "forget what I said about savings": the object is savings
        offset = said_about.end() if said_about else 0
        found.append((match.start("object") + offset, _to_object_end(obj[offset:])))
    for match in _LEFT_OPEN.finditer(text):
        group = "object" if match.group("object") is not None else "other"
        found.append((match.start(group), _to_object_end(match.group(group))))
    return tuple(found)


def _to_object_end(obj: str) -> str:
    """The object up to where a new clause starts (`_OBJECT_END`), stripped."""
    end = _OBJECT_END.search(obj)
    return (obj[:end.start()] if end else obj).strip()


@line_cache  # the contract asks it of every customer line for every value, on every turn
def names_value(obj: str, value: str) -> bool:
    """The withdrawn object holds the value as whole words ("forget the 10th" holds "the 10th"), or its number
    is the value's ("forget the 10th" withdraws "March 10th" too)."""
    needle, held = skeleton(value).strip(), skeleton(obj)
    # the plain substring test first: most lines hold no trace of the value, and it costs no pattern
    if needle and needle in held and re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", held):
        return True
    numbers = _numbers(held)
    return bool(numbers) and all(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", needle) for n in numbers)


@line_cache  # a line's numbers, read for every value checked against it
def _numbers(held: str) -> tuple[str, ...]:
    return tuple(_NUMBER.findall(held))


def named_facts(obj: str, facts: Iterable[str], descriptions: Mapping[str, str] | None = None) -> set[str]:
    """The facts the object names by the words of their names: the best-scoring ones, ties included. Where no
    name has one of its words, by the words of their descriptions ("the bedroom count" for "Number of bedrooms")."""
    words = [w for w in _WORD.findall(obj.lower()) if w not in _NOT_NAMING and len(w) > 2]
    facts = list(facts)
    scores: dict[str, int] = {}
    for fact in facts:
        squashed = fact.lower().replace("_", "")
        score = sum(1 for w in words if w in squashed)
        if score:
            scores[fact] = score
    if not scores and descriptions:
        for fact in facts:
            said = _WORD.findall(descriptions.get(fact, "").lower())
            # a word of it, or two written as one: "bedroom" for "Number of bed rooms"
            described = {d.removesuffix("s") for d in (*said, *(a + b for a, b in itertools.pairwise(said)))}
            score = sum(1 for w in words if w.removesuffix("s") in described)
            if score:
                scores[fact] = score
    best = max(scores.values(), default=0)
    return {fact for fact, score in scores.items() if score == best}
