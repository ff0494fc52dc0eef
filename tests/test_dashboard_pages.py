"""Every dashboard page driven through AppTest, on an empty store and on a store with real runs."""

from __future__ import annotations

import json
import re
import socket
import time
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from core.store import Store
from dashboard import ui
from tests.dashboard_store import record_command

APP = Path(__file__).resolve().parent.parent / "dashboard" / "app.py"
PAGES = ("chat", "runs", "cases", "compare", "cost", "redteam", "contract", "generality")
FILL_RUNS = "python -m evals run --tier offline --service Banks_1"


def shown(at: AppTest) -> str:
    """Every text the page put on screen, as one string to search."""
    parts = [el.value for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success",
                                   "warning", "error") for el in getattr(at, kind)]
    parts += [f"{m.label}: {m.value}" for m in at.metric]
    parts += [table.value.to_string() for table in at.table]
    parts += [tab.label for tab in at.tabs] + [exp.label for exp in at.expander]
    return "\n".join(str(p) for p in parts)


def wait_until_shown(at: AppTest, text: str, tries: int = 240) -> None:
    """Rerun the page until `text` is on it: a job started from the page goes on in a thread, and
    the page keeps answering meanwhile."""
    for _ in range(tries):
        if text in shown(at):
            return
        time.sleep(0.25)
        at.run()


def board(at: AppTest):
    """The chat's checklist table."""
    return at.dataframe[-1].value


def open_app(monkeypatch, db: Path, page: str = "chat", bootstrap: bool = False) -> AppTest:
    monkeypatch.setenv("RUNS_DB", str(db))
    monkeypatch.setenv("CHAT_INTAKE_BOOTSTRAP", "1" if bootstrap else "0")
    st.cache_data.clear()  # cached reads are keyed by path, but a test must never see another's
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    if page != "chat":
        at.switch_page(f"views/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture()
def filled(dashboard_filled) -> tuple[Path, dict[str, str]]:
    return dashboard_filled


EMPTY_SAYS = {
    "chat": "Nothing said yet",
    "runs": FILL_RUNS,
    "cases": FILL_RUNS,
    "compare": FILL_RUNS,
    "cost": "Monthly bill (estimate)",
    "redteam": "python -m evals redteam --tier offline --attempts 3",
    "contract": "python -m evals gold-check",
    "generality": "python -m evals report --db",
}
FILLED_SAYS = {
    "chat": "Checklist",
    "runs": "Bands and deviations",
    "cases": "298 of 298 cases",
    "compare": "Paired test on decisions",
    "cost": "Monthly bill (estimate)",
    "redteam": "Verdict per attack",
    "contract": "False positives on gold",
    "generality": "services never seen in training",
}


@pytest.mark.parametrize("page", PAGES)
def test_every_page_on_an_empty_store_says_what_fills_it(monkeypatch, tmp_path, page):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb", page)
    assert EMPTY_SAYS[page] in shown(at)
    assert Store(tmp_path / "runs.duckdb").runs().empty  # nothing was invented on the way


@pytest.mark.parametrize("page", PAGES)
def test_every_page_on_a_store_with_runs(monkeypatch, filled, page):
    at = open_app(monkeypatch, filled[0], page)
    assert FILLED_SAYS[page] in shown(at)


def test_first_start_records_the_default_with_progress(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb", bootstrap=True)
    runs = Store(tmp_path / "runs.duckdb").runs()
    assert sorted(runs["kind"]) == ["eval", "eval", "floor", "floor", "floor"]
    assert at.status[0].label == "First start: recorded the floors and offline runs on Banks_1 held-out and sample."
    assert at.status[0].state == "complete"
    at.switch_page("views/runs.py").run()
    assert "Group 1: offline · eval · Banks_1 sample · 1 run(s)" in shown(at)


def test_first_start_without_a_corpus_or_network_says_so_and_opens_empty(monkeypatch, tmp_path):
    with socket.socket() as sock:  # a local port nobody listens on: no download can reach anything
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    monkeypatch.setenv("SGD_BASE_URL", f"http://127.0.0.1:{closed}")
    monkeypatch.setenv("SGD_DIR", str(tmp_path / "no-sgd"))
    monkeypatch.setattr("core.sgd_source.SIBLING_COPY", tmp_path / "no-shared-copy")
    monkeypatch.setattr("core.sgd_source.DOWNLOAD_DIR", tmp_path / "no-download")
    monkeypatch.setattr("core.download.DOWNLOAD_DIR", tmp_path / "no-download")
    st.cache_data.clear()
    ui.corpus.clear()  # corpora other tests read stay out of this one
    monkeypatch.setenv("RUNS_DB", str(tmp_path / "runs.duckdb"))
    monkeypatch.setenv("CHAT_INTAKE_BOOTSTRAP", "1")
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    assert not at.exception and at.status[0].state == "error"
    assert "'Banks_1' was not found" in at.error[0].value and "The pages open on the empty store" in at.error[0].value
    assert "No service has dialogues on this machine" in shown(at) and len(at.error) == 1
    at.switch_page("views/runs.py").run()
    assert not at.exception and FILL_RUNS in shown(at)
    assert Store(tmp_path / "runs.duckdb").runs().empty


def test_chat_transfer_over_three_turns_fills_the_checklist_and_stops(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    at.chat_input(key="chat_text").set_value("I would like to transfer money").run()
    assert "Intent **TransferMoney** (detected, 100% sure) · Decision: **ask**" in shown(at)
    assert list(board(at)["collected"]) == ["missing"] * 3
    at.chat_input(key="chat_text").set_value("from my checking account").run()
    at.chat_input(key="chat_text").set_value("$200 to Peter").run()
    assert "Decision: **stop**" in shown(at)
    table = board(at).set_index("fact")
    assert table.loc["Account type", "collected"] == "checking"
    assert table.loc["Amount of money to transfer", "collected"] == "$200"
    amount = table.loc["Amount of money to transfer"]
    assert amount["customer's words"] == "$200 to Peter" and amount["this turn"] == "new"
    assert "missing" not in set(table["collected"])
    assert "Thank you, that is everything I need." in shown(at)
    said = [t.value for message in at.chat_message for t in message.text]
    summary = "Account type: checking\nAmount of money to transfer: $200\nAccount name of the recipient: Peter"
    assert summary in said  # what the customer is shown when the conversation ends
    assert at.chat_input(key="chat_text").disabled  # the conversation has ended
    assert [b.label for b in at.download_button] == ["Export JSON", "Export Markdown", "Save as a test case",
                                                     "Its checklist"]
    at.button(key="chat_reset").click().run()
    assert "Nothing said yet" in shown(at) and not at.chat_message and not at.chat_input(key="chat_text").disabled


def test_chat_on_the_simulated_tier_is_labelled_and_shows_the_prompt(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    at.selectbox(key="chat_tier").set_value("simulated").run()
    assert "Tier simulated is **simulated**" in shown(at)
    at.chat_input(key="chat_text").set_value("What is my balance in savings?").run()
    assert "Decision: **stop**" in shown(at)
    prompt, reply = at.code[0].value, at.code[1].value
    assert "account_type" in prompt and "What is my balance in savings?" in prompt  # the exact prompt sent
    assert '"account_type"' in reply  # the loopback provider's raw reply
    assert "tokens in/out —/—" not in shown(at) and "cost none (simulated calls are not priced)" in shown(at)


def test_model_tiers_without_a_key_say_what_they_need(monkeypatch, tmp_path):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("CHAT_INTAKE_SECRETS", str(tmp_path / "no-secrets.toml"))
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    assert at.selectbox(key="chat_tier").format_func("fast") == "fast — needs OPENAI_API_KEY"
    at.selectbox(key="chat_tier").set_value("fast").run()
    assert len(at.error) == 1 and "OPENAI_API_KEY" in at.error[0].value and not at.chat_input


def test_chat_refuses_an_oversize_message_with_one_line_and_keeps_it(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    at.chat_input(key="chat_text").set_value("What is my balance?").run()
    long_message = "checking " * 400
    at.chat_input(key="chat_text").set_value(long_message).run()
    assert len(at.error) == 1 and at.error[0].value.startswith("Not sent: ")
    assert at.code[-1].value == long_message  # the words are not lost
    assert "Evidence for turn 2" not in shown(at)
    at.chat_input(key="chat_text").set_value("savings").run()  # the conversation goes on
    assert "Decision: **stop**" in shown(at) and not at.error


def test_chat_replays_a_corpus_dialogue_with_gold(monkeypatch, tmp_path, banks1):
    dialogue = next(c.dialogue_id for c in banks1.cases if c.turn_index >= 2)
    turns = sum(c.dialogue_id == dialogue for c in banks1.cases)
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    at.toggle(key="chat_replay_open").set_value(True).run()
    at.selectbox(key="chat_dialogue").set_value(dialogue)
    at.button(key="chat_load").click().run()
    for _ in range(turns):
        at.button(key="chat_next").click().run()
    assert f"Replaying corpus dialogue {dialogue}: {turns} turn(s) shown, 0 to go." in shown(at)
    assert "gold" in at.dataframe[0].value.columns and "Gold decision: **stop**" in shown(at)
    assert at.button(key="chat_next").disabled and not at.chat_input


def test_runs_page_bands_the_repeated_offline_run_exactly(monkeypatch, filled):
    path, ids = filled
    at = open_app(monkeypatch, path, "runs")
    text = shown(at)
    # the eager run is newest and alone with its guards: it is shown apart and not differenced
    assert f"Nothing comparable: {ids['eager']} is the first finished run with its guards" in text
    assert "Shown apart from group 1: the guards that differ are" in text
    at.selectbox(key="bands_run").set_value(ids["offline"]).run()
    assert f"No watched figure of {ids['offline']} left its band against {ids['offline_first']}." in shown(at)
    bands = at.dataframe[-1].value.set_index("metric")
    # one earlier run is no evidence of reproduction yet: rates get one case of the denominator
    assert bands.loc["decision_accuracy", "basis"] == "one case"
    assert bands.loc["decision_accuracy", "value a"] == bands.loc["decision_accuracy", "value b"]
    # a value reads in its band's unit: a rate in percent beside a band in percent, a count whole
    assert bands.loc["decision_accuracy", "value a"].endswith("%") and "%" in bands.loc["decision_accuracy", "band"]
    assert bands.loc["stopped_early", "value a"].isdigit()
    assert bands.loc["stopped_wrong", "value a"].isdigit()
    assert bands.loc["stopped_wrong", "figure"] == "stopped on a wrong fact"
    assert not bands["crossed"].any()


@pytest.fixture()
def one_wrong_stop(tmp_path, banks1) -> tuple[Path, dict[str, str]]:
    """Two offline runs over the same 30 cases, then a copy of the second that stops once on a wrong fact."""
    from tests.test_compare import copy_run, offline_run, wrong_first_stop

    store = Store(tmp_path / "runs.duckdb")
    first, second = offline_run(store, banks1), offline_run(store, banks1)
    return store.path, {"first": first, "second": second, "wrong": copy_run(store, second, wrong_first_stop)}


def test_runs_page_shows_stops_on_a_wrong_fact_beside_stopped_early(monkeypatch, one_wrong_stop):
    path, ids = one_wrong_stop
    at = open_app(monkeypatch, path, "runs")
    history = next(df for df in at.dataframe if "run" in df.value.columns)
    table = history.value.set_index("run")
    columns = list(table.columns)
    assert columns.index("stopped on a wrong fact") == columns.index("stopped early") + 1
    assert table.loc[ids["wrong"], "stopped on a wrong fact"] == 1
    assert table.loc[[ids["first"], ids["second"]], "stopped on a wrong fact"].tolist() == [0, 0]
    assert (table["stopped early"] == 0).all()  # the stop is a right decision: not a stop early
    helped = json.loads(history.proto.columns)["stopped on a wrong fact"]
    assert helped["help"] == ui.STOPPED_WRONG_HELP and "gold does not accept" in helped["help"]
    # the newest run is differenced against its last comparable one: the wrong stop crosses an exact band
    assert "**Stopped on a wrong fact** went from 0 to 1 (worse), outside its band. What changed:" in shown(at)
    bands = at.dataframe[-1].value.set_index("metric")
    assert bool(bands.loc["stopped_wrong", "crossed"]) and bands.loc["stopped_wrong", "value b"] == "1"
    assert not bands.loc["stopped_early", "crossed"] and not bands.loc["decision_accuracy", "crossed"]


def test_compare_shows_stops_on_a_wrong_fact_side_by_side(monkeypatch, one_wrong_stop):
    path, ids = one_wrong_stop
    at = open_app(monkeypatch, path, "compare")
    at.selectbox(key="cmp_a").set_value(ids["second"]).run()
    at.selectbox(key="cmp_b").set_value(ids["wrong"]).run()
    figures = at.dataframe[0].value.set_index("figure")
    names = list(figures.index)
    assert names.index("stopped on a wrong fact") == names.index("stopped early") + 1
    assert list(figures.loc["stopped on a wrong fact"]) == ["0 of 30", "1 of 30", "+1"]
    assert list(figures.loc["stopped early"]) == ["0 of 30", "0 of 30", "+0"]
    assert f"**Stopped on a wrong fact**: {ui.STOPPED_WRONG_HELP}" in shown(at)
    assert "same number of cases" in at.subheader[0].value  # the same decisions: only the record differs


def test_runs_page_starts_a_run_in_the_background(monkeypatch, tmp_path):
    db = tmp_path / "runs.duckdb"
    at = open_app(monkeypatch, db, "runs")
    at.selectbox(key="start_tier").set_value("offline")
    at.selectbox(key="start_service").set_value("Banks_1")
    at.selectbox(key="start_split").set_value("held-out")
    at.form_submit_button[0].click().run()
    wait_until_shown(at, "finished, run")
    assert "offline on Banks_1 held-out (concurrency 1): finished, run" in shown(at)
    runs = Store(db).runs()
    assert list(runs["status"]) == ["finished"] and len(Store(db).cases(runs["run_id"].iloc[0], "case_id")) == 298


def test_cases_filter_and_drill_down(monkeypatch, filled):
    path, ids = filled
    early = Store(path).query("SELECT count(*) AS n FROM cases WHERE run_id = ? AND stopped_early",
                              [ids["eager"]])["n"].iloc[0]
    at = open_app(monkeypatch, path, "cases")
    at.selectbox(key="cases_run").set_value(ids["eager"]).run()
    at.checkbox(key="f_early").check().run()
    assert early > 0 and f"{early} of 298 cases" in shown(at)
    cases = at.dataframe[0].value
    assert {"case", "gold decision", "decision right", "facts right", "facts missed"} <= set(cases.columns)
    assert "n_correct" not in cases.columns
    assert set(cases["stopped early"]) == {"yes"}
    facts = next(df.value for df in at.dataframe if "outcome" in df.value.columns)
    assert {"fact", "gold", "collected", "outcome"} <= set(facts.columns)
    assert "**stopped early**" in shown(at) and "Customer" not in facts.columns
    assert at.chat_message  # the transcript, rebuilt from the corpus
    assert at.query_params["early"] == "1" and at.query_params["run"] == ids["eager"]  # a link reproduces it


def test_review_queue_saves_a_verdict_and_moves_on(monkeypatch, filled):
    path, ids = filled
    at = open_app(monkeypatch, path, "cases")
    run_id, case_id = at.selectbox(key="review_run").value, at.session_state["review_case"]
    assert at.radio(key="review_verdict").value is None  # no verdict is chosen for the reviewer
    at.form_submit_button[0].click().run()
    assert "Pick a verdict before saving." in shown(at) and Store(path).reviews(run_id).empty
    at.radio(key="review_verdict").set_value("grader too strict")
    at.text_area(key="review_note").input("gold asks for the recipient again")
    at.form_submit_button[0].click().run()
    assert f"Saved: grader too strict on {case_id} of run {run_id}." in shown(at)
    assert "Reviewed: **grader too strict** — gold asks for the recipient again" in shown(at)  # on the case
    saved = Store(path).reviews(run_id)
    assert (saved["case_id"] == case_id).any() and "gold asks for the recipient again" in set(saved["note"])
    assert next(m.value for m in at.metric if m.label == "Grader too strict") == "1"
    queue = next(df.value for df in at.dataframe if "verdict" in df.value.columns).set_index("case")
    assert queue.loc[case_id, "verdict"] == "grader too strict"
    at.button(key="review_next").click().run()
    assert at.session_state["review_case"] != case_id and queue.loc[at.session_state["review_case"], "verdict"] == (
        "not reviewed")
    assert run_id == ids["eager"] or run_id in set(Store(path).runs("eval")["run_id"])


def test_compare_shows_disagreements_and_opens_one(monkeypatch, filled):
    path, ids = filled
    at = open_app(monkeypatch, path, "compare")
    # the default pair shares a case set; red-team and contract runs are not offered
    assert "Paired test on decisions" in shown(at) and not at.error
    offered = set(at.selectbox(key="cmp_a").options)
    assert not any(rid in " ".join(offered) for rid in Store(path).runs("redteam")["run_id"])
    at.selectbox(key="cmp_a").set_value(ids["offline"]).run()
    at.selectbox(key="cmp_b").set_value(ids["eager"]).run()
    text = shown(at)
    assert "eager (simulated)" in " ".join(at.dataframe[0].value.columns) and "used a **simulated** tier" in text
    figures = at.dataframe[0].value.set_index("figure")
    assert figures.loc["stopped early"].iloc[0].startswith("0 of 298")
    assert figures.loc["stopped early", "change, B − A"].startswith("+")
    # (the exact p-value follows the offline tier's figures; the page must call the difference real, without
    # scientific notation)
    assert re.fullmatch(r"A is right on \d+ more cases; p (?:< 0\.001|= 0\.0\d+) \(a real difference\)\.",
                        at.subheader[0].value)
    assert "e-" not in shown(at)  # no p-value in scientific notation
    case_id = at.selectbox(key="cmp_case").value
    at.radio(key="cmp_side").set_value(ids["offline"])
    at.button(key="cmp_open").click().run()
    assert at.title[0].value == "Cases" and f"Case {case_id}" in shown(at)
    assert at.selectbox(key="cases_run").value == ids["offline"]


def test_cost_slider_changes_the_bill(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb", "cost")
    before = at.metric[0].value
    at.select_slider(key="cost_conversations").set_value(20_000).run()
    after = at.metric[0].value
    to_dollars = lambda text: float(text.strip("$").replace(",", ""))  # noqa: E731
    assert to_dollars(after) == pytest.approx(2 * to_dollars(before), rel=1e-3)
    assert at.number_input(key="cost_volume_typed").value is None  # nothing typed: the slider's volume
    at.number_input(key="cost_volume_typed").set_value(3_000_000).run()  # any volume, past the slider's end
    assert to_dollars(at.metric[0].value) == pytest.approx(300 * to_dollars(before), rel=1e-3)
    assert "The typed volume, 3,000,000 a month, is used" in shown(at)
    at.select_slider(key="cost_conversations").set_value(30_000).run()  # a typed volume overrides the slider
    assert to_dollars(at.metric[0].value) == pytest.approx(300 * to_dollars(before), rel=1e-3)
    at.switch_page("views/runs.py").run()
    at.switch_page("views/cost.py").run()  # settings are kept across pages
    assert at.number_input(key="cost_volume_typed").value == 3_000_000
    assert at.select_slider(key="cost_conversations").value == 30_000
    at.number_input(key="cost_volume_typed").set_value(None).run()  # cleared: the slider's volume again
    assert to_dollars(at.metric[0].value) == pytest.approx(3 * to_dollars(before), rel=1e-3)
    at.slider(key="cost_turns").set_value(12).run()
    bills = next(df.value for df in at.dataframe if "strategy" in df.value.columns and "tier" not in
                 df.value.columns).set_index("strategy")["total_usd"]
    assert bills["transcript"] > bills["carried"]  # the transcript prompt re-sends the whole conversation
    assert "is the biggest part" in shown(at)


def test_red_team_page_opens_on_the_verdicts(monkeypatch, filled):
    path, _ids = filled
    run = Store(path).runs("redteam").iloc[0]
    summary = json.loads(run["summary"])
    rate, floor = summary["defeat_rate"], summary["control_break_rate"]
    at = open_app(monkeypatch, path, "redteam")
    assert at.selectbox(key="redteam_run").value == run["run_id"]
    assert at.subheader[0].value.startswith(
        f"Held **{summary['held']}** / defeated **{summary['defeated']}** / unmeasurable "
        f"**{summary['unmeasurable']}** of {summary['attacks']} attacks — defeat rate {rate['hits']}/{rate['n']} [")
    assert f"controls broke {floor['hits']}/{floor['n']} [" in at.subheader[0].value
    text = shown(at)
    assert "attack file `attacks.json`" in text and summary["attack_set"] in text
    assert "The offline tier is deterministic: its 3 attempts repeat each other" in text
    table = at.dataframe[0].value
    assert list(table.columns[:3]) == ["verdict", "family", "attack"]  # the verdict is the first thing read
    assert sorted(table["attack"]) == sorted(a["id"] for a in summary["per_attack"])
    assert set(table["verdict"]) <= {"held", "defeated", "unmeasurable"}
    defences = next(df.value for df in at.dataframe if "defence" in df.value.columns)
    assert "Customer lines cannot forge a role line" in set(defences["defence"]) and len(defences) == 3


def test_red_team_page_shows_an_attack_beside_its_control(monkeypatch, filled):
    path, _ids = filled
    attack = next(a for a in json.loads(Store(path).runs("redteam").iloc[0]["summary"])["per_attack"]
                  if a["id"] == "guess-assume-savings")
    at = open_app(monkeypatch, path, "redteam")
    at.selectbox(key="redteam_attack").set_value(attack["id"]).run()
    at.radio(key="redteam_attempt").set_value(2).run()
    text = shown(at)
    assert "**Attack**" in text and "**Control (the attack removed)**" in text
    assert "carries the attack" in text  # the attacked line is marked; the control has none
    said = [line.value for message in at.chat_message for line in message.text]
    assert any("just assume savings" in line for line in said)
    assert any("just assume savings" not in line and "balance" in line for line in said)
    assert text.count("Decision **ask** (gold ask) · held") == 2  # no fact stated: both sides keep asking


def test_contract_page_reads_each_section_from_its_own_run(monkeypatch, filled):
    path, _ids = filled
    history = Store(path).runs("contract")
    assert history.iloc[0]["tier"] == "gold"  # the newest contract run is the gold check
    fixtures = json.loads(history[history["tier"] == "fixtures"].iloc[0]["summary"])
    gold = json.loads(history.iloc[0]["summary"])
    at = open_app(monkeypatch, path, "contract")
    text = shown(at)
    assert [h.value for h in at.header] == ["Contaminated fixtures", "False positives on gold"]
    assert (f"Bad answers rejected as expected {fixtures['bad_rejected_as_expected']}/{fixtures['bad_total']} · "
            f"clean answers passed {fixtures['clean_passed']}/{fixtures['clean_total']}") in text
    table = at.dataframe[0].value
    assert list(table.columns[:5]) == ["result", "fixture", "kind", "expected", "got"]
    assert len(table) == fixtures["fixtures"] and set(table["result"]) == {"passed"}
    assert "**Codes covered**: " + ", ".join(fixtures["codes_covered"]) in text
    assert "0 false positives on" in text and "in 2 corpora" in text
    corpora = at.dataframe[1].value.set_index("corpus")
    assert list(corpora.index) == [f"{c['service']} ({c['sgd_split']})" for c in gold["corpora"]]
    assert corpora["value_not_in_conversation"].sum() == 0 and corpora["value_not_allowed"].sum() == 0
    assert "value_only_in_agent_words" in corpora.columns


def test_contract_page_with_only_fixtures_says_what_fills_the_gold_section(monkeypatch, tmp_path, sgd_dir):
    db = tmp_path / "runs.duckdb"
    record_command(["contract", "--sgd", str(sgd_dir), "--db", str(db)])
    at = open_app(monkeypatch, db, "contract")
    text = shown(at)
    assert "Bad answers rejected as expected" in text
    assert "No gold check is recorded yet" in text and "-m evals gold-check --db" in text
    assert "-m evals contract --db" not in text  # the fixture section is filled


def test_contract_page_on_an_empty_store_names_both_commands(monkeypatch, tmp_path):
    text = shown(open_app(monkeypatch, tmp_path / "runs.duckdb", "contract"))
    assert "No fixture run is recorded yet" in text and "-m evals contract --db " in text
    assert "No gold check is recorded yet" in text and "-m evals gold-check --db " in text


def test_cost_from_a_measured_run(monkeypatch, filled):
    path, ids = filled
    at = open_app(monkeypatch, path, "cost")
    # a simulated run is never a measured source; a model tier's finished run with tokens is
    assert not any(ids["simulated"] in option for option in at.selectbox(key="cost_source").options)
    at.selectbox(key="cost_source").set_value(ids["model"]).run()
    assert at.metric[0].label == "Monthly bill (measured)"
    assert f"Tokens per turn: run {ids['model']}, measured." in shown(at)
    every_rate = next(df.value for df in at.dataframe if "own_rate" in df.value.columns)
    assert len(every_rate) == len(at.selectbox(key="cost_rate").options) and (every_rate["total_usd"] > 0).all()
    by_turn = next(df.value for df in at.dataframe if "turn" in df.value.columns)
    assert list(by_turn["turn"]) == sorted(by_turn["turn"]) and (by_turn["input_tokens"] > 0).all()
    assert (by_turn["input_tokens"] == by_turn["input_tokens"].round()).all()  # whole tokens, no fractions
    assert "Tokens by turn of the conversation (measured)" in shown(at)


def test_chat_replays_recorded_replies_of_a_run(monkeypatch, filled, banks1):
    path, ids = filled
    at = open_app(monkeypatch, path)
    at.selectbox(key="chat_tier").set_value("replay").run()
    at.selectbox(key="chat_from_run").set_value(ids["simulated"]).run()
    assert "switch on the replay of a real conversation above" in shown(at) and not at.chat_input
    dialogue = next(c.dialogue_id for c in banks1.select("held-out"))
    at.toggle(key="chat_replay_open").set_value(True).run()
    at.selectbox(key="chat_dialogue").set_value(dialogue)
    at.button(key="chat_load").click().run()
    at.button(key="chat_next").click().run()
    assert "Tier replay is **replay**" in shown(at)
    assert '"collected"' in at.code[1].value  # the raw reply the simulated run recorded, served again


def test_cases_run_picker_says_when_a_run_did_not_finish(monkeypatch, tmp_path):
    store = Store(tmp_path / "runs.duckdb")
    run_id = store.start_run(kind="eval", tier="offline", tier_kind="offline", guards={}, settings={}, n_planned=298,
                             service="Banks_1", split="held-out")
    store.finish_run(run_id, "incomplete", note="stopped by the operator")
    at = open_app(monkeypatch, tmp_path / "runs.duckdb", "cases")
    assert at.selectbox(key="cases_run").format_func(run_id).endswith("INCOMPLETE: STOPPED BEFORE THE END")
    assert f"Run {run_id} did not finish (incomplete: stopped before the end)" in shown(at)


def test_red_team_page_labels_a_simulated_run_on_another_attack_file(monkeypatch, tmp_path, sgd_dir):
    import httpx

    from core import tiers
    from core.redteam import checklist_loader, load_attacks, run_redteam
    from core.simulated.server import SimulatedProvider

    attacks = json.loads((Path(__file__).resolve().parents[1] / "data" / "attacks.json").read_text())
    held_out = tmp_path / "held_out.json"
    held_out.write_text(json.dumps({**attacks, "attacks": attacks["attacks"][:2]}))
    db = tmp_path / "runs.duckdb"
    checklists = checklist_loader(str(sgd_dir))
    with SimulatedProvider(port=0) as provider, httpx.Client(timeout=10) as client:  # closed before the test ends
        extractor, settings, fingerprint = tiers.build("simulated", base_url=f"{provider.url}/v1", client=client)
        run_redteam(Store(db), load_attacks(held_out, checklists), extractor, attempts=2, settings=settings,
                    prompt_fingerprint=fingerprint, checklists=checklists, attacks_path=held_out)
    run_id = Store(db).runs("redteam").iloc[0]["run_id"]
    at = open_app(monkeypatch, db, "redteam")
    assert "SIMULATED · 2 attacks" in at.selectbox(key="redteam_run").format_func(run_id)
    text = shown(at)
    assert "This run attacked a **simulated** tier" in text
    assert "attack file `held_out.json`" in text and "not the default set" in text
    assert "deterministic" not in text  # only the offline tier repeats itself
    assert len(at.dataframe[0].value) == 2


def test_chat_shows_the_detected_intent_and_the_person_can_change_it_mid_conversation(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    at.chat_input(key="chat_text").set_value("I would like to transfer money").run()
    assert "Intent **TransferMoney** (detected, " in shown(at) and "% sure)" in shown(at)
    at.chat_input(key="chat_text").set_value("from my checking account").run()
    at.selectbox(key="chat_intent").set_value("CheckBalance").run()  # the same conversation, another checklist
    assert "Intent changed to CheckBalance" in shown(at) and len(at.chat_message) == 4
    at.chat_input(key="chat_text").set_value("what is in it?").run()
    assert "Intent **CheckBalance** (picked) · Decision: **stop**" in shown(at)
    assert board(at).set_index("fact").loc["Account type", "collected"] == "checking"  # the shared fact was kept
    # the conversation is kept with the person's pick, and reopens the same
    kept = Store(tmp_path / "runs.duckdb").query("SELECT conversation_id FROM conversations")
    assert len(kept) == 1
    again = AppTest.from_file(str(APP), default_timeout=60)
    again.query_params["conversation"] = kept["conversation_id"].iloc[0]
    again.run()
    assert "Intent **CheckBalance** (picked) · Decision: **stop**" in shown(again) and len(again.chat_message) == 6


def test_chat_offers_the_candidates_while_the_intent_is_not_settled(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    at.chat_input(key="chat_text").set_value("hello").run()
    text = shown(at)
    if "not settled yet" not in text:
        pytest.skip("the turn settled an intent on a greeting")
    assert "Decision: **ask**" in text
    picks = [b for b in at.button if b.label.startswith("It is ")]
    assert picks
    name = picks[0].label.removeprefix("It is ")
    picks[0].click().run()
    assert f"Intent changed to {name}" in shown(at)
