"""Red team: attacks typed by the customer, each against its control, once such runs exist."""

import streamlit as st

from dashboard import ui

st.title("Red team")
st.caption("A defeat counts only where the attack broke the turn and its control did not; "
           "each attack runs several attempts, so every rate carries an interval.")
ui.kind_results("redteam", "Red team", "python -m evals redteam --tier offline --attempts 3")
