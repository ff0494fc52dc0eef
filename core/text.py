"""Text normalisation shared by the grader, the contract and the offline extractor."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

_SPACE = re.compile(r"\s+")
# A form of address or a place's abbreviation before a name ("Dr. Kim", "St. Louis"), or a middle initial between
# names ("Robert E. Durr"): its full stop ends no sentence. For sentence patterns: `(?:{ABBREVIATED}|[^.!?])+`.
ABBREVIATED = (r"(?:\b(?-i:Dr|Mr|Mrs|Ms|Mx|Prof|St|Mt|Ft|Jr|Sr)|(?<=(?-i:[a-z])\s)\b(?-i:[A-Z]))"
               r"\.(?=\s+(?-i:[A-Z][a-z]))")
# The numbers a customer spells as a word as often as in digits, by value: "four" is 4.
SMALL_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                      "eleven", "twelve")
_T = TypeVar("_T")
_LINE_CACHES: list[Callable[[], None]] = []


def line_cache(read: Callable[..., _T]) -> Callable[..., _T]:
    """`lru_cache` for a pure reading of a line: the contract asks the same line the same question for each value
    it checks, and a conversation re-sends its lines every turn. Emptied by `clear_line_caches`."""
    cached = lru_cache(maxsize=16_384)(read)
    _LINE_CACHES.append(cached.cache_clear)
    return cached


def clear_line_caches() -> None:
    """Forget every `line_cache` reading (a benchmark's cold pass starts without them)."""
    for clear in _LINE_CACHES:
        clear()

# Latin look-alikes from other scripts (Cyrillic, Greek, a few symbols), folded to the Latin
# letter they imitate. Only letters that render the same in common fonts: enough to see
# "ѕаvings" (Cyrillic ѕ and а) as "savings", not a full Unicode TR39 table.
_CONFUSABLES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "х": "x",
    "ԝ": "w", "ӏ": "l", "ґ": "r", "ѵ": "v", "ү": "y",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ϲ": "c", "ϳ": "j",
    # Latin-script and symbol look-alikes NFKC keeps apart
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ǀ": "l", "‐": "-", "‑": "-", "‒": "-", "–": "-",
    "—": "-", "−": "-", "‘": "'", "’": "'", "ʼ": "'", "“": '"', "”": '"',
})


def collapse(text: str) -> str:
    """Casefold and collapse whitespace: the grader's only normalisation."""
    return _SPACE.sub(" ", text.casefold()).strip()


def strip_invisible(text: str) -> str:
    """Drop format characters (zero-width spaces and joiners, bidi overrides, soft hyphens).

    They change no letter a reader sees, so a value split by one is still the same value.
    """
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def unhidden(text: str) -> str:
    """The text without the format characters a reader never sees (zero-width spaces and joiners, soft
    hyphens, direction marks), keeping the bidi overrides, embeddings and isolates that reorder what is shown
    (`display_reordered` reads those): "n\u200bot okay" reads as "not okay"."""
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf" or "\u202a" <= ch <= "\u202e"
                   or "\u2066" <= ch <= "\u2069")


def fold(text: str) -> str:
    """NFKC, invisible characters dropped, then `collapse`: how the contract reads text.

    NFKC folds compatibility forms (full-width digits, ligatures) so a value typed with
    them is still found; look-alikes from other scripts are left to `skeleton`.
    """
    return collapse(strip_invisible(unicodedata.normalize("NFKC", text)))


@lru_cache(maxsize=65_536)  # every value checked re-reads the same conversation lines
def skeleton(text: str) -> str:
    """`fold`, then look-alike letters mapped to the Latin letter they imitate.

    Two strings with the same skeleton read the same on screen: the contract uses it so a
    value is "in the conversation" when the customer visibly typed it, whatever the script.
    """
    return fold(text).translate(_CONFUSABLES)


def _units(text: str) -> list[tuple[int, int]]:
    """(start, end) of each base character with the combining marks that follow it."""
    units: list[tuple[int, int]] = []
    for index, ch in enumerate(text):
        if units and unicodedata.combining(ch):
            units[-1] = (units[-1][0], index + 1)
        else:
            units.append((index, index + 1))
    return units


@lru_cache(maxsize=16_384)  # every value checked re-reads the same conversation lines
def skeleton_map(text: str) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """`skeleton(text)` built piece by piece, with where each of its characters came from.

    Returns (skeleton, starts, ends): character i of the skeleton comes from
    text[starts[i]:ends[i]]. Whitespace runs collapse to one space and the ends are trimmed,
    as in `collapse`.
    """
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for start, end in _units(text):
        piece = strip_invisible(unicodedata.normalize("NFKC", text[start:end])).casefold().translate(_CONFUSABLES)
        for ch in piece:
            if ch.isspace():
                if not out or out[-1] == " ":
                    continue
                ch = " "
            out.append(ch)
            starts.append(start)
            ends.append(end)
    if out and out[-1] == " ":
        out.pop(), starts.pop(), ends.pop()
    return "".join(out), tuple(starts), tuple(ends)


def find_span(text: str, value: str) -> tuple[int, int] | None:
    """(start, end) of the part of `text` that reads as `value` (same skeleton, whole words), or None.

    "Maria" in "send it to Мaria" spans "Мaria" as typed: the contract collects the text's own characters.
    """
    needle = skeleton(value)
    haystack, starts, ends = skeleton_map(text)
    at = _word_match(haystack, needle)
    if at is None:
        return None
    return starts[at], ends[at + len(needle) - 1]


# Bidi embeddings, overrides and isolates: text inside them may be shown in another order than stored.
_BIDI_OPEN = frozenset("\u202a\u202b\u202d\u202e\u2066\u2067\u2068")
_BIDI_CLOSE = frozenset("\u202c\u2069")
BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")  # an override, embedding or isolate anywhere in a string


def display_reordered(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies inside (or holds) a bidi override, embedding or isolate.

    "\u202e005$" is stored as "005$" and shown as "$500": a value read from it is not what the
    customer saw. Plain right-to-left script is not reordered against itself and passes.
    """
    if BIDI_CONTROL.search(text, 0, end) is None:
        return False  # nearly every line: no embedding to walk
    depth = 0
    for index, ch in enumerate(text[:end]):
        if ch in _BIDI_OPEN:
            depth += 1
        elif ch in _BIDI_CLOSE:
            depth = max(0, depth - 1)
        elif ch in "\n\u2029":
            depth = 0  # a paragraph end closes every embedding
        if index >= start and (depth or ch in _BIDI_OPEN or ch in _BIDI_CLOSE):
            return True
    return False


def shown_order(text: str) -> str:
    """The line roughly as a screen shows it: what a right-to-left override (U+202E, up to its pop or the paragraph
    end) holds reversed, every bidi control dropped. "\u202e005$" shows "$500"."""
    if "\u202e" not in text:
        return BIDI_CONTROL.sub("", text)
    shown: list[str] = []
    held: list[str] | None = None
    for ch in text:
        if ch == "\u202e":
            if held is not None:
                shown.extend(reversed(held))
            held = []
        elif held is not None and (ch in _BIDI_CLOSE or ch in "\n\u2029"):
            shown.extend(reversed(held))
            held = None
            if ch not in _BIDI_CLOSE:
                shown.append(ch)
        elif not BIDI_CONTROL.match(ch):
            (held if held is not None else shown).append(ch)
    if held is not None:
        shown.extend(reversed(held))
    return "".join(shown)


def _word_match(haystack: str, needle: str) -> int | None:
    if not needle:
        return None
    start = haystack.find(needle)
    while start != -1:
        end = start + len(needle)
        left_ok = start == 0 or not (haystack[start - 1].isalnum() and needle[0].isalnum())
        right_ok = end == len(haystack) or not (haystack[end].isalnum() and needle[-1].isalnum())
        if left_ok and right_ok:
            return start
        start = haystack.find(needle, start + 1)
    return None


def blank(match: re.Match[str]) -> str:
    """A match blanked in place, as `pattern.sub(blank, text)`: what is not read keeps its length, so every span
    found in the rest still points into the line as typed."""
    return " " * len(match.group(0))


def every_span(text: str, value: str) -> list[tuple[int, int]]:
    """Every place `text` reads as `value` (`find_span`), first to last."""
    spans: list[tuple[int, int]] = []
    while (span := find_span(text, value)) is not None:
        spans.append(span)
        text = text[:span[0]] + " " * (span[1] - span[0]) + text[span[1]:]
    return spans


def contains_words(haystack: str, needle: str) -> bool:
    """`needle` occurs in `haystack` without cutting a word at either end (both already folded).

    "Rent" is in "rent 1500", "Mar" is not in "maria", "$50" is not in "$500".
    """
    return _word_match(haystack, needle) is not None


def words_reordered(text: str, value: str) -> bool:
    """The value's words, two or more, stand together in `text` but in another order: "Kings Cross Comfort Inn"
    of "Comfort Inn Kings Cross", "Henson Taraji P." of "Taraji P. Henson". Compared by skeleton, word by word."""
    wanted = re.findall(r"[^\W_]+", skeleton(value))
    if len(wanted) < 2:
        return False
    said = re.findall(r"[^\W_]+", skeleton(text))
    size, target = len(wanted), sorted(wanted)
    return any(said[i:i + size] != wanted and sorted(said[i:i + size]) == target
               for i in range(len(said) - size + 1))
