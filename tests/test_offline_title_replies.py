"""Replies to "which one?" that name no title, each beside the reply that does, read by the offline tier and the
contract alike (invented schema, our own wording): one set apart from a title it names ("Something like X but less
Y"), a form's placeholder ("TBD"), and a question of the customer's own, which is no whole-reply title."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline.free import title_answer
from tests.talking import kept, read, talk

FILMS = Checklist.from_schema({
    "service_name": "Films_9",
    "slots": [{"name": "film", "description": "Title of the film", "is_categorical": False}],
    "intents": [{"name": "StreamFilm", "required_slots": ["film"], "is_transactional": True}],
})
ASK = ("Which film?", ("film",))


@pytest.mark.parametrize("reply", ["Something like Inception but less confusing.", "TBD."])
def test_a_reply_that_names_no_title_states_none(reply: str) -> None:
    lines = talk("Stream a film for me.", ASK, reply)
    assert read(FILMS, "StreamFilm", lines) == {}
    assert not kept(FILMS, "StreamFilm", lines, "film", "Inception" if "Inception" in reply else "TBD")


@pytest.mark.parametrize("reply", ["Inception.", "How about Inception?", "Inception?", "I'd like Inception."])
def test_a_reply_naming_the_title_states_it(reply: str) -> None:
    lines = talk("Stream a film for me.", ASK, reply)
    assert read(FILMS, "StreamFilm", lines) == {"film": "Inception"}
    assert kept(FILMS, "StreamFilm", lines, "film", "Inception")


def test_a_question_of_the_customers_own_is_no_whole_reply_title() -> None:
    for question in ("Is Inception any good?", "Inception was great, anything similar?"):
        assert title_answer(question) is None, question
    for proposal in ("How about Inception?", "Do you have Inception?", "Inception?"):
        assert title_answer(proposal) == "Inception", proposal
