"""Whether a vocabulary value is stated plainly, or only offered as an option or said in a language not read.

"Debit card or credit card" offers two values of one fact and picks neither; "savings/checking" too.
The offline tier reads English only: in a sentence of another language it cannot see a negation, a
condition or an instruction ("Markiere das Konto als savings", "Deportes no, y tampoco Music"), so no value
there is taken as stated, of any fact, nor in the rest of its line, which that sentence may take back
(`unread_sentences` blanks the line before it is read), and the agent asks again. A sentence is of another
language when its lower-case words (names are capitalised),
four or more, hold two or more function words of another language and more of them than English ones: words
both languages spell alike ("no", "in") count as English, so a code-switched sentence still reads as foreign
when the other language carries it. A bare "Savings." is read, and so is a short name ("viva las vegas").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from core.extractors.offline.profile import words
from core.text import ABBREVIATED, skeleton

Mention = tuple[int, int, str]
# What joins two values offered as alternatives: "A or B", "A / B", "A or maybe B", "A vs B".
_ALTERNATIVE = re.compile(
    r"^[\s,]*(?:/|\\|\bor\b|\bnor\b|\bvs\.?|\bversus\b)\s*(?:(?:else|the|my|a|an|your|maybe|perhaps|possibly|"
    r"even|just)\s+)*$", re.IGNORECASE)
_SENTENCE = re.compile(rf"(?:{ABBREVIATED}|[^.!?;\n\u2028\u2029])+")
# Common English words: a sentence with none of these (nor any checklist word) is in another language.
ENGLISH = frozenset(words("""
a about after all also am an and any are as at be because been before being but by can could did do does
done for from get give go going got had has have he her here him his how i if in into is it its just know
let like make me mine more most my need no not now of off on one only or our out over please put same
send she should so some take than thank thanks that the their them then there these they this those to
too up us use used want was we well were what when where which who will with would yes you your
ok okay sure fine hi hello yeah yep nope thing want wants go goes using
"""))
# Function words of other languages a customer may switch to (none of them an English word).
OTHER_LANGUAGES = frozenset(words("""
der das dem den des ein eine einen ist sind und oder als auf mit von zu du ich wir sie hast habe hat alles
nicht kein keine bitte konto mein meine dein deine ihr sein ja nein auch noch schon nur wie wer
el la los las un una es y o como con por para de del al que lo su tu mi yo tienes tengo cuenta
le les une est et ou comme avec pour du au ce sa ton mon je tu vous nous avez compte
il lo gli di che con sono ho hai conto mio
uma um os com para voce
het een ik jij je mijn en
aber zum zur aus bei nach wo da ich mich mir
pero ni tampoco tambien también esta este esto eso sin muy
mais pas ni aussi cette
"""))
_FOREIGN_MIN_WORDS = 2
_SENTENCE_MIN_WORDS = 4
_UNLISTED_MIN_WORDS = 5
_OTHER_SCRIPT_MIN_LETTERS = 5


def alternatives(text: str, mentions: Sequence[Mention]) -> set[int]:
    """Indexes of mentions offered as alternatives to a mention of another value ("A or B")."""
    offered: set[int] = set()
    for index in range(len(mentions) - 1):
        first, second = mentions[index], mentions[index + 1]
        if first[2] != second[2] and first[1] <= second[0] and _ALTERNATIVE.match(text[first[1]:second[0]]):
            offered |= {index, index + 1}
    return offered


# A word of doubt close before a value: "maybe savings", "it may be from checking", "possibly the 5th".
_HEDGED = re.compile(r"\b(?:maybe|perhaps|possibly|probably|(?:might|may|could)\s+be)\s+(?:[a-z]+\s+){0,2}$",
                     re.IGNORECASE)


def hedged_alternatives(text: str, mentions: Sequence[Mention]) -> set[int]:
    """Indexes of mentions each put forward with a word of doubt, where two or more different values are: "Maybe
    savings, maybe checking" weighs both and chooses neither (one hedged value alone is read as said)."""
    hedged = {index for index, mention in enumerate(mentions)
              if _HEDGED.search(text, max(0, mention[0] - 40), mention[0])}
    return hedged if len({skeleton(mentions[i][2]) for i in hedged}) > 1 else set()


# What may stand between two values put forward as a choice: an "or" inside one sentence ("9:30 am or 2 pm",
# "7 pm, or would 8:30 pm suit you better?").
_OR_BETWEEN = re.compile(r"[^.!?;]*\bor\b[^.!?;]*", re.IGNORECASE)


def in_a_choice(text: str, spans: Sequence[tuple[int, int, str]], value: str) -> bool:
    """`value`, where it stands among `spans` (values of one kind in `text`), is one side of an "or" with
    another of them: a choice put forward, which a bare yes does not settle."""
    mine = [(s, e) for s, e, v in spans if skeleton(v) == skeleton(value)]
    others = [(s, e) for s, e, v in spans if skeleton(v) != skeleton(value)]
    return any(_OR_BETWEEN.fullmatch(text[min(e1, e2):max(s1, s2)])
               for s1, e1 in mine for s2, e2 in others if e1 <= s2 or e2 <= s1)


# A value-like word (capitalised or a number, not "I") on the other side of "or": "Jenny or Mike", "Hair Lab or
# maybe Hairology", "8:10 am or 9:20 am" ("vs" joins the two sides of one name: "Cardinal vs Wildcats", and "OR"
# is a state: "Portland, OR").
# An interjection may come between ("Three. Ugh, or not"), and "or not" takes the value back as undecided.
# (an ellipsis trails off the same way: "We're 3... hmm, or maybe 4")
_OR_AFTER = re.compile(r"(?:\s+one)?\s*(?:[,.]|\.{3}|…)?\s*(?:(?:ugh|hmm+|um+|uh|well|actually)\s*[,.]?\s*)?"
                       r"(?-i:or|Or|/|nor)\s+"
                       r"(?:(?:else|maybe|perhaps|possibly|even|the|a|an)\s+)*"
                       r"(?:(?!I\b)(?-i:[A-Z0-9$£€])|(?:not|surprise|whatever|whichever|anything|anywhere|somewhere|any\s+time|"
                       r"you\s+(?:pick|choose|decide))\b)", re.IGNORECASE)  # "2 pm. Or 4", "Standard. Or surprise me"
_OR_BEFORE = re.compile(r"(?-i:[A-Z0-9])[\w.'$£€:…]*\s*,?\s*(?:(?:ugh|hmm+|um+|uh|well|actually)\s*,?\s*)?"
                        r"(?-i:\bor|\bOr|/|\bnor)\s+"
                        r"(?:(?:else|maybe|perhaps|possibly|even|the|a|an)\s+)*$", re.IGNORECASE)


def echoed(text: str, start: int, end: int) -> bool:
    """text[start:end] alone makes a question that the line then turns down or sets beside another asked alike:
    "Pine Hollow? Never again.", "Music? Sports? I can't decide." A name asked back so is weighed, not chosen
    ("March 4th?" alone, or "Wild Nights? That is a nice movie", answers with a rising voice)."""
    opening = max(text.rfind(mark, 0, start) for mark in ".!?;\n") + 1
    if re.search(r"\w", text[opening:start]) or not re.match(r"\s*\?", text[end:]):
        return False
    before = text[:opening].rstrip()
    rest = text[end:]
    after = end + len(rest) - len(rest.lstrip(" \t?!"))  # past every mark: "5:10 am?? that early? no way"
    return bool(_REFUSAL_NEXT.match(text, after) or _ECHO_AFTER.match(text, after) or _ECHO_BEFORE.search(before))


# What makes an echoed value weighed: a refusal right after it, or another value echoed beside it.
# (a laugh at it mocks it: "Sports? Ha, because I just love sitting in the cold")
_REFUSAL_NEXT = re.compile(r"\s*(?:no|nope|nah|never|not|no\s+way|ha(?:ha)*|lol|lmao|yeah\s+right|as\s+if)\b",
                           re.IGNORECASE)
_ECHO = r"[^\W\d_][\w'-]*(?:\s+[\w'-]+){0,2}\?"  # a name of up to three words, asked
_ECHO_AFTER = re.compile(rf"\s*{_ECHO}")
_ECHO_BEFORE = re.compile(rf"(?:^|[.!?;]\s*){_ECHO}$")


def one_of_two(text: str, start: int, end: int) -> bool:
    """The value stands beside "or" and another value-like word: offered as one of two, not chosen."""
    return bool(_OR_AFTER.match(text, end) or _OR_BEFORE.search(text[:start]))


def foreign(text: str, mention: Mention, known: frozenset[str]) -> bool:
    """True when the mention's sentence has other words and none of them is English or the checklist's."""
    start, end, value = mention
    sentence = next((m for m in _SENTENCE.finditer(text) if m.start() <= start < m.end()), None)
    if sentence is None:
        return False
    own = set(words(value)) | set(words(text[start:end]))
    others = [w for w in words(sentence.group(0)) if w not in own and len(w) > 1]
    if len(others) < _FOREIGN_MIN_WORDS:
        return False
    return not any(w in ENGLISH or w in known for w in others) and any(w in OTHER_LANGUAGES for w in others)


def _lower_words(sentence: str) -> list[str]:
    """The sentence's words in lower case, leaving out capitalised ones inside it (names: "Los Angeles")."""
    found = re.findall(r"[^\W\d_][\w'’-]*", sentence)
    return [w.lower() for i, w in enumerate(found) if i == 0 or not w[:1].isupper()]


def in_other_language(sentence: str, known: frozenset[str] = frozenset()) -> bool:
    """The sentence is carried by another language: more of its words are another language's function words
    than English words or the checklist's own ("Ich suche ein Haus, aber nicht in Munich")."""
    if _other_script(sentence):
        return True
    said = [w for w in _lower_words(sentence) if len(w) > 1]
    other = {w for w in said if w in OTHER_LANGUAGES and w not in ENGLISH}
    english = {w for w in said if w in ENGLISH or w in known}
    if len(said) < _SENTENCE_MIN_WORDS:
        # "viva las vegas", "la la land": a short answer is a name, whatever its words, unless it is a sentence
        # in lower case after its first word, carried by another language's function words alone ("Weiß ich nicht";
        # "Los Del Rio" and "Las Casas de San Pedro Apartments" write their words with capitals)
        inner_capitals = any(w[:1].isupper() for w in re.findall(r"[^\W\d_][\w'’-]*", sentence)[1:])
        return len(other) >= _FOREIGN_MIN_WORDS and not english and not inner_capitals
    if len(other) >= _FOREIGN_MIN_WORDS and len(other) > len(english):
        return True
    # A language whose function words the list does not hold: five or more words, not one English function
    # word or checklist word among them, and letters English does not write ("Bocsánat, nem március 12-én, még
    # nem tudom a napot"); a telegraphic English line ("pick up friday drop off sunday") keeps its ASCII.
    # So is one whose words with such letters outnumber its English ones ("Pensándolo bien, no sé qué canción
    # quiero": "no" is English too; "a café near the plaza" is English with one borrowed word).
    accented = sum(1 for w in said if not w.isascii())
    return len(said) >= _UNLISTED_MIN_WORDS and (
        (not english and accented > 0) or (accented >= _FOREIGN_MIN_WORDS and accented > len(english)))


def _other_script(sentence: str) -> bool:
    """Most of the sentence's letters are of a script English does not write, and there are enough of them to say
    something ("不对，不是Wei，我还没决定给谁"); a script written without spaces has no words to count. A name of a few
    letters ("王伟") is still a name, and look-alike letters fold to the Latin ones they imitate first."""
    letters = [ch for ch in skeleton(sentence) if ch.isalpha()]
    other = sum(1 for ch in letters if not ch.isascii() and "LATIN" not in unicodedata.name(ch, ""))
    return other >= _OTHER_SCRIPT_MIN_LETTERS and other * 2 > len(letters)


def unread_sentences(text: str, known: frozenset[str] = frozenset()) -> str:
    """The line blanked in place (same length) when a sentence of it is of another language: what the tier
    cannot read may take back what it can ("Pick up Friday at 11 am. Die Uhrzeit stimmt nicht"), so such a
    line states nothing and the agent asks again."""
    if any(in_other_language(sentence.group(0), known) for sentence in _SENTENCE.finditer(text)):
        return " " * len(text)
    return text
