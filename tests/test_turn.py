"""One turn: the stop rule, failed extractions degrading to ask, escalation."""

from core.checklist import Checklist
from core.corpus import Line
from core.extraction import EMPTY_REPLY, UNPARSEABLE, Extraction
from core.turn import next_question, take_turn
from tests.test_checklist import SCHEMA

CHECKLIST = Checklist.from_schema(SCHEMA)
LINES = (Line("customer", "Lend me $500 over 12 months"),)


class Scripted:
    """An extractor that answers from a script: real parts, no model."""

    tier, kind = "scripted", "offline"

    def __init__(self, *answers: Extraction) -> None:
        self.answers = list(answers)

    def extract(self, request) -> Extraction:
        return self.answers.pop(0)


def test_stop_when_the_checklist_is_full_and_only_then():
    result = take_turn(CHECKLIST, "Apply", LINES, Scripted(Extraction({"amount": "$500", "term": "12"})))
    assert (result.decision, result.missing, result.next_question) == ("stop", [], None)
    result = take_turn(CHECKLIST, "Apply", LINES, Scripted(Extraction({"amount": "$500"})))
    assert result.decision == "ask" and result.missing == ["term"]
    assert result.next_question == "Could you tell me loan term (12 or 24)?"


def test_contract_rejections_never_count_towards_stop():
    invented = Extraction({"amount": "$900", "term": "12"})  # $900 was never said
    result = take_turn(CHECKLIST, "Apply", LINES, Scripted(invented))
    assert result.decision == "ask" and result.collected == {"term": "12"}
    assert result.codes == ["value_not_in_conversation"]


def test_failed_replies_degrade_to_ask_and_escalate_after_two():
    carried = {"amount": "$500", "term": "12"}  # even a full carried checklist does not stop on a failure
    first = take_turn(CHECKLIST, "Apply", LINES, Scripted(Extraction({}, status=UNPARSEABLE)), carried=carried)
    assert first.decision == "ask" and first.failed_streak == 1 and not first.escalated
    second = take_turn(CHECKLIST, "Apply", LINES, Scripted(Extraction({}, status=EMPTY_REPLY)),
                       failed_before=first.failed_streak)
    assert second.decision == "ask" and second.escalated and "a person" in second.next_question
    recovered = take_turn(CHECKLIST, "Apply", LINES, Scripted(Extraction({"amount": "$500"})),
                          failed_before=second.failed_streak)
    assert recovered.failed_streak == 0 and not recovered.escalated


def test_questions_come_from_the_facts_descriptions():
    question = next_question(CHECKLIST, "Apply", ["amount", "term"])
    assert question.startswith("Could you tell me the amount to borrow?")
    assert "1 more detail" in question


def test_a_failed_reply_over_a_full_carried_checklist_still_asks_a_question():
    carried = {"amount": "$500", "term": "12"}
    first = take_turn(CHECKLIST, "Apply", LINES, Scripted(Extraction({}, status=UNPARSEABLE)), carried=carried)
    assert first.decision == "ask" and first.missing == [] and "correct?" in first.next_question
    second = take_turn(CHECKLIST, "Apply", LINES, Scripted(Extraction({}, status=EMPTY_REPLY)), carried=carried,
                       failed_before=first.failed_streak)
    assert second.escalated and "a person" in second.next_question


def test_descriptions_about_the_user_are_said_to_the_customer():
    schema = {**SCHEMA, "slots": [{**SCHEMA["slots"][0], "description": "The account type of the user"},
                                  *SCHEMA["slots"][1:]]}
    question = next_question(Checklist.from_schema(schema), "Apply", ["amount"])
    assert question == "Could you tell me your account type?"
