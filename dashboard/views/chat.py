"""Chat: type as the customer and watch the checklist and the decision, turn by turn."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from core import chat_log, tiers
from core.case import CUSTOMER, Line
from core.conversation import Conversation, Turn
from core.extraction import PROVIDER_ERROR
from core.sgd_source import CorpusError
from core.wording import changes, fact_label, words_behind
from dashboard import ui

DETECT = "Detect from the first message"
FAILED = {"provider_error": "its server did not answer", "unparseable": "its reply could not be read",
          "empty_reply": "its reply was empty", "cut_at_ceiling": "its reply was cut at the output ceiling"}

ui.init_state({"chat": None, "chat_error": None, "chat_id": None, "chat_picked": None})


def reset() -> None:
    st.session_state.chat = None
    st.session_state.chat_error = None
    st.session_state.chat_id = None
    st.query_params.pop("conversation", None)


def change_intent() -> None:
    """A new intent for the conversation in progress (facts both intents share are kept); a fresh one if none."""
    chat = st.session_state.chat
    picked = st.session_state.chat_intent
    if chat is None or chat.replay or not chat.turns or chat.done:
        reset()
        return
    chat.set_intent(None if picked == DETECT else picked)
    st.session_state.chat_picked = chat.picked
    st.session_state.chat_intent_note = (f"Intent changed to {picked}: the checklist moved, keeping the facts both "
                                         "intents share." if picked != DETECT else
                                         "The intent is read from the conversation again on the next turn.")


def pick_candidate(name: str) -> None:
    st.session_state.chat_intent = name
    change_intent()


def intent_line(chat: Conversation, turn: Turn) -> None:
    """The intent the turn worked on, how it was decided, and the alternatives when it is not settled."""
    res = turn.result
    reading = res.reading
    if res.intent is None or not res.intent_settled:
        names = ", ".join(f"{ui.escape(name)} ({100 * share:.0f}%)" for name, share in res.intent_candidates[:3])
        st.markdown(f"Intent **not settled yet** · Decision: **{res.decision}**" + (f" · candidates: {names}"
                                                                                   if names else ""))
        if not chat.done and not chat.replay:
            cols = st.columns(min(3, max(1, len(res.intent_candidates[:3]))))
            for col, (name, _share) in zip(cols, res.intent_candidates[:3], strict=False):
                col.button(f"It is {name}", key=f"chat_pick_{name}", on_click=pick_candidate, args=(name,))
        return
    how = {"person": "picked", "given": "given"}.get(reading.source if reading else "", "detected")
    sure = f", {100 * res.intent_confidence:.0f}% sure" if how == "detected" else ""
    st.markdown(f"Intent **{ui.escape(res.intent)}** ({how}{sure}) · Decision: **{res.decision}**")
    others = [(n, c) for n, c in res.intent_candidates[1:3] if c > 0]
    if how == "detected" and others:
        st.caption("Other candidates: " + ", ".join(f"{ui.escape(n)} ({100 * c:.0f}%)" for n, c in others))


def tier_names() -> list[str]:
    try:
        names = list(tiers.load_tiers())
    except ValueError as exc:
        st.error(ui.sentence(exc))
        return ["offline"]
    return sorted(names, key=lambda n: (n != "offline", n))


def new_conversation(service: str, tier: str, intent: str) -> Conversation | None:
    from_run = st.session_state.get("chat_from_run")
    if note := ui.tier_note(tier):
        st.session_state.chat_error = f"The {tier} tier cannot answer here: {note}. Pick another tier, or " + (
            "start its server and choose it again." if "server" in note else f"set {note[6:]} and reload.")
        return None
    try:
        extractor, _settings, _fp = tiers.build(tier, from_run=from_run, store=ui.store(), **ui.tier_overrides(tier))
    except Exception as exc:  # a missing key or an unreachable server is one line, not a traceback
        st.session_state.chat_error = ui.sentence(exc) + " Pick another tier."
        return None
    st.session_state.chat_picked = None if intent == DETECT else intent
    return Conversation(ui.checklist(service), extractor, intent=st.session_state.chat_picked)


def asked_for() -> None:
    """A conversation named in the URL (a reload, a shared link, Reopen): its service and tier are picked
    before the pickers are drawn."""
    asked = st.query_params.get("conversation")
    if st.session_state.chat is not None or not asked or st.session_state.get("_chat_asked") == asked:
        return
    st.session_state["_chat_asked"] = asked
    row = chat_log.load(ui.store(), asked)
    if row is not None and row["tier"] in tiers.load_tiers():
        st.session_state.chat_service, st.session_state.chat_tier = row["service"], row["tier"]
        st.session_state.chat_intent = row["intent"] or DETECT


def reopen(service: str, tier: str, conversation_id: str) -> Conversation | None:
    """A conversation kept in the store, said again without any model call."""
    row = chat_log.load(ui.store(), conversation_id)
    if row is None or row["service"] != service or row["tier"] != tier:
        st.query_params.pop("conversation", None)
        return new_conversation(service, tier, st.session_state.get("chat_intent", DETECT))
    base = new_conversation(service, tier, row["intent"] or DETECT)
    if base is None:
        return None
    st.session_state.chat_id = conversation_id
    return chat_log.reopen(row, base)


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


def checklist_table(chat: Conversation, number: int) -> pd.DataFrame:
    """The checklist after turn `number`: each fact by its label, the value, the customer's words behind it,
    and what this turn did to it."""
    turn = chat.turns[number - 1]
    before = chat.turns[number - 2].result.collected if number > 1 else {}
    changed = changes(before, turn.result.collected)
    lines = [Line(CUSTOMER, t.customer) for t in chat.turns[:number]]
    rows = []
    for fact in chat.checklist.required_facts(turn.result.intent) if turn.result.intent else []:
        value = turn.result.collected.get(fact.name)
        row = {"fact": fact_label(fact), "collected": value if value is not None else "missing",
               "customer's words": (words_behind(lines, value) or "chosen from the allowed values") if value else "",
               "this turn": changed.get(fact.name, "")}
        if turn.gold is not None:
            row["gold"] = " | ".join(turn.gold.get(fact.name, [])) or "—"
            row["outcome"] = turn.grade.outcomes.get(fact.name) if turn.grade else ""
        rows.append(row)
    return pd.DataFrame(rows)


def highlight(frame: pd.DataFrame):
    """New and changed values stand out; the rest of the table stays plain."""
    colours = {"new": "background-color: #d9f2d9", "changed": "background-color: #fff2cc",
               "dropped": "background-color: #f8d0d0"}
    return frame.style.apply(lambda row: [colours.get(row["this turn"], "")] * len(row), axis=1)


def summary_lines(chat: Conversation, turn: Turn) -> list[str]:
    return [f"{fact_label(fact)}: {turn.result.collected.get(fact.name, '')}"
            for fact in chat.checklist.required_facts(turn.result.intent)]


def evidence(turn: Turn, tier: str, number: int) -> None:
    res, ext = turn.result, turn.result.extraction
    with st.expander(f"Evidence for turn {number}: prompt, reply, tokens, codes"):
        calls = ext.calls
        tokens_in = sum(c.input_tokens or 0 for c in calls) if calls else None
        tokens_out = sum(c.output_tokens or 0 for c in calls) if calls else None
        st.markdown(f"Extraction status **{ext.status}** · contract codes: "
                    f"{', '.join(res.codes) or 'none'} · latency {res.timings_ms.get('extract_total', 0):,.1f} ms · "
                    f"tokens in/out {tokens_in if tokens_in is not None else '—'}/"
                    f"{tokens_out if tokens_out is not None else '—'} · cost {cost_of(turn, tier)}")
        st.caption("Prompt sent to the tier")
        st.code(ext.prompt or "(no prompt: this tier reads the conversation without a model)", language=None,
                wrap_lines=True)
        st.caption("The tier's raw reply")
        st.code(ext.raw_reply or "(no reply text)", language=None, wrap_lines=True)


def pick_service() -> str:
    ready = ui.services_with_dialogues()
    if not ready and not st.session_state.get("chat_all_services"):
        st.info("No service has dialogues on this machine, so there is nothing to chat over yet: point the SGD_DIR "
                "setting at an SGD folder, or let the first start download Banks_1 (it needs the network).")
        st.stop()
    every = st.session_state.get("chat_all_services", False)
    options = ui.services() if every else ready
    if st.session_state.get("chat_service") not in options:
        st.session_state.pop("chat_service", None)
    return controls[0].selectbox("Service", options, key="chat_service", on_change=reset,
                                 index=ui.default_index(options),
                                 format_func=lambda s: s if s in ready else f"{s} — no dialogues here")


def earlier_conversations() -> None:
    kept = chat_log.listing(ui.store())
    if kept.empty:
        return
    with st.expander(f"Earlier conversations ({len(kept)}, kept in the store)"):
        view = pd.DataFrame({
            "conversation": kept["conversation_id"], "service": kept["service"], "tier": kept["tier"],
            "turns": kept["turns"], "ended": kept["ended"].map({True: "yes", False: "no"}),
            "first message": kept["first_message"].map(ui.text), "last change": kept["updated_at"].map(ui.when)})
        ui.table(view, hide_index=True)
        labels = dict(zip(view["conversation"], [f"{c} · {s} · {t} turn(s) · {ui.text(m)[:50]}" for c, s, t, m in zip(
            view["conversation"], view["service"], view["turns"], view["first message"], strict=True)], strict=True))
        picked = st.selectbox("Conversation", list(labels), format_func=labels.get, key="chat_reopen_pick")
        if st.button("Reopen", key="chat_reopen"):
            reset()
            st.session_state.pop("_chat_asked", None)
            st.query_params["conversation"] = picked
            st.rerun()


st.title("Chat")
asked_for()
controls = st.columns([1, 1, 1.4])
service = pick_service()
st.toggle("Also list services without local dialogues", key="chat_all_services")
if service not in ui.services_with_dialogues():
    st.info(f"{service} has no dialogues on this machine, so it cannot be tried or replayed here. Add its "
            "dialogues to the SGD folder (the SGD_DIR setting), or pick one of the services listed without the "
            "switch above.")
    st.stop()
tier = controls[1].selectbox("Tier", tier_names(), key="chat_tier", on_change=reset, format_func=ui.tier_option)
if description := ui.tier_description(tier):
    st.caption(f"{ui.tier_option(tier)}: {description}")
if tiers.load_tiers()[tier].kind == "replay":
    recorded = ui.runs(ui.db(), "eval", brief=True)
    st.selectbox("Replay the replies recorded by run", list(recorded["run_id"]), key="chat_from_run",
                 on_change=reset, help="Replay re-serves an earlier run's raw replies for the same corpus cases: "
                 "switch on the replay below.")
try:
    intents = list(ui.checklist(service).intents)
except CorpusError as exc:  # no local schema and no download: one line, and the other pages still work
    st.error(f"The {service} checklist cannot be read: {ui.sentence(exc)}")
    st.stop()
intent = controls[2].selectbox("Intent", [DETECT, *intents], key="chat_intent", on_change=change_intent,
                                help="Pick the customer's intent, or let each turn read it from the conversation. "
                                     "Changing it mid-conversation keeps the facts both intents share.")

if st.toggle("Replay a real conversation from the corpus, gold beside each turn", key="chat_replay_open"):
    cases = ui.corpus(service).cases
    first_words = {}
    for case in cases:
        first_words.setdefault(case.dialogue_id, case.lines[0].text if case.lines else "")
    picked = st.selectbox("Dialogue (its first customer line)", sorted(first_words), key="chat_dialogue",
                          format_func=lambda d: f"{d} · “{first_words[d][:70]}”")
    if st.button("Load this dialogue", key="chat_load"):
        base = new_conversation(service, tier, DETECT)
        if base is not None:
            st.session_state.chat = Conversation.replaying(ui.corpus(service), picked, base.extractor)
            st.query_params.pop("conversation", None)
earlier_conversations()

if st.session_state.chat is None and st.session_state.chat_error is None:
    if asked := st.query_params.get("conversation"):
        st.session_state.chat = reopen(service, tier, asked)
    else:
        st.session_state.chat = new_conversation(service, tier, intent)
if st.session_state.chat_error:
    st.error(st.session_state.chat_error)
chat: Conversation | None = st.session_state.chat

if chat is not None:
    kind = chat.extractor.kind
    if kind in ("simulated", "replay"):
        st.warning(f"Tier {tier} is **{kind}**: its answers are not a real model's.")
    buttons = st.columns([1.2, 1, 1, 1.4, 1.2])
    buttons[0].button("New conversation", key="chat_reset", on_click=reset, type="primary" if chat.done else
                      "secondary")
    buttons[1].download_button("Export JSON", chat.to_json_text(), file_name="transcript.json",
                               mime="application/json", key="chat_export_json", on_click="ignore")
    buttons[2].download_button("Export Markdown", chat.to_markdown(), file_name="transcript.md",
                               mime="text/markdown", key="chat_export_md", on_click="ignore")
    if chat.turns and not chat.replay:
        case_id = st.session_state.chat_id or "chat"
        buttons[3].download_button("Save as a test case", chat_log.as_test_case(chat, case_id) + "\n",
                                   file_name="transcripts.jsonl", mime="application/jsonl", key="chat_case",
                                   on_click="ignore", help="One line of transcripts.jsonl, the bring-your-own "
                                   "format: the facts as collected become the expected answers.")
        buttons[4].download_button("Its checklist", json.dumps(ui.schema_of(service), indent=2), mime=
                                   "application/json", file_name="checklist.json", key="chat_checklist",
                                   on_click="ignore", help="checklist.json, to put beside transcripts.jsonl")
    if chat.replay:  # the Next turn callback has already stepped by the time this is drawn
        st.caption(f"Replaying corpus dialogue {chat.dialogue_id}: {len(chat.turns)} turn(s) shown, "
                   f"{len(chat.script)} to go.")
        st.button("Next turn", key="chat_next", disabled=chat.done, on_click=chat.step)

    last = chat.turns[-1] if chat.turns else None
    if last is not None and last.result.extraction.failed:
        why = FAILED.get(last.result.extraction.status, last.result.extraction.status)
        st.error(f"The {tier} tier could not answer the last turn ({why}), so the customer was asked again. "
                 + ("Start its server or pick another tier." if last.result.extraction.status == PROVIDER_ERROR
                    else "Try again, or pick another tier."))

    talk, board = st.columns([1.3, 1])
    with talk:
        for number, turn in enumerate(chat.turns, start=1):
            with st.chat_message("user"):
                ui.said(turn.customer)
            with st.chat_message("assistant"):
                if turn.result.decision == "stop" and not chat.replay:
                    st.markdown("**Thank you, that is everything I need.** Here is what I have:")
                    ui.said("\n".join(summary_lines(chat, turn)))
                    st.caption("Stop: every required fact is collected.")
                elif turn.result.decision == "stop":
                    st.caption("Stop: every required fact is collected.")
                else:
                    ui.said(turn.result.next_question)
                if turn.corpus_agent:
                    st.caption("The corpus agent said:")
                    ui.said(turn.corpus_agent)
                evidence(turn, tier, number)
    with board:
        st.subheader("Checklist")
        if last is not None:
            intent_line(chat, last)
            if note := st.session_state.pop("chat_intent_note", None):
                st.info(note)
            if last.gold_decision:
                st.markdown(f"Gold decision: **{last.gold_decision}**")
            table = checklist_table(chat, len(chat.turns))
            if table.empty:
                st.caption("The checklist appears once the intent is settled.")
                table = pd.DataFrame(columns=["fact", "collected", "customer's words", "this turn"])
            shown = [c for c in table.columns if c != "this turn"]  # the colour says it
            ui.table(highlight(table), key="chat_board", column_order=shown)
            if (table["this turn"] != "").any():
                st.caption("Green: collected on this turn · yellow: changed on this turn · red: dropped.")
            elif not chat.done:
                st.caption("This turn collected nothing new.")
        elif chat.replay:
            st.caption("Nothing replayed yet: press Next turn.")
        else:
            st.caption("Nothing said yet: type the customer's first message below.")

    if kind == "replay" and not chat.replay:
        st.info("The replay tier re-serves the replies a run recorded for corpus cases: switch on the replay "
                "of a real conversation above and load one.")
    elif chat.done and not chat.replay:
        st.success("This conversation has ended: every required fact is collected and the customer was shown "
                   "the summary. Start a new conversation to try another.")
        st.chat_input("The conversation has ended", key="chat_text", disabled=True)
    elif not chat.replay and (text := st.chat_input("Type as the customer…", key="chat_text")):
        try:
            chat.say(text)
        except ValueError as exc:  # refused before it joined the conversation: say why, keep the words
            st.error(f"Not sent: {ui.sentence(exc)}")
            with st.expander("Your message, kept so you can shorten it"):
                st.code(text, language=None, wrap_lines=True)
        else:
            st.session_state.chat_id = st.session_state.chat_id or chat_log.new_id()
            try:
                chat_log.save(ui.store(), st.session_state.chat_id, chat, st.session_state.chat_picked)
                st.query_params["conversation"] = st.session_state.chat_id
            except PermissionError as exc:  # a read-only store still chats; it only cannot keep the chat
                st.session_state.chat_error = None
                st.toast(ui.sentence(exc))
            st.rerun()
