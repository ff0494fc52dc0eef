"""A request followed by a clause telling of the past: only that clause is another time's, each case beside the
whole sentence told of the past that it must not be taken for (our own wording, an invented schema); and a value
nobody said that is of no kind its fact takes, named so even where a longer word starts with it."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import check_mapping
from tests.talking import read, talk

KITTY = Checklist.from_schema({
    "service_name": "Kitty_4",
    "slots": [
        {"name": "owed_to", "description": "Name of the person to pay back", "is_categorical": False},
        {"name": "sum_owed", "description": "Amount of money to pay back", "is_categorical": False},
        {"name": "drop_off", "description": "Place the courier should go to", "is_categorical": False},
    ],
    "intents": [
        {"name": "PayBack", "required_slots": ["owed_to", "sum_owed"], "is_transactional": True},
        {"name": "SendCourier", "required_slots": ["drop_off"], "is_transactional": True},
    ],
})


def paying(line: str) -> dict[str, str]:
    return read(KITTY, "PayBack", talk(line))


def test_a_request_keeps_its_values_before_a_clause_of_the_past() -> None:
    both = {"owed_to": "Oksana", "sum_owed": "$32"}
    assert paying("I'd like to pay Oksana $32 for the tickets she got us last month.") == both
    assert paying("I want to pay Oksana $32, she covered my train fare yesterday.") == both
    # the clause's own values are still another time's
    assert paying("I need to pay Oksana $32, she lent me $50 the other day.") == both
    # the same values told of the past, whole: nothing is requested
    assert paying("I paid Oksana $32 for the tickets last month.") == {}
    assert paying("Last month Oksana got us the tickets for $32.") == {}
    assert paying("Oksana covered my train fare yesterday, $32.") == {}


def test_a_past_clause_frees_nothing_another_reason_puts_elsewhere() -> None:
    # a laugh marks the whole sentence, wherever it stands
    assert paying("I want to pay Oksana $32, she covered my lunch yesterday lol") == {}
    # a past inside the request itself, or no request before the clause
    assert paying("I'd like to pay Oksana $32 like I did yesterday.") == {}
    assert paying("Oksana $32 is what she paid last week.") == {}


def test_a_value_of_no_kind_is_named_before_a_cut_word() -> None:
    lines = talk("I need a courier.", ("Where should it go?", ("drop_off",)), "Okay, hang on.")
    # "ok" of "Okay" is a yes, no place; a place cut from a longer word is cut short
    assert check_mapping(KITTY, "SendCourier", lines, {"drop_off": "ok"}).codes == ["value_wrong_kind"]
    cut = talk("I need a courier.", ("Where should it go?", ("drop_off",)), "Okehampton station.")
    assert check_mapping(KITTY, "SendCourier", cut, {"drop_off": "Okehampton"}).codes == []
    assert check_mapping(KITTY, "SendCourier", cut, {"drop_off": "Okeham"}).codes == ["value_cut_short"]
