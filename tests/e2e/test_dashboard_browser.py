"""The real dashboard in headless Chromium: chat to a stop, a review saved, a cost slider moved.

Starts `streamlit run dashboard/app.py` on a free port over a temp store, drives it with
Playwright through Debian's chromium (never a downloaded browser), and takes a screenshot of
every page. Screenshots go to a temp folder, so a test run leaves the tree clean; with
UPDATE_SCREENSHOTS=1 they replace the committed ones in docs/screenshots/ (the README shows them):

    UPDATE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/e2e
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from core.store import Store
from tests.dashboard_store import filled_store, record_command

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
def app_url(tmp_path_factory, banks1, sgd_dir) -> Iterator[tuple[str, Path]]:
    need_chromium()
    db = tmp_path_factory.mktemp("e2e") / "runs.duckdb"
    filled_store(db, banks1, sgd_dir)
    record_command(["gold-check", "--services", "Banks_1", "Payment_1", "--sgd", str(sgd_dir), "--db", str(db)])
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
        tab = browser.new_page(viewport={"width": 1400, "height": 1500})
        tab.set_default_timeout(WAIT_MS)
        yield tab
        browser.close()


def visit(page, url: str, path: str, heading: str) -> None:
    page.goto(f"{url}/{path}")
    page.get_by_role("heading", name=heading).first.wait_for()
    page.wait_for_load_state("networkidle")


def settle(page) -> None:
    """Wait until Streamlit has finished the current script run."""
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=WAIT_MS)


def shoot(page, shots: Path, name: str) -> None:
    shots.mkdir(parents=True, exist_ok=True)
    settle(page)
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    assert (shots / f"{name}.png").stat().st_size > 0


def board(page):
    """The checklist panel: intent, decision and the per-fact table."""
    return page.locator("[data-testid='stColumn']", has=page.get_by_role("heading", name="Checklist")).last


def test_chat_transfer_over_three_turns_stops(app_url, page, shots):
    url, _db = app_url
    visit(page, url, "", "Chat")
    from playwright.sync_api import expect

    said = page.get_by_test_id("stChatInputTextArea")
    missing = board(page).get_by_role("cell", name="— missing —")
    turns = [("I would like to transfer money", "ask", 3), ("from my checking account", "ask", 2),
             ("$200 to Peter", "stop", 0)]
    for number, (text, decision, still_missing) in enumerate(turns, start=1):
        said.fill(text)
        said.press("Enter")
        page.get_by_text(f"Evidence for turn {number}").wait_for()
        expect(board(page)).to_contain_text(f"Decision: {decision}")
        expect(missing).to_have_count(still_missing)
    final = board(page).inner_text()
    assert "checking" in final and "$200" in final and "Peter" in final
    page.get_by_text("Stop: every required fact is collected.").wait_for()
    shoot(page, shots, "chat")


def test_open_a_stopped_early_case_and_save_a_review(app_url, page, shots):
    url, db = app_url
    visit(page, url, "cases", "Cases")
    shoot(page, shots, "cases")
    page.get_by_role("tab", name="Review queue").click()
    queue = page.get_by_role("tabpanel", name="Review queue")
    queue.get_by_text("stopped early").first.wait_for()  # the drill-down of the case under review
    queue.get_by_text("grader too strict").click()
    queue.get_by_label("Note").fill("browser review: gold still asks")
    queue.get_by_role("button", name="Save review").click()
    queue.get_by_text(re.compile(r"Saved: grader too strict on .+ of run ")).wait_for()
    reviews = Store(db).reviews()
    assert list(reviews["verdict"]) == ["grader too strict"]
    assert list(reviews["note"]) == ["browser review: gold still asks"]
    shoot(page, shots, "review")


def test_cost_slider_changes_the_bill(app_url, page, shots):
    url, _db = app_url
    visit(page, url, "cost", "Cost at volume")
    bill = page.get_by_test_id("stMetricValue").first
    before = bill.inner_text()
    slider = page.get_by_role("slider").first
    slider.focus()
    for _ in range(10):
        slider.press("ArrowRight")  # +10 × 1,000 conversations a month
    to_dollars = lambda text: float(text.strip().lstrip("$").replace(",", ""))  # noqa: E731
    expected = 2 * to_dollars(before)  # 10,000 -> 20,000 conversations a month
    page.wait_for_function(  # each key press reruns the page; wait for the last one to land
        """(expected) => {
            const text = document.querySelector('[data-testid="stMetricValue"]').innerText;
            const value = parseFloat(text.replace(/[$,\\s]/g, ''));
            return Math.abs(value - expected) <= 0.011 + expected * 1e-3;
        }""", arg=expected)
    assert page.get_by_test_id("stSliderThumbValue").first.inner_text().replace(",", "") == "20000"
    assert to_dollars(bill.inner_text()) == pytest.approx(expected, rel=1e-3, abs=0.011)
    shoot(page, shots, "cost")


@pytest.mark.parametrize(("path", "heading", "reads"), [
    ("runs", "Runs", "Bands and deviations"), ("compare", "Compare two runs", "Cases where they disagree"),
    ("redteam", "Red team", "Verdict per attack"), ("contract", "Answer contract", "False positives on gold")])
def test_screenshot_of_every_other_page(app_url, page, shots, path, heading, reads):
    url, _db = app_url
    visit(page, url, path, heading)
    page.get_by_role("heading", name=reads).first.wait_for()
    assert not page.get_by_test_id("stException").count()
    shoot(page, shots, path)


def test_a_case_link_opens_its_drill_down(app_url, page):
    url, db = app_url
    early = Store(db).query("SELECT run_id, case_id FROM cases WHERE stopped_early ORDER BY case_id DESC LIMIT 1")
    run_id, case_id = early["run_id"].iloc[0], early["case_id"].iloc[0]
    visit(page, url, f"cases?run={quote(run_id)}&case={quote(case_id)}", "Cases")
    page.get_by_role("heading", name=f"Case {case_id}").first.wait_for()
    assert page.get_by_text(f"Run {run_id} · intent").first.is_visible()


def test_first_start_on_an_empty_store_opens_with_content(tmp_path, sgd_dir, page):
    db = tmp_path / "runs.duckdb"
    with dashboard(db, sgd_dir) as url:
        page.goto(f"{url}/")
        page.get_by_text("First start: recorded the floors and offline runs on Banks_1 held-out and sample.").wait_for(
            timeout=60_000)
        visit(page, url, "runs", "Runs")
        page.get_by_text("Group 1: offline · eval · Banks_1 sample · 1 run(s)").wait_for()
    assert sorted(Store(db).runs()["kind"]) == ["eval", "eval", "floor", "floor", "floor"]


def test_a_run_started_from_the_runs_page_finishes_on_its_own(app_url, page):
    url, db = app_url
    before = len(Store(db).runs("eval"))
    visit(page, url, "runs", "Runs")
    page.get_by_text("Start a run").click()
    settle(page)
    form = page.get_by_test_id("stForm")
    split = form.get_by_test_id("stSelectbox").filter(has_text="Split").locator("input")
    option = page.get_by_role("option", name="all", exact=True)
    for _ in range(3):  # a click that lands during a rerun can leave the list closed: open it again
        split.click()
        with contextlib.suppress(PlaywrightTimeout):
            option.wait_for(timeout=5_000)
            break
    option.click()
    form.get_by_role("button", name="Start run").click()
    # nobody touches the page: the progress fragment polls until the run is recorded
    page.get_by_text(re.compile(r"offline on Banks_1 all \(concurrency 1\): finished, run r")).wait_for(timeout=90_000)
    runs = Store(db).runs("eval")
    assert len(runs) == before + 1 and runs.iloc[0]["split"] == "all" and runs.iloc[0]["status"] == "finished"
