"""Chat: type as the customer and watch the checklist and the decision, turn by turn."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from core import tiers
from core.conversation import Conversation, Turn
from core.sgd_source import CorpusError
from dashboard import ui

DETECT = "Detect from the first message"

ui.init_state({"chat": None, "chat_error": None})


def reset() -> None:
    st.session_state.chat = None
    st.session_state.chat_error = None


def tier_names() -> list[str]:
    try:
        names = list(tiers.load_tiers())
    except ValueError as exc:
        st.error(str(exc))
        return ["offline"]
    return sorted(names, key=lambda n: (n != "offline", n))


def tier_label(name: str) -> str:
    note = ui.tier_note(name)
    return tiers.load_tiers()[name].label + (f" — {note}" if note else "")


def new_conversation(service: str, tier: str, intent: str) -> Conversation | None:
    from_run = st.session_state.get("chat_from_run")
    try:
        extractor, _settings, _fp = tiers.build(tier, from_run=from_run, store=ui.store(), **ui.tier_overrides(tier))
    except Exception as exc:  # a missing key or an unreachable server is one line, not a traceback
        st.session_state.chat_error = f"tier {tier!r} cannot be used here: {exc}"
        return None
    return Conversation(ui.checklist(service), extractor, intent=None if intent == DETECT else intent)


def cost_of(turn: Turn, tier: str) -> str:
    calls = turn.result.extraction.calls
    if not calls:
        return "none (no model call)"
    if turn.result.extraction.calls[0].provider == "simulated":
        return "none (simulated calls are not priced)"
    from core.cost import rates_by_key, run_rate

    rate = run_rate(tiers.load_tiers()[tier].settings, rates_by_key(ui.store()))
    if rate is None:
        return "unknown: the tier names no rate on the rate card"
    dollars = sum(rate.price(c.input_tokens or 0, c.output_tokens or 0, c.cached_tokens or 0) for c in calls)
    return f"{ui.money(dollars, 6)} at {rate.key} (checked {rate.checked_on})"


def checklist_table(chat: Conversation, turn: Turn) -> pd.DataFrame:
    rows = []
    for fact in chat.checklist.required_facts(turn.result.intent):
        row = {"fact": fact.name, "collected": turn.result.collected.get(fact.name, "— missing —")}
        if turn.gold is not None:
            row["gold"] = " | ".join(turn.gold.get(fact.name, [])) or "—"
            row["outcome"] = turn.grade.outcomes.get(fact.name) if turn.grade else ""
        row["description"] = fact.description
        rows.append(row)
    return pd.DataFrame(rows)


def evidence(turn: Turn, tier: str, number: int) -> None:
    res, ext = turn.result, turn.result.extraction
    with st.expander(f"Evidence for turn {number}: prompt, reply, tokens, codes"):
        calls = ext.calls
        tokens_in = sum(c.input_tokens or 0 for c in calls) if calls else None
        tokens_out = sum(c.output_tokens or 0 for c in calls) if calls else None
        st.markdown(f"Extraction status **{ext.status}** · contract codes: "
                    f"{', '.join(res.codes) or 'none'} · latency {res.timings_ms.get('extract_total', 0):.1f} ms · "
                    f"tokens in/out {tokens_in if tokens_in is not None else '—'}/"
                    f"{tokens_out if tokens_out is not None else '—'} · cost {cost_of(turn, tier)}")
        st.caption("Prompt sent")
        st.code(ext.prompt or "(no prompt: this tier reads the conversation without a model)", language=None)
        st.caption("Raw reply")
        st.code(ext.raw_reply or "(no reply text)", language=None)


st.title("Chat")
controls = st.columns([1, 1, 1.4])
service = controls[0].selectbox("Service", ui.services(), key="chat_service", on_change=reset,
                                index=ui.services().index(ui.DEFAULT_SERVICE) if ui.DEFAULT_SERVICE in ui.services()
                                else 0)
tier = controls[1].selectbox("Tier", tier_names(), key="chat_tier", on_change=reset, format_func=tier_label)
if description := tiers.load_tiers()[tier].settings.get("description"):
    st.caption(f"{tier_label(tier)}: {description}")
if tiers.load_tiers()[tier].kind == "replay":
    recorded = ui.runs(ui.db(), "eval")
    st.selectbox("Replay the replies recorded by run", list(recorded["run_id"]), key="chat_from_run",
                 on_change=reset, help="Replay re-serves an earlier run's raw replies for the same corpus cases: "
                 "load a real conversation below.")
try:
    intents = list(ui.checklist(service).intents)
except CorpusError as exc:  # no local schema and no download: one line, and the other pages still work
    st.error(f"The {service} checklist cannot be read: {exc}")
    st.stop()
intent = controls[2].selectbox("Intent", [DETECT, *intents], key="chat_intent", on_change=reset)

with st.expander("Load a real conversation (replay a corpus dialogue, gold beside each turn)"):
    if ui.has_local_dialogues(service):
        dialogues = sorted({c.dialogue_id for c in ui.corpus(service).cases})
        picked = st.selectbox("Dialogue", dialogues, key="chat_dialogue")
        if st.button("Load this dialogue", key="chat_load"):
            base = new_conversation(service, tier, DETECT)
            if base is not None:
                st.session_state.chat = Conversation.replaying(ui.corpus(service), picked, base.extractor)
    else:
        st.caption(f"No local dialogues of {service}: `python -m evals corpus --service {service}` downloads them.")

if st.session_state.chat is None and st.session_state.chat_error is None:
    st.session_state.chat = new_conversation(service, tier, intent)
if st.session_state.chat_error:
    st.error(st.session_state.chat_error)
chat: Conversation | None = st.session_state.chat

if chat is not None:
    kind = chat.extractor.kind
    if kind in ("simulated", "replay"):
        st.warning(f"Tier {tier} is **{kind}**: its answers are not a real model's.")
    buttons = st.columns([1, 1, 1, 3])
    buttons[0].button("Reset", key="chat_reset", on_click=reset)
    buttons[1].download_button("Export JSON", chat.to_json_text(), file_name="transcript.json",
                               mime="application/json", key="chat_export_json", on_click="ignore")
    buttons[2].download_button("Export Markdown", chat.to_markdown(), file_name="transcript.md",
                               mime="text/markdown", key="chat_export_md", on_click="ignore")
    if chat.replay:  # the Next turn callback has already stepped by the time this is drawn
        st.caption(f"Replaying corpus dialogue {chat.dialogue_id}: {len(chat.turns)} turn(s) shown, "
                   f"{len(chat.script)} to go.")
        st.button("Next turn", key="chat_next", disabled=chat.done, on_click=chat.step)

    talk, board = st.columns([3, 2])
    with talk:
        for number, turn in enumerate(chat.turns, start=1):
            with st.chat_message("user"):
                st.write(turn.customer)
            with st.chat_message("assistant"):
                if turn.result.decision == "stop":
                    st.write("Stop: every required fact is collected.")
                else:
                    st.write(turn.result.next_question)
                if turn.corpus_agent:
                    st.caption(f"The corpus agent said: {turn.corpus_agent}")
                evidence(turn, tier, number)
    with board:
        st.subheader("Checklist")
        if chat.turns:
            last = chat.turns[-1]
            detected = " (detected)" if chat.intent_detected else ""
            st.markdown(f"Intent **{last.result.intent}**{detected} · Decision: **{last.result.decision}**")
            if last.gold_decision:
                st.markdown(f"Gold decision: **{last.gold_decision}**")
            st.table(checklist_table(chat, last))
        else:
            st.caption("Nothing said yet: type the customer's first message below.")

    if kind == "replay" and not chat.replay:
        st.info("The replay tier re-serves the replies a run recorded for corpus cases: load a real "
                "conversation above to replay one.")
    elif not chat.replay and (text := st.chat_input("Type as the customer…", key="chat_text")):
        try:
            chat.say(text)
            st.rerun()
        except ValueError as exc:  # refused before it joined the conversation: say why, keep the words
            st.error(f"Not sent: {exc}")
            with st.expander("Your message, kept so you can shorten it"):
                st.code(text, language=None, wrap_lines=True)
