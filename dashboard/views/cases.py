"""Cases: filter a run's cases, open one by clicking its row (transcript, gold vs collected, prompt,
reply, codes), and work through the review queue of stopped-early cases. Filters and the open case
live in the URL, so a link reproduces the view."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from core import review
from core.store import VERDICTS
from core.wording import fact_label
from dashboard import ui

ui.init_state({"review_saved": None, "review_case": None})

# The case table's columns as a reader names them (the store's names stay in the store).
CASE_COLUMNS = {
    "case_id": "case", "intent": "intent", "turn_index": "turn", "decision": "decision",
    "gold_decision": "gold decision", "decision_correct": "decision right", "stopped_early": "stopped early",
    "n_correct": "facts right", "n_wrong": "facts wrong", "n_missed": "facts missed",
    "n_open": "facts not yet said", "status": "extraction", "codes": "contract codes",
}
RUN_STATES = {"running": "still running", "partial": "partial: some cases failed",
              "degraded": "degraded: too many extractions failed",
              "incomplete": "incomplete: stopped before the end"}
FILTERS = {"f_early": "early", "f_wrong": "wrong", "f_missed": "missed", "f_decision": "decision"}


@st.cache_data(ttl=ui.TTL, show_spinner=False)
def queue_runs(path: str) -> pd.DataFrame:
    return review.queue_runs(ui.store())


@st.cache_data(ttl=ui.TTL, show_spinner=False)
def run_queue(path: str, run_id: str) -> pd.DataFrame:
    return review.run_queue(ui.store(), run_id)


@st.cache_data(ttl=ui.TTL, show_spinner=False)
def totals(path: str) -> dict[str, int]:
    return review.totals(ui.store())


def run_label(row: pd.Series) -> str:
    state = RUN_STATES.get(row["status"], "" if row["status"] == "finished" else ui.text(row["status"]))
    where = " ".join(part for part in (ui.text(row["service"]), ui.text(row["split"])) if part)
    return " · ".join(part for part in (
        ui.text(row["run_id"]), ui.text(row["kind"]), ui.tier_label(row["tier"], row["tier_kind"]), where,
        ui.when(row["started_at"]), state.upper()) if part)


def case_view(cases: pd.DataFrame) -> pd.DataFrame:
    """The filtered cases as a reader reads them: named columns, codes as a list, yes/no, never nan."""
    view = cases.drop(columns=["repeat"]).rename(columns=CASE_COLUMNS)
    view["contract codes"] = view["contract codes"].map(lambda cell: ", ".join(ui.loads(cell) or []))
    for column in ("decision right", "stopped early"):
        view[column] = view[column].map(lambda v: "" if v is None or pd.isna(v) else ("yes" if v else "no"))
    return view.fillna("")


def transcript(run: pd.Series, case_id: str, extra: dict | None) -> list[tuple[str, str]]:
    """The case's conversation: from the case row when it carries one, else rebuilt from the corpus."""
    if extra and extra.get("lines"):
        return [(line[0], line[1]) for line in extra["lines"]]
    service = ui.text(run["service"])
    if not service or not ui.has_local_dialogues(service):
        return []
    corpus = ui.corpus(service, ui.text(run["segment"]) or "dialogue", ui.text(run["schema_variant"]) or None)
    case = next((c for c in corpus.cases if c.case_id == case_id), None)
    return [(line.speaker, line.text) for line in case.lines] if case else []


def labels_for(service: str) -> dict[str, str]:
    if not service or not ui.has_local_dialogues(service):
        return {}
    try:
        return {name: fact_label(fact) for name, fact in ui.checklist(service).facts.items()}
    except Exception:  # a checklist that cannot be read leaves the facts by name
        return {}


def show_case(history: pd.DataFrame, run_id: str, case_id: str, verdict: str | None = None,
              note: str | None = None) -> None:
    row = ui.store().case(run_id, case_id)
    if row is None:
        st.warning(f"Case {case_id} is not in run {run_id}: pick another case.")
        return
    run = history[history["run_id"] == run_id].iloc[0]
    st.subheader(f"Case {case_id}")
    st.markdown(f"Run {run_id} · intent **{ui.escape(row['intent'])}** · decision **{row['decision']}** · gold "
                f"**{row['gold_decision']}**" + (" · **stopped early**" if row["stopped_early"] else ""))
    if isinstance(verdict, str):
        st.success(f"Reviewed: **{verdict}**" + (f" — {ui.escape(note)}" if ui.text(note) else " (no note)"))
    erratum = (row.get("extra") or {}).get("gold_erratum")
    if erratum:
        stated = ", ".join(f"{ui.escape(k)} = {ui.escape(v)}" for k, v in erratum["facts"].items())
        st.info(f"Reviewed gold erratum (data/gold_errata.json): SGD's state misses {stated}, stated by the customer "
                f"in “{ui.escape(erratum['quote'])}”: {ui.escape(erratum['why'])}. The case is still graded against "
                "SGD as published.")
    left, right = st.columns([3, 2])
    with left:
        lines = transcript(run, case_id, row.get("extra"))
        if not lines:
            st.caption("The transcript is not available: the corpus of this run is not on this machine.")
        for speaker, said in lines:
            with st.chat_message("user" if speaker == "customer" else "assistant"):
                ui.said(said)
    with right:
        labels = labels_for(ui.text(run["service"]))
        facts = sorted(set(row["outcomes"] or {}) | set(row["gold"] or {}) | set(row["collected"] or {}))
        ui.table(pd.DataFrame([{
            "fact": labels.get(fact, fact.replace("_", " ")),
            "gold": " | ".join((row["gold"] or {}).get(fact, [])) or "—",
            "collected": (row["collected"] or {}).get(fact, "—"),
            "outcome": (row["outcomes"] or {}).get(fact, "not required"),
        } for fact in facts], columns=["fact", "gold", "collected", "outcome"]), hide_index=True)
        findings = row["findings"] or []
        st.markdown("Contract codes: " + (", ".join(f"`{f['code']}` {ui.escape(f.get('fact') or '')} "
                                                     f"{ui.escape(f.get('value') or '')}" for f in findings)
                                          or "none"))
        tokens = f"{ui.number(row['input_tokens'])}/{ui.number(row['output_tokens'])}"
        st.markdown(f"Extraction status **{row['status']}** · tokens in/out {tokens} · latency "
                    f"{ui.number(row['latency_ms'], 1)} ms")
    with st.expander("Prompt and raw reply"):
        st.caption("Prompt sent to the tier")
        st.code(row["prompt"] or "(no prompt: this tier sends none)", language=None, wrap_lines=True)
        st.caption("The tier's raw reply")
        st.code(row["raw_reply"] or "(no reply text)", language=None, wrap_lines=True)


def from_url() -> None:
    """Filters named in the URL become the widgets' starting values, once per session and link."""
    params = st.query_params
    stamp = tuple(sorted(params.items()))
    if st.session_state.get("_cases_url") == stamp:
        return
    st.session_state["_cases_url"] = stamp
    for key, name in FILTERS.items():
        if name in params:
            st.session_state[key] = params[name] == "1"
    if "intent" in params:
        st.session_state["f_intent"] = params["intent"]
    if "codes" in params:
        st.session_state["f_codes"] = [c for c in params["codes"].split(",") if c]


def to_url(run_id: str, case_id: str | None) -> None:
    wanted = {"run": run_id}
    wanted |= {name: "1" for key, name in FILTERS.items() if st.session_state.get(key)}
    if st.session_state.get("f_intent", "any") != "any":
        wanted["intent"] = st.session_state["f_intent"]
    if st.session_state.get("f_codes"):
        wanted["codes"] = ",".join(st.session_state["f_codes"])
    if case_id:
        wanted["case"] = case_id
    if dict(st.query_params) != wanted:
        st.query_params.from_dict(wanted)
        st.session_state["_cases_url"] = tuple(sorted(wanted.items()))


def filtered(cases: pd.DataFrame) -> pd.DataFrame:
    cols = st.columns(5)
    only = {
        "stopped_early": cols[0].checkbox("Stopped early", key="f_early"),
        "wrong": cols[1].checkbox("Wrong facts", key="f_wrong"),
        "missed": cols[2].checkbox("Missed facts", key="f_missed"),
        "decision": cols[3].checkbox("Decision wrong", key="f_decision"),
    }
    intents = ["any", *sorted(cases["intent"].dropna().unique())]
    if st.session_state.get("f_intent") not in intents:
        st.session_state["f_intent"] = "any"
    intent = cols[4].selectbox("Intent", intents, key="f_intent")
    codes = sorted({c for cell in cases["codes"] for c in (ui.loads(cell) or [])})
    st.session_state["f_codes"] = [c for c in st.session_state.get("f_codes", []) if c in codes]
    wanted = st.multiselect("Contract code", codes, key="f_codes")
    keep = pd.Series(True, index=cases.index)
    if only["stopped_early"]:
        keep &= cases["stopped_early"].fillna(False).astype(bool)
    if only["wrong"]:
        keep &= cases["n_wrong"].fillna(0) > 0
    if only["missed"]:
        keep &= cases["n_missed"].fillna(0) > 0
    if only["decision"]:
        keep &= ~cases["decision_correct"].fillna(True).astype(bool)
    if intent != "any":
        keep &= cases["intent"] == intent
    if wanted:
        keep &= cases["codes"].map(lambda cell: bool(set(ui.loads(cell) or []) & set(wanted)))
    return cases[keep]


def cases_of_a_run(history: pd.DataFrame) -> None:
    ids = list(history["run_id"])
    asked = st.query_params.get("run")
    if asked in ids and st.session_state.get("_cases_run_asked") != asked:
        st.session_state["cases_run"] = asked
        st.session_state["_cases_run_asked"] = asked
    if st.session_state.get("cases_run") not in ids:
        st.session_state["cases_run"] = next((rid for rid, kind in zip(ids, history["kind"], strict=True)
                                              if kind == "eval"), ids[0])
    labels = dict(zip(ids, (run_label(row) for _, row in history.iterrows()), strict=True))
    run_id = st.selectbox("Run", ids, key="cases_run", format_func=labels.get)
    cases = ui.case_rows(ui.db(), run_id)
    shown = filtered(cases).reset_index(drop=True)
    st.caption(f"{len(shown):,} of {len(cases):,} cases · click a row to open its case")
    picked = ui.table(case_view(shown), hide_index=True, height=260, on_select="rerun",
                          selection_mode="single-row", key=f"cases_table_{run_id}")
    status = history.loc[history["run_id"] == run_id, "status"].iloc[0]
    if status != "finished":
        st.warning(f"Run {run_id} did not finish ({RUN_STATES.get(status, status)}): the table holds only the "
                   "cases it recorded.")
    case_ids = list(shown["case_id"])
    rows = picked.selection.rows if picked is not None else []
    case_id = case_ids[rows[0]] if rows and rows[0] < len(case_ids) else None
    if case_id is None:
        asked_case = st.query_params.get("case")
        case_id = asked_case if asked_case in case_ids else (case_ids[0] if case_ids else None)
    to_url(run_id, case_id)
    if case_id is not None:
        show_case(history, run_id, case_id)


def review_queue(history: pd.DataFrame) -> None:
    runs = queue_runs(ui.db())
    if runs.empty:
        st.info("No run has stopped early on any case yet, so there is nothing to review. Every run that stops "
                "early lands here; start one on the Runs page (the offline tier on Banks_1's sample split stops "
                "early on a few cases).")
        return
    counts = totals(ui.db())
    waiting = int(runs["stopped_early"].sum() - runs["reviewed"].sum())
    cells = st.columns(len(VERDICTS) + 1)
    cells[0].metric("Not reviewed", f"{waiting:,}")
    for cell, verdict in zip(cells[1:], VERDICTS, strict=True):
        cell.metric(verdict.capitalize(), f"{counts[verdict]:,}")
    ids = list(runs["run_id"])
    labels = {row["run_id"]: run_label(row) for _, row in runs.iterrows()}
    first = next((rid for rid, done, n in zip(ids, runs["reviewed"], runs["stopped_early"], strict=True)
                  if done < n), ids[0])
    if st.session_state.get("review_run") not in ids:
        st.session_state["review_run"] = first
    run_id = st.selectbox("Run", ids, key="review_run", format_func=labels.get)
    queue = run_queue(ui.db(), run_id)
    case_ids = list(queue["case_id"])
    done = int(queue["verdict"].map(lambda v: isinstance(v, str)).sum())
    st.caption(f"{done:,} of {len(case_ids):,} stopped-early cases of this run reviewed · "
               f"{len(runs):,} run(s) stopped early on some case")
    if st.session_state.review_case not in case_ids:
        st.session_state.review_case = review.next_unreviewed(queue) or case_ids[0]
    view = pd.DataFrame({"case": queue["case_id"], "intent": queue["intent"].map(ui.text),
                         "verdict": queue["verdict"].map(lambda v: v if isinstance(v, str) else "not reviewed"),
                         "note": queue["note"].map(ui.text)})
    picked = ui.table(view, hide_index=True, on_select="rerun", selection_mode="single-row",
                          key=f"review_table_{run_id}", height=min(300, 38 + 35 * len(view)))
    if picked is not None and picked.selection.rows:
        chosen = case_ids[picked.selection.rows[0]]
        if st.session_state.get("_review_clicked") != (run_id, chosen):
            st.session_state["_review_clicked"] = (run_id, chosen)
            st.session_state.review_case = chosen
    case_id = st.session_state.review_case
    row = queue[queue["case_id"] == case_id].iloc[0]
    position = case_ids.index(case_id) + 1
    nav = st.columns([3, 1])
    nav[0].markdown(f"**Case {position} of {len(case_ids)}** in this run: {case_id}")
    following = review.next_unreviewed(queue, after=case_id)
    if nav[1].button("Next unreviewed case", key="review_next", disabled=following in (None, case_id)):
        st.session_state.review_case = following
        st.session_state.review_saved = None
        st.rerun()
    with st.form("review_form", clear_on_submit=True):
        verdict = st.radio("Verdict", VERDICTS, key="review_verdict", horizontal=True, index=None)
        note = st.text_area("Note", key="review_note")
        buttons = st.columns([1, 1, 4])
        save = buttons[0].form_submit_button("Save review")
        save_next = buttons[1].form_submit_button("Save and next", type="primary")
        if save or save_next:
            if verdict is None:
                st.warning("Pick a verdict before saving.")
            else:
                ui.store().add_review(run_id, case_id, verdict, note)
                ui.refresh()
                st.session_state.review_saved = f"Saved: {verdict} on {case_id} of run {run_id}."
                if save_next:
                    st.session_state.review_case = review.next_unreviewed(
                        queue.assign(verdict=queue["verdict"].where(queue["case_id"] != case_id, verdict)),
                        after=case_id) or case_id
                st.rerun()
    if st.session_state.review_saved:
        st.success(st.session_state.review_saved)
    show_case(history, run_id, case_id, row["verdict"], row["note"])


st.title("Cases")
history = ui.runs(ui.db(), brief=True)  # a picker: no JSON columns
if history.empty:
    ui.empty_state("No run is recorded yet, so there is no case to open. Start one on the Runs page.",
                   ui.fill_runs())
    st.stop()

from_url()
drill, queue_tab = st.tabs(["Cases of a run", "Review queue"])
with drill:
    cases_of_a_run(history)
with queue_tab:
    review_queue(history)
