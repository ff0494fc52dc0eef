"""Contract: the answer contract against its contaminated fixtures, and its false positives on gold values,
each section read from its own latest run."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from core.contract import FLAGS, REJECTING
from core.gold_check import DEFAULT_SERVICES
from dashboard import jobs, ui

# The codes a gold value can trip, read first; a failed extraction's codes cannot fire on gold values.
VALUE_CODES = ("value_not_in_conversation", "value_not_allowed", "unknown_fact")
VALUE_CODES_FIRST = [*(c for c in VALUE_CODES if c in REJECTING), *(c for c in REJECTING if c not in VALUE_CODES)]


def start_button(which: str, label: str) -> None:
    ui.init_state({"contract_jobs": []})
    if st.button(label, key=f"contract_start_{which}"):
        services = [s for s in DEFAULT_SERVICES if ui.has_local_dialogues(s)] if which == "gold" else None
        if which == "gold" and not services:
            st.error("No corpus of the gold check is on this machine: add Banks_1's dialogues to the SGD folder.")
            return
        job = jobs.start_contract(ui.job_registry(), ui.db(), which, services)
        st.session_state.contract_jobs.append(job.job_id)
        st.rerun()


def pick_run(history: pd.DataFrame, check: str, key: str) -> tuple[str, dict] | None:
    """The newest run of one check (`fixtures` or `gold`), or an earlier one the reader picks."""
    mine = history[history["tier"] == check]
    if mine.empty:
        return None
    labels = {rid: f"{ui.when(started)} · {status} · {rid}" for rid, started, status
              in zip(mine["run_id"], mine["started_at"], mine["status"], strict=True)}
    run_id = st.selectbox("Run", list(labels), key=key, format_func=labels.get) if len(labels) > 1 else mine.iloc[0][
        "run_id"]
    row = mine[mine["run_id"] == run_id].iloc[0]
    st.caption(f"Run {run_id}, started {labels[run_id].split(' · ')[0]}.")
    return run_id, ui.loads(row["summary"]) or {}


def codes_text(codes: list[str]) -> str:
    return ", ".join(codes) if codes else "none"


def fixtures_section(history: pd.DataFrame) -> None:
    st.header("Contaminated fixtures")
    st.caption("Answers written on purpose for real corpus cases: every bad one must be rejected with exactly "
               "its code, every clean one must pass.")
    start_button("fixtures", "Check the contract against its fixtures now")
    picked = pick_run(history, "fixtures", "contract_fixtures_run")
    if picked is None:
        ui.empty_state("No fixture run is recorded yet: press the button above.", ui.command("contract"))
        return
    run_id, summary = picked
    if not summary.get("per_fixture"):
        st.info(f"Run {run_id} recorded no fixture verdicts.")
        return
    bad = f"{summary['bad_rejected_as_expected']}/{summary['bad_total']}"
    clean = f"{summary['clean_passed']}/{summary['clean_total']}"
    st.subheader(f"Bad answers rejected as expected {bad} · clean answers passed {clean}")
    if summary.get("all_passed"):
        st.success("Every fixture got the verdict it was written for.")
    else:
        failing = sum(not f["passed"] for f in summary["per_fixture"])
        st.error(f"{failing} fixture(s) did not get the verdict they were written for: listed first below.")
    rows = sorted(summary["per_fixture"], key=lambda f: (f["passed"], f["kind"], f["id"]))
    ui.table(pd.DataFrame({
        "result": ["passed" if f["passed"] else "FAILED" for f in rows],
        "fixture": [f["id"] for f in rows],
        "kind": [f["kind"] for f in rows],
        "expected": [codes_text(f["expected"]) for f in rows],
        "got": [codes_text(f["got"]) for f in rows],
        "why it was written": [f.get("why", "") for f in rows],
        "corpus case": [f"{f['service']} {f['case_id']}" for f in rows],
    }), hide_index=True, column_config={"why it was written": st.column_config.TextColumn(width="large")})
    st.markdown(f"**Codes covered**: {codes_text(summary.get('codes_covered', []))}")
    if summary.get("codes_not_covered"):
        st.warning(f"No bad fixture tests: {codes_text(summary['codes_not_covered'])}.")
    st.caption(f"Fixture folder `{summary.get('fixtures_dir', '?')}` · {summary.get('fixtures', len(rows))} fixtures.")


def corpus_table(corpora: list[dict]) -> pd.DataFrame:
    """One row per corpus: the values checked, one column per rejecting code, then the flags apart."""
    frame = pd.DataFrame({
        "corpus": [f"{c['service']} ({c['sgd_split']})" for c in corpora],
        "cases": [c["cases"] for c in corpora],
        "values checked": [c["values_checked"] for c in corpora],
        "false positives": [c["false_positives"] for c in corpora],
    })
    for code in VALUE_CODES_FIRST:
        frame[code] = [int((c.get("codes") or {}).get(code, 0)) for c in corpora]
    for code in FLAGS:
        frame[f"flag: {code}"] = [int((c.get("codes") or {}).get(code, 0)) for c in corpora]
    return frame


def gold_section(history: pd.DataFrame) -> None:
    st.header("False positives on gold")
    st.caption("The contract run over the gold values of every case: a rejecting code that fires on gold would "
               "throw away something the customer really said. Flags only mark a value and reject nothing.")
    start_button("gold", "Check every gold value now")
    picked = pick_run(history, "gold", "contract_gold_run")
    if picked is None:
        ui.empty_state("No gold check is recorded yet: press the button above.", ui.command("gold-check"))
        return
    run_id, summary = picked
    corpora = summary.get("corpora") or []
    if not corpora:
        st.info(f"Run {run_id} recorded no corpus.")
        return
    values = sum(c["values_checked"] for c in corpora)
    total = summary.get("false_positives_total", sum(c["false_positives"] for c in corpora))
    st.subheader(f"{total} false positives on {values:,} gold values in {len(corpora)} corpora")
    if total:
        st.error("A rejecting code fired on gold: the contract would refuse what the customer said (highlighted).")
    else:
        st.success("No rejecting code fired on any gold value.")
    frame = corpus_table(corpora)
    rejecting = [c for c in REJECTING if c in frame.columns]
    styled = frame.style.map(lambda n: "background-color: #f8d0d0; font-weight: bold" if n else "",
                             subset=[*rejecting, "false positives"])
    ui.table(styled, hide_index=True)
    examples = [(c["service"], code, ex) for c in corpora for code, found in (c.get("examples") or {}).items()
                for ex in found]
    if examples:
        with st.expander(f"Examples of codes that fired on gold ({len(examples)})"):
            ui.table(pd.DataFrame([{"corpus": s, "code": code, **ex} for s, code, ex in examples]),
                         hide_index=True)
    respelled = summary.get("respelled_off_gold_total")
    if respelled:
        st.caption(f"{respelled} collected spelling(s) the grader would not accept as gold.")


st.title("Answer contract")
history = ui.runs(ui.db(), "contract")
ui.job_panel("contract_jobs")
fixtures_section(history)
gold_section(history)
