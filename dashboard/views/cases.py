"""Cases: filter a run's cases, open one (transcript, gold vs collected, prompt, reply, codes),
and review stopped-early cases across runs."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from core.store import VERDICTS
from dashboard import ui

ui.init_state({"review_saved": None})

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


def run_label(row: pd.Series) -> str:
    state = RUN_STATES.get(row["status"], "" if row["status"] == "finished" else str(row["status"]))
    return (f"{row['run_id']} · {row['kind']} · {ui.tier_label(row['tier'], row['tier_kind'])} · "
            f"{row['service'] or ''} {row['split'] or ''}" + (f" · {state.upper()}" if state else ""))


def case_view(cases: pd.DataFrame) -> pd.DataFrame:
    """The filtered cases as a reader reads them: named columns, codes as a list, not as JSON."""
    view = cases.drop(columns=["repeat"]).rename(columns=CASE_COLUMNS)
    view["contract codes"] = view["contract codes"].map(lambda cell: ", ".join(ui.loads(cell) or []))
    return view


def transcript(run: pd.Series, case_id: str, extra: dict | None) -> list[tuple[str, str]]:
    """The case's conversation: from the case row when it carries one, else rebuilt from the corpus."""
    if extra and extra.get("lines"):
        return [(line[0], line[1]) for line in extra["lines"]]
    if not run["service"] or not ui.has_local_dialogues(run["service"]):
        return []
    corpus = ui.corpus(run["service"], run["segment"] or "dialogue", run["schema_variant"] or None)
    case = next((c for c in corpus.cases if c.case_id == case_id), None)
    return [(line.speaker, line.text) for line in case.lines] if case else []


def show_case(history: pd.DataFrame, run_id: str, case_id: str) -> None:
    row = ui.store().case(run_id, case_id)
    if row is None:
        st.warning(f"Case {case_id} is not in run {run_id}.")
        return
    run = history[history["run_id"] == run_id].iloc[0]
    st.subheader(f"Case {case_id}")
    st.markdown(f"Run {run_id} · intent **{row['intent']}** · decision **{row['decision']}** · gold "
                f"**{row['gold_decision']}**" + (" · **stopped early**" if row["stopped_early"] else ""))
    left, right = st.columns([3, 2])
    with left:
        lines = transcript(run, case_id, row.get("extra"))
        if not lines:
            st.caption("The transcript is not available: the corpus of this run is not local.")
        for speaker, text in lines:
            with st.chat_message("user" if speaker == "customer" else "assistant"):
                st.write(text)
    with right:
        facts = sorted(set(row["outcomes"] or {}) | set(row["gold"] or {}) | set(row["collected"] or {}))
        st.table(pd.DataFrame([{
            "fact": fact,
            "gold": " | ".join((row["gold"] or {}).get(fact, [])) or "—",
            "collected": (row["collected"] or {}).get(fact, "—"),
            "outcome": (row["outcomes"] or {}).get(fact, "not required"),
        } for fact in facts]))
        findings = row["findings"] or []
        st.markdown("Contract codes: " + (", ".join(f"`{f['code']}` {f.get('fact') or ''} {f.get('value') or ''}"
                                                     for f in findings) or "none"))
        st.markdown(f"Extraction status **{row['status']}** · tokens in/out {row['input_tokens'] or '—'}/"
                    f"{row['output_tokens'] or '—'} · latency {ui.number(row['latency_ms'], 1)} ms")
    with st.expander("Prompt and raw reply"):
        st.code(row["prompt"] or "(no prompt: this tier sends none)", language=None)
        st.code(row["raw_reply"] or "(no reply text)", language=None)


def filtered(cases: pd.DataFrame) -> pd.DataFrame:
    cols = st.columns(5)
    only = {
        "stopped_early": cols[0].checkbox("Stopped early", key="f_early"),
        "wrong": cols[1].checkbox("Wrong facts", key="f_wrong"),
        "missed": cols[2].checkbox("Missed facts", key="f_missed"),
        "decision": cols[3].checkbox("Decision wrong", key="f_decision"),
    }
    intents = ["any", *sorted(cases["intent"].dropna().unique())]
    intent = cols[4].selectbox("Intent", intents, key="f_intent")
    codes = sorted({c for cell in cases["codes"] for c in (ui.loads(cell) or [])})
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


def review_queue(history: pd.DataFrame) -> None:
    queue = ui.review_queue(ui.db())
    if queue.empty:
        st.info("No eval or red-team run stopped early on any case: nothing to review.")
        return
    per_run = queue.groupby("run_id", sort=False).agg(
        tier=("tier", "first"), tier_kind=("tier_kind", "first"), started=("started_at", "first"),
        stopped_early=("case_id", "size"), reviewed=("verdict", "count")).reset_index()
    per_run["tier"] = [ui.tier_label(t, k) for t, k in zip(per_run["tier"], per_run["tier_kind"], strict=True)]
    st.caption(f"{len(queue):,} stopped-early cases in {len(per_run):,} runs; "
               f"{int(per_run['reviewed'].sum()):,} reviewed.")
    counts = ui.verdict_counts(ui.db())
    st.dataframe(per_run.drop(columns="tier_kind").merge(counts, on="run_id", how="left").fillna(0),
                 hide_index=True, height=min(400, 38 + 35 * len(per_run)))
    run_labels = {rid: f"{rid} · {tier}" for rid, tier in zip(per_run["run_id"], per_run["tier"], strict=True)}
    run_id = st.selectbox("Run", list(run_labels), key="review_run", format_func=run_labels.get)
    rows = queue[queue["run_id"] == run_id]
    verdicts = dict(zip(rows["case_id"], rows["verdict"], strict=False))
    case_id = st.selectbox("Case to review", list(dict.fromkeys(rows["case_id"])), key="review_case",
                           format_func=lambda cid: f"{cid} · {verdicts.get(cid) or 'not reviewed'}")
    with st.form("review_form", clear_on_submit=True):
        verdict = st.radio("Verdict", VERDICTS, key="review_verdict", horizontal=True)
        note = st.text_area("Note", key="review_note")
        if st.form_submit_button("Save review"):
            ui.store().add_review(run_id, case_id, verdict, note)
            ui.refresh()
            st.session_state.review_saved = f"Saved: {verdict} on {case_id} of run {run_id}."
            st.rerun()
    if st.session_state.review_saved:
        st.success(st.session_state.review_saved)
    show_case(history, run_id, case_id)


st.title("Cases")
history = ui.runs(ui.db())
if history.empty:
    ui.empty_state("No run is recorded yet, so there is no case to open.", ui.FILL_RUNS)
    st.stop()

drill, queue_tab = st.tabs(["Cases of a run", "Review queue"])
with drill:
    ids = list(history["run_id"])
    asked = st.query_params.get("run")
    default = ids.index(asked) if asked in ids else next(
        (i for i, kind in enumerate(history["kind"]) if kind == "eval"), 0)
    labels = dict(zip(ids, (run_label(row) for _, row in history.iterrows()), strict=True))
    run_id = st.selectbox("Run", ids, index=default, key="cases_run", format_func=labels.get)
    cases = ui.case_rows(ui.db(), run_id)
    shown = filtered(cases)
    st.caption(f"{len(shown):,} of {len(cases):,} cases")
    st.dataframe(case_view(shown), hide_index=True, height=260)
    status = history.loc[history["run_id"] == run_id, "status"].iloc[0]
    if status != "finished":
        st.warning(f"Run {run_id} did not finish ({RUN_STATES.get(status, status)}): the table holds only the "
                   "cases it recorded.")
    if not shown.empty:
        asked_case = st.query_params.get("case")
        case_ids = list(shown["case_id"])
        case_id = st.selectbox("Open case", case_ids, key="cases_case",
                               index=case_ids.index(asked_case) if asked_case in case_ids else 0)
        show_case(history, run_id, case_id)
with queue_tab:
    review_queue(history)
