"""Cost: the rate card, tokens per turn (measured or estimated), the monthly bill at your volume."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from core import cost, tiers
from core.prompt import STRATEGIES, render
from dashboard import ui

ESTIMATE = "estimate from the prompt (no run measured)"


@st.cache_data(show_spinner=False)
def estimated(service: str, strategy: str) -> pd.DataFrame:
    corpus = ui.corpus(service)
    return cost.estimate_by_turn(corpus.checklist, corpus.cases, strategy)


@st.cache_data(ttl=ui.TTL, show_spinner=False)
def measured(path: str, run_id: str) -> pd.DataFrame:
    return cost.turn_tokens(ui.store(), run_id)


def whole_tokens(frame: pd.DataFrame) -> pd.DataFrame:
    """Token columns as whole tokens for reading (means per turn are kept exact in the sums)."""
    columns = [c for c in frame.columns if c.endswith("tokens")]
    return frame.assign(**{c: frame[c].round().astype("Int64") for c in columns})


def rate_editor(card: list[cost.Rate]) -> None:
    frame = pd.DataFrame([{**r.to_json(), "checked_on": r.checked_on} for r in card]).drop(columns="key")
    edited = st.data_editor(frame, num_rows="dynamic", hide_index=True, key="rate_editor",
                            column_config={"checked_on": st.column_config.DateColumn("checked on"),
                                           "source": st.column_config.TextColumn(width="large")})
    if st.button("Save rate card", key="rate_save"):
        known = {r.key: r for r in card}
        saved, errors = 0, []
        for row in edited.to_dict("records"):
            if not row.get("vendor") or not row.get("model"):
                continue
            cached = row.get("cached_input_per_m")
            rate = cost.Rate(vendor=str(row["vendor"]), model=str(row["model"]), input_per_m=row["input_per_m"],
                             output_per_m=row["output_per_m"],
                             cached_input_per_m=None if cached is None or pd.isna(cached) else cached,
                             checked_on=row["checked_on"], source=row.get("source") or "")
            if known.get(rate.key) == rate:
                continue
            try:
                cost.save_rate(ui.store(), rate)
                saved += 1
            except ValueError as exc:
                errors.append(str(exc))
        for error in errors:
            st.error(error)
        ui.refresh()
        if not errors:
            st.success(f"Saved {saved} rate(s).")


def per_turn_source(figures: pd.DataFrame, service: str, strategy: str
                    ) -> tuple[str, pd.DataFrame, str, str | None]:
    """(label, tokens by turn, basis, measured run or None) for the token source the reader picks."""
    with_tokens = figures[(figures["kind"] == "eval") & figures["input_tokens_per_turn"].notna()]
    # a degraded or incomplete run is a source only when picked, and says what it is
    with_tokens = with_tokens.sort_values("status", key=lambda s: s != "finished", kind="stable")
    labels = {ESTIMATE: ESTIMATE} | {
        rid: f"run {rid} · {ui.tier_label(tier, kind)} (measured" + (")" if status == "finished" else
                                                                     f", {str(status).upper()} run)")
        for rid, tier, kind, status in zip(with_tokens["run_id"], with_tokens["tier"], with_tokens["tier_kind"],
                                           with_tokens["status"], strict=True)}
    picked = st.selectbox("Tokens per turn from", list(labels), key="cost_source", format_func=labels.get)
    if picked == ESTIMATE:
        return f"{strategy} prompt, estimate", estimated(service, strategy), "estimate", None
    return f"run {picked}, measured", measured(ui.db(), picked), "measured", picked


st.title("Cost at volume")
card = cost.rate_card(ui.store())
with st.expander("Rate card (editable; saved in the store)", expanded=False):
    rate_editor(card)
if not card:
    ui.empty_state("The rate card is empty.", "add a [[rate]] to data/rates.toml, or a row above")
    st.stop()

figures = ui.run_figures(ui.db())
cols = st.columns(3)
conversations = cols[0].slider("Conversations per month", 1_000, 500_000, 10_000, step=1_000, key="cost_conversations")
turns = cols[1].slider("Turns per conversation", 1, 20, 4, key="cost_turns")
rates = {r.key: r for r in card}
named = [t.settings["rate"] for t in tiers.load_tiers().values() if t.settings.get("rate") in rates]
rate = rates[cols[2].selectbox("Rate", list(rates), key="cost_rate",  # a configured tier's rate first
                               index=list(rates).index(named[0]) if named else 0)]
st.caption(f"{rate.key}: ${rate.input_per_m}/M input, ${rate.output_per_m}/M output, "
           f"${rate.cached_input_per_m if rate.cached_input_per_m is not None else '—'}/M cached input; "
           f"checked {rate.checked_on}.")

service = ui.DEFAULT_SERVICE
if not ui.has_local_dialogues(service):
    ui.empty_state(f"Estimates need the {service} corpus.", f"python -m evals corpus --service {service}")
    st.stop()
strategy = st.selectbox("Prompt strategy for estimates", STRATEGIES, key="cost_strategy")
label, by_turn, basis, measured_run = per_turn_source(figures, service, strategy)
if by_turn.empty:
    st.warning(f"{label}: no tokens were recorded.")
    st.stop()

bill = cost.monthly_bill(rate, cost.per_turn_from(by_turn), conversations, turns)
metric_cols = st.columns(3)
metric_cols[0].metric(f"Monthly bill ({basis})", ui.money(bill["total_usd"], 2))
metric_cols[1].metric("Per conversation", ui.money(bill["per_conversation_usd"], 5))
metric_cols[2].metric("Tokens per month, in / out (millions)",
                      f"{bill['input_tokens'] / 1e6:,.1f} / {bill['output_tokens'] / 1e6:,.1f}")
st.caption(f"Tokens per turn: {label}. Estimates count 4 characters a token.")
with st.expander(f"Tokens by turn of the conversation ({basis})"):
    st.dataframe(whole_tokens(by_turn), hide_index=True)
    st.caption("Turns past the last one measured follow the straight line fitted through the table.")

st.subheader("The bill per tier and per prompt strategy")
estimates = {strategy: estimated(service, strategy) for strategy in STRATEGIES}
result = cost.bills(ui.store(), conversations, turns, estimates=estimates, run_id=measured_run)
money = {"total_usd": st.column_config.NumberColumn("monthly $", format="$%.2f"),
         "per_conversation_usd": st.column_config.NumberColumn("per conversation $", format="$%.5f"),
         "input_tokens": st.column_config.NumberColumn("input tokens a month", format="localized")}
if not result["tiers"].empty:
    st.markdown("**Per configured tier** (measured where a run of it recorded tokens, else estimated)")
    st.dataframe(result["tiers"][["tier", "rate", "strategy", "basis", "total_usd", "per_conversation_usd"]],
                 hide_index=True, column_config=money)
st.markdown(f"**Per prompt strategy at {rate.key}** (estimated from the prompt)")
by_strategy = result["rates"][result["rates"]["rate"] == rate.key]
st.dataframe(whole_tokens(by_strategy[["strategy", "basis", "total_usd", "per_conversation_usd", "input_tokens"]]),
             hide_index=True, column_config=money)
if not result["run"].empty:
    st.markdown(f"**{label} at every rate**")
    st.dataframe(result["run"][["rate", "own_rate", "total_usd", "per_conversation_usd"]], hide_index=True,
                 column_config=money)
for note in result["notes"]:
    st.caption(note)

per_strategy = {f"{s} (estimate)": cost.per_turn_from(frame) for s, frame in estimates.items() if not frame.empty}
if basis == "measured":
    per_strategy[label] = cost.per_turn_from(by_turn)
curve = cost.volume_curve(rate, per_strategy, conversations_per_month=conversations, vary="turns")
st.altair_chart(alt.Chart(curve).mark_line(point=True).encode(
    x=alt.X("turns_per_conversation:Q", title="turns per conversation"),
    y=alt.Y("total_usd:Q", title=f"monthly bill at {conversations:,} conversations ($)"),
    color="strategy:N", tooltip=["strategy", "turns_per_conversation", "total_usd"],
).properties(height=280))
st.caption("The transcript strategy re-sends the whole conversation every turn, so a conversation's cost "
           "grows roughly with the square of its turns; the carried strategy stays flat per turn.")

st.subheader("Where the prompt's tokens go")
corpus = ui.corpus(service)
reachable = max(cost.turn_position(c.turn_index) for c in corpus.cases)
position = min(turns, reachable)
sample = next(c for c in corpus.cases if cost.turn_position(c.turn_index) == position)
parts = cost.prompt_parts(render(corpus.checklist, sample.intent, sample.lines, strategy,
                                 {k: v[0] for k, v in sample.gold.items() if v}))
biggest = parts.sort_values("tokens", ascending=False).iloc[0]
st.markdown(f"A {strategy} prompt at turn {position} of corpus dialogue {sample.dialogue_id}: "
            f"**{biggest['part']}** is the biggest part, {100 * biggest['share']:.0f}% of "
            f"{parts['tokens'].sum():,} estimated tokens.")
st.altair_chart(alt.Chart(parts).mark_bar().encode(
    x=alt.X("tokens:Q", title="estimated tokens"), y=alt.Y("part:N", sort="-x", title=None),
    tooltip=["part", "tokens", alt.Tooltip("share:Q", format=".0%")]).properties(height=160))
