"""Values the agent offered in the line just before, which the customer's reply accepts.

"Sushi Zen has a table at 7 pm." - "Sounds good." states the restaurant and the time in the agent's
words. Whether the line offers and the reply accepts is read in `core.acceptance` (the contract reads
the same, so both agree); here each required fact takes the one value of its kind the offer names.
Two facts of one kind take values only where the words before each say whose it is ("leaves from X
and arrives at Y"); one fact with two candidate values takes none: the agent asks again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from core.acceptance import (
    SUM_IN_YOURS,
    accepts,
    asks_question,
    goes_ahead,
    is_offer,
    names_nothing,
    proposes,
    takes_go_ahead,
    takes_offer,
    turns_away,
)
from core.case import AGENT, Line
from core.extractors.offline import names, values
from core.extractors.offline.closed import offered_mentions
from core.extractors.offline.line import kind_spans, one_fact_per_value
from core.extractors.offline.plain import in_a_choice
from core.extractors.offline.profile import (
    CLOSED,
    DATE,
    MONEY,
    PERSON,
    PLACE,
    TIME,
    TITLE,
    FactProfile,
    Profile,
    stem,
)
from core.extractors.offline.roles import fact_role, value_role

# A reply that only acknowledges what it was told ("Ok", "Ok, good to know", "That is okay. Now ...") takes
# nothing; a reply that refers to the offer or says it suits ("Ok, book that one", "Sounds good") does.
# ("Okay, great.", "Okay. That sounds good to me." and "Ok, make a reservation at noon" say it suits: a word of
# praise, a later sentence that takes the offer, a request to go ahead.)
_ACKNOWLEDGING = (r"^\W*(?:ok(?:ay)?|alright|all\s+right|fine|(?:that|it)(?:'s|\s+is)\s+(?:ok(?:ay)?|fine|alright)|"
                  r"good\s+to\s+know|got\s+it|i\s+see|thanks?(?:\s+you)?)\b")
_REFERRING = ("that", "this", "it", "one", "them", "those", "there", "sounds?", "works?", "suits?", "looks?", "great",
              "perfect", "nice", "excellent", "awesome", "wonderful", "lovely", "cool")


def _acknowledging(referring: Sequence[str]) -> re.Pattern:
    # a word joined by a hyphen is part of a compound, not a reference: "a one-way ticket"
    return re.compile(rf"{_ACKNOWLEDGING}(?![^.!?]*\b(?:{'|'.join(referring)})\b(?!-))", re.IGNORECASE)


_ACKNOWLEDGED = _acknowledging(_REFERRING)
# "there" points at a place, or at someone or something found at one, and never at a when or a how much: "It will be
# 75 degrees today." - "Okay, I'd like a ticket going there" takes no "today" as the day of travel.
_ACKNOWLEDGED_BUT_A_PLACE = _acknowledging([w for w in _REFERRING if w != "there"])
_LATER_SENTENCES = re.compile(r"[.!?]+\s*(?P<rest>\S.*)$", re.DOTALL)
# A sentence telling the customer how their own things stand informs, it offers nothing: "Your checking
# account has $5,118.77", "the balance of your savings is $80".
# So does one saying what there is in someone's account or booking: "There is $6,335.80 in your checking
# account" (an agent may slip into the customer's "my").
_IN_SENTENCE = r"(?:[^.!?]|\.(?=\d))*"  # a decimal point does not end the sentence: "$6,335.80"
# (what there is in someone's account is said in one clause: "there are 10 songs, would you like to hear X in
# his album Y?" offers X)
_NO_CLAUSE = r"(?:[^.!?,]|[.,](?=\d))*"
_SENTENCE = re.compile(r"(?:[^.!?]|\.(?=\d))+")
# What makes a sentence one of state, anywhere in it; the whole sentence is then blanked: the customer's thing
# as the subject of its verb ("your savings is", "you have"; not "for you and what is your opinion on X?").
# ("Your" inside a title, before a capitalised word, is the title's: "How about Move Your Body by Sia?")
_STATE = re.compile(r"\b(?:your\b(?!\s+(?-i:[A-Z]))(?:\s+[\w'-]+){1,3}?|you)\s+"
                    r"(?:has|have|is|are|shows?|holds?|contains?|stands?)\b|"
                    rf"\byour\b{_IN_SENTENCE}\d|"
                    rf"\bthere(?:'s|\s+is|\s+are)\b{_NO_CLAUSE}\b(?:in|on)\s+(?:your|my|his|her|their|our)\b|"
                    rf"{SUM_IN_YOURS}",  # "The balance is $2,837.26 in your savings account"
                    re.IGNORECASE)
_OFFERED_KINDS = (CLOSED, DATE, TIME, MONEY, PLACE, PERSON, TITLE)
_POINTED_THERE = (CLOSED, PLACE, PERSON, TITLE)


def accepted_offer(profile: Profile, required: Sequence[str], agent_text: str, asked_before: str,
                   reply: str, skip: Iterable[str] = (), verbs: frozenset[str] = frozenset()) -> dict[str, str]:
    """fact -> value the agent's line offered, when the customer's reply accepts the offer (a yes, or a request
    to carry out the task on it with one of the schema's `verbs`: "Can you play it?")."""
    if (not agent_text or not is_offer(agent_text, asked_before) or not takes_offer(reply, verbs)
            or _only_acknowledged(reply, verbs)):
        return {}
    skipped = set(skip)
    kinds = _POINTED_THERE if points_only_at_a_place(reply, verbs) else _OFFERED_KINDS
    facts = [profile.facts[n] for n in required if n not in skipped and profile.facts[n].kind in kinds]
    return _offered(profile, required, _without_state(agent_text), facts)


def carried_find(profile: Profile, required: Sequence[str], lines: Sequence[Line], index: int,
                 verbs: frozenset[str], since: int = 0, reply: str | None = None) -> tuple[int, dict[str, str]] | None:
    """(agent line, fact -> value): the thing a look-up found, for each required fact a look-up finds
    (`looked_up`), when the customer line at `index` has the task carried out on it (`takes_go_ahead`): "How
    about Help by Papa Roach?" - "What year is it from?" - "2017." - "Great." - "Shall I play it?" - "Yes."

    The find is the latest agent line from `since` that names such a value; on the way back, agent lines that
    name nothing ("Anything else?") or answer the customer's question about it ("What year is it from?" -
    "2017.") are passed over, and a customer line that turns it down or asks for another ends the search: the
    customer took nothing. A line putting several forward ("A, B or C?") is no one find. Only the thing itself
    is carried, never what describes it (an artist, a genre)."""
    looked_up = [n for n in required if profile.facts[n].looked_up]
    speakers = [line.speaker == AGENT for line in lines]
    texts = [line.text for line in lines]
    if not looked_up or not takes_go_ahead(speakers, texts, index, verbs, reply):
        return None
    answered: set[str] = set()  # what the answers about it named ("What songs do they have?" - "Last Resort.")
    for at in range(index - 1, since - 1, -1):
        text = texts[at]
        if not speakers[at]:
            if turns_away(text, verbs):
                return None  # "No, something else", "Are there any others?": not what was found before
            continue
        if names_nothing(text):
            continue  # "Shall I play it?", "Anything else?"
        before = texts[at - 1] if at and not speakers[at - 1] else ""
        found = {n: v for n, v in _read_offer(profile, required, text).items() if n in looked_up}
        if asks_question(before) and not proposes(text):
            answered |= {v.lower() for v in found.values()}
            continue  # "When was it out?" - "In 2017."; "What genre is the song?" - "Pop."
        if not found and lines[at].asks:
            continue  # "What time should I book?"
        if (not found or lines[at].asks or not is_offer(text, before) or answered - {v.lower() for v in found.values()}
                or any(_one_of_several(text, v) for v in found.values())):
            return None  # the latest line naming something names no one find
        return at, found
    return None


def _read_offer(profile: Profile, required: Sequence[str], agent_text: str) -> dict[str, str]:
    # kept with the profile: every case of a dialogue re-reads the same agent lines
    facts = [profile.facts[n] for n in required if profile.facts[n].kind in _OFFERED_KINDS]
    return dict(profile.remembered(("offer", tuple(required), agent_text),
                                   lambda: _offered(profile, required, _without_state(agent_text), facts)))


# A value listed with others: "A Madea Family Funeral, Auntie Mame, or Dr. Strangelove?", "dogman, hackers or
# high life?": a sentence offering a choice, or names in a row.
_OR = re.compile(r"\bor\b", re.IGNORECASE)
# (a credential after a name is no other value: "Dr. Robert A. Varady, MD", "Nina Birnbaum, M.D.")
_LISTED_AFTER = re.compile(r"\s*,\s*(?!(?-i:(?:[A-Z]\.?){2,5})(?:[,.]|\s*$))(?:and\s+)?(?:the\s+|a\s+)?(?-i:[A-Z0-9])",
                           re.IGNORECASE)
_LISTED_BEFORE = re.compile(r"(?-i:[A-Z0-9])[\w.!'&-]*\s*,\s+(?:and\s+)?$", re.IGNORECASE)


def _one_of_several(text: str, value: str) -> bool:
    at = text.find(value)
    if at < 0:
        return False
    sentence = next((m.group(0) for m in _SENTENCE.finditer(text) if m.start() <= at < m.end()), "")
    return bool(_OR.search(sentence) or _LISTED_AFTER.match(text, at + len(value)) or _LISTED_BEFORE.search(text[:at]))


def _offered(profile: Profile, required: Sequence[str], agent_text: str, facts: Sequence[FactProfile]
             ) -> dict[str, str]:
    """fact -> the one value of its kind the agent's line names for each of `facts` (kept with the profile:
    every case of a dialogue reads the same agent lines again)."""
    return dict(profile.remembered(("offered", tuple(required), agent_text, tuple(f.fact.name for f in facts)),
                                   lambda: _read_offered(profile, required, agent_text, facts)))


def _read_offered(profile: Profile, required: Sequence[str], agent_text: str, facts: Sequence[FactProfile]
                  ) -> dict[str, str]:
    found: dict[str, str] = {}
    for fact in facts:
        spans = _spans(profile, fact, agent_text)
        if fact.area:  # "1 room at The River Hotel": a point "at" something, or named as one, is no city
            spans = [s for s in spans if not names.AT_POINT.search(agent_text[:s[0]]) and not names.names_a_point(s[2])]
        rivals = [f for f in (profile.facts[n] for n in required) if f is not fact and f.kind == fact.kind]
        if rivals:
            role = fact_role(fact)
            spans = [s for s in spans if role is not None and value_role(agent_text, s[0]) == role
                     and all(fact_role(r) != role for r in rivals)]
        # (a person named in a row with others is no one offer)
        in_a_row = fact.kind == PERSON and bool(spans) and _one_of_several(agent_text, spans[0][2])
        if len({s[2].lower() for s in spans}) == 1 and not in_a_row:
            found[fact.fact.name] = spans[0][2]
    return one_fact_per_value(found, profile)


def offered_as_choice(profile: Profile, fact: FactProfile, agent_text: str, value: str) -> bool:
    """The agent line puts `value` forward as one side of an "or" with another value of the fact's kind ("9:30 am
    or 2 pm?", "7 pm, or would 8:30 pm suit you better?"): a choice, which a bare yes does not settle. Values of
    one kind in other roles ("leaves at 7 am and lands at 10 am") are no choice."""
    if fact.kind not in _OFFERED_KINDS:
        return False
    return in_a_choice(agent_text, _spans(profile, fact, _without_state(agent_text)), value)


def points_only_at_a_place(reply: str, verbs: frozenset[str]) -> bool:
    """The reply acknowledges the agent's line and refers back to it only by "there": "Okay thanks, I'd like a
    ticket going there" may take a place (or who or what is found at one) from it, never a date, time or amount."""
    return _only_acknowledged(reply, verbs, _ACKNOWLEDGED_BUT_A_PLACE) and not _only_acknowledged(reply, verbs)


def _only_acknowledged(reply: str, verbs: frozenset[str], acknowledged: re.Pattern = _ACKNOWLEDGED) -> bool:
    """The reply only acknowledges what it was told: no request to go ahead, no later sentence that takes."""
    if not acknowledged.match(reply) or goes_ahead(reply, verbs):
        return False
    later = _LATER_SENTENCES.search(reply)
    return later is None or not accepts(later.group("rest"))


def _without_state(text: str) -> str:
    """The line with each sentence of state blanked in place (same length). Sentences are cut first and then
    searched, rather than one pattern padded with "any words of the sentence" on both sides: that pattern
    retried every start of every sentence and cost a tenth of a whole turn."""
    blanks = [m.span() for m in _SENTENCE.finditer(text) if _STATE.search(text, *m.span())]
    for start, end in blanks:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _spans(profile: Profile, fact: FactProfile, text: str) -> list[values.Span]:
    spans = kind_spans(profile, fact.kind, text)
    if spans is not None:
        return spans
    if fact.kind == TITLE:
        found = [s for s in names.titles(text, profile.schema_words, loose=True)
                 if not _kind_of(fact, text, s[1], s[0])]
        if not found:
            found = _lower_case_offer(text)  # "how about bad reputation by shawn mendes?"
        if not found:
            # nothing else named: a point "at" something is the thing offered ("a table at Sushi Zen in Napa")
            found = [s for s in names.titles(text, profile.schema_words, loose=True, at_points=True)
                     if names.AT_POINT.search(text[:s[0]])]
        found = [s for s in found if not _named_for_another(profile, fact, text, s[0])
                 and not _a_kind(text, s) and not _opening_verb(text, s)]
        # a cue, or the fact's own noun right before the title: "the Morgan Wallen song Whiskey Glasses"
        cued = [s for s in found if s[3] or _after_own_noun(fact, text, s[0])]
        return [s[:3] for s in (cued or found[:1])]
    return offered_mentions(profile, fact, text)


# An offer written all in lower case still names its thing after the offering words and before "by", "from",
# "in" or the end of its clause: "how about bad reputation by shawn mendes", "1 song called blue skies by lenka".
_OFFERING = re.compile(r"\b(?:how\s+about|what\s+about|called|named|titled|listen\s+to|hear|watch)\s+"
                       r"(?!(?:the|a|an|this|that|it|some|any|one|you|your|me|my|to|something|anything)\b)"
                       r"(?P<name>(?-i:[a-z0-9][a-z0-9']*(?:\s+[a-z0-9'&]+){0,5}?))"
                       r"(?=\s+(?:by|from|off|in|on|which|that|with|for)\b|\s*[,.?!]|\s*$)", re.IGNORECASE)


def _lower_case_offer(text: str) -> list[tuple[int, int, str, bool]]:
    """The thing a lower-case offer names: one name, the last cued one ("... album burlesque called tough lover")."""
    found = list(_OFFERING.finditer(text))
    if not found:
        return []
    last = found[-1]
    return [(last.start("name"), last.end("name"), last.group("name"), True)]


def _kind_of(fact: FactProfile, text: str, end: int, start: int | None = None) -> bool:
    """A capitalised word before the fact's own noun says what kind of it: "a Reggae song", "a Family movie";
    (given its `start`) one word only: "the Falcons Vs Jaguars event" names the event."""
    after = text[end:end + 20].split()
    one_word = start is None or " " not in text[start:end].strip()
    return one_word and bool(after) and stem(after[0].lower().strip(".,!?")) in fact.cues


# Words a name may hold between its capitalised words: "This is Acting", "Sing To Me Instead", "Pride and Joy".
_NAME_JOINERS = frozenset({"is", "of", "the", "a", "an", "in", "and", "to", "&", "for", "on", "at", "my", "me", "you"})


def _named_for_another(profile: Profile, fact: FactProfile, text: str, start: int) -> bool:
    """The name stands in (or right after) a name that another fact's own noun opens: in "Bird Set Free by Sia
    from the album This is Acting", "Acting" belongs to the album, not the song."""
    before = [w.strip(",:\"'") for w in text[:start].split()[-6:]]
    while before and (before[-1][:1].isupper() or (before[-1].lower() in _NAME_JOINERS and len(before) > 1
                                                   and before[-2][:1].isupper())):
        before.pop()  # the rest of the name: "This is" of "This is Acting" (not "is at" of "the property is at")
    if len(before) > 1 and _NUMBER.fullmatch(before[-2]):
        return False  # "the 4 star Best Western": a number and its noun describe the thing named, a measure of it
    for bare in before[-1:]:
        noun = stem(bare.lower())
        # the other fact's own name, not any word of its description: a reworded schema moves those about; and
        # one other fact's, not a word many facts' names share, which names the thing the service deals in
        # ("the event Fidlar" where the facts are "event_location", "address_of_event", "event_start_time")
        return (noun not in fact.cues and noun not in fact.name_stems
                and sum(noun in other.name_stems for other in profile.facts.values() if other is not fact) == 1)
    return False


_NUMBER = re.compile(r"\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten", re.IGNORECASE)


# One capitalised word between "a"/"an" and a lower-case word says what kind of thing: "It is a Baseball game",
# "an Italian restaurant"; a name takes no article ("a Sushi Zen").
_A_BEFORE = re.compile(r"\b(?:a|an)\s+$", re.IGNORECASE)
_LOWER_AFTER = re.compile(r"\s+[a-z]")
# One capitalised word opening a sentence before an article or a pronoun is a verb: "Found an apartment in the
# name Casa Pino Condos", "Try the Sushi Zen"; a name opening one is followed by its verb ("Hellboy is showing").
_OPENING = re.compile(r"(?:^|[.!?]\s*)\W*$")
_OBJECT_AFTER = re.compile(r"\s+(?:a|an|the|this|that|these|those|some|any|another|me|you|us|him|her|them|it)\b")


def _a_kind(text: str, span: tuple[int, int, str, bool]) -> bool:
    return (" " not in span[2] and bool(_A_BEFORE.search(text[:span[0]]))
            and bool(_LOWER_AFTER.match(text, span[1])))


def _opening_verb(text: str, span: tuple[int, int, str, bool]) -> bool:
    return (" " not in span[2] and bool(_OPENING.search(text[:span[0]]))
            and bool(_OBJECT_AFTER.match(text, span[1])))


def _after_own_noun(fact: FactProfile, text: str, start: int) -> bool:
    before = text[:start].split()
    return bool(before) and stem(before[-1].lower().strip(",:")) in fact.cues


# A sentence the customer asks, turns down or looks past the offer in does not pick from it: "Is Hellboy
# scary?", "I've seen Dumbo already", "anything other than Hellboy".
_NOT_A_PICK = re.compile(r"\?|\b(?:not|no|never|else|other|another|already|besides|except|than|instead\s+of)\b|n't\b",
                         re.IGNORECASE)
_PICK_SENTENCE = re.compile(r"[^.!?;]+[.!?;]*")
_PICKED_KINDS = (TITLE, PERSON)


def picked_offer(profile: Profile, required: Sequence[str], agent_text: str, agent_asks: Sequence[str], reply: str,
                 skip: Iterable[str] = ()) -> dict[str, str]:
    """fact -> the thing the customer picks from the agent's line by naming it: "What do you think about After,
    Pillow Talk, or Say Anything?" - "I really like Pillow Talk." The value is the customer's own words, and
    it is one the agent put forward (so a name the customer merely mentions is not taken); a thing of a kind
    with a rival among the required facts (two titles) is left to the agent's next question."""
    if not agent_text:
        return {}
    skipped = set(skip)
    kinds = [profile.facts[n].kind for n in required]
    # a line asking for another fact puts nothing forward for this one ("What city are you looking for?")
    facts = [profile.facts[n] for n in required if n not in skipped and profile.facts[n].kind in _PICKED_KINDS
             and kinds.count(profile.facts[n].kind) == 1 and (not agent_asks or n in agent_asks)]
    if not facts:
        return {}
    found: dict[str, str] = {}
    for fact in facts:
        named = _named_items(fact, _put_forward(profile, fact, agent_text), reply)
        if len(named) == 1:
            found[fact.fact.name] = named[0]
    return found


def _put_forward(profile: Profile, fact: FactProfile, agent_text: str) -> list[str]:
    """What the agent's line names for the customer to take: its titles. One word opening a sentence is not
    one ("Savings or checking?": a capital that only opens the sentence), nor a kind of the thing ("It's
    a Reggae song")."""
    items = {value for start, end, value, _ in names.titles(agent_text, profile.schema_words, loose=True)
             if (" " in value or not _SENTENCE_OPENING.search(agent_text[:start]))
             and not _kind_of(fact, agent_text, end, start)}
    # "Dogman and Hackers": each side of a joint is an item too (the customer names one; "Josie and the
    # Pussycats" named whole is still the longer item)
    items |= {part for item in items for part in _JOINT.split(item) if part and part[:1].isupper()}
    return sorted(items, key=len, reverse=True)


_JOINT = re.compile(r"\s+(?:and|or|&)\s+")
_SENTENCE_OPENING = re.compile(r"(?:^|[.!?]\s*)\W*$")


def _named_items(fact: FactProfile, items: list[str], reply: str) -> list[str]:
    """The items the reply names in a sentence that picks (no question, no refusal), in the reply's own spelling;
    an item inside a longer one named is not counted again. Not an item that modifies the fact's own noun
    ("a Family movie" names a genre, not the film "Family")."""
    named: list[tuple[int, int, str]] = []
    for sentence in _PICK_SENTENCE.finditer(reply):
        if _NOT_A_PICK.search(sentence.group(0)):
            continue
        for item in items:
            for variant in (item, re.sub(r"^(?:the|a|an)\s+", "", item, flags=re.IGNORECASE)):
                pattern = re.compile(rf"(?<![\w'’-]){re.escape(variant)}(?![\w'’-])", re.IGNORECASE)
                for match in pattern.finditer(reply, sentence.start(), sentence.end()):
                    if _kind_of(fact, reply, match.end()):
                        continue
                    if not any(s <= match.start() and match.end() <= e for s, e, _ in named):
                        named.append((match.start(), match.end(), match.group(0)))
    return list(dict.fromkeys(v for _, _, v in named))
