"""Replies that put an answer off, and conditions told apart from politeness: each beside its plain twin."""

import pytest

from core.acceptance import doing_verbs, goes_ahead
from core.checklist import Checklist
from core.conditions import conditional
from core.deferral import puts_off


@pytest.mark.parametrize(("put_off", "plain", "value"), [
    ("Hair Lab, I think. I'll look at my old receipt.", "Hair Lab, I think.", "Hair Lab"),
    ("30 days. I'll tell you once my manager confirms.", "30 days. Thanks!", "30 days"),
    ("Midnight, I honestly can't remember.", "Midnight, I remember it well.", "Midnight"),
    ("Still checking my dates, maybe March 13th.", "March 13th, and I'll check in then.", "March 13th"),
    ("Try 9:20 am and I'll pick later.", "9:20 am, I'll pick it up then.", "9:20 am"),
])
def test_a_reply_that_puts_off_its_answer(put_off: str, plain: str, value: str) -> None:
    assert puts_off(put_off, value)
    assert not puts_off(plain, value)


@pytest.mark.parametrize(("reply", "value"), [
    ("I need to check my checking account.", "checking"),  # the value is what will be checked
    ("I don't know, but let's start with Remo Drive.", "Remo Drive"),  # chosen after saying so
    ("I will check in on next Monday.", "next Monday"),  # a hotel check-in, not a check
    ("I'm looking for a hotel in London.", "London"),
    ("Oh I forgot to say: this Sunday.", "this Sunday"),
    ("I need to pick it on Wednesday in Portland, OR.", "Portland, OR"),  # a rental's pickup, not a choice
    ("If possible, I need to pick-up the car on the 13th.", "the 13th"),
])
def test_what_does_not_put_an_answer_off(reply: str, value: str) -> None:
    assert not puts_off(reply, value)


@pytest.mark.parametrize(("condition", "polite"), [
    ("Sure, if they can seat us on the patio.", "Sure, if possible."),
    ("Yes, as long as it's under $300.", "Yes, if that works."),
    ("Okay, provided it comes with snow tires.", "Okay, if you could book it."),
    ("Fine, unless it rains.", "Fine, this Saturday if I can."),
    ("Good, only if the price is right.", "Good, what are the times if I want to watch it Friday?"),
])
def test_a_condition_is_not_politeness(condition: str, polite: str) -> None:
    assert conditional(condition)
    assert not conditional(polite)


def test_the_doing_verbs_come_from_the_schemas_transactional_intents():
    checklist = Checklist.from_schema({
        "service_name": "Tunes_9",
        "slots": [{"name": "song", "description": "Name of the song", "is_categorical": False}],
        "intents": [{"name": "PlaySong", "is_transactional": True, "required_slots": ["song"]},
                    {"name": "FindSongs", "is_transactional": False, "required_slots": []}],
    })
    verbs = doing_verbs(checklist)
    assert "play" in verbs and "find" not in verbs  # a look-up carries out nothing


@pytest.mark.parametrize(("name", "description"), [
    ("PlaySong", "Play the chosen song"),  # plain
    ("ListenToASong", "Start song playback on the chosen speaker"),  # reworded: another verb of the same sense
])
def test_a_reworded_intent_is_carried_out_by_the_same_verbs(name: str, description: str) -> None:
    checklist = Checklist.from_schema({
        "service_name": "Tunes_8",
        "slots": [{"name": "song", "description": "Name of the song", "is_categorical": False}],
        "intents": [{"name": name, "description": description, "is_transactional": True,
                     "required_slots": ["song"]}],
    })
    assert goes_ahead("Love it. Play it.", doing_verbs(checklist))


@pytest.mark.parametrize(("name", "description"), [
    ("ReserveCar", "Reserve a rental car"),  # plain
    ("MakeCarBooking", "Make a car reservation based on your schedule"),  # reworded: "booking", "reservation"
    ("PlanACarPickup", "Set up a time to collect the car"),  # reworded: planning a thing books it
])
def test_a_booking_is_carried_out_by_any_verb_of_booking(name: str, description: str) -> None:
    checklist = Checklist.from_schema({
        "service_name": "Cars_8",
        "slots": [{"name": "car", "description": "Name of the car", "is_categorical": False}],
        "intents": [{"name": name, "description": description, "is_transactional": True,
                     "required_slots": ["car"]}],
    })
    verbs = doing_verbs(checklist)
    assert goes_ahead("That sounds alright, I'd like to reserve the car.", verbs)
    assert goes_ahead("Great, book it.", verbs)
    assert not goes_ahead("Play it.", verbs)  # another sense: not what this schema does


@pytest.mark.parametrize(("reply", "goes"), [
    ("Cool, can you play it on the kitchen speaker?", True),
    ("I want to play that one.", True),
    ("Play the song, please.", True),
    ("Can you play another one?", False),  # a change, not the offer
    ("Don't play it yet.", False),
    ("Play it if it's under five minutes.", False),  # a condition
    ("What else can you play?", False),
])
def test_a_request_to_carry_out_the_task_on_the_offer_accepts_it(reply, goes):
    assert goes_ahead(reply, frozenset({"play"})) is goes
    assert not goes_ahead(reply, frozenset())  # a schema with no transactional intent carries out nothing
