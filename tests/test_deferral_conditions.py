"""Replies that put an answer off, and conditions told apart from politeness: each beside its plain twin."""

import pytest

from core.conditions import conditional
from core.deferral import puts_off


@pytest.mark.parametrize(("put_off", "plain", "value"), [
    ("Hair Lab, I think. I'll look at my old receipt.", "Hair Lab, I think.", "Hair Lab"),
    ("30 days. I'll tell you once my manager confirms.", "30 days. Thanks!", "30 days"),
    ("Midnight, I honestly can't remember.", "Midnight, I remember it well.", "Midnight"),
    ("Still checking my dates, maybe March 13th.", "March 13th, and I'll check in then.", "March 13th"),
    ("Try 9:20 am and I'll pick later.", "9:20 am, I'll pick it up then.", "9:20 am"),
])
def test_a_reply_that_puts_off_its_answer(put_off: str, plain: str, value: str) -> None:
    assert puts_off(put_off, value)
    assert not puts_off(plain, value)


@pytest.mark.parametrize(("reply", "value"), [
    ("I need to check my checking account.", "checking"),  # the value is what will be checked
    ("I don't know, but let's start with Remo Drive.", "Remo Drive"),  # chosen after saying so
    ("I will check in on next Monday.", "next Monday"),  # a hotel check-in, not a check
    ("I'm looking for a hotel in London.", "London"),
    ("Oh I forgot to say: this Sunday.", "this Sunday"),
    ("I need to pick it on Wednesday in Portland, OR.", "Portland, OR"),  # a rental's pickup, not a choice
    ("If possible, I need to pick-up the car on the 13th.", "the 13th"),
])
def test_what_does_not_put_an_answer_off(reply: str, value: str) -> None:
    assert not puts_off(reply, value)


@pytest.mark.parametrize(("condition", "polite"), [
    ("Sure, if they can seat us on the patio.", "Sure, if possible."),
    ("Yes, as long as it's under $300.", "Yes, if that works."),
    ("Okay, provided it comes with snow tires.", "Okay, if you could book it."),
    ("Fine, unless it rains.", "Fine, this Saturday if I can."),
    ("Good, only if the price is right.", "Good, what are the times if I want to watch it Friday?"),
])
def test_a_condition_is_not_politeness(condition: str, polite: str) -> None:
    assert conditional(condition)
    assert not conditional(polite)
