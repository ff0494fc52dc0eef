"""Chat Intake dashboard: routes only. Start with `streamlit run dashboard/app.py`.

The pages lay out; `core` computes. On first start with an empty store the embedded default
(Banks_1 floors and an offline run) is recorded, with progress shown.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `streamlit run` puts dashboard/ first, not the project
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from dashboard import ui  # noqa: E402

st.set_page_config(page_title="Chat Intake", page_icon=":material/checklist:", layout="wide")
ui.ensure_default_store()

PAGES = [
    st.Page("views/chat.py", title="Chat", icon=":material/chat:", default=True),
    st.Page("views/runs.py", title="Runs", icon=":material/history:"),
    st.Page("views/cases.py", title="Cases", icon=":material/fact_check:"),
    st.Page("views/compare.py", title="Compare", icon=":material/compare_arrows:"),
    st.Page("views/cost.py", title="Cost", icon=":material/payments:"),
    st.Page("views/redteam.py", title="Red team", icon=":material/shield:"),
    st.Page("views/contract.py", title="Contract", icon=":material/rule:"),
    st.Page("views/generality.py", title="Generality", icon=":material/public:"),
]
st.navigation(PAGES).run()
