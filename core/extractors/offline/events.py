"""A day or time that belongs to something else than this request: the grammar of "when X happens".

"a movie that starts at 8:30 pm", "I get off work at 5:30", "the 9 pm bus", "our anniversary is May 9",
"Thursday is my kid's recital", "I have physio at 1 pm": each names when another thing happens. It is this
request's day or time only when that thing is one of the checklist's own words ("the movie starts at 8:30 pm"
for a film's show time). English grammar only; what counts as this request's thing comes from the schema
(`Profile.topic`).
Read alike by the offline tier (`line`) and the contract.
"""

from __future__ import annotations

import re

from core.extractors.offline.profile import Profile, stem
from core.extractors.offline.values import AFTER_A_DAY, TIME

_DETERMINER = r"(?:the|a|an|my|our|his|her|their|your|this|that)"
# A verb of an event starting or ending, with its particle: "starts", "gets off", "lets out", "wraps up" (not
# "-ing": "the vehicle starting on the 7th" is how the customer's own use of it is said).
_EVENT_VERB = (r"(?:(?:start|begin|began|end|finish|land|leave|left|depart|arrive|open|close)(?:s|es|ed)?|"
               r"kick(?:s|ed)?\s+off|lets?\s+out|wrap(?:s|ped)?\s+up|gets?\s+off|got\s+off|gets?\s+out(?:\s+of)?|"
               r"got\s+out(?:\s+of)?|gets?\s+in|got\s+in|pulls?\s+in)")
# A word inside the thing's phrase: lower case, and no verb "to be", conjunction or "I" that would join two clauses
# ("The city is Philadelphia and I will depart on the 11th" is one request).
_INNER_WORD = r"(?!(?:is|are|was|were|and|but|or|so|then|i|it|which|who|that)\b)(?-i:[a-z']+)"
# Which one a thing is, by a name after a preposition: "my lease at Oak Villas ends", "the game in Denver starts".
_WHICH_ONE = r"(?:(?:at|in|on|for|with|of)\s+(?:the\s+)?(?-i:[A-Z][\w']*)(?:\s+(?-i:[A-Z][\w']*)){0,3}\s+)?"
# A thing that starts, ends or comes then, as its subject with up to five words (a relative clause) between:
# "a movie that starts at 8:30 pm", "the movie we're seeing afterwards starts at 9 pm", "the movers come the 5th".
_SUBJECT_EVENT = re.compile(
    rf"\b{_DETERMINER}\s+((?:{_INNER_WORD}\s+){{0,5}}?(?!to\b){_INNER_WORD})\s+(?:that\s+|which\s+)?{_EVENT_VERB}\s+"
    r"(?:at|on|around|by|about)\s+(?:the\s+)?$|"
    # with no preposition after a plain subject, or after coming: "my lease ends March 3rd", "the movers come the 5th"
    # ("flights that will leave tomorrow" are the trip's own)
    rf"\b(?:the|a|an|my|our|his|her|their|your)\s+((?:{_INNER_WORD}\s+){{0,2}}?{_INNER_WORD})\s+{_WHICH_ONE}"
    rf"(?:{_EVENT_VERB}|comes?|came|(?:is|are|'s|'re)\s+coming)\s+(?:(?:at|on|around|by|about)\s+)?(?:the\s+)?$",
    re.IGNORECASE)
# The customer ends or leaves another thing then: "I get off work at 5:30", "we leave the office at 6"
# (a bare "we leave at 6", or leaving a named place, "we leave Seattle on Tuesday", is the trip itself).
_LEAVES_THING = re.compile(
    # (the thing's head noun is what is read: "I get off my night shift at 7 am" is the shift's)
    rf"\b(?:i|we|he|she|they)\s+(?:\w+\s+)?{_EVENT_VERB}\s+(?:(?:the|my|our|his|her|their)\s+(?-i:[a-z]+\s+)?)?"
    r"((?-i:[a-z]+))\s+"
    r"(?:at|on|around|by|about)\s+(?:the\s+)?$", re.IGNORECASE)
# A thing said to be on that day or at that time: "our anniversary is May 9", "the whole book club is on
# the 8th" (the subject with up to three words).
_THING_IS = re.compile(
    rf"\b{_DETERMINER}\s+((?:{_INNER_WORD}\s+){{0,3}}?{_INNER_WORD})\s+(?:is|was|are|were|falls)\s+"
    r"(?:(?:on|at|around|about|in)\s+)?(?:the\s+)?$", re.IGNORECASE)
# A thing the customer has then: "I have physio that day at 1 pm", "we've got a wedding on the 9th".
# ("Do I have anything on the 5th?" asks; "the events I have scheduled on Wednesday", "anything I have going on
# Tuesday" are participles)
_HAS_THING = re.compile(
    r"(?<!do\s)(?<!did\s)\b(?:i|we)(?:\s+(?:already|also|still))?\s+(?:have|'ve\s+got|have\s+got|got)\s+"
    r"(?:(?:a|an|my|our|the)\s+|(?!\w+(?:ed|ing)\b)(?!(?:a|an|my|our|the)\s))(?!(?:any|some|no|every)(?:thing|one|body)\b)"
    r"(?!(?:free|spare|open|available|to)\b)"
    rf"((?:{_INNER_WORD}\s+){{0,2}}?{_INNER_WORD})\s+"
    r"(?:(?:that|this|the\s+same)\s+(?:day|morning|afternoon|evening|night)\s+|then\s+)?"
    r"(?:at|on|around|by|from)\s+(?:the\s+)?$", re.IGNORECASE)
# The day or time said to be another thing: "Thursday is my kid's recital", "7 pm is the school pickup".
# (or the day or time when another thing happens: "March 5th is when my visa expires")
_IS_THING = re.compile(
    r"\s*(?:is|'s|was)\s+(?:when\s+)?(?:(?:my|our|his|her|their|the|a|an)\s+)(?:[a-z]+'s\s+)?((?:[a-z]+\s+){0,2}[a-z]+)",
    re.IGNORECASE)
# The time as the modifier of another thing's noun: "the 9 pm bus", "my 3:30 meeting" (a day is read so too
# rarely to tell from "my March 2nd look like").
_BEFORE_DETERMINER = re.compile(rf"\b{_DETERMINER}\s+$", re.IGNORECASE)
_NOUN_AFTER = re.compile(r"\s+([a-z]+)\b")
# Nouns any booking uses for its own slot: "the 7 pm one", "the 9 am slot", "a Friday morning".
SLOT_WORDS = frozenset({"one", "ones", "slot", "spot", "time", "option", "opening", "session", "booking",
                         "reservation", "appointment", "start", "day", "date", "night", "morning", "afternoon",
                         "evening", "noon", "midnight"})
# Words after a value that are no noun of a thing: "7 pm sharp", "the 8th of March", "Friday works".
_NOT_A_NOUN = AFTER_A_DAY | frozenset({"sharp", "instead", "till", "til", "onwards", "latest", "earliest", "up", "down",
                                       "while", "since", "because", "cause", "after", "before", "where", "though",
                                       "although", "unless", "whereas", "once", "now", "right", "yet", "still",
                                       "already", "ok", "okay", "here", "there", "today", "tomorrow", "tonight"})
# Nouns of the choice itself: "my preference is 7 pm", "the plan is Friday", and superlatives ("the earliest I
# can do is 7 pm", "the best day is Friday").
CHOICE_WORDS = frozenset({"preference", "choice", "plan", "idea", "pick", "answer", "guess", "hope", "best", "first",
                           "last", "only", "request", "wish", "favorite", "favourite", "top", "usual"})


def other_event(profile: Profile, text: str, start: int, end: int | None = None) -> bool:
    """The day or time at text[start:end] is when something else happens, and that thing is none of this
    checklist's own words. Without `end` only what comes before the value is read."""
    before = text[max(0, start - 120):start]
    for pattern in (_SUBJECT_EVENT, _LEAVES_THING, _THING_IS, _HAS_THING):
        found = pattern.search(before)
        if found is not None and not _ours(profile, next(g for g in found.groups() if g)):
            return True
    if end is None:
        return False
    thing = _IS_THING.match(text, end) or _OWNED_BY_THE_DAY.match(text, end)
    if thing is not None and not _ours(profile, thing.group(1)):
        return True
    noun = _NOUN_AFTER.match(text, end)
    return (noun is not None and TIME.fullmatch(text[start:end]) is not None
            and _BEFORE_DETERMINER.search(before) is not None and noun.group(1).lower() not in _NOT_A_NOUN
            and not noun.group(1).endswith("ly")
            and not _ours(profile, noun.group(1)))


# A day in the possessive names when the noun after it happens: "at Friday's family meeting" is the meeting's day
# (and "tomorrow's weather" the weather's, which a weather form asks for).
_OWNED_BY_THE_DAY = re.compile(r"['’]s\s+((?-i:[a-z]+)(?:\s+(?-i:[a-z]+))?)")


def _ours(profile: Profile, phrase: str) -> bool:
    """Some word of the phrase is one of the checklist's own (a film for a film's show time)."""
    joined = phrase.lower().replace(" ", "").replace("-", "")
    if any(name.replace("_", "").startswith(joined) for name in profile.facts if len(joined) > 4):
        return True  # "the checkout" for check_out_date
    return any(w in profile.topic or stem(w) in profile.topic or profile.names_a_fact(w) or w in SLOT_WORDS
               or w in CHOICE_WORDS
               or (w.endswith("est") and len(w) > 5)
               for w in phrase.lower().replace("'s", " ").split())
