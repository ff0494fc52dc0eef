"""A fact reads the same kind however its checklist words it: evidence the wording cannot move.

Each schema here is invented for the test (no service's own words): a tutoring service whose look-up
finds a tutor the customer then books, a parcel service whose customer names the recipient. Each
paraphrase stands beside the plain wording it rewords.
"""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.corpus import AGENT, CUSTOMER, Line
from core.extractors.offline import extract_facts
from core.extractors.offline.kinds import fact_kind, found_by_lookup
from core.extractors.offline.profile import profile
from core.extractors.offline.roles import is_stay


def _tutoring(name: str, description: str) -> Checklist:
    """A look-up (FindTutor) returns the tutor; a booking (BookLesson) requires it."""
    return Checklist.from_schema({
        "service_name": "Tutoring_9", "description": "Find and book private tutors",
        "slots": [
            {"name": name, "description": description, "is_categorical": False},
            {"name": "subject", "description": "Subject to be taught", "is_categorical": False},
            {"name": "lesson_day", "description": "Date of the lesson", "is_categorical": False},
        ],
        "intents": [
            {"name": "FindTutor", "description": "Look for a tutor", "is_transactional": False,
             "required_slots": ["subject"], "result_slots": [name, "subject"]},
            {"name": "BookLesson", "description": "Book a lesson with a tutor", "is_transactional": True,
             "required_slots": [name, "lesson_day"], "result_slots": [name, "lesson_day"]},
        ],
    })


def _parcel(name: str, description: str) -> Checklist:
    """No look-up: the customer names whom the parcel goes to."""
    return Checklist.from_schema({
        "service_name": "Parcels_9", "description": "Send a parcel",
        "slots": [{"name": name, "description": description, "is_categorical": False},
                  {"name": "weight", "description": "Weight of the parcel", "is_categorical": False}],
        "intents": [{"name": "SendParcel", "description": "Send a parcel", "is_transactional": True,
                     "required_slots": [name, "weight"], "result_slots": [name, "weight"]}],
    })


# The plain wording first, then paraphrases whose words alone read as a person, free text or a title.
TUTOR_WORDINGS = [
    ("tutor_name", "Name of the tutor"),
    ("instructor", "Full name of the teaching professional"),
    ("teacher", "Who will teach the lesson"),
    ("provider_label", "Label the tutoring business goes by"),
    ("name", "Name of provider"),
]


@pytest.mark.parametrize(("name", "description"), TUTOR_WORDINGS)
def test_a_name_a_lookup_finds_is_a_title_however_worded(name: str, description: str) -> None:
    checklist = _tutoring(name, description)
    assert found_by_lookup(checklist, name)
    assert fact_kind(checklist, name) == "title"


@pytest.mark.parametrize(("name", "description"), [
    ("recipient_name", "Name of the person receiving the parcel"),
    ("addressee", "Who the parcel is addressed to"),
])
def test_a_person_the_customer_names_stays_a_person(name: str, description: str) -> None:
    checklist = _parcel(name, description)
    assert not found_by_lookup(checklist, name)  # a transactional intent's results are what it was given
    assert fact_kind(checklist, name) == "person"


def test_the_lookup_own_input_is_not_found_by_it() -> None:
    checklist = _tutoring("tutor_name", "Name of the tutor")
    assert not found_by_lookup(checklist, "subject")  # FindTutor takes the subject: the customer says it
    assert fact_kind(checklist, "subject") == "free"


def test_without_result_slots_the_words_decide() -> None:
    """A hand-written checklist with no `result_slots` reads its words alone, as before."""
    checklist = Checklist.from_schema({
        "service_name": "Tutoring_8", "description": "",
        "slots": [{"name": "tutor", "description": "Name of the tutor", "is_categorical": False}],
        "intents": [{"name": "FindTutor", "description": "", "required_slots": []},
                    {"name": "BookLesson", "description": "", "required_slots": ["tutor"]}],
    })
    assert fact_kind(checklist, "tutor") == "person"


def _offer_accepted(checklist: Checklist, name: str) -> dict[str, str]:
    lines = (
        Line(CUSTOMER, "I need a maths tutor."),
        Line(AGENT, "Harbor Lane Tutoring has a maths tutor available."),
        Line(CUSTOMER, "That sounds good, please book a lesson there on March 3rd."),
    )
    return extract_facts(checklist, "BookLesson", lines)


def test_an_accepted_offer_is_collected_the_same_under_every_wording() -> None:
    """The decision does not hang on the wording: each paraphrase collects the offered tutor alike."""
    collected = [_offer_accepted(_tutoring(n, d), n) for n, d in TUTOR_WORDINGS]
    values = [c.get(n) for c, (n, _) in zip(collected, TUTOR_WORDINGS, strict=True)]
    assert values == ["Harbor Lane Tutoring"] * len(TUTOR_WORDINGS)
    assert [c.get("lesson_day") for c in collected] == ["March 3rd"] * len(TUTOR_WORDINGS)


def _ferry(count_name: str, count_description: str, *, rival: bool = False) -> Checklist:
    """A booking whose intent says what it books ("tickets"); the count may be worded without that noun."""
    slots = [{"name": count_name, "description": count_description, "is_categorical": True,
              "possible_values": ["1", "2", "3", "4"]},
             {"name": "crossing_day", "description": "Date of the crossing", "is_categorical": False}]
    if rival:
        slots.append({"name": "cabins", "description": "Number of cabins", "is_categorical": True,
                      "possible_values": ["1", "2", "3"]})
    return Checklist.from_schema({
        "service_name": "Ferries_9", "description": "Ferry crossings", "slots": slots,
        "intents": [{"name": "BookCrossingTickets", "description": "Buy tickets for a ferry crossing",
                     "is_transactional": True, "required_slots": [count_name, "crossing_day"],
                     "optional_slots": {"cabins": "1"} if rival else {}}],
    })


FERRY_COUNTS = [
    ("number_of_tickets", "Number of tickets to buy"),  # the plain wording names the tickets itself
    ("party", "Number of guest places to hold"),
    ("berths", "How many the customer wants"),
]


@pytest.mark.parametrize(("name", "description"), FERRY_COUNTS)
def test_a_count_counts_what_its_intent_books_however_worded(name: str, description: str) -> None:
    line = (Line(CUSTOMER, "Please get me 3 tickets for the crossing on May 2nd."),)
    assert extract_facts(_ferry(name, description), "BookCrossingTickets", line).get(name) == "3"


def test_a_count_with_a_rival_count_reads_its_own_words_only() -> None:
    """With cabins counted too, "3 tickets" is not read for a count that does not say tickets itself: the
    intent's noun could be either count's."""
    line = (Line(CUSTOMER, "Please get me 3 tickets for the crossing on May 2nd."),)
    assert extract_facts(_ferry("party", "Number of guest places to hold", rival=True), "BookCrossingTickets",
                         line).get("party") is None
    assert extract_facts(_ferry("number_of_tickets", "Number of tickets to buy", rival=True), "BookCrossingTickets",
                         line).get("number_of_tickets") == "3"


def _place(name: str, description: str) -> Checklist:
    """One place fact alone, so only its own words say whether it is an area."""
    return Checklist.from_schema({
        "service_name": "Boats_9", "description": "Hire a water taxi",
        "slots": [{"name": name, "description": description, "is_categorical": False}],
        "intents": [{"name": "HireBoat", "description": "Hire a water taxi", "required_slots": [name]}],
    })


@pytest.mark.parametrize(("name", "description", "area"), [
    ("drop_point", "Address where the boat should go", False),  # plain: a point by its own noun
    ("drop_point", "Take the boat to this point", False),  # the demonstrative points at the value: a point
    ("harbour_town", "Look for boats in this city", True),
    ("harbour_town", "City where the boat waits", True),
])
def test_a_place_is_an_area_or_a_point_by_the_noun_its_words_point_at(name: str, description: str,
                                                                       area: bool) -> None:
    from core.extractors.offline.profile import profile
    assert fact_kind(_place(name, description), name) == "place"
    assert profile(_place(name, description)).facts[name].area is area


@pytest.mark.parametrize(("name", "description"), [
    ("tutor_name", "Name of the tutor or tutoring school"),  # plain
    ("school_name", "Name of the tutoring school"),
    ("name", "Title of the school"),
])
def test_what_a_lookup_finds_names_the_task(name: str, description: str) -> None:
    """The thing the customer asks for ("a school") names the task even when the service's and intents'
    own words do not say it: the words of what the look-up finds say it too."""
    from core.extractors.offline.profile import profile
    checklist = _tutoring(name, description)
    assert profile(checklist).on_task("Can you find me a good school nearby?")
    assert not profile(_tutoring("tutor_name", "Name of the tutor")).on_task("Can you find me a good school nearby?")


def _one_fact(name: str, description: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Forms_9", "description": "",
        "slots": [{"name": name, "description": description, "is_categorical": False}],
        "intents": [{"name": "Fill", "description": "", "required_slots": [name]}],
    })


@pytest.mark.parametrize(("name", "description", "kind"), [
    # plain: the description and the name agree, or only one of them says anything
    ("collector_name", "Name of the collector", "person"),
    ("pickup_town", "Town to collect the parcel from", "place"),
    ("handover", "Name of the collector", "person"),
    # a name that only says a name is meant gives way to a description that says whose
    ("ledger_name", "Name of the collector", "person"),
    ("depot_label_name", "Town to collect the parcel from", "place"),
    # two readers that each know what, and disagree: free text, collected only from the answer to the
    # agent's question about it
    ("collector_name", "Town to collect the parcel from", "free"),
    ("collection_town", "Name of the collector", "free"),
])
def test_readers_that_disagree_give_a_conservative_kind(name: str, description: str, kind: str) -> None:
    assert fact_kind(_one_fact(name, description), name) == kind


def test_a_fact_whose_readers_disagree_waits_for_the_answer_to_its_own_question() -> None:
    checklist = _one_fact("collection_town", "Name of the collector")
    unasked = (Line(CUSTOMER, "Send it with Dana Reyes to Portland."),)
    assert extract_facts(checklist, "Fill", unasked) == {}
    asked = (Line(CUSTOMER, "I have a parcel."), Line(AGENT, "Who is the collector?", asks=("collection_town",)),
             Line(CUSTOMER, "Dana Reyes"))
    assert extract_facts(checklist, "Fill", asked) == {"collection_town": "Dana Reyes"}


def _crossing(second_name: str, second_description: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Ferries_8", "description": "Ferry crossings",
        "slots": [{"name": "outward_day", "description": "Date the ferry leaves", "is_categorical": False},
                  {"name": second_name, "description": second_description, "is_categorical": False}],
        "intents": [{"name": "BookCrossing", "description": "Book a ferry crossing",
                     "required_slots": ["outward_day", second_name]}],
    })


@pytest.mark.parametrize(("name", "description"), [
    ("homeward_day", "Date the ferry comes back"),  # plain: its own words name the end
    ("second_day", "Date of the second crossing"),  # reworded: no role word, but its rival starts
])
def test_of_two_rivals_one_that_starts_leaves_the_other_the_end(name: str, description: str) -> None:
    checklist = _crossing(name, description)
    line = (Line(CUSTOMER, "I'm leaving on May 2nd and coming back on May 9th."),)
    assert extract_facts(checklist, "BookCrossing", line) == {"outward_day": "May 2nd", name: "May 9th"}


def test_two_rivals_with_no_role_words_take_none() -> None:
    """With no role on either side nothing is inferred: a date said alone fills neither (the agent asks)."""
    checklist = Checklist.from_schema({
        "service_name": "Ferries_7", "description": "",
        "slots": [{"name": "day_one", "description": "Date of one crossing", "is_categorical": False},
                  {"name": "day_two", "description": "Date of another crossing", "is_categorical": False}],
        "intents": [{"name": "Book", "description": "", "required_slots": ["day_one", "day_two"]}],
    })
    line = (Line(CUSTOMER, "I'm leaving on May 2nd and coming back on May 9th."),)
    assert extract_facts(checklist, "Book", line) == {}


def _gyms(name: str, description: str) -> Checklist:
    """A look-up finding gyms by a free-text discipline, worded with or without the thing it finds."""
    return Checklist.from_schema({
        "service_name": "Gyms_9", "description": "Find a gym",
        "slots": [{"name": name, "description": description, "is_categorical": False},
                  {"name": "gym_town", "description": "Town where the gym is", "is_categorical": False}],
        "intents": [{"name": "FindGym", "description": "Find a gym in a town", "is_transactional": False,
                     "required_slots": [name, "gym_town"]}],
    })


@pytest.mark.parametrize(("name", "description"), [
    ("discipline", "Discipline of training taught at the gym"),  # plain: the gym is among its words
    ("discipline_type", "Discipline to filter by"),  # reworded: only the intent says what is found
])
def test_a_free_value_may_qualify_the_thing_the_service_finds(name: str, description: str) -> None:
    said = (Line(CUSTOMER, "Please find me a karate gym in Leeds."),)
    assert extract_facts(_gyms(name, description), "FindGym", said) == {name: "karate", "gym_town": "Leeds"}
    asked = (Line(CUSTOMER, "I want to train."),
             Line(AGENT, "Which town, and what sort of training?", ("gym_town", name)),
             Line(CUSTOMER, "I'd like to go to a gym in Leeds with judo training."))
    assert extract_facts(_gyms(name, description), "FindGym", asked)[name] == "judo"


def _cabins(first: tuple[str, str], second: tuple[str, str]) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Cabins_9", "description": "Rent a cabin",
        "slots": [{"name": n, "description": d, "is_categorical": False} for n, d in (first, second)],
        "intents": [{"name": "BookCabin", "description": "Book a cabin", "is_transactional": True,
                     "required_slots": [first[0], second[0]]}],
    })


@pytest.mark.parametrize(("first", "second"), [
    (("check_in_date", "Check in date for the cabin"), ("check_out_date", "Check out date for the cabin")),  # plain
    (("first_day", "Date the cabin is needed from"), ("last_day", "Date the cabin is needed until")),  # reworded
])
def test_two_days_a_thing_is_held_between_are_a_stay_however_worded(first: tuple[str, str],
                                                                    second: tuple[str, str]) -> None:
    checklist = _cabins(first, second)
    facts = profile(checklist).facts
    assert is_stay(facts[first[0]]) and is_stay(facts[second[0]])
    # a stay's days are told apart by its own words only: a day said alone fills neither
    assert extract_facts(checklist, "BookCabin", (Line(CUSTOMER, "I need a cabin on May 2nd."),)) == {}
    both = (Line(CUSTOMER, "I'll check in on May 2nd and check out on May 9th."),)
    assert extract_facts(checklist, "BookCabin", both) == {first[0]: "May 2nd", second[0]: "May 9th"}


def test_days_of_going_and_coming_back_are_no_stay() -> None:
    checklist = _cabins(("out_day", "Date the ferry leaves"), ("back_day", "Date the ferry comes back"))
    assert not any(is_stay(f) for f in profile(checklist).facts.values())


def _bikes(name: str, description: str) -> Checklist:
    """A look-up given a town finds the stand a bike is hired at; the hire requires the stand."""
    return Checklist.from_schema({
        "service_name": "Bikes_9", "description": "Hire bikes",
        "slots": [{"name": "hire_town", "description": "Town to hire a bike in", "is_categorical": False},
                  {"name": name, "description": description, "is_categorical": False}],
        "intents": [{"name": "FindBikes", "description": "Find bikes for hire", "is_transactional": False,
                     "required_slots": ["hire_town"], "result_slots": ["hire_town", name]},
                    {"name": "HireBike", "description": "Hire a bike", "is_transactional": True,
                     "required_slots": [name]}],
    })


@pytest.mark.parametrize(("name", "description"), [
    ("stand", "Location of the bike stand"),  # plain: no area word
    ("hire_spot", "Town to start the bike hire in"),  # reworded: calls the stand a town
])
def test_a_place_a_lookup_finds_in_a_given_town_is_a_point(name: str, description: str) -> None:
    assert not profile(_bikes(name, description)).facts[name].area


def _tunes(name: str, description: str, service_description: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Tunes_7", "description": service_description,
        "slots": [{"name": name, "description": description, "is_categorical": False}],
        "intents": [{"name": "PlayTrack", "description": "Play the chosen track", "is_transactional": True,
                     "required_slots": [name]}],
    })


@pytest.mark.parametrize(("name", "description", "service_description"), [
    ("song_name", "Name of the song", "Find and play music"),  # plain: the first line names the task
    ("track_title", "Title of the track", "Play tracks with ease"),  # reworded: nothing names "music"
])
def test_an_offer_taken_belongs_to_the_task_however_the_schema_words_it(name: str, description: str,
                                                                        service_description: str) -> None:
    lines = (Line(CUSTOMER, "I want to explore some music."),
             Line(AGENT, "How would you like Paper Lanterns by Ada Brook?"),
             Line(CUSTOMER, "What genre is it?"),
             Line(AGENT, "It is a folk song."),
             Line(CUSTOMER, "Fantastic. Can you play it on the kitchen speaker?"))
    checklist = _tunes(name, description, service_description)
    assert extract_facts(checklist, "PlayTrack", lines) == {name: "Paper Lanterns"}


@pytest.mark.parametrize(("name", "description"), [
    ("van_city", "City where the van is"),  # plain: no role
    ("pickup_city", "City to pick up the van"),  # reworded: a start, but no rival place to tell it from
])
def test_there_points_back_at_the_city_however_its_role_is_worded(name: str, description: str) -> None:
    checklist = Checklist.from_schema({
        "service_name": "Vans_9", "description": "Hire vans",
        "slots": [{"name": name, "description": description, "is_categorical": False}],
        "intents": [{"name": "FindVans", "description": "Find vans to hire", "required_slots": [name]}],
    })
    lines = (Line(CUSTOMER, "I'm flying to Denver on Friday."),
             Line(AGENT, "Your flight is booked."),
             Line(CUSTOMER, "Thanks. I will need to hire a van to get around there."))
    assert extract_facts(checklist, "FindVans", lines) == {name: "Denver"}


@pytest.mark.parametrize(("name", "description"), [
    ("from_city", "City where the coach leaves from"),  # plain: its description starts the trip
    ("departing_city", "Boarding city"),  # reworded: only its name does
])
def test_there_heading_to_a_place_fills_the_end_not_a_start_worded_by_its_name(name: str, description: str) -> None:
    checklist = Checklist.from_schema({
        "service_name": "Coaches_9", "description": "Coach tickets",
        "slots": [{"name": name, "description": description, "is_categorical": False},
                  {"name": "to_city", "description": "City the coach goes to", "is_categorical": False}],
        "intents": [{"name": "BuyCoachTicket", "description": "Buy a coach ticket",
                     "required_slots": [name, "to_city"]}],
    })
    lines = (Line(CUSTOMER, "I'm going to a wedding in Denver."),
             Line(AGENT, "Your gift was sent successfully."),
             Line(CUSTOMER, "Thanks. I need a coach ticket to get there."))
    assert extract_facts(checklist, "BuyCoachTicket", lines) == {"to_city": "Denver"}


@pytest.mark.parametrize(("name", "description"), [
    ("genre", "Genre of the film"),  # plain
    ("classification", "Classification of the film (e.g. action, drama and so on"),  # reworded, with examples
])
def test_a_value_among_the_descriptions_examples_is_still_requested(name: str, description: str) -> None:
    checklist = Checklist.from_schema({
        "service_name": "Films_9", "description": "Find films to watch",
        "slots": [{"name": name, "description": description, "is_categorical": False}],
        "intents": [{"name": "FindFilms", "description": "Find films", "required_slots": [name]}],
    })
    said = (Line(CUSTOMER, "Can you find me some Drama films online?"),)
    assert extract_facts(checklist, "FindFilms", said) == {name: "Drama"}
