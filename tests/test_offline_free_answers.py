"""A free-text kind stated beside other answers ("Asian Fusion in Concord." to "Which city, and what food?"),
or unasked in a request naming what the service does; a kind before the fact's noun read at any word."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline import extract_facts
from tests.talking import talk

EATERY = {
    "service_name": "Eatery_7",
    "description": "Search for places to dine and book tables",
    "slots": [
        {"name": "town", "description": "Town where the eatery is", "is_categorical": False},
        {"name": "food_kind", "description": "Cuisine of the food served", "is_categorical": False},
    ],
    "intents": [{"name": "FindEatery", "description": "Find an eatery", "required_slots": ["town", "food_kind"]}],
}
BOTH = ("Which town, and what kind of food?", ("town", "food_kind"))


@pytest.fixture(scope="module")
def eatery() -> Checklist:
    return Checklist.from_schema(EATERY)


@pytest.mark.parametrize(("reply", "kind"), [
    ("Asian Fusion in Concord.", "Asian Fusion"),
    ("Lobster sounds great. Please search in Concord.", "Lobster"),
    ("An Ethiopian place in Concord, please.", "Ethiopian"),
])
def test_the_kind_is_what_the_other_answer_leaves(eatery, reply, kind):
    found = extract_facts(eatery, "FindEatery", talk("I'd like to eat out.", BOTH, reply))
    assert found == {"town": "Concord", "food_kind": kind}


@pytest.mark.parametrize("reply", ["Search in Concord please.", "Find one in Concord.", "Somewhere in Concord.",
                                   "Anything in Concord is fine."])
def test_what_is_left_that_asks_or_names_nothing_is_no_kind(eatery, reply):
    found = extract_facts(eatery, "FindEatery", talk("I'd like to eat out.", BOTH, reply))
    assert found == {"town": "Concord"}


def test_an_unasked_kind_is_read_from_a_request_naming_what_the_service_does(eatery):
    assert extract_facts(eatery, "FindEatery", talk("I want a table with Chinese food in Concord.")) == {
        "town": "Concord", "food_kind": "Chinese"}
    # a line naming nothing the service does may be another task's: no kind for this one
    assert extract_facts(eatery, "FindEatery", talk("I want Chinese food in Concord.")) == {"town": "Concord"}
    # no request, only a habit: no kind for this search
    assert extract_facts(eatery, "FindEatery", talk("I usually dine on Chinese food in Concord.")) == {
        "town": "Concord"}


FILMS = {
    "service_name": "Films_4",
    "description": "Find films to stream",
    "slots": [{"name": "film_genre", "description": "Genre of the film", "is_categorical": False}],
    "intents": [{"name": "FindFilm", "description": "Find a film", "required_slots": ["film_genre"]}],
}


@pytest.mark.parametrize(("line", "genre"), [
    ("I'd like to look for drama films online.", "drama"),  # the kind after an even number of words
    ("I want to find a Drama film online.", "Drama"),
    ("Can you find me some thriller films?", "thriller"),
])
def test_the_word_before_the_facts_noun_is_read_wherever_it_stands(line, genre):
    assert extract_facts(Checklist.from_schema(FILMS), "FindFilm", talk(line)) == {"film_genre": genre}


@pytest.mark.parametrize("line", ["Can you find me an economical restaurant with good films?",
                                  "I'd like to look for some good films online."])
def test_a_word_of_price_or_praise_before_the_noun_is_no_kind(line):
    assert extract_facts(Checklist.from_schema(FILMS), "FindFilm", talk(line)) == {}
