"""A reply that puts off its answer: the customer will check, ask or pick later, or does not know.

"Which stylist?" - "I think it was Hair Lab, I can't remember. I'll look at my old receipt." names a value
but answers nothing yet, and "For how many days? 30?" - "Oh yes, 30 days, on my salary. I'll tell you once
my manager confirms." echoes one. Read on the reply to an agent question: a value of the fact that question
asked for is not stated in it. A verb of finding out puts off the answer only when the value is not its
object: "I need to check my checking account" names what to check. English grammar only: a first-person
future, progressive or need of finding out, or saying one does not know. The offline tier and the contract
both read it here.
"""

from __future__ import annotations

import re

from core.text import line_cache

# Verbs of finding out or choosing later. A pick is one only alone or of "one", "later", "whichever" ("I need to
# pick it on Wednesday" is a rental's pickup), "I will check in" is no check, nor "I'm looking for" a look, nor
# "I need to find a place" a finding out: it is what the customer asks the service to do.
_FIND_OUT = (r"(?:(?:check(?!\W*(?:in|out|into)\b)|look(?!\w*\s+(?:for|forward)\b)|"
             r"find(?!\w*\s+(?:a|an|me|us|some|one|another)\b)|confirm|ask|"
             r"pick(?=\s+(?:one|later|whichever|either|between)\b|\s*[.!?,;]|\s*$))(?:ing)?|figur(?:e|ing)|decid(?:e|ing)|"
             r"choos(?:e|ing)|count(?:ing)?|work(?:ing)?\s+out|get(?:ting)?\s+back|let\s+you\s+know|"
             r"tell\s+you(?!\s+what))")
_WILL_FIND_OUT = re.compile(
    rf"\b(?:i'?ll|i\s+will|i'?m\s+going\s+to|i\s+(?:need|have)\s+to|let\s+me|i'?m\s+still|still)\s+"
    rf"(?:(?:just|first|quickly|double|go|have\s+to|need\s+to)\s+)?{_FIND_OUT}\b[^.!?;,]*",
    re.IGNORECASE)
_DOES_NOT_KNOW = re.compile(
    # (the subject may be left out where a sentence opens: "Can't remember right now", "Don't know yet")
    # ("Don't Know Why" in a title's capitals is a song)
    r"\bi\s+(?:honestly\s+|really\s+|just\s+|simply\s+)?(?:can'?t|cannot|don'?t|do\s+not)\s+(?:remember|recall|know)\b|"
    r"(?:^|(?<=[.!?;,]))\s*(?:honestly\s+|really\s+|just\s+|simply\s+)?(?:can'?t|cannot|don'?t|do\s+not)"
    r"\s+(?:(?-i:remember|recall|know)\b|(?-i:say|tell)(?:\s+(?:yet|for\s+sure|right\s+now|now))?\s*(?:[.!,;]|$))|"
    r"\bi\s+(?:can'?t|cannot)\s+(?:say|tell)\s+(?:yet|for\s+sure|right\s+now|now)\b|"
    r"\b(?:not|n't)\s+(?:sure|certain)\b|\bno\s+idea\b|\bi\s+forg[eo]t\s+(?!to\b)|"
    r"\blet\s+me\s+(?:see|think)\b|\bgive\s+me\s+a\s+(?:sec|second|minute|moment)\b",
    re.IGNORECASE)


@line_cache  # asked of a line for each value in it, by the offline tier and again by the contract
def puts_off(reply: str, value: str) -> bool:
    """The reply says, after the value, that the customer does not know, or says they will find out later and
    the value is not what they will find out about ("I'll check my calendar" puts off a date; "I need to check
    my savings" names one)."""
    needle = value.casefold()
    # "Lena, I think, I can't remember" puts off Lena; "I don't know, but let's try Remo Drive" chooses it
    # (a value read from other words, "three" for 3, is put off wherever the reply says so)
    folded = reply.casefold()
    # ("Give me a second", "Or let me think" reported as the value is the putting off itself, and "about" of
    # "let me think about what I'm in the mood for" is inside it)
    if any(needle in folded[:match.start()] or needle not in folded or match.group(0).casefold() in needle
           or needle in _clause_from(folded, match.start()) for match in _DOES_NOT_KNOW.finditer(reply)):
        return True
    return any(needle not in match.group(0).casefold() and not _on_a_noun(reply, match.start())
               for match in _WILL_FIND_OUT.finditer(reply))


def does_not_know(text: str) -> bool:
    """The words say the customer does not know or cannot say yet ("Not sure yet", "I can't remember")."""
    return _DOES_NOT_KNOW.search(text) is not None


def _on_a_noun(reply: str, start: int) -> bool:
    """The clause at `start` qualifies a noun phrase inside a clause of its own ("I have 0 bags I need to check"); a
    noun phrase opening its clause is the topic put off ("Yes on the car; the hour I have to check")."""
    noun = _RELATIVE_ON_A_NOUN.search(reply, 0, start)
    if noun is None:
        return False
    clause = re.split(r"[.!?;:,]", reply[:noun.start()])[-1]
    return bool(re.search(r"[^\W\d_]", clause))


# A noun phrase right before the clause makes it a relative one, whose object is that noun: "I have 0 bags I need to
# check", "the documents that I'll confirm" say nothing is put off.
_RELATIVE_ON_A_NOUN = re.compile(
    r"\b(?:the|a|an|my|our|your|these|those|any|some|no|\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
    r"\s+(?:[a-z]+\s+)?(?!(?:is|are|was|were|and|but|or|so|then|because|though|if|when|while|until|one|ones|i|we)\s)"
    r"[a-z]+\s+(?:that\s+|which\s+)?(?:(?:i|we)\s+)?$", re.IGNORECASE)


def _clause_from(text: str, start: int) -> str:
    """text from `start` to the end of its clause ("I don't know the zip code but search Paris" ends at "but")."""
    end = re.search(r"[.!?;,]|\b(?:but|and|so|though)\b", text[start:])
    return text[start:start + end.start()] if end else text[start:]


# Saying a choice is not made yet, and about what: "I haven't settled on the number of bedrooms", "I'm not sure
# yet how many nights I'll stay", "I'm still choosing where to go", "I'll decide on the size later", "before I
# pick the day".
_UNDECIDED = re.compile(
    r"\b(?:(?:haven'?t|have\s+not|hasn'?t|not\s+yet)\s+(?:yet\s+)?(?:settled|decided|chosen|picked|figured\s+out|"
    r"worked\s+out|sorted\s+out|made\s+up\s+(?:my|our)\s+minds?)|(?:i'?m|i\s+am|we'?re|we\s+are)\s+"
    r"(?:(?:still|honestly|really|just|truly|totally|completely|kind\s+of|kinda)\s+)*"
    r"(?:choosing|deciding|thinking\s+about|figuring\s+out|undecided\s+(?:on|about)|unsure\s+(?:of|about)|"
    r"second[\s-]guessing|rethinking|reconsidering|torn\s+(?:on|about|over)|"
    r"flexible\s+(?:on|about|with|as\s+to)|not\s+sure(?:\s+yet)?)|not\s+sure\s+yet|(?:i'?ll|i\s+will|we'?ll|we\s+will)\s+decide|can'?t\s+say|"
    # a choice still ahead of something else: "I need a calendar before I pick the day"
    r"before\s+(?:i|we)\s+(?:can\s+)?(?:pick|choose|decide\s+on|settle\s+on|commit\s+to)|"
    # knowing only later: "I'll only know which day once my rota comes out"
    r"(?:i'?ll|i\s+will|we'?ll|we\s+will)\s+(?:only\s+)?know\s+(?=(?:which|what|when|where|how)\b)|"
    # a choice put off to later: "let me pick the film later tonight"
    r"(?:let\s+me|i'?ll|i\s+will)\s+(?:pick|choose|decide\s+on|settle\s+on)\s+(?=the\s+[a-z]+\s+(?:later|another\s+time|"
    r"tomorrow|tonight|afterwards)\b))"
    r"(?P<object>[^.!?;]*)", re.IGNORECASE)


# Saying one still has to find a value out: "I need to check the exact amount she paid", "I'll confirm how many
# nights", "let me find out when it starts". The object is a wh-clause or a noun with "the" and at most a word
# of exactness ("the exact amount"), ending its clause or opening a relative one: "I need to check my checking
# account" or "check the savings account" name what to look at, not a value left open.
# Open on a fact named by its noun: "the bedrooms I'm flexible on", "how many adults is still up in the air".
_OPEN_ON = re.compile(
    r"\b(?P<object>(?:the|my|how\s+many|which)\s+[a-z]+)\s+(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:flexible|open|unsure|"
    r"undecided|not\s+sure)\s+(?:on|about)|(?:is|are)\s+still\s+(?:up\s+in\s+the\s+air|open|undecided|unclear|unknown|tbd))\b",
    re.IGNORECASE)
# Not known yet: "idk the date", "I don't know the date", "they haven't told me the new time yet".
_NOT_KNOWN = re.compile(
    r"\b(?:idk|(?:i\s+)?(?:don'?t|do\s+not)\s+know|(?:haven'?t|hasn'?t|didn'?t|have\s+not|has\s+not)\s+(?:told|given|sent|"
    r"confirmed)(?:\s+(?:me|us))?)\s+(?P<object>(?:the|my|which|what)\s+(?:(?:new|exact|right|final)\s+)?[a-z]+)",
    re.IGNORECASE)
# Any one will do, so none is chosen: "no particular song", "any date is fine", "whichever stylist works" (a
# request for any one, "play any song", names no choice either, but asks the agent to pick, read elsewhere).
_NONE_IN_PARTICULAR = re.compile(r"\bno\s+(?:particular|specific|special|set)\s+(?P<object>[a-z]+)", re.IGNORECASE)
_ANY_WILL_DO = re.compile(r"\b(?:any|whatever|whichever)\s+(?P<object>[a-z]+)\s+"
                          r"(?:is\s+(?:fine|ok(?:ay)?|good|alright|all\s+right)|works|will\s+do|would\s+do)\b",
                          re.IGNORECASE)


# A choice marked as still to make, after its noun: "place to be decided", "date TBD", "time to be confirmed".
_NOUN_TBD = re.compile(r"\b(?P<object>[a-z]+)\s*(?:[:(-]\s*)?(?:(?:is\s+)?(?:still\s+)?to\s+be\s+(?:decided|confirmed|"
                       r"determined|announced|settled)|tbd|tbc|tba)\b", re.IGNORECASE)


@line_cache  # the contract reads every later customer line for each reported value
def any_will_do(text: str) -> tuple[str, ...]:
    """The nouns the customer says any one of will do ("no particular song", "any date is fine"): a fact named by
    such a noun is left open, where the noun is the fact's own name (not a word of the service's topic, "any car
    will do" of a rental's pick-up day)."""
    return tuple(match.group("object") for pattern in (_NONE_IN_PARTICULAR, _ANY_WILL_DO)
                 for match in pattern.finditer(text))


# A count said loosely: "for 4 days. Well, give or take a day" leaves the days open.
_GIVE_OR_TAKE = re.compile(r"\b(?:give\s+or\s+take|plus\s+or\s+minus|more\s+or\s+less)\s+"
                           r"(?P<object>(?:a|an|one|two|three|\d+)\s+[a-z]+)", re.IGNORECASE)
# A choice still to make: "so I still need to choose an airline", "we have yet to pick a date".
_TO_CHOOSE = re.compile(
    r"\b(?:i|we)\s+(?:still\s+)?(?:need|have|got)\s+(?:yet\s+)?to\s+(?:choose|pick|decide\s+on|select|settle\s+on)\s+"
    # (not "pick the car up")
    r"(?P<object>(?:a|an|the|which|what)\s+[a-z]+(?:\s+(?!up\b)[a-z]+)?)\b(?!\s+up\b)", re.IGNORECASE)
_TO_FIND_OUT = re.compile(
    r"\b(?:i\s+(?:still\s+)?(?:need|have)\s+to|i'?ll(?:\s+have\s+to)?|i\s+will(?:\s+have\s+to)?|let\s+me|"
    r"i'?m\s+going\s+to|i\s+must)\s+(?:(?:first|still|just|quickly|double)[\s-]+)?"
    r"(?:check|confirm|find\s+out|work\s+out|figure\s+out|look\s+up|ask|tell\s+you|let\s+you\s+know|"
    r"get\s+back\s+to\s+you\s+(?:with|on|about))\s+"
    r"(?P<object>(?:how\s+(?:much|many|long)|what|when|where|which)\b[^.!?;,]*|"
    r"the\s+(?:(?:exact|right|correct|actual|final|precise|total|full)\s+)?[a-z]+(?=\s*(?:$|[.!?;,])|\s+(?:she|he|they|i|we|you|it|that|which|first|later|again|"
    r"and|but|with|before|after|once|when|as\s+soon\s+as|until|if)\b))", re.IGNORECASE)


# A choice said to be open, with what is open as the subject: "the seat count is open again", "the date is still up in
# the air", "our check-in day is undecided" ("the museum is open until 6" tells the hours, not a choice).
_LEFT_OPEN = re.compile(
    r"\b(?P<object>(?:the|my|our|that|this)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+)(?:(?:\s+(?:is|are|was)|\s*['\u2019]s)\s+(?:now\s+|still\s+)?"
    r"(?:open\s+again|(?:still\s+)?open(?=\s*(?:[.!?;,]|$|for\s+now\b))|up\s+in\s+the\s+air|undecided|"
    # (or in doubt, however said: "that date is still a bit shaky for me")
    r"(?:(?:a\s+(?:bit|little)|kind\s+of|somewhat|pretty)\s+)?(?:shaky|iffy|uncertain|unsure|in\s+doubt|wobbly)|"
    r"subject\s+to\s+change|tentative|provisional|pencill?ed\s+in|"
    r"not\s+(?:yet\s+)?(?:settled|decided|fixed|final|set|confirmed|locked(?:\s+in)?|firm)|tbd|to\s+be\s+(?:decided|confirmed))|"
    r"\s+(?:isn'?t|aren'?t|wasn'?t)\s+(?:yet\s+)?(?:settled|decided|fixed|final|set|confirmed|locked(?:\s+in)?|firm|"
    r"nailed\s+down)|"
    # a change to come: "The date might move", "the pick-up time may still change"
    r"\s+(?:might|may|could)\s+(?:still\s+|well\s+|yet\s+)?(?:change|move|shift|slip|clash|conflict))\b", re.IGNORECASE)
# Asking not to be held to it: "Don't hold me to the time, though."
_HOLD_ME_TO = re.compile(r"\b(?:don'?t|do\s+not)\s+hold\s+me\s+to\s+(?P<object>(?:the|that|this|my)\s+[a-z-]+"
                         r"(?:\s+[a-z-]+)?)", re.IGNORECASE)


# The fact named first, as the topic of its clause, then put off: "The real trip city I'll tell you tomorrow", "the
# date I need to check". (Not a relative clause inside another: "I have 0 bags I need to check", "the hotel I'll
# tell you about".)
_TOPIC_PUT_OFF = re.compile(
    r"(?:^|[.!?;,:]\s*)(?:(?:and|but|so|as\s+for)\s+)?(?P<object>(?:the|my|our)\s+(?:[a-z]+\s+){0,3}?[a-z]+)\s+"
    r"(?:i'?ll|i\s+will|we'?ll|we\s+will|let\s+me|i\s+(?:still\s+)?(?:need|have)\s+to|i'?d\s+have\s+to)\s+"
    r"(?:(?:still|first|just)\s+)?(?:tell\s+you|let\s+you\s+know|confirm|decide(?:\s+on)?|check|find\s+out|"
    r"figure\s+out|get\s+back\s+to\s+you)\b(?!\s+(?:about|with|in|into|out)\b)", re.IGNORECASE)


@line_cache  # the contract reads every later customer line for each reported value
def undecided_about(text: str) -> tuple[str, ...]:
    """What the customer says they have not decided yet, as the words after saying so ("on the number of
    bedrooms", "how many nights I'll stay", "where to go", "the exact amount"); empty words when the line
    names no object."""
    return tuple(match.group("object") for pattern in (_UNDECIDED, _TO_FIND_OUT, _LEFT_OPEN, _TO_CHOOSE, _GIVE_OR_TAKE,
                                                       _OPEN_ON, _NOT_KNOWN, _NOUN_TBD, _HOLD_ME_TO, _TOPIC_PUT_OFF)
                 for match in pattern.finditer(text))
