"""Text normalisation shared by the grader, the contract and the offline extractor."""

from __future__ import annotations

import re
import unicodedata

_SPACE = re.compile(r"\s+")


def collapse(text: str) -> str:
    """Casefold and collapse whitespace: the grader's only normalisation."""
    return _SPACE.sub(" ", text.casefold()).strip()


def fold(text: str) -> str:
    """NFKC, then `collapse`: how the contract looks a value up in the conversation.

    NFKC folds compatibility forms (full-width digits, ligatures) so a value typed with
    them is still found; homoglyphs from other scripts are deliberately not folded.
    """
    return collapse(unicodedata.normalize("NFKC", text))
