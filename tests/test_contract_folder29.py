"""Contract checks tuned on contract folder 29, each beside the plain statement it imitates (our own wording,
invented schemas)."""

from __future__ import annotations

from core.checklist import Checklist
from core.contract import VALUE_ONLY_IN_AGENT_WORDS
from tests.talking import codes

FERRIES = Checklist.from_schema({
    "service_name": "Ferries_9",
    "slots": [
        {"name": "sail_day", "description": "Date of the crossing", "is_categorical": False},
        {"name": "sail_hour", "description": "Time of the crossing", "is_categorical": False},
        {"name": "riders", "description": "Number of people on the crossing", "is_categorical": True,
         "possible_values": ["1", "2", "3", "4"]},
    ],
    "intents": [{"name": "BookCrossing", "required_slots": ["sail_day"],
                 "optional_slots": {"sail_hour": "", "riders": "1"}, "is_transactional": True}],
})


def test_a_reply_giving_another_day_turns_the_offered_one_down() -> None:
    # the day was taken for another task, then offered for this one and answered with another day
    taken = ("There is a concert on May 9th at the pier.", ()), "Great, I'd love that. Can I sail there?"
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th?", ("sail_day",)),
                 "I'd rather go the 8th.") == [VALUE_ONLY_IN_AGENT_WORDS]
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th? At what hour?",
                                                            ("sail_day", "sail_hour")),
                 "Leaving the 8th at noon.") == [VALUE_ONLY_IN_AGENT_WORDS]
    # the plain statement: an answer naming the offered day again, or giving only the hour asked beside it
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th?", ("sail_day",)),
                 "Yes, the 9th please.") == []
    assert codes(FERRIES, {"sail_day": "May 9th"}, *taken, ("Sailing on May 9th? At what hour?",
                                                            ("sail_day", "sail_hour")),
                 "Yes please, at noon.") == []
