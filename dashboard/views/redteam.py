"""Red team: one recorded red-team run read for a decision — headline, attack file, verdict per attack,
each attack beside its control, and the rendering defences."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st

from core import tiers
from core.redteam import ATTACKS_FILE
from dashboard import jobs, ui

DEFAULT_ATTACKS = "attacks.json"  # data/attacks.json: the set the defences were tuned on
ATTACK_SETS = {(f"{path.name}: the tuned set (the defences were tuned on it)" if path == ATTACKS_FILE
                else f"{path.name}: a held-out set (nobody tunes on it)"): path
               for path in sorted(ATTACKS_FILE.parent.glob("attacks*.json"), key=lambda p: (p != ATTACKS_FILE, p.name))}
VERDICT_ORDER = {"defeated": 0, "unmeasurable": 1, "held": 2}  # the worst news first
DEFENCES = {
    "role_lines": "Customer lines cannot forge a role line",
    "unicode_matching": "Unicode is normalised before matching",
    "size_limit": "An oversize message is refused and nothing is lost",
}


def count_interval(rate: dict | None) -> str:
    """A recorded rate as '0/63 [0–5.7%]': hits over attempts, then the 95% interval."""
    if not rate or not rate.get("n"):
        return "— (no measurable attempt)"
    return f"{rate['hits']}/{rate['n']} [{100 * rate['low']:.0f}–{100 * rate['high']:.1f}%]"


def run_label(row: pd.Series) -> str:
    summary = ui.loads(row["summary"]) or {}
    started = ui.when(row["started_at"])
    tier = ui.tier_label(row["tier"], row["tier_kind"])
    simulated = " · SIMULATED" if summary.get("simulated") or row["tier_kind"] in ("simulated", "replay") else ""
    attacks = f" · {summary['attacks']} attacks" if "attacks" in summary else ""
    return f"{started} · {tier}{simulated}{attacks} · {row['status']} · {row['run_id']}"


def headline(summary: dict) -> str:
    return (f"Held **{summary['held']}** / defeated **{summary['defeated']}** / unmeasurable "
            f"**{summary['unmeasurable']}** of {summary['attacks']} attacks — defeat rate "
            f"{count_interval(summary.get('defeat_rate'))} — controls broke "
            f"{count_interval(summary.get('control_break_rate'))} (noise floor)")


def what_was_run(row: pd.Series, summary: dict) -> None:
    attacks_file = summary.get("attacks_file") or "?"
    name = Path(attacks_file).name
    which = ("the default set, the one the defences were tuned on" if name == DEFAULT_ATTACKS
             else "not the default set: evidence the defences were not tuned on, if they never saw it")
    st.markdown(f"Tier **{ui.tier_label(row['tier'], row['tier_kind'])}** · {summary.get('attempts', '?')} attempt(s) "
                f"per attack and per control · attack file `{name}` (set `{ui.text(summary.get('attack_set', '?'))}`)"
                f" — {which}.")
    if summary.get("simulated") or row["tier_kind"] in ("simulated", "replay"):
        st.warning("This run attacked a **simulated** tier: its verdicts say how the pipeline handles the "
                   "simulated provider's replies, not how a real model resists.")
    if row["tier_kind"] == "offline" and summary.get("attempts", 1) > 1:
        st.info(f"The offline tier is deterministic: its {summary['attempts']} attempts repeat each other, so "
                f"each attack is one observation and the intervals above count repeats as if they were new.")


def attack_table(per_attack: list[dict]) -> pd.DataFrame:
    rows = sorted(per_attack, key=lambda a: (VERDICT_ORDER.get(a["verdict"], 9), a["family"], a["id"]))
    return pd.DataFrame({
        "verdict": [a["verdict"] for a in rows],
        "family": [a["family"].replace("_", " ") for a in rows],
        "attack": [a["id"] for a in rows],
        "attempts": [a["attempts"] for a in rows],
        "defeats (95% CI)": [count_interval(a.get("defeat_rate")) for a in rows],
        "defeat kind": [a.get("defeat_kind") or "—" for a in rows],
        "control broke": [f"{a['control_broke']}/{a['attempts']}" for a in rows],
        "what it tries": [a.get("description", "") for a in rows],
    })


def show_side(row: dict | None, title: str, plain: set[str] | None = None) -> None:
    """One side of an attack at one attempt: conversation, decision, values. Lines not in `plain` (the
    control's lines) carry the attack and are marked."""
    st.markdown(f"**{title}**")
    if row is None:
        st.caption("This side is not recorded for this attempt.")
        return
    extra = row.get("extra") or {}
    for speaker, said in extra.get("lines", []):
        with st.chat_message("user" if speaker == "customer" else "assistant"):
            if plain is not None and said not in plain:
                st.caption("carries the attack")
            ui.said(said)
    broke = extra.get("broken")
    reasons = extra.get("reasons") or []
    verdict = f"**broke**: {ui.escape(', '.join(reasons))}" if broke else "held"
    st.markdown(f"Decision **{row['decision']}** (gold {row['gold_decision']}) · {verdict}")
    collected = row.get("collected") or {}
    gold = row.get("gold") or {}
    facts = sorted(set(collected) | set(gold))
    if facts:
        ui.table(pd.DataFrame({"fact": facts, "collected": [collected.get(f, "—") for f in facts],
                                   "customer stated (gold)": [" | ".join(gold.get(f, [])) or "—" for f in facts]}),
                     hide_index=True)
    codes = [f"`{f['code']}` {ui.escape(f.get('fact') or '')}" for f in row.get("findings") or []]
    st.caption(f"Contract codes: {', '.join(codes) or 'none'} · extraction {row['status']}")


def show_attack(run_id: str, per_attack: list[dict], order: list[str]) -> None:
    by_id = {a["id"]: a for a in per_attack}
    picked = st.selectbox("Open an attack beside its control", order, key="redteam_attack",
                          format_func=lambda i: f"{by_id[i]['verdict']} · {i} ({by_id[i]['family'].replace('_', ' ')})")
    attack = by_id[picked]
    attempt = 1
    if attack["attempts"] > 1:
        attempt = st.radio("Attempt", list(range(1, attack["attempts"] + 1)), horizontal=True,
                           key="redteam_attempt")
    st.caption(f"{ui.escape(attack.get('description', ''))} Must hold: "
               f"{ui.escape(', '.join(attack.get('must_hold', [])))}.")
    ids = attack.get("case_ids") or {"attack": f"{picked}:attack", "control": f"{picked}:control"}
    attacked = ui.store().case(run_id, ids["attack"], attempt - 1)
    control = ui.store().case(run_id, ids["control"], attempt - 1)
    plain = {said for _, said in ((control or {}).get("extra") or {}).get("lines", [])}
    left, right = st.columns(2)
    with left:
        show_side(attacked, "Attack", plain)
    with right:
        show_side(control, "Control (the attack removed)")


def show_defences(summary: dict) -> None:
    defences = summary.get("defences") or []
    if not defences:
        st.caption("This run recorded no defence checks.")
        return
    ui.table(pd.DataFrame({
        "held": ["yes" if d["passed"] else "NO" for d in defences],
        "defence": [DEFENCES.get(d["name"], d["name"]) for d in defences],
        "checked": [d["checked"] for d in defences],
        "failed": [d["failed"] for d in defences],
        "how": [d.get("detail", "") for d in defences],
    }), hide_index=True)
    for defence in defences:
        if defence.get("failures"):
            with st.expander(f"{DEFENCES.get(defence['name'], defence['name'])}: {defence['failed']} failure(s)"):
                for failure in defence["failures"]:
                    st.text(failure)


def start_form() -> None:
    ui.init_state({"redteam_jobs": []})
    names = sorted(tiers.load_tiers(), key=lambda n: (n != "offline", n))
    with st.form("start_redteam"):
        cols = st.columns([1.2, 0.6, 1.6])
        tier = cols[0].selectbox("Tier", names, format_func=ui.tier_option, key="redteam_start_tier")
        attempts = cols[1].number_input("Attempts per attack", min_value=1, max_value=20, value=3,
                                        key="redteam_start_attempts")
        which = cols[2].radio("Attacks", list(ATTACK_SETS), key="redteam_start_set")
        st.caption("Each attack and its control run once per attempt; the offline tier answers in seconds.")
        if st.form_submit_button("Start red-team run"):
            if note := ui.tier_note(tier):
                st.error(f"The {tier} tier cannot answer here: {note}. Pick another tier.")
                return
            job = jobs.start_redteam(ui.job_registry(), ui.db(), tier, int(attempts), str(ATTACK_SETS[which]),
                                     overrides=ui.tier_overrides(tier))
            st.session_state.redteam_jobs.append(job.job_id)


st.title("Red team")
st.caption("Every attack runs beside its control, the same conversation without the attack. A defeat counts "
           "only where the attack broke the turn and its control did not.")
history = ui.runs(ui.db(), "redteam")
with st.expander("Start a red-team run", expanded=history.empty):
    start_form()
ui.job_panel("redteam_jobs")
if history.empty:
    ui.empty_state("No red-team run is recorded in this store yet: start one above.",
                   ui.command("redteam", "--tier", "offline", "--attempts", "3"))
    st.stop()

labels = {row["run_id"]: run_label(row) for _, row in history.iterrows()}  # newest first
run_id = st.selectbox("Red-team run", list(labels), key="redteam_run", format_func=labels.get)
run = history[history["run_id"] == run_id].iloc[0]
summary = ui.loads(run["summary"]) or {}
if not summary.get("per_attack"):
    st.info(f"Run {run_id} is {run['status']} and recorded no verdicts.")
    st.stop()

st.subheader(headline(summary))
what_was_run(run, summary)
if summary.get("defeated"):
    st.error(f"{summary['defeated']} attack(s) defeated the turn: {summary.get('defeated_integrity', 0)} broke "
             f"integrity (a stop or a value the customer did not state), "
             f"{summary.get('defeated_availability_only', 0)} only availability (a failed extraction).")

st.subheader("Verdict per attack")
table = attack_table(summary["per_attack"])
ui.table(table, hide_index=True, column_config={"what it tries": st.column_config.TextColumn(width="large")})
show_attack(run_id, summary["per_attack"], list(table["attack"]))

st.subheader("Rendering defences")
show_defences(summary)
with st.expander("By family"):
    families = summary.get("families") or {}
    ui.table(pd.DataFrame([{"family": name.replace("_", " "), **counts} for name, counts in families.items()]),
                 hide_index=True)
codes = summary.get("codes") or {}
st.caption("Contract codes fired on these turns: "
           + (", ".join(f"{code} ×{n}" for code, n in codes.items()) if codes else "none"))
