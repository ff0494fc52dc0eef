"""A value said for the other end of a trip is not this end's: each beside the plain statement it imitates (our own
wording, an invented schema); a day of this month is wholly a date."""

from __future__ import annotations

from core.contract import VALUE_NOT_STATED, VALUE_WRONG_KIND, check_mapping
from tests.talking import talk
from tests.test_contract_one_mention import VOYAGE
from tests.test_offline_set24 import DIARY


def verdict(answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]):
    return check_mapping(VOYAGE, "BookVoyage", talk(*turns), answer)


def test_the_port_sailed_to_is_no_port_of_departure() -> None:
    got = verdict({"start_port": "Bergen"}, "I want to sail to Bergen, leaving from Oslo.")
    assert got.accepted == {} and got.codes == [VALUE_NOT_STATED]
    plain = verdict({"start_port": "Oslo", "end_port": "Bergen"}, "I want to sail to Bergen, leaving from Oslo.")
    assert plain.accepted == {"start_port": "Oslo", "end_port": "Bergen"}
    swapped = verdict({"start_port": "Bergen", "end_port": "Oslo"}, "I plan to visit Bergen from Oslo.")
    assert swapped.accepted == {} and swapped.codes == [VALUE_NOT_STATED, VALUE_NOT_STATED]


def test_the_first_day_of_a_span_is_no_day_back() -> None:
    got = verdict({"back_day": "the 8th"}, "We sail from the 8th to the 11th.")
    assert got.accepted == {} and got.codes == [VALUE_NOT_STATED]
    plain = verdict({"sail_day": "the 8th", "back_day": "the 11th"}, "We sail from the 8th to the 11th.")
    assert plain.accepted == {"sail_day": "the 8th", "back_day": "the 11th"}


def test_a_day_placed_by_a_verb_of_going_keeps_either_end() -> None:
    # "going on March 1st" says when the trip starts; "going" places a port, never a day
    assert verdict({"sail_day": "March 1st"}, "I am going on March 1st.").accepted == {"sail_day": "March 1st"}


def test_a_mention_that_names_this_end_anywhere_keeps_it() -> None:
    got = verdict({"end_port": "Bergen"}, "From Bergen, I think.", "No wait, I'm sailing to Bergen, from Oslo.")
    assert got.accepted == {"end_port": "Bergen"}


def test_a_day_of_this_month_is_no_port_and_no_title() -> None:
    got = verdict({"end_port": "13th of this month"}, "Sailing to Bergen on the 13th of this month.")
    assert got.accepted == {} and got.codes == [VALUE_WRONG_KIND]
    assert verdict({"end_port": "Bergen"}, "Sailing to Bergen on the 13th of this month.").accepted == {
        "end_port": "Bergen"}
    entry = talk("Add Dentist on the 4th of this month at 3 pm.")
    title = check_mapping(DIARY, "AddEntry", entry, {"entry_title": "4th of this month"})
    assert title.codes == [VALUE_WRONG_KIND]
    assert check_mapping(DIARY, "AddEntry", entry, {"entry_day": "4th of this month"}).codes == []
