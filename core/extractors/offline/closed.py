"""Values from a vocabulary: closed facts, head counts and yes/no facts, returned as allowed values.

A closed value shared by two facts goes to its owner (the customer's account or the
recipient's); a count needs a people word or the agent's question; a yes/no fact is stated
by naming it ("a shared ride is fine", "I don't want a shared ride") or by a bare yes/no to a
question about it alone.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from core.acceptance import NO, YES
from core.extractors.offline import values
from core.extractors.offline.last_word import DOUBTED, PUT_OFF
from core.extractors.offline.owner import FIRM, HINT, OTHER, OWN, party
from core.extractors.offline.plain import alternatives, echoed, foreign, hedged_alternatives, one_of_two
from core.extractors.offline.pointing import STREET_ADDRESS
from core.extractors.offline.polarity import capped, denied, negated, negated_after, supposed
from core.extractors.offline.profile import CLOSED, FactProfile, Profile, stem, words

# English words for people counted ("3 people", "two of us"); what a form counts comes from its own words
# ("Number of riders" -> riders).
_PEOPLE = frozenset({"people", "persons", "person", "adults", "adult", "individuals", "of", "folks", "guests",
                     "guest"})
_NOT_A_COUNT_AFTER = values.CURRENCY_WORDS | frozenset({"am", "pm", "a.m.", "p.m.", "o'clock", "days", "day", "hours",
                                "hour", "minutes", "nights", "night", "weeks", "stars", "percent", "th", "st",
                                "nd", "rd", "in", "o\"clock"})
_KINDS_OF_PEOPLE = frozenset({"kids", "children", "friends", "colleagues", "coworkers", "relatives", "members",
                              "passengers", "travelers", "travellers", "riders", "teens", "teenagers", "seniors",
                              "roommates", "flatmates", "housemates", "classmates", "teammates", "neighbors",
                              "neighbours", "tenants"})
_OF_PEOPLE = re.compile(r"[\s-]+of\s+(?:us|them|you)\b", re.IGNORECASE)  # "4 of us", not "4 of those"
_ALONE = re.compile(r"\b(?:just me|only me|myself|me alone|by myself|alone|just one)\b", re.IGNORECASE)


def closed_value(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str]) -> str | None:
    """The last allowed value the line states for this fact (not for a sibling sharing the vocabulary)."""
    name = fact.fact.name
    siblings = profile.siblings[name]
    # (one side of "X. Or surprise me" is no choice)
    mentions = [m for m in _plain_mentions(profile, fact, text) if not denied(text, m[0], m[1])
                and not one_of_two(text, m[0], m[1])]
    if not siblings:
        return mentions[-1][2] if mentions else None
    group = [name, *siblings]
    read = [(m, *party(text, m[0], m[1])) for m in mentions]
    firmly_own = any(said == OWN and strength == FIRM for _, said, strength in read)
    in_question = [f for f in group if f in asked]
    chosen = None
    for (_, _, value), said, strength in read:
        if len(in_question) == 1 and (said is None or (strength == HINT and not firmly_own)):
            owner = in_question[0]  # a bare answer to the agent's question is about what it asked
        else:
            wanted_other = said == OTHER
            owner = next((f for f in group if profile.facts[f].other_party == wanted_other), name)
        if owner == name:
            chosen = value
    return chosen


# An -ing vocabulary word followed by these is a verb ("checking my balance", "Thanks for checking that"), not the
# value; "savings if possible" stays a noun.
_USED_AS_VERB = re.compile(r"^\s+(?:my|your|our|the|if|whether|on|up|out|to\s+see|that|it|this|them|these|those|in|"
                           r"into|again)\b", re.IGNORECASE)
_NOUN_BEFORE = re.compile(r"\b(?:my|your|our|their|his|her|the|a|an|this|that)\s+$", re.IGNORECASE)


def used_as_verb(text: str, start: int, end: int) -> bool:
    """text[start:end], a vocabulary word in -ing, is a verb there: "checking" of "Thanks for checking that" (not
    after a determiner: "my checking out?" is a typed noun)."""
    return (text[start:end].lower().endswith("ing") and _USED_AS_VERB.match(text[end:end + 12]) is not None
            and not _NOUN_BEFORE.search(text[:start]))


def _plain_mentions(profile: Profile, fact: FactProfile, text: str) -> list[tuple[int, int, str]]:
    """Mentions that may state the value: not one of two offered alternatives, not in a foreign sentence."""
    found = _mentions(fact, text)
    offered = alternatives(text, found) | hedged_alternatives(text, found) | _read_back(text, found)
    labels = values.list_labels(text)  # "1. passport 2. charger": the list's labels state nothing
    return [m for i, m in enumerate(found) if i not in offered and m[:2] not in labels
            and not echoed(text, m[0], m[1]) and not foreign(text, m, profile.schema_words)
            and not values.in_a_code(text, m[0], m[1])  # "3D" of "IMAX-3D-0042"
            and not values.labelled_number(text, m[0], m[1])  # "3" of "at Door 3"
            and not values.pronoun_one(text, m[0], m[1])]  # "Which one is cheaper?"


def _read_back(text: str, found: list[tuple[int, int, str]]) -> set[int]:
    """Three or more of the fact's values in one sentence name its options, not a choice: "Pool, Regular, or
    Luxury, okay. What's the price difference?", "Regular, 3D, IMAX... so many choices"."""
    by_sentence: dict[int, list[int]] = {}
    for index, (start, _, _) in enumerate(found):
        by_sentence.setdefault(len(re.findall(r"[.!?;]\s", text[:start])), []).append(index)
    return {i for group in by_sentence.values() if len({found[i][2] for i in group}) >= 3 for i in group}


def _mentions(fact: FactProfile, text: str) -> list[tuple[int, int, str]]:
    found = [(m.start(), m.end(), value) for value, pattern in fact.vocabulary for m in pattern.finditer(text)
             if not used_as_verb(text, m.start(), m.end())]
    for value, pattern in fact.partial:
        found += [(m.start(1), m.end(1), value) for m in pattern.finditer(text)
                  if not any(s <= m.start(1) < e for s, e, _ in found)]
    return sorted(found)


def offered_mentions(profile: Profile, fact: FactProfile, text: str) -> list[tuple[int, int, str]]:
    """Vocabulary values an agent's line names for the fact (an offer the customer may accept)."""
    return [m for m in _plain_mentions(profile, fact, text) if not denied(text, m[0], m[1])]


def count_value(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str]) -> str | None:
    """A number of people: a number next to a people word, or any number right after the agent asked."""
    was_asked = fact.fact.name in asked
    nouns = _PEOPLE | {w for w in fact.cues}
    chosen = None
    for start, end, value in _plain_mentions(profile, fact, text):
        after = text[end:end + 20].lower().split()
        following = after[0].strip(".,!?") if after else ""
        if (following in _NOT_A_COUNT_AFTER or denied(text, start, end) or capped(text, start)
                or one_of_two(text, start, end)):  # "Three. Ugh, or not"
            continue
        if qualified_group(text, end):
            continue  # "There are 4 of us but we're taking two cars": the group, not who rides or buys
        if counts_another(profile, fact.fact.name, text, start, end):
            continue  # "two bed rooms and one bath": the 1 is the bathrooms', whatever the agent asked
        counted_noun = _head_after(text, end)
        if (was_asked or any(w in nouns or stem(w) in nouns for w in (following, counted_noun))
                or _compound_of(stem(following), fact.cues)
                or _for_the_thing(profile, fact, text, start) or _GROUP_OF.search(text, max(0, start - 20), start)
                or (following in _CLAUSE_GOES_ON and _for_this(profile, fact, text, start))):
            chosen = value
    if chosen is None and (was_asked or mentions_people(text)) and _ALONE.search(text):
        allowed = {v for v, _ in fact.vocabulary}
        chosen = "1" if "1" in allowed else None
    return chosen


# A number, one modifier, then the noun: "4 event tickets", "one adult seat".
_MODIFIED_NOUN = re.compile(r"[\s-]+([a-z]+)[\s-]+([a-z]+)\b", re.IGNORECASE)
# Words that join or open a phrase rather than modify a noun: "2 and tickets", "4 for tickets" count nothing.
_NO_MODIFIER = frozenset({"and", "or", "but", "for", "of", "to", "in", "on", "at", "the", "a", "an", "more", "less",
                          "than", "with", "please"})


def _head_after(text: str, end: int) -> str:
    """The noun a number counts past one modifier ("4 event tickets" -> tickets), else "": what the count
    counts is the head noun, whether or not the schema's wording happens to share the modifier too."""
    match = _MODIFIED_NOUN.match(text, end)
    return match.group(2).lower() if match and match.group(1).lower() not in _NO_MODIFIER else ""


def _house_number(text: str, start: int) -> bool:
    """The number at `start` opens a street address named in capitals: "3 Elm Street", "3515 20th Street" ("a 3
    bedroom place" counts bedrooms)."""
    address = STREET_ADDRESS.match(text, start)
    street = address.group(0).split()[1:2] if address else []
    return bool(street) and (street[0][:1].isupper() or street[0][:1].isdigit())


def counts_another(profile: Profile, name: str, text: str, start: int, end: int) -> bool:
    """The number ending at `end` counts what another count of the checklist counts, not what fact `name`
    counts: "1 bathroom" is the bathrooms', not the bedrooms' (a noun is a count's when it is one of what the
    count counts, or a compound opening with it: "bedrooms" of "bed", "bathroom" of "bath"); or it counts a
    thing the checklist never names ("3 cats"), or it numbers a house ("To 3 Elm Street"). The number is
    text[start:end]."""
    if _house_number(text, start):
        return True
    after = re.match(r"[\s-]+([a-z]+)", text[end:end + 30], re.IGNORECASE)
    if after is not None and (text[start:end] + after.group(1)).lower() in profile.schema_words:
        return True  # one word of the schema written apart: "one way" of "SearchOnewayFlight" counts nothing
    if after is None:
        return _named_before(profile, name, text, start, end)
    noun = after.group(1).lower()

    def counts(other: FactProfile) -> bool:
        # (a word for people is no compound of what is counted: "roommates" are not rooms)
        return noun in other.counted or (noun not in _KINDS_OF_PEOPLE
                                         and any(len(c) >= 3 and noun.startswith(c) for c in other.counted))

    if counts(profile.facts[name]):
        return False
    counted = profile.facts[name].counted
    people = noun in _KINDS_OF_PEOPLE or (noun in _PEOPLE if noun != "of" else bool(_OF_PEOPLE.match(text, end)))
    if counted and not any(c in _PEOPLE or c in _ONE_EACH for c in counted) and people:
        return True  # people where the form counts rooms, nights or bags: "We have 3 kids" ("3 tickets" may be berths)
    if (noun not in _PEOPLE and stem(noun) not in profile.facts[name].cues
            and _named_before(profile, name, text, start, end)):
        return True  # "rated 4 or better" ("a total of 4 people" still counts people)
    if any(counts(f) for n, f in profile.facts.items() if n != name):
        return True
    # A number before a plural the checklist never names, which is no word for people or for what each person
    # holds: "the 3 cats" where adults are counted, "3 suitcases" where seats are. The schema's own words
    # ("2 bus tickets") and "4 seats" where travellers are counted still count.
    if values.BARE_NUMBER.fullmatch(text, start, end) is None:
        return False
    phrase = _counted_after(text, end)
    if not phrase or (not profile.facts[name].counted and any(w in _MEASURES for w in phrase)):
        return False  # "12 months" for a "Loan term" that names nothing it counts ("2 miles" is no bedroom count)
    known = _PEOPLE | _ONE_EACH | profile.schema_words | profile.facts[name].cues
    # no word of the phrase the checklist or the people words hold, or a slip of one ("3 tickts", "2 roms",
    # "two peoples"; "two bed rooms" is the checklist's "bedrooms")
    own = profile.facts[name].cues | profile.facts[name].name_stems
    return not any(stem(w) in profile.topic or difflib.get_close_matches(w, known, n=1, cutoff=0.8)
                   or _compound_of(stem(w), own)  # "bedrooms" where the form counts "sleeping rooms" with a "bed"
                   or _ends_a_compound(w, profile.schema_words)  # "rooms" where the form says "bedchambers, bathrooms"
                   for w in (*phrase, "".join(phrase[-2:])))


_QUESTION_WORDS = frozenset({"where", "when", "which", "who", "what", "how", "whose"})
# The word a number follows, past "of": "rated 4", "a rating of 4", "the budget of 2".
_WORD_BEFORE = re.compile(r"\b([A-Za-z]+)\s+(?:of\s+)?$")


def _named_before(profile: Profile, name: str, text: str, start: int, end: int) -> bool:
    """The number at text[start:end] follows a word naming another fact by its name and not fact `name`: "something
    rated 4 or better" is a rating, not a number of adults."""
    if values.BARE_NUMBER.fullmatch(text, start, end) is None:
        return False  # a word: "the category of Sports" may still be the event's type
    before = _WORD_BEFORE.search(text, max(0, start - 30), start)
    if before is None or before.group(1).lower() in _QUESTION_WORDS:
        return False
    word = stem(before.group(1).lower())
    if word in profile.facts[name].name_stems or word in profile.facts[name].cues:
        return False
    # a score given, on any form: "a driver rated 4 or better", "ranked 2" (a form with a rating names it itself)
    return (before.group(1).lower() in _SCORED
            or any(word in f.name_stems for n, f in profile.facts.items() if n != name))


_SCORED = frozenset({"rated", "scored", "ranked", "graded", "rating", "score", "ranking"})


def _ends_a_compound(word: str, schema_words: frozenset[str]) -> bool:
    """The noun ends one of the schema's own compounds ("rooms" of "bathrooms"): a thing the form names."""
    return len(word) >= 4 and any(len(s) > len(word) and s.endswith(word) for s in schema_words)


# Words that end the phrase a number heads: "4 of us", "2 and a stroller", "3 for the trip".
_PHRASE_ENDS = frozenset({"of", "and", "or", "but", "for", "to", "in", "at", "on", "with", "so", "please", "the", "a",
                          "an", "if", "then", "than"})


def _counted_after(text: str, end: int) -> list[str]:
    """The words from the number ending at `end` to the plural noun it counts, past up to two modifiers ("3 big
    suitcases" -> big, suitcases); none when no plural noun follows in its phrase."""
    clause = re.split(r"[.,;:!?()]", text[end:end + 60], maxsplit=1)[0]
    phrase: list[str] = []
    for word in re.findall(r"[A-Za-z']+", clause)[:3]:
        word = word.lower()
        if word in _PHRASE_ENDS:
            return []
        phrase.append(word)
        if values.plural_noun(word):
            return phrase
    return []


# English units of time, distance, money and rating.
_MEASURES = frozenset({"seconds", "minutes", "hours", "days", "nights", "weeks", "months", "years", "miles",
                       "kilometers", "kilometres", "km", "meters", "metres", "feet", "percent", "stars", "points",
                       "degrees"}) | values.CURRENCY_WORDS
# People, and what a group books one of per person: a count of these is a count of people.
_ONE_EACH = frozenset({"friends", "colleagues", "coworkers", "relatives", "kids", "children", "members", "passengers",
                       "travelers", "travellers", "riders", "seats", "tickets", "places", "spots", "passes"})



# A people count that a "but" goes on to qualify in its sentence: "4 of us but some already have tickets".
_QUALIFIED_AFTER = re.compile(r"[^.!?;]*?\bbut\b", re.IGNORECASE)


def qualified_group(text: str, end: int) -> bool:
    """The number ending at `end` counts people ("4 of us", "8 people") and a "but" qualifies it in its sentence."""
    after = text[end:end + 20].lower().split()
    return bool(after) and after[0].strip(".,!?") in _PEOPLE and bool(_QUALIFIED_AFTER.match(text, end))


# "a cab for 4", "a table for two": the number after the service's own noun and "for" counts its people.
_THING_FOR = re.compile(r"\b([A-Za-z]+)\s+for\s+$", re.IGNORECASE)


def _for_the_thing(profile: Profile, fact: FactProfile, text: str, start: int) -> bool:
    """The number follows "<a noun of what the service does> for", and the fact is the checklist's one count."""
    before = _THING_FOR.search(text, max(0, start - 30), start)
    if before is None or not _names_the_thing(profile, before.group(1).lower()):
        return False
    return _only_count(profile, fact)


def _names_the_thing(profile: Profile, word: str) -> bool:
    """A noun of what the service does, or any of the schema's own nouns: a blurb reworded to say "a ride" where
    a fact still says "the cab" names the cab ("a cab for 4") as the plain blurb does."""
    return stem(word) in profile.task or stem(word) in profile.topic


def _only_count(profile: Profile, fact: FactProfile) -> bool:
    return sum(f.kind == fact.kind and bool(f.vocabulary) for f in profile.facts.values()) == 1


# "a group of 4", "a party of six", "the family of 3": a number of people after a noun of people together.
_GROUP_OF = re.compile(r"\b(?:group|party|family|team|crew)\s+of\s+(?:just\s+|only\s+)?$", re.IGNORECASE)


def _for_this(profile: Profile, fact: FactProfile, text: str, start: int) -> bool:
    """"for 3" with nothing counted after it, after what this service books or one of its own values ("a cab
    there for 3", "make it a pool for two", "it for 2"): the people it is for, where the checklist counts one
    thing; not "a coffee for 2" (another thing), nor "for 3 nights" or "for 3 pm" (checked by the caller)."""
    before = _FOR_ALONE.search(text, max(0, start - 40), start)
    if before is None or not _only_count(profile, fact):
        return False
    word = before.group(1).lower()
    return stem(word) in profile.task or word in _PRONOUNS or any(
        word in v.lower().split() for f in profile.facts.values() if f.kind == CLOSED for v, _ in f.vocabulary)


_FOR_ALONE = re.compile(r"\b([A-Za-z]+)(?:\s+(?:there|here|please))?[\s,]+for\s+(?:just\s+|only\s+)?$", re.IGNORECASE)
_PRONOUNS = frozenset({"it", "one", "that", "this"})
_CLAUSE_GOES_ON = frozenset({"", "and", "but", "or", "please", "preferably", "so", "with", "at", "on", "to", "from",
                             "tomorrow", "today", "tonight", "then", "thanks", "if", "i", "we"})


def free_count(fact: FactProfile, text: str, asked: Sequence[str], theirs: frozenset[str] = frozenset()) -> str | None:
    """A count with no vocabulary ("Number of days in the stay"): a number before the counted noun
    ("for three days"), or a bare number right after the agent asked; the customer's own words. A number before
    a noun another count of the form counts (`theirs`, stemmed) is that count's: "How many days?" - "Oh, and one
    room" says how many rooms."""
    counted = {stem(w) for w in fact.counted}
    chosen = None
    labels = values.list_labels(text)
    for start, end, value in values.numbers(text):
        if (start, end) in labels:
            continue
        after = text[end:end + 20].lower().split()
        following = after[0].strip(".,!?") if after else ""
        if (denied(text, start, end) or capped(text, start) or values.DATE.match(text, start)
                or values.TIME.match(text, start) or _house_number(text, start)
                or values.labelled_number(text, start, end) or values.pronoun_one(text, start, end)):
            continue
        if stem(following) in theirs - counted:
            continue
        if stem(following) in counted or (fact.fact.name in asked and following not in _NOT_A_COUNT_AFTER):
            chosen = value
    return chosen


def counts_people(fact: FactProfile) -> bool:
    """Whether the count is of people, or of what each person takes (seats, tickets): a party's "headcount" is
    this fact (a form that counts rooms or bags, or names no counted noun at all, "party_size", says by its name)."""
    counted = set(fact.counted) or {w for w in fact.name_stems}
    return bool(counted & (_PEOPLE | _ONE_EACH | _KINDS_OF_PEOPLE | {"party", "group", "size"}))


def _compound_of(word: str, cues: frozenset[str]) -> bool:
    """The word and one of the fact's own words open alike, one a compound of the other: "3 bedrooms" for
    "Number of bed rooms", "one bed" for "Number of bedrooms" ("bathrooms" does not open with "bed")."""
    return len(word) >= 3 and any(len(c) >= 3 and (word.startswith(c) or c.startswith(word)) for c in cues)


def mentions_people(text: str) -> bool:
    return any(w in _PEOPLE for w in words(text))


_NEXT_WORD = re.compile(r"\s+[A-Za-z]+")


def _denied_after(text: str, end: int) -> bool:
    """A negated verb right after the fact's word or the two words after it: "a shared ride is not okay"."""
    for _ in range(3):
        if negated_after(text, end):
            return True
        following = _NEXT_WORD.match(text, end)
        if following is None:
            return False
        end = following.end()
    return False


# The fact's word asked back and answered no: "Pets? No, I don't have any".
_ASKED_BACK_NO = re.compile(r"[\w-]*\s*\?\s*(?:no|nope|nah)\b", re.IGNORECASE)
# The fact said not to matter: "Kid-friendly isn't important", "live music is not a requirement", "doesn't matter".
_NOT_NEEDED = re.compile(r"[^.!?;]*?\b(?:(?:is|are|'s)(?:n't|\s+not)\s+(?:(?:that|really|very|too)\s+)?"
                         r"(?:important|necessary|needed|required|a\s+(?:must|requirement|priority|dealbreaker))|"
                         r"(?:doesn't|does\s+not|don't|do\s+not)\s+(?:really\s+)?matter|"
                         r"not\s+a\s+(?:must|requirement|priority|dealbreaker))\b", re.IGNORECASE)


# What a line gives for a yes/no fact it says does not matter or is in doubt about: neither answer is stated.
UNIMPORTANT = "unimportant"


def boolean_value(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str]) -> str | None:
    """Yes/no right after the agent asked for the fact, or the fact named in the line ('a shared cab')."""
    reading = boolean_reading(profile, fact, text, asked)
    return None if reading == UNIMPORTANT else reading


def boolean_reading(profile: Profile, fact: FactProfile, text: str, asked: Sequence[str]) -> str | None:
    """The fact's yes or no as the line gives it, UNIMPORTANT when it says the fact does not matter, else None."""
    allowed = {v.lower(): v for v, _ in fact.vocabulary}
    if "true" not in allowed or "false" not in allowed:
        return None
    distinctive = _distinctive_stems(profile, fact)
    for match in re.finditer(r"[A-Za-z]+", text):
        if stem(match.group(0).lower()) in distinctive:
            if re.search(r"\b(?:if|unless|assume|whether)\b", text[:match.start()], re.IGNORECASE) or supposed(
                    text, match.start()):
                continue
            if (_NOT_NEEDED.match(text, match.end()) or DOUBTED.search(text, match.end())
                    or _weighed_aloud(text, match.start())):
                return UNIMPORTANT  # said not to matter, or in doubt: neither answer is stated
            return allowed["false"] if (negated(text, match.start()) or _denied_after(text, match.end())
                                        or _ASKED_BACK_NO.match(text, match.end())) else allowed["true"]
    if tuple(asked) == (fact.fact.name,):  # a bare yes answers only a question about this fact alone
        if YES.match(text):
            return allowed["true"]
        if NO.match(text):
            return allowed["false"]
    return None


# The fact asked back alone, a few words and a "?" ("Shared ride?"), then put off later in the line ("Let me think
# about it"): weighed aloud, not answered.
_ASKED_BACK_ALONE = re.compile(r"(?:^|(?<=[.!?;]))\s*[^\W\d_]+(?:[\s-]+[^\W\d_]+){0,2}\?")


# ... or left hanging by an ellipsis with nothing stated after it, the rest a question (read blanked in the
# customer's own words) or nothing at all ("Shared... What's a shared ride exactly, is it cheaper?"; "Shared... yes,
# let's do that." answers).
_LEFT_HANGING = re.compile(r"(?:^|(?<=[.!?;]))\s*[^\W\d_]+(?:[\s-]+[^\W\d_]+){0,2}\s*(?:\.{3}|…)(?:[^.!?…]*\?|\s*$)")


def _weighed_aloud(text: str, at: int) -> bool:
    asked = next((m for m in _ASKED_BACK_ALONE.finditer(text) if m.start() <= at < m.end()), None)
    if asked is not None and PUT_OFF.search(text, asked.end()) is not None:
        return True
    return any(m.start() <= at < m.end() for m in _LEFT_HANGING.finditer(text))


def _distinctive_stems(profile: Profile, fact: FactProfile) -> frozenset[str]:
    others: set[str] = set()
    for other in profile.facts.values():
        if other is not fact:
            others |= other.name_stems
    return frozenset(s for s in fact.name_stems - others if len(s) > 2 and s not in {"yes", "or", "with", "other"})
