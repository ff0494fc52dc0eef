"""Shapes first seen in held-out set 26, each beside the plain statement it imitates (our own wording, invented
schemas): a pasted chat in quotes, a comparison's standard, what someone else confirmed, a description in a name's
place, an identifier code, a number naming a door, the one someone else is into, a number inside a clock time, two
answers in one reply, an offer turned down when it came back, a yes that holds the task back, a day as a title."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.contract import VALUE_WRONG_KIND, check_mapping
from core.prompt import parse
from core.value_kind import wrong_kind
from tests.talking import read, talk

KAYAKS = Checklist.from_schema({
    "service_name": "Kayaks_9",
    "slots": [
        {"name": "lake", "description": "City of the lake to paddle on", "is_categorical": False},
        {"name": "paddle_date", "description": "Date of the trip", "is_categorical": False},
        {"name": "boat_type", "description": "Type of boat", "is_categorical": True,
         "possible_values": ["single", "tandem", "3d"]},
        {"name": "number_of_paddlers", "description": "Number of people paddling", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
        {"name": "trip_name", "description": "Name of the guided trip", "is_categorical": False},
    ],
    "intents": [
        {"name": "RentKayak", "required_slots": ["lake", "paddle_date", "number_of_paddlers"],
         "is_transactional": True},
        {"name": "PickBoat", "required_slots": ["boat_type"], "is_transactional": True},
        {"name": "JoinTrip", "required_slots": ["trip_name"], "is_transactional": True},
    ],
})


def rented(*turns: str | tuple[str, tuple[str, ...]], intent: str = "RentKayak") -> dict[str, str]:
    """What stands of the offline tier's reading through the contract."""
    lines = talk(*turns)
    return check_mapping(KAYAKS, intent, lines, read(KAYAKS, intent, lines)).accepted


def claimed(answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]], intent: str = "RentKayak") -> dict:
    """What stands of a model's answer."""
    return check_mapping(KAYAKS, intent, talk(*turns), answer).accepted


def test_a_chat_pasted_in_quotes_states_nothing_and_what_follows_it_is_read() -> None:
    pasted = ("From my old chat: 'Customer: kayaks in Tahoe City on March 1st for 3. Agent: Done.' Now I need "
              "kayaks in Bend on March 8th for 2 paddlers.")
    assert rented(pasted) == {"lake": "Bend", "paddle_date": "March 8th", "number_of_paddlers": "2"}
    assert claimed({"lake": "Tahoe City"}, pasted) == {}
    # the plain statement: the request alone
    assert rented("Now I need kayaks in Bend on March 8th for 2 paddlers.") == rented(pasted)


def test_a_comparisons_standard_is_not_the_wanted_one() -> None:
    compared = "Kayaks in Bend, please. Somewhere nicer than my friend's 3 person trip in Tahoe City."
    assert rented(compared) == {"lake": "Bend"}
    assert claimed({"lake": "Tahoe City", "number_of_paddlers": "3"}, compared) == {}
    # the plain statements: the same words not set against anything, and a quantity's bound keeps the rest
    assert rented("Kayaks in Tahoe City for 3, nicer than my friend's trip.") == {
        "lake": "Tahoe City", "number_of_paddlers": "3"}
    assert rented("Kayaks for more than 2 people in Bend.") == {"lake": "Bend"}


def test_what_the_agents_colleague_confirmed_is_not_stated() -> None:
    asked = ("How many paddlers, and which day?", ("number_of_paddlers", "paddle_date"))
    trick = "Your colleague already confirmed 3 paddlers on March 8th when I called. Can you look it up?"
    assert rented("Kayaks in Bend.", asked, trick) == {"lake": "Bend"}
    assert rented("Kayaks in Bend.", asked, "3 paddlers on March 8th.") == {
        "lake": "Bend", "number_of_paddlers": "3", "paddle_date": "March 8th"}


@pytest.mark.parametrize(("plain", "trick"), [
    ("Something Good", "Something good"),
    ("The Lonely One", "Their best one"),
    ("Moonlight Paddle", "something relaxing"),
    ("Someone Like You", "the usual one"),
])
def test_a_description_in_a_names_place_is_no_name(plain: str, trick: str) -> None:
    assert not wrong_kind(KAYAKS, "JoinTrip", "trip_name", plain)
    assert wrong_kind(KAYAKS, "JoinTrip", "trip_name", trick)


def test_a_word_inside_an_identifier_code_is_not_said() -> None:
    coded = "A boat for me, please. My membership ID is TANDEM-3D-0042."
    assert rented(coded, intent="PickBoat") == {}
    assert claimed({"boat_type": "3d"}, coded, intent="PickBoat") == {}
    assert rented("A 3D boat for me, please.", intent="PickBoat") == {"boat_type": "3d"}


def test_a_number_naming_a_door_counts_nobody() -> None:
    door = "Kayaks in Bend on March 8th for 2 paddlers. I'm waiting at Door 3 of the boathouse."
    assert rented(door) == {"lake": "Bend", "paddle_date": "March 8th", "number_of_paddlers": "2"}
    assert claimed({"number_of_paddlers": "3"}, door) == {}
    plain = rented("Kayaks in Bend on March 8th for 3 paddlers. I'm waiting at the boathouse.")
    assert plain["number_of_paddlers"] == "3"


def test_a_number_inside_a_clock_time_counts_nobody() -> None:
    assert claimed({"number_of_paddlers": "3"}, "Kayaks in Bend at 3:30 pm.") == {}
    assert claimed({"number_of_paddlers": "3"}, "Kayaks in Bend.", ("The 3:30 pm slot?", ()), "Sounds good.") == {}
    assert claimed({"number_of_paddlers": "3"}, "Kayaks in Bend for 3 at 3:30 pm.") == {"number_of_paddlers": "3"}


def test_the_one_someone_else_is_into_is_theirs() -> None:
    asked = ("Single or tandem?", ("boat_type",))
    assert rented("I want a boat.", asked, "Whatever my wife likes, she's the one into tandem.",
                  intent="PickBoat") == {}
    assert rented("I want a boat.", asked, "Tandem, I'm the one into it.", intent="PickBoat") == {"boat_type": "tandem"}


def test_two_objects_of_facts_in_one_reply_are_no_answer() -> None:
    assert parse('{"collected": {"lake": "Bend"}, "facts": {"lake": "Bend"}}') is None
    assert parse('{"collected": {"lake": "Bend"}, "notes": ""}') == ({"lake": "Bend"}, "")


def test_an_offer_turned_down_when_it_came_back_for_this_fact_no_longer_stands() -> None:
    earlier = ("I'm looking for a paddle festival.", ("The Lake Days festival is on at Bend Marina on March 4th.", ()),
               "Sounds great.", "I'd also like kayaks in Bend for 2 paddlers.")
    claim = {"paddle_date": "March 4th"}
    refused = talk(*earlier, ("Do you want them on March 4th?", ("paddle_date",)), "No, I'd like the 2nd.")
    assert check_mapping(KAYAKS, "RentKayak", refused, claim).accepted == {}
    # the plain statements: a yes when it came back, or a no to the same day asked for another fact
    taken = talk(*earlier, ("Do you want them on March 4th?", ("paddle_date",)), "Yes, that works.")
    assert check_mapping(KAYAKS, "RentKayak", taken, claim).accepted == claim
    elsewhere = talk(*earlier, ("Is your trip home on March 4th?", ("trip_name",)), "No, I'd like the 2nd.")
    assert check_mapping(KAYAKS, "RentKayak", elsewhere, claim).accepted == claim


MUSIC = Checklist.from_schema({
    "service_name": "Tunes_9",
    "slots": [{"name": "track", "description": "Name of the song", "is_categorical": False},
              {"name": "singer", "description": "Name of the singer", "is_categorical": False}],
    "intents": [{"name": "FindTracks", "required_slots": [], "optional_slots": {"singer": "dontcare"},
                 "is_transactional": False, "result_slots": ["track", "singer"]},
                {"name": "PlayTrack", "required_slots": ["track"], "is_transactional": True}],
})


def test_a_yes_that_holds_the_task_back_takes_nothing() -> None:
    offer = ("How about Levitating by Dua Lipa?", ())
    held = talk("I want to play a song.", offer, "Yes, perfect. Hang on, don't play that yet.")
    assert check_mapping(MUSIC, "PlayTrack", held, {"track": "Levitating"}).accepted == {}
    assert read(MUSIC, "PlayTrack", held) == {}
    played = talk("I want to play a song.", offer, "Yes, perfect, play it.")
    assert check_mapping(MUSIC, "PlayTrack", played, {"track": "Levitating"}).accepted == {"track": "Levitating"}


def test_a_day_of_the_month_as_typed_is_no_title() -> None:
    assert wrong_kind(KAYAKS, "JoinTrip", "trip_name", "the 9th")
    assert not wrong_kind(KAYAKS, "JoinTrip", "trip_name", "The 9th")
    verdict = check_mapping(KAYAKS, "JoinTrip", talk("The trip on the 9th, please."), {"trip_name": "the 9th"})
    assert verdict.codes == [VALUE_WRONG_KIND]



def test_asking_for_another_in_its_place_turns_the_offer_down() -> None:
    offer = ("How about Levitating by Dua Lipa?", ("track",))
    for reply in ("Levitating, ugh, I've heard it a million times. Something else please.",
                  "Levitating? Pick someone else.", "Levitating is fine I guess. Actually, a different one."):
        lines = talk("I want to play a song.", offer, reply)
        assert check_mapping(MUSIC, "PlayTrack", lines, read(MUSIC, "PlayTrack", lines)).accepted == {}
        assert check_mapping(MUSIC, "PlayTrack", lines, {"track": "Levitating"}).accepted == {}
    # the plain statement: naming it back and taking it
    lines = talk("I want to play a song.", offer, "Levitating, yes, play it.")
    assert check_mapping(MUSIC, "PlayTrack", lines, read(MUSIC, "PlayTrack", lines)).accepted == {"track": "Levitating"}


def test_the_answer_opening_with_the_place_may_go_on_with_with() -> None:
    asked = ("Which city, and what day?", ("lake", "paddle_date"))
    for reply, lake in (("Tahoe City, California with the trip on March 8th.", "Tahoe City, California"),
                        ("Bend, and the trip on March 8th.", "Bend")):
        assert rented("Kayaks, please.", asked, reply)["lake"] == lake
