"""Shapes first seen in held-out set 27, each beside the plain statement it imitates (our own wording, an invented
schema): a reply about the speaker in a name's place, a day in a place's answer, "going" on a date, a date after a
place name, a number of another count's things, a relation before a full name, an offer passed over by asking for
others, someone else's wish they will see to, "not that <noun>", an unreal past with "I'd have" or "Had it been",
a titled person's past deed, a task held back "yet", a day counted from today or an hour as a place or a name, "the
payee's name is", a suggestion put tentatively, and a question weighing a value."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_WRONG_KIND, check_mapping
from core.value_kind import wrong_kind
from tests.talking import read, talk

FERRIES = Checklist.from_schema({
    "service_name": "Ferries_9",
    "slots": [
        {"name": "origin_port", "description": "City the ferry leaves from", "is_categorical": False},
        {"name": "destination_port", "description": "City the ferry goes to", "is_categorical": False},
        {"name": "sail_date", "description": "Date of the outbound sailing", "is_categorical": False},
        {"name": "return_date", "description": "Date of the return sailing", "is_categorical": False},
        {"name": "number_of_nights", "description": "Number of nights on board", "is_categorical": False},
        {"name": "number_of_cabins", "description": "Number of cabins to book", "is_categorical": False},
        {"name": "cabin_type", "description": "Type of cabin", "is_categorical": True,
         "possible_values": ["Inside", "Outside", "Suite"]},
        {"name": "shanty_name", "description": "Name of the sea shanty", "is_categorical": False},
        {"name": "captain_name", "description": "Name of the captain to sail with", "is_categorical": False},
        {"name": "sail_time", "description": "Time of the sailing", "is_categorical": False},
        {"name": "recipient", "description": "Name of the contact to pay", "is_categorical": False},
        {"name": "amount", "description": "Amount of money to pay", "is_categorical": False},
    ],
    "intents": [
        {"name": "BookFerry", "required_slots": ["origin_port", "destination_port", "sail_date", "return_date"],
         "is_transactional": True},
        {"name": "BookCabin", "required_slots": ["destination_port", "number_of_nights"], "is_transactional": True},
        {"name": "PlayShanty", "required_slots": ["shanty_name"], "is_transactional": True},
        {"name": "SailWith", "required_slots": ["captain_name", "sail_date", "sail_time"], "is_transactional": True},
        {"name": "PayCaptain", "required_slots": ["recipient", "amount"], "is_transactional": True},
        {"name": "PickCabin", "required_slots": ["cabin_type", "sail_date"], "is_transactional": True},
        {"name": "FindFerry", "required_slots": ["origin_port", "destination_port", "sail_date"],
         "is_transactional": False},
    ],
})

WHICH_SHANTY = ("Which shanty shall I play?", ("shanty_name",))


def standing(intent: str, *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    """What stands of the offline tier's reading through the contract."""
    lines = talk(*turns)
    return check_mapping(FERRIES, intent, lines, read(FERRIES, intent, lines)).accepted


def claimed(intent: str, answer: dict[str, str], *turns: str | tuple[str, tuple[str, ...]]) -> dict[str, str]:
    """What stands of a model's answer."""
    return check_mapping(FERRIES, intent, talk(*turns), answer).accepted


def test_a_reply_about_the_speaker_names_no_title() -> None:
    for reply in ("Still scrolling, one sec.", "For me, I'm still browsing.", "Song-wise I'm blanking.",
                  "Also I'll want the suite."):
        assert standing("PlayShanty", "Play a shanty.", WHICH_SHANTY, reply) == {}, reply
    # the plain statements: a name, a title whose words are capitalised as a title's are, a comment after a name
    assert standing("PlayShanty", "Play a shanty.", WHICH_SHANTY, "Wellerman.") == {"shanty_name": "Wellerman"}
    assert standing("PlayShanty", "Play a shanty.", WHICH_SHANTY, "Still Standing") == {"shanty_name": "Still Standing"}
    assert standing("PlayShanty", "Play a shanty.", WHICH_SHANTY, "Let's do Wellerman, I think.") == {
        "shanty_name": "Wellerman"}


def test_a_day_in_a_reply_is_no_place_and_is_read_as_the_day() -> None:
    asked = ("Where from, and on what date?", ("origin_port", "sail_date"))
    assert standing("FindFerry", "A ferry to Calais.", asked, "Date's the 14th.") == {
        "destination_port": "Calais", "sail_date": "the 14th"}
    # the plain statement: the place alone answers where from
    assert standing("FindFerry", "A ferry to Calais.", asked, "Dover, on the 14th.") == {
        "origin_port": "Dover", "destination_port": "Calais", "sail_date": "the 14th"}


def test_going_on_a_date_is_the_outbound_leg_and_going_to_a_place_its_end() -> None:
    said = "Ferry from Dover to Calais, going the 3rd."
    assert standing("BookFerry", said) == {"origin_port": "Dover", "destination_port": "Calais", "sail_date": "the 3rd"}
    both = "Ferry from Dover to Calais, going the 3rd and coming back the 9th."
    assert standing("BookFerry", both) == {"origin_port": "Dover", "destination_port": "Calais",
                                           "sail_date": "the 3rd", "return_date": "the 9th"}
    assert standing("BookFerry", "I'm going to Calais on the 4th from Dover.")["destination_port"] == "Calais"


def test_a_date_after_a_place_name_is_no_part_of_it() -> None:
    assert standing("BookFerry", "Ferry Dover to Le Havre March 3rd.")["destination_port"] == "Le Havre"
    # the plain statement: the date after its preposition
    assert standing("BookFerry", "Ferry Dover to Le Havre on March 3rd.")["destination_port"] == "Le Havre"


def test_a_number_of_another_counts_things_is_not_this_count() -> None:
    nights = ("How many nights?", ("number_of_nights",))
    assert "number_of_nights" not in standing("BookCabin", "A cabin to Calais.", nights, "Oh, and one cabin.")
    # the plain statements: the count's own noun, or a bare number to its question
    assert standing("BookCabin", "A cabin to Calais.", nights, "3 nights.")["number_of_nights"] == "3"
    assert standing("BookCabin", "A cabin to Calais.", nights, "3 please.")["number_of_nights"] == "3"


def test_a_relation_before_a_name_keeps_the_whole_name() -> None:
    assert standing("PayCaptain", "Pay my landlord Dmitri Volkov 40 dollars.")["recipient"] == "Dmitri Volkov"
    assert standing("PayCaptain", "Pay Dmitri Volkov 40 dollars.")["recipient"] == "Dmitri Volkov"


def test_an_offer_passed_over_by_asking_for_others_is_not_taken() -> None:
    offer = ("There's an Outside cabin free that day. Does that work?", ("cabin_type",))
    for reply in ("Outside, ugh, too noisy. Anything with no window?", "Hmm. What are my options?",
                  "Outside? Not my thing. Who else is there?", "Outside, meh. Is there anything else free that day?",
                  "Ok, find me another cabin?"):
        assert "cabin_type" not in standing("PickCabin", "A cabin on March 3rd.", offer, reply), reply
    # the plain statements: a value inside the request for others is what they must share, taking the offer, and
    # asking about it after taking it
    assert standing("BookCabin", "A cabin to Calais for 3 nights.", ("There's a cabin free to Calais.", ()),
                    "Can you find me another cabin to Calais with a window?")["destination_port"] == "Calais"
    assert standing("PickCabin", "A cabin on March 3rd.", offer, "Outside works.")["cabin_type"] == "Outside"
    assert standing("PickCabin", "A cabin on March 3rd.", offer,
                    "Outside works. Is there anything else I need to bring?")["cabin_type"] == "Outside"


def test_someone_elses_wish_they_will_see_to_is_theirs() -> None:
    theirs = "My brother wants a ferry to Calais but he'll call you himself."
    assert "destination_port" not in standing("BookCabin", theirs)
    # the plain statements: the wish on the customer's behalf, and the same with a wish of theirs that is not
    # handled elsewhere
    assert standing("BookCabin", "My brother wants a ferry to Calais.")["destination_port"] == "Calais"
    assert standing("BookCabin", "My brother wants a ferry to Calais and he wants it soon.")[
        "destination_port"] == "Calais"


def test_not_that_noun_takes_back_that_facts_value() -> None:
    assert standing("PlayShanty", "Play Wellerman. No, hold on, not that shanty, it makes me cry.") == {}
    # the plain statements: "not that" with no fact's noun, and the value alone
    assert standing("PlayShanty", "Play Wellerman. It's not that loud, right?") == {"shanty_name": "Wellerman"}
    assert standing("PlayShanty", "Play Wellerman.") == {"shanty_name": "Wellerman"}


def test_an_unreal_past_and_a_titled_persons_deed_state_no_time() -> None:
    for said in ("Had it been urgent I'd have sailed at 8 am. Sail with Wavebreaker on Monday.",
                 "Dr. Patel took my tooth out at 9 am in 2015. Sail with Wavebreaker on Monday."):
        assert "sail_time" not in standing("SailWith", said), said
    # the plain statement: what must be now
    assert standing("SailWith", "I'd have to sail at 8 am. Sail with Wavebreaker on Monday.")["sail_time"] == "8 am"


def test_a_task_held_back_for_now_takes_no_offer() -> None:
    offer = ("How about the Suite?", ("cabin_type",))
    assert "cabin_type" not in claimed("PickCabin", {"cabin_type": "Suite"}, "A cabin on March 3rd.", offer,
                                       "Yes, perfect. Hang on, don't look that up yet.")
    assert claimed("PickCabin", {"cabin_type": "Suite"}, "A cabin on March 3rd.", offer,
                   "Yes, perfect.")["cabin_type"] == "Suite"


def test_a_day_counted_from_today_or_an_hour_is_no_place_or_name() -> None:
    for fact, value in (("destination_port", "Monday next week"), ("destination_port", "half past 6 in the evening"),
                        ("shanty_name", "next Friday"), ("shanty_name", "the day after tomorrow")):
        assert wrong_kind(FERRIES, "BookFerry", fact, value), value
    # the plain statements: a day's name may be a title's, a place is a place
    assert not wrong_kind(FERRIES, "BookFerry", "shanty_name", "Friday")
    assert not wrong_kind(FERRIES, "BookFerry", "destination_port", "Calais")
    said = talk("A ferry to Dover on Monday next week.")
    assert VALUE_WRONG_KIND in check_mapping(FERRIES, "BookFerry", said,
                                             {"destination_port": "Monday next week"}).codes


def test_the_payees_name_is_an_answer_and_a_tentative_suggestion_a_choice() -> None:
    assert standing("PayCaptain", "I want to pay 40 dollars.", ("Who to?", ("recipient",)),
                    "The payee's name is Mary.")["recipient"] == "Mary"
    # the plain statement it imitates: the name alone
    assert standing("PayCaptain", "I want to pay 40 dollars.", ("Who to?", ("recipient",)), "Mary.")[
        "recipient"] == "Mary"
    assert standing("BookCabin", "I thought a cabin to Calais could be a good choice, for 3 nights.") == {
        "destination_port": "Calais", "number_of_nights": "3"}


def test_a_question_weighing_a_value_does_not_choose_it() -> None:
    for said in ("Or is 50 dollars too much? Hmm.", "Is Calais nice around March 8th?"):
        assert not standing("PayCaptain", said) and not standing("BookCabin", said), said
    # the plain statements: the value put forward
    assert standing("PayCaptain", "Pay Mary 50 dollars.") == {"recipient": "Mary", "amount": "50 dollars"}


def test_a_sentence_of_mostly_foreign_letters_leaves_its_line_unread() -> None:
    taken_back = "Play Wellerman. Pensándolo bien, no sé qué canción quiero."
    assert standing("PlayShanty", taken_back) == {}
    # the plain statements: the English alone, and English with a borrowed word or two
    assert standing("PlayShanty", "Play Wellerman.") == {"shanty_name": "Wellerman"}
    assert standing("BookCabin", "A cabin to Calais for 3 nights, with a café and crêpes please.") == {
        "destination_port": "Calais", "number_of_nights": "3"}


def test_an_offer_passed_over_later_or_a_day_counted_from_another_backs_no_value() -> None:
    offer = ("I found Captain Wavebreaker sailing that day.", ())
    passed = ("Sail on March 3rd at 9 am.", offer, "Ok, is he friendly?", ("He is.", ()),
              "Ok, find me another captain?", ("There's Captain Seafoam.", ()), "Yes, book it.")
    assert "captain_name" not in claimed("SailWith", {"captain_name": "Wavebreaker"}, *passed)
    assert claimed("SailWith", {"captain_name": "Seafoam"}, *passed)["captain_name"] == "Seafoam"
    # the plain statements: asking for others of another thing leaves it standing, as asking about it and taking it
    hotel = ("Sail on March 3rd at 9 am.", offer, "Ok, is he friendly?", ("He is.", ()),
             "Great. I also need a hotel there.", ("The Harbour Inn is free.", ()), "Any other hotels?")
    assert claimed("SailWith", {"captain_name": "Wavebreaker"}, *hotel)["captain_name"] == "Wavebreaker"
    taken = ("Sail on March 3rd at 9 am.", offer, "Ok, is he friendly?", ("He is.", ()), "Great, book it.")
    assert claimed("SailWith", {"captain_name": "Wavebreaker"}, *taken)["captain_name"] == "Wavebreaker"
    later = ("Sail with Wavebreaker at 9 am.", ("The next sailing is the day after tomorrow.", ()), "Yes, book it.")
    assert "sail_date" not in claimed("SailWith", {"sail_date": "tomorrow"}, *later)
    assert claimed("SailWith", {"sail_date": "the day after tomorrow"}, *later)["sail_date"] == "the day after tomorrow"


def test_make_the_fact_something_else_replaces_what_was_said() -> None:
    said = ("Sail with Wavebreaker on March 10th.", ("What time?", ("sail_time",)),
            "Make the date the 3rd. Anything at 9:30 am?")
    assert "sail_date" not in claimed("SailWith", {"sail_date": "March 10th"}, *said)
    assert claimed("SailWith", {"sail_date": "March 10th"}, *said[:2], "Anything at 9:30 am?")["sail_date"] == (
        "March 10th")


def test_what_people_in_the_plural_do_is_theirs() -> None:
    assert "origin_port" not in standing("BookFerry", "My parents sail out of Dover every winter, to Calais.")
    # the plain statements: the customer's own trip with them, and their trip asked for
    assert standing("BookFerry", "My parents and I need a ferry from Dover to Calais.")["origin_port"] == "Dover"
    assert standing("BookFerry", "My parents need a ferry from Dover to Calais.")["origin_port"] == "Dover"


def test_a_model_that_reports_what_the_tier_leaves_out_is_refused_by_the_contract() -> None:
    # a closed value named again as its offer is turned down by asking for others
    offer = ("Would you like an Outside cabin for that?", ("cabin_type",))
    assert "cabin_type" not in claimed("PickCabin", {"cabin_type": "Outside"}, "A cabin on March 3rd.", offer,
                                       "Hmm. Outside cabins are noisy though. What are my options?")
    assert claimed("PickCabin", {"cabin_type": "Outside"}, "A cabin on March 3rd.", offer,
                   "Outside is fine.")["cabin_type"] == "Outside"
    # an unreal present ("If I still had ..., I'd ...") states nothing; "If I had to pick, I'd say ..." picks
    assert "cabin_type" not in claimed("PickCabin", {"cabin_type": "Suite"},
                                       "If I still had my old suite I'd ask about that one. Sailing March 3rd.")
    assert claimed("PickCabin", {"cabin_type": "Suite"}, "If I had to pick, I'd say the Suite. Sailing March 3rd.")[
        "cabin_type"] == "Suite"
    # a task the agent reports done, repeating the customer's values, ends them: a new one starts empty
    done = ("Pay Mary 40 dollars.", ("Done, 40 dollars was sent to Mary.", ()))
    assert claimed("PayCaptain", {"recipient": "Mary"}, *done, "I'd like to pay someone new.") == {}
    assert claimed("PayCaptain", {"recipient": "Mary"}, *done, "Now pay the same again to her.")["recipient"] == "Mary"


def test_an_indefinite_word_is_no_one_to_pay() -> None:
    assert wrong_kind(FERRIES, "PayCaptain", "recipient", "someone")
    assert wrong_kind(FERRIES, "BookFerry", "destination_port", "somewhere")
    # the plain statements: a name; and a title may be such a word (SGD has the song "somebody") or a clause about the
    # speaker ("Before I leave", "All I am")
    assert not wrong_kind(FERRIES, "PayCaptain", "recipient", "Mary")
    for title in ("somebody", "Before I leave", "All I am"):
        assert not wrong_kind(FERRIES, "PlayShanty", "shanty_name", title), title
