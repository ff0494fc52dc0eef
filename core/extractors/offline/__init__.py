"""The offline tier: a deterministic extractor with no key, no network and no service code.

`extractor` reads a conversation turn by turn; `line` reads one customer line; the other modules
each answer one question about a line (`unsaid`: what is not the customer's own words; `elsewhere`:
which sentences are about another time or person; `polarity`: what is denied or supposed; `plain`:
what is only offered or in another language; `names`, `values`: spans of names, places, amounts,
dates and times; `closed`, `owner`: vocabulary values and whose they are; `roles`: start or end;
`proposal`: a value the agent proposed; `profile`: what the tier reads from a checklist).
"""

from core.extractors.offline.extractor import DONE, VERSION, OfflineExtractor, extract_facts

__all__ = ["DONE", "VERSION", "OfflineExtractor", "extract_facts"]
