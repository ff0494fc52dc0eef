"""Chat Intake core: checklist, corpus, one turn, grading and the run store.

Nothing in this package imports streamlit; the dashboard and the CLI sit on top of it.
"""
