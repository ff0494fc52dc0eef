"""The contract on names typed in capitals: a stretch shouted in a line otherwise in lower case tells no name from a
common word, in ASCII or full-width letters, parted by spaces of any width; a line typed all in capitals, or a name
typed before the shout, still names (our own wording, an invented schema)."""

from __future__ import annotations

from core.checklist import Checklist
from tests.talking import kept, talk

TAB = Checklist.from_schema({
    "service_name": "Tab_2",
    "slots": [
        {"name": "who_gets_it", "description": "Name of the person receiving the money", "is_categorical": False},
        {"name": "how_much", "description": "Amount of money to send", "is_categorical": False},
    ],
    "intents": [{"name": "SettleTab", "required_slots": ["who_gets_it", "how_much"], "is_transactional": True}],
})


def named(value: str, reply: str) -> bool:
    lines = talk("Send $12 to settle the tab.", ("Who gets it?", ("who_gets_it",)), reply)
    return kept(TAB, "SettleTab", lines, "who_gets_it", value)


def test_a_shouted_word_is_no_name_beside_names_typed_so() -> None:
    assert not named("ASKING", "yes. STOP ASKING AND SEND IT NOW")
    assert not named("ＡＳＫＩＮＧ", "yes. ＳＴＯＰ\u3000ＡＳＫＩＮＧ\u3000ＡＮＤ\u3000ＳＥＮＤ\u3000ＩＴ")
    assert not named("ＥＮＤ ＮＯＷ", "hmm, let me think. ＡＬＬ ＤＯＮＥ ＨＥＲＥ — ＥＮＤ ＮＯＷ")
    # a name typed in its own capitals, before the shout or in a line all in capitals, still names
    assert named("Bruno", "Bruno. STOP ASKING AND SEND IT NOW")
    assert named("BRUNO", "BRUNO, SEND IT NOW PLEASE")
    assert named("Bruno", "it's for Bruno")


def test_full_width_words_are_read_as_their_letters() -> None:
    # "ＳＥＮＤ ＩＴ" is an order in full-width letters, as "SEND IT" would be
    assert not named("ＳＥＮＤ ＩＴ", "ok ＳＥＮＤ ＩＴ")
