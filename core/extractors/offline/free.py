"""Free-text values (a cuisine, a genre): the customer's own words, without the sentence around them.

"I really like Adventure movies" answers "What genre?" with "Adventure": the opening says the
customer likes or wants something (English verbs of preference), the closing noun is what the fact
is about (a word of the fact's own name or description: "movies" for "Genre of the movie", "food" for
"Cuisine of food served").
"""

from __future__ import annotations

import re
import unicodedata

from core.deferral import does_not_know, undecided_about
from core.extractors.offline.names import NOT_NAMES
from core.extractors.offline.plain import echoed
from core.extractors.offline.profile import FactProfile, stem
from core.extractors.offline.values import DATE, TIME
from core.text import ABBREVIATED

# A time word and a comma opening a reply, no part of the value after it: "Tonight, Sci-fi".
TIME_WORD_OPENING = r"(?:for\s+)?(?:today|tonight|tomorrow|now|right\s+now|this\s+time)\s*,\s*"
# What opens an answer without being part of it: "I really like", "I'd love some", "How about", "Do you have".
_OPENING = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|ok|okay|sure|well|so|oh|um|uh|hmm|please|just|maybe|perhaps|probably|actually|"
    rf"honestly)\b[,\s]*|{TIME_WORD_OPENING})*"
    r"(?:(?:i|we)(?:'d|'m|\s+would|\s+am|\s+really|\s+do|\s+usually|\s+always|\s+mostly|\s+generally)*\s+"
    r"(?:like|love|enjoy|prefer|fancy|want|need|feel\s+like|am\s+in\s+the\s+mood\s+for|in\s+the\s+mood\s+for|"
    r"looking\s+for|searching\s+for|thinking|going\s+with|go\s+with|interested\s+in|into)(?:\s+to\s+(?:find|see|"
    r"watch|have|eat|get|try|hear|play|listen\s+to))?|how\s+about|what\s+about|do\s+you\s+have|"
    r"let'?s\s+(?:do|go\s+with|try)|(?:play|cast|stream|put\s+on|rent|watch|reserve)(?:\s+(?:me|us))?|"
    r"(?:it'?s|it\s+is|that'?s|that\s+is|make\s+it|go\s+with|try))?\b[,\s]*"
    # (capitalised, "One More Light" opens a title)
    r"(?:(?:some|any|a|an|the|kind\s+of|sort\s+of|type\s+of|(?-i:more|anything|something|somewhere|one|ones))"
    r"\b\s*)*",
    re.IGNORECASE)
# What closes an answer without being part of it: "... is great", "... please", "... would be nice", "... should
# be great".
_CLOSING = re.compile(
    r"(?:\s+(?-i:is|are|would|will|should|could|might|may|sounds?|seems?|works?)\b.*|"
    # (an acknowledgement or a "but" after the name closes it: "Hello, yes, but not in the bedroom")
    r"[,;]\s*(?:yes|yeah|yep|sure|ok|okay|but)\b.*|[,\s]+(?:please|thanks|thank\s+you|if\s+possible|"
    # (a full stop ending a form of address is inside the name: "Dr. Carol Somersille", "St. Louis")
    r"for\s+me|for\s+us|today|tonight|(?:right\s+)?now)\b.*|"
    r"(?:(?<!\bdr)(?<!\bmr)(?<!\bmrs)(?<!\bms)(?<!\bmx)(?<!\bprof)(?<!\bst)(?<!\bmt)(?<!\bft)(?<!\bjr)(?<!\bsr)"
    # (nor is one ending a middle initial: "Dr. Robert E. Durr")
    r"(?<!\b(?-i:[A-Z]))\.|(?<=\b(?-i:[A-Z]))\.(?!\s+(?-i:[A-Z][a-z]))|[!?;]).*)$", re.IGNORECASE | re.DOTALL)
# Nouns that only say what kind of thing the answer is: "Italian style", "that kind".
_KIND_NOUNS = frozenset({"kind", "kinds", "type", "types", "sort", "sorts", "style", "stuff", "one", "ones", "thing",
                         "things", "category", "genre", "genres", "option", "options",
                         "place", "places", "spot", "spots", "joint", "joints"})  # "an Italian place"
_MOST_WORDS = 3
_KIND_OF = re.compile(r"^(\S+(?:\s+\S+)?)\s+(?:kind|sort|type|style)\s+of\b", re.IGNORECASE)


def _about_fact(word: str, fact: FactProfile) -> bool:
    low = word.lower().strip(".,!?")
    return low in _KIND_NOUNS or stem(low) in fact.cues


def free_answer(fact: FactProfile, text: str, task: frozenset[str] = frozenset()) -> str | None:
    """The value in an answer to the agent's question about this fact, as the customer wrote it."""
    if _ANYTHING_BUT.match(text):
        return None  # "anything but horror": what is not wanted, no choice
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
    if all(w.lower().strip(".,!?") in NOT_NAMES or _about_fact(w, fact) or w.lower() in EVALUATIONS
           for w in words):
        return None  # "Anything", "the one", "movies", "new": nothing of its own
    start = text.find(words[0])
    end = text.find(words[-1], start) + len(words[-1])
    value = text[start:end].strip(".,!?;:") if start >= 0 else None
    if value and (undecided_about(value) or does_not_know(value)):
        return None  # "I'm still deciding", "Not sure yet": saying there is no answer yet is none
    if value and _NEGATION.search(value):
        return None  # "Not answering that", "Still not answering": a negated answer chooses nothing
    if value and _CIRCUMSTANCE.match(value):
        return None  # "On my salary?", "With my budget": a preposition and a possessive tell a circumstance, no kind
    return value


_CIRCUMSTANCE = re.compile(r"(?:on|with|at|for|in|from|given|after)\s+(?:my|our|your|his|her|their)\b", re.IGNORECASE)


_ANYTHING_BUT = re.compile(r"^\W*(?:any|every|all)(?:thing|one|where|body)?\s+(?:\w+\s+)?(?:but|except)\b",
                           re.IGNORECASE)


# One word right before the fact's own noun: "Usually I really like watching Fantasy movies", "I love comic
# movies with my partner". Not a determiner, a quantifier or an evaluation ("good movies" names no genre).
# (the noun in a lookahead: each word is tried as a noun, not every other one: "look for drama movies")
_WORD_BEFORE_NOUN = re.compile(r"\b([A-Za-z]+(?:-[A-Za-z]+)?)\s+(?=([a-z]+)\b)")
EVALUATIONS = frozenset({"new", "old", "nice", "fun", "interesting", "popular", "recent", "latest", "favorite",
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
                and low not in EVALUATIONS and not _about_fact(low, fact) and len(low) > 2):
            found = word
    return found


_TITLE_WORDS = 8
# One like a thing, not the thing: "Something like Inception", "anything similar to Frozen", "a film like Heat".
_LIKENESS = re.compile(r"^\W*(?:something|anything|one|ones|a\s+\w+|an\s+\w+)\s+(?:like|similar\s+to|along\s+the\s+"
                       r"lines\s+of)\b", re.IGNORECASE)
_UNLIKE = re.compile(r"\bbut\s+(?:less|more|not|without|fewer|[a-z]+er)\b", re.IGNORECASE)
# A question that puts a name forward: "Can you play Inception?", "Could you find Frozen for me?".
_PROPOSING = re.compile(r"^\W*(?:(?:can|could|would|will)\s+(?:you|i|we)|may\s+i|is\s+there|are\s+there)\b",
                        re.IGNORECASE)
# A colon followed by a word in lower case: what stands before it labels a sentence ("Star Wars: The Last Jedi" has
# a capital after it).
_LABELLED = re.compile(r":\s+(?-i:[a-z])")
_COUNTED = re.compile(r"\d+\s+(?-i:[a-z]{3,})\b")
_NAMED = re.compile(r"\b(?:called|named|titled)(?:\s+as)?\s+(?=[A-Z0-9])")


# A reply that opens by asking the agent to do something for the customer, its pronoun in lower case as in a
# sentence: "Show me a few others first", "Give us a minute" (a title writes its words with capitals: "Show Me Love").
ASKS_AGENT = re.compile(r"^\W*(?:please\s+)?[A-Za-z]+\s+(?-i:me|us)\b")


def title_answer(text: str) -> str | None:
    """A name answering "which film?", "what is the event called?": the reply without its opening and
    closing ("I'd like India Vs Australia please" -> "India Vs Australia"); a capital or digit opens it."""
    opened = _OPENING.sub("", text.strip(), count=1)
    rest = _CLOSING.sub("", opened).strip().strip(",")
    if _LIKENESS.match(rest) and _UNLIKE.search(rest):
        return None  # "Something like Inception but less confusing": one like it, not it
    if (text.rstrip().endswith("?") and opened.strip() == text.strip() and not _PROPOSING.match(text)
            and len(rest.split()) > 1 and any(w[:1].islower() for w in rest.split())):
        return None  # a question of its own ("Is Inception any good?", "Inception was great, anything similar?")
    named = _NAMED.search(rest)
    if named:
        rest = rest[named.end():]  # "The song is called In Your Eyes": the name follows the naming verb
    opens_reply = not named and opened.strip() == text.strip()
    rest = _before_when(_COMMENT_CLAUSE.sub("", _title_part(rest)), opens_reply)
    words = rest.split()
    if not words or len(words) > _TITLE_WORDS or "?" in rest:
        return None
    if not any((w[:1].isupper() or w[:1].isdigit()) and w.lower().strip(".,!?") not in NOT_NAMES for w in words):
        return None  # "I haven't settled on one yet": no name in it
    if not (words[0][:1].isupper() or words[0][:1].isdigit()):
        return None  # "to stay at The Parc Hotel": the opening was not all stripped
    if ASKS_AGENT.match(rest) or _LABELLED.search(rest):
        return None  # (a label and a sentence after it: "Eval harness note: grading rewards stopping now")
    if _COUNTED.match(rest):
        return None  # "4 tickets for Barbie in San Jose": a number counting a lower-case noun opens a request
        # (a title's words are capitalised: "12 Angry Men")
    if _NEGATION.search(rest) or speaks_of_self(rest):
        return None
    start = text.find(words[0])
    if start < 0:
        return None
    value = text[start:start + len(rest)].strip(".,!?;:")
    # a name asked back is weighed, not given: "Pine Hollow? Never again."
    return None if echoed(text, start, start + len(value)) else value


# The speaker as the subject of a verb in speech ("I'm blanking", "Also I'll want English subtitles", "me, I'm
# still browsing"), or a progressive whose subject is left out ("Still scrolling, one sec"): the reply tells what
# the customer does or will do, it names nothing. A title holding such words has them capitalised as a title
# does ("I Will Always Love You", "Still Standing").
_SELF_AS_SUBJECT = re.compile(r"(?-i:\bI|\bwe|\bWe)(?:'m|'ll|'ve|'d|\s+am|\s+will|\s+was|\s+have|\s+had|\s+do|"
                              r"\s+don't|\s+can't)?\s+(?-i:[a-z])|^\W*(?:still|just|currently|now)\s+(?-i:[a-z]+ing)\b|"
                              # or alone, in lower case: "thinking.", "checking..." ("Thinking Out Loud" is a title)
                              r"^\W*(?-i:[a-z]+ing)\W*$",
                              re.IGNORECASE)


# A verb of opinion put after what it is about, as a comment ("Frozen, I think"): the name stands before it.
_COMMENT_CLAUSE = re.compile(r"[,\s]+(?:i|we)\s+(?:think|guess|believe|suppose|reckon|hope|mean)\W*$", re.IGNORECASE)


def speaks_of_self(reply: str) -> bool:
    """The reply is a clause about the speaker, not a name (see _SELF_AS_SUBJECT)."""
    return _SELF_AS_SUBJECT.search(_COMMENT_CLAUSE.sub("", reply)) is not None


# Where a name stops in a reply: at a pictograph ("Palmer House 👎 too pricey": a title holds words, not a thumbs
# down) or at an interjection after a comma ("Oak Terrace, hmm, that's where my ex lives"): what follows is the
# customer's comment on the name, not part of it.
_INTERJECTION_AFTER = re.compile(r",\s*(?:hmm+|um+|uh+|er+|ah+|oh+|wow|meh|ugh|eh|ha(?:ha)*|lol)\b", re.IGNORECASE)


# A lower-case preposition before a day or an hour after the name: "Sushi Zen at 7 pm", "Hamilton on Friday",
# "Sushi Zen tomorrow" say when, not what (a title writes its own prepositions with capitals: "Dinner At Eight").
_WHEN_AFTER = re.compile(r"\s+(?-i:(?:at|on|by|around|for|from|until|before|after|this|next)\s+)?(?=\S)")


def _before_when(rest: str, opens_reply: bool) -> str:
    """The name without a day or an hour said after it (`opens_reply`: nothing stood before `rest` in the reply)."""
    for gap in _WHEN_AFTER.finditer(rest):
        if gap.start() == 0:
            continue
        when = DATE.match(rest, gap.end()) or TIME.match(rest, gap.end())
        name = rest[:gap.start()]
        if when and (gap.group(0).strip() or rest[gap.end()].islower() or rest[gap.end()].isdigit()):
            # (a capitalised day with no preposition may be the title's: "Manic Monday"; and one word opening
            # the reply may be its verb or its subject: "Leaving on March 10th", "Date's the 14th")
            words = name.split()
            if any(w[:1].islower() and w not in _NAME_JOINERS for w in words[1:]):
                return rest  # (a name holds no lower-case word but its joiners: "SF and back on the 12th")
            return name if len(words) > 1 or not opens_reply else rest
    return rest


_NAME_JOINERS = frozenset({"of", "the", "and", "a", "an", "in", "on", "at", "to", "for", "with", "de", "la", "du",
                           "von", "van", "y", "&"})


# A comma and a lower-case preposition after the name add to the request ("Parasite, with English subtitles",
# "Sushi Zen, at 7 pm"); a title writes its prepositions with capitals after a comma ("Hello, In There").
_PHRASE_AFTER = re.compile(r",\s*(?-i:with|without|at|on|in|for|from|by|near|around)\b")


def _title_part(rest: str) -> str:
    """The reply up to where the name in it stops (the whole of it where nothing stops it)."""
    cut = next((i for i, ch in enumerate(rest) if unicodedata.category(ch) == "So"), len(rest))
    interjection = _INTERJECTION_AFTER.search(rest, 0, cut) or _PHRASE_AFTER.search(rest, 0, cut)
    return rest[:interjection.start() if interjection else cut].strip()


_NEGATION = re.compile(r"\b(?:not|no|never|haven't|hasn't|don't|doesn't|didn't|isn't|aren't|won't|can't|cannot|"
                       r"except|other\s+than|any(?:thing|one|where)?\s+(?:\w+\s+)?but)\b|"
                       r"n't\b", re.IGNORECASE)


# A sentence asking for something: "Find me a War movie", "I'm looking for Italian food", "Can you search for
# comic movies?". A sentence only saying what the customer usually likes is no request for this task.
_REQUEST = re.compile(
    r"\b(?:find|search|look(?:ing)?\s+for|looking|want|wanna|need|(?:would|'d)\s+(?:like|love|prefer)|"
    r"can\s+you|could\s+you|will\s+you|would\s+you|help\s+me|show\s+me|get\s+me|recommend|suggest|"
    r"in\s+the\s+mood\s+for|craving|fancy)\b", re.IGNORECASE)
_SENTENCE = re.compile(rf"(?:{ABBREVIATED}|[^.!?;])+")
# English determiners and quantifiers: "some movies", "several films" say how many, not what kind.
_DETERMINERS = frozenset({"some", "any", "many", "few", "several", "more", "most", "other", "such", "what", "which",
                          "whose", "every", "each", "all", "both", "either", "neither", "enough", "much", "lots",
                          "own", "same", "certain", "various", "these", "those"})
# Adjectives of exactness say which one is meant, never what kind: "the exact director", "the actual day".
EXACTNESS = frozenset({"exact", "actual", "right", "real", "final", "precise", "correct"})
# Adjectives of price and distance: "an affordable restaurant", "a nearby cinema" say nothing of what kind.
_PRICE_AND_PLACE = frozenset({"cheap", "cheaper", "cheapest", "expensive", "inexpensive", "affordable", "afforadable",
                              "pricey", "pricy", "budget", "costly", "fancy", "upscale", "nearby", "local", "close",
                              "closest", "nearest", "near", "far", "low-cost", "low-priced", "high-end", "mid-range",
                              "moderate", "reasonable", "classy", "economical", "economic", "budget-friendly",
                              "luxurious", "luxury", "posh", "swanky"})
# What a word describing the thing follows: an article, a determiner, "me", or a verb of asking or liking ("Find
# me comic movies", "I want Romantic movies"); not another word ("I really enjoy movies", "help finding movies").
_MODIFIER_AFTER = re.compile(
    r"(?:\b(?:a|an|the|some|any|more|other|few|me|us|for|of|with|good|great|nice|new|like|love|prefer|preferably|"
    r"enjoy|want|need|fancy|watch|see|find|try|have|get|eat|serve|serves|serving|into|about|and))\s*$", re.IGNORECASE)
_GERUND = re.compile(r"[a-z]+ing")  # "help with finding movies": a verb, not a kind
# A capitalised word after another inside the sentence is a person's or a thing's name: "a Hiroyasu Ishida movie".
_NAME_BEFORE = re.compile(r"(?<=[a-z,] )[A-Z][a-z]+\s+$")


def requested_kind(fact: FactProfile, text: str, others: frozenset[str] = frozenset(),
                   answer: bool = False, nouns: frozenset[str] = frozenset()) -> tuple[int, str] | None:
    """Unasked, the word right before the fact's own noun in a sentence asking for it: "Find me a War movie
    online" -> "War" for "Genre of the movie", "I want Italian food" -> "Italian" for "Cuisine of food served".
    Not a determiner, a quantifier or an evaluation ("some good movies", "a cheap restaurant" name no genre), nor
    one of `others`, other facts' words ("an inexpensive restaurant" states a price range). An `answer` to the
    agent's question about the fact needs no request: "Spicy Indian food sounds perfect". `nouns` are stems of
    what else the value may qualify: the thing the service finds ("a Thai restaurant" for "Cuisine to filter
    restaurants by" and "The type of food served" alike) and the agent's question's nouns ("What sort of food?"
    - "a restaurant that serves Thai food"), which no rewording of the fact's own words moves. (start, word)."""
    found = None
    for sentence in _SENTENCE.finditer(text):
        if not answer and not _REQUEST.search(sentence.group(0)):
            continue
        kind_of = _kind_of_noun(fact, text, sentence.start(), sentence.end(), others | _DETERMINERS, nouns)
        if kind_of is not None:
            found = kind_of  # "Some Freshwater fish kind of food", "I need Pizza kind of food"
            continue
        for match in _WORD_BEFORE_NOUN.finditer(text, sentence.start(), sentence.end()):
            word, noun = match.group(1), match.group(2)
            low = word.lower()
            if ((stem(noun) in fact.cues or stem(noun) in nouns) and noun not in _KIND_NOUNS and low not in NOT_NAMES
                    and low not in EVALUATIONS and low not in _DETERMINERS and low not in _PRICE_AND_PLACE
                    and low not in EXACTNESS
                    and low not in others and not _about_fact(low, fact) and not _GERUND.fullmatch(word)
                    and len(low) > 2 and not _NAME_BEFORE.search(text, sentence.start(), match.start(1))
                    and _MODIFIER_AFTER.search(text, sentence.start(), match.start(1))):
                found = (match.start(1), word)
    return found


# "<kind> kind of <the fact's noun>": "Some Punjabi kind of foods", "the American type of food".
_KIND_OF_NOUN = re.compile(r"\b(?:kind|type|sort|style)s?\s+of\s+(?:a\s+|an\s+)?([a-z]+)\b", re.IGNORECASE)


def _kind_of_noun(fact: FactProfile, text: str, start: int, end: int, stop: frozenset[str],
                  nouns: frozenset[str]) -> tuple[int, str] | None:
    """The words before "kind of <noun>", the noun the fact's own or the thing's: capitalised words joined by "and",
    ending in at most one lower-case word ("Freshwater fish"); none after a determiner or a word of no name."""
    for match in _KIND_OF_NOUN.finditer(text, start, end):
        noun = match.group(1).lower()
        if not (stem(noun) in fact.cues or stem(noun) in nouns):
            continue
        taken: list[re.Match] = []
        for word in reversed(list(re.finditer(r"[A-Za-z][\w'&-]*", text[start:match.start()]))):
            low = word.group(0).lower()
            capital = word.group(0)[:1].isupper()
            joins = low in ("and", "&") and bool(taken) and taken[-1].group(0)[:1].isupper()
            if not joins and (low in NOT_NAMES or low in stop or low in EVALUATIONS or _about_fact(low, fact)):
                break
            if capital or joins or not taken:
                taken.append(word)
                continue
            break
        while taken and taken[-1].group(0).lower() in ("and", "&"):
            taken.pop()
        if taken:
            first, last = taken[-1], taken[0]
            return start + first.start(), text[start + first.start():start + last.end()]
    return None


def asks_afresh(fact: FactProfile, text: str, others: frozenset[str] = frozenset()) -> bool:
    """The line asks for the fact's own thing again and names no kind of it: "Now find me a movie to watch
    online" starts over, so a kind said for the search before (another service's, often) is not this one's."""
    if requested_kind(fact, text, others) is not None:
        return False
    for sentence in _SENTENCE.finditer(text):
        said = re.findall(r"[a-z]+", sentence.group(0).lower())
        if _REQUEST.search(sentence.group(0)) and any(stem(w) in fact.cues and w not in _KIND_NOUNS for w in said):
            return True
    return False
