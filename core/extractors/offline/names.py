"""Names of people and places in a line: spans copied verbatim after a cue word.

"to Amir", "named Aunt Jenny", "Send it to Mr. Raghav" name people (titles and possessives
dropped); "to 406 Dewey Boulevard", "in San Jose" name places. Capitalisation, kin words and
the checklist's own words decide what can be a name.
"""

from __future__ import annotations

import re

from core.extractors.offline.values import DATE, TIME, Span

# Words that never start a person's name even when capitalised (sentence starts, products, places).
_NOT_NAME_TEXT = """
i i'm i'd i'll im id me my mine we us our you your he him his she her they them their it its the a an this that
these those there here what who whom which when where why how yes yeah yep no nope not ok okay sure please thanks
thank hi hello hey well so and or but if then also just only actually instead now later today tomorrow tonight
can could would should will shall may might must do does did done is are was were be been have has had let lets
make made send sent give transfer pay paid use using want need like love help find get book call check please
money cash dollars bucks
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
never nobody none nothing whatever anything everything nevermind
"""
NOT_NAMES = frozenset(_NOT_NAME_TEXT.split())
# Kin words used as a title before a name ("Aunt Jenny"); other kin words only describe ("my friend Raghav").
_KIN_TITLES = frozenset({"aunt", "auntie", "uncle", "grandma", "grandpa", "granny", "cousin"})
KINSHIP = frozenset({"mom", "mum", "mother", "dad", "father", "aunt", "auntie", "uncle", "grandma", "grandpa",
                     "granny", "brother", "sister", "son", "daughter", "wife", "husband", "cousin", "friend",
                     "boss", "nephew", "niece"})
# Kin words people also use as a name on their own ("send it to Mom").
_KIN_AS_NAME = frozenset({"mom", "mum", "dad", "mother", "father", "grandma", "grandpa", "granny", "auntie"})
_TITLE = re.compile(r"^(?:mr|mrs|ms|miss|mister)\.?\s+", re.IGNORECASE)
_NAME_TOKEN = r"[A-Za-z][\w'’-]*"
# A name follows one of these cue words: "to Amir", "named Amir", "recipient is Amir", "pay Amir".
_PERSON_CUE = re.compile(
    r"\b(?:to|for|named|called|name\s+is|name's|recipient\s+is|receiver\s+is|with|from|pay|paying|send|sending|"
    r"give|reimburse|owes?|request|requesting|charge|bill|ask|asking|see|visit|it's|of|is)\s+"
    r"(?:(?:my|our)\s+(?:good\s+|best\s+|dear\s+|old\s+)?)?",
    re.IGNORECASE,
)
# Lower-case particles inside a surname ("Jo Anne van der Berg"): a name cut before them is worse than none.
_PARTICLES = frozenset({"van", "der", "den", "de", "del", "della", "da", "das", "dos", "di", "le", "la", "du", "von",
                        "ter", "ten", "bin", "binti", "al", "el", "y"})
_NAME_WORDS = 3  # capitalised words in one name, particles not counted
_PHRASE = re.compile(rf"(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?{_NAME_TOKEN}(?:\s+{_NAME_TOKEN}){{0,6}}", re.IGNORECASE)


def _is_name_word(token: str, capital_needed: bool, schema_words: frozenset[str]) -> bool:
    low = token.lower().strip("'’")
    if low in NOT_NAMES or low in KINSHIP or low in schema_words or len(low) < 2 or not low[0].isalpha():
        return False
    return not capital_needed or token[0].isupper()


# After a reply's first word these show it was a verb: "Stop asking me", "Forget it", "Hurry up".
_VERB_OPENING = re.compile(r"^\W*[A-Za-z]+\s+(?:me|us|him|them|it|you|up|off|now|already|\w+ing)\b", re.IGNORECASE)


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
            name = rest[0].strip(".,!?;:")
            return f"{tokens[0]} {name}" if first in _KIN_TITLES else name
        return tokens[0].strip(".,!?;:") if first in _KIN_AS_NAME else None
    taken = []
    if re.fullmatch(r"dr\.?", tokens[0], re.IGNORECASE) and len(tokens) > 1:
        taken.append(tokens[0])  # "Dr. Thomas Stodgel" keeps the title the customer wrote
        tokens = tokens[1:]
    words_taken = 0
    for at, token in enumerate(tokens):
        clean = token.strip(".,!?;:")
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
    return " ".join(taken) if taken and not re.fullmatch(r"dr\.?", taken[-1], re.IGNORECASE) else None


def _particles_lead_to_name(tokens: list[str], schema_words: frozenset[str]) -> bool:
    for token in tokens:
        clean = token.strip(".,!?;:")
        if clean.lower() in _PARTICLES and clean == token:
            continue
        return _is_name_word(clean, True, schema_words)
    return False


def persons(text: str, schema_words: frozenset[str] = frozenset()) -> list[Span]:
    """Names after a cue word, each copied as written (a possessive 's is not part of the name).

    `schema_words` are the checklist's own words (its vocabulary, its descriptions): never a name.
    """
    spans = []
    for cue in _PERSON_CUE.finditer(text):
        match = _PHRASE.match(text, cue.end())
        if not match:
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
_LOWERCASE_CUE = re.compile(r"^(?:to|for|named|called|name\s+is|name's)\s", re.IGNORECASE)
# After a lower-case word these show it was a verb or a noun, not a name ("to sned 590 bucks").
_NOT_AFTER_NAME = re.compile(r"^\s*(?:\$|\d|the\b|a\b|an\b|it\b|some\b|me\b|you\b|them\b|him\b|her\b|my\b|"
                             r"this\b|that\b|money\b|up\b|out\b|on\b|off\b)", re.IGNORECASE)


# A lower-case word after "to" is a name only after what is being sent ("money to xiaoxue"), not after a
# verb ("like to depart"), unless the whole line is a few words ("give to jasbir").
_SENT_BEFORE_TO = re.compile(r"(?:\bit|\bmoney|\bfunds|\bcash|\bbucks|\bdollars|\d|\btransfer|\bpayment|\bsend|"
                             r"\bgive|\bsent|\bgo(?:ing|es)?|\byes|^)[,\s]+(?:to|for)\s+$", re.IGNORECASE)
_FEW_WORDS = 6


def _lowercase_name(text: str, start: int, phrase: str, schema_words: frozenset[str]) -> str | None:
    """A lower-case single word after 'to'/'for' that reads as a name ('send it to xiaoxue')."""
    if len(text.split()) > _FEW_WORDS and not _SENT_BEFORE_TO.search(text[:start]):
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


_PLACE_CUE = re.compile(
    r"\b(?:to|in|at|near|around|is|from|towards?|reach|visit|destination\s*:?)\s+(?:the\s+)?", re.IGNORECASE)
HEADING_CUE = re.compile(r"\b(?:to|towards?|reach)\s+(?:the\s+)?", re.IGNORECASE)
_PLACE_TOKEN = re.compile(r"[^\s?]+\??|\?")  # a "?" ends a place even with no space after it
# Lower-case words that still belong to a place's name or address.
_PLACE_JOINERS = frozenset({"de", "del", "la", "le", "of", "the", "and", "da", "di", "du", "y", "&"})
_ADDRESS_WORDS = frozenset({"street", "st", "avenue", "ave", "road", "rd", "drive", "dr", "boulevard", "blvd", "lane",
                            "ln", "way", "court", "ct", "place", "pl", "parkway", "highway", "suite", "ste", "bldg",
                            "building", "square", "plaza", "center", "centre", "park", "terrace", "circle", "floor"})
_PLACE_STOP = frozenset({"i", "i'm", "i'd", "i'll", "it", "it's", "its", "we", "we're", "you", "please", "thanks",
                         "and", "but", "so", "or", "for", "with", "at", "on", "in", "to", "by", "from"})
_SENTENCE_END = (".", "!", "?", ";", ",")


def places(text: str, bare_numbers: bool = False, cue: re.Pattern = _PLACE_CUE) -> list[Span]:
    """A place or address after a cue word: capitalised words, numbers and address words ('406 Dewey Boulevard').

    A lone number counts only with `bare_numbers` (an agent proposing "a ride to 1603?").
    """
    spans = []
    for found in cue.finditer(text):
        taken: list[re.Match] = []
        for token in _PLACE_TOKEN.finditer(text, found.end()):
            word = token.group(0)
            bare = word.rstrip(".,!?;:")
            low = bare.lower()
            if not taken:
                if not (bare[:1].isupper() or bare[:1].isdigit()) or low in NOT_NAMES or low in _PLACE_STOP:
                    break
            elif not (bare[:1].isupper() or bare[:1].isdigit() or bare[:1] == "#" or low in _ADDRESS_WORDS
                      or low in _PLACE_JOINERS) or low in _PLACE_STOP - _PLACE_JOINERS or low in {"i", "i'm"}:
                break
            elif bare[:1].isdigit() and not _number_may_follow(taken):
                break  # "Los Angeles 10th": a number joins a place only in an address ("Suite 411", "# 206")
            taken.append(token)
            if bare != word or len(taken) == 8:
                break
        while taken and taken[-1].group(0).rstrip(".,!?;:").lower() in _PLACE_JOINERS:
            taken.pop()
        if not taken or (taken[0].group(0)[:1].isdigit() and len(taken) == 1 and not bare_numbers):
            continue
        start, end = taken[0].start(), taken[-1].end()
        value = text[start:end].rstrip(".,!?;:")
        if not DATE.match(value):  # "the 3rd of March" is a date, not a place
            spans.append((start, start + len(value), value))
    return spans


def _number_may_follow(taken: list[re.Match]) -> bool:
    last = taken[-1].group(0).lower()
    return taken[0].group(0)[:1].isdigit() or last in _ADDRESS_WORDS or last.endswith("#")
