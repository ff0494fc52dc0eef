"""The offline tier reading a thing the customer picks from the agent's offer, titles inside a sentence, and days.

Each rule beside the plain statement it imitates. Small hand-written conversations over checklists in the SGD
schema shape; no figures from any corpus.
"""

from __future__ import annotations

from core.checklist import Checklist
from core.extractors.offline import OfflineExtractor, extract_facts
from core.extractors.offline.names import titles
from core.extractors.offline.values import dates
from core.turn import take_turn
from tests.talking import talk

CINEMA = {
    "service_name": "Films_9", "description": "Find films to watch and play them",
    "slots": [{"name": "genre", "description": "Genre of the movie", "is_categorical": False},
              {"name": "title", "description": "Title of the movie", "is_categorical": False},
              {"name": "show_date", "description": "Date of the show", "is_categorical": False}],
    "intents": [{"name": "Find", "description": "Find a movie", "required_slots": ["genre"]},
                {"name": "Play", "description": "Play a movie", "required_slots": ["title"]},
                {"name": "Show", "description": "Find a show", "required_slots": ["title", "show_date"]}],
}
SONGS = {
    "service_name": "Songs_9", "description": "Find songs and play them",
    "slots": [{"name": "song_name", "description": "Name of the song", "is_categorical": False},
              {"name": "artist", "description": "Artist who performed the song", "is_categorical": False}],
    "intents": [{"name": "PlaySong", "description": "Play the selected song", "required_slots": ["song_name"]}],
}


def films() -> Checklist:
    return Checklist.from_schema(CINEMA)


def songs() -> Checklist:
    return Checklist.from_schema(SONGS)




OFFER = ("I found 3 movies. What do you think about After, Pillow Talk, or Green Book?", ())


def test_a_thing_the_customer_picks_from_the_offer_by_naming_it_is_collected() -> None:
    for reply, title in (("I really like Pillow Talk.", "Pillow Talk"), ("Green Book sounds good.", "Green Book"),
                         ("pillow talk works for me, play it now", "pillow talk")):
        assert extract_facts(films(), "Play", talk("Play a movie.", OFFER, reply))["title"] == title
    # and the turn stops on it: the value stands in the customer's own words
    turn = take_turn(films(), "Play", talk("Play a movie.", OFFER, "I really like Pillow Talk."), OfflineExtractor())
    assert turn.decision == "stop"


def test_a_name_the_agent_did_not_offer_or_one_asked_about_or_turned_down_is_not_picked() -> None:
    # the same words, but the customer asks about it, turns it down, or names something not offered
    for reply in ("Is Pillow Talk any good?", "I don't like Pillow Talk.", "I've seen Pillow Talk already.",
                  "Anything other than Pillow Talk.", "I really like Hellboy."):
        assert "title" not in extract_facts(films(), "Play", talk("Play a movie.", OFFER, reply))
    # naming two of the offered films picks neither
    both = talk("Play a movie.", OFFER, "Pillow Talk and Green Book both sound good.")
    assert "title" not in extract_facts(films(), "Play", both)


def test_a_pick_is_read_only_from_a_line_that_puts_things_forward() -> None:
    # a question asking for another fact offers no title; a one-word capital opening a question offers nothing
    asked = talk("Find a show.", ("Which Day do you want?", ("show_date",)), "Day one is fine.")
    assert "title" not in extract_facts(films(), "Show", asked)
    opening = talk("Play a movie.", ("Savings or checking?", ()), "Savings.")
    assert "title" not in extract_facts(films(), "Play", opening)


def test_an_offered_title_opening_with_a_common_word_keeps_it_inside_a_sentence() -> None:
    offered = talk("Find me a song.", ("How about Get Lucky by Daft Punk?", ()), "That sounds great.")
    assert extract_facts(songs(), "PlaySong", offered)["song_name"] == "Get Lucky"
    heard = talk("Find me a song.", ("Would you like to hear In Summer by Josh Gad?", ()), "Yes please.")
    assert extract_facts(songs(), "PlaySong", heard)["song_name"] == "In Summer"
    # the fact's own noun before a title cues it: "the Morgan Wallen song Whiskey Glasses"
    noun = talk("Find me a song.", ("Would the Morgan Wallen song Whiskey Glasses be good for you?", ()),
                "Yes it would!")
    assert extract_facts(songs(), "PlaySong", noun)["song_name"] == "Whiskey Glasses"
    # opening a sentence, a common word is not the title's: "Yes Sushi Zen" is a yes and a name
    assert [t[2] for t in titles("Yes Whiskey Glasses.")] == ["Whiskey Glasses"]
    assert [t[2] for t in titles("How about Get Lucky?")] == ["Get Lucky"]


def test_a_title_after_listen_to_is_a_title_not_a_place() -> None:
    listen = talk("Play a song for me. I would like to listen to Touch It.")
    assert extract_facts(songs(), "PlaySong", listen)["song_name"] == "Touch It"
    # "go to" still names a place, not a song
    went = talk("Play a song for me. I want to go to Santa Rosa.")
    assert "song_name" not in extract_facts(songs(), "PlaySong", went)


def test_tonight_is_no_date_and_an_ordinal_opening_a_name_is_none_either() -> None:
    assert dates("a movie tonight") == []
    assert [d[2] for d in dates("a movie today")] == ["today"]
    assert dates("shown at 3rd Street Cinema") == []
    assert [d[2] for d in dates("shown on the 3rd. Street parking is fine")] == ["the 3rd"]
    assert [d[2] for d in dates("on March 3rd I want")] == ["March 3rd"]


def test_unasked_a_kind_is_read_before_the_things_noun_in_a_request_for_it() -> None:
    assert extract_facts(films(), "Find", talk("Find me a War movie online."))["genre"] == "War"
    assert extract_facts(films(), "Find", talk("Can you find me comic movies online?"))["genre"] == "comic"
    # the same words in no request, or before the noun as a count, an evaluation, a verb or a name, name no kind
    for line in ("I usually like Drama movies.", "Find me some movies online.", "Find me a good movie.",
                 "I need help with finding movies.", "Find me a Hiroyasu Ishida movie.", "Find a cheap movie."):
        assert "genre" not in extract_facts(films(), "Find", talk(line)), line


def test_a_request_for_the_thing_afresh_drops_the_kind_said_for_the_search_before() -> None:
    before = ("Find me a Drama movie at the Roxie.", ("How about Dumbo?", ()), "Dumbo works.")
    assert "genre" not in extract_facts(films(), "Find", talk(*before, "Now find me a movie to watch online."))
    # a line that does not ask for the thing again keeps it
    assert extract_facts(films(), "Find", talk(*before, "Thanks, that is all."))["genre"] == "Drama"


def test_an_answer_to_a_question_about_two_facts_gives_the_word_before_the_things_noun() -> None:
    both = ("What genre, and which film?", ("genre", "title"))
    got = extract_facts(films(), "Find", talk("Find a movie.", both, "Not sure of the film. I fancy horror movies."))
    assert got["genre"] == "horror"


def test_an_offered_title_keeps_a_short_word_between_its_capitals_but_not_a_preposition_of_place() -> None:
    offered = talk("Find me a song.", ("Would you like to listen to All on Me by Devin Dawson?", ()), "Yes please.")
    assert extract_facts(songs(), "PlaySong", offered)["song_name"] == "All on Me"
    # "in" before a place is no part of the title: "Dumbo in San Jose"
    located = talk("Play a movie.", ("How about Dumbo in San Jose?", ()), "Dumbo sounds good.")
    assert extract_facts(films(), "Play", located)["title"] == "Dumbo"
    # of two titles joined by "or", the one the customer names
    listed = talk("Play a movie.", ("How about Gloria Bell or Green Book?", ()), "I'll go with Green Book.")
    assert extract_facts(films(), "Play", listed)["title"] == "Green Book"


def test_your_inside_a_title_is_no_statement_about_the_customers_things() -> None:
    offered = talk("Find me a song.", ("What about Move Your Body by Sia?", ()), "Yeah, that is perfect.")
    assert extract_facts(songs(), "PlaySong", offered)["song_name"] == "Move Your Body"
    # how the customer's own things stand offers nothing
    told = talk("Find me a song.", ("Your playlist is Move by Sia.", ()), "Yeah, that is perfect.")
    assert "song_name" not in extract_facts(songs(), "PlaySong", told)


def test_a_kind_of_the_thing_is_not_picked_as_its_title() -> None:
    kind = talk("Find me a song.", ("It is considered a Reggae song.", ()), "I love Reggae.")
    assert "song_name" not in extract_facts(songs(), "PlaySong", kind)


def test_an_answer_naming_the_title_after_play_or_called_is_the_title() -> None:
    which = ("Which song would you like?", ("song_name",))
    for reply, song in (("Play One More Light.", "One More Light"),
                        ("The song is called In Your Eyes.", "In Your Eyes"),
                        ("Play If We Have Each Other for me.", "If We Have Each Other")):
        assert extract_facts(songs(), "PlaySong", talk("Play a song.", which, reply))["song_name"] == song


STAYS = {
    "service_name": "Stays_9", "description": "Find and reserve hotels",
    "slots": [{"name": "hotel_name", "description": "Name of the hotel", "is_categorical": False},
              {"name": "destination", "description": "City where the hotel is located", "is_categorical": False},
              {"name": "event_name", "description": "Name of the event", "is_categorical": False},
              {"name": "number_of_tickets", "description": "Number of tickets for the event", "is_categorical": False}],
    "intents": [{"name": "Reserve", "description": "Reserve a hotel room", "required_slots": ["hotel_name"]},
                {"name": "Search", "description": "Find a hotel", "required_slots": ["destination"]},
                {"name": "Buy", "description": "Buy tickets for an event", "required_slots": ["event_name"]}],
}


def stays() -> Checklist:
    return Checklist.from_schema(STAYS)


def test_a_run_after_at_holding_the_things_own_noun_names_it_but_is_no_city() -> None:
    assert extract_facts(stays(), "Reserve", talk("I want to stay at The Parc Hotel."))["hotel_name"] == (
        "The Parc Hotel")
    # "at" a name without the thing's noun is still a place, not a hotel named
    assert "hotel_name" not in extract_facts(stays(), "Reserve", talk("I want a hotel room at Union Square."))
    # an offer of a room "at" a hotel names no city
    offered = talk("Find me a hotel.", ("You need 1 room at The River Hotel, am I right?", ()), "Yes, you're right.")
    assert "destination" not in extract_facts(stays(), "Search", offered)
    city = talk("Find me a hotel.", ("How about a hotel in San Diego?", ()), "Yes, that's fine.")
    assert extract_facts(stays(), "Search", city)["destination"] == "San Diego"


def test_a_title_after_a_noun_of_the_checklist_and_for_or_after_heard_that() -> None:
    assert extract_facts(stays(), "Buy", talk("Please get me 2 tickets for Ben Harper."))["event_name"] == "Ben Harper"
    heard = talk("I want event tickets. I heard that Bill Callahan is good.")
    assert extract_facts(stays(), "Buy", heard)["event_name"] == "Bill Callahan"
    # "for" after a noun of place or time, or a word the checklist does not use, names no event
    assert "event_name" not in extract_facts(stays(), "Buy", talk("I want event tickets for the city of Paris."))
    assert "event_name" not in extract_facts(stays(), "Buy", talk("I want event tickets. A gift for Mary."))


RENTAL = {
    "service_name": "Cars_9", "description": "Rent cars",
    "slots": [{"name": "pickup_date", "description": "Date of pickup for car rental", "is_categorical": False},
              {"name": "dropoff_date", "description": "End date of car rental reservation", "is_categorical": False}],
    "intents": [{"name": "Rent", "description": "Rent a car", "required_slots": ["pickup_date", "dropoff_date"]}],
}


def rental() -> Checklist:
    return Checklist.from_schema(RENTAL)


def test_two_days_said_as_a_range_start_and_end_it() -> None:
    got = extract_facts(rental(), "Rent", talk("I need a car March 9th until March 12th."))
    assert (got["pickup_date"], got["dropoff_date"]) == ("March 9th", "March 12th")
    through = extract_facts(rental(), "Rent", talk("A rental car this Sunday through the 7th, please."))
    assert (through["pickup_date"], through["dropoff_date"]) == ("this Sunday", "the 7th")
    # two days with no range between them decide nothing
    assert extract_facts(rental(), "Rent", talk("I need a car March 9th or March 12th.")) == {}


def test_one_day_said_with_no_cue_starts_the_rental_but_not_an_answer_about_its_end() -> None:
    assert extract_facts(rental(), "Rent", talk("I need a rental car on March 11th."))["pickup_date"] == "March 11th"
    # the same day answering the agent's question about the end is the end's
    asked = talk("I need a rental car.", ("Until when do you need it?", ("dropoff_date",)), "March 11th.")
    got = extract_facts(rental(), "Rent", asked)
    assert got.get("dropoff_date") == "March 11th" and "pickup_date" not in got
    # a day said about something else than the rental is not its start
    weather = talk("I need a rental car. What is the weather on March 11th?")
    assert "pickup_date" not in extract_facts(rental(), "Rent", weather)


def test_a_lone_day_decides_nothing_for_a_stay_where_only_checking_in_or_out_does() -> None:
    stay = Checklist.from_schema({
        "service_name": "Rooms_9", "description": "Book rooms",
        "slots": [{"name": "check_in_date", "description": "Check in date for the room", "is_categorical": False},
                  {"name": "check_out_date", "description": "Check out date for the room", "is_categorical": False}],
        "intents": [{"name": "Book", "description": "Book a room", "required_slots": ["check_in_date",
                                                                                      "check_out_date"]}],
    })
    assert extract_facts(stay, "Book", talk("I need a room, I am gone by the 20th.")) == {}
    got = extract_facts(stay, "Book", talk("I need a room, checking in on the 18th."))
    assert got == {"check_in_date": "the 18th"}


TRIPS = {
    "service_name": "Trips_9", "description": "Find flights",
    "slots": [{"name": "origin_city", "description": "City of origin for the flight", "is_categorical": False},
              {"name": "destination_city", "description": "City of destination for the flight",
               "is_categorical": False},
              {"name": "destination", "description": "Destination address for the taxi ride", "is_categorical": False}],
    "intents": [{"name": "Fly", "description": "Find a flight", "required_slots": ["origin_city", "destination_city"]},
                {"name": "Ride", "description": "Book a taxi ride", "required_slots": ["destination"]}],
}


def test_there_points_back_at_a_city_for_where_a_trip_goes_or_leaves_but_not_at_a_taxis_address() -> None:
    trips = Checklist.from_schema(TRIPS)
    weather = ("What's the weather in Phoenix?", ("Sunny, 30 degrees.", ()))
    to = extract_facts(trips, "Fly", talk(*weather, "Good. Find me a flight there."))
    assert to == {"destination_city": "Phoenix"}
    back = extract_facts(trips, "Fly", talk(*weather, "Good. Find me a flight from there."))
    assert back == {"origin_city": "Phoenix"}
    # a taxi's destination is an address, which the agent asks for
    assert extract_facts(trips, "Ride", talk(*weather, "Good. Get me a taxi there.")) == {}


def test_there_points_back_at_a_city_the_customer_headed_to_but_not_at_an_airport() -> None:
    stays_list = stays()
    bus = ("I need a bus to Seattle.", ("Your ticket is booked.", ()))
    got = extract_facts(stays_list, "Search", talk(*bus, "Thanks. Find me a hotel there."))
    assert got["destination"] == "Seattle"
    airport = ("I need a ride to SFO Airport.", ("Your ride is booked.", ()))
    assert "destination" not in extract_facts(stays_list, "Search", talk(*airport, "Thanks. Find me a hotel there."))
    # with no "there", the city of the task before is not this one's
    assert "destination" not in extract_facts(stays_list, "Search", talk(*bus, "Thanks. Find me a hotel."))


def test_a_number_after_the_services_noun_and_for_counts_its_people_but_not_days_or_hours() -> None:
    cabs = Checklist.from_schema({
        "service_name": "Cabs_9", "description": "Book a cab",
        "slots": [{"name": "number_of_seats", "description": "Number of seats to reserve", "is_categorical": True,
                   "possible_values": ["1", "2", "3", "4"]}],
        "intents": [{"name": "GetRide", "description": "Book a cab ride", "required_slots": ["number_of_seats"]}],
    })
    assert extract_facts(cabs, "GetRide", talk("Can you get me a cab for 4?"))["number_of_seats"] == "4"
    assert extract_facts(cabs, "GetRide", talk("I want a cab for two to go there."))["number_of_seats"] == "2"
    for line in ("I need a cab for 2 hours.", "I want a cab for 4 pm.", "A coffee for 2, then a ride."):
        assert "number_of_seats" not in extract_facts(cabs, "GetRide", talk(line)), line


def test_an_accepted_offer_naming_only_a_point_at_something_offers_that_thing() -> None:
    offered = talk("Find me a hotel.", ("I found rooms available at Amber Court Suites.", ()),
                   "Yes, that one sounds good.")
    assert extract_facts(stays(), "Reserve", offered)["hotel_name"] == "Amber Court Suites"
    # a name of its own before "at" is the one offered, not the venue after it
    named = talk("Find me an event.", ("There is Jazz Night at Mercedes-Benz Stadium.", ()), "Yes, that sounds good.")
    assert extract_facts(stays(), "Buy", named)["event_name"] == "Jazz Night"


def test_a_place_after_the_city_of_and_in_a_yes_or_a_first_sentence_answering_where() -> None:
    assert extract_facts(stays(), "Search", talk("Find hotels in the city of Anaheim."))["destination"] == "Anaheim"
    where = ("Is there a city you'd like me to search in?", ("destination",))
    assert extract_facts(stays(), "Search", talk("Find a hotel.", where, "Yes. Toronto, Canada."))["destination"] == (
        "Toronto, Canada")
    first = talk("Find a hotel.", where, "San Francisco please. Can you book for 2 nights?")
    assert extract_facts(stays(), "Search", first)["destination"] == "San Francisco"
    # a bare yes names no city, and a first sentence that is no place answers nothing
    assert extract_facts(stays(), "Search", talk("Find a hotel.", where, "Yes.")) == {}
    assert extract_facts(stays(), "Search", talk("Find a hotel.", where, "not sure yet. Any ideas?")) == {}


def test_in_the_area_and_nearby_point_back_at_the_city_named_before() -> None:
    weather = ("What's the weather in Phoenix?", ("Sunny, 30 degrees.", ()))
    assert extract_facts(stays(), "Search", talk(*weather, "Find me a hotel in the area."))["destination"] == "Phoenix"
    assert extract_facts(stays(), "Search", talk(*weather, "Find me a hotel nearby."))["destination"] == "Phoenix"
