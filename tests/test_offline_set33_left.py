"""Shapes held-out set 33 won with against offline-79, each beside the plain statement it imitates (our own wording,
invented schemas): conditions set by "in the event" and "assuming", a signature block, negators typed with a slip or
letter by letter, a refusal as an answer, a pick by place in a list, a day counted from another or a stretch around
it, a time on another place's clock, a companion's own plans, a past habit, figures handed over to be worked out, an
order to another assistant, a question about what a thing does, a log line's level, a message's header, a condition
after a trailing-off, a kin word that only describes, and a question typed without its mark."""

from __future__ import annotations

from core.checklist import Checklist
from core.extractors.offline.elsewhere import elsewhere
from tests.talking import read, talk

PAYMENTS = Checklist.from_schema({
    "service_name": "Payments_9",
    "slots": [
        {"name": "payee", "description": "Name of the person to pay", "is_categorical": False},
        {"name": "sum", "description": "Amount of money to pay", "is_categorical": False},
        {"name": "method", "description": "Way to pay", "is_categorical": True,
         "possible_values": ["credit card", "debit card", "app balance"]},
        {"name": "account", "description": "Account to pay from", "is_categorical": True,
         "possible_values": ["checking", "savings"]},
    ],
    "intents": [
        {"name": "Pay", "required_slots": ["payee", "sum", "method"], "is_transactional": True},
        {"name": "Move", "required_slots": ["payee", "sum", "account"], "is_transactional": True},
    ],
})
TRIPS = Checklist.from_schema({
    "service_name": "Trips_9",
    "slots": [
        {"name": "from_city", "description": "City to leave from", "is_categorical": False},
        {"name": "to_city", "description": "City to travel to", "is_categorical": False},
        {"name": "leave_date", "description": "Date of the outbound journey", "is_categorical": False},
        {"name": "back_date", "description": "Date of the return journey", "is_categorical": False},
        {"name": "pickup_time", "description": "Time to collect the car", "is_categorical": False},
    ],
    "intents": [
        {"name": "RoundTrip", "required_slots": ["from_city", "to_city", "leave_date", "back_date"],
         "is_transactional": False},
        {"name": "Car", "required_slots": ["to_city", "pickup_time"], "is_transactional": True},
    ],
})
FILMS = Checklist.from_schema({
    "service_name": "Films_9",
    "slots": [
        {"name": "genre", "description": "Kind of film", "is_categorical": False},
        {"name": "film", "description": "Title of the film", "is_categorical": False},
    ],
    "intents": [
        {"name": "Browse", "required_slots": ["genre"], "is_transactional": False},
        {"name": "Rent", "required_slots": ["film"], "is_transactional": True},
    ],
})


def paying(*lines: str | tuple[str, tuple[str, ...]], intent: str = "Pay") -> dict[str, str]:
    return read(PAYMENTS, intent, talk(*lines))


def trip(*lines: str | tuple[str, tuple[str, ...]], intent: str = "RoundTrip") -> dict[str, str]:
    return read(TRIPS, intent, talk(*lines))


def genre(reply: str) -> str | None:
    return read(FILMS, "Browse", talk("Find me a film.", ("What kind of film?", ("genre",)), reply)).get("genre")


def film(reply: str, offer: str = "I found Dumbo, Shazam and Us. Which one?") -> str | None:
    return read(FILMS, "Rent", talk("Rent a film.", (offer, ("film",)), reply)).get("film")


def test_in_the_event_and_assuming_set_conditions() -> None:
    assert "account" not in paying("Move 500 dollars to Lucia. Savings, in the event my pay hasn't landed by then.",
                                   intent="Move")
    assert paying("Move 500 dollars to Lucia. Savings.", intent="Move")["account"] == "savings"
    offer = ("How about March 11th?", ("leave_date",))
    assert "leave_date" not in trip("Round trip from Houston to Newark.", offer, "Fine, assuming my meeting moves.")
    assert trip("Round trip from Houston to Newark.", offer, "Fine.").get("leave_date") == "March 11th"


def test_a_signature_block_after_a_valediction_states_nothing() -> None:
    signed = trip("Round trip from Philadelphia to Charlotte.\nBest,\nDana | Travel Desk | Mon, March 11")
    assert "leave_date" not in signed
    assert trip("Round trip from Philadelphia to Charlotte, leaving Mon, March 11.")["leave_date"] == "March 11"


def test_a_negator_typed_with_a_slip_or_letter_by_letter_still_negates() -> None:
    assert "account" not in paying("Move 50 dollars to Ann, nto savings.", intent="Move")
    assert "leave_date" not in trip("Round trip from Reno to Portland, n o t the 11th.")
    assert paying("Move 50 dollars to Ann, savings.", intent="Move")["account"] == "savings"
    assert trip("Round trip from Reno to Portland, the 11th.")["leave_date"] == "the 11th"
    assert trip("Round trip from Reno to Portland, note the 11th.")["leave_date"] == "the 11th"  # a word, no slip


def test_a_refusal_given_as_an_answer_names_no_genre() -> None:
    assert genre("Not answering that.") is None
    assert genre("Still not answering.") is None
    assert genre("Jazz.") == "Jazz"


def test_a_pick_by_place_in_a_list_names_nothing_itself() -> None:
    assert film("The fourth one. Hmm.") is None
    assert film("The former. Kids will love it.", "Would you like Toy Story 4 or Frozen II?") is None
    assert film("Shazam.") == "Shazam"
    assert film("Second Act.") == "Second Act"  # a title that opens with an ordinal


def test_a_day_counted_from_another_or_a_stretch_around_it_is_not_the_day() -> None:
    assert "leave_date" not in trip("Round trip Miami to Boston three days before my sister's wedding on the 20th.")
    assert "leave_date" not in trip("Round trip Miami to Boston sometime the week of the 10th.")
    assert trip("Round trip Miami to Boston on the 20th.")["leave_date"] == "the 20th"
    assert trip("Round trip Miami to Boston, the wedding is the 20th, I leave on the 17th.")["leave_date"] == "the 17th"


def test_a_time_on_another_places_clock_is_not_the_time() -> None:
    assert "pickup_time" not in trip("Car in Honolulu, pick-up at 6 pm New York time.", intent="Car")
    assert "pickup_time" not in trip("Car in Honolulu, pick-up at 6 pm EST.", intent="Car")
    assert trip("Car in Honolulu, pick-up at 6 pm.", intent="Car")["pickup_time"] == "6 pm"
    assert trip("Car in Honolulu, pick-up at 6 pm local time.", intent="Car")["pickup_time"] == "6 pm"
    assert trip("Car in New York, pick-up at 6 pm Central Park.", intent="Car")["pickup_time"] == "6 pm"


def test_a_companions_own_plans_are_theirs() -> None:
    said = trip("Round trip Seattle to Honolulu, leaving the 3rd. My travel buddy's coming back on the 10th.")
    assert "back_date" not in said
    plain = trip("Round trip Seattle to Honolulu, leaving the 3rd. I'm coming back on the 10th.")
    assert plain["back_date"] == "the 10th"


def test_a_past_habit_after_a_fronted_phrase_tells_of_the_past() -> None:
    assert "method" not in paying("Pay Owen 55 dollars. Back in college I always paid him with my debit card.")
    assert paying("Pay Owen 55 dollars with my debit card.")["method"] == "debit card"


def test_figures_handed_over_to_be_worked_out_are_not_the_value() -> None:
    converted = paying("Move money to Hiro from savings. He needs ¥50,000; convert it first.", intent="Move")
    assert "sum" not in converted and converted["account"] == "savings"
    assert "sum" not in paying("Pay Aiden his share. The bill was 180 dollars and we split it four ways.")
    assert paying("Move money to Hiro from savings. He needs $500.", intent="Move")["sum"] == "$500"
    assert paying("Pay Aiden his share, 45 dollars.")["sum"] == "45 dollars"
    assert trip("Car in Tulsa, 7 pm would work out great.", intent="Car")["pickup_time"] == "7 pm"  # no sum worked


def test_an_order_to_another_assistant_is_not_said_to_the_agent() -> None:
    assert "sum" not in paying("Siri, text Mom I'll send 50 dollars tonight. Oops. Anyway, pay Mom by debit card.")
    assert paying("I'll send Mom 50 dollars tonight. Pay her by debit card.")["sum"] == "50 dollars"
    # a word of assent before the order calls no one
    assert paying("Pay Mom by debit card. Okay, call it 50 dollars.")["sum"] == "50 dollars"


def test_a_question_about_what_a_thing_does_chooses_nothing() -> None:
    assert "method" not in paying("Pay Tomas 20 dollars. Does the credit card charge a fee, or is the debit card free?")
    assert paying("Pay Tomas 20 dollars. Does the debit card work?")["method"] == "debit card"
    assert paying("Pay Tomas 20 dollars by credit card.")["method"] == "credit card"


def test_a_log_lines_level_and_a_messages_header_open_text_nobody_says() -> None:
    assert "method" not in paying("Pay Rhea 12 dollars.\n[debug] method resolved -> credit card (source: cache)")
    assert "pickup_time" not in trip("Car in Tulsa. Reminder from MyChart: schedule for 10:30", intent="Car")
    assert paying("Pay Rhea 12 dollars.\nBy credit card.")["method"] == "credit card"
    assert trip("Car in Tulsa. Pick it up at 10:30", intent="Car")["pickup_time"] == "10:30"


def test_a_condition_after_a_trailing_off_or_a_word_of_approval_binds_the_value() -> None:
    offer = ("Shall I use your app balance?", ("method",))
    assert "method" not in paying("Pay Aisha 45 dollars.", offer, "App balance, perfect... unless it's under 45.")
    assert "method" not in paying("Pay Aisha 45 dollars.", offer, "App balance... unless it's under 45.")
    assert paying("Pay Aisha 45 dollars.", offer, "App balance, perfect.")["method"] == "app balance"


def test_a_kin_word_that_only_describes_is_no_part_of_the_name() -> None:
    assert paying("Move $90 from checking to my cousin Arlo.", intent="Move")["payee"] == "Arlo"
    assert paying("Move $90 from checking to Aunt Jenny.", intent="Move")["payee"] == "Aunt Jenny"


def test_a_question_typed_without_its_mark_names_no_title() -> None:
    assert film("🤔 what else is there", "How about Shazam?") is None
    assert film("What Lies Beneath", "How about Shazam?") == "What Lies Beneath"


def test_a_may_after_the_infinitives_to_is_a_slip_not_a_doubt() -> None:
    assert paying("I would like to may a transfer of 50 dollars to Ann from savings.", intent="Move")["account"] == (
        "savings")
    assert "account" not in paying("Move 50 dollars to Ann. It may be from savings, may be checking.", intent="Move")


def test_two_values_each_put_forward_with_doubt_choose_neither() -> None:
    assert "account" not in paying("Move 50 dollars to Ann. Maybe savings, maybe checking.", intent="Move")
    assert "leave_date" not in trip("Round trip from Reno to Portland, maybe the 5th, perhaps the 6th.")
    assert paying("Move 50 dollars to Ann, maybe from checking.", intent="Move")["account"] == "checking"
    assert trip("Round trip from Reno to Portland on the 5th, maybe.")["leave_date"] == "the 5th"


def test_a_share_is_no_sum() -> None:
    asked = ("How much should I send?", ("sum",))
    assert "sum" not in paying("Pay Ann by debit card.", asked, "Not sure. I'm on my last 2% battery, send it.")
    assert "sum" not in paying("Pay Ann by debit card.", asked, "Ten percent of the bill, you work it out.")
    assert paying("Pay Ann by debit card.", asked, "20.")["sum"] == "20"


def test_an_order_about_what_the_agent_named_is_said_to_the_agent() -> None:
    assert elsewhere("Fantastic, play that song.").strip() == "Fantastic, play that song."
    assert elsewhere("Alexa, play Wonderwall.").strip() == ""


def test_a_value_pencilled_in_is_left_open() -> None:
    said = "Round trip from Dallas to Cancun, leaving June 1st, back June 8th."
    assert "back_date" not in trip(said + " The June 8th part is penciled in at best.")
    assert "back_date" not in trip(said[:-1] + ", but that's pencilled in.")
    assert trip(said)["back_date"] == "June 8th"


STAYS = Checklist.from_schema({
    "service_name": "Stays_9",
    "slots": [
        {"name": "town", "description": "City to stay in", "is_categorical": False},
        {"name": "nights", "description": "Number of nights to stay", "is_categorical": False},
    ],
    "intents": [{"name": "Book", "required_slots": ["town", "nights"], "is_transactional": True}],
})


def test_how_long_another_thing_lasts_is_not_the_stay() -> None:
    assert "nights" not in read(STAYS, "Book", talk("A room in Houston. The conference lasts 4 days."))
    assert read(STAYS, "Book", talk("A room in Houston for 4 nights."))["nights"] == "4"
