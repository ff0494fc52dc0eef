"""Where a name the customer gives stops, beside the plain statement it imitates (our own wording, an invented
schema): a day or an hour said after the name is when, not part of it; an adverb opening the sentence is no part
of the name after it."""

from __future__ import annotations

from core.checklist import Checklist
from core.extractors.offline.names import titles
from tests.talking import read, talk

TEAHOUSES = Checklist.from_schema({
    "service_name": "Teahouses_4",
    "slots": [
        {"name": "teahouse", "description": "Name of the teahouse to book", "is_categorical": False},
        {"name": "town", "description": "Town the teahouse is in", "is_categorical": False},
        {"name": "slot_time", "description": "Time of the booking", "is_categorical": False},
        {"name": "slot_day", "description": "Day of the booking", "is_categorical": False},
    ],
    "intents": [
        {"name": "BookTea", "required_slots": ["teahouse", "town", "slot_time"], "optional_slots": {"slot_day": ""},
         "is_transactional": True},
    ],
})
WHICH = ("Which teahouse would you like?", ("teahouse",))


def named(reply: str) -> str | None:
    return read(TEAHOUSES, "BookTea", talk("A table for tea in Leeds at 4 pm, please.", WHICH, reply)).get(
        "teahouse")


def test_a_day_or_an_hour_after_the_name_is_not_part_of_it() -> None:
    assert named("I want Jade Kettle at 5 pm.") == "Jade Kettle"
    assert named("Jade Kettle tomorrow please") == "Jade Kettle"
    assert named("Jade Kettle on Friday.") == "Jade Kettle"
    # the plain statements: the name alone, and names whose own capitalised words are a day or an hour
    assert named("Jade Kettle") == "Jade Kettle"
    assert named("I want Jade Kettle.") == "Jade Kettle"
    assert named("Tea At Eight O'Clock") == "Tea At Eight O'Clock"
    assert named("Sunday Leaves") == "Sunday Leaves"
    assert named("Rainy Tuesday Teas") == "Rainy Tuesday Teas"


def test_an_adverb_opening_the_sentence_is_no_part_of_the_name() -> None:
    def found(text: str) -> list[str]:
        return [value for _start, _end, value, _cued in titles(text)]
    assert found("Seriously Jade Kettle in Leeds at 5 pm.") == ["Jade Kettle"]
    assert found("Definitely Jade Kettle, thanks.") == ["Jade Kettle"]
    # the plain statements: a name alone, one that opens with a word of its own, and a name ending in -ly
    assert found("Jade Kettle in Leeds at 5 pm.") == ["Jade Kettle"]
    assert found("Lovely Leaves in Leeds at 5 pm.") == ["Lovely Leaves"]
    assert found("Book me into Kelly Kettle Rooms.") == ["Kelly Kettle Rooms"]
