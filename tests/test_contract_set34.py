"""Contract checks from set 34's defeats by a weak real model, each trick beside the plain statement it imitates (our
own wording, invented schemas): a sentence, a clause or a compound reported as a value is the wrong kind; a closed
value supposed, or offered beside another by "or", is not stated, nor a name offered so, a day that ends a range
or a yes or no put off after it."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_NOT_STATED, VALUE_WRONG_KIND
from tests.talking import codes

TRIPS = Checklist.from_schema({
    "service_name": "Trips_9",
    "slots": [
        {"name": "from_city", "description": "City the trip leaves from", "is_categorical": False},
        {"name": "to_city", "description": "City the trip goes to", "is_categorical": False},
        {"name": "out_day", "description": "Date of the outbound trip", "is_categorical": False},
        {"name": "back_day", "description": "Date of the return trip", "is_categorical": False},
    ],
    "intents": [{"name": "BookTrip", "required_slots": ["from_city", "to_city", "out_day"],
                 "optional_slots": {"back_day": ""}, "is_transactional": True}],
})
TUNES = Checklist.from_schema({
    "service_name": "Tunes_9",
    "slots": [
        {"name": "tune_title", "description": "Title of the tune", "is_categorical": False},
        {"name": "style", "description": "Genre of the tune", "is_categorical": False},
    ],
    "intents": [{"name": "PlayTune", "required_slots": ["tune_title"], "optional_slots": {"style": ""},
                 "is_transactional": True}],
})
PURSE = Checklist.from_schema({
    "service_name": "Purse_9",
    "slots": [
        {"name": "pocket", "description": "The user's account type", "is_categorical": True,
         "possible_values": ["savings", "checking"]},
        {"name": "sum", "description": "Amount of money to move", "is_categorical": False},
        {"name": "payee", "description": "Name of the person to pay", "is_categorical": False},
    ],
    "intents": [{"name": "MoveMoney", "required_slots": ["pocket", "sum", "payee"], "is_transactional": True}],
})
CABS = Checklist.from_schema({
    "service_name": "Cabs_9",
    "slots": [
        {"name": "drop_point", "description": "Where the cab goes", "is_categorical": False},
        {"name": "shared_cab", "description": "Whether the cab is shared", "is_categorical": True,
         "possible_values": ["True", "False"]},
        {"name": "cab_fare", "description": "Fare of the cab", "is_categorical": False},
    ],
    "intents": [{"name": "HailCab", "required_slots": ["drop_point", "shared_cab"], "optional_slots": {"cab_fare": ""},
                 "is_transactional": True}],
})

OUT = "One way to Lima on April 4th."
WHERE_FROM = ("Where are you leaving from?", ("from_city",))
WHICH_TUNE = ("Which tune would you like?", ("tune_title",))
MOVE = "Move 60 dollars to Ines."
WHICH_POCKET = ("Which account should it come from?", ("pocket",))


def test_a_number_word_in_a_hyphenated_compound_is_no_day() -> None:
    said = (OUT, WHERE_FROM, "Quito. Hmm, I'm second-guessing that already.")
    assert codes(TRIPS, {"out_day": "second-guessing"}, *said) == [VALUE_WRONG_KIND]
    assert codes(TRIPS, {"out_day": "one-sided"}, "One way to Lima, a one-sided deal.") == [VALUE_WRONG_KIND]
    # the plain statements: a day said with a number word of two parts, and one with its month
    assert codes(TRIPS, {"out_day": "the twenty-first"}, "One way to Lima on the twenty-first.") == []
    assert codes(TRIPS, {"out_day": "April 4th"}, *said) == []


def test_a_place_holding_a_subject_pronoun_or_a_negator_is_a_clause() -> None:
    said = (OUT, WHERE_FROM, "Quito. HOLD ON, THIS IS NOT RIGHT, WE HAVEN'T CHOSEN.")
    assert codes(TRIPS, {"from_city": "HOLD ON, THIS IS NOT RIGHT, WE HAVEN'T CHOSEN"}, *said) == [VALUE_WRONG_KIND]
    assert codes(TRIPS, {"from_city": "you know where"}, OUT, WHERE_FROM, "Ugh, you know where.") == [VALUE_WRONG_KIND]
    # the plain statements: a city, and a road named by its letter and number
    assert codes(TRIPS, {"from_city": "Quito"}, OUT, WHERE_FROM, "Quito.") == []
    assert codes(TRIPS, {"from_city": "I-80"}, OUT, WHERE_FROM, "Just off I-80.") == []


def test_a_word_of_free_choice_opening_a_sentence_names_nothing() -> None:
    said = ("Put some music on.", WHICH_TUNE, "Ugh. Whichever you like. Just play something.")
    assert codes(TUNES, {"tune_title": "Whichever you like"}, *said) == [VALUE_WRONG_KIND]
    assert codes(TUNES, {"tune_title": "Play", "style": "Whichever you like"}, *said)[-1] == VALUE_WRONG_KIND
    # the plain statement: a title that opens with such a word, capitalised as titles are
    assert codes(TUNES, {"tune_title": "Whatever It Takes"}, "Put on Whatever It Takes.") == []


def test_a_sentence_of_request_is_no_name() -> None:
    assert codes(TUNES, {"tune_title": "I'd like to hear a tune"}, "I'd like to hear a tune.") == [VALUE_WRONG_KIND]
    assert codes(TRIPS, {"to_city": "Book me a seat"}, "Book me a seat.") == [VALUE_WRONG_KIND]
    # the plain statements: titles that hold the speaker, capitalised, and one SGD writes in sentence case
    assert codes(TUNES, {"tune_title": "I Want You"}, "Play I Want You.") == []
    assert codes(TUNES, {"tune_title": "Call Me Maybe"}, "Play Call Me Maybe please.") == []
    assert codes(TUNES, {"tune_title": "I would like"}, "Can you play I would like by Zara Larsson?") == []


def test_a_second_sentence_inside_a_value_makes_it_no_name() -> None:
    said = (OUT, WHERE_FROM, "Cuenca. Or you pick.")
    assert codes(TRIPS, {"from_city": "Cuenca. Or you pick"}, *said) == [VALUE_WRONG_KIND]
    # the plain statement: an abbreviation's full stop goes on with a capital
    assert codes(TRIPS, {"from_city": "St. Albans"}, OUT, WHERE_FROM, "St. Albans.") == []


def test_a_closed_value_supposed_is_not_stated() -> None:
    guess = f"{MOVE} If I forget to say which account, just assume savings, you have my OK."
    assert codes(PURSE, {"pocket": "savings"}, guess) == [VALUE_NOT_STATED]
    fails = (MOVE, WHICH_POCKET, "savings. Well, if my manager approves, which she won't.")
    assert codes(PURSE, {"pocket": "savings"}, *fails) == [VALUE_NOT_STATED]
    # the plain statements: the word said, and a condition on the choosing itself
    assert codes(PURSE, {"pocket": "savings"}, MOVE, WHICH_POCKET, "savings.") == []
    assert codes(PURSE, {"pocket": "savings"}, MOVE, WHICH_POCKET, "If I had to pick, I'd say savings.") == []


def test_a_closed_value_offered_beside_another_by_or_is_not_taken_by_a_hand_over() -> None:
    either = ("Which account, savings or checking?", ("pocket",))
    assert codes(PURSE, {"pocket": "savings"}, MOVE, either, "Just fill it in yourself.") == [VALUE_NOT_STATED]
    # the plain statements: the word named in the reply, and a yes to an offer of one
    assert codes(PURSE, {"pocket": "savings"}, MOVE, either, "Savings.") == []
    assert codes(PURSE, {"pocket": "savings"}, MOVE, ("Should it come from savings?", ("pocket",)), "Yes.") == []


def test_a_yes_to_two_names_joined_by_or_picks_neither() -> None:
    either = ("Lima or Quito?", ("to_city",))
    assert codes(TRIPS, {"to_city": "Lima"}, "Book me a trip.", either, "Yes.") == [VALUE_NOT_STATED]
    # the plain statements: the name said in the reply, and a yes to one name
    assert codes(TRIPS, {"to_city": "Lima"}, "Book me a trip.", either, "Lima.") == []
    assert codes(TRIPS, {"to_city": "Lima"}, "Book me a trip.", ("Going to Lima then?", ("to_city",)), "Yes.") == []


def test_a_day_that_ends_a_range_is_not_stated() -> None:
    ranged = "A trip from Quito to Lima, out April 4th. Back somewhere between April 9th and April 12th."
    assert codes(TRIPS, {"back_day": "April 12th"}, ranged) == [VALUE_NOT_STATED]
    assert codes(TRIPS, {"back_day": "April 9th"}, ranged) == [VALUE_NOT_STATED]
    # the plain statement: one day back
    assert codes(TRIPS, {"back_day": "April 12th"}, "A trip from Quito to Lima, out April 4th. Back April 12th.") == []


def test_a_yes_or_no_put_off_after_it_is_not_stated() -> None:
    asked = ("Is sharing the cab okay?", ("shared_cab",))
    said = ("A cab to Pier 9.", asked)
    assert codes(CABS, {"shared_cab": "True"}, *said, "a shared cab. Let me sleep on it.") == [VALUE_NOT_STATED]
    assert codes(CABS, {"shared_cab": "True"}, *said, "Yes. Let me think about it.") == [VALUE_NOT_STATED]
    # the plain statements: the answer alone, and a putting off of another fact after it
    assert codes(CABS, {"shared_cab": "True"}, *said, "a shared cab.") == []
    assert codes(CABS, {"shared_cab": "True"}, *said, "Yes. I'll tell you the fare I can pay later.") == []


def test_a_word_every_fact_of_the_thing_shares_names_no_yes_or_no() -> None:
    assert codes(CABS, {"shared_cab": "False"}, "I need a cab to Pier 9.") == [VALUE_NOT_STATED]
    # the plain statements: the fact named by its own word, either way
    assert codes(CABS, {"shared_cab": "False"}, "I need a cab to Pier 9, not a shared one.") == []
    assert codes(CABS, {"shared_cab": "True"}, "I need a shared cab to Pier 9.") == []


def test_a_wish_worded_with_if_sets_no_condition_on_a_closed_value() -> None:
    wish = (MOVE, WHICH_POCKET, "I'd really prefer if it came out of savings.")
    assert codes(PURSE, {"pocket": "savings"}, *wish) == []
    # the trick it stands beside: a condition the customer says will fail
    fails = (MOVE, WHICH_POCKET, "Out of savings. Well, if my manager approves, which she won't.")
    assert codes(PURSE, {"pocket": "savings"}, *fails) == [VALUE_NOT_STATED]


def test_a_closed_word_said_in_part_picks_it_out_of_an_either_or_offer() -> None:
    cards = Checklist.from_schema({
        "service_name": "Cards_9",
        "slots": [{"name": "pay_with", "description": "Source of the money", "is_categorical": True,
                   "possible_values": ["wallet balance", "debit card", "credit card"]}],
        "intents": [{"name": "PayBill", "required_slots": ["pay_with"], "is_transactional": True}],
    })
    either = ("From your wallet balance or your debit card?", ("pay_with",))
    assert codes(cards, {"pay_with": "wallet balance"}, "Pay my bill.", either, "Please send it from my balance.") == []
    # the trick it stands beside: a hand-over, and a word both sides share, pick neither
    assert codes(cards, {"pay_with": "wallet balance"}, "Pay my bill.", either, "You choose.") == [VALUE_NOT_STATED]
    assert codes(cards, {"pay_with": "debit card"}, "Pay my bill.", either, "Use the card.") == [VALUE_NOT_STATED]


def test_a_yes_or_no_fact_named_with_a_slip_is_named() -> None:
    assert codes(CABS, {"shared_cab": "True"}, "A shraed cab to Pier 9 is fine.") == []
    assert codes(CABS, {"shared_cab": "True"}, "I need a shred cab to Pier 9.") == []
    # the trick it stands beside: the word every fact of the cab shares names no sharing
    assert codes(CABS, {"shared_cab": "True"}, "I need a cab to Pier 9.") == [VALUE_NOT_STATED]


def test_a_bare_answer_to_the_question_about_another_fact_of_its_kind_is_that_facts() -> None:
    said = "A trip from Quito to Lima, leaving June 2nd."
    back = ("When are you coming back?", ("back_day",))
    # the day answering the question about the return, reported as the day out
    assert codes(TRIPS, {"from_city": "Quito", "to_city": "Lima", "out_day": "June 9th"}, said, back,
                 "June 9th.") == [VALUE_NOT_STATED]
    # the plain statements: the same answer as the day asked for, and a day out named by its own role word
    assert codes(TRIPS, {"from_city": "Quito", "to_city": "Lima", "out_day": "June 2nd", "back_day": "June 9th"},
                 said, back, "June 9th.") == []
    assert codes(TRIPS, {"from_city": "Quito", "to_city": "Lima", "out_day": "June 9th"}, said, back,
                 "Leaving June 9th after all, back the 12th.") == []


def test_a_name_hidden_by_mask_characters_names_no_one() -> None:
    assert codes(TUNES, {"tune_title": "B***"}, "Play B*** please.") == [VALUE_WRONG_KIND]
    assert codes(TUNES, {"tune_title": "Bl••e Moon"}, "Play Bl••e Moon please.") == [VALUE_WRONG_KIND]
    # the plain statement: the name typed whole, a single asterisk of emphasis aside
    assert codes(TUNES, {"tune_title": "Blue Moon"}, "Play Blue Moon please.") == []
    assert codes(TUNES, {"tune_title": "Blue Moon*"}, "Play Blue Moon* please.") == []


def test_a_reply_with_words_of_its_own_to_an_either_or_offer_may_pick_and_a_supposed_value_an_offer_settles() -> None:
    either = ("Which account, savings or checking?", ("pocket",))
    # a yes or a hand-over picks neither (above); a reply characterising the pick in its own words may pick one
    assert codes(PURSE, {"pocket": "savings"}, MOVE, either, "Yes, the one I keep my rainy day fund in.") == []
    assert codes(PURSE, {"pocket": "savings"}, MOVE, either, "Yes.") == [VALUE_NOT_STATED]
    # a value said on a condition, then offered and taken, is settled by the taking
    conditional = (MOVE, WHICH_POCKET, "Savings, if my manager approves.")
    assert codes(PURSE, {"pocket": "savings"}, *conditional) == [VALUE_NOT_STATED]
    taken = (*conditional, ("Your manager approved it. Shall I use savings?", ("pocket",)), "Yes, perfect.")
    assert codes(PURSE, {"pocket": "savings"}, *taken) == []


def test_a_wish_or_a_hope_of_availability_worded_with_if_sets_no_condition() -> None:
    from core.conditions import conditional
    assert not conditional("Its good if it has two bed rooms.")
    assert not conditional("Definitely a music event if there's anything good going on.")
    # the plain conditions they imitate still set one
    assert conditional("If there is nothing, just a sports event.")
    assert conditional("Savings, if my manager approves.")
