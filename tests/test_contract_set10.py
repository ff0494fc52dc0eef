"""Contract checks tuned on contract set 7, each beside the clean answer it imitates (invented schemas)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_NOT_STATED, VALUE_REORDERED, VALUE_WRONG_KIND
from tests.talking import codes
from tests.test_offline_set10 import FLATS, SONGS

CABS = Checklist.from_schema({
    "service_name": "Cabs_8",
    "slots": [{"name": "drop_off", "description": "Destination of the ride", "is_categorical": False}],
    "intents": [{"name": "OrderCab", "required_slots": ["drop_off"], "is_transactional": True}],
})
SALONS = Checklist.from_schema({
    "service_name": "Salons_8",
    "slots": [
        {"name": "salon", "description": "Name of the hair salon", "is_categorical": False},
        {"name": "visit_day", "description": "Date of the appointment", "is_categorical": False},
    ],
    "intents": [{"name": "BookSalon", "required_slots": ["salon", "visit_day"], "is_transactional": True}],
})


def test_a_value_typed_inside_an_embedding_is_reordered_wherever_it_stands() -> None:
    asked = ("Where to?", ("drop_off",))
    assert codes(CABS, {"drop_off": "Ocean Beach"}, asked, "Drop me at \u202bOcean Beach\u202c please.") == [
        VALUE_REORDERED]
    assert codes(CABS, {"drop_off": "Ocean Beach"}, asked, "Drop me at Ocean Beach please.") == []


def test_a_number_counting_another_count_does_not_back_this_one() -> None:
    asked = ("How many bedrooms?", ("bedrooms",))
    assert codes(FLATS, {"bedrooms": "3"}, "A 3 bath flat in Reno.", asked, "I'll think about it.") == [
        VALUE_NOT_STATED]
    assert codes(FLATS, {"bedrooms": "3"}, "A 3 bedroom flat in Reno.") == []
    assert codes(FLATS, {"bedrooms": "2"}, "A flat in Reno with 2 baths and 2 bedrooms.") == []


def test_a_named_thing_that_is_wholly_a_date_is_the_wrong_kind() -> None:
    lines = ("Book me at Hair Lab on June 3rd.",)
    assert codes(SALONS, {"salon": "June 3rd"}, *lines) == [VALUE_WRONG_KIND]
    assert codes(SALONS, {"salon": "Hair Lab", "visit_day": "June 3rd"}, *lines) == []
    # a day of the week may be a title
    assert codes(SONGS, {"track": "Friday"}, "Play Friday by Rebecca Black.") == []
