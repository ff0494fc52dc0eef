"""The documented size limit of one customer message, checked before anything is sent.

2,000 characters is over seven times the longest customer line (265 characters) in the five
SGD services we grade, and keeps a prompt's conversation part bounded. An oversize message is refused with one clear
error that carries the text back, so the caller can show it again: nothing typed is lost.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.case import AGENT, Line
from core.errors import UsageError

MAX_MESSAGE_CHARS = 2000


class MessageTooLong(UsageError):
    """A customer message over `MAX_MESSAGE_CHARS`. `.text` holds the message, untouched."""

    def __init__(self, text: str, limit: int = MAX_MESSAGE_CHARS) -> None:
        self.text = text
        self.limit = limit
        super().__init__(
            f"the customer message is {len(text):,} characters and the limit is {limit:,} "
            f"(core.limits.MAX_MESSAGE_CHARS): nothing was sent; shorten it or send it in parts"
        )


def check_message(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """The message itself when it fits; `MessageTooLong` (holding it) when it does not."""
    if len(text) > limit:
        raise MessageTooLong(text, limit)
    return text


def check_lines(lines: Iterable[Line], limit: int = MAX_MESSAGE_CHARS) -> None:
    """Every customer line of a conversation fits; agent lines are ours and are not limited."""
    for line in lines:
        if line.speaker != AGENT:
            check_message(line.text, limit)
