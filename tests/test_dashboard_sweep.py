"""Every page, and the chat over every service in the list, read as a product manager reads them: no
exception, no traceback, no `nan`, no module path, no command-line flag outside a command to copy."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard import ui

APP = Path(__file__).resolve().parent.parent / "dashboard" / "app.py"
PAGES = ("chat", "runs", "cases", "compare", "cost", "redteam", "contract", "generality")
BAD = re.compile(r"\bnan\b|Traceback|\bcore\.[a-z_]+\b|[A-Z][a-z]+Error\b|\bNone\b|\bNaT\b|<NA>|(?<![\w-])--[a-z]{2,}")


def everything(at: AppTest) -> list[tuple[str, str]]:
    """Every text on screen: elements, widget labels and options, table cells (text columns)."""
    kinds = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error", "text")
    kinds = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error", "text")
    texts = [(kind, str(el.value)) for kind in kinds for el in getattr(at, kind)]
    texts += [("tab", tab.label) for tab in at.tabs] + [("expander", exp.label) for exp in at.expander]
    for box in at.selectbox:
        texts += [("selectbox", box.label), *(("option", str(o)) for o in box.options)]
    for frame in [*at.dataframe, *at.table]:
        value = frame.value
        data = value.data if hasattr(value, "data") else value  # a Styler holds its frame
        texts += [("column", str(c)) for c in data.columns]
        for column in data.columns:
            if data[column].dtype == object:
                cells = data[column]
                assert not cells.map(lambda v: isinstance(v, float) and pd.isna(v)).any(), f"a nan cell in {column}"
                texts += [(f"cell of {column}", str(v)) for v in cells]
    return texts


def clean(at: AppTest, where: str) -> None:
    assert not at.exception, (where, [e.value for e in at.exception])
    for kind, text in everything(at):
        body = re.sub(r"`[^`]*`", "", text)  # a command to copy may name flags and modules; nothing else may
        assert not BAD.search(body), (where, kind, text[:300])


@pytest.fixture()
def filled(dashboard_filled) -> Path:
    return dashboard_filled[0]


def open_app(monkeypatch, db: Path) -> AppTest:
    monkeypatch.setenv("RUNS_DB", str(db))
    monkeypatch.setenv("CHAT_INTAKE_BOOTSTRAP", "0")
    st.cache_data.clear()
    return AppTest.from_file(str(APP), default_timeout=60).run()


@pytest.mark.parametrize("page", PAGES)
def test_every_page_reads_clean_on_a_filled_and_an_empty_store(monkeypatch, filled, tmp_path, page):
    for db in (filled, tmp_path / "empty.duckdb"):
        at = open_app(monkeypatch, db)
        if page != "chat":
            at.switch_page(f"views/{page}.py").run()
        clean(at, f"{page} on {db.name}")


def test_chat_over_every_service_in_the_list(monkeypatch, tmp_path):
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    at.toggle(key="chat_all_services").set_value(True).run()
    services = at.selectbox(key="chat_service").options
    assert len(services) == len(ui.services())
    ready = 0
    for label in services:
        at.selectbox(key="chat_service").select(label.split(" — ")[0]).run()
        clean(at, label)
        if "no dialogues here" in label:
            assert "has no dialogues on this machine" in "\n".join(i.value for i in at.info)
            assert not at.chat_input
        else:
            ready += 1
            assert at.chat_input(key="chat_text") and not at.error
    assert ready >= 1


def test_chat_on_every_tier_says_in_one_sentence_what_it_needs(monkeypatch, tmp_path):
    monkeypatch.setenv("CHAT_INTAKE_SECRETS", str(tmp_path / "no-secrets.toml"))
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "LOCAL_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    at = open_app(monkeypatch, tmp_path / "runs.duckdb")
    for tier in at.selectbox(key="chat_tier").options:
        at.selectbox(key="chat_tier").select(tier.split(" — ")[0].split(" (")[0]).run()
        clean(at, tier)
        assert len(at.error) <= 1
        if " — " in tier:  # a tier that cannot answer here says so before anything is typed
            assert len(at.error) == 1 and at.error[0].value.count(". ") <= 2 and not at.chat_input
