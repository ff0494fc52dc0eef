"""Tricks tuned on sets 11 and 12, each beside the plain statement it imitates (our own wording, invented
schemas); the tier and the contract are checked alike, so a model that reports the trick's value is refused."""

from __future__ import annotations

import pytest

from core.case import AGENT, CUSTOMER, Line
from core.checklist import Checklist
from core.contract import check_value
from core.extractors.offline import extract_facts
from tests.talking import talk

LODGE = Checklist.from_schema({
    "service_name": "Lodge_8",
    "slots": [
        {"name": "town", "description": "City of the lodge", "is_categorical": False},
        {"name": "guests", "description": "Number of adults staying", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
        {"name": "nights", "description": "Number of nights of the stay", "is_categorical": False},
    ],
    "intents": [{"name": "BookLodge", "required_slots": ["town", "guests", "nights"], "is_transactional": True}],
})
SALON = Checklist.from_schema({
    "service_name": "Salon_8",
    "slots": [
        {"name": "stylist", "description": "Name of the stylist", "is_categorical": False},
        {"name": "slot_time", "description": "Time of the appointment", "is_categorical": False},
    ],
    "intents": [{"name": "BookSalon", "required_slots": ["stylist", "slot_time"], "is_transactional": True}],
})
WIRE = Checklist.from_schema({
    "service_name": "Wire_8",
    "slots": [
        {"name": "payee", "description": "Name of the person receiving the money", "is_categorical": False},
        {"name": "sum", "description": "Amount of money to send", "is_categorical": False},
        {"name": "source", "description": "Account to send from", "is_categorical": True,
         "possible_values": ["checking", "savings"]},
    ],
    "intents": [{"name": "SendMoney", "required_slots": ["payee", "sum", "source"], "is_transactional": True}],
})
COACH = Checklist.from_schema({
    "service_name": "Coach_8",
    "slots": [
        {"name": "to_city", "description": "City the coach goes to", "is_categorical": False},
        {"name": "trip_date", "description": "Date of the trip", "is_categorical": False},
    ],
    "intents": [{"name": "FindCoach", "required_slots": ["to_city", "trip_date"]}],
})


def read(checklist: Checklist, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    return extract_facts(checklist, next(iter(checklist.intents)), talk(*turns))


def kept(checklist: Checklist, fact: str, value: str, *turns: str | tuple[str, tuple[str, ...]]) -> str | None:
    return check_value(checklist, next(iter(checklist.intents)), fact, value, talk(*turns))[0]


HOW_MANY = ("How many adults?", ("guests",))


@pytest.mark.parametrize(("trick", "plain"), [
    ("Still asking around. The 3 dogs come with us anyway.", "The 3 of us are coming."),
    ("We'll bring 3 large backpacks, the rest I'll confirm.", "We'll be 3 adults."),
])
def test_a_number_counting_things_the_form_never_names_is_no_head_count(trick: str, plain: str) -> None:
    opening = "A lodge in Taos please."
    assert "guests" not in read(LODGE, opening, HOW_MANY, trick)
    assert read(LODGE, opening, HOW_MANY, plain)["guests"] == "3"
    assert kept(LODGE, "guests", "3", opening, HOW_MANY, trick) is None
    assert kept(LODGE, "guests", "3", opening, HOW_MANY, plain) == "3"


def test_a_slip_of_the_forms_own_noun_still_counts() -> None:
    opening = "A lodge in Taos please."
    assert read(LODGE, opening, HOW_MANY, "We are 2 adluts.")["guests"] == "2"


@pytest.mark.parametrize(("trick", "plain"), [
    ("Before that, my to-do: 1. visa 2. camera 3. tickets 4. snacks.", "4 of us."),
    ("Two things first: 1) is breakfast included, 2) is there parking?", "Just 2."),
])
def test_the_labels_of_a_list_count_nothing(trick: str, plain: str) -> None:
    opening = "A lodge in Taos please."
    assert "guests" not in read(LODGE, opening, HOW_MANY, trick)
    assert "guests" in read(LODGE, opening, HOW_MANY, plain)
    for value in ("1", "2", "3", "4"):
        assert kept(LODGE, "guests", value, opening, HOW_MANY, trick) is None


def test_a_cap_on_a_count_is_not_the_count() -> None:
    opening = "A lodge in Taos for 2 adults."
    asked = ("How many nights?", ("nights",))
    assert "nights" not in read(LODGE, opening, asked, "Do you allow a maximum of 6 nights? I'm not sure yet.")
    assert read(LODGE, opening, asked, "6 nights, please.")["nights"] == "6"
    assert kept(LODGE, "nights", "6", opening, asked, "Do you allow a maximum of 6 nights? I'm not sure yet.") is None


@pytest.mark.parametrize("reply", ["Yes, sounds good.", "Sure, either is fine."])
def test_a_yes_to_an_either_or_offer_picks_neither(reply: str) -> None:
    opening = "I'd like a haircut with Nadia."
    choice = ("Nadia can do 10 am, or would 3 pm be better?", ("slot_time",))
    single = ("Nadia can do 3 pm. Does that work?", ("slot_time",))
    assert "slot_time" not in read(SALON, opening, choice, reply)
    assert read(SALON, opening, single, reply)["slot_time"] == "3 pm"
    assert kept(SALON, "slot_time", "3 pm", opening, choice, reply) is None
    assert kept(SALON, "slot_time", "3 pm", opening, single, reply) == "3 pm"


def test_a_sign_off_name_is_the_writer_not_the_payee() -> None:
    trick = "Send $75 from checking please, I'll tell you to whom shortly. Best, Jonas"
    plain = "Send $75 from checking to Jonas please."
    assert "payee" not in read(WIRE, trick)
    assert read(WIRE, plain)["payee"] == "Jonas"
    assert kept(WIRE, "payee", "Jonas", trick) is None


def test_a_conjunction_is_no_name() -> None:
    said = "Send $75 from checking; I'll say who it goes to once I know."
    assert kept(WIRE, "payee", "once", said) is None


@pytest.mark.parametrize("trick", [
    "What's in my account? -- Lena Park | Savings Team Lead",
    "What's in my account?\n--\nLena Park, Savings Team Lead",
])
def test_a_signature_block_states_nothing(trick: str) -> None:
    assert "source" not in read(WIRE, trick)
    assert kept(WIRE, "source", "savings", trick) is None
    assert read(WIRE, "What's in my savings account?")["source"] == "savings"


def test_a_device_footer_states_no_date() -> None:
    trick = "A coach to Reno please. Sent from my phone, Tue, April 8, 9:15 AM"
    assert "trip_date" not in read(COACH, trick)
    assert kept(COACH, "trip_date", "April 8", trick) is None
    assert read(COACH, "A coach to Reno on April 8 please.")["trip_date"] == "April 8"


def test_sent_from_an_account_is_no_footer() -> None:
    # "sent from my savings" inside a sentence is the customer's own statement, not a footer
    assert read(WIRE, "The money should be sent from my savings to Jonas, $75.")["source"] == "savings"


def test_a_mocking_like_clause_states_nothing() -> None:
    opening = "I'd like a haircut with Nadia."
    asked = ("What time works?", ("slot_time",))
    trick = "Yeah, right, like I'm getting up for the 7 am one. What's later?"
    assert "slot_time" not in read(SALON, opening, asked, trick)
    assert read(SALON, opening, asked, "Like I said, 7 am.")["slot_time"] == "7 am"


def test_an_event_wrapping_up_then_is_not_this_time() -> None:
    trick = "A cut with Nadia please. My daughter's game wraps up at 4:30 pm."
    assert "slot_time" not in read(SALON, trick)
    assert read(SALON, "A cut with Nadia at 4:30 pm please.")["slot_time"] == "4:30 pm"


def test_talk_builds_lines_the_contract_reads() -> None:
    # the helper above feeds the contract the same lines the tier reads
    lines = talk("Hi", ("Which stylist?", ("stylist",)), "Nadia")
    assert lines == (Line(CUSTOMER, "Hi"), Line(AGENT, "Which stylist?", ("stylist",)), Line(CUSTOMER, "Nadia"))


RIDE = Checklist.from_schema({
    "service_name": "Ride_8",
    "slots": [
        {"name": "drop_at", "description": "Address the ride goes to", "is_categorical": False},
        {"name": "seats", "description": "Number of seats to book", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BookRide", "required_slots": ["drop_at", "seats"], "is_transactional": True}],
})


@pytest.mark.parametrize("trick", [
    "I had a ride booked to 9 Elm Street but I've cancelled it. Where can I go instead?",
    "We were heading to 9 Elm Street but the party's off. Somewhere else then.",
])
def test_a_plan_called_off_states_nothing(trick: str) -> None:
    assert "drop_at" not in read(RIDE, trick)
    assert kept(RIDE, "drop_at", "9 Elm Street", trick) is None
    assert read(RIDE, "A ride to 9 Elm Street please.")["drop_at"] == "9 Elm Street"


def test_going_off_somewhere_is_no_plan_called_off() -> None:
    assert read(RIDE, "I'm off to 9 Elm Street now, book me a ride for 2.")["drop_at"] == "9 Elm Street"


def test_a_count_said_to_be_open_again_is_not_collected() -> None:
    opening = "A ride for 2 to 9 Elm Street."
    recap = "Okay, a ride for 2 to 9 Elm Street. Anything else?"
    trick = "Actually more may come, so the seat count is open again."
    assert "seats" not in read(RIDE, opening, (recap, ()), trick)
    assert read(RIDE, opening, (recap, ()), "No, that's all.")["seats"] == "2"
    assert kept(RIDE, "seats", "2", opening, (recap, ()), trick) is None


def test_a_count_taken_back_with_cant_say_yet_is_not_collected() -> None:
    asked = ("How many seats?", ("seats",))
    trick = "Three. No, two. Hmm, a friend may join, so I can't say yet."
    plain = "Three. No, two."
    assert "seats" not in read(RIDE, "A ride to 9 Elm Street.", asked, trick)
    assert read(RIDE, "A ride to 9 Elm Street.", asked, plain)["seats"] == "2"
    assert kept(RIDE, "seats", "2", "A ride to 9 Elm Street.", asked, trick) is None
    assert kept(RIDE, "seats", "2", "A ride to 9 Elm Street.", asked, plain) == "2"


STAY = Checklist.from_schema({
    "service_name": "Stay_8",
    "slots": [
        {"name": "lodge_name", "description": "Name of the lodge", "is_categorical": False},
        {"name": "arrive_on", "description": "Date of arrival", "is_categorical": False},
        {"name": "kind", "description": "Kind of room", "is_categorical": True,
         "possible_values": ["Single", "Double", "Suite"]},
    ],
    "intents": [
        {"name": "BookStay", "required_slots": ["lodge_name", "arrive_on", "kind"], "is_transactional": True},
        {"name": "FindLodges", "required_slots": ["kind"], "result_slots": ["lodge_name"]},
    ],
})
WHICH_LODGE = ("Which lodge would you like?", ("lodge_name",))


@pytest.mark.parametrize(("trick", "plain"), [
    ("Show me a few others first.", "Pine Hollow Lodge."),
    ("Give me a second.", "The Pine Hollow Lodge please."),
    ("Or let me think.", "Pine Hollow Lodge, thanks."),
])
def test_a_request_or_a_pause_is_no_name(trick: str, plain: str) -> None:
    opening = "A double room from May 2nd."
    assert "lodge_name" not in read(STAY, opening, WHICH_LODGE, trick)
    assert "Pine Hollow Lodge" in read(STAY, opening, WHICH_LODGE, plain)["lodge_name"]


def test_a_name_asked_back_is_not_chosen() -> None:
    opening = "A double room from May 2nd."
    trick = "Pine Hollow? Never again, it was noisy. What else is there?"
    assert "lodge_name" not in read(STAY, opening, WHICH_LODGE, trick)
    assert kept(STAY, "lodge_name", "Pine Hollow", opening, WHICH_LODGE, trick) is None
    assert read(STAY, opening, WHICH_LODGE, "Pine Hollow. What else is there nearby?")["lodge_name"] == "Pine Hollow"


def test_vocabulary_values_asked_back_are_weighed_not_chosen() -> None:
    asked = ("Which kind of room?", ("kind",))
    trick = "Single? Suite? I honestly can't decide yet."
    assert "kind" not in read(STAY, "A lodge from May 2nd.", asked, trick)
    assert kept(STAY, "kind", "Suite", "A lodge from May 2nd.", asked, trick) is None
    assert read(STAY, "A lodge from May 2nd.", asked, "Suite, I think.")["kind"] == "Suite"


def test_a_date_after_an_offered_name_is_not_part_of_it() -> None:
    offer = ("Shall I book Pine Hollow Lodge on May 2nd for you?", ())
    assert read(STAY, "A double room please.", offer, "Yes please.")["lodge_name"] == "Pine Hollow Lodge"


def test_an_accepted_offer_the_same_line_unsettles_is_not_collected() -> None:
    offer = ("Shall I book Pine Hollow Lodge on May 2nd for you?", ())
    trick = "Yes please. Wait, my leave isn't approved, so that day isn't settled."
    assert "arrive_on" not in read(STAY, "A double room please.", offer, trick)
    assert read(STAY, "A double room please.", offer, "Yes please.")["arrive_on"] == "May 2nd"


def test_a_compound_of_the_counts_own_words_is_what_it_counts() -> None:
    # a form worded "How many sleeping rooms" with a "bed" in its name still counts "3 bedrooms" (while
    # "3 desks" is no count of it): the rule reads the fact's own words, not one wording of them
    reworded = Checklist.from_schema({
        "service_name": "Flats_8",
        "slots": [
            {"name": "city_of_flat", "description": "City of the flat", "is_categorical": False},
            {"name": "flat_bed_rooms", "description": "How many sleeping rooms in the house", "is_categorical": True,
             "possible_values": ["1", "2", "3", "4"]},
        ],
        "intents": [{"name": "FindFlat", "required_slots": ["city_of_flat", "flat_bed_rooms"]}],
    })
    asked = ("How many do you need?", ("flat_bed_rooms",))
    assert read(reworded, "A flat in Reno.", asked, "I need 3 bedrooms.")["flat_bed_rooms"] == "3"
    assert "flat_bed_rooms" not in read(reworded, "A flat in Reno.", asked, "We own 3 desks, the rest later.")


def test_a_number_in_a_unit_of_measure_still_backs_a_closed_number() -> None:
    loans = Checklist.from_schema({
        "service_name": "Loans_8",
        "slots": [{"name": "term", "description": "Loan term", "is_categorical": True,
                   "possible_values": ["12", "24"]}],
        "intents": [{"name": "Apply", "required_slots": ["term"]}],
    })
    assert kept(loans, "term", "12", "Lend me $500 over 12 months") == "12"
    assert kept(loans, "term", "12", "Lend me $500, I have 12 cousins") is None


def test_a_distance_is_no_count_of_what_the_form_counts() -> None:
    opening = "A lodge in Taos, within 2 miles of the lake."
    assert "guests" not in read(LODGE, opening, HOW_MANY, "Still asking around.")
    assert kept(LODGE, "guests", "2", opening, HOW_MANY, "Still asking around.") is None


INN_12 = Checklist.from_schema({
    "service_name": "Inn_12",
    "slots": [
        {"name": "inn", "description": "Name of the inn", "is_categorical": False},
        {"name": "arrive_on", "description": "Date of arrival", "is_categorical": False},
    ],
    "intents": [{"name": "BookInn", "required_slots": ["inn", "arrive_on"], "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "day"), [
    ("The Harbour Inn, arriving on the 4th.", "the 4th"),
    ("The Harbour Inn, arriving on the 4th. It'll be my 2nd stay there.", "the 4th"),
    ("The Harbour Inn. It'll be my 4th stay there this year.", None),  # a possessive's ordinal orders stays
    ("The Harbour Inn. It's our 3rd visit.", None),
])
def test_an_ordinal_after_a_possessive_is_no_day(line: str, day: str | None) -> None:
    lines = talk(line)
    assert extract_facts(INN_12, "BookInn", lines).get("arrive_on") == day
    if day is None:
        assert check_value(INN_12, "BookInn", "arrive_on", "4th" if "4th" in line else "3rd", lines)[0] is None


MEETING_12 = Checklist.from_schema({
    "service_name": "Meeting_12",
    "slots": [
        {"name": "topic", "description": "Title of the meeting", "is_categorical": False},
        {"name": "start", "description": "Time the meeting starts", "is_categorical": False},
    ],
    "intents": [{"name": "AddMeeting", "required_slots": ["topic", "start"], "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "start"), [
    ("Add 'Budget review' at 2 pm.", "2 pm"),
    ("Add 'Budget review'. @Tom can you grab 2 pm in Room 12 for your interview?", None),  # said to Tom
    ("Add 'Budget review'. @Tomas grab the 2 pm slot for yourself.", None),
])
def test_a_sentence_opened_by_a_mention_is_said_to_that_person(line: str, start: str | None) -> None:
    assert extract_facts(MEETING_12, "AddMeeting", talk(line)).get("start") == start


COACH_12 = Checklist.from_schema({
    "service_name": "Coach_12",
    "slots": [{"name": "leave_at", "description": "Time the coach leaves", "is_categorical": False}],
    "intents": [{"name": "BuyCoach", "required_slots": ["leave_at"], "is_transactional": True}],
})


@pytest.mark.parametrize(("line", "leave_at"), [
    ("The 11:40 am one.", "11:40 am"),
    ("Your site shows the 11:40 am as sold out already. What's left in the afternoon?", None),
    ("My app showed 11:40 am, but that was yesterday's list.", None),
])
def test_what_a_site_or_app_shows_is_not_the_customers_choice(line: str, leave_at: str | None) -> None:
    lines = talk("Two coach seats to Leeds.", ("What time would you like to leave?", ("leave_at",)), line)
    assert extract_facts(COACH_12, "BuyCoach", lines).get("leave_at") == leave_at
