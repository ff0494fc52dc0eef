"""One mention fills one fact: a value the customer typed once, reported for two facts, keeps only the end of a trip
its words give, and neither of two facts of different kinds; each beside the plain statement it imitates (our own
wording, invented schemas)."""

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


LIBRARY = Checklist.from_schema({
    "service_name": "Library_9",
    "slots": [
        {"name": "book_title", "description": "Title of the book", "is_categorical": False},
        {"name": "subject", "description": "Subject the book is about", "is_categorical": False},
        {"name": "copies", "description": "Number of copies to borrow", "is_categorical": True,
         "possible_values": ["1", "2", "3"]},
        {"name": "days", "description": "Number of days to keep them", "is_categorical": True,
         "possible_values": ["1", "2", "3"]},
    ],
    "intents": [
        {"name": "FindBooks", "required_slots": ["subject"], "is_transactional": False},
        {"name": "BorrowBook", "required_slots": ["book_title", "copies", "days"], "is_transactional": True},
    ],
})


def borrow(answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]):
    return check_mapping(LIBRARY, "BorrowBook", talk(*turns), answer)


def test_a_word_said_once_fills_one_fact_not_another_fact_too() -> None:
    turns = ("I need a book.", ("What subject?", ("subject",)), "Astronomy, please.", ("How about Cosmos?", ()),
             "Great, let me borrow it, 2 copies for 2 days.")
    # the subject, also reported as the title (another intent's fact, refused as unknown): the offline tier reads the
    # one mention as the subject asked for, so the title is not stated
    got = borrow({"subject": "Astronomy", "book_title": "Astronomy", "copies": "2", "days": "2"}, *turns)
    assert got.accepted == {"copies": "2", "days": "2"}
    assert (VALUE_NOT_STATED, "book_title") in [(f.code, f.fact) for f in got.findings]
    # the plain statement it imitates: the title the customer named, beside the subject they named
    plain = borrow({"subject": "Astronomy", "book_title": "Cosmos", "copies": "2", "days": "2"}, *turns)
    assert plain.accepted == {"book_title": "Cosmos", "copies": "2", "days": "2"}


def test_a_value_the_offline_tier_reads_as_this_fact_stands_beside_another_reading() -> None:
    # a title copied into another intent's fact: the offline tier reads the mention as the title, so the title stands
    got = borrow({"book_title": "Cosmos", "subject": "Cosmos", "copies": "2", "days": "2"},
                 "Borrow the book called Cosmos, 2 copies for 2 days.")
    assert got.accepted == {"book_title": "Cosmos", "copies": "2", "days": "2"}


def test_a_word_the_customer_typed_for_each_fact_fills_both() -> None:
    got = borrow({"subject": "Astronomy", "book_title": "Astronomy", "copies": "1", "days": "3"},
                 "I want astronomy books.", "Borrow the one called Astronomy, 1 copy for 3 days.")
    assert got.accepted == {"book_title": "Astronomy", "copies": "1", "days": "3"}


def test_a_number_may_answer_two_facts_at_once() -> None:
    got = borrow({"book_title": "Cosmos", "copies": "2", "days": "2"}, "Cosmos, 2 copies for 2 days.")
    assert got.accepted == {"book_title": "Cosmos", "copies": "2", "days": "2"}
    once = borrow({"book_title": "Cosmos", "copies": "2", "days": "2"}, "Cosmos. Copies and days: 2.")
    assert once.accepted == {"book_title": "Cosmos", "copies": "2", "days": "2"}


def test_a_reading_the_contract_disproves_leaves_the_other_one_standing() -> None:
    # the port also filed as the sailing day: that reading is the wrong kind, and the port stands
    got = verdict({"start_port": "Bergen", "end_port": "Oslo", "sail_day": "Bergen"}, "From Bergen to Oslo.")
    assert got.accepted == {"start_port": "Bergen", "end_port": "Oslo"}
    assert "sail_day" in [f.fact for f in got.findings] and "start_port" not in [f.fact for f in got.findings]
