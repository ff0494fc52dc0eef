"""The chat decides the intent itself, in a real browser: an unclear message asks which intent,
"send money" then an account never stops, and picking another intent moves the checklist."""

from __future__ import annotations

import contextlib
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.e2e.test_dashboard_browser import app_url, board, no_traceback, page, say, settle, visit  # noqa: F401

pytestmark = pytest.mark.e2e


def pick_intent(tab, name: str) -> None:
    box = tab.get_by_test_id("stSelectbox").filter(has_text="Intent").locator("input")
    option = tab.get_by_role("option", name=name, exact=True)
    for _ in range(3):  # a click that lands during a rerun can leave the list closed: open it again
        box.click()
        with contextlib.suppress(PlaywrightTimeout):
            option.wait_for(timeout=5_000)
            break
    option.click()
    time.sleep(1.0)  # let the rerun the pick starts begin before waiting for it to end
    settle(tab)


def test_the_chat_reads_the_intent_and_the_person_can_change_it(app_url, page):  # noqa: F811
    url, _db = app_url
    visit(page, url, "", "Chat")
    say(page, "I need some help with my account", 1)
    expect(board(page)).to_contain_text("not settled yet")
    expect(board(page)).to_contain_text("Decision: ask")
    page.get_by_text("Would you like to check the amount of money in your bank account or transfer money").first \
        .wait_for()

    say(page, "I want to send money", 2)
    expect(board(page)).to_contain_text("Decision: ask")
    say(page, "from my savings", 3)
    expect(board(page)).to_contain_text("Decision: ask")  # one fact of three: never a stop
    expect(board(page)).to_contain_text("TransferMoney")
    expect(board(page)).to_contain_text("recipient")

    pick_intent(page, "CheckBalance")
    page.get_by_text("Intent changed to CheckBalance").wait_for()
    say(page, "savings please", 4)
    expect(board(page)).to_contain_text("CheckBalance")
    expect(board(page)).not_to_contain_text("recipient")  # the checklist moved to the balance check
    expect(board(page)).to_contain_text("Decision: stop")
    no_traceback(page)
