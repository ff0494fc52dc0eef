"""One mention fills one end of a trip: a value the customer typed once, reported for both of two facts told apart
by role, keeps only the end its words give; each beside the plain statement it imitates (our own wording, invented
schemas)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_NOT_STATED, check_mapping
from tests.talking import talk

VOYAGE = Checklist.from_schema({
    "service_name": "Voyages_9",
    "slots": [
        {"name": "start_port", "description": "City the voyage leaves from", "is_categorical": False},
        {"name": "end_port", "description": "City the voyage arrives at", "is_categorical": False},
        {"name": "sail_day", "description": "Day the voyage departs", "is_categorical": False},
        {"name": "back_day", "description": "Day of the return voyage", "is_categorical": False},
    ],
    "intents": [{"name": "BookVoyage", "required_slots": ["start_port", "end_port", "sail_day", "back_day"],
                 "is_transactional": True}],
})


def verdict(answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]):
    return check_mapping(VOYAGE, "BookVoyage", talk(*turns), answer)


def test_a_place_said_once_fills_only_the_end_its_words_give() -> None:
    got = verdict({"start_port": "Bergen", "end_port": "Bergen"},
                  ("Where would you like to sail?", ("end_port",)), "I'm sailing to Bergen.")
    assert got.accepted == {"end_port": "Bergen"}
    assert [(f.code, f.fact) for f in got.findings] == [(VALUE_NOT_STATED, "start_port")]
    got = verdict({"start_port": "Bergen", "end_port": "Bergen"}, "Leaving from Bergen, please.")
    assert got.accepted == {"start_port": "Bergen"}
    # the plain statement it imitates: the customer names the port at both ends, once each
    both = verdict({"start_port": "Bergen", "end_port": "Bergen"}, "A round voyage from Bergen back to Bergen.")
    assert both.accepted == {"start_port": "Bergen", "end_port": "Bergen"} and both.codes == []


def test_a_day_said_once_fills_only_one_of_two_days() -> None:
    got = verdict({"sail_day": "Friday", "back_day": "Friday"}, "I depart on Friday.")
    assert got.accepted == {"sail_day": "Friday"} and got.codes == [VALUE_NOT_STATED]
    plain = verdict({"sail_day": "Friday", "back_day": "Friday"}, "Out on Friday and back on Friday, a day trip.")
    assert plain.accepted == {"sail_day": "Friday", "back_day": "Friday"}


def test_a_mention_that_names_no_end_fills_neither() -> None:
    got = verdict({"start_port": "Bergen", "end_port": "Bergen"}, ("Which ports?", ()), "Bergen.")
    assert got.accepted == {} and got.codes == [VALUE_NOT_STATED, VALUE_NOT_STATED]
    # the plain statement: the same answer for one fact is kept
    assert verdict({"end_port": "Bergen"}, ("Which ports?", ()), "Bergen.").accepted == {"end_port": "Bergen"}


def test_two_different_values_are_left_alone() -> None:
    got = verdict({"start_port": "Oslo", "end_port": "Bergen"}, "Oslo to Bergen.")
    assert got.accepted == {"start_port": "Oslo", "end_port": "Bergen"} and got.codes == []
