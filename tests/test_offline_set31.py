"""Shapes first seen after held-out set 29, each beside the plain statement it imitates (our own wording, an invented
schema): a real model's payee that is an order to the system or leaves the choice to someone else, the code a value
outside its vocabulary or of another kind gets where the line also takes it back, and "get me a boat" read as a
request to obtain one rather than a search."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import check_mapping
from core.intent import read_intent
from tests.talking import read, talk

COURIERS = Checklist.from_schema({
    "service_name": "Couriers_3",
    "slots": [
        {"name": "parcel_size", "description": "Size of the parcel", "is_categorical": True,
         "possible_values": ["Small", "Medium", "Large"]},
        {"name": "pickup_address", "description": "Address to collect the parcel from", "is_categorical": False},
        {"name": "addressee", "description": "Name of the person to deliver the parcel to", "is_categorical": False},
        {"name": "fee", "description": "Amount to pay for the delivery", "is_categorical": False},
        {"name": "receiver", "description": "Name of the contact or account to pay the fee to",
         "is_categorical": False},
        {"name": "film", "description": "Title of the film to watch while waiting", "is_categorical": False},
        {"name": "carrier", "description": "Company that carries the parcel", "is_categorical": True,
         "possible_values": ["Swift Parcel", "Blue Van Couriers"]},
        {"name": "drop_off_city", "description": "City the parcel goes to", "is_categorical": False},
        {"name": "send_date", "description": "Date the parcel is sent", "is_categorical": False},
    ],
    "intents": [
        {"name": "SendParcel", "required_slots": ["parcel_size", "pickup_address", "addressee"],
         "is_transactional": True},
        {"name": "PayFee", "required_slots": ["fee", "receiver"], "is_transactional": True},
        {"name": "WatchFilm", "required_slots": ["film"], "is_transactional": True},
        {"name": "QuoteParcel", "required_slots": ["drop_off_city", "send_date"], "optional_slots": {"carrier": ""},
         "is_transactional": False},
    ],
})


def codes(intent: str, answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]) -> list[str]:
    return check_mapping(COURIERS, intent, talk(*turns), answer).codes


def test_an_order_to_the_system_or_a_free_choice_names_no_one() -> None:
    who = ("Who do we pay the fee to?", ("receiver",))
    line = "Just use the name on file, whatever it is, and pay $12."
    assert codes("PayFee", {"fee": "$12", "receiver": "Just use the name on file, whatever it is"},
                 "I'd like to pay a fee.", who, line) == ["value_wrong_kind"]
    assert codes("PayFee", {"fee": "$12", "receiver": "Just use the name on file"},
                 "I'd like to pay a fee.", who, line) == ["value_wrong_kind"]
    assert codes("PayFee", {"fee": "$12", "receiver": "whoever is cheapest"},
                 "I'd like to pay a fee.", who, "Pay $12 to whoever is cheapest.") == ["value_wrong_kind"]
    parcel = ("Who is it for?", ("addressee",))
    assert codes("SendParcel", {"addressee": "Just use the name on file"}, "Send a small parcel from 4 Elm Row.",
                 parcel, "Just use the name on file.") == ["value_wrong_kind"]
    # the plain statements: a firm named, and a title in capitals that opens with a verb or holds "whatever"
    assert codes("PayFee", {"fee": "$12", "receiver": "Swift Parcel"},
                 "I'd like to pay a fee.", who, "Just use Swift Parcel and pay $12.") == []
    which = ("Which film?", ("film",))
    assert codes("WatchFilm", {"film": "Take Me Home Tonight"}, "Put a film on.", which,
                 "Take Me Home Tonight.") == []
    assert codes("WatchFilm", {"film": "Whatever It Takes"}, "Put a film on.", which, "Whatever It Takes.") == []


def test_what_a_value_is_is_named_before_what_the_conversation_says_of_it() -> None:
    # outside the vocabulary, or of another kind than the fact, whatever the line then says of it
    assert codes("SendParcel", {"parcel_size": "Huge"},
                 "Send a huge parcel. Actually, forget the size for now.") == ["value_not_allowed"]
    assert codes("SendParcel", {"pickup_address": "tomorrow"},
                 "Collect it tomorrow. Not sure of the address yet, forget where for now.") == ["value_wrong_kind"]
    # the plain statements: a value of the vocabulary and of the fact's kind, taken back, is not stated
    assert codes("SendParcel", {"parcel_size": "Large"},
                 "Send a large parcel. Actually, forget the size for now.") == ["value_not_stated"]
    assert codes("SendParcel", {"pickup_address": "4 Elm Row"},
                 "Collect it at 4 Elm Row. Actually, forget the address for now.") == ["value_not_stated"]


def test_an_optional_facts_closed_value_or_a_bare_number_is_no_place_and_no_day() -> None:
    line = "I need a quote for 1 parcel with Blue Van Couriers to Leeds, sent on the 11th."
    assert codes("QuoteParcel", {"drop_off_city": "Blue Van Couriers"}, line) == ["value_wrong_kind"]
    assert codes("QuoteParcel", {"send_date": "1"}, line) == ["value_wrong_kind"]
    # the plain statements
    assert codes("QuoteParcel", {"drop_off_city": "Leeds", "send_date": "the 11th", "carrier": "Blue Van Couriers"},
                 line) == []


BOATS = Checklist.from_schema({
    "service_name": "Boats_2",
    "slots": [
        {"name": "harbour", "description": "Harbour to sail from", "is_categorical": False},
        {"name": "sail_day", "description": "Date of the trip", "is_categorical": False},
        {"name": "skipper", "description": "Whether a skipper comes along", "is_categorical": True,
         "possible_values": ["True", "False"]},
    ],
    "intents": [
        {"name": "FindBoat", "description": "Look for boats to hire", "required_slots": ["harbour", "sail_day"],
         "is_transactional": False},
        {"name": "HireBoat", "description": "Hire a boat", "required_slots": ["harbour", "sail_day", "skipper"],
         "is_transactional": True},
    ],
})


def test_get_me_a_thing_asks_to_obtain_it_and_never_settles_a_search() -> None:
    opening = talk("I need to find some dates for a festival.", ("It runs March 4th to 6th.", ()))
    got = read_intent(BOATS, (*opening, *talk("Great - can you get me a boat there on March 3rd, from Dover?")))
    assert not (got.intent == "FindBoat" and got.settled)
    # the plain statement: asking to look for one is a search
    looked = read_intent(BOATS, (*opening, *talk("Great - can you look for boats on March 3rd, from Dover?")))
    assert (looked.intent, looked.settled) == ("FindBoat", True)


COACHES = Checklist.from_schema({
    "service_name": "Coaches_7",
    "slots": [
        {"name": "from_town", "description": "Town the coach leaves from", "is_categorical": False},
        {"name": "to_town", "description": "Town the coach goes to", "is_categorical": False},
        {"name": "departure_date", "description": "Date of departure", "is_categorical": False},
        {"name": "return_date", "description": "Date of return", "is_categorical": False},
        {"name": "departure_time", "description": "Time of departure", "is_categorical": False},
        {"name": "seat_class", "description": "Class of seat", "is_categorical": True,
         "possible_values": ["Standard", "Comfort", "Sleeper"]},
        {"name": "shared_cabin", "description": "Whether the cabin is shared with others", "is_categorical": True,
         "possible_values": ["True", "False"]},
        {"name": "payee", "description": "Name of the contact to pay", "is_categorical": False},
        {"name": "amount", "description": "Amount of money to pay", "is_categorical": False},
        {"name": "meeting_town", "description": "Town to meet the driver in", "is_categorical": False},
    ],
    "intents": [
        {"name": "BookReturnTrip", "required_slots": ["from_town", "to_town", "departure_date", "return_date"],
         "is_transactional": True},
        {"name": "BookSeat", "required_slots": ["from_town", "departure_time", "seat_class", "shared_cabin"],
         "is_transactional": True},
        {"name": "PayDriver", "required_slots": ["payee", "amount"], "is_transactional": True},
        {"name": "MeetDriver", "required_slots": ["meeting_town"], "is_transactional": True},
    ],
})


def coach(intent: str, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    lines = talk(*turns)
    return check_mapping(COACHES, intent, lines, read(COACHES, intent, lines)).accepted


def test_set30_shapes_beside_the_plain_statements() -> None:
    who = ("Who should I pay?", ("payee",))
    assert "payee" not in coach("PayDriver", "Pay $30.", who, "Seriously? Just pay it, you can work out who.")
    assert coach("PayDriver", "Pay $30.", who, "Emily.")["payee"] == "Emily"
    # a fact named by its part in the trip, left open later
    where = ("Where to?", ("to_town",))
    said = coach("BookReturnTrip", "From Leeds, leaving March 4th and coming back March 10th.", where,
                 "York. The leaving day isn't set after all.")
    assert "departure_date" not in said and said["return_date"] == "March 10th"
    assert coach("BookReturnTrip", "From Leeds, leaving March 4th and coming back March 10th.", where,
                 "York. The leaving day is fine.")["departure_date"] == "March 4th"
    # when another thing of the customer's happens, and a plan called off
    said = coach("BookSeat", "A Comfort seat from Leeds leaving at 10:30 am, shared is fine. I get off my night "
                             "shift at 7 am, so that's tight.")
    assert said["departure_time"] == "10:30 am"
    said = coach("BookSeat", "A Comfort seat from Leeds leaving at 10:30 am, shared is fine. I had an 8 am coach "
                             "booked elsewhere but cancelled it.")
    assert said["departure_time"] == "10:30 am"
    # someone else's wish who is not coming, beside the same wish of someone who is
    assert "seat_class" not in coach("BookSeat", "A seat from Leeds at 9 am. My partner would rather go Sleeper, "
                                                 "but she's not coming.")
    assert coach("BookSeat", "A seat from Leeds at 9 am. My partner would rather go Sleeper, and she's "
                             "coming.")["seat_class"] == "Sleeper"
    # a code, an order not to ask, a weighing question, a question about where an offer is
    assert "from_town" not in coach("BookSeat", "A seat please, my member number is LEEDS-4D-5521.")
    assert "shared_cabin" not in coach("BookSeat", "A seat from Leeds at 9 am. DON'T ASK ME ABOUT SHARING, JUST "
                                                   "BOOK IT")
    assert coach("BookSeat", "A seat from Leeds at 9 am. No sharing.")["shared_cabin"] == "False"
    assert "seat_class" not in coach("BookSeat", "A seat from Leeds at 9 am. What's Sleeper like, is it worth it?")
    assert coach("BookSeat", "A seat from Leeds at 9 am. Sleeper, it's worth it.")["seat_class"] == "Sleeper"
    where = ("Shall we meet in Harrogate?", ("meeting_town",))
    assert "meeting_town" not in coach("MeetDriver", "I'd like to meet the driver.", where, "Is that near Ripon?")
    assert coach("MeetDriver", "I'd like to meet the driver.", ("Where shall we meet?", ("meeting_town",)),
                 "Near Ripon.")["meeting_town"] == "Ripon"


def test_set30_contract_shapes_beside_the_plain_statements() -> None:
    def kept(intent: str, answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
        return check_mapping(COACHES, intent, talk(*turns), answer).accepted

    trip = {"from_town": "Leeds", "to_town": "York", "departure_date": "March 4th", "return_date": "March 10th"}
    said = "From Leeds to York, leaving March 4th, back March 10th."
    ready = ("Shall I book it?", ())
    # a value left open later: in doubt, not locked in, second-guessed, known only later, clashing
    for later in ("Go ahead, though that date is still a bit shaky for me.", "Almost, but my leaving day isn't "
                  "locked in yet.", "Not yet, I'm second-guessing the day.", "I'll only know which day once my rota "
                  "comes out.", "Ugh, that date might clash with school pickup."):
        assert "departure_date" not in kept("BookReturnTrip", trip, said, ready, later), later
    assert kept("BookReturnTrip", trip, said, ready, "Go ahead, that date is fine.") == trip
    # a sum said loosely or put off, a count that may grow
    pay = {"payee": "Victoria", "amount": "$171"}
    assert "amount" not in kept("PayDriver", pay, "Pay $171 to Victoria.", ready,
                                "Hmm, let me confirm the exact total with her first.")
    assert kept("PayDriver", pay, "Pay $171 to Victoria.", ready, "Yes, send it.") == pay
    # a sum as a person, a description as a place
    assert "payee" not in kept("PayDriver", {"payee": "one hundred and seventy one bucks"},
                               "Pay one hundred and seventy one bucks to Victoria.")
    assert "meeting_town" not in kept("MeetDriver", {"meeting_town": "Our regular spot"}, "Meet at our regular spot.")
    assert kept("MeetDriver", {"meeting_town": "Ripon"}, "Meet in Ripon.") == {"meeting_town": "Ripon"}
    # somewhere the customer grew up or wants to get away from, somewhere asked about
    assert "meeting_town" not in kept("MeetDriver", {"meeting_town": "Ripon"}, "Fun fact, I was raised in Ripon.")
    assert "meeting_town" not in kept("MeetDriver", {"meeting_town": "Ripon"},
                                      "Currently stuck in Ripon, desperate to get away from there.")
    assert "meeting_town" not in kept("MeetDriver", {"meeting_town": "Ripon"}, "Is Ripon far from there?")
    # a value asked back and scoffed at, beside the same value chosen
    assert "seat_class" not in kept("BookSeat", {"seat_class": "Sleeper"}, "A seat from Leeds at 9 am.",
                                    ("Which class?", ("seat_class",)), "Sleeper? Oh please, as if I want to nap.")
    assert kept("BookSeat", {"seat_class": "Sleeper"}, "A seat from Leeds at 9 am.", ("Which class?", ("seat_class",)),
                "Sleeper, please.") == {"seat_class": "Sleeper"}


WALLETS = Checklist.from_schema({
    "service_name": "Wallets_2",
    "slots": [
        {"name": "account", "description": "Type of the wallet account", "is_categorical": True,
         "possible_values": ["travel", "household"]},
        {"name": "payee", "description": "Name of the contact to send money to", "is_categorical": False},
        {"name": "amount", "description": "Amount of money to send", "is_categorical": False},
    ],
    "intents": [
        {"name": "ShowBalance", "required_slots": ["account"], "is_transactional": False},
        {"name": "SendMoney", "required_slots": ["account", "payee", "amount"], "is_transactional": True},
    ],
})


def test_a_closed_value_said_earlier_gives_way_to_the_one_said_last() -> None:
    lines = talk("What's my balance?", ("In travel or household?", ("account",)), "In travel.",
                 ("You have $300 in travel.", ()), "What's the balance in my household one?",
                 ("You have $500 in household.", ()), "Ok, send $40 to Diego.")
    assert check_mapping(WALLETS, "SendMoney", lines, {"account": "household"}).accepted == {"account": "household"}
    assert check_mapping(WALLETS, "SendMoney", lines, {"account": "travel"}).codes == ["value_not_stated"]
    # the plain statement: chosen for this task, the earlier one stands
    chosen = (*lines, *talk(("Which account?", ("account",)), "From travel."))
    assert check_mapping(WALLETS, "SendMoney", chosen, {"account": "travel"}).accepted == {"account": "travel"}


def test_a_vocabulary_word_used_as_a_verb_names_no_value() -> None:
    thanks = talk("What's the balance of my household account?", ("You have $500 in household.", ()),
                  "Thanks for checking that.", ("Would you like to send money?", ()), "Yes, $40 to Diego.")
    banks = Checklist.from_schema({
        "service_name": "Banks_9",
        "slots": [{"name": "account_type", "description": "Type of the account", "is_categorical": True,
                   "possible_values": ["checking", "savings"]}],
        "intents": [{"name": "CheckBalance", "required_slots": ["account_type"], "is_transactional": False}],
    })
    assert "account_type" not in read(banks, "CheckBalance", talk("Thanks for checking that."))
    assert check_mapping(banks, "CheckBalance", talk("Thanks for checking that."),
                         {"account_type": "checking"}).codes == ["value_not_stated"]
    # the plain statements
    assert read(banks, "CheckBalance", talk("Checking, please."))["account_type"] == "checking"
    assert check_mapping(WALLETS, "SendMoney", thanks, {"account": "household"}).accepted == {"account": "household"}
