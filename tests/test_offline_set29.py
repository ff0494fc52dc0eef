"""Shapes still breaking the tier in the older held-out sets 17, 19, 20 and 24, each beside the plain statement it
imitates (our own wording, an invented schema): an agent's statement opening with what it did ("Booked 2 tickets
..."), unless the customer's next line opens with a repair ("Wait, I meant ..."); a wish the customer has not
agreed to; what the customer rents or owns now; a place the customer wants to leave; a question about how things
mostly go; and "Guess" as a reply."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import check_mapping
from tests.talking import read, talk

LOFTS = Checklist.from_schema({
    "service_name": "Lofts_3",
    "slots": [
        {"name": "area", "description": "City or neighbourhood of the loft", "is_categorical": False},
        {"name": "number_of_rooms", "description": "Number of rooms in the loft", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
        {"name": "move_in_date", "description": "Date of moving in", "is_categorical": False},
        {"name": "style", "description": "Style of the loft", "is_categorical": True,
         "possible_values": ["Industrial", "Studio", "Penthouse"]},
        {"name": "party_size", "description": "Number of people viewing", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [
        {"name": "FindLoft", "required_slots": ["area", "number_of_rooms"], "is_transactional": False},
        {"name": "ViewLoft", "required_slots": ["area", "move_in_date", "party_size"], "is_transactional": True},
        {"name": "PickStyle", "required_slots": ["style", "area"], "is_transactional": False},
    ],
})


def standing(intent: str, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    """What stands of the offline tier's reading through the contract."""
    lines = talk(*turns)
    return check_mapping(LOFTS, intent, lines, read(LOFTS, intent, lines)).accepted


def test_an_agent_statement_opening_with_what_was_done_ends_that_task() -> None:
    said = standing("ViewLoft", "Get me 2 tickets to view the fireworks on Saturday.",
                    ("Booked 2 tickets for Saturday.", ()), "Also a loft viewing in Leeds.")
    assert "move_in_date" not in said and "party_size" not in said
    # the plain statement: an agent question opening with the participle ends nothing
    said = standing("ViewLoft", "A loft viewing in Leeds for 2 on Saturday.", ("Booked for Saturday, then?", ()),
                    "Yes.")
    assert said.get("move_in_date", "").lower() == "saturday"


def test_a_wish_the_customer_has_not_agreed_to_is_not_theirs() -> None:
    said = standing("ViewLoft", "A viewing in Leeds for 2. My daughter wants Saturday, I haven't agreed.")
    assert "move_in_date" not in said
    # the plain statement: the wish alone is the request made for her
    assert standing("ViewLoft", "A viewing in Leeds for 2. My daughter wants Saturday.")["move_in_date"] == "Saturday"


def test_what_the_customer_rents_or_owns_now_is_not_the_request() -> None:
    for said in ("Right now I rent a 1 room place and it's too tight. A loft in Leeds.",
                 "My own loft is a Studio, it's too small. A loft in Leeds."):
        found = standing("FindLoft", said) | standing("PickStyle", said)
        assert "number_of_rooms" not in found and "style" not in found, said
    # the plain statement
    assert standing("FindLoft", "A 1 room loft in Leeds.")["number_of_rooms"] == "1"


def test_a_place_the_customer_wants_to_leave_is_not_the_area() -> None:
    said = "A 3 room loft please. I live in Hull right now but want to get out of that area."
    assert "area" not in standing("FindLoft", said)
    # the plain statement: a place the customer stays in
    assert standing("FindLoft", "A 3 room loft please. I live in Hull and want to stay in that area.")[
        "area"] == "Hull"


def test_a_question_about_how_things_mostly_go_and_guess_choose_nothing() -> None:
    assert "style" not in standing("PickStyle", "Something in Leeds. Is it mostly Studio there or Industrial?")
    assert "area" not in standing("FindLoft", "A 2 room loft.", ("Which area?", ("area",)), "Guess. You're the bot.")
    # the plain statements
    assert standing("PickStyle", "A Studio in Leeds.")["style"] == "Studio"
    assert standing("FindLoft", "A 2 room loft.", ("Which area?", ("area",)), "Leeds.")["area"] == "Leeds"


def test_a_repair_right_after_a_done_report_takes_that_task_back_up() -> None:
    booked = ("A viewing of a loft in Leeds for 2 people on Saturday.", ("Booked for Saturday.", ()))
    said = standing("ViewLoft", *booked, "Wait, I meant Sunday.")
    assert said == {"area": "Leeds", "move_in_date": "Sunday", "party_size": "2"}
    # the plain statement: a new request after the report starts afresh
    said = standing("ViewLoft", *booked, "Now book another viewing, on Sunday.")
    assert "area" not in said and "party_size" not in said
