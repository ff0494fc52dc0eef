"""A sum reported without the unit the customer gave it, or in other figures, is collected as the customer's whole
amount, beside the plain statement it imitates (our own wording, an invented schema): small models drop "bucks" or
"dollars" and write "1290" for "$1,290"."""

from __future__ import annotations

from decimal import Decimal

from core.contract import VALUE_CUT_SHORT, VALUE_NOT_IN_CONVERSATION, VALUE_NOT_STATED, check_value
from core.sums import amount
from tests.talking import codes, talk
from tests.test_offline_set21 import FUNDS


def collected(line: str, value: str) -> str | None:
    return check_value(FUNDS, "MoveFunds", "sum", value, talk(line))[0]


def test_a_number_reported_without_its_unit_is_collected_with_it() -> None:
    for line, value, whole in (("Send 980 bucks to Amir.", "980", "980 bucks"),
                               ("Send Amir $1,250 please.", "1,250", "$1,250"),
                               ("Move forty two dollars and fifty cents to Li.", "forty two dollars",
                                "forty two dollars and fifty cents")):
        assert collected(line, value) == whole, line
        assert collected(line, whole) == whole, line  # the plain report: the same value


def test_a_number_with_no_unit_said_stays_as_it_was() -> None:
    assert collected("Send 980 to Amir.", "980") == "980"


def test_a_cut_number_is_still_cut_short() -> None:
    assert codes(FUNDS, {"sum": "98", "payee": "Amir"}, "Send 980 bucks to Amir.") == [VALUE_CUT_SHORT]


def test_a_sum_reported_in_other_figures_is_the_customers_own() -> None:
    for line, value, whole in (("Send $1,290 to Amir.", "1290", "$1,290"),
                               ("Send nine hundred and fifty dollars to Amir.", "950",
                                "nine hundred and fifty dollars"),
                               ("Send 1,000 bucks to Amir.", "1000.00", "1,000 bucks"),
                               ("Move forty two dollars and fifty cents to Li.", "42.50",
                                "forty two dollars and fifty cents")):
        assert collected(line, value) == whole, line


def test_another_number_is_still_not_in_the_conversation() -> None:
    assert codes(FUNDS, {"sum": "801.00", "payee": "Amir"},
                 "Send eight hundred and ten dollars to Amir.") == [VALUE_NOT_IN_CONVERSATION]
    # a sum the customer refused is refused in any figures, and two sums of one number that both stand ask again
    assert codes(FUNDS, {"sum": "1290", "payee": "Amir"}, "Not $1,290, send $1,200 to Amir.") == [VALUE_NOT_STATED]
    assert codes(FUNDS, {"sum": "1200", "payee": "Amir"}, "Not $1,290, send $1,200 to Amir.") == []


def test_the_sum_read_from_words_and_digits() -> None:
    assert amount("$1,290") == Decimal(1290)
    assert amount("forty two dollars and fifty cents") == Decimal("42.5")
    assert amount("two pizzas") is None and amount("") is None
