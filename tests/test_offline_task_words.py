"""What a service does is read from the things its blurb names, not from the function words and verbs around
them: a rewording that says "an app that helps you book a restaurant you like online" names a restaurant as
"Restaurant search and table booking" does, and no "help", "like" or "online" of another task's line starts
this one. Each schema is invented for the test; each rewording stands beside the plain wording it rewords."""

from __future__ import annotations

import pytest

from core.checklist import Checklist
from core.extractors.offline import extract_facts
from core.extractors.offline.profile import profile, stem
from tests.talking import talk

PLAIN = ("Restaurant search and table booking", "Reserve a table at a restaurant")
REWORDED = ("An app that helps you book a restaurant you like online",
            "Reserve a table at your desired restaurant around town")


def _diner(service: str, intent: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Diners_9", "description": service,
        "slots": [{"name": "date", "description": "Date of the reservation", "is_categorical": False},
                  {"name": "party_size", "description": "Number of people", "is_categorical": True,
                   "possible_values": ["1", "2", "3", "4"]}],
        "intents": [{"name": "BookTable", "description": intent, "is_transactional": True,
                     "required_slots": ["date", "party_size"]}],
    })


@pytest.mark.parametrize("wording", [PLAIN, REWORDED])
def test_the_thing_named_is_what_the_service_does(wording: tuple[str, str]) -> None:
    facts = profile(_diner(*wording))
    assert facts.on_task("I'd like a restaurant for tonight.")
    assert facts.on_task("Can I get a table?")


@pytest.mark.parametrize("line", ["Please help me check the weather.", "I'd like to know the forecast.",
                                  "Is it sunny around Clayton?", "Can I watch it online?"])
def test_a_function_word_or_verb_of_the_blurb_names_no_task(line: str) -> None:
    """"that helps you", "you like", "online", "around town", "your desired restaurant": no thing named."""
    for wording in (PLAIN, REWORDED):
        assert not profile(_diner(*wording)).on_task(line)


@pytest.mark.parametrize("wording", [PLAIN, REWORDED])
def test_a_day_said_for_another_task_does_not_fill_this_one(wording: tuple[str, str]) -> None:
    weather = talk("Please help me check the weather around Clayton on March 3rd.", ("It will be sunny.", ()),
                   "Great. I'd like a table at a restaurant for 2.")
    assert extract_facts(_diner(*wording), "BookTable", weather) == {"party_size": "2"}
    # the plain statement: the same day said once the restaurant is the subject counts
    booking = talk("I'd like a table at a restaurant for 2 on March 3rd.")
    assert extract_facts(_diner(*wording), "BookTable", booking) == {"party_size": "2", "date": "March 3rd"}


@pytest.mark.parametrize(("text", "named"), [
    ("A service that serves a selected cuisine", {"cuisine"}),
    ("Restaurants serving a cuisine you like", {"restaurants", "cuisine"}),
    ("Find the preferred salon nearby", {"salon"}),
])
def test_a_verb_or_describing_participle_is_no_thing_named(text: str, named: set[str]) -> None:
    checklist = Checklist.from_schema({
        "service_name": "Any_9", "description": text, "slots": [],
        "intents": [{"name": "Go", "description": "", "is_transactional": False, "required_slots": []}]})
    assert profile(checklist).task == {stem(w) for w in named}


def _salon(stylist_name: str, address: str, city: str, count: str = "Number of guests") -> Checklist:
    """A blurb that names a stylist only; the salon is said by the facts' own descriptions, or not at all."""
    return Checklist.from_schema({
        "service_name": "Salons_9", "description": "The best place to find a stylist",
        "slots": [{"name": "stylist", "description": stylist_name, "is_categorical": False},
                  {"name": "address", "description": address, "is_categorical": False},
                  {"name": city, "description": "City to look in", "is_categorical": False},
                  {"name": "day", "description": "Date of the appointment", "is_categorical": False},
                  {"name": "guests", "description": count,
                   "is_categorical": True, "possible_values": ["1", "2"]}],
        "intents": [{"name": "SearchForStylist", "description": "Look up a stylist", "is_transactional": False,
                     "required_slots": [city], "result_slots": ["stylist", "address", city]},
                    {"name": "CreateAppointment", "description": "Request an appointment with a stylist",
                     "is_transactional": True, "required_slots": ["stylist", "day"]}],
    })


PLAIN_SALON = ("Name of the hair stylist/salon", "Address of the stylist", "city")  # the title names a salon
REWORDED_SALON = ("Name of stylist to book with", "Navigable location of the salon", "city_of_salon")


@pytest.mark.parametrize("wording", [PLAIN_SALON, REWORDED_SALON])
def test_a_thing_two_facts_describe_is_what_the_service_does(wording: tuple[str, str, str]) -> None:
    """"Address of the salon" and "city of salon" say the service deals in salons, as the plain title does."""
    assert profile(_salon(*wording)).on_task("Help me find a salon in Vacaville.")


def test_a_thing_one_fact_describes_or_a_count_books_is_not() -> None:
    """One fact's "salon" says nothing of the service; and what a count books (tickets) any service sells."""
    facts = profile(_salon("Name of stylist to book with", "Navigable location of the salon", "city"))
    assert not facts.on_task("Help me find a salon in Vacaville.")
    counted = profile(_salon("Name of stylist to book with", "Address, on the ticket", "ticket_city"))
    assert not counted.on_task("I'd like two tickets for the 9th.")


def _matches(intent: str, date: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Matches_9", "description": "Sports near you",
        "slots": [{"name": "match", "description": "Title or headline for the match", "is_categorical": False},
                  {"name": "day", "description": date, "is_categorical": False},
                  {"name": "city", "description": "City of the match", "is_categorical": False}],
        "intents": [{"name": intent, "description": "Get the particulars of a match", "is_transactional": False,
                     "required_slots": ["match", "city"], "optional_slots": {"day": "dontcare"}}],
    })


@pytest.mark.parametrize(("intent", "date"), [("GetMatchDates", "Date of the match"),  # plain: "Dates" named
                                              ("MatchSchedule", "Date of the match"),
                                              ("DateSearch", "The date it takes place")])
def test_the_plural_of_a_schema_noun_is_its_noun_too(intent: str, date: str) -> None:
    """"dates for Falcons Vs Jaguars" names the match whether the schema says "Dates" or only "date"."""
    checklist = _matches(intent, date)
    assert extract_facts(checklist, intent, talk("Help me find dates for the Falcons Vs Jaguars match.")) == {
        "match": "Falcons Vs Jaguars"}
    # the plain control: a name after a noun the schema never says ("flights for") is no title
    assert extract_facts(checklist, intent, talk("Help me find flights for the Falcons Vs Jaguars match.")) == {}


def _rides(service: str, seats: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Rides_9", "description": service,
        "slots": [{"name": "to", "description": "Address to go to", "is_categorical": False},
                  {"name": "fare", "description": "Total price for the cab", "is_categorical": False},
                  {"name": "seats", "description": seats, "is_categorical": True,
                   "possible_values": ["1", "2", "3", "4"]}],
        "intents": [{"name": "BookRide", "description": "Book a ride and set where it goes", "is_transactional": True,
                     "required_slots": ["to", "seats"], "result_slots": ["fare"]}],
    })


@pytest.mark.parametrize(("service", "seats"), [("App to book a cab", "Number of seats to reserve in the cab"),
                                                ("Reserve a ride to anywhere", "How many seats to book")])
def test_a_number_after_one_of_the_schemas_nouns_and_for_counts_its_people(service: str, seats: str) -> None:
    """"a cab for 4": the cab is the schema's noun whether the blurb or only a fact says it."""
    assert extract_facts(_rides(service, seats), "BookRide", talk("I'd like to get a cab for 4.")) == {"seats": "4"}
    # the plain control: a noun the schema never says ("a coffee for 4") counts nothing
    assert extract_facts(_rides(service, seats), "BookRide", talk("I'd like to get a coffee for 4.")) == {}


@pytest.mark.parametrize(("start", "end"), [("Start of free time slot", "End of free time slot"),
                                            ("Start of the slot", "End of the slot")])
def test_a_word_describing_the_noun_after_it_is_no_thing_described(start: str, end: str) -> None:
    """"free" in "Start of free time slot" describes the slot: "When am I free?" starts no calendar task, under
    either wording; "the slot", the head noun two facts describe, is the service's thing."""
    checklist = Checklist.from_schema({
        "service_name": "Diary_9", "description": "Personal diary",
        "slots": [{"name": "slot_start", "description": start, "is_categorical": False},
                  {"name": "slot_end", "description": end, "is_categorical": False}],
        "intents": [{"name": "AddEntry", "description": "Insert an entry", "is_transactional": True,
                     "required_slots": ["slot_start", "slot_end"]}],
    })
    facts = profile(checklist)
    assert not facts.on_task("When am I free on Tuesday?")
    assert facts.on_task("Is there a slot open?") == ("the slot" in start)


def _shows(title: tuple[str, str], other: str) -> Checklist:
    """Shows the customer picks from the agent's offer; `other` is one more fact's name."""
    return Checklist.from_schema({
        "service_name": "Shows_9", "description": "Find shows",
        "slots": [{"name": title[0], "description": title[1], "is_categorical": False},
                  {"name": "event_city", "description": "City to look in", "is_categorical": False},
                  {"name": "event_start_time", "description": "When it begins", "is_categorical": False},
                  {"name": other, "description": "Where it is", "is_categorical": False}],
        "intents": [{"name": "FindShows", "description": "Find a show", "is_transactional": False,
                     "required_slots": ["event_city"], "result_slots": [title[0], "event_start_time", other]},
                    {"name": "GetDates", "description": "Get its dates", "is_transactional": False,
                     "required_slots": [title[0], "event_city"]}],
    })


@pytest.mark.parametrize("title", [("event_name", "Name of the event"),  # plain: the title's own noun
                                   ("performer_or_match", "Which band is performing or teams are playing")])
def test_a_noun_many_facts_names_share_opens_the_offered_thing(title: tuple[str, str]) -> None:
    """"the event Fidlar": "event" opens several facts' names (the thing the service deals in), not another
    fact's own, so the offer names the show whether or not its fact says "event"."""
    offer = talk("Find a concert in Berkeley.", ("I found the event Fidlar at Cornerstone.", ()),
                 "That sounds perfect for me.")
    assert extract_facts(_shows(title, "address_of_event"), "GetDates", offer) == {
        title[0]: "Fidlar", "event_city": "Berkeley"}
    # the plain control: a noun that opens one other fact's name is that fact's ("the album Fidlar")
    album = talk("Find a concert in Berkeley.", ("I found the album Fidlar at Cornerstone.", ()),
                 "That sounds perfect for me.")
    assert title[0] not in extract_facts(_shows(title, "album"), "GetDates", album)


def _hotels(rating: str) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Inns_9", "description": "Find and book hotels",
        "slots": [{"name": "hotel_name", "description": "Name of the hotel", "is_categorical": False},
                  {"name": "city", "description": "City of the hotel", "is_categorical": False},
                  {"name": rating, "description": "Rating of the hotel", "is_categorical": False}],
        "intents": [{"name": "FindHotel", "description": "Find a hotel", "is_transactional": False,
                     "required_slots": ["city"], "result_slots": ["hotel_name", rating]},
                    {"name": "BookHotel", "description": "Book a hotel", "is_transactional": True,
                     "required_slots": ["hotel_name", "city"]}],
    })


@pytest.mark.parametrize("rating", ["star_rating", "accommodation_rating"])
def test_a_number_and_its_noun_before_a_name_describe_the_thing_offered(rating: str) -> None:
    """"the 4 star Best Western": "4 star" measures the hotel offered, whether or not a fact is named "star_...";
    a bare noun that opens another fact's name ("the star Best Western") names that fact's thing."""
    offer = talk("Find a hotel in Paris.", ("There's also the 4 star Best Western.", ()), "Sounds perfect, book it.")
    assert extract_facts(_hotels(rating), "BookHotel", offer) == {"hotel_name": "Best Western", "city": "Paris"}
    bare = talk("Find a hotel in Paris.", ("There's also the star Best Western.", ()), "Sounds perfect, book it.")
    assert ("hotel_name" in extract_facts(_hotels(rating), "BookHotel", bare)) == (rating != "star_rating")
