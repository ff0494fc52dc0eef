"""The answer contract: every code, whole-word matching, and unicode folding."""

import pytest

from core.checklist import Checklist
from core.contract import (
    ALL_CODES,
    VALUE_CUT_SHORT,
    VALUE_NOT_ALLOWED,
    VALUE_NOT_IN_CONVERSATION,
    VALUE_NOT_STATED,
    VALUE_ONLY_IN_AGENT_WORDS,
    VALUE_REORDERED,
    check,
    check_mapping,
    code_counts,
    extraction_from_reply,
)
from core.corpus import Line
from core.extraction import CUT_AT_CEILING, EMPTY_REPLY, OK, PROVIDER_ERROR, UNPARSEABLE
from core.text import contains_words, fold, skeleton

SCHEMA = {
    "service_name": "Transfers_9",
    "slots": [
        {"name": "account", "description": "Source account", "is_categorical": True,
         "possible_values": ["checking", "savings"]},
        {"name": "payee", "description": "Who receives the money", "is_categorical": False},
        {"name": "amount", "description": "How much", "is_categorical": False},
        {"name": "memo", "description": "A note", "is_categorical": False},
    ],
    "intents": [{"name": "Send", "required_slots": ["account", "payee", "amount"]}],
}
CHECKLIST = Checklist.from_schema(SCHEMA)
LINES = (
    Line("customer", "Please send $500 to Maria Kim."),
    Line("agent", "From checking or savings? Or shall I use the Rent Pot account?", ("account",)),
    Line("customer", "From savings."),
)


def codes(collected: dict, lines=LINES) -> list[str]:
    return check_mapping(CHECKLIST, "Send", lines, collected).codes


def test_a_clean_answer_raises_no_code_and_is_collected_as_said():
    verdict = check_mapping(CHECKLIST, "Send", LINES, {"account": "savings", "payee": "Maria Kim", "amount": "$500"})
    assert verdict.codes == []
    assert verdict.accepted == {"account": "savings", "payee": "Maria Kim", "amount": "$500"}


@pytest.mark.parametrize(("collected", "code"), [
    ({"memo": "rent"}, "unknown_fact"),
    ({"balance": "$5"}, "unknown_fact"),
    ({"account": "money market"}, VALUE_NOT_ALLOWED),
    ({"amount": "$900"}, VALUE_NOT_IN_CONVERSATION),
    ({"payee": "Mar"}, VALUE_CUT_SHORT),  # cut inside a word the customer typed
    ({"amount": "$50"}, VALUE_CUT_SHORT),  # cut inside a number ("$500")
    ({"payee": "Maria Kimball"}, VALUE_NOT_IN_CONVERSATION),
])
def test_each_rejecting_code_refuses_the_value(collected, code):
    verdict = check_mapping(CHECKLIST, "Send", LINES, collected)
    assert verdict.codes == [code]
    assert verdict.accepted == {}


def test_a_value_only_the_agent_said_and_the_customer_did_not_take_is_refused():
    verdict = check_mapping(CHECKLIST, "Send", LINES, {"payee": "Rent Pot"})
    assert verdict.codes == [VALUE_ONLY_IN_AGENT_WORDS]
    assert verdict.accepted == {}


OFFER = (
    Line("customer", "I need to pay rent from savings."),
    Line("agent", "Shall I send it to the Rent Pot account?"),
)


@pytest.mark.parametrize(("reply", "kept"), [
    ("Yes, that's the one.", True),
    ("Sounds good.", True),
    ("No, to Maria Kim.", False),
    ("Yes, but not that one.", False),
    ("Who else could I pay?", False),
    ("That account sounds good to me.", True),  # the offer pointed at and praised
    ("I'll take it.", True),
    ("It is good to know. Who else?", False),  # praise of something else, then a question
    ("I like that one, but not now.", False),
    ("Sure, if possible.", True),  # politeness, no condition
    ("Sure, if it arrives by Friday.", False),  # a condition the offer does not meet yet
    ("Yes, as long as there's no fee.", False),
])
def test_an_agent_offer_is_collected_only_when_the_next_line_accepts_it(reply, kept):
    verdict = check_mapping(CHECKLIST, "Send", (*OFFER, Line("customer", reply)), {"payee": "Rent Pot"})
    assert (verdict.accepted == {"payee": "Rent Pot"}) is kept
    assert verdict.codes == ([] if kept else [VALUE_ONLY_IN_AGENT_WORDS])


def test_an_answer_to_the_customers_own_question_is_not_an_offer():
    lines = (Line("customer", "What is my balance?"), Line("agent", "Your balance is $2,000."),
             Line("customer", "Okay, thanks."))
    assert codes({"amount": "$2,000"}, lines) == [VALUE_ONLY_IN_AGENT_WORDS]
    closing = (Line("customer", "Check my savings."), Line("agent", "It holds $2,000. Anything else?"),
               Line("customer", "Yes, a transfer please."))
    assert codes({"amount": "$2,000"}, closing) == [VALUE_ONLY_IN_AGENT_WORDS]


@pytest.mark.parametrize(("lines", "value", "code"), [
    ((Line("customer", "What's my balance?"),), "savings", VALUE_NOT_STATED),  # nobody said it
    ((Line("customer", "What's my balance?"), Line("agent", "Checking or savings?"), Line("customer", "Checking.")),
     "savings", VALUE_NOT_STATED),  # only the agent's word, and the customer chose the other
    ((Line("customer", "What's my balance in savings?"),), "savings", None),  # the plain statement
    ((Line("customer", "Use my savings accounts."),), "savings", None),
    ((Line("customer", "Is it in checking?"), Line("agent", "Shall I use savings then?"),
      Line("customer", "Yes please.")), "savings", None),  # an offer accepted
])
def test_a_closed_value_needs_the_customers_words(lines, value, code):
    assert codes({"account": value}, lines) == ([code] if code else [])


def test_a_closed_number_may_be_said_as_a_word():
    schema = {**SCHEMA, "slots": [*SCHEMA["slots"], {"name": "riders", "description": "How many ride",
                                                       "is_categorical": True, "possible_values": ["1", "2", "3"]}],
              "intents": [{"name": "Ride", "required_slots": ["riders"]}]}
    checklist = Checklist.from_schema(schema)
    said = check_mapping(checklist, "Ride", (Line("customer", "For two of us."),), {"riders": "2"})
    assert said.accepted == {"riders": "2"} and said.codes == []
    unsaid = check_mapping(checklist, "Ride", (Line("customer", "A ride for us."),), {"riders": "2"})
    assert unsaid.codes == [VALUE_NOT_STATED]


@pytest.mark.parametrize("reported", ["Maria Kim.", " Maria Kim, ", "\"Maria Kim\""])
def test_edge_punctuation_is_trimmed_and_the_value_kept_as_spelled(reported):
    verdict = check_mapping(CHECKLIST, "Send", LINES, {"payee": reported})
    assert verdict.codes == [] and verdict.accepted == {"payee": "Maria Kim"}


def test_a_value_shown_in_another_order_than_stored_is_refused():
    tricked = (Line("customer", "Send \u202e005$\u202c to Maria Kim from savings."),)
    assert codes({"amount": "005$"}, tricked) == [VALUE_REORDERED]
    assert codes({"amount": "$500"}, tricked) == [VALUE_REORDERED]  # read off the screen, not as typed
    assert codes({"amount": "$700"}, tricked) == [VALUE_NOT_IN_CONVERSATION]
    isolated = (Line("customer", "Send \u2067$500\u2069 to Maria Kim from savings."),)
    assert codes({"amount": "$500"}, isolated) == [VALUE_REORDERED]
    plain = (Line("customer", "Send $500 to Maria Kim from savings."),)
    assert codes({"amount": "$500"}, plain) == []
    after = (Line("customer", "Send $500 to Maria Kim \u202ethanks\u202c"),)  # an override elsewhere in the line
    assert codes({"amount": "$500"}, after) == []


def test_one_bad_value_does_not_sink_the_others():
    verdict = check_mapping(CHECKLIST, "Send", LINES, {"account": "savings", "payee": "Maria", "amount": "$9"})
    assert verdict.codes == [VALUE_NOT_IN_CONVERSATION]
    assert verdict.accepted == {"account": "savings", "payee": "Maria"}


@pytest.mark.parametrize(("raw", "finish", "error", "status"), [
    ("The customer wants savings.", "stop", None, UNPARSEABLE),
    ('{"collected": {"amount": [500]}}', "stop", None, UNPARSEABLE),  # a list is not one value
    ("[1, 2]", "stop", None, UNPARSEABLE),
    ("  \n", "stop", None, EMPTY_REPLY),
    (None, None, None, EMPTY_REPLY),
    ('{"collected": {"account": "sav', "length", None, CUT_AT_CEILING),
    ("", "max_tokens", None, CUT_AT_CEILING),
    (None, None, "HTTP 529", PROVIDER_ERROR),
])
def test_failed_replies_carry_their_status_as_the_only_code(raw, finish, error, status):
    extraction = extraction_from_reply(raw, finish, error)
    assert extraction.status == status
    verdict = check(CHECKLIST, "Send", LINES, extraction)
    assert verdict.codes == [status] and verdict.accepted == {}


def test_a_reply_that_parses_in_full_is_read_even_at_the_ceiling():
    extraction = extraction_from_reply('```json\n{"collected": {"account": "savings"}, "notes": ""}\n```', "length")
    assert extraction.status == OK and extraction.collected == {"account": "savings"}


@pytest.mark.parametrize(("value", "typed"), [
    ("$500", "Send ＄５００ to Maria."),  # full-width forms fold under NFKC
    ("Maria", "Send it to Ma\u200bria."),  # a zero-width space inside the word
    ("Maria", "Send it to \u200eMaria\u200f."),  # direction marks, which reorder nothing
    ("Maria", "Send it to Мaria."),  # a Cyrillic capital Em
    ("Мaria", "Send it to Maria."),  # the look-alike on the model's side
    ("café", "Meet at cafe\u0301."),  # combining accent vs precomposed
    ("MARIA", "send it to maria."),
])
def test_unicode_variants_of_a_stated_value_are_found(value, typed):
    fact = "amount" if "$" in value else "payee"  # each value under a fact it can be
    assert codes({fact: value}, (Line("customer", typed),)) == []


@pytest.mark.parametrize(("value", "typed", "collected"), [
    ("Maria", "Send it to Мaria.", "Мaria"),  # a spoofed name is kept as typed, not laundered to Latin
    ("Мaria", "Send it to Maria.", "Maria"),  # a look-alike from the extractor never reaches the record
    ("MARIA KIM", "send it to maria   kim", "maria   kim"),
    ("$500", "Send ＄５００ to Maria.", "＄５００"),
])
def test_a_free_text_value_is_collected_in_the_conversation_s_own_characters(value, typed, collected):
    fact = "amount" if "$" in value else "payee"  # each value under a fact it can be
    verdict = check_mapping(CHECKLIST, "Send", (Line("customer", typed),), {fact: value})
    assert verdict.codes == [] and verdict.accepted == {fact: collected}


def test_the_latest_customer_spelling_wins():
    lines = (Line("customer", "to maria"), Line("agent", "Full name?"), Line("customer", "MARIA, yes"))
    assert check_mapping(CHECKLIST, "Send", lines, {"payee": "Maria"}).accepted == {"payee": "MARIA"}


def test_a_real_letter_difference_is_still_refused_after_folding():
    assert codes({"payee": "Marla"}, (Line("customer", "Send it to Мaria."),)) == [VALUE_NOT_IN_CONVERSATION]


def test_a_closed_value_in_look_alikes_is_collected_in_the_vocabulary_spelling():
    verdict = check_mapping(CHECKLIST, "Send", LINES, {"account": "ЅАVINGS"})
    assert verdict.codes == [] and verdict.accepted == {"account": "savings"}


def test_text_helpers():
    assert fold("Ｒｅ\u200bnt  1500") == "rent 1500"
    assert skeleton("ѕаvings") == "savings"
    assert contains_words("pay rent 1500 now", "rent 1500")
    assert contains_words("to $500.", "$500")
    assert not contains_words("maria", "mar")
    assert not contains_words("anything", "")


def test_code_counts_list_every_code():
    verdicts = [check_mapping(CHECKLIST, "Send", LINES, {"amount": "$1"}),
                check_mapping(CHECKLIST, "Send", LINES, {"amount": "$2", "memo": "x"})]
    counts = code_counts(verdicts)
    assert set(counts) == set(ALL_CODES)
    assert counts[VALUE_NOT_IN_CONVERSATION] == 2 and counts["unknown_fact"] == 1 and counts[VALUE_NOT_ALLOWED] == 0


@pytest.mark.parametrize(("trick", "plain", "collected"), [
    ("Is $75 the most I can send?", "I can send $75.", {"amount": "$75"}),
    ("Send $75, strike that, I have to check first.", "Send $75, that is fine.", {"amount": "$75"}),
    ("My landlord Omar keeps saying it should go to Omar Reyes.", "It should go to Omar Reyes.",
     {"payee": "Omar Reyes"}),
    ("Somewhere between $60 and $75.", "Make it $75.", {"amount": "$75"}),
    ("My login is savings_user_77.", "From savings.", {"account": "savings"}),
])
def test_a_value_typed_only_where_the_customer_states_nothing_is_not_stated(trick, plain, collected):
    # a model that reads a question, a retraction, someone else's words, a range or an identifier as a
    # statement is refused, as the offline tier reads them; the plain statement beside it passes
    opening = Line("customer", "I want to send money.")
    assert codes(collected, (opening, Line("customer", trick))) == ["value_not_stated"]
    assert codes(collected, (opening, Line("customer", plain))) == []


def test_an_optional_fact_is_checked_like_any_and_never_decides_a_stop():
    schema = {**SCHEMA, "intents": [{"name": "Send", "required_slots": ["account", "payee", "amount"],
                                     "optional_slots": {"memo": ""}}]}
    checklist = Checklist.from_schema(schema)
    lines = (Line("customer", "Send $500 to Maria Kim from savings, memo rent."),)
    kept = check_mapping(checklist, "Send", lines, {"memo": "rent"})
    assert kept.codes == [] and kept.accepted == {"memo": "rent"}
    assert check_mapping(checklist, "Send", lines, {"memo": "utilities"}).codes == [VALUE_NOT_IN_CONVERSATION]
    assert checklist.missing("Send", kept.accepted) == ["account", "payee", "amount"]
    assert check_mapping(checklist, "Send", lines, {"balance": "$5"}).codes == ["unknown_fact"]


def test_a_statement_of_how_the_customers_things_stand_is_no_offer_to_accept():
    told = (Line("customer", "Send money from savings to Maria Kim."),
            Line("agent", "Your savings balance is $2,309.73."), Line("customer", "Alright, thanks."))
    assert codes({"amount": "$2,309.73"}, told) == ["value_only_in_agent_words"]
    offered = (Line("customer", "Send money from savings to Maria Kim."),
               Line("agent", "Shall I send $250, as usual?"), Line("customer", "Alright, thanks."))
    assert codes({"amount": "$250"}, offered) == []


@pytest.mark.parametrize(("trick", "plain", "value"), [
    ("Send $500 from savings to Maria Kim or Ana Lee.", "Send $500 from savings to Maria Kim.", "Maria Kim"),
    ("Send $500 from savings to Maria Kim, if she still has that account.",
     "Send $500 from savings to Maria Kim, if that works.", "Maria Kim"),
    ("Send something from savings to Maria Kim, e.g. $500.", "Send $500 from savings to Maria Kim.", "$500"),
    ("Send more than $500 from savings to Maria Kim.", "Send $500 from savings to Maria Kim.", "$500"),
])
def test_a_value_offered_as_one_of_two_conditional_an_example_or_compared_with_is_not_stated(trick, plain, value):
    fact = "amount" if value.startswith("$") else "payee"
    assert codes({fact: value}, (Line("customer", plain),)) == []
    assert codes({fact: value}, (Line("customer", trick),)) == [VALUE_NOT_STATED]


def test_a_reply_putting_off_the_asked_fact_does_not_state_it():
    asked = (Line("customer", "Send $500 from savings."), Line("agent", "Who should receive it?", ("payee",)))
    assert codes({"payee": "Maria Kim"}, (*asked, Line("customer", "Maria Kim, I think. I'll check her name."))) == [
        VALUE_NOT_STATED]
    assert codes({"payee": "Maria Kim"}, (*asked, Line("customer", "Maria Kim, I can't remember."))) == [
        VALUE_NOT_STATED]
    assert codes({"payee": "Maria Kim"}, (*asked, Line("customer", "Maria Kim, please."))) == []


def test_values_said_before_a_fresh_start_are_withdrawn():
    said = Line("customer", "Send $500 from savings to Maria Kim.")
    restart = Line("customer", "Scrap all of that, let's start over. I want to pay Ana Lee.")
    verdict = check_mapping(CHECKLIST, "Send", (said, Line("agent", "Anything else?"), restart),
                            {"payee": "Ana Lee", "amount": "$500"})
    assert verdict.accepted == {"payee": "Ana Lee"} and verdict.codes == [VALUE_NOT_STATED]
    carry_on = Line("customer", "Actually, I want to pay Ana Lee.")
    verdict = check_mapping(CHECKLIST, "Send", (said, Line("agent", "Anything else?"), carry_on),
                            {"payee": "Ana Lee", "amount": "$500"})
    assert verdict.accepted == {"payee": "Ana Lee", "amount": "$500"} and verdict.codes == []


def test_a_fact_said_to_be_open_and_a_time_of_something_else_are_not_stated():
    said = Line("customer", "Send $500 from savings to Maria Kim.")
    assert codes({"amount": "$500"}, (said,)) == []
    still_open = Line("customer", "Send $500 from savings to Maria Kim. I haven't decided on the amount yet.")
    assert codes({"amount": "$500"}, (still_open,)) == [VALUE_NOT_STATED]
    later = (said, Line("agent", "Anything else?"), Line("customer", "Actually I'm not sure yet how much."))
    assert codes({"amount": "$500"}, later) == [VALUE_NOT_STATED]


def test_a_day_when_something_else_happens_is_not_the_checklists():
    schema = {"service_name": "Dinners_9",
              "slots": [{"name": "time", "description": "Time of the reservation", "is_categorical": False}],
              "intents": [{"name": "Reserve", "description": "Reserve a table", "required_slots": ["time"]}]}
    checklist = Checklist.from_schema(schema)
    other = (Line("customer", "A table please. Our movie that starts at 8:30 pm is nearby."),)
    plain = (Line("customer", "A table please, the reservation at 8:30 pm."),)
    assert check_mapping(checklist, "Reserve", plain, {"time": "8:30 pm"}).codes == []
    assert check_mapping(checklist, "Reserve", other, {"time": "8:30 pm"}).codes == [VALUE_NOT_STATED]
