"""What fuzzing the email found, each as the smallest input that showed it."""

from __future__ import annotations

from adapters.email.addressing import sender_of
from adapters.email.compose import reply_subject
from adapters.email.inbound import (
    LONGEST_BODY,
    LONGEST_HEADER,
    body_text,
    message_key,
    parse_message,
)

# -- email -----------------------------------------------------------------------------------------


def test_a_message_id_the_header_parser_chokes_on_is_read_as_text() -> None:
    raw = b"From: ana@example.org\nMessage-ID: <>\n\npass\n"
    assert message_key(raw) == "<>"  # Python's parser raised IndexError


def test_a_sender_no_answer_could_be_written_to_is_no_sender() -> None:
    for header in ("ja\x85x@example.org", "a\x1ab@example.org", "(" * 5000, "a b@c"):
        assert sender_of(parse_message(f"From: {header}\n\nx\n".encode()))[1] == ""
    assert sender_of(parse_message(b"From: Ana <Ana@Example.org>\n\nx\n"))[1] == "ana@example.org"


def test_a_subject_with_control_characters_answers_on_one_line() -> None:
    assert reply_subject("a\x1cb\r\nc") == "Re: a b c"


def test_only_the_start_of_a_huge_header_or_body_is_read() -> None:
    raw = f"From: ana@example.org\nSubject: {'x ' * 40_000}\n\npass\n{'y' * 70_000}\n".encode()
    message = parse_message(raw)
    assert len(str(message["Subject"])) <= LONGEST_HEADER  # parsing all of it took 0.7 s
    assert len(body_text(message)) == LONGEST_BODY
