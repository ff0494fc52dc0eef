"""Contract: the answer contract against its contaminated fixtures, once such runs exist."""

import streamlit as st

from dashboard import ui

st.title("Answer contract")
st.caption("Bad answers written on purpose, each with the code that must reject it, "
           "and clean answers that must pass.")
ui.kind_results("contract", "Contract", "python -m evals contract")
