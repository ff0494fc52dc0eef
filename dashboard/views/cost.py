"""Cost: the rate card, tokens per turn (measured or estimated), the monthly bill at your volume."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from core import cost, tiers
from core.prompt import STRATEGIES, render
from dashboard import ui

ESTIMATE = "estimate from the prompt (no run measured)"
VOLUMES = list(range(1_000, 500_001, 1_000))  # the slider's stops; any volume can be typed beside it
RATE_COLUMNS = {
    "vendor": st.column_config.TextColumn("vendor"), "model": st.column_config.TextColumn("model"),
    "input_per_m": st.column_config.NumberColumn("$ per million input tokens", format="$%.3f"),
    "output_per_m": st.column_config.NumberColumn("$ per million output tokens", format="$%.3f"),
    "cached_input_per_m": st.column_config.NumberColumn("$ per million cached input tokens", format="$%.3f"),
    "checked_on": st.column_config.DateColumn("checked on"),
    "source": st.column_config.TextColumn("source", width="large"),
}


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
    edited = st.data_editor(frame, num_rows="dynamic", hide_index=True, key="rate_editor", column_config=RATE_COLUMNS)
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
                errors.append(ui.sentence(exc))
        for error in errors:
            st.error(error)
        ui.refresh()
        if not errors:
            st.success(f"Saved {saved} rate(s).")


def per_turn_source(figures: pd.DataFrame, service: str, strategy: str
                    ) -> tuple[str, pd.DataFrame, str, str | None]:
    """(label, tokens by turn, basis, measured run or None) for the token source the reader picks."""
    # Only a run of a real model that recorded tokens measures anything: a simulated or replayed run, or one
    # that spent no token, is never offered as "measured"; a degraded or incomplete run comes after the finished
    # ones and says what it is.
    with_tokens = figures[(figures["kind"] == "eval") & ~figures["tier_kind"].isin(["simulated", "replay", "offline",
                                                                                    "floor"])
                          & (figures["input_tokens_per_turn"].fillna(0) > 0)]
    with_tokens = with_tokens.sort_values("status", key=lambda s: s != "finished", kind="stable")
    labels = {ESTIMATE: ESTIMATE} | {
        rid: f"run {rid} · {ui.tier_label(tier, kind)} · {ui.when(at)} (measured"
             + (")" if status == "finished" else f", {str(status).upper()} run)")
        for rid, tier, kind, at, status in zip(with_tokens["run_id"], with_tokens["tier"], with_tokens["tier_kind"],
                                               with_tokens["started_at"], with_tokens["status"], strict=True)}
    picked = st.selectbox("Tokens per turn from", list(labels), key=ui.keep("cost_source", ESTIMATE, list(labels)),
                          format_func=labels.get, on_change=ui.kept("cost_source"))
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
rates = {r.key: r for r in card}
named = [t.settings["rate"] for t in tiers.load_tiers().values() if t.settings.get("rate") in rates]


# The typed volume, when there is one, overrides the slider; neither widget writes the other. (Each writing the
# other raced: a key pressed while a rerun was under way re-sent the other widget's old value, which then won.)
cols = st.columns([2, 1, 2])
slid = cols[0].select_slider("Conversations per month", VOLUMES,
                             key=ui.keep("cost_conversations", 10_000, VOLUMES), format_func=lambda v: f"{v:,}",
                             on_change=ui.kept("cost_conversations"))
typed = cols[1].number_input("or type any volume", min_value=1, step=1_000, value=None, placeholder="the slider's",
                             key=ui.keep("cost_volume_typed", None),
                             on_change=ui.kept("cost_volume_typed"))
conversations = int(typed) if typed is not None else int(slid)
if typed is not None:
    cols[0].caption(f"The typed volume, {conversations:,} a month, is used: clear the box to use the slider.")
turns = cols[2].slider("Turns per conversation", 1, 40, key=ui.keep("cost_turns", 4), on_change=ui.kept("cost_turns"))
cols = st.columns([2, 1, 2])
services = ui.services_with_dialogues()
if not services:
    ui.empty_state("Estimates read a corpus, and no service has dialogues on this machine: add an SGD folder "
                   "(SGD_DIR).")
    st.stop()
service = cols[0].selectbox("Service for the estimates", services, key=ui.keep("cost_service", ui.DEFAULT_SERVICE,
                                                                                services),
                            on_change=ui.kept("cost_service"))
strategy = cols[1].selectbox("Prompt strategy", STRATEGIES, on_change=ui.kept("cost_strategy"),
                             key=ui.keep("cost_strategy", STRATEGIES[0], list(STRATEGIES)))
rate_keys = list(rates)
rate = rates[cols[2].selectbox("Rate", rate_keys, key=ui.keep("cost_rate", named[0] if named else rate_keys[0],
                                                                 rate_keys), on_change=ui.kept("cost_rate"),
                               format_func=lambda k: f"{k} · ${rates[k].input_per_m}/M in, ${rates[k].output_per_m}/M "
                                                     f"out · checked {rates[k].checked_on or 'undated'}")]
st.caption(f"{rate.key}: ${rate.input_per_m}/M input, ${rate.output_per_m}/M output, "
           f"${rate.cached_input_per_m if rate.cached_input_per_m is not None else '—'}/M cached input · checked "
           f"{rate.checked_on or 'undated: check it before relying on it'} · source: "
           f"{rate.source or 'none recorded'}")
label, by_turn, basis, measured_run = per_turn_source(figures, service, strategy)
if by_turn.empty:
    st.warning(f"{label}: no tokens were recorded.")
    st.stop()

bill = cost.monthly_bill(rate, cost.per_turn_from(by_turn), conversations, turns)
metric_cols = st.columns(3)
metric_cols[0].metric(f"Monthly bill ({basis})", ui.money(bill["total_usd"], 2),
                      help=f"{conversations:,} conversations a month of {turns} turns each")
metric_cols[1].metric("Per conversation", ui.money(bill["per_conversation_usd"], 5))
metric_cols[2].metric("Tokens per month, in / out (millions)",
                      f"{bill['input_tokens'] / 1e6:,.1f} / {bill['output_tokens'] / 1e6:,.1f}")
st.caption(f"Tokens per turn: {label}. Estimates count 4 characters a token.")
with st.expander(f"Tokens by turn of the conversation ({basis})"):
    ui.table(whole_tokens(by_turn), hide_index=True)
    st.caption("Turns past the last one measured follow the straight line fitted through the table.")

st.subheader("The bill per tier and per prompt strategy")
estimates = {strategy: estimated(service, strategy) for strategy in STRATEGIES}
result = cost.bills(ui.store(), conversations, turns, estimates=estimates, run_id=measured_run)
money = {"total_usd": st.column_config.NumberColumn("monthly $", format="$%.2f"),
         "per_conversation_usd": st.column_config.NumberColumn("per conversation $", format="$%.5f"),
         "input_tokens": st.column_config.NumberColumn("input tokens a month", format="localized"),
         "own_rate": st.column_config.CheckboxColumn("the run's own rate"),
         "rate_source": st.column_config.TextColumn("rate source", width="medium"),
         "rate_checked": st.column_config.TextColumn("rate checked on")}


def with_sources(frame: pd.DataFrame) -> pd.DataFrame:
    """Each row's rate with its source and the date it was checked, beside it."""
    return frame.assign(rate_source=frame["rate"].map(lambda k: (rates[k].source or "") if k in rates else ""),
                        rate_checked=frame["rate"].map(lambda k: str(rates[k].checked_on or "undated")
                                                       if k in rates else ""))
if not result["tiers"].empty:
    st.markdown("**Per configured tier** (measured where a run of it recorded tokens, else estimated)")
    ui.table(with_sources(result["tiers"])[["tier", "rate", "rate_source", "rate_checked", "strategy", "basis",
                                                 "total_usd", "per_conversation_usd"]],
                 hide_index=True, column_config=money)
st.markdown(f"**Per prompt strategy at {rate.key}** (estimated from the prompt)")
by_strategy = result["rates"][result["rates"]["rate"] == rate.key]
ui.table(whole_tokens(by_strategy[["strategy", "basis", "total_usd", "per_conversation_usd", "input_tokens"]]),
             hide_index=True, column_config=money)
if not result["run"].empty:
    st.markdown(f"**{label} at every rate**")
    ui.table(with_sources(result["run"])[["rate", "rate_source", "rate_checked", "own_rate", "total_usd",
                                              "per_conversation_usd"]], hide_index=True, column_config=money)
for note in result["notes"]:
    st.caption(ui.sentence(note))

per_strategy = {f"{s} (estimate)": cost.per_turn_from(frame) for s, frame in estimates.items() if not frame.empty}
if basis == "measured":
    per_strategy[label] = cost.per_turn_from(by_turn)
curve = cost.volume_curve(rate, per_strategy, conversations_per_month=conversations, vary="turns")
# Vega-Lite as plain data (as on the Runs page): Altair's import and validation cost most of a first visit.
st.vega_lite_chart(curve, {
    "mark": {"type": "line", "point": True}, "height": 280, "encoding": {
        "x": {"field": "turns_per_conversation", "type": "quantitative", "title": "turns per conversation"},
        "y": {"field": "total_usd", "type": "quantitative",
              "title": f"monthly bill at {conversations:,} conversations ($)"},
        "color": {"field": "strategy", "type": "nominal"},
        "tooltip": [{"field": "strategy", "type": "nominal"},
                    {"field": "turns_per_conversation", "type": "quantitative"},
                    {"field": "total_usd", "type": "quantitative"}]}})
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
st.vega_lite_chart(parts, {
    "mark": "bar", "height": 160, "encoding": {
        "x": {"field": "tokens", "type": "quantitative", "title": "estimated tokens"},
        "y": {"field": "part", "type": "nominal", "sort": "-x", "title": None},
        "tooltip": [{"field": "part", "type": "nominal"}, {"field": "tokens", "type": "quantitative"},
                    {"field": "share", "type": "quantitative", "format": ".0%"}]}})
