"""A destination the customer points back at ("a cab there") after the agent named a street address, read
alike by the offline tier and the contract; beside it the lines that point nowhere or refuse the place."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import VALUE_ONLY_IN_AGENT_WORDS, check
from core.extraction import Extraction
from core.extractors.offline import extract_facts
from core.extractors.offline.pointing import named_address
from tests.talking import exchange

CAB = {
    "service_name": "Cab_8",
    "description": "Book a cab",
    "slots": [
        {"name": "destination", "description": "Destination of the cab ride", "is_categorical": False},
        {"name": "seats", "description": "Number of passengers", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BookCab", "description": "Book a cab", "required_slots": ["destination", "seats"]}],
}
TOLD = ("a", "The gallery is at 410 Larkin Street and opens at 10 am.")


@pytest.fixture(scope="module")
def cab() -> Checklist:
    return Checklist.from_schema(CAB)




def test_a_cab_there_goes_to_the_address_the_agent_named(cab):
    lines = exchange(("c", "Where is the gallery?"), TOLD, ("c", "Great, a cab for 2 there, please."))
    assert extract_facts(cab, "BookCab", lines) == {"destination": "410 Larkin Street", "seats": "2"}
    verdict = check(cab, "BookCab", lines, Extraction({"destination": "410 Larkin Street", "seats": "2"}))
    assert verdict.accepted == {"destination": "410 Larkin Street", "seats": "2"}


@pytest.mark.parametrize("reply", ["I don't want to go there. A cab for 2 to the airport hotel later.",
                                   "Is there a cab for 2?", "Get me a cab for 2."])
def test_a_line_refusing_the_place_or_pointing_nowhere_takes_no_address(cab, reply):
    lines = exchange(("c", "Where is the gallery?"), TOLD, ("c", reply))
    assert "destination" not in extract_facts(cab, "BookCab", lines)
    verdict = check(cab, "BookCab", lines, Extraction({"destination": "410 Larkin Street", "seats": "2"}))
    assert ("destination", VALUE_ONLY_IN_AGENT_WORDS) in {(f.fact, f.code) for f in verdict.findings}


def test_only_one_address_named_last_is_pointed_at():
    assert named_address(exchange(("a", "It is at 410 Larkin Street or 22 Pine Street."))) is None
    assert named_address(exchange(("a", "The show starts at 7:30 pm at the Boulevard Theater."))) is None
    assert named_address(exchange(("a", "Go to 45 Camino Alto #106."))) == "45 Camino Alto #106"
    assert named_address(exchange(TOLD, ("c", "Thanks."), ("a", "Anything else?"))) == "410 Larkin Street"


def test_a_count_of_rooms_before_a_name_is_no_address():
    listing = ("a", "A 2 bed apartment named Parkview, located at 40001 Fremont Boulevard, costs $1,850.")
    assert named_address(exchange(listing)) == "40001 Fremont Boulevard"
    assert named_address(exchange(("a", "It has 1 bath and faces Fremont Boulevard."))) is None
