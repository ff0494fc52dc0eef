"""Names of people and places in a line: spans copied verbatim after a cue word.

"to Amir", "named Aunt Jenny", "Send it to Mr. Raghav" name people (titles and possessives
dropped); "to 406 Dewey Boulevard", "in San Jose" name places. Capitalisation, kin words and
the checklist's own words decide what can be a name.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from core.extractors.offline.values import CURRENCY_WORDS, DATE, MONEY, TIME, Span

# Words that never start a person's name even when capitalised (sentence starts, products, places).
_NOT_NAME_TEXT = """
i i'm i'd i'll im id me my mine we us our you your he him his she her they them their it its the a an this that
these those there here what who whom which when where why how yes yeah yep no nope not ok okay sure please thanks
thank hi hello hey well so and or but if then also just only actually instead now later today tomorrow tonight
can could would should will shall may might must do does did done is are was were be been have has had let lets
make made send sent give pay paid use using want need like love help find get book call check please
fine great good perfect correct right wrong that's it's what's let's someone somebody anyone everyone mr mrs ms
monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
september october november december am pm one two three four five six seven eight nine ten all both either
in at on near around by of from to for with into
theirs hers his yours ours mine someone else whoever better best more less any anyone anybody
whichever another other others someones somebodys
know see go do hear listen play find move put take buy keep start try ask tell look wire deposit withdraw
shoot schedule reserve visit confirm cancel change add split receive say speak talk order rent watch eat
stop quit skip ignore forget proceed continue hurry wait enough fill report record submit finish complete
assume pick choose process repeat hold leave
never nobody none nothing whatever anything everything nevermind somewhere someplace anywhere
i've we're we've you're you've they're they've he's she's isn't aren't don't doesn't can't won't oh ah wow
there's here's it's that's what's
alright awesome excellent wonderful certainly absolutely unfortunately sorry congratulations congrats
already anyway anyways anyhow regardless meanwhile otherwise honestly basically literally asap
idk dunno idc search browse guess lol btw fyi tbh imo pls plz thx
"""
# What a form's blank holds until it is filled: never a value.
PLACEHOLDERS = frozenset({"tbd", "tba", "tbc", "n/a", "na", "none", "pending", "unknown", "undecided", "unsure", "?",
                          "??", "???", "-", "--", "xxx", "todo", "to be decided", "to be confirmed", "to be announced"})
# Sounds of thinking aloud: a reply of one of them names nothing ("Hmm.").
INTERJECTIONS = frozenset({"hm", "hmm", "hmmm", "um", "umm", "uh", "uhh", "er", "erm", "ugh", "huh", "meh", "eh",
                           "oops", "whoa"})
# An adverb made from an adjective ("seriously", "obviously", "definitely", "supposedly") is never a name: the
# suffixes below, then "-ly" (names ending so end otherwise: Kelly, Emily, Beverly, Kimberly, Sally).
_ADVERB_FORM = re.compile(r"[a-z]{2,}(?:ous|ical|ic|ual|ate|ite|ute|ent|ant|ful|less|ive|ish|est|ing|ed|able|ible)ly")


class _Words(frozenset):
    """A word set that also holds every adverb of the form above (lower-case lookups, as NOT_NAMES is used)."""

    def __contains__(self, word: object) -> bool:
        return super().__contains__(word) or (isinstance(word, str) and _ADVERB_FORM.fullmatch(word) is not None)

    def __sub__(self, other: AbstractSet[object]) -> _Words:  # a set taken from it keeps the adverb rule
        return _Words(frozenset(self) - frozenset(other))


NOT_NAMES = _Words(frozenset(_NOT_NAME_TEXT.split()) | PLACEHOLDERS | INTERJECTIONS)
# Kin words used as a title before a name ("Aunt Jenny", as SGD writes such names); other kin words only describe
# ("my friend Raghav", "my cousin Arlo").
_KIN_TITLES = frozenset({"aunt", "auntie", "uncle", "grandma", "grandpa", "granny"})
KINSHIP = frozenset({"mom", "mum", "mother", "dad", "father", "aunt", "auntie", "uncle", "grandma", "grandpa",
                     "granny", "brother", "sister", "son", "daughter", "wife", "husband", "cousin", "friend",
                     "boss", "nephew", "niece", "grandmother", "grandfather", "parents", "kid", "child",
                     # people of the customer's company and home: "send it to my colleague" names no one
                     "colleague", "coworker", "co-worker", "partner", "spouse", "fiance", "fiancee", "girlfriend",
                     "boyfriend", "roommate", "flatmate", "housemate", "neighbor", "neighbour", "landlord",
                     "tenant", "manager", "assistant", "secretary", "teacher", "client", "buddy", "pal"})
# Kin words people also use as a name on their own ("send it to Mom").
KIN_AS_NAME = frozenset({"mom", "mum", "dad", "mother", "father", "grandma", "grandpa", "granny", "auntie"})
_TITLE = re.compile(r"^(?:mr|mrs|ms|miss|mister)\.?\s+", re.IGNORECASE)
_NAME_TOKEN = r"[A-Za-z][\w'’-]*"
# A name follows one of these cue words: "to Amir", "named Amir", "recipient is Amir", "pay Amir".
_PERSON_CUE = re.compile(
    r"\b(?:to|for|named|called|name\s+is|name's|with|from|pay|paying|send|sending|"
    r"give|reimburse|owes?|request|requesting|charge|bill|ask|asking|see|visit|it's|of|is)\s+"
    r"(?:(?:my|our)\s+(?:good\s+|best\s+|dear\s+|old\s+)?)?",
    re.IGNORECASE,
)
# Lower-case particles inside a surname ("Jo Anne van der Berg"): a name cut before them is worse than none.
_PARTICLES = frozenset({"van", "der", "den", "de", "del", "della", "da", "das", "dos", "di", "le", "la", "du", "von",
                        "ter", "ten", "bin", "binti", "al", "el", "y"})
_NAME_WORDS = 3  # capitalised words in one name, particles not counted
_INITIAL = re.compile(r"(?-i:[A-Z])\.")  # a middle initial, between a name's words
_PHRASE = re.compile(rf"(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?{_NAME_TOKEN}(?:\s+(?:{_INITIAL.pattern}(?=\s+(?-i:[A-Z]))|"
                     rf"{_NAME_TOKEN})){{0,6}}", re.IGNORECASE)


def _is_name_word(token: str, capital_needed: bool, schema_words: frozenset[str]) -> bool:
    low = token.lower().strip("'’")
    if (low in NOT_NAMES or low in KINSHIP or low in schema_words or low in CURRENCY_WORDS or len(low) < 2
            or not low[0].isalpha()):
        return False
    return not capital_needed or token[0].isupper()


# After a reply's first word these show it was a verb: "Stop asking me", "Forget it", "Hurry up", "Close the ticket".
_VERB_OPENING = re.compile(r"^\W*[A-Za-z]+\s+(?:me|us|him|them|it|you|up|off|now|already|\w+ing|(?-i:the|this|that|"
                           r"my|your|our|their))\b", re.IGNORECASE)


def opens_with_verb(reply: str) -> bool:
    """The reply opens with a verb or an order, not a name: 'Stop asking me questions'."""
    first = reply.split()[0].strip(".,!?;:").lower() if reply.split() else ""
    return first in NOT_NAMES or bool(_VERB_OPENING.match(reply))


def person_in(phrase: str, capital_needed: bool, schema_words: frozenset[str] = frozenset()) -> str | None:
    """The name at the start of a phrase: 'Aunt Jenny', 'Raghav', 'Mom'; titles dropped."""
    phrase = _TITLE.sub("", phrase.strip())
    tokens = phrase.split()
    if not tokens:
        return None
    first = tokens[0].lower().strip(".,!?;:")
    if first in KINSHIP:
        rest = tokens[1:]
        if rest and _is_name_word(rest[0].strip(".,!?;:"), True, schema_words):
            # the whole name after the relation: "my landlord Dmitri Volkov", "Aunt Jenny"
            name = person_in(" ".join(rest), True, schema_words) or rest[0].strip(".,!?;:")
            return f"{tokens[0]} {name}" if first in _KIN_TITLES else name
        return tokens[0].strip(".,!?;:") if first in KIN_AS_NAME else None
    taken = []
    if re.fullmatch(r"dr\.?", tokens[0], re.IGNORECASE) and len(tokens) > 1:
        taken.append(tokens[0])  # "Dr. Thomas Stodgel" keeps the title the customer wrote
        tokens = tokens[1:]
    words_taken = 0
    for at, token in enumerate(tokens):
        clean = token.strip(".,!?;:")
        if taken and _INITIAL.fullmatch(token) and at + 1 < len(tokens):
            taken.append(token)  # a middle initial keeps its full stop and counts no word: "Carol T. Ames"
            continue
        if taken and clean == token and clean.lower() in _PARTICLES and _particles_lead_to_name(tokens[at:],
                                                                                                schema_words):
            taken.append(clean)  # "van der" counts only when a capitalised surname follows it
            continue
        if words_taken == _NAME_WORDS or not _is_name_word(clean, capital_needed or bool(taken), schema_words):
            break
        taken.append(clean)
        words_taken += 1
        if clean != token:  # punctuation ends the name
            break
    if taken and _INITIAL.fullmatch(taken[-1]):
        taken[-1] = taken[-1][0]  # "to Bob T. Then ...": the full stop ended the sentence
    return " ".join(taken) if taken and not re.fullmatch(r"dr\.?", taken[-1], re.IGNORECASE) else None


def _particles_lead_to_name(tokens: list[str], schema_words: frozenset[str]) -> bool:
    for token in tokens:
        clean = token.strip(".,!?;:")
        if clean.lower() in _PARTICLES and clean == token:
            continue
        return _is_name_word(clean, True, schema_words)
    return False


def names_a_relative(text: str, start: int, end: int) -> bool:
    """text[start:end] is a name whose relative the words after it speak of: "Peter" of "Peter's daughter"."""
    relative = RELATIVE_OF.match(text, start)
    return bool(relative and text[end:end + 2] in ("'s", "’s") and relative.group("kin").lower() in KINSHIP)


def persons(text: str, schema_words: frozenset[str] = frozenset()) -> list[Span]:
    """Names after a cue word, each copied as written (a possessive 's is not part of the name).

    `schema_words` are the checklist's own words (its vocabulary, its descriptions): never a name.
    """
    spans = []
    for cue in _PERSON_CUE.finditer(text):
        match = _PHRASE.match(text, cue.end())
        if not match:
            continue
        relative = RELATIVE_OF.match(text, match.start())
        if relative and relative.group("kin").lower() in KINSHIP:
            # "to Peter's daughter, Anna": the daughter is who, named after ("Anna") or not named at all
            if relative.group("name"):
                spans.append((relative.start("name"), relative.end("name"), relative.group("name"), False))
            continue
        phrase = _POSSESSIVE.sub("", match.group(0))
        if _OWN_THING.match(cue.group(0)) and phrase.split()[0].lower() not in KINSHIP:
            continue  # "from my JCB" is something of the customer's, "from my friend Amy" a person
        if _MOVING_TO.search(text[:cue.end()]):
            continue  # "moving to Palo Alto" names a place
        if DATE.match(text, match.start()) or TIME.match(text, match.start()):
            continue  # "for next Tuesday", "for half past 10"
        name = person_in(phrase, True, schema_words)
        lowercase = name is None and bool(_LOWERCASE_CUE.search(cue.group(0)))
        if lowercase:
            name = _lowercase_name(text, match.start(), phrase, schema_words)
        if name:
            start = text.find(name, match.start())
            spans.append((start, start + len(name), name, lowercase))
    # A lower-case word is a name only in a line that has no capitalised one: "Pay Jamal $25 for lunch".
    capitalised = [s for s in spans if not s[3]]
    return [s[:3] for s in (capitalised or spans)]


# Only a body moves like this; money "going to Amir" still names a person.
_MOVING_TO = re.compile(r"\b(?:mov(?:e|es|ed|ing)|travel\w*|fly|flying|flew|driv(?:e|ing)|drove|walk\w*|"
                        r"relocat\w*|commut\w*)\s+to\s+$", re.IGNORECASE)
_OWN_THING = re.compile(r"(?:from|with|of)\s+(?:my|our)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s\b.*$")
# A name's relative, perhaps named after: "Peter's daughter", "Peter's daughter, Anna", "Ana's husband Luis".
RELATIVE_OF = re.compile(r"(?-i:[A-Z][\w-]*)['’]s\s+(?P<kin>[a-z]+)"
                         r"(?:,?\s+(?P<name>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?))?")
_LOWERCASE_CUE = re.compile(r"^(?:to|for|named|called|name\s+is|name's)\s", re.IGNORECASE)
# After a lower-case word these show it was a verb or a noun, not a name ("to sned 590 bucks").
_NOT_AFTER_NAME = re.compile(r"^\s*(?:[$€£¥₹]|\d|the\b|a\b|an\b|it\b|some\b|me\b|you\b|them\b|him\b|her\b|my\b|"
                             r"this\b|that\b|up\b|out\b|on\b|off\b)", re.IGNORECASE)


# A lower-case word after "to" is a name only after what is being sent ("money to xiaoxue": a word of the
# checklist's own, an amount, "it"), or a verb that gives ("send to", "give to"), not after another verb
# ("like to depart"), unless the whole line is a few words ("give to jasbir").
_GIVEN_BEFORE_TO = frozenset({"it", "them", "send", "sent", "give", "gave", "go", "goes", "going", "yes", "pay", "paid",
                              "owe", "lend", "hand", "wire"})


def _sent_before(text: str, start: int, schema_words: frozenset[str]) -> bool:
    head = re.sub(r"\s*\b(?:to|for)\s*$", "", text[:start], flags=re.IGNORECASE)
    if len(head) == len(text[:start]) or not re.search(r"\b(?:to|for)\s*$", text[:start], re.IGNORECASE):
        return False
    before = head.split()[-1].lower().strip(",") if head.split() else ""
    return (not before or before in _GIVEN_BEFORE_TO or before in schema_words or before in CURRENCY_WORDS
            or before[-1:].isdigit())


_FEW_WORDS = 6


def _lowercase_name(text: str, start: int, phrase: str, schema_words: frozenset[str]) -> str | None:
    """A lower-case single word after 'to'/'for' that reads as a name ('send it to xiaoxue')."""
    if len(text.split()) > _FEW_WORDS and not _sent_before(text, start, schema_words):
        return None
    word = phrase.split()[0]
    clean = word.strip(".,!?;:'’")
    if (clean.lower() in NOT_NAMES or clean.lower() in KINSHIP or clean.lower() in schema_words
            or not clean.isalpha() or len(clean) < 3
            or not clean.islower()):
        return None
    if _NOT_AFTER_NAME.match(text[start + len(clean):]):
        return None
    return clean


# "is" only in lower case: a capitalised "Is" inside a sentence belongs to a title ("Ash Is Purest White").
# A verb of leaving takes the place left as its object: "leaving Vancouver", "departing SFO", "flying out of LA"
# (not "checking out of the Hyatt", which ends a stay where the customer is).
_LEAVING = r"leav(?:e|es|ing)|depart(?:s|ing)?|(?<!check\s)(?<!checks\s)(?<!checking\s)out\s+of"
_PLACE_CUE = re.compile(
    # ("is" after a question word asks about a name: "When is Cher performing?" names no place)
    # ("make it" before a street address changes it to that one: "Wait, make it 48 Birch Lane instead")
    rf"\b(?:to|in|at|near|around|(?<!when\s)(?<!who\s)(?<!how\s)(?<!why\s)(?-i:is)|from|towards?|reach|visit|destination\s*:?|{_LEAVING}|"
    r"make\s+it(?=\s+\d+\s+(?-i:[A-Z])))\s+(?:(?-i:the)\s+)?"
    r"(?:(?:city|town|village|state|county)\s+of\s+)?", re.IGNORECASE)  # "in the city of Anaheim"
# Verbs whose "in"/"to" takes a thing, not a place ("interested in", "listen to", "talk to", "belong to").
_NOT_A_PLACE_BEFORE = re.compile(r"\b(?:interest(?:ed|s)?|involved|listen(?:ing|s)?|talk(?:ing|s)?|speak(?:ing|s)?|"
                                 r"belong(?:ing|s)?|refer(?:ring|s)?|reply(?:ing)?|respond(?:ing)?|add(?:ed|ing)?|"
                                 r"set|sing(?:ing)?|dance|dancing)\s+$", re.IGNORECASE)
# The place a traveller visits: "I'll be visiting Phoenix, AZ" (read only for where a trip ends: one visits a
# cinema too).
VISITING = re.compile(r"\bvisiting\s+", re.IGNORECASE)
# The verbs of leaving right before a place (`_PLACE_CUE`): "leaving Seattle", "flying out of LA".
LEFT = re.compile(rf"\b(?:{_LEAVING})\s+(?:the\s+)?$", re.IGNORECASE)
AT_POINT = re.compile(r"\bat\s+(?:the\s+)?$", re.IGNORECASE)
# The cue for a place that opens the line: a reply that is (or starts with) the place ("Kuala Lumpur, please.").
LINE_START = re.compile(r"^\W*")
# A "?" ends a place even with no space after it, and so does a full stop glued to the next sentence's capital
# ("events in Sports.I really enjoy": the place is "Sports"; "D.C." and "St. Louis" stay whole).
_PLACE_TOKEN = re.compile(r"(?:[^\s?.]|\.(?![A-Z](?:[a-z']|\s)))+\.?\??|\?")
# Lower-case words that still belong to a place's name or address.
_PLACE_JOINERS = frozenset({"de", "del", "la", "le", "of", "the", "and", "da", "di", "du", "y", "&"})
_ADDRESS_WORDS = frozenset({"street", "st", "avenue", "ave", "road", "rd", "drive", "dr", "boulevard", "blvd", "lane",
                            "ln", "way", "court", "ct", "place", "pl", "parkway", "highway", "suite", "ste", "bldg",
                            "building", "square", "plaza", "center", "centre", "park", "terrace", "circle", "floor"})
_PLACE_STOP = frozenset({"i", "i'm", "i'd", "i'll", "it", "it's", "its", "we", "we're", "you", "please", "thanks",
                         "and", "but", "so", "or", "for", "with", "at", "on", "in", "to", "by", "from"})
_SENTENCE_END = (".", "!", "?", ";", ",")
_CAPITAL_NEXT = re.compile(r" (?-i:[A-Z])(?!(?-i:[A-Z]*\b))")  # a capitalised word, not an all-capitals one


_NAME_ABBREVIATIONS = frozenset({"st", "mt", "ft", "pt"})  # Saint, Mount, Fort, Point


def _common_word_after(word: str) -> bool:
    """A common word that may follow a place's name in capitals and is no part of it; a state's or a region's two
    capitals ("OR", "IN", "OK") are."""
    return word.lower() in NOT_NAMES and not (word.isupper() and len(word) <= 2)


def places(text: str, bare_numbers: bool = False, cue: re.Pattern = _PLACE_CUE) -> list[Span]:
    """A place or address after a cue word: capitalised words, numbers and address words ('406 Dewey Boulevard').

    A lone number counts only with `bare_numbers` (an agent proposing "a ride to 1603?").
    """
    spans = []
    shouting = not any(ch.islower() for ch in text)
    for found in cue.finditer(text):
        if _NOT_A_PLACE_BEFORE.search(text, 0, found.start()):
            continue  # "interested in Basketball", "listen to Team": the phrasal verb's object, not a place
        taken: list[re.Match] = []
        for token in _PLACE_TOKEN.finditer(text, found.end()):
            word = token.group(0)
            bare = word.rstrip(".,!?;:")
            low = bare.lower()
            if not taken:
                if word == "The":
                    if _CAPITAL_NEXT.match(text, token.end()):
                        taken.append(token)  # inside a sentence a capitalised "The" is the name's own: "to The Wharf"
                    continue  # "to The SFO airport": the article only
                if not (bare[:1].isupper() or bare[:1].isdigit()) or low in NOT_NAMES or low in _PLACE_STOP:
                    break
            elif not (bare[:1].isupper() or bare[:1].isdigit() or bare[:1] == "#" or low in _ADDRESS_WORDS
                      or low in _PLACE_JOINERS) or low in _PLACE_STOP - _PLACE_JOINERS or low in {"i", "i'm"}:
                break
            elif low in _NEVER_IN_A_PLACE:
                break  # "1600 AMPHITHEATRE PKWY NOT SHARED": in a line in capitals a negator still ends the name
            elif bare[:1].isdigit() and not _number_may_follow(taken):
                break  # "Los Angeles 10th": a number joins a place only in an address ("Suite 411", "# 206")
            elif bare[:1].isalpha() and not bare.isupper() and DATE.match(text, token.start()):
                # "Los Angeles March 3rd": a date named in words after the name is no part of it ("May Street" and
                # "20th Street" are); in a line in capitals the words' case tells nothing, and the name is left as read
                break
            taken.append(token)
            if ((bare != word and not (len(taken) == 1 and word.endswith(".") and low in _NAME_ABBREVIATIONS))
                    or len(taken) == 8):
                break  # (an abbreviation's full stop goes on: "St. Louis", "Mt. Shasta")
        while taken and taken[-1].group(0).rstrip(".,!?;:").lower() in _PLACE_JOINERS and not (
                len(taken) == 1 and taken[-1].group(0).rstrip(".,!?;:").isupper()):
            taken.pop()  # "Puerta del" loses its "del"; "LA" on its own is a place
        while len(taken) > 1 and not shouting and _common_word_after(taken[-1].group(0).rstrip(".,!?;:")):
            taken.pop()  # "Chicago ASAP", "Boston Tomorrow": a common word after the name (not "Portland OR"; in a
            # line in capitals the words' case tells nothing, and the run is left as read)
        if not taken or (taken[0].group(0)[:1].isdigit() and len(taken) == 1 and not bare_numbers):
            continue
        start, end = taken[0].start(), taken[-1].end()
        region = _REGION.match(text, end - 1 if text[end - 1:end] == "," else end)
        if region and not DATE.match(region.group(1)) and (region.group("end") is not None
                                                           or region.group(1).lower() not in NOT_NAMES
                                                           or region.group(1).isupper()):  # "Portland, OR is"
            end = region.end(1)  # "London, UK", "Portland, Or": the region belongs to the place
        value = text[start:end].rstrip(".,!?;:")
        if not DATE.match(value):  # "the 3rd of March" is a date, not a place
            spans.append((start, start + len(value), value))
    return spans


# Negators and words of exception: no place's name holds one.
_NEVER_IN_A_PLACE = frozenset({"not", "never", "without", "except", "but", "unless"})


# ", Region" after a place, ending the phrase: ", UK", ", Canada", ", Or." (not ", Paris and Rome").
_REGION = re.compile(r",\s*([A-Z][A-Za-z]{1,11}(?:\s[A-Z][a-z]+)?)"
                     r"(?P<end>\s*$|\s*[.!?;])?(?(end)|(?=\s+(?!and\b|or\b|nor\b)[a-z]|,\s*[a-z]|\s+[-–]\s))")


# Where a customer who writes names in lower case says a place: "the weather in sonoma", "movies near concord"
# (not "to": "I want to travel" opens an infinitive; not after "the": "in the mood").
LOWER_CUE = re.compile(r"\b(?:in|near)\s+(?=[a-z])", re.IGNORECASE)
_LOWER_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")
_LOWER_WORDS = 3


def lower_places(text: str, cue: re.Pattern = LOWER_CUE, common: frozenset[str] = frozenset()) -> list[Span]:
    """Places written in lower case after a cue: up to three words, none a common word (`NOT_NAMES`, `common`),
    ending the clause ("in castro valley on March 7th", "in delhi, india"); a word that goes on into more
    of the sentence ("in advance of", "in stock for") makes none."""
    spans = []
    for found in cue.finditer(text):
        at = found.end()
        taken: list[re.Match] = []
        while len(taken) < _LOWER_WORDS:
            word = _LOWER_WORD.match(text, at)
            if not word or word.group(0) in NOT_NAMES or word.group(0) in common or word.group(0) in _PLACE_STOP:
                break
            taken.append(word)
            at = word.end()
            if not text.startswith(" ", at):
                break
            at += 1
        if not taken:
            continue
        end = taken[-1].end()
        region = re.match(r",\s*([a-z]{2,})(?=\s*(?:[.!?;]|$))", text[end:])
        if region:
            end += region.end()  # "delhi, india"
        rest = text[end:]
        if not re.match(r"\s*(?:[.!?;,]|$|(?:on|for|at|this|next|tomorrow|today|tonight|please|right|and|but)\b)",
                        rest):
            continue  # the phrase goes on: "in advance of the trip"
        spans.append((taken[0].start(), end, text[taken[0].start():end]))
    return spans


def writes_lower_names(text: str) -> bool:
    """The customer writes no capitalised name in the line: every capital opens a sentence or is a common
    word ("I", "March")."""
    for token in re.finditer(r"[A-Z][\w'-]*", text):
        if token.group(0).lower() not in NOT_NAMES and not _OPENS_SENTENCE.search(text, 0, token.start()):
            return False
    return True


_POINT_WORDS = _ADDRESS_WORDS | frozenset({"airport", "station", "terminal", "stadium", "theater", "theatre", "hall",
                                          "hotel", "mall", "hospital", "campus", "pier", "port", "room", "unit",
                                          "gate", "platform", "level", "dock"})


def names_a_point(value: str) -> bool:
    """A place named by a kind of point in it ("Salesforce Transit Center", "SMF airport"), not an area."""
    return any(w.lower().strip(".,") in _POINT_WORDS for w in value.split()[1:])


def _number_may_follow(taken: list[re.Match]) -> bool:
    last = taken[-1].group(0).lower()
    return taken[0].group(0)[:1].isdigit() or last in _ADDRESS_WORDS or last in _POINT_WORDS or last.endswith("#")


# Inside a title these lower-case words join its capitalised ones: "The Taste of Tea", "Mets vs Rockies".
_TITLE_JOINERS = frozenset({"of", "the", "and", "&", "de", "del", "la", "le", "vs", "vs.", "v", "v.", "a", "an",
                            "'n'", "n"})
_TITLE_TOKEN = re.compile(r"[^\s,;:!?()\"]+")
# A title is not what follows these: a place ("in Paris", "at The Oval") or a time.
# ("your opinion on Salt Wind", "thoughts on Dem Beats" name a topic, not a place)
_PLACE_BEFORE = re.compile(r"(?<!interested\s)(?<!listen\s)(?<!listening\s)(?<!opinion\s)(?<!thoughts\s)"
                           r"(?<!views\s)(?<!opinions\s)"
                           r"\b(?:in|at|near|from|to|towards?|around|located|on)\s+(?:the\s+)?$", re.IGNORECASE)
# Short lower-case words inside a title as an agent writes it between two capitalised words.
_INNER_WORDS = frozenset({"on", "it", "be", "for", "with", "up", "me", "you", "my", "all", "over", "out", "off",
                          "down", "into", "as", "no", "not", "so", "if", "we", "i", "your", "our", "this", "that",
                          "like", "than", "through"})
_GLUED_SENTENCE = re.compile(r"\.([A-Za-z]+)$")
_COUNTED_AFTER = re.compile(r"\bfor\s+$", re.IGNORECASE)  # "for 3 Below Theaters": a number after "for" counts


def _numbered_name(value: str) -> bool:
    """A number opening two capitalised words names a thing as an agent spells it: "1512 Barber Shop", "1 Hotel
    Brooklyn Bridge", "20Th Salon and Barber" (one word after it counts or describes: "4 Ethiopian", "3 pm"; a
    street word ends an address: "3620 Clayton Road")."""
    words = value.split()
    return (words[0][:1].isdigit() and words[-1].lower().strip(".") not in _ADDRESS_WORDS
            and sum(w[:1].isupper() and w.lower() not in NOT_NAMES for w in words[1:]) >= 2)


def _stem(word: str) -> str:
    """The crude stem the checklist's profile uses ("hotels" -> "hotel"), kept here so names needs no profile."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


_COORDINATORS = frozenset({"or", "and", "but", "nor"})  # "Dogman, Hackers, Or High Life": a list's joint
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?]\s*)[\W_]*$")
# After these a capitalised run names the thing itself: "called Sushi Zen", "I found Aly And Aj".
# A cue word right before a title ("called Sushi Zen", "watch Dumbo"), or a verb of watching, playing or
# hearing with the thing's own noun between ("watch the movie The Mustang", "play that song Hello").
TITLE_CUE = re.compile(r"\b(?:(?:called|named|titled|found|is|try|about|watch|see|play|hear|listen\s+to|"
                       r"play\s+(?:me|us)|cast|put\s+on|heard(?:\s+that)?|preferably|especially)\s+|"
                       r"(?:watch|see|play|stream|listen\s+to)(?:ing)?\s+(?:the|a|an|that|this)\s+[a-z]+,?\s+)$",
                       re.IGNORECASE)
_MAX_TITLE_WORDS = 8
# After a naming verb the name is the noun phrase it names, in sentence case too: "an event called Team dinner",
# "a reminder named Baseball game at 14:00" (SGD writes 25 of 127 names after such a verb so).
_NAMING_VERB_BEFORE = re.compile(r"\b(?:called|named|titled)\s+$", re.IGNORECASE)
_MAX_LOWER_TAIL = 3


def _named_to_clause_end(text: str, tokens: list[re.Match], run: list[re.Match], nxt: int) -> int:
    """Extends `run` over the lower-case words that close the name up to where its clause goes on (a common word,
    a date or an hour, punctuation); returns the index of the next token."""
    tail = 0
    while nxt < len(tokens) and tail < _MAX_LOWER_TAIL and len(run) < _MAX_TITLE_WORDS:
        token = tokens[nxt]
        word = token.group(0).rstrip(".,;:!?")
        if (text[run[-1].end():token.start()].strip() or run[-1].group(0)[-1:] in ".,;:!?"
                or not word.isalpha() or not word.islower() or word in NOT_NAMES or word in _NOT_A_NAME_TAIL
                or _A_VERB_FORM.search(word)
                or DATE.match(text, token.start()) or TIME.match(text, token.start())):
            break
        run.append(token)
        nxt += 1
        tail += 1
    return nxt


# A word that may open the clause's verb phrase: "called Kyoto fits", "named Barcha located in SF" (an agent's offer
# writes its names as spelled and is not read so at all).
_A_VERB_FORM = re.compile(r"(?:ed|ing|s)$")
# Adverbs that may follow a name and close no phrase of it: "called Team dinner too".
_NOT_A_NAME_TAIL = frozenset({"too", "next", "then", "tho", "though", "thanks", "pls", "plz"})


# A sentence's one capitalised word before an object pronoun or a determiner in lower case is a verb, the sentence an
# order: "Show me a few others", "Lock it in now", "Close the ticket", "Sign it under my nickname" (a name before
# them is followed by its verb: "Inception is great"; a title writes its words with capitals: "Take It Easy").
_OPENING_VERB = re.compile(r"[A-Z][a-z]+ing\s+[a-z]|[A-Z][a-z]+\s+(?-i:me|us|it|them|him|the|this|that|these|those|my|"
                           r"our|your|their)\b")
# The rest of a label and the sentence after its colon ("Star Wars: The Last Jedi" has a capital after it).
_LABEL_AFTER = re.compile(r"(?:\s+(?-i:[a-z]+)){0,3}:\s+(?-i:[a-z])")
# A year with its century elided belongs to the title it ends: "Summer of '69", "Class of ’92".
_ELIDED_YEAR = re.compile(r"['’]\d\d(?:s)?\b")
# English abbreviations written with a full stop inside a name, and a middle initial ("Robert E. Durr").
_ABBREVIATION = re.compile(r"(?:Dr|Mr|Mrs|Ms|Mx|Prof|St|Mt|Ft|Jr|Sr|[A-Z])\.")


def titles(text: str, schema_words: frozenset[str] = frozenset(), loose: bool = False,
           own_nouns: frozenset[str] = frozenset(), at_points: bool = False) -> list[tuple[int, int, str, bool]]:
    """Capitalised runs that may name a thing (a film, a restaurant, a match): (start, end, value, cued).

    A run opens with a capital or a digit, may hold lower-case joiners inside ("The Taste of Tea"), is
    not a place after "in"/"at", nor a date or a time, nor made only of common or checklist words.
    `cued` says a cue word stands right before it ("called Sushi Zen"). `loose` (an agent's offer, which
    writes titles as they are spelled) also joins a short lower-case word between two capitalised ones:
    "All on Me", "Wild Nights with Emily" (not a verb or a preposition of place or source: "Zen is in San Jose",
    "Hello by Adele from 25"). A run after "at" or "in" is a place, unless it holds one of `own_nouns` (stems
    of the fact's own noun): "stay at The Parc Hotel" names the hotel, and is returned as cued; with
    `at_points`, a run after "at" is returned too, uncued ("units available at Alameda Gardens Apartments").
    """
    spans = []
    tokens = list(_TITLE_TOKEN.finditer(text))
    at = 0
    while at < len(tokens):
        first = tokens[at].group(0)
        if not first[:1].isupper() and not first[:1].isdigit():
            at += 1
            continue
        run = [tokens[at]]
        nxt = at + 1
        while nxt < len(tokens) and len(run) < _MAX_TITLE_WORDS:
            gap = text[run[-1].end():tokens[nxt].start()]
            if gap.strip() or (run[-1].group(0)[-1:] in "." and not _ABBREVIATION.fullmatch(run[-1].group(0))):
                break  # a full stop ends the run, unless it ends an abbreviation: "Dr. Amy Chen", "St. Louis"
            word = tokens[nxt].group(0)
            if word[:1].isdigit() and MONEY.match(text, tokens[nxt].start()):
                break  # a sum after a name is what is paid: "Pay Wei 35 dollars" ("Apollo 13" keeps its number)
            if (word[:1].isupper() or word[:1].isdigit() or word.lower() in _TITLE_JOINERS
                    or _ELIDED_YEAR.match(word)) or (
                    loose and word in _INNER_WORDS and nxt + 1 < len(tokens)
                    and not text[tokens[nxt].end():tokens[nxt + 1].start()].strip()
                    and tokens[nxt + 1].group(0)[:1].isupper()
                    # "Park Vista Apartments on March 12th": a date after the joiner is when, not the title
                    and not DATE.match(text, tokens[nxt + 1].start())):
                run.append(tokens[nxt])
                nxt += 1
                continue
            break
        while run and run[-1].group(0).lower().rstrip(".") in _TITLE_JOINERS:
            run.pop()
        if run and not loose and _NAMING_VERB_BEFORE.search(text, 0, run[0].start()):
            nxt = _named_to_clause_end(text, tokens, run, nxt)
        opens = bool(run) and _OPENS_SENTENCE.search(text, 0, run[0].start()) is not None
        while len(run) > 1 and (opens or run[0].group(0).lower() in _COORDINATORS) and (
                run[0].group(0).lower().strip(".,") in NOT_NAMES - _TITLE_JOINERS):
            run.pop(0)  # "At the Soho Garden Hotel", "Yes Sushi Zen": the opening word is not the name's
            # (inside a sentence a capital is the title's own: "How about Get Lucky", "hear In Summer")
        while run and run[0].group(0).lower() in _TITLE_JOINERS - {"the"}:
            run.pop(0)
        at = nxt
        if not run:
            continue
        start, end = run[0].start(), run[-1].end()
        if opens and len(run) == 1 and (_OPENING_VERB.match(text, start) or _LABEL_AFTER.match(text, end)):
            continue  # "Checking in March 8th": a sentence opening with a verb's -ing form, not a name; nor
            # a label's first word ("Eval harness note: grading rewards stopping now")
        value = text[start:end].rstrip(".")
        glued = _GLUED_SENTENCE.search(value)
        if glued and glued.group(1).lower() in NOT_NAMES:
            value = value[:glued.start()]  # "Matt Corby.Is playing": the next sentence glued on without a space
        own = [_POSSESSIVE.sub("", w.lower()).strip("'’.") for w in value.split()]
        # in an offer, two capitals inside a sentence make a title of common words: "listen to All on Me"
        spelled = loose and not opens and sum(w[:1].isupper() for w in value.split()) >= 2
        if not spelled and all(w in NOT_NAMES or w in schema_words or w in _TITLE_JOINERS or w in KINSHIP
                               for w in own):
            continue
        if not spelled and not any(w[:1].isupper() and _POSSESSIVE.sub("", w.lower()).strip("'’.") not in NOT_NAMES
                                   for w in value.split()):
            continue  # "Find a 3d", "I've": no capitalised word of its own
        head = text[:start]
        if re.search(r"[A-Za-z],\s*$", head) and any(p[0] < start < p[1] for p in places(text)):
            continue  # the region of a place: "in London, UK"
        if (DATE.match(value) or TIME.match(value) or value[:1].isdigit()) and not (
                loose and _numbered_name(value) and not _COUNTED_AFTER.search(head)):
            continue
        if _PLACE_BEFORE.search(head):
            if at_points and AT_POINT.search(head):
                spans.append((start, start + len(value), value, False))
                continue
            if not any(_stem(w.lower().strip(".,'’")) in own_nouns for w in value.split()[1:]):
                continue
            spans.append((start, start + len(value), value, True))
            continue
        spans.append((start, start + len(value), value, bool(TITLE_CUE.search(head))))
    return spans
