"""The offline tier on forms it was not built on: each rule beside the plain statement it must not be confused with.

Small hand-written conversations over checklists in the SGD schema shape; no figures from any corpus.
"""

from __future__ import annotations

from core.checklist import Checklist
from core.extractors.offline import extract_facts
from core.extractors.offline.names import places, titles
from core.extractors.offline.offers import _without_state
from tests.talking import talk

TRAVEL = {
    "service_name": "Travel_9",
    "description": "Book trains and find restaurants",
    "slots": [
        {"name": "from_city", "description": "Starting city for the journey", "is_categorical": False},
        {"name": "to_city", "description": "Ending city for the journey", "is_categorical": False},
        {"name": "journey_date", "description": "Date of the journey", "is_categorical": False},
        {"name": "restaurant_name", "description": "Name of the restaurant", "is_categorical": False},
        {"name": "city", "description": "City where the restaurant is located", "is_categorical": False},
        {"name": "number_of_days", "description": "Number of days in the stay", "is_categorical": False},
        {"name": "event_name", "description": "Title of the event", "is_categorical": False},
        {"name": "event_location", "description": "Location of the event", "is_categorical": False},
    ],
    "intents": [
        {"name": "BookTrain", "description": "Book a train", "required_slots": ["from_city", "to_city",
                                                                                  "journey_date"]},
        {"name": "FindRestaurant", "description": "Find a restaurant", "required_slots": ["restaurant_name", "city"]},
        {"name": "Stay", "description": "Stay somewhere", "required_slots": ["city", "number_of_days"]},
        {"name": "AddEvent", "description": "Add an event", "required_slots": ["event_name", "event_location"]},
    ],
}


def travel() -> Checklist:
    return Checklist.from_schema(TRAVEL)




def test_a_finished_task_does_not_fill_the_next_one() -> None:
    flight = ("I need to fly on March 3rd.", ("Your flight has been booked.", ()), "Now I need a train to Boston.")
    assert "journey_date" not in extract_facts(travel(), "BookTrain", talk(*flight))
    # the same date said for this task, with no task finished in between, is this task's
    same = ("I need a train on March 3rd.", ("Where to?", ("to_city",)), "To Boston.")
    assert extract_facts(travel(), "BookTrain", talk(*same))["journey_date"] == "March 3rd"


def test_a_city_keeps_its_region_but_a_list_is_not_one_place() -> None:
    got = extract_facts(travel(), "BookTrain", talk("A train from London, UK to Paris, France on Friday."))
    assert (got["from_city"], got["to_city"]) == ("London, UK", "Paris, France")
    listed = extract_facts(travel(), "FindRestaurant", talk("Somewhere in London, Paris and Rome"))
    assert listed.get("city") != "London, Paris"


def test_a_venue_at_something_is_not_a_city() -> None:
    assert "city" not in extract_facts(travel(), "FindRestaurant", talk("Find a restaurant at Roxie Theater."))
    assert extract_facts(travel(), "FindRestaurant", talk("Find a restaurant in Oakland."))["city"] == "Oakland"


def test_a_title_is_taken_when_asked_for_or_named_after_a_cue() -> None:
    asked = talk("Please add an event.", ("What is the event called?", ("event_name",)), "Dentist appointment")
    assert extract_facts(travel(), "AddEvent", asked)["event_name"] == "Dentist appointment"
    cued = talk("Find me a restaurant called The Taste of Tea.")
    assert extract_facts(travel(), "FindRestaurant", cued)["restaurant_name"] == "The Taste of Tea"
    # a capitalised word nobody asked for, with no cue, names nothing
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", talk("Thanks, Sam was helpful."))


def test_a_restaurant_name_is_not_a_person() -> None:
    # "Name of the restaurant" once read as a person's name: "to Amir" filled it
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", talk("I'm going to Amir's place."))


def test_one_span_fills_one_fact() -> None:
    # "Joe Hisaishi" answered for the event's name cannot also be its location
    lines = talk("Add an event.", ("What is the event called?", ("event_name",)), "At Joe Hisaishi")
    got = extract_facts(travel(), "AddEvent", lines)
    assert not ({"event_name", "event_location"} <= set(got) and got["event_name"] == got["event_location"])


def test_a_count_of_days_is_not_a_date() -> None:
    got = extract_facts(travel(), "Stay", talk("A room in Oakland for three days."))
    assert got["number_of_days"] == "three"
    assert "number_of_days" not in extract_facts(travel(), "Stay", talk("A room in Oakland on the 3rd."))


def test_a_place_is_read_in_any_line_but_not_as_a_phrasal_verbs_object() -> None:
    assert extract_facts(travel(), "FindRestaurant", talk("Something to eat in Pleasanton?"))["city"] == "Pleasanton"
    assert "city" not in extract_facts(travel(), "FindRestaurant", talk("I'm really interested in Basketball."))
    assert "to_city" not in extract_facts(travel(), "BookTrain", talk("I'd like to listen to Team."))


def test_a_wish_to_enjoy_ends_the_task_it_closes() -> None:
    song = ("Play Try To Fight It in Fresno.", ("Your song is playing. Enjoy!", ()), "Now find me a restaurant.")
    assert "city" not in extract_facts(travel(), "FindRestaurant", talk(*song))
    # a question about enjoying something ends nothing
    asking = ("Find a restaurant in Fresno.", ("Would you enjoy Thai food?", ()), "Maybe.")
    assert extract_facts(travel(), "FindRestaurant", talk(*asking))["city"] == "Fresno"


def test_a_task_starts_where_the_conversation_turns_to_this_checklist() -> None:
    # the film part named a venue; the train booked after it does not start there
    film = ("I want to see Little at Airport Stadium on March 3rd.", ("It shows at 9 pm.", ()),
            "That works. Now I need a train to Boston.")
    got = extract_facts(travel(), "BookTrain", talk(*film))
    assert "journey_date" not in got and got["to_city"] == "Boston"
    # the same date said once the train is the subject counts
    train = ("I need a train to Boston.", ("When?", ("journey_date",)), "On March 3rd.")
    assert extract_facts(travel(), "BookTrain", talk(*train))["journey_date"] == "March 3rd"


def test_a_city_said_before_the_task_still_counts_for_a_city() -> None:
    weather = ("I'm going to Oakland. Will it rain?", ("No rain expected.", ()), "Find me a restaurant called Zen.")
    assert extract_facts(travel(), "FindRestaurant", talk(*weather))["city"] == "Oakland"


def test_politeness_after_a_short_answer_is_not_part_of_the_value() -> None:
    lines = talk("Find a restaurant.", ("Which city?", ("city",)), "NY please.")
    assert extract_facts(travel(), "FindRestaurant", lines)["city"] == "NY"


def test_an_offer_the_customer_accepts_is_collected_but_an_acknowledged_report_is_not() -> None:
    offered = talk("Find me a restaurant in Oakland.", ("How about Sushi Zen? It is a nice place.", ()),
                   "Sounds good.")
    assert extract_facts(travel(), "FindRestaurant", offered)["restaurant_name"] == "Sushi Zen"
    # the same name in an answer to the customer's own question informs; nothing was offered
    informed = talk("Find me a restaurant in Oakland. Which one is best?", ("Sushi Zen is the best.", ()),
                    "Sounds good.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", informed)
    # "Ok" acknowledges a report of how things stand; it accepts nothing
    report = talk("Find me a restaurant in Oakland.", ("Your usual place is Sushi Zen.", ()), "Ok.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", report)
    # a refusal takes nothing
    refused = talk("Find me a restaurant in Oakland.", ("How about Sushi Zen?", ()), "No, something else.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", refused)


def test_an_offer_accepted_for_another_task_is_not_this_ones() -> None:
    # "Yes, and find me a restaurant" accepts the film; the restaurant task starts at that line
    lines = talk("Any film tonight?", ("How about Dumbo at 7 pm?", ()), "Yes, and find me a restaurant in Oakland.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", lines)


def test_there_points_back_at_an_area_named_before_not_at_a_pickup_point() -> None:
    # "Location of the event" is no city: only "there" carries a place from the task before into it
    weather = ("What's the weather in Toronto?", ("Sunny, 20 degrees.", ()))
    got = extract_facts(travel(), "AddEvent", talk(*weather, "Great, add an event called Jazz Night there."))
    assert got["event_location"] == "Toronto"
    plain = talk(*weather, "Add an event called Jazz Night.")
    assert "event_location" not in extract_facts(travel(), "AddEvent", plain)
    car = ("Pick the car up in Salesforce Transit Center.", ("Your car is booked.", ()),
           "Now add an event called Jazz Night there.")
    assert "event_location" not in extract_facts(travel(), "AddEvent", talk(*car))
    # "is there" asks whether something exists; it points nowhere
    exists = talk(*weather, "Is there an event called Jazz Night?")
    assert "event_location" not in extract_facts(travel(), "AddEvent", exists)


def test_a_free_answer_drops_the_words_around_it_but_a_bare_remark_is_no_value() -> None:
    cinema = {
        "service_name": "Films_9", "description": "Find films to watch",
        "slots": [{"name": "genre", "description": "Genre of the movie", "is_categorical": False},
                  {"name": "title", "description": "Title of the movie", "is_categorical": False}],
        "intents": [{"name": "Find", "description": "Find a movie", "required_slots": ["genre"]},
                    {"name": "Play", "description": "Play a movie", "required_slots": ["title"]}],
    }
    films = Checklist.from_schema(cinema)
    ask = ("What genre do you like?", ("genre",))
    assert extract_facts(films, "Find", talk("Find a movie.", ask, "I really like Adventure movies."))["genre"] == (
        "Adventure")
    assert extract_facts(films, "Find", talk("Find a movie.", ask, "Rom-com is great."))["genre"] == "Rom-com"
    # no value of its own: "Anything", "movies", a yes
    for reply in ("Anything please.", "Just movies.", "Yes."):
        assert "genre" not in extract_facts(films, "Find", talk("Find a movie.", ask, reply))
    # unasked, "Drama movies" may have been said for another service's like task
    assert "genre" not in extract_facts(films, "Find", talk("I usually like Drama movies."))
    which = ("Which movie?", ("title",))
    got = extract_facts(films, "Play", talk("Play a movie.", which, "I'd like Ash Is Purest White please."))
    assert got["title"] == "Ash Is Purest White"


def test_a_reply_with_no_name_in_it_names_no_title() -> None:
    ask = ("Which restaurant would you like?", ("restaurant_name",))
    undecided = talk("Book a table in Oakland.", ask, "I haven't settled on one yet; give me a minute.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", undecided)
    decided = talk("Book a table in Oakland.", ask, "I'd like Sushi Zen please.")
    assert extract_facts(travel(), "FindRestaurant", decided)["restaurant_name"] == "Sushi Zen"


def test_money_in_any_currency_and_a_currency_word_is_no_name() -> None:
    wallet = Checklist.from_schema({
        "service_name": "Wallet_9", "description": "Send money",
        "slots": [{"name": "amount", "description": "The amount of money to send", "is_categorical": False},
                  {"name": "receiver", "description": "Name of the person receiving it", "is_categorical": False}],
        "intents": [{"name": "Send", "description": "Send money", "required_slots": ["amount", "receiver"]}],
    })
    for said_amount in ("€40", "40 euros", "£25", "30 quid", "100 GBP", "$1,630"):
        got = extract_facts(wallet, "Send", talk(f"Send {said_amount} to Amir."))
        assert (got["amount"], got["receiver"]) == (said_amount, "Amir")
    # a number with no currency is no amount; a currency word after "to" is no person
    assert "amount" not in extract_facts(wallet, "Send", talk("Send 40 to Amir."))
    assert "receiver" not in extract_facts(wallet, "Send", talk("Change it to Euros."))


def test_an_agent_reporting_a_task_done_ends_it_but_a_question_about_it_does_not() -> None:
    for done in ("Tickets confirmed.", "Great, I was able to confirm your ticket.", "Your song is about to start."):
        lines = talk("A train on March 3rd please.", (done, ()), "Now a train to Boston.")
        assert "journey_date" not in extract_facts(travel(), "BookTrain", lines)
    for asking in ("Is this confirmed?", "Please confirm the train on March 3rd."):
        lines = talk("A train on March 3rd please.", (asking, ()), "To Boston.")
        assert extract_facts(travel(), "BookTrain", lines)["journey_date"] == "March 3rd"


def test_a_place_answer_drops_the_words_around_it_but_needs_a_name() -> None:
    ask = ("Which city?", ("city",))
    for reply, city in (("I prefer Redwood City.", "Redwood City"), ("Try Los Angeles for me.", "Los Angeles"),
                        ("NYC is the place.", "NYC")):
        assert extract_facts(travel(), "FindRestaurant", talk("Find a restaurant.", ask, reply))["city"] == city
    for reply in ("I am not sure yet.", "Somewhere nice for three people."):
        assert "city" not in extract_facts(travel(), "FindRestaurant", talk("Find a restaurant.", ask, reply))


def test_checking_in_and_out_start_and_end_a_stay_while_arriving_and_leaving_decide_nothing_there() -> None:
    house = Checklist.from_schema({
        "service_name": "Houses_9", "description": "Book a house",
        "slots": [{"name": "check_in", "description": "Check in date for the house", "is_categorical": False},
                  {"name": "check_out", "description": "Check out date for the house", "is_categorical": False}],
        "intents": [{"name": "Book", "description": "Book a house", "required_slots": ["check_in", "check_out"]}],
    })
    got = extract_facts(house, "Book", talk("I check in on the 3rd and check out on the 9th."))
    assert (got["check_in"], got["check_out"]) == ("the 3rd", "the 9th")
    # "arriving" and "leaving" start and end a journey, not a stay: the agent asks
    assert extract_facts(house, "Book", talk("We are arriving the 1st and leaving on the 8th.")) == {}


def test_with_nothing_naming_the_task_only_the_latest_line_is_surely_this_ones() -> None:
    # a film picked earlier is not the restaurant: no line names a restaurant and the agent asked nothing
    film = ("I want to watch a film.", ("How about Dogman?", ()), "Sounds good.",
            ("Playing Dogman now.", ()), "I want a table for four at 7 pm in Oakland.")
    got = extract_facts(travel(), "FindRestaurant", talk(*film))
    assert "restaurant_name" not in got and got["city"] == "Oakland"
    # the same choice made once the restaurant is the subject counts
    named = ("Find me a restaurant in Oakland.", ("How about Dogman?", ()), "Sounds good.")
    assert extract_facts(travel(), "FindRestaurant", talk(*named))["restaurant_name"] == "Dogman"


def test_that_date_points_back_at_the_day_said_before() -> None:
    event = ("Any concerts on March 3rd?", ("How about Jazz Night at the Blue Room?", ()))
    back = extract_facts(travel(), "BookTrain", talk(*event, "Sounds good. A train to Boston on that day, please."))
    assert back["journey_date"] == "March 3rd"
    # without pointing back, the other task's day is not this one's
    plain = extract_facts(travel(), "BookTrain", talk(*event, "Sounds good. A train to Boston, please."))
    assert "journey_date" not in plain


def test_a_statement_of_what_is_in_an_account_is_no_offer() -> None:
    pay = {
        "service_name": "Pay_4", "description": "Send money",
        "slots": [{"name": "amount", "description": "Amount of money to send", "is_categorical": False}],
        "intents": [{"name": "Send", "description": "Send money", "required_slots": ["amount"]}],
    }
    checklist = Checklist.from_schema(pay)
    for told in ("There is $6,335.80 in your checking account.", "There is $6,335.80 in my checking account."):
        lines = talk("I want to send money. What about my checking account.", (told, ()), "Okay that is fine.")
        assert "amount" not in extract_facts(checklist, "Send", lines)
    offered = talk("I want to send money.", ("Shall I send $50, as last time?", ()), "Okay that is fine.")
    assert extract_facts(checklist, "Send", offered)["amount"] == "$50"


def test_a_sentence_of_state_is_blanked_whole_and_the_offer_beside_it_stands() -> None:
    line = "Your checking account has $5,118.77. Shall I send $50 to Move Your Body? There is $80.5 in my savings!"
    blanked = _without_state(line)
    assert len(blanked) == len(line)  # blanked in place: spans read later still point into the line
    assert blanked.split() == [".", "Shall", "I", "send", "$50", "to", "Move", "Your", "Body?", "!"]


def _form(*slots: tuple[str, str, list[str]]) -> Checklist:
    return Checklist.from_schema({
        "service_name": "Form_9", "description": "Find things",
        "slots": [{"name": n, "description": d, "is_categorical": bool(v), "possible_values": v} for n, d, v in slots],
        "intents": [{"name": "Find", "description": "Find things", "required_slots": [n for n, _, _ in slots]}],
    })


def test_examples_in_a_description_are_values_not_what_the_fact_is_about() -> None:
    plain = _form(("genre", "Genre of the movie", []))
    with_examples = _form(("genre", "Classification of the movie (e.g. action, drama and so on", []))
    answer = talk(("What kind of movie?", ("genre",)), "Drama movies would be good")
    assert extract_facts(plain, "Find", answer)["genre"] == "Drama"
    assert extract_facts(with_examples, "Find", answer)["genre"] == "Drama"


def test_the_value_comes_before_kind_of() -> None:
    form = _form(("cuisine", "Cuisine to filter restaurants by", []))
    said = talk(("What kind of food?", ("cuisine",)), "A Diner kind of food will be good")
    assert extract_facts(form, "Find", said)["cuisine"] == "Diner"
    plain = _form(("cuisine", "Cuisine of food served", []))  # the plain statement: "food" is the fact's own word
    assert extract_facts(plain, "Find", talk(("What kind of food?", ("cuisine",)), "Diner food"))["cuisine"] == "Diner"


def test_a_count_names_its_noun_as_a_compound_or_apart_but_not_a_neighbour() -> None:
    rooms = [str(n) for n in range(1, 5)]
    form = _form(("number_of_beds", "Number of bed rooms", rooms), ("number_of_baths", "Number of baths", rooms))
    got = extract_facts(form, "Find", talk("An apartment with 3 bedrooms and 2 bathrooms."))
    assert got.get("number_of_beds") == "3" and got.get("number_of_baths") == "2"
    assert extract_facts(form, "Find", talk("An apartment with 3 bed rooms."))["number_of_beds"] == "3"


def test_a_title_after_watching_the_thing_named_by_its_noun() -> None:
    form = _form(("title", "Title of the movie", []))
    assert extract_facts(form, "Find", talk("I want to watch the movie The Mustang."))["title"] == "The Mustang"
    assert extract_facts(form, "Find", talk("Play a movie. I want to watch Dumbo."))["title"] == "Dumbo"  # plain
    # a name praised as worth having is the one asked about ("Penguin Highway is good and at what time can i
    # watch it?" in SGD names the film); one only heard of is not
    assert extract_facts(form, "Find", talk("I hear the movie After is good. Any showtimes?"))["title"] == "After"
    assert "title" not in extract_facts(form, "Find", talk("I hear the movie After is long. Any showtimes?"))


def test_a_longer_answer_gives_the_word_before_the_noun_asked_about() -> None:
    form = _form(("genre", "Genre of the movie", []))
    asked = ("Which sort of movies do you enjoy?", ("genre",))
    assert extract_facts(form, "Find", talk(asked, "I love comic movies with my partner."))["genre"] == "comic"
    assert extract_facts(form, "Find", talk(asked, "comic"))["genre"] == "comic"  # the plain answer
    # an evaluation is no genre, and the noun must be the one asked about
    assert "genre" not in extract_facts(form, "Find", talk(asked, "I would like to see some new movies tonight."))
    food = _form(("cuisine", "Cuisine to filter restaurants by", []))
    said = talk(("What type of food do you like?", ("cuisine",)), "I would like Spanish food, economical pricing.")
    assert extract_facts(food, "Find", said)["cuisine"] == "Spanish"


def test_an_offer_stands_while_the_customer_asks_about_it_or_the_agent_asks_to_go_ahead() -> None:
    asked_about = ("Find me a restaurant in Oakland.", ("How about Sushi Zen?", ()), "Is it expensive?",
                   ("It is moderately priced.", ()), "Yes, that's great.")
    assert extract_facts(travel(), "FindRestaurant", talk(*asked_about))["restaurant_name"] == "Sushi Zen"
    go_ahead = ("Find me a restaurant in Oakland.", ("How about Sushi Zen?", ()), "Yes, that one.",
                ("Should I book the table?", ()), "Yes please.")
    assert extract_facts(travel(), "FindRestaurant", talk(*go_ahead))["restaurant_name"] == "Sushi Zen"
    # an agent line offering something new, or a customer line saying something else, ends the standing offer
    new_offer = ("Find me a restaurant in Oakland.", ("How about Sushi Zen?", ()), "Okay.",
                 ("Do you want to start a booking?", ()), "Yes please.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", talk(*new_offer))
    moved_on = ("Find me a restaurant in Oakland.", ("How about Sushi Zen?", ()), "I need to think.",
                ("It is moderately priced.", ()), "Yes, fine.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", talk(*moved_on))


def test_an_answer_worded_as_a_proposal_offers() -> None:
    lines = talk("Find me a restaurant in Oakland.", ("How about Zen?", ()), "What's the other one?",
                 ("How about Sushi Kai?", ()), "Yes, that's the one.")
    assert extract_facts(travel(), "FindRestaurant", lines)["restaurant_name"] == "Sushi Kai"
    informed = talk("Find me a restaurant in Oakland. Which one is best?", ("Sushi Zen is the best.", ()),
                    "Sounds good.")
    assert "restaurant_name" not in extract_facts(travel(), "FindRestaurant", informed)


def test_a_capitalised_is_inside_a_title_cues_no_place():
    assert places("Ash Is Purest White will be cool to watch now.") == []
    assert [s[2] for s in places("The city is Oakland.")] == ["Oakland"]


def test_an_abbreviation_inside_a_name_keeps_the_name_whole():
    assert [t[2] for t in titles("I need to see Dr. Amy Chen at 3 pm.")] == ["Dr. Amy Chen"]
    assert [t[2] for t in titles("I need to see Amy Chen. Dr. Lee is away.")][:1] == ["Amy Chen"]


def test_a_sentence_opening_with_an_ing_verb_names_nothing():
    assert titles("Checking in March 8th and out March 11th.") == []
    assert [t[2] for t in titles("Hyatt Regency, checking in March 8th.")] == ["Hyatt Regency"]
