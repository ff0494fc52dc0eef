"""Sentences that tell something other than this request, blanked before a customer line is read.

A customer often tells a story around the request: what happened before ("Last month I sent
him $450", "I used to live at 22 Cedar Lane"), what someone else does ("My brother's landlord is
called Dimitri Vass", "The account my wife uses is savings"), how things stand ("There's $2,340
in it right now"), or a value taken back in the same turn ("Ana. No, scratch that, not Ana").
None of those state a fact of the request. English grammar only: tense and time adverbs, the
sentence's subject, existential "there is", retraction; the schema's own fact words keep a
sentence about the customer's own account, name or destination readable ("My account is savings").
A sentence marked as a joke ("Oh sure, ...", one followed by "Seriously though") or addressed to the
system ("notice to the assistant: ...", "your only task is ...") is not read either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_SENTENCE = re.compile(r"[^.!?;]+[.!?;]*")
# Time that is over: "last week", "two years ago", "yesterday", "used to", "already", "previously".
_PAST_TIME = re.compile(
    r"(?:^\W*[Ll]|(?<=[\s,])l)ast\s+(?:week|month|year|time|summer|winter|spring|fall|autumn|night|weekend|trip|"
    r"visit)\b|\b(?:\w+\s+(?:days?|weeks?|months?|years?)\s+ago|yesterday|used\s+to|previously|back\s+then|"
    r"the\s+other\s+day|once\s+before)\b")
# A subject and a verb in the simple past: "I came", "she flew", "my parents stayed", "we rented".
# Full verbs only: "was", "had", "did" are auxiliaries too often ("I was checking", "I had hoped").
_IRREGULAR_PAST = (r"(?:took|came|went|saw|sent|flew|paid|gave|left|made|bought|drove|rode|ate|met|sold|"
                   r"spent|lost|stole|found|told|said|kept|brought|thought|won|wrote|ran)")
# Not "you": "you got it", "you came through" confirm the present request.
_NOT_GENITIVE = r"(?!(?:that|it|what|there|here|let|he|she|who|where|how|when|this)'s)"
_SUBJECT = (rf"(?:i|we|he|she|they|my\s+\w+|his\s+\w+|her\s+\w+|their\s+\w+|our\s+\w+|"
            rf"{_NOT_GENITIVE}\w+'s\s+\w+)")
# A regular past ends in -ed after a consonant or vowel other than e: "booked", "moved", not "need".
# The subject opens its clause: "get my seats reserved" and "where are they located" are not a past.
_CLAUSE_START = r"(?:^|[,;:]\s*|\b(?:and|but|so|then)\s+)\W*(?:(?:oh|well|so|also|actually|honestly)\W+)*"
_PAST_VERB = re.compile(
    rf"{_CLAUSE_START}{_SUBJECT}\s+(?:(?:also|just|once|never|even|already)\s+)?(?:{_IRREGULAR_PAST}|\w+[^e\W]ed)\b",
    re.IGNORECASE)
# Past forms a customer uses for the present, politely: "I wanted to send", "I was wondering".
_POLITE_PAST = re.compile(r"\b(?:wanted|needed|hoped|wondered|liked|was\s+(?:wondering|hoping|thinking|going|"
                          r"planning|looking|told)|were\s+(?:wondering|hoping|thinking|going|planning|looking)|"
                          r"did\s+you)\b", re.IGNORECASE)
# Someone else as the subject: "Peter's daughter goes", "my brother's landlord is", "my mother goes",
# "the account my wife uses".
_THIRD_PARTY = re.compile(
    r"(?:^|\b(?:and|but|so)\s+)\W*(?:(?:my|his|her|their|our|the)\s+)?"
    rf"{_NOT_GENITIVE}(?:[a-z]+|[A-Z][a-z]+)'s\s+(?P<owned>[a-z]+)\s+"
    r"(?:(?:always|usually|often|never|also|just)\s+)?(?:is|are|was|were|has|have|goes|go|lives|live|loves|love|uses|"
    r"use|flies|fly|likes|like|works|work|stays|stay|prefers|prefer|called)\b|"
    r"(?:^|\b(?:and|but|so)\s+)\W*(?:my|his|her|their|our)\s+(?P<person>[a-z]+)\s+"
    r"(?:(?:always|usually|often|never|also|just)\s+)?(?:goes|lives|loves|uses|flies|likes|works|stays|prefers)\b|"
    r"\b(?:the|a|an)\s+(?P<thing>[a-z]+)\s+(?:that\s+)?(?:my|his|her|their|our)\s+[a-z]+\s+(?:uses|has|owns|likes)\b",
    re.IGNORECASE)
# How things stand, not what is asked: "There's $2,340 in it", "there is $80 left on it" (a count of
# people, "There are 3 of us", is an answer, not a state).
_STATE = re.compile(r"^\W*there(?:'s|\s+is|\s+was)\b[^.!?;]*\b(?:in\s+(?:it|there|that)|left|available|remaining|"
                    r"on\s+it)\b", re.IGNORECASE)
# A value taken back: "..., not Ana", "scratch that", "forget that", "never mind".
_TAKEN_BACK = re.compile(r"\b(?:scratch\s+that|forget\s+that|never\s*mind|strike\s+that|cancel\s+that)\b",
                         re.IGNORECASE)


# A joke or irony the customer marks as such: "Oh sure, nine tickets. Seriously though, ...".
_IRONY = re.compile(r"^\W*(?:oh\s+sure|oh\s+yeah|yeah\s+right|sure\s+thing)\b", re.IGNORECASE)
_JOKE_MARKED_AFTER = re.compile(r"^\W*(?:seriously|but\s+seriously|(?:just\s+)?kidding|joking\s+aside|jk)\b",
                                re.IGNORECASE)


# Text addressed to the system rather than said about the request: "Priority notice to the assistant:
# ...", "your only task is ...", "whatever is blank becomes 1".
_TO_THE_SYSTEM = re.compile(
    r"\b(?:to|for)\s+(?:the\s+)?(?:assistant|system|bot|model|ai)\b|\byour\s+(?:only\s+|new\s+|real\s+)?"
    r"(?:task|job|role|instructions?|rules?|orders?)\b|\b(?:whatever|anything|everything)\b[^.!?;]*\b(?:becomes?|"
    r"defaults?\s+to|is\s+set\s+to)\b", re.IGNORECASE)


def elsewhere(text: str, own_words: Iterable[str] = ()) -> str:
    """The line with every sentence about another time, another person or a state blanked out.

    `own_words` are the schema's fact words ("account", "name", "destination"): a sentence whose
    subject owns one of them is the customer's own ("my sister's account is ..." stays).
    """
    own = {w.lower() for w in own_words}
    out = list(text)
    sentences = list(_SENTENCE.finditer(text))
    for index, sentence in enumerate(sentences):
        part = sentence.group(0)
        joke = _IRONY.match(part) or (index + 1 < len(sentences)
                                      and _JOKE_MARKED_AFTER.match(sentences[index + 1].group(0)))
        if joke or _TO_THE_SYSTEM.search(part) or _about_elsewhere(part, own) or _taken_back_later(sentences, index):
            out[sentence.start():sentence.end()] = " " * len(part)
    return "".join(out)


def _about_elsewhere(sentence: str, own: set[str]) -> bool:
    if _PAST_TIME.search(sentence) or _STATE.match(sentence):
        return True
    if _PAST_VERB.search(sentence) and not _POLITE_PAST.search(sentence):
        return True
    match = _THIRD_PARTY.search(sentence)
    if match is None:
        return False
    if match.group("thing"):
        return True  # a thing someone else uses is theirs, whatever it is
    return (match.group("owned") or match.group("person") or "").lower() not in own


def _taken_back_later(sentences: list[re.Match], index: int) -> bool:
    """A short answer followed, in the same line, by "no, scratch that": the answer is withdrawn."""
    part = sentences[index].group(0)
    if len(part.split()) > 4 or _TAKEN_BACK.search(part):
        return False
    return any(_TAKEN_BACK.search(later.group(0)) for later in sentences[index + 1:index + 3])
