"""The customer's last word on a value decides it (`last_word`): each trick beside the plain statement it imitates,
read by the offline tier and by the contract alike (our own wording, invented schemas)."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline.last_word import unsettled
from tests.talking import kept, read, talk

CLINIC = Checklist.from_schema({
    "service_name": "Clinic_9",
    "slots": [
        {"name": "doctor", "description": "Name of the doctor to see", "is_categorical": False},
        {"name": "visit_day", "description": "Date of the appointment", "is_categorical": False},
        {"name": "visit_time", "description": "Time of the appointment", "is_categorical": False},
    ],
    "intents": [{"name": "BookVisit", "required_slots": ["doctor", "visit_day", "visit_time"],
                 "is_transactional": True}],
})
VAN = Checklist.from_schema({
    "service_name": "Van_9",
    "slots": [
        {"name": "town", "description": "City to collect the van in", "is_categorical": False},
        {"name": "collect_date", "description": "Date to collect the van", "is_categorical": False},
        {"name": "return_date", "description": "Date to return the van", "is_categorical": False},
    ],
    "intents": [{"name": "HireVan", "required_slots": ["town", "collect_date", "return_date"],
                 "is_transactional": True}],
})


PLAIN_VISIT = "Book Dr. Lee at 9:30 am on Thursday."
VISIT_CASES = [
    # hedged when named again: the day may not be that day
    (PLAIN_VISIT + " Well, the day after my scan results come in, whenever that is, might not be Thursday.", False),
    (PLAIN_VISIT + " Thursday is perfect, thanks.", True),
]


@pytest.mark.parametrize(("line", "stands"), VISIT_CASES)
def test_a_day_named_again_with_a_hedge_is_no_longer_stated(line: str, stands: bool) -> None:
    lines = talk(line)
    assert read(CLINIC, "BookVisit", lines).get("visit_day") == ("Thursday" if stands else None)
    assert kept(CLINIC, "BookVisit", lines, "visit_day", "Thursday") is stands
    # the other facts of the line stand either way
    assert read(CLINIC, "BookVisit", lines)["visit_time"] == "9:30 am"


def test_a_value_named_again_in_another_turn_with_a_hedge_is_taken_back() -> None:
    said = talk(PLAIN_VISIT, ("Anything else?", ()), "Actually Thursday might not work, I'm not sure.")
    plain = talk(PLAIN_VISIT, ("Anything else?", ()), "Thursday works great.")
    assert "visit_day" not in read(CLINIC, "BookVisit", said)
    assert read(CLINIC, "BookVisit", plain)["visit_day"] == "Thursday"
    assert not kept(CLINIC, "BookVisit", said, "visit_day", "Thursday")
    assert kept(CLINIC, "BookVisit", plain, "visit_day", "Thursday")


def test_a_first_mention_with_a_hedge_is_still_a_request() -> None:
    """'Maybe a museum?' is how many customers ask for one: only a hedge after the value was said takes it back."""
    lines = talk("Maybe Thursday at 9:30 am?")
    assert read(CLINIC, "BookVisit", lines) == {"visit_day": "Thursday", "visit_time": "9:30 am"}
    assert kept(CLINIC, "BookVisit", lines, "visit_day", "Thursday")


def test_a_date_named_again_as_another_things_is_taken_back() -> None:
    plain = "A van in Phoenix, collect March 3rd, return it on the 8th."
    trick = plain + " Oh, the 8th was my flight home last year."
    assert read(VAN, "HireVan", talk(plain))["return_date"] == "the 8th"
    assert "return_date" not in read(VAN, "HireVan", talk(trick))
    assert kept(VAN, "HireVan", talk(plain), "return_date", "the 8th")
    assert not kept(VAN, "HireVan", talk(trick), "return_date", "the 8th")
    assert read(VAN, "HireVan", talk(trick))["town"] == "Phoenix"


def test_a_later_plain_mention_settles_a_value_again() -> None:
    lines = talk(PLAIN_VISIT + " Thursday might not work.", ("Which day then?", ("visit_day",)),
                 "No, keep Thursday.")
    assert read(CLINIC, "BookVisit", lines)["visit_day"] == "Thursday"


@pytest.mark.parametrize(("said", "own", "before", "expected"), [
    ("Thursday might not work", "Thursday might not work", True, True),
    ("Thursday might be best", "Thursday might be best", False, False),  # a first mention hedged asks for it
    ("May I book Thursday", "May I book Thursday", True, False),  # leave asked, no doubt
    ("my mum's day is Thursday", "                         ", False, True),  # blanked: not the customer's own
    ("no mention here", "no mention here", True, False),
])
def test_unsettled_reads_the_last_mention(said: str, own: str, before: bool, expected: bool) -> None:
    assert unsettled(said, own, "Thursday", said_before=before) is expected


TRIP = Checklist.from_schema({
    "service_name": "Trip_9",
    "slots": [
        {"name": "carrier", "description": "Airline to fly with", "is_categorical": False},
        {"name": "from_city", "description": "City to leave from", "is_categorical": False},
        {"name": "leave_date", "description": "Date to leave", "is_categorical": False},
        {"name": "back_date", "description": "Date of the return flight", "is_categorical": False},
    ],
    "intents": [{"name": "BookTrip", "required_slots": ["carrier", "from_city", "leave_date", "back_date"],
                 "is_transactional": True}],
})
PLAIN_TRIP = "Fly Delta Airlines from Boston on March 4th, back on the 10th."


@pytest.mark.parametrize(("after", "stands"), [
    ("That's where I lived years ago.", False),  # pointing back, at another time
    ("That's where I live.", True),
])
def test_a_sentence_pointing_back_is_a_mention_of_the_value_before_it(after: str, stands: bool) -> None:
    lines = talk(f"Leave on March 4th from Boston. {after}")
    assert (read(TRIP, "BookTrip", lines).get("from_city") == "Boston") is stands
    assert read(TRIP, "BookTrip", lines)["leave_date"] == "March 4th"


@pytest.mark.parametrize(("after", "stands"), [
    ("The 10th is my wife's return though, mine is still open.", False),
    ("The 10th is fine for both of us.", True),
    ("The 10th is not going to work after all.", False),
    ("The 10th, I'll confirm it tomorrow.", False),
])
def test_a_value_named_again_as_open_put_off_or_refused_is_taken_back(after: str, stands: bool) -> None:
    lines = talk(f"{PLAIN_TRIP} {after}")
    assert (read(TRIP, "BookTrip", lines).get("back_date") == "the 10th") is stands
    assert kept(TRIP, "BookTrip", lines, "back_date", "the 10th") is stands
    assert read(TRIP, "BookTrip", lines)["leave_date"] == "March 4th"


def test_checking_in_is_no_putting_off() -> None:
    """'I'll check' puts a value off; 'I will check in on the 2nd' states one."""
    assert not unsettled("I will check in on the 2nd.", "I will check in on the 2nd.", "the 2nd", said_before=True)
    assert unsettled("The 2nd, I will check my calendar.", "The 2nd, I will check my calendar.", "the 2nd",
                     said_before=True)


@pytest.mark.parametrize(("after", "stands"), [
    (", the city my sister flies from, I will tell you mine later.", False),  # put off right after it
    (", the city I always fly from.", True),
    (". Toronto is home though, I haven't picked the city.", False),
    (". Toronto is lovely this time of year.", True),
])
def test_putting_off_after_a_value_takes_back_the_nearest_one(after: str, stands: bool) -> None:
    lines = talk(f"Leave on March 4th from Toronto{after}")
    assert (read(TRIP, "BookTrip", lines).get("from_city") == "Toronto") is stands
    assert kept(TRIP, "BookTrip", lines, "from_city", "Toronto") is stands
    assert read(TRIP, "BookTrip", lines)["leave_date"] == "March 4th"  # another value said between


def test_a_modal_after_a_value_is_not_putting_it_off() -> None:
    """'as my plans might change' qualifies the tickets, not the date before it; 'maybe' stands by its own words."""
    lines = talk("Leave on March 4th from Boston. As my plans might change, I'd like a refundable ticket.")
    assert read(TRIP, "BookTrip", lines) == {"leave_date": "March 4th", "from_city": "Boston"}
    assert read(TRIP, "BookTrip", talk("Probably on the 10th.", ("Anything else?", ()), "Back on the 10th."))[
        "back_date"] == "the 10th"


COACH = Checklist.from_schema({
    "service_name": "Coach_9",
    "slots": [
        {"name": "arrive_city", "description": "City the coach goes to", "is_categorical": False},
        {"name": "ride_date", "description": "Date of the coach ride", "is_categorical": False},
        {"name": "riders", "description": "Number of riders", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4", "5"]},
    ],
    "intents": [{"name": "BookCoach", "required_slots": ["arrive_city", "ride_date", "riders"],
                 "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "stands"), [
    ("A coach to Fresno. I don't know the date yet.", True),  # puts off the date, which it names
    ("A coach to Fresno. Not sure when, I'll tell you later.", True),  # "when" asks for the date
    ("A coach to Fresno. I'll tell you the real city later.", False),  # names the city's own fact
    ("A coach to Fresno. I'll tell you later.", False),  # names nothing: reaches back to the value before it
])
def test_a_putting_off_that_names_another_fact_leaves_the_value_before_it(line: str, stands: bool) -> None:
    lines = talk(line)
    assert read(COACH, "BookCoach", lines).get("arrive_city") == ("Fresno" if stands else None)
    assert kept(COACH, "BookCoach", lines, "arrive_city", "Fresno") is stands


@pytest.mark.parametrize(("line", "stands"), [
    ("A coach to Fresno on May 4th for 3 people.", True),
    ("A coach to Fresno on May 4th for 3 people. That's me and my two sons.", True),
    ("A coach to Fresno on May 4th for 3 people. Those are the bags, the riders depend on who gets time off.", False),
    ("A coach to Fresno on May 4th for 3 people. I'll confirm the real number tomorrow.", False),
    ("A coach to Fresno on May 4th for three people. Maybe three, maybe five, it might change.", False),
])
def test_a_count_is_settled_by_its_last_mention(line: str, stands: bool) -> None:
    """A number of riders read by its digits or words: pointed at as something else, or put off after it."""
    lines = talk(line)
    facts = read(COACH, "BookCoach", lines)
    assert facts.get("riders") == ("3" if stands else None)
    assert kept(COACH, "BookCoach", lines, "riders", "3") is stands
    # the date before the count is not what the putting off reaches back to
    assert facts["ride_date"] == "May 4th"


def test_a_count_is_not_mentioned_by_a_date_a_time_or_an_amount() -> None:
    lines = talk("A coach to Fresno for 3 people on May 3rd. The 3 pm one, I'll check the time later.")
    assert read(COACH, "BookCoach", lines)["riders"] == "3"
