"""Shapes first seen in held-out set 25, each beside the plain statement it imitates (our own wording, an invented
schema): a name in a reply stops at a pictograph or at an interjection after a comma, and a reply asking to see other
options turns down the offer it repeats."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import check_mapping
from tests.talking import read, talk

CABINS = Checklist.from_schema({
    "service_name": "Cabins_9",
    "slots": [
        {"name": "cabin_name", "description": "Name of the cabin to rent", "is_categorical": False},
        {"name": "lake", "description": "Lake the cabin is on", "is_categorical": False},
    ],
    "intents": [{"name": "RentCabin", "required_slots": ["cabin_name", "lake"], "is_transactional": True}],
})
OFFER = ("How about Birch Hollow Lodge?", ("cabin_name",))


def rented(reply: str) -> dict[str, str]:
    """What the offline tier reads, through the contract, after the offer and this reply."""
    lines = talk("A cabin on Lake Tahoe, please.", OFFER, reply)
    return check_mapping(CABINS, "RentCabin", lines, read(CABINS, "RentCabin", lines)).accepted


def test_a_name_stops_at_a_pictograph() -> None:
    assert "cabin_name" not in rented("Birch Hollow 👎 too pricey. Show me a few more options.")
    assert rented("Birch Hollow 👍 perfect.").get("cabin_name") == "Birch Hollow"


def test_a_name_stops_at_an_interjection_after_a_comma() -> None:
    assert "cabin_name" not in rented("Birch Hollow, hmm, that's where my ex stays. Let me browse a bit more first.")
    assert rented("Birch Hollow, wow, yes book it.").get("cabin_name") == "Birch Hollow"


def test_asking_to_see_other_options_turns_down_the_offer_it_repeats() -> None:
    assert "cabin_name" not in rented("Birch Hollow Lodge, nice. What else is there?")
    # the plain statement: a question about this one keeps it
    assert rented("Birch Hollow Lodge, nice. What else do I need to bring?").get("cabin_name") == "Birch Hollow Lodge"


LOCKERS = Checklist.from_schema({
    "service_name": "Lockers_9",
    "slots": [
        {"name": "locker_size", "description": "Size of the locker", "is_categorical": True,
         "possible_values": ["small", "large"]},
        {"name": "open_date", "description": "Date to open the locker", "is_categorical": False},
    ],
    "intents": [{"name": "OpenLocker", "required_slots": ["locker_size", "open_date"], "is_transactional": True}],
})


def opened(*turns: str) -> dict[str, str]:
    lines = talk(*turns)
    return check_mapping(LOCKERS, "OpenLocker", lines, read(LOCKERS, "OpenLocker", lines)).accepted


def test_the_last_thing_one_would_want_is_refused() -> None:
    assert opened("Open my small locker; the large one is the last thing I'd want you to open.").get(
        "locker_size") == "small"
    # the plain statement: the last thing left to do is still wanted
    assert opened("Open my large locker, it's the last thing I need to sort out.").get("locker_size") == "large"


def test_a_day_counted_from_is_not_the_day() -> None:
    assert "open_date" not in opened("Open the small locker two days after March 5th, or three, depending.")
    assert "open_date" not in opened("Open the small locker the day after March 5th.")
    assert opened("Open the small locker on March 5th.").get("open_date") == "March 5th"


RIDES = Checklist.from_schema({
    "service_name": "Rides_9",
    "slots": [
        {"name": "drop_point", "description": "Where the ride goes", "is_categorical": False},
        {"name": "pooled", "description": "Whether the ride is pooled with others", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [{"name": "HailRide", "required_slots": ["drop_point", "pooled"], "is_transactional": True}],
})


def test_a_yes_no_left_hanging_before_a_question_is_weighed_not_answered() -> None:
    def pooled(reply: str) -> str | None:
        lines = talk("A ride to the pier, please.", ("Would you like it pooled?", ("pooled",)), reply)
        return check_mapping(RIDES, "HailRide", lines, read(RIDES, "HailRide", lines)).accepted.get("pooled")

    assert pooled("Pooled... What does pooled mean exactly, is it cheaper?") is None
    assert pooled("Pooled... yes, let's do that.") == "True"
    assert pooled("Pooled, please. Is it cheaper?") == "True"


def test_what_someone_else_says_or_always_does_is_theirs_after_though() -> None:
    said = opened("Open the small locker on March 5th. Though my wife says we should open it on the 6th.")
    assert said.get("open_date") == "March 5th"
    habit = opened("Open the small locker on March 5th. Ada's the one who always opens the large one.")
    assert habit.get("locker_size") == "small"
    # the plain statements: the customer's own correction after "though" still counts
    own = opened("Open the small locker on March 5th. Though I'd rather open it on the 6th.")
    assert own.get("open_date") != "March 5th"


PLEDGES = Checklist.from_schema({
    "service_name": "Pledges_9",
    "slots": [
        {"name": "charity", "description": "Name of the charity to give to", "is_categorical": False},
        {"name": "pledge_amount", "description": "Amount of money to give", "is_categorical": False},
    ],
    "intents": [{"name": "Pledge", "required_slots": ["charity", "pledge_amount"], "is_transactional": True}],
})


def pledged(line: str, claimed: dict[str, str] | None = None) -> dict[str, str]:
    """What stands of the offline tier's reading (or of a model's `claimed` one) through the contract."""
    lines = talk(line)
    return check_mapping(PLEDGES, "Pledge", lines, claimed or read(PLEDGES, "Pledge", lines)).accepted


def test_checking_the_amount_puts_it_off_even_inside_a_story_of_another_time() -> None:
    said = "Give 40 dollars to Oxfam. Hmm, 40 is what I gave them in 2019"
    claim = {"charity": "Oxfam", "pledge_amount": "40 dollars"}
    for line in (said + ", I need to check the exact amount.", said + ", let me confirm the amount."):
        assert "pledge_amount" not in pledged(line)
        assert pledged(line, claim) == {"charity": "Oxfam"}
    # the plain statements: the story alone, or someone else's words quoted, leave the amount standing
    assert pledged(said + ".")["pledge_amount"] == "40 dollars"
    quoted = 'Give 40 dollars to Oxfam. My wife said "I need to check the exact amount" about another bill.'
    assert pledged(quoted, claim) == claim


OUTINGS = Checklist.from_schema({
    "service_name": "Outings_9",
    "slots": [
        {"name": "city", "description": "City of the outing", "is_categorical": False},
        {"name": "outing_date", "description": "Date of the outing", "is_categorical": False},
        {"name": "genre", "description": "Genre of the show", "is_categorical": False},
        {"name": "number_of_rooms", "description": "Number of rooms to book", "is_categorical": False},
    ],
    "intents": [{"name": "PlanOuting", "required_slots": ["city", "outing_date", "genre", "number_of_rooms"],
                 "is_transactional": True}],
})
FIRST = "A comedy show in Boston on March 9th, and 2 rooms."
CLAIM = {"city": "Boston", "outing_date": "March 9th", "genre": "comedy", "number_of_rooms": "2"}


def planned(*later: str) -> dict[str, str]:
    """What stands of a model's full claim after FIRST, the agent's echo and `later`."""
    return check_mapping(OUTINGS, "PlanOuting", talk(FIRST, ("Looking now.", ()), *later), CLAIM).accepted


@pytest.mark.parametrize(("later", "fact"), [
    ("Hmm, on second thought I'll decide the genre later.", "genre"),
    ("Actually, I'm flexible on how many rooms.", "number_of_rooms"),
    ("Hold that thought. I'll get back to you with the actual day once my roster is out.", "outing_date"),
    ("Ha, I wish. The real trip city I'll tell you tomorrow.", "city"),
    ("I'm honestly not sure where we'll go.", "city"),
])
def test_a_later_line_putting_a_fact_off_takes_its_value_back(later: str, fact: str) -> None:
    assert planned(later) == {k: v for k, v in CLAIM.items() if k != fact}


@pytest.mark.parametrize("later", [
    "Hmm, on second thought I'll decide the snacks later.",
    "Actually, I'm flexible on the price.",
    "I'll get back to you with the guest list once my roster is out.",
    "The hotel I'll tell you about is by the river.",
    "I'm honestly sure we'll love it.",
])
def test_a_later_line_putting_off_something_else_leaves_every_fact(later: str) -> None:
    assert planned(later) == CLAIM


def test_the_offline_tier_reads_a_later_putting_off_as_the_contract_does() -> None:
    asked = talk(("Which city?", ("city",)), "Boston.", ("And which day?", ("outing_date",)), "March 9th.")
    assert {"city", "outing_date"} <= read(OUTINGS, "PlanOuting", asked).keys()
    for later, fact in (("The real trip city I'll tell you tomorrow.", "city"),
                        ("I'll get back to you with the actual day once my roster is out.", "outing_date")):
        reading = read(OUTINGS, "PlanOuting", (*asked, *talk(later)))
        assert fact not in reading and len(reading) == 1


def test_initials_said_again_as_someone_elses_are_taken_back_as_a_longer_name_would_be() -> None:
    lines = talk("Concerts around DC, please.", ("Searching around DC.", ()),
                 "Hmm, DC is really where my brother lives, I'm not sure I'll be there. Let me think about it.")
    schema = Checklist.from_schema({
        "service_name": "Gigs_9",
        "slots": [{"name": "city_of_event", "description": "City where the event takes place",
                   "is_categorical": False}],
        "intents": [{"name": "FindGigs", "required_slots": ["city_of_event"], "is_transactional": False}],
    })
    assert check_mapping(schema, "FindGigs", lines, {"city_of_event": "DC"}).accepted == {}
    plain = (*lines[:2], talk("Yes, DC is where my brother lives, so that works.")[0])
    assert check_mapping(schema, "FindGigs", plain, {"city_of_event": "DC"}).accepted == {"city_of_event": "DC"}
