"""The offline tier: a deterministic extractor with no key, no network and no service code.

`extractor` reads a conversation turn by turn; `line` reads one customer line; the other modules
each answer one question about a line (`unsaid`: what is not the customer's own words; `elsewhere`:
which sentences are about another time or person; `polarity`: what is denied or supposed; `plain`:
what is only offered or in another language; `names`, `values`: spans of names, places, amounts,
dates and times; `closed`, `owner`: vocabulary values and whose they are; `roles`: start or end;
`proposal`: a value the agent proposed; `kinds`: what kind of value a fact holds, `fact_kind`;
`profile`: what the tier reads from a checklist).

Where it reads English only: the kinds (head nouns of descriptions), negation, conditions and
permissions (`polarity`), tense and subjects (`elsewhere`), acceptance (`core.acceptance`), number
words, month and weekday names, and the cue words before names and places. A line in another
language is not read as stating a value (`plain`), so the agent asks again rather than stop.
"""

from core.extractors.offline.extractor import DONE, VERSION, OfflineExtractor, ends_task, extract_facts

__all__ = ["DONE", "VERSION", "OfflineExtractor", "ends_task", "extract_facts"]
