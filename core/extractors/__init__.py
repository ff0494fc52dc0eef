"""Extractors: one call each, conversation in, extraction out."""
