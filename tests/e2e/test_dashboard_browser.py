"""The real dashboard in headless Chromium, every task a product manager does, on a fresh store.

Starts `streamlit run dashboard/app.py` on a free port over an empty temp store (the first start
records the embedded default), drives it with Playwright through Debian's chromium (never a
downloaded browser), in order: a transfer conversation to its summary, customer Markdown shown as
typed with no remote fetch, a review saved and the queue moved on, the bill at a slid and a typed
volume, a red-team and a contract run started from their pages, two tiers compared from the
default selection, a run started from Runs, a service without dialogues chosen. It takes a
screenshot of every page on the way. Screenshots go to a temp folder, so a test run leaves
the tree clean; with UPDATE_SCREENSHOTS=1 they replace the committed ones in docs/screenshots/ (the README shows them):

    UPDATE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/e2e
"""

from __future__ import annotations

import contextlib
import http.server
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from core.store import Store

pytestmark = pytest.mark.e2e

PROJECT = Path(__file__).resolve().parents[2]
UPDATE_SCREENSHOTS = os.environ.get("UPDATE_SCREENSHOTS") == "1"
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 20_000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"chromium is not installed at {CHROMIUM}: `apt-get install chromium` to run the browser test")


@contextlib.contextmanager
def dashboard(db: Path, sgd_dir: Path) -> Iterator[str]:
    """`streamlit run dashboard/app.py` on a free local port over the store `db`; yields its URL."""
    port = free_port()
    env = {**os.environ, "RUNS_DB": str(db), "SGD_DIR": str(sgd_dir)}
    env.pop("CHAT_INTAKE_BOOTSTRAP", None)
    log_path = db.with_name("streamlit.log")
    log = open(log_path, "w")  # noqa: SIM115 -- closed in the finally below, after the server stops
    # The console script, as `./dev dashboard` runs it: unlike `python -m`, it does not put the
    # project on sys.path, so a page opened by its own URL must still find `core`.
    streamlit = Path(sys.executable).with_name("streamlit")
    server = subprocess.Popen(
        [str(streamlit), "run", "dashboard/app.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=PROJECT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                if httpx.get(f"{url}/_stcore/health", timeout=1).text == "ok":
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None:
                pytest.fail(f"the dashboard did not start: {log_path.read_text()[-2000:]}")
            time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@pytest.fixture(scope="module")
def app_url(tmp_path_factory, sgd_dir, banks1) -> Iterator[tuple[str, Path]]:
    """One dashboard over a fresh, empty store: the tests below run in order, as a new user would.
    `banks1` has built the corpus into the session's case cache (tests/conftest.py), which the
    dashboard's process shares, so its first start records the default without building it cold."""
    need_chromium()
    db = tmp_path_factory.mktemp("e2e") / "runs.duckdb"
    with dashboard(db, sgd_dir) as url:
        yield url, db


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    """Where screenshots go: docs/screenshots only when asked (UPDATE_SCREENSHOTS=1), else a temp folder."""
    return PROJECT / "docs" / "screenshots" if UPDATE_SCREENSHOTS else tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def page(app_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        tab = browser.new_page(viewport={"width": 1400, "height": 1600})  # tall: the screenshots show whole pages
        tab.set_default_timeout(WAIT_MS)
        yield tab
        browser.close()


def visit(page, url: str, path: str, heading: str) -> None:
    page.goto(f"{url}/{path}")
    page.get_by_role("heading", name=heading).first.wait_for()
    page.wait_for_load_state("networkidle")
    settle(page)


def settle(page) -> None:
    """Wait until Streamlit has finished the current script run."""
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=WAIT_MS)


def shoot(page, shots: Path, name: str) -> None:
    shots.mkdir(parents=True, exist_ok=True)
    settle(page)
    time.sleep(1.0)  # a rerun that has just begun shows no status widget yet: let it start, then wait it out
    settle(page)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    assert (shots / f"{name}.png").stat().st_size > 0


def no_traceback(page) -> None:
    assert not page.get_by_test_id("stException").count()
    assert "Traceback" not in page.inner_text("body")


def board(page):
    """The checklist panel: intent, decision and the per-fact table."""
    return page.locator("[data-testid='stColumn']", has=page.get_by_role("heading", name="Checklist")).last


def say(page, text: str, number: int) -> None:
    said = page.get_by_test_id("stChatInputTextArea")
    said.fill(text)
    said.press("Enter")
    page.get_by_text(f"Evidence for turn {number}").wait_for()
    settle(page)


HITS: list[str] = []  # every request the loopback "tracking pixel" server received


class Pixel(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        HITS.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()

    def log_message(self, *args):
        pass


def test_first_start_on_an_empty_store_opens_with_content(app_url, page):
    url, db = app_url
    page.goto(f"{url}/")
    page.get_by_text("First start: recorded the floors and offline runs on Banks_1 held-out and sample.").wait_for(
        timeout=180_000)
    assert sorted(Store(db).runs()["kind"]) == ["eval", "eval", "floor", "floor", "floor"]


def test_a_transfer_conversation_ends_with_a_summary_and_a_closed_input(app_url, page, shots):
    url, db = app_url
    visit(page, url, "", "Chat")
    from playwright.sync_api import expect

    turns = [("I would like to transfer money", "ask"), ("from my checking account", "ask"),
             ("$200 to Peter", "stop")]
    for number, (text, decision) in enumerate(turns, start=1):
        say(page, text, number)
        expect(board(page)).to_contain_text(f"Decision: {decision}")
    summary = page.get_by_test_id("stText").filter(has_text="Amount of money to transfer: $200")
    expect(summary).to_contain_text("Account type: checking")
    expect(summary).to_contain_text("Account name of the recipient: Peter")
    page.get_by_text("Thank you, that is everything I need.").wait_for()
    expect(page.get_by_test_id("stChatInputTextArea")).to_be_disabled()  # the conversation has ended
    page.get_by_role("button", name="New conversation").wait_for()
    shoot(page, shots, "chat")
    # a reload keeps the conversation: it is in the store, named in the URL
    page.reload()
    page.get_by_text("Thank you, that is everything I need.").wait_for()
    assert Store(db).query("SELECT count(*) AS n FROM conversations")["n"].iloc[0] == 1
    no_traceback(page)


def test_customer_markdown_shows_as_typed_and_fetches_nothing(app_url, page):
    url, _db = app_url
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Pixel)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        pixel = f"![p](http://127.0.0.1:{server.server_address[1]}/pixel.png)"
        visit(page, url, "", "Chat")
        page.get_by_role("button", name="New conversation").click()
        settle(page)
        typed = [pixel, "~~$900~~", "# heading", "$$x$$"]
        for number, text in enumerate(typed, start=1):
            say(page, text, number)
        page.wait_for_load_state("networkidle")
        for text in typed:
            assert page.get_by_test_id("stText").filter(has_text=text).count(), text  # shown as typed
        assert not page.locator("[data-testid='stChatMessage'] img").count()
        assert not page.locator("[data-testid='stChatMessage'] del, [data-testid='stChatMessage'] h1").count()
        assert not page.locator("[data-testid='stChatMessage'] .katex").count()
        time.sleep(0.5)
        assert HITS == [], HITS  # the reviewer's browser loaded nothing the customer named
    finally:
        server.shutdown()
        server.server_close()


def test_a_review_is_saved_and_the_queue_moves_to_the_next_case(app_url, page, shots):
    url, db = app_url
    visit(page, url, "cases", "Cases")
    shoot(page, shots, "cases")
    page.get_by_role("tab", name="Review queue").click()
    queue = page.get_by_role("tabpanel", name="Review queue")
    queue.get_by_text(re.compile(r"Case 1 of \d+ in this run")).wait_for()
    first = queue.get_by_text(re.compile(r"Case 1 of \d+ in this run")).inner_text().split(": ")[-1]
    queue.get_by_test_id("stRadioGroup").get_by_text("grader too strict", exact=True).click()
    queue.get_by_label("Note").fill("browser review: gold still asks")
    queue.get_by_role("button", name="Save and next").click()
    queue.get_by_text(re.compile(r"Saved: grader too strict on .+ of run ")).wait_for()
    queue.get_by_text(re.compile(r"Case 2 of \d+ in this run")).wait_for()  # the queue moved on
    reviews = Store(db).reviews()
    assert list(reviews["verdict"]) == ["grader too strict"] and list(reviews["case_id"]) == [first]
    assert list(reviews["note"]) == ["browser review: gold still asks"]
    shoot(page, shots, "review")


def test_the_volume_slider_and_a_typed_volume_change_the_bill(app_url, page, shots):
    url, _db = app_url
    visit(page, url, "cost", "Cost at volume")
    bill = page.get_by_test_id("stMetricValue").first
    to_dollars = lambda text: float(text.strip().lstrip("$").replace(",", ""))  # noqa: E731
    before = to_dollars(bill.inner_text())
    thumb = page.get_by_test_id("stSliderThumbValue").first
    step_slider_to(page, 20_000)
    wait_for_bill(page, 2 * before)  # 10,000 -> 20,000 conversations a month
    assert thumb.inner_text() == "20,000"
    typed = page.get_by_label("or type any volume")
    # A rerun may leave the previous run's input on the page a moment beside the new one.
    page.wait_for_function("() => document.querySelectorAll('input[aria-label=\"or type any volume\"]').length === 1",
                           timeout=60_000, polling=250)
    typed.fill("2000000")
    typed.press("Enter")
    wait_for_bill(page, 200 * before)  # 2,000,000 a month: past the slider's end, and the slider left alone
    assert thumb.inner_text() == "20,000"
    typed.fill("")
    typed.press("Enter")
    wait_for_bill(page, 2 * before)  # the box cleared: the slider's volume again
    shoot(page, shots, "cost")


def step_slider_to(page, target: int) -> None:
    """Step the volume slider to `target` one key at a time (+/-1,000 a press): each press reruns the page, and a
    rerun may take the focus away, so a press that did not land is pressed again rather than counted."""
    thumb = page.get_by_test_id("stSliderThumbValue").first
    label = f"{target:,}"
    deadline = time.monotonic() + 120
    while thumb.inner_text() != label and time.monotonic() < deadline:
        shown = thumb.inner_text()
        slider = page.get_by_role("slider").first
        slider.focus()
        slider.press("ArrowRight" if int(shown.replace(",", "")) < target else "ArrowLeft")  # never overshoot
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function("(shown) => document.querySelector('[data-testid=\"stSliderThumbValue\"]')"
                                   ".innerText !== shown", arg=shown, timeout=5_000, polling=100)
    page.wait_for_function("(label) => document.querySelector('[data-testid=\"stSliderThumbValue\"]').innerText"
                           " === label", arg=label, timeout=60_000, polling=250)


def wait_for_bill(page, expected: float, timeout: int = 60_000) -> None:
    page.wait_for_function(  # each change reruns the page; wait for the last one to land
        """(expected) => {
            const text = document.querySelector('[data-testid="stMetricValue"]').innerText;
            const value = parseFloat(text.replace(/[$,\\s]/g, ''));
            return Math.abs(value - expected) <= 0.011 + expected * 1e-3;
        }""", arg=expected, timeout=timeout, polling=250)  # an interval, not animation frames


def test_a_red_team_run_is_started_from_its_page(app_url, page, shots):
    url, db = app_url
    visit(page, url, "redteam", "Red team")
    form = page.get_by_test_id("stForm")
    attempts = form.get_by_label("Attempts per attack")
    attempts.fill("1")
    attempts.press("Tab")
    form.get_by_role("button", name="Start red-team run").click()
    page.get_by_text(re.compile(r"red team on offline, 1 attempt\(s\) per attack: finished, run r")).wait_for(
        timeout=180_000)
    page.get_by_role("heading", name="Verdict per attack").wait_for()
    assert len(Store(db).runs("redteam")) == 1
    no_traceback(page)
    shoot(page, shots, "redteam")


def test_the_contract_is_checked_from_its_page(app_url, page, shots):
    url, db = app_url
    visit(page, url, "contract", "Answer contract")
    page.get_by_role("button", name="Check the contract against its fixtures now").click()
    page.get_by_text(re.compile(r"the contract against its fixtures: finished, run r")).wait_for(timeout=120_000)
    page.get_by_text("Every fixture got the verdict it was written for.").wait_for()
    assert len(Store(db).runs("contract")) == 1
    shoot(page, shots, "contract")


def test_two_tiers_compared_from_the_default_selection_with_a_plain_verdict(app_url, page, shots):
    url, _db = app_url
    visit(page, url, "compare", "Compare two runs")
    page.get_by_role("heading", name=re.compile(r"^(A|B) is right on [\d,]+ more cases?; p [<=] ")).wait_for()
    page.get_by_role("heading", name=re.compile(r"Cases where they disagree")).wait_for()
    no_traceback(page)
    shoot(page, shots, "compare")


def test_a_run_started_from_the_runs_page_finishes_on_its_own(app_url, page, shots):
    url, db = app_url
    visit(page, url, "runs", "Runs")
    before = len(Store(db).runs("eval"))  # counted once the page is up: a fresh store gets its default runs first
    page.get_by_text("Start a run").click()
    settle(page)
    started = page.get_by_text(re.compile(r"offline on Banks_1 held-out \(concurrency 1\): "))
    for _ in range(3):  # a click that lands during a rerun may be lost: press again until the run shows
        page.get_by_test_id("stForm").get_by_role("button", name="Start run").click()
        with contextlib.suppress(PlaywrightTimeout):
            started.first.wait_for(timeout=15_000)
            break
        if len(Store(db).runs("eval")) > before:
            break  # the click was not lost: the run is recorded, only slow to show on a cold page
    # nobody touches the page: the progress fragment polls until the run is recorded
    page.get_by_text(re.compile(r"offline on Banks_1 held-out \(concurrency 1\): finished, run r")).wait_for(
        timeout=180_000)
    runs = Store(db).runs("eval")
    assert len(runs) == before + 1 and runs.iloc[0]["split"] == "held-out" and runs.iloc[0]["status"] == "finished"
    page.get_by_role("heading", name="Watched metrics within a comparable group").wait_for()
    no_traceback(page)
    shoot(page, shots, "runs")


def test_a_service_without_dialogues_is_chosen_without_a_traceback(app_url, page, sgd_dir):
    from core.availability import has_dialogues_of
    from core.sgd_source import load_schema

    splits = [split for split in ("train", "dev", "test") if (sgd_dir / split / "schema.json").exists()]
    names = sorted({entry["service_name"] for split in splits for entry in load_schema(sgd_dir, split)})
    without = [n for n in names if not has_dialogues_of(sgd_dir, n)]
    if not without:
        pytest.skip("every service of the local SGD copy has dialogues")
    url, _db = app_url
    visit(page, url, "", "Chat")
    page.get_by_text("Also list services without local dialogues").click()
    time.sleep(1.0)  # let the rerun the switch starts begin before waiting for it to end
    settle(page)
    box = page.get_by_test_id("stSelectbox").filter(has_text="Service").locator("input")
    option = page.get_by_role("option", name=f"{without[0]} — no dialogues here")
    for _ in range(3):  # a click that lands during a rerun can leave the list closed: open it again
        box.click()
        box.fill(without[0])  # the list is long: type to filter it
        with contextlib.suppress(PlaywrightTimeout):
            option.wait_for(timeout=5_000)
            break
    option.click()
    settle(page)
    page.get_by_text(f"{without[0]} has no dialogues on this machine").wait_for()
    no_traceback(page)


def test_a_case_link_opens_its_drill_down(app_url, page):
    url, db = app_url
    early = Store(db).query("SELECT run_id, case_id FROM cases WHERE stopped_early ORDER BY case_id DESC LIMIT 1")
    run_id, case_id = early["run_id"].iloc[0], early["case_id"].iloc[0]
    visit(page, url, f"cases?run={quote(run_id)}&case={quote(case_id)}", "Cases")
    page.get_by_role("heading", name=f"Case {case_id}").first.wait_for()
    assert page.get_by_text(f"Run {run_id} · intent").first.is_visible()


def test_the_generality_page_offers_its_report_when_none_is_recorded(app_url, page):
    url, db = app_url
    assert Store(db).runs("generality").empty  # a whole-folder report takes minutes: not started here
    visit(page, url, "generality", "Generality")
    page.get_by_role("button", name="Measure every service now").wait_for()
    page.get_by_text(re.compile(r"-m evals report --db ")).first.wait_for()
    no_traceback(page)
