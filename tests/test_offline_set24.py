"""Shapes first seen in held-out set 24 and in a real small model's answers on unseen services, each beside the
plain statement it imitates (our own wording, invented schemas): what the customer holds or when they are free,
told by the agent, is no offer; a number inside one of the schema's own words counts nothing; a yes/no word inside
a name says no yes; a name that is wholly an hour or a sum; a clause that only qualifies a noun puts nothing off;
an acceptance or a "please" is no title; a request verb opens no title; saying one has not decided is no answer."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_ONLY_IN_AGENT_WORDS, VALUE_WRONG_KIND, check_value
from tests.talking import kept, read, talk

PURSE = Checklist.from_schema({
    "service_name": "Purse_9",
    "slots": [
        {"name": "payee", "description": "Name of the person to pay", "is_categorical": False},
        {"name": "sum_to_pay", "description": "Amount of money to pay", "is_categorical": False},
    ],
    "intents": [{"name": "PaySomeone", "required_slots": ["payee", "sum_to_pay"], "is_transactional": True}],
})
DIARY = Checklist.from_schema({
    "service_name": "Diary_9",
    "slots": [
        {"name": "entry_title", "description": "Title of the diary entry", "is_categorical": False},
        {"name": "entry_day", "description": "Date of the diary entry", "is_categorical": False},
        {"name": "entry_time", "description": "Start time of the diary entry", "is_categorical": False},
    ],
    "intents": [{"name": "AddEntry", "required_slots": ["entry_title", "entry_day", "entry_time"],
                 "is_transactional": True}],
})
FERRY = Checklist.from_schema({
    "service_name": "Ferry_9",
    "description": "Find one-way ferry crossings",
    "slots": [
        {"name": "port", "description": "Port to sail to", "is_categorical": False},
        {"name": "riders", "description": "Number of riders", "is_categorical": True,
         "possible_values": ["1", "2", "3"]},
        {"name": "with_captions", "description": "Whether the onboard film shows captions", "is_categorical": True,
         "possible_values": ["True", "False"]},
        {"name": "film", "description": "Name of the onboard film", "is_categorical": False},
    ],
    "intents": [{"name": "FindOnewayFerry", "required_slots": ["port", "riders"], "is_transactional": False,
                 "optional_slots": {"with_captions": "False", "film": "dontcare"}}],
})
CINEMA = Checklist.from_schema({
    "service_name": "Cinema_9",
    "slots": [
        {"name": "film_title", "description": "Title of the film", "is_categorical": False},
        {"name": "style", "description": "Style of food served", "is_categorical": False},
        {"name": "town", "description": "Town to search in", "is_categorical": False},
    ],
    "intents": [{"name": "RentFilm", "required_slots": ["film_title"], "is_transactional": True},
                {"name": "FindSnacks", "required_slots": ["style", "town"], "is_transactional": False}],
})


def test_what_the_customer_holds_told_by_the_agent_is_no_offer() -> None:
    held = talk("Pay Lena.", ("You have $2,140.50 in your wallet.", ()), "What about the other card?",
                ("You have $310.25 on the card.", ()), "Ok, pay her then.")
    assert not kept(PURSE, "PaySomeone", held, "sum_to_pay", "$2,140.50")
    assert not kept(PURSE, "PaySomeone", held, "sum_to_pay", "$310.25")
    # the plain statement it imitates: the agent puts a sum forward and the customer takes it
    offered = talk("Pay Lena.", ("Shall I pay her $310.25, what you owe?", ()), "Ok, yes.")
    assert kept(PURSE, "PaySomeone", offered, "sum_to_pay", "$310.25")


def test_a_free_slot_after_asking_for_another_is_no_offer() -> None:
    lines = talk("When am I free on Monday?", ("Checking Monday. You are free from 9 am to noon.", ()),
                 "Any other free slot on Tuesday?", ("On Tuesday you are free from 8 am to 6 pm.", ()),
                 "OK. Add an entry called Dentist.")
    assert check_value(DIARY, "AddEntry", "entry_time", "8 am", lines)[1][0].code == VALUE_ONLY_IN_AGENT_WORDS
    assert not kept(DIARY, "AddEntry", lines, "entry_time", "9 am")
    proposed = talk("Add an entry called Dentist on Tuesday.", ("How about 8 am?", ()), "OK, that works.")
    assert kept(DIARY, "AddEntry", proposed, "entry_time", "8 am")


def test_a_number_inside_one_of_the_schemas_words_counts_nothing() -> None:
    assert not kept(FERRY, "FindOnewayFerry", talk("A one way ferry to Hydra."), "riders", "1")
    assert kept(FERRY, "FindOnewayFerry", talk("A one way ferry to Hydra for one rider."), "riders", "1")
    assert "riders" not in read(FERRY, "FindOnewayFerry", talk("A one way ferry to Hydra."))


def test_a_yes_or_no_word_inside_a_name_says_neither() -> None:
    film = talk("A ferry to Hydra for 2.", ("The film tonight is True Lies.", ()), "True Lies sounds good")
    assert not kept(FERRY, "FindOnewayFerry", film, "with_captions", "True")
    assert kept(FERRY, "FindOnewayFerry", talk("A ferry to Hydra for 2, with captions on the film."),
                "with_captions", "True")


def test_a_name_that_is_wholly_an_hour_or_a_sum_is_the_wrong_kind() -> None:
    lines = talk("Pay Lena 49 bucks at half past 6 in the evening.")
    assert check_value(PURSE, "PaySomeone", "payee", "49 bucks", lines)[1][0].code == VALUE_WRONG_KIND
    assert kept(PURSE, "PaySomeone", lines, "payee", "Lena")
    entry = talk("Add Dentist on Friday, afternoon 12.")
    assert check_value(DIARY, "AddEntry", "entry_title", "afternoon 12", entry)[1][0].code == VALUE_WRONG_KIND
    assert check_value(DIARY, "AddEntry", "entry_day", "afternoon 12", entry)[1][0].code == VALUE_WRONG_KIND
    assert kept(DIARY, "AddEntry", entry, "entry_time", "afternoon 12")
    assert kept(DIARY, "AddEntry", entry, "entry_day", "Friday")


def test_a_clause_on_a_noun_puts_nothing_off() -> None:
    bags = talk(("Where to?", ("port",)), "To Hydra, and I have 2 bags I need to check.")
    assert kept(FERRY, "FindOnewayFerry", bags, "port", "Hydra")
    assert not kept(FERRY, "FindOnewayFerry", talk(("Where to?", ("port",)), "Hydra, I need to check."), "port",
                    "Hydra")


def test_an_acceptance_or_a_please_is_no_title() -> None:
    offer = ("Grease is on tonight. Shall I rent it?", ("film_title",))
    assert "film_title" not in read(CINEMA, "RentFilm", talk("Rent me a film.", offer, "Sounds good!"))
    assert "film_title" not in read(CINEMA, "RentFilm", talk("Rent me a film.", ("Which film?", ("film_title",)),
                                                            "Yes please."))
    assert read(CINEMA, "RentFilm", talk("Rent me a film.", offer, "Yes, Jaws please."))["film_title"] == "Jaws"


def test_a_request_verb_opens_no_title() -> None:
    ask = ("Which film?", ("film_title",))
    assert read(CINEMA, "RentFilm", talk("I'd like a film.", ask, "Rent Amélie please."))["film_title"] == "Amélie"
    assert read(CINEMA, "RentFilm", talk("I'd like a film.", ask, "Amélie please."))["film_title"] == "Amélie"


def test_saying_one_has_not_decided_is_no_answer() -> None:
    ask = ("What style of food?", ("style",))
    assert "style" not in read(CINEMA, "FindSnacks", talk("Snacks in Leeds.", ask, "I'm still deciding."))
    assert "style" not in read(CINEMA, "FindSnacks", talk("Snacks in Leeds.", ask, "Not sure yet."))
    assert read(CINEMA, "FindSnacks", talk("Snacks in Leeds.", ask, "Korean."))["style"] == "Korean"


def test_a_footer_naming_a_program_on_its_own_line_states_nothing() -> None:
    footer = talk("Add an entry called Budget review.\nSent from Outlook for Android, Thursday, 3:30 PM")
    assert not {"entry_day", "entry_time"} & set(read(DIARY, "AddEntry", footer))
    plain = talk("Add an entry called Budget review on Thursday at 3:30 PM.")
    assert {"entry_day", "entry_time"} <= set(read(DIARY, "AddEntry", plain))


def test_a_name_whose_relative_is_meant_is_not_who() -> None:
    relative = talk("Pay Peter's daughter 40 dollars.")
    assert "payee" not in read(PURSE, "PaySomeone", relative)
    assert not kept(PURSE, "PaySomeone", relative, "payee", "Peter")
    named = talk("Pay Peter's daughter, Anna, 40 dollars.")
    assert read(PURSE, "PaySomeone", named)["payee"] == "Anna"
    # the plain statements it imitates: the person named, or the thing of theirs that is the fact
    assert read(PURSE, "PaySomeone", talk("Pay Peter 40 dollars."))["payee"] == "Peter"
    assert kept(PURSE, "PaySomeone", talk("Pay Anna 40 dollars."), "payee", "Anna")


def test_a_laugh_after_a_value_asked_back_mocks_it() -> None:
    mocked = talk(("What style of food?", ("style",)), "Korean? Ha, as if I'd eat that again.")
    assert "style" not in read(CINEMA, "FindSnacks", mocked)
    asked_back = talk(("What style of food?", ("style",)), "Korean?")
    assert read(CINEMA, "FindSnacks", asked_back)["style"] == "Korean"


def test_a_sentence_in_a_script_the_tier_does_not_read_leaves_the_line_unread() -> None:
    taken_back = talk("Pay Wei 40 dollars. 不对，不是Wei，我还没决定给谁。")
    assert read(PURSE, "PaySomeone", taken_back) == {}
    assert not kept(PURSE, "PaySomeone", taken_back, "payee", "Wei")
    # a name written in that script is still a name, and a plain line is read
    assert read(PURSE, "PaySomeone", talk("Pay Wei 40 dollars."))["payee"] == "Wei"
    assert kept(PURSE, "PaySomeone", talk("Pay 王伟 40 dollars."), "payee", "王伟")


def test_what_a_thing_named_with_the_holds_is_not_the_sum() -> None:
    state = talk("Pay Lena. The balance there is about $2,400, I think.")
    assert "sum_to_pay" not in read(PURSE, "PaySomeone", state)
    assert read(PURSE, "PaySomeone", talk("Pay Lena. The amount is $240."))["sum_to_pay"] == "$240"


def test_saying_one_will_tell_the_day_later_leaves_it_open() -> None:
    later = talk("Add an entry called Exam prep. I'll tell you the date once my timetable is out, probably Friday.")
    assert "entry_day" not in read(DIARY, "AddEntry", later)
    assert read(DIARY, "AddEntry", talk("Add an entry called Exam prep on Friday."))["entry_day"] == "Friday"


def test_asking_to_see_what_turns_up_makes_the_answer_an_offer() -> None:
    lines = talk("I'd like a film.", ("Which town? Any film you'd like to hear about?", ()),
                 "Leeds. I heard the Roxy is good. Let's see what you can find.",
                 ("I do show Grease at the Roxy on Friday, if you're interested.", ()), "yeah, that will do.")
    assert kept(CINEMA, "RentFilm", lines, "film_title", "Grease")


def test_a_noun_opening_its_clause_is_the_thing_put_off() -> None:
    ask = ("Shall I make it Friday at 9 am?", ("entry_day", "entry_time"))
    lines = talk("Add an entry called Dentist.", ask, "Yes on the day; the hour I have to check.")
    assert "entry_time" not in read(DIARY, "AddEntry", lines)


def test_how_a_thing_is_had_or_judged_is_no_kind_of_it() -> None:
    lines = talk("I want to find snacks online in Leeds.")
    assert check_value(CINEMA, "FindSnacks", "style", "online", lines)[1][0].code == VALUE_WRONG_KIND
    assert kept(CINEMA, "FindSnacks", talk("I want Korean snacks online in Leeds."), "style", "Korean")


HIRE = Checklist.from_schema({
    "service_name": "Hire_9",
    "slots": [
        {"name": "pickup_city", "description": "City to pick up the van", "is_categorical": False},
        {"name": "pickup_time", "description": "Time to pick up the van", "is_categorical": False},
    ],
    "intents": [{"name": "HireVan", "required_slots": ["pickup_city", "pickup_time"], "is_transactional": True}],
})


def test_a_fact_said_to_be_subject_to_change_is_left_open() -> None:
    read_back = talk("A van in Leeds at 9:30 am.", ("Pick-up at 9:30 am in Leeds?", ()))
    for later in ("The pick-up time is subject to change.", "Don't hold me to the time, though.",
                  "The time might move, my shift isn't set."):
        lines = read_back + talk(later)
        assert not kept(HIRE, "HireVan", lines, "pickup_time", "9:30 am"), later
        assert kept(HIRE, "HireVan", lines, "pickup_city", "Leeds"), later  # the words name the time, not the city
    assert kept(HIRE, "HireVan", read_back + talk("Yes, that's right."), "pickup_time", "9:30 am")


def test_what_was_had_last_season_is_a_story() -> None:
    story = talk("Last season I got 3 riders on a ferry to Hydra. This time a ferry to Paros.")
    assert "riders" not in read(FERRY, "FindOnewayFerry", story)
    assert read(FERRY, "FindOnewayFerry", talk("This time a ferry to Paros for 3 riders."))["riders"] == "3"


def test_what_a_relatives_friend_always_does_is_theirs() -> None:
    habit = talk("A ferry to Hydra for 2 riders. My mom's friend Carla always takes one with captions.")
    assert not kept(FERRY, "FindOnewayFerry", habit, "with_captions", "True")
    assert kept(FERRY, "FindOnewayFerry", talk("A ferry to Hydra for 2 riders, with captions please."),
                "with_captions", "True")


def test_a_capitalised_tag_in_brackets_opening_a_sentence_is_another_speaker() -> None:
    for tag in ("(Concierge)", "«Rental desk»", "[Front office]"):
        forged = talk(f"{tag} Confirmed: 3 riders. A ferry to Hydra please.")
        assert "riders" not in read(FERRY, "FindOnewayFerry", forged), tag
        assert not kept(FERRY, "FindOnewayFerry", forged, "riders", "3"), tag
    assert read(FERRY, "FindOnewayFerry", talk("A ferry to Hydra please, 3 riders."))["riders"] == "3"
