"""Contract checks from set 34's defeats by a weak real model, each trick beside the plain statement it imitates (our
own wording, invented schemas): a sentence, a clause or a compound reported as a value is the wrong kind; a closed
value supposed, or offered beside another by "or", is not stated, nor a name offered so, a day that ends a range
or a yes or no put off after it."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_WRONG_KIND
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
