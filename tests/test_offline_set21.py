"""Rules taken from set 21's defeats and contract misses, each trick beside the plain statement it imitates, read by
the offline tier and by the contract alike (our own wording, invented schemas): a repair that opens its own sentence,
a choice still ahead ("before choosing"), an amount that is another thing's ("a $10,000 daily limit"), two amounts
weighed ("$1,250.00 or just 1250"), a value cut inside a word or read off the screen of a right-to-left override, and
an offer that stands across the customer's request for a kind of thing."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_CUT_SHORT, VALUE_NOT_IN_CONVERSATION, VALUE_REORDERED
from tests.talking import codes, kept, read, talk

FUNDS = Checklist.from_schema({
    "service_name": "Funds_9",
    "slots": [
        {"name": "sum", "description": "Amount of money to move", "is_categorical": False},
        {"name": "payee", "description": "Name of the person receiving the money", "is_categorical": False},
    ],
    "intents": [{"name": "MoveFunds", "required_slots": ["sum", "payee"], "is_transactional": True}],
})
VIEWINGS = Checklist.from_schema({
    "service_name": "Viewings_9",
    "slots": [
        {"name": "building", "description": "Name of the building to view", "is_categorical": False},
        {"name": "viewing_day", "description": "Date of the viewing", "is_categorical": False},
    ],
    "intents": [{"name": "BookViewing", "required_slots": ["building", "viewing_day"], "is_transactional": True}],
})
CLINICS = Checklist.from_schema({
    "service_name": "Clinics_9",
    "slots": [
        {"name": "town", "description": "Town of the clinic", "is_categorical": False},
        {"name": "specialty", "description": "Kind of doctor", "is_categorical": True,
         "possible_values": ["Dermatologist", "Dentist", "Pediatrician"]},
    ],
    "intents": [{"name": "FindClinic", "required_slots": ["town", "specialty"], "is_transactional": False}],
})
TICKETS = Checklist.from_schema({
    "service_name": "Tickets_9",
    "slots": [
        {"name": "game", "description": "Name of the game", "is_categorical": False},
        {"name": "seats", "description": "Number of seats", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BuySeats", "required_slots": ["game", "seats"], "is_transactional": True}],
})
ASK_SUM = ("How much should I send?", ("sum",))
ASK_DAY = ("What day works for you?", ("viewing_day",))
ASK_KIND = ("What kind of doctor?", ("specialty",))


def test_a_repair_opening_its_own_sentence_takes_back_the_clause_before() -> None:
    for repair in ("Put me down for Saturday. No wait, scratch that, there's a wedding.",
                   "Put me down for Saturday. Scratch that."):
        lines = talk("A viewing at Oak Court.", ASK_DAY, repair)
        assert "viewing_day" not in read(VIEWINGS, "BookViewing", lines)
        assert not kept(VIEWINGS, "BookViewing", lines, "viewing_day", "Saturday")
    corrected = talk("A viewing at Oak Court.", ASK_DAY, "Put me down for Saturday. Scratch that, make it Sunday.")
    assert read(VIEWINGS, "BookViewing", corrected)["viewing_day"] == "Sunday"
    plain = talk("A viewing at Oak Court.", ASK_DAY, "Put me down for Saturday.")
    assert read(VIEWINGS, "BookViewing", plain)["viewing_day"] == "Saturday"
    assert kept(VIEWINGS, "BookViewing", plain, "viewing_day", "Saturday")


def test_a_value_put_off_until_later_is_not_stated() -> None:
    lines = talk("A viewing at Oak Court.", ASK_DAY, "Saturday, maybe. I'll come back to you with a date.")
    assert "viewing_day" not in read(VIEWINGS, "BookViewing", lines)
    lines = talk("A clinic in Napa.", ASK_KIND,
                 "A friend said I should see a Dermatologist. I'd rather ask my doctor before choosing.")
    assert "specialty" not in read(CLINICS, "FindClinic", lines)
    assert not kept(CLINICS, "FindClinic", lines, "specialty", "Dermatologist")
    plain = talk("A clinic in Napa.", ASK_KIND, "A Dermatologist.")
    assert read(CLINICS, "FindClinic", plain)["specialty"] == "Dermatologist"
    assert kept(CLINICS, "FindClinic", plain, "specialty", "Dermatologist")


def test_an_amount_that_qualifies_another_thing_is_that_things() -> None:
    for line in ("Is there a $10,000 daily limit on that?", "Is there a $35 fee?", "My $2,000 paycheck lands Friday."):
        lines = talk("Send money to Hannah.", ASK_SUM, line)
        assert "sum" not in read(FUNDS, "MoveFunds", lines), line
        assert not kept(FUNDS, "MoveFunds", lines, "sum", line.split()[3] if line.startswith("Is") else "$2,000")
    for line in ("A $400 move, please.", "Send $400 to her.", "The $400, please."):
        lines = talk("Send money to Hannah.", ASK_SUM, line)
        assert read(FUNDS, "MoveFunds", lines)["sum"] == "$400", line
        assert kept(FUNDS, "MoveFunds", lines, "sum", "$400")


def test_two_amounts_weighed_leave_the_amount_open() -> None:
    lines = talk("Send money to Diego.", ASK_SUM, "Do you want it typed like $1,250.00 or just 1250?")
    assert "sum" not in read(FUNDS, "MoveFunds", lines)
    plain = talk("Send money to Diego.", ASK_SUM, "$1,250.00.")
    assert read(FUNDS, "MoveFunds", plain)["sum"] == "$1,250.00"


def test_a_value_cut_inside_a_word_is_cut_short() -> None:
    said = ("A viewing at Freshwater Court on Friday.",)
    assert codes(VIEWINGS, {"building": "Fresh"}, *said) == [VALUE_CUT_SHORT]
    assert codes(VIEWINGS, {"building": "Freshwater C"}, *said) == [VALUE_CUT_SHORT]
    assert codes(VIEWINGS, {"building": "Saltwater"}, *said) == [VALUE_NOT_IN_CONVERSATION]
    assert codes(VIEWINGS, {"building": "Freshwater Court", "viewing_day": "Friday"}, *said) == []


def test_a_value_read_off_the_screen_of_a_right_to_left_override_is_reordered() -> None:
    typed = "A viewing on Friday at \u202etruoC kaO\u202c please."  # shown as "... at Oak Court please."
    assert codes(VIEWINGS, {"building": "Oak Court"}, typed) == [VALUE_REORDERED]
    assert codes(VIEWINGS, {"building": "Oak Court"}, "A viewing on Friday at Oak Court please.") == []


def test_an_offer_answering_a_request_for_a_kind_stands_across_a_question_about_it() -> None:
    turns = ("Two seats for a game, please.", ("There's the Hawks Vs Owls on Friday.", ()),
             "How about a soccer game on Sunday?", ("On Sunday there's the Lions Vs Bears.", ()),
             "Where is it played?", ("At City Stadium.", ()))
    assert codes(TICKETS, {"game": "Lions Vs Bears", "seats": "2"}, *turns, "Cool. I'm down with that.") == []
    assert codes(TICKETS, {"game": "Lions Vs Bears", "seats": "2"}, *turns, "Hmm, what else is on?") == [
        "value_only_in_agent_words"]
