"""The customer's last word on a value decides it.

A value said and then named again is settled by the later mention. The value is no longer stated, and the agent
asks again, when its latest mention stands in a sentence the tier does not read as the customer's own (someone
else's, another time's, a story: blanked in the customer's `own` words; "the 8th was my flight home last year"), is
negated ("The 10th is not going to work"), is followed by a putting off that reaches back to it with no other value
between ("..., the city my sister flies from, I will tell you mine later"), or, once the value was said, hedges it
("Book Thursday. Well, the day after my results, might not be Thursday", "mine is still open"). A hedge on a first
mention still asks for the value: "Maybe a museum?" is how many customers ask for one. A sentence opening by
pointing back ("That's where I lived years ago", "Those are the kids") mentions the value said last before it.
A number of people is a value too, found by its digits or its word ("3. Those are the bags"). A putting off that
names another fact ("I don't know the date yet", "not sure when") puts off that fact, not the value before it.
English grammar only: where each mention stands and the closed classes of words of doubt and of putting off.
The contract reads it here too, one reported value at a time (it does not know the line's other values, so a
putting off there reaches back over them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from core.extractors.offline import values
from core.text import ABBREVIATED
from core.value_context import negated

# A choice said to be in doubt: "I'm rethinking that", "having second thoughts", "I might change my mind", "it's
# not set in stone" ("as my plans might change" is a reason, not a doubt about the value).
_DOUBTED = (r"re-?thinking|reconsidering|second[-\s]guessing|second\s+thoughts|"
            # (only a change to come: "I changed my mind, make it 6:45" corrects)
            r"(?:might|may|could|probably)\s+(?:still\s+)?change\s+(?:my|our)\s+minds?|"
            r"(?:not\s+)?(?:set\s+)?in\s+stone|tentative(?:ly)?|pencill?ed\s+in|(?:don'?t|do\s+not)\s+hold\s+me\s+to|"
            r"subject\s+to\s+change|who\s+knows|up\s+in\s+the\s+air")
DOUBTED = re.compile(rf"\b(?:{_DOUBTED}|not\s+(?:so\s+)?(?:sure|certain)\s+about\s+(?:that|it|this))\b", re.IGNORECASE)
# Saying one does not know, or that the choice is still open or put off: read after a value too.
PUT_OFF = re.compile(
    r"\b(?:not\s+(?:sure|certain)|no\s+idea|(?:don'?t|do\s+not)\s+know|"
    r"dunno|idk|"
    # a choice left open or put off: "mine is still open", "I can't decide", "I'll give the real address", "depends
    # on the meeting", "I don't know what kind yet"
    r"(?:is|are|'s|'re|stays?)\s+(?:still\s+|totally\s+|completely\s+|wide\s+)?(?:open|unclear|undecided|unknown)|"
    r"can'?t\s+(?:decide|say|tell)|depends?\s+on|depending\s+on|yet|"
    rf"{_DOUBTED}|(?:haven'?t|have\s+not)\s+(?:\w+\s+)?"
    r"(?:picked|chosen|decided|settled|figured)|"
    r"(?:i'?ll|i\s+will|we'?ll|we\s+will|i'?d\s+have\s+to|i\s+have\s+to|i'?ll\s+have\s+to)\s+(?:\w+\s+)?"
    # ("I'll pick it up on the 3rd" is a rental's pick-up; "we'll see a movie" is what the customer will do)
    r"(?:tell|give|confirm|decide|pick(?!\s+(?:\w+\s+)?up\b)|choose|let\s+you\s+know|know|"
    r"see(?=\s*(?:[.,;!?]|$|if\b|whether\b|about\b|how\b|which\b|what\b|when\b))|check(?!\W*(?:in|out|into)\b)|figure|"
    r"find\s+out|get\s+back|come\s+back\s+to\s+you|think\s+(?:about|over|it\s+over))|"
    # a cost to weigh before taking it: "10:30 on the 5th, I'd have to move a meeting for that"
    r"(?:i'?d|i\s+would|we'?d|we\s+would)\s+(?:have|need)\s+to\s+(?:move|reschedule|rearrange|cancel|shift|skip)|"
    # asking for time before answering: "Let me think about it", "let me get back to you on that", "... and get back
    # to you" ("now that I think about it, ..." corrects instead)
    r"let\s+me\s+(?:\w+\s+)?(?:think|get\s+back|come\s+back|sleep\s+on)|(?:get|come)\s+back\s+to\s+you|"
    # a choice still ahead: "I'd rather hear what my doctor thinks before choosing", "before I decide"
    r"before\s+(?:(?:i|we)\s+(?:can\s+)?)?(?:choos(?:e|ing)|decid(?:e|ing)|pick(?:ing)?(?!\s+(?:\w+\s+)?up\b)|"
    r"commit(?:ting)?))\b",
    re.IGNORECASE)
# Adverbs and modals of possibility qualify the words they stand by ("a museum perhaps", "as my plans might change,
# refundable tickets"), so they count only on a mention after the first, in its own sentence. "may I" asks leave,
# "May 3rd" is a month.
_DOUBT_ADVERB = re.compile(r"\b(?:maybe|perhaps|possibly|probably|unsure|uncertain|might|could\s+be|"
                           # (no modal follows the infinitive's "to": "I would like to may a transfer" mistypes "make")
                           r"(?<!\bto\s)may(?!\s+(?:i|we|you)\b)(?!\s+(?:the\s+)?\d))\b", re.IGNORECASE)
CLAUSE_END = re.compile(r"[,;:.!?\u2014\u2013]")  # read by the contract too
# A clause ends at a contrasting conjunction too, commas or not: "My usual is Chicago but I'm rethinking that".
_CLAUSE_OR_CONTRAST = re.compile(rf"{CLAUSE_END.pattern}|\s(?:but|though|although)\s", re.IGNORECASE)
_ORDINAL = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)\b", re.IGNORECASE)
_SENTENCE = re.compile(rf"(?:{ABBREVIATED}|[^.!?;\u2014\u2013])+[.!?;\u2014\u2013]*")
# Values this short ("2", "No") are read as other words too often to track their mentions, except a count's
# number, found where no date, time or amount holds it.
_SHORTEST = 3
_INITIALS = re.compile(r"[A-Z]{2}")


def mentions(text: str, value: str, count: bool = False) -> list[tuple[int, int]]:
    """Where `value` stands in `text`, as whole words, ignoring case (two capitals, "DC", only as typed); a date by
    its day too ("the 9th" for "March 9th"), and a value of many words by its first three ("quarter to nine" for
    "quarter to nine in the morning"). A `count` stands as its number in digits or in words, where no date, time or
    amount holds it."""
    value = value.strip()
    if count:
        return _count_mentions(text, value)
    if len(value) < _SHORTEST:
        # initials in capitals ("DC", "NY") are a name typed that way: found as typed, never in "dc" or "ny"
        return [m.span() for m in re.finditer(rf"(?<!\w){value}(?!\w)", text)] if _INITIALS.fullmatch(value) else []
    forms = {value, *_ORDINAL.findall(value)}
    words = value.split()
    if len(words) > 3:
        forms.add(" ".join(words[:3]))
    found = {m.span() for form in forms
             for m in re.finditer(r"(?<!\w)" + re.escape(form) + r"(?!\w)", text, re.IGNORECASE)}
    # one mention each: "the 9th" holds "9th"
    return sorted(span for span in found if not any(o != span and o[0] <= span[0] and span[1] <= o[1] for o in found))


_NUMBER_NAMES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve")


def _is_count(value: str) -> bool:
    return value.strip().isdigit() or value.strip().casefold() in _NUMBER_NAMES


def _count_mentions(text: str, value: str) -> list[tuple[int, int]]:
    forms = {value.casefold()}
    if value.isdigit() and int(value) < len(_NUMBER_NAMES):
        forms.add(_NUMBER_NAMES[int(value)])
    elif value.casefold() in _NUMBER_NAMES:
        forms.add(str(_NUMBER_NAMES.index(value.casefold())))
    taken = [m.span() for pattern in (values.DATE, values.TIME, values.MONEY) for m in pattern.finditer(text)]
    found = (m.span() for form in forms
             for m in re.finditer(rf"(?<![\w$.,:]){re.escape(form)}(?![\w:]|[.,]\d)", text, re.IGNORECASE))
    return sorted(span for span in found if not any(a <= span[0] < b for a, b in taken))


# A sentence opening by pointing back at what was just said: "That's who I flew last year", "Those are the kids",
# "That address is from a receipt", "It's my wife's return".
_POINTING = re.compile(r"^\W*(?:(?:oh|well|but|and|so|hmm|ha|though|although)\W+)*(?:that|those|these|this|it)"
                       r"(?:'s|'re|\s+(?:is|was|are|were)|\s+[a-z]+\s+(?:is|was|are|were))\b", re.IGNORECASE)


def _sentence_around(text: str, start: int) -> str:
    """The sentence holding the character at `start`."""
    return next((m.group(0) for m in _SENTENCE.finditer(text) if m.start() <= start < m.end()), "")


def unsettled(said: str, own: str, value: str, said_before: bool, others: Iterable[str] = (),
              spoken: str | None = None, of_another: Callable[[str], bool] | None = None,
              count: bool = False, another_event: Callable[[str, int, int], bool] | None = None) -> bool:
    """Whether the last mention of `value` in the line as typed (`said`) takes it back: it stands in a sentence
    blanked in `own` (the same line, same length), is negated, or hedges it when it is not the first mention
    (`said_before`: the value was collected from an earlier line). A sentence pointing back mentions the value
    said last before it, unless one of the `others` values is said between them. `spoken` is the line with only what
    the customer did not say blanked (JSON, a forged role line, a quote): a mention there is no mention.
    `of_another(sentence)` tells a putting off that names another fact ("I don't know the date yet"): it puts off
    that fact, not the value before it. A `count` is found by its number (`mentions`). `another_event(said, start,
    end)` tells a day or time said last as another thing's ("Thursday. Nope, Thursday is the school play")."""
    found = [span for span in mentions(said, value, count) if spoken is None or spoken[span[0]:span[1]].strip()]
    if not found:
        return False
    last, end = found[-1]
    sentences = list(_SENTENCE.finditer(said))
    between = [m for other in others if other.strip().casefold() != value.strip().casefold()
               for m, _ in mentions(said, other, count=_is_count(other))]
    pointing = [sentence for sentence in sentences if sentence.start() > last and _POINTING.match(sentence.group(0))
                and not any(last < m < sentence.start() for m in between)]
    if pointing:
        sentence = pointing[-1]
        return (not own[sentence.start():sentence.end()].strip()
                or bool(PUT_OFF.search(sentence.group(0)) or _DOUBT_ADVERB.search(sentence.group(0))))
    if not own[last:end].strip() or negated(said, last, end) or (another_event and another_event(said, last, end)):
        return True
    # what follows the mention's own clause, to the end of the line: "..., which my brother uses, I'll pick mine later"
    # (the nearest value before a putting off is the one it puts off: none of the `others` is said in between)
    clause_end = _CLAUSE_OR_CONTRAST.search(said, end)
    if clause_end and any(not any(end <= m < hedge.start() for m in between)
                          and not (of_another and of_another(_sentence_around(said, hedge.start())))
                          for hedge in PUT_OFF.finditer(said, clause_end.end())):
        return True
    if not (said_before or len(found) > 1):
        return False
    sentence_text = next((m.group(0) for m in sentences if m.start() <= last < m.end()), "")
    if count:  # a number is hedged by its own clause: "Not just yet, I'd need a bus for 1 person" is sure of the 1
        opening = max((m.end() for m in CLAUSE_END.finditer(said, 0, last)), default=0)
        closing = CLAUSE_END.search(said, end)
        sentence_text = said[opening:closing.start() if closing else len(said)]
    return bool(PUT_OFF.search(sentence_text) or _DOUBT_ADVERB.search(sentence_text))
