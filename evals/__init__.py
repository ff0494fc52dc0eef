"""`python -m evals`: thin commands over core."""
