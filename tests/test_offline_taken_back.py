"""A value the customer takes back with a demonstrative ("not that one", "not that day") in the clause after it, and a
thing pointed at rather than named ("that one"), read by the offline tier and by the contract, each beside the plain
statement it imitates (our own wording, an invented schema)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_WRONG_KIND
from tests.talking import codes, kept, read, talk

SHOWS = Checklist.from_schema({
    "service_name": "Shows_9",
    "slots": [
        {"name": "show", "description": "Title of the show to stream", "is_categorical": False},
        {"name": "air_day", "description": "Date to watch it", "is_categorical": False},
    ],
    "intents": [{"name": "StreamShow", "required_slots": ["show", "air_day"], "is_transactional": True}],
})
ASK_SHOW = ("Which show?", ("show",))


def test_not_that_one_takes_back_the_clause_before_it() -> None:
    for line in ("Put on Bluey. No, hold on, not that one, the kids are asleep.",
                 "Put on Bluey, no, not that one.",
                 "Put on Bluey on Friday. Hmm, not that day."):
        lines = talk("I want to stream something.", ASK_SHOW, line)
        assert read(SHOWS, "StreamShow", lines) == {}, line
        assert not kept(SHOWS, "StreamShow", lines, "show", "Bluey"), line
    plain = talk("I want to stream something.", ASK_SHOW, "Put on Bluey.")
    assert read(SHOWS, "StreamShow", plain) == {"show": "Bluey"}
    assert kept(SHOWS, "StreamShow", plain, "show", "Bluey")


def test_refusing_an_offer_with_not_that_one_keeps_what_the_customer_said_before() -> None:
    lines = talk("I want to stream a show on Friday.", ("How about Bluey?", ()), "No, not that one.")
    assert read(SHOWS, "StreamShow", lines) == {"air_day": "Friday"}


def test_not_that_before_a_subject_denies_a_reason_and_names_nothing() -> None:
    lines = talk("I want to stream something.", ASK_SHOW, "Not that I mind Bluey.")
    assert "show" not in read(SHOWS, "StreamShow", lines)


def test_a_thing_pointed_at_is_not_named() -> None:
    for pointing in ("that one", "That one.", "the other one", "this"):
        assert codes(SHOWS, {"show": pointing}, "I want to stream something.", ASK_SHOW,
                     f"{pointing[0].upper()}{pointing[1:]}") == [VALUE_WRONG_KIND], pointing
    assert codes(SHOWS, {"show": "Bluey"}, "I want to stream something.", ASK_SHOW, "Bluey.") == []


def test_an_interjection_alone_is_no_name() -> None:
    for reply in ("Hmm.", "Um...", "Erm"):
        assert "show" not in read(SHOWS, "StreamShow", talk("I want to stream something.", ASK_SHOW, reply)), reply
    assert read(SHOWS, "StreamShow", talk("I want to stream something.", ASK_SHOW, "Bluey."))["show"] == "Bluey"
