"""Negation, conditionals, instructions and yes/no answers: what the customer denies, supposes or accepts.

"not savings", "I don't want to touch my savings", "if I don't say, assume savings", "mark the
account as savings", "the credit card if you like" all mention a value without stating it.
"Yes, that's fine" and "I don't mind" accept; "No" refuses.
"""

from __future__ import annotations

import re
import unicodedata

from core.conditions import CONDITION_CLAUSE, CONDITIONAL_CONJUNCTION, POLITE_IF
from core.text import line_cache

# A clause ends at punctuation or "but": "No, savings" states savings; "not savings" does not.
_CLAUSE_END = re.compile(r"[.!?;,]|\bbut\b|\bactually\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;]")
_AFTER_CLAUSE_END = re.compile(r"[.!?;,]|\b(?:and|but|then)\b", re.IGNORECASE)
_NEGATION = re.compile(
    r"\b(?:not|no|never|don't|dont|doesn't|didn't|won't|can't|cannot|shouldn't|wouldn't|isn't|aren't|nor|neither|"
    r"without|except|instead\s+of|rather\s+than|other\s+than|anything\s+but|apart\s+from)\b|n't\b",
    re.IGNORECASE,
)


def _typo_forms(word: str) -> set[str]:
    """A word with two neighbouring letters swapped or one letter doubled: the slips of a hurried typist."""
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
    doubled = {word[:i] + word[i] + word[i:] for i in range(len(word))}
    return (swapped | doubled) - {word}


# A negator typed with a slip ("nto savings", "nevre") or spelled out letter by letter ("n o t the 11th",
# "n-o-t") still negates: it is read as the negator it spells. None of these slips is an English word.
_NEGATOR_SLIPS = {slip: word for word in ("not", "never", "dont", "cant", "wont", "didnt", "doesnt")
                  for slip in _typo_forms(word)}
_SLIPPED_WORD = re.compile(r"\b(?:" + "|".join(sorted(_NEGATOR_SLIPS, key=len, reverse=True)) + r")\b", re.IGNORECASE)
_SPELLED_OUT = re.compile(r"\b[a-z](?:[ *\-][a-z]\b){2,}", re.IGNORECASE)


def _negators_as_meant(window: str) -> str:
    """The window with slipped or spelled-out negators read as the negators they are."""
    window = _SPELLED_OUT.sub(lambda m: re.sub(r"[ *\-]", "", m.group(0)), window)
    return _SLIPPED_WORD.sub(lambda m: _NEGATOR_SLIPS[m.group(0).lower()], window)


# Supposing, pretending or defaulting: the value is a hypothesis, not what the customer states.
# Read before the value in its sentence and after it in its clause ("go with savings by default if I forget").
_CONDITIONAL = re.compile(
    # "check if I have events", "see if they have 7 pm" ask whether, they set no condition
    r"\b(?:(?<!check\s)(?<!see\s)(?<!know\s)(?<!wonder\s)(?<!wondering\s)(?<!ask\s)(?<!out\s)(?<!confirm\s)"
    r"(?<!sure\s)(?<!curious\s)(?<!tell\sme\s)"
    r"if\s+(?:i|you|we|it|that|there|they|he|she|not|no|nothing|none|the|my|our|your|his|her|their|this|so|"
    r"(?-i:[A-Z][\w'-]*\s+(?:[A-Z][\w'-]*\s+)*(?:had|were|was|did|could|would|is|has|have)))\b|"  # "If Alaska had"
    r"unless|assume|assuming|by\s+default|"

    r"otherwise|in\s+case|suppose(?!d|\s+to\b)|supposing|what\s+if|default(?:s|ing)?\s+to|as\s+(?:the\s+|a\s+)?default|"
    r"pretend\w*|imagine|hypothetical\w*|as\s+though)",
    re.IGNORECASE,
)
# A capitalised "If" inside a sentence, before a capitalised word, opens a title: "play If We Have Each Other".
_TITLE_IF = re.compile(r"(?<=[a-z,] )If(?= [A-Z])")
# An instruction to record a value is not a statement of it: "mark the account as savings",
# "marca la cuenta como savings", "note le compte comme savings".
_INSTRUCTED = re.compile(
    r"\b(?:(?:mark|report|record|fill|log|enter|list|flag|register|save|store|treat|count|note)(?:ed|s|ing)?|"
    r"set|sets|setting|put|puts|"
    r"marca|marcar|marque|pon|poner|ponga|registra|registrar|anota|anotar|guarda|"
    r"marquer|marquez|mets|mettre|mettez|noter|notez|enregistre|enregistrer|inscris)\b[^.!?;]*?"
    r"(?<!well\s)(?<!such\s)\b(?:as|como|comme)\s+(?:(?:an?|the|el|la|los|las|un|una|le|les|une|des)\s+)?[\"'“‘]?\s*$",
    re.IGNORECASE)
# An order to write a value down, opening its clause, is not a statement of it: "just say savings",
# "put down savings"; "I'd say savings" and "let's say savings" are the customer choosing.
_WRITE_DOWN = re.compile(
    r"^\W*(?:(?:just|please|simply|then|so)\W+)*(?:say|put\s+down|write(?:\s+down)?|jot\s+down|type|"
    r"enter|fill\s+in|tick|check\s+off)\s+(?:(?:it'?s|it\s+is|that)\s+)?(?:(?:the|a|an)\s+)?$", re.IGNORECASE)
# Leaving the choice to the agent is not stating a value: "whatever you think is best, pick the card if you
# like", "feel free to take savings", "the card if you want", or a clause of its own after it: "savings, your call".
_LEFT_TO_AGENT = re.compile(r"\b(?:whatever|whichever)\b[^.!?;]*\byou\s+(?:think|prefer|like|want|choose|pick)\b",
                            re.IGNORECASE)
_PERMISSION_PHRASE = (r"(?:whichever|if\s+you\s+(?:like|want|wish|prefer|think|choose|feel\s+like)|feel\s+free|"
                      r"you\s+(?:decide|choose|pick)|up\s+to\s+you|your\s+(?:call|choice|pick|decision)|"
                      r"(?:you|u)\s+(?:can|may|could)\s+(?:decide|choose)|surprise\s+me|either\s+(?:one|is|will|works|way))")
_PERMISSION = re.compile(rf"\b{_PERMISSION_PHRASE}\b", re.IGNORECASE)
# A clause that is only a permission: "your call", "and it's up to you", "whichever works".
_BARE_PERMISSION = re.compile(
    rf"^\W*(?:(?:and|so|but|or|well|honestly|really|just)\W+)*(?:(?:it'?s|it\s+is|that'?s|that\s+is)\s+)?"
    rf"(?:{_PERMISSION_PHRASE}|you\s+tell\s+me)\b", re.IGNORECASE)  # "3 days, but you tell me how many"
_WINDOW_WORDS = 6
# Negative words that say yes: "I don't mind a shared ride", "no problem with savings".
_CONSENT = re.compile(
    r"\b(?:(?:do|does|did|would|will|wo|could)\s*(?:not|n't)\s+mind|don't\s+mind|dont\s+mind|wouldn't\s+mind|"
    r"(?:do|does)\s*(?:not|n't)\s+care|don't\s+care|no\s+problems?|not\s+a\s+problem|no\s+issues?|not\s+an\s+issue|"
    r"(?:doesn't|does\s+not)\s+matter|not\s+opposed|no\s+objection|why\s+not)\b",
    re.IGNORECASE)


# The mention as the subject of a negated verb: "4:30 doesn't work", "Friday is not good", "savings won't do",
# "the 5th is no good". Not a negation that consents: "4:30 is not a problem", "Friday wouldn't bother me".
_NEGATED_PREDICATE = re.compile(
    # (quotes, a bracket or symbols may stand between: "10 am 🕙 doesn't work")
    # ("the savings one is the last thing I'd want": "one" stands in for the thing the value qualifies)
    r"[^\w.!?;,:]{0,6}(?:ones?\s+)?(?:(?:really|just|probably|definitely|actually|simply|unfortunately|sadly)\s+)?"
    r"(?:(?:is|'s|are|'re|was|were|does|do|did|will|would|can|could|should|might|may|must)\s*(?:not\b|n't\b)|"
    r"(?:ain't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|wouldn't|can't|cannot|couldn't|"
    r"shouldn't|never)\b|(?:'s|is|are|'re)\s+(?:no\s+good|a\s+no(?:-go)?|out\s+of\s+the\s+question|"
    # ("the last thing I'd want", not the last thing left to do: "the last thing I need to sort out")
    r"the\s+last\s+(?:thing|one|place|option|choice)\s+(?:i|we)(?:'d|\s+would)?\s+(?:want|need|choose|pick|take)\b"
    r"(?!\s+to\b))\b)"
    r"(?!\s*(?:be\s+)?(?:a\s+|an\s+)?(?:problem|issue|bother|mind)\b)",
    re.IGNORECASE)


def _clause_before(text: str, start: int, boundary: re.Pattern) -> str:
    head = text[:start]
    cuts = list(boundary.finditer(head))
    last = cuts[-1] if cuts else None
    return head[last.end():] if last else head


def denied(text: str, start: int, end: int | None = None) -> bool:
    """True when the mention at `start` is negated, supposed, instructed or left to the agent's choice."""
    return negated(text, start, end) or supposed(text, start)


# "but" after "any"/"every" excludes what follows ("any day but the 14th", "anyone but Marco", "every seat
# but the back row"): a "but" that ends a clause elsewhere hides the exclusion from the clause reading.
_ANY_BUT = re.compile(r"\b(?:any|every|all)(?:thing|one|body|where|time)?(?:\s+\w+)?\s+but\s+"
                      r"(?:(?:the|a|an|my|on|at|in|for)\s+){0,2}$", re.IGNORECASE)


# A comparison's standard, in the clause after "than": "something nicer than my friend's 1 bedroom in Palo Alto",
# "cheaper than the Hilton", "Paris rather than London". A quantity's bound is a cap, and only its number
# ("more than 2 bedrooms in Santa Clara" still says where).
_THAN = re.compile(r"(?<!\bmore\s)(?<!\bless\s)(?<!\bfewer\s)\bthan\b[^.!?;,:]*$|"
                   # a verb of surpassing takes the standard as its object: "It's got to beat 3", "outdo the Hilton"
                   r"\b(?:beat|beats|beating|outdo|outdoes|outdoing|surpass(?:es|ing)?|exceed(?:s|ing)?|outperform"
                   r"(?:s|ing)?)\s+(?:the\s+|my\s+|our\s+)?$", re.IGNORECASE)


def excluded(text: str, start: int) -> bool:
    """The mention at `start` follows "any ... but" ("any day but the 14th" leaves the 14th out) or "than" in its
    clause: it is what the wanted one is measured against, not the wanted one."""
    return (_ANY_BUT.search(text, max(0, start - 60), start) is not None
            or _THAN.search(text, max(0, start - 60), start) is not None)


def negated(text: str, start: int, end: int | None = None) -> bool:
    """True when a negation stands in the mention's clause just before it ("not savings"), or, given where
    the mention ends, when the mention is the subject of a negated verb ("4:30 doesn't work for me")."""
    if excluded(text, start):
        return True
    clause = _CONSENT.sub(" ", _clause_before(text, start, _CLAUSE_END))
    window = " ".join(_negators_as_meant(clause).split()[-_WINDOW_WORDS:])
    if _NEGATION.search(window):
        return True
    return end is not None and negated_after(text, end)


def negated_after(text: str, end: int) -> bool:
    """True when the mention ending at `end` is the subject of a negated verb ("4:30 doesn't work for me") or is
    marked off by a sign of refusal right after it or after the lower-case noun it counts or qualifies ("Friday ❌
    Saturday ❌", "Palmer House 👎🏻 too pricey", "3 riders ❌")."""
    if _NEGATED_PREDICATE.match(text, end) or _refusal_mark(text[end:end + 4].lstrip()):
        return True
    noun = _LOWER_WORD_AFTER.match(text, end)
    return noun is not None and _refusal_mark(text[noun.end():noun.end() + 4].lstrip())


_LOWER_WORD_AFTER = re.compile(r"\s+(?-i:[a-z]+)")


# Signs that refuse what they stand after, by their Unicode names: cross marks and ballot x's, a thumbs down, a
# no-entry sign ("✅" and "👍" after a value keep it, as a plain value does).
_REFUSAL_MARK_NAMES = ("CROSS MARK", "BALLOT X", "MULTIPLICATION X", "THUMBS DOWN", "NO ENTRY")


def _refusal_mark(after: str) -> bool:
    return bool(after) and any(name in unicodedata.name(after[0], "") for name in _REFUSAL_MARK_NAMES)


# A value given as an example is not the value: "a group, e.g. 4 people" ("something such as Cardinal vs Wildcats"
# is how many SGD customers name the event they want).
_EXAMPLE = re.compile(r"\b(?:e\.\s?g|for\s+example|for\s+instance|as\s+an\s+example)\W*$", re.IGNORECASE)
# A value something is compared with is not the value: "bigger than a Compact", "more than 4 people".
_COMPARED = re.compile(r"\b(?:\w+er|more|less|fewer|other|else|different)\s+than\s+(?:(?:a|an|the|my|that)\s+)?$",
                       re.IGNORECASE)


@line_cache  # a dozen patterns over the mention's sentence, asked again of the same mention every turn
def supposed(text: str, start: int, instructions: bool = True) -> bool:
    """True when the mention is supposed, instructed or left to the agent: a condition before it in its
    sentence or after it in its clause ("savings by default if I forget"), a permission in its clause
    or in a clause of its own later in the sentence ("savings, your call"), an example or a comparison.
    With `instructions` off, an order to write the value down ("mark the location as SFO") is read as
    stating it, as SGD customers often do; the offline tier reads it as an instruction, never a statement."""
    before = _clause_before(text, start, _SENTENCE_END)
    if (instructions and _INSTRUCTED.search(before)) or _LEFT_TO_AGENT.search(before):
        return True
    if _EXAMPLE.search(text[:start]) or _COMPARED.search(_clause_before(text, start, _CLAUSE_END)):
        return True
    if instructions and _WRITE_DOWN.match(_clause_before(text, start, _CLAUSE_END)):
        return True
    own_clause = _clause_before(text, start, _CLAUSE_END) + _rest(text, start, _AFTER_CLAUSE_END)
    if _PERMISSION.search(own_clause):
        return True
    later = _rest(text, start, _SENTENCE_END)
    if any(_BARE_PERMISSION.match(part) for part in _AFTER_CLAUSE_END.split(later)[1:]):
        return True
    if _FREE_CHOICE_OPENS.search(before) and _CHOOSING_AFTER.match(later):
        return True  # "whatever most people in the Bay Area pick": someone else's choice, whoever makes it
    if _OPENING_CONDITION.match(before):
        return True  # "Provided insurance approves the referral, the 12th could work"
    if _INVERTED_IF.match(before + later) and not text[start + len(later):].lstrip().startswith("?"):
        return True  # "Should he approve it by Thursday, the 21st would work": an "if" said by word order
    after_own = [part for part in _CLAUSE_END.split(POLITE_IF.sub(" ", later))[1:]
                 if not _ONLY_APPROVAL.fullmatch(part)]
    if any(CONDITION_CLAUSE.match(part) for part in after_own[:1]):
        return True  # the clause right after the value's own: "March 16th, if your office is open"
    if _conditions_before(text, start):
        return True  # "Yes, March 6th works. Well, if my landlord lets me off that day, which he probably won't."
    # After the value a condition binds only its own clause: "for two, and it's fine if it's shared".
    return bool(_CONDITIONAL.search(_TITLE_IF.sub("  ", POLITE_IF.sub(" ", before + _rest(text, start,
                                                                                      _AFTER_CLAUSE_END)))))


# A value inside a free relative whose verb chooses, after the value in its clause: "fill any gaps with whatever
# most people in the Bay Area pick" leaves the choice to them ("whatever is in the Bay Area" restricts, it chooses
# nothing for anyone).
_FREE_CHOICE_OPENS = re.compile(r"\b(?:whatever|whichever)\b[^.!?;,]*$", re.IGNORECASE)
_CHOOSING_AFTER = re.compile(r"[^.!?;,]*?\b(?:picks?|chooses?|prefers?|likes?|wants?|thinks?|recommends?|suggests?|"
                             r"go(?:es)?\s+(?:for|with))\b", re.IGNORECASE)


# A condition opening the sentence with another subordinator than "if", closed by a comma: "Provided insurance
# approves it, ...", "As long as it's cheap, ..." (after a value these bind too loosely to read: "Shared rides are
# okay as long as they have good service").
_OPENING_CONDITION = re.compile(r"^\W*(?:(?:but|and|so|well|ok(?:ay)?)\W+)?(?!only\s+if|unless)"
                                rf"{CONDITIONAL_CONJUNCTION}\s[^,]*,", re.IGNORECASE)
# A condition said by word order, opening the sentence and closed by a comma: "Should he approve my application,
# ...", "Were it cheaper, ...", "Had they called, ..." (a question, "Should I book 7 pm?", sets none).
_INVERTED_IF = re.compile(r"^\W*(?:should|were|had)\s+(?:i|you|we|it|he|she|they|there|(?:the|my|our|your|his|her|"
                          r"their|this|that)\s+\w+|(?-i:[A-Z])\w+)\s+[^,?]*,", re.IGNORECASE)


# A sentence that is only a condition, with no clause of its own to bind, binds the sentence before it: "Ride for 2,
# shared. Only if it's a lot cheaper though, what are the prices?", "March 6th works. Well, if my landlord lets me
# off, which he won't." "Only if", "unless" and "as long as" always restrict; a plain "if" does where a relative
# clause or an aside follows its comma, not a main clause ("7 pm. If that's full, 8 pm" gives a fallback, and "If
# United flies it I'd like them" a main clause with no comma).
_CONDITION_ALONE = re.compile(
    r"^\s*(?:(?:well|but|and|though|ok(?:ay)?|hmm+|um+|uh|ugh|oh)\W+)*"
    rf"(?:{CONDITIONAL_CONJUNCTION}\b|"
    r"if\b(?!\s+not\b)(?=[^,]*,\s*(?:which|who|though|although|and\s+(?:he|she|they|it|that)|ugh|hmm|haha|lol)\b))",
    re.IGNORECASE)


# A run of sentence ends, as a trailing-off "..." is one.
_SENTENCE_ENDS = re.compile(r"[.!?;\u2026]+")
# A word of approval alone as a clause after a comma: "perfect", "great", "fine" (a value is no approval: "pooled").
_APPROVAL = r"(?:perfect|great|fine|good|ok|okay|sure|cool|nice|lovely|excellent|awesome|alright|wonderful|brilliant)"
_LONE_WORD_CLAUSE = re.compile(rf",\s*{_APPROVAL}\s*(?=,|$)", re.IGNORECASE)
_ONLY_APPROVAL = re.compile(rf"\s*{_APPROVAL}\s*", re.IGNORECASE)


def _conditions_before(text: str, start: int) -> bool:
    """The sentence right after the mention's is a condition alone (`_CONDITION_ALONE`), politeness aside, and the
    mention stands in the last clause of its sentence: the condition binds what was said right before it ("for 2,
    shared. Only if it's cheaper" puts the sharing on a condition, not the 2)."""
    end = _SENTENCE_ENDS.search(text, start)
    # (a word of approval alone between commas adds no clause: "App balance, perfect... unless it's under 45")
    if end is None or re.search(r"[,:\u2014\u2013]", _LONE_WORD_CLAUSE.sub("", text[start:end.start()])):
        return False
    following = text[end.end():]
    stop = _SENTENCE_END.search(following)
    following = following[:stop.start() if stop else len(following)]
    return bool(following.strip()) and bool(_CONDITION_ALONE.match(POLITE_IF.sub(" ", following)))


def _rest(text: str, start: int, boundary: re.Pattern) -> str:
    end = boundary.search(text, start)
    return text[start:end.start() if end else len(text)]


# A day or time given as a bound, not as the one asked for: "be there before the 20th", "it needs to end by 10 pm",
# "my lease runs out on the 30th" ("until the 20th" is how a stay's last day is said, and "pick it up by the 1st"
# how a pickup is, so neither is one).
# (and a day counted from: "two days after March 5th", "the day after the 4th" name another day than it)
_BOUND = re.compile(r"\b(?:before|(?:end|ends|ending|out|done|finished|over|lands?|landing|arrives?|arriving)\s+by|"
                    r"(?:days?|weeks?|nights?|hours?|minutes?)\s+after|"
                    r"no\s+later\s+than|not\s+later\s+than|prior\s+to|ahead\s+of|"
                    r"(?:runs?|running|ran)\s+out\s+(?:on|at)|(?:ends?|ending|expires?|expiring)\s+(?:on|at))"
                    r"\s+(?:the\s+)?$", re.IGNORECASE)


# A number given as a cap, not as the count asked for: "is there a maximum of 7 days?", "no more than 4". ("at
# least 2 bedrooms" is how SGD customers ask for 2, so it is no cap.)
_CAP = re.compile(r"\b(?:(?:a|the)\s+)?(?:maximum|max|limit|cap)\s+(?:of\s+)?$|\b(?:at\s+most|no\s+more\s+than|"
                  r"not\s+more\s+than)\s+$", re.IGNORECASE)


# A share of a number, or an amount given as a ceiling: "half of 400", "twice $50", "10% of $900"; "up to $300",
# "under $300" ("up to the 13th" is how SGD customers give a rental's last day, so only an amount is capped so).
_SHARE = re.compile(r"\b(?:half|a\s+third|a\s+quarter|a\s+fraction|twice|double|triple|\d+\s*%|\d+\s+percent)\s+"
                    r"(?:of\s+)?(?:the\s+)?$", re.IGNORECASE)
_AMOUNT_CAP = re.compile(r"\b(?:up\s+to|under|below|less\s+than|within|tops)\s+$", re.IGNORECASE)


# A negator right after a word: the word opens a refusal ("Definitely not Hello"), and is none of its values.
BEFORE_NEGATOR = re.compile(r"\s+(?-i:not|never)\b")
# A name given as what the wanted one is like, not as the one wanted: "Something like Inception", "a film similar to
# Heat", "anything along the lines of Frozen" ("I'd like Inception" asks for it: "like" follows no thing there) ...
_LIKENED = re.compile(r"\b(?:something|anything|one|ones|stuff|a\s+\w+|an\s+\w+|some\s+\w+)\s+"
                      r"(?:more\s+|a\s+bit\s+|kind\s+of\s+)?"
                      r"(?:like|similar\s+to|along\s+the\s+lines\s+of|in\s+the\s+style\s+of)\s+$", re.IGNORECASE)


# ... and set apart from it: "but less confusing", "but shorter", "but not a comedy". (SGD customers ask for a thing by
# "Something like Carmina Burana": said alone, the likeness names it.)
_UNLIKE_AFTER = re.compile(r"\W{0,3}\s*but\s+(?:(?:a\s+(?:bit|little)\s+)?(?:less|more|not|without|fewer)\b|"
                           r"(?:a\s+(?:bit|little)\s+)?[a-z]+er\b)", re.IGNORECASE)


def likened(text: str, start: int, end: int) -> bool:
    """True when the name at text[start:end] says what the wanted one is like and sets it apart from it ("Something
    like Inception but less confusing")."""
    return (_LIKENED.search(text, max(0, start - 40), start) is not None
            and _UNLIKE_AFTER.match(text, end) is not None)


def capped(text: str, start: int) -> bool:
    """True when the number at `start` is given as a cap ("a maximum of 7 days", "up to $300") or a share of another
    ("half of 400"), not as the value itself."""
    before = max(0, start - 30)
    an_amount = text[start:start + 1] in ("$", "£", "€")
    return bool(_CAP.search(text, before, start) or _SHARE.search(text, before, start)
                or (an_amount and _AMOUNT_CAP.search(text, before, start)))


# A day some time away from the one at `start`, which only anchors it: "three days before my sister's wedding on the
# 20th", "the day after the game on Friday", "a week ahead of my exam on the 9th" (the wanted day is worked out).
# ("the day after tomorrow at 10:45" names a day, whose hour it is)
_OFFSET_FROM = re.compile(r"\b(?:days?|nights?|weeks?|months?|hours?|minutes?)\s+(?:before|after|prior\s+to|ahead\s+of|"
                          r"from)\s+(?!(?:tomorrow|today|tonight|yesterday|now)\b)[^.!?;,]{0,50}?\b(?:on|of|at)\s+"
                          r"(?:the\s+)?$", re.IGNORECASE)
# A stretch around a day, not the day: "sometime the week of the 10th", "the weekend of March 3rd".
_STRETCH_OF = re.compile(r"\b(?:week|weekend|month|fortnight)\s+of\s+(?:the\s+)?$", re.IGNORECASE)


# A time told in another place's clock, which the agent has to convert: "6 pm New York time", "9 am London time",
# "2 pm EST", "10 am Pacific" ("local time", "my time" and "military time" are the customer's own clock).
_ANOTHER_ZONE = re.compile(r"\s*(?:(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?\s+time\b|"
                           r"(?-i:(?:[A-Z][SD]T|GMT|UTC|CET|CEST|BST|IST|JST|AEST|AEDT))(?:\s*[+-]\s*\d{1,2})?\b|"
                           # (a zone's word ends its clause or takes "time": "6 pm Central Park" is a place)
                           r"(?:eastern|central|mountain|pacific|atlantic|alaska|hawaii)(?:\s+(?:standard|daylight))?"
                           r"(?:\s+time\b|(?=\s*(?:[.!?,;)]|$))))", re.IGNORECASE)


def in_another_zone(text: str, end: int) -> bool:
    """True when the time ending at `end` is told in another place's clock ("6 pm New York time")."""
    return _ANOTHER_ZONE.match(text, end) is not None


def bound_before(text: str, start: int) -> bool:
    """True when a day or time at `start` is given as a bound ("before the 20th"), an anchor another day is counted
    from ("three days before my wedding on the 20th") or the middle of a stretch ("the week of the 10th"), not as
    the value itself."""
    return bool(_BOUND.search(text, 0, start) or _OFFSET_FROM.search(text, max(0, start - 90), start)
                or _STRETCH_OF.search(text, max(0, start - 30), start))
