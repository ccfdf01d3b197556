"""Fuzzing every inbound surface (issue 9, part 4): 20,000 hypothesis cases each, derandomized
(``inputs.EXAMPLES``), both for each parsing layer and for the whole path through a database and
a server — Telegram updates, mail, API requests (``inputs.PIPELINE_EXAMPLES``).

Each test builds its surface once (a database, a bot, a web app …) and runs its cases against it;
``check`` raises on an unexpected exception, a failure logged by a channel, an unanswered sender,
a refusal that changed something or an answer outside a channel's limits.  ``make fuzz``
(``run.py``) runs more cases, from a fresh seed, and times the slowest answer.
"""

from __future__ import annotations

from pathlib import Path

from tests.reliability.fuzz.bot_updates import ButtonData, UpdateReading, Updates
from tests.reliability.fuzz.commands import Commands
from tests.reliability.fuzz.data_mail import DataMail
from tests.reliability.fuzz.inputs import fuzz
from tests.reliability.fuzz.logs import Logs
from tests.reliability.fuzz.mail import Mail, MailReading
from tests.reliability.fuzz.push_forms import PushForm
from tests.reliability.fuzz.talk_forms import TalkForm
from tests.reliability.fuzz.web_api import Api, BodyReading
from tests.reliability.fuzz.web_forms import MoveForm, PlayerNames


def test_text_commands_are_parsed_or_refused_and_a_refusal_changes_nothing() -> None:
    fuzz(Commands())


def test_any_button_data_decodes_to_a_press_or_to_nothing() -> None:
    fuzz(ButtonData())


def test_the_processor_reads_any_update_the_webhook_lets_through() -> None:
    fuzz(UpdateReading())


def test_any_bytes_are_read_as_a_mail() -> None:
    fuzz(MailReading())


def test_any_body_is_read_field_by_field_or_refused_with_a_json_error() -> None:
    fuzz(BodyReading())


def test_every_telegram_update_is_stored_and_answered_without_a_failure(tmp_path: Path) -> None:
    surface = Updates(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_every_mail_is_handled_without_a_failure_and_a_refusal_moves_nothing(
    tmp_path: Path,
) -> None:
    surface = Mail(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_data_commands_by_mail_act_once_for_the_proven_player_and_answer_once_a_day(
    tmp_path: Path,
) -> None:
    surface = DataMail(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_every_api_request_is_answered_or_refused_with_a_json_error(tmp_path: Path) -> None:
    surface = Api(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_every_name_sent_to_the_api_is_registered_clean_or_refused(tmp_path: Path) -> None:
    surface = PlayerNames(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_every_move_form_is_played_or_refused_with_its_status_and_changes_nothing(
    tmp_path: Path,
) -> None:
    surface = MoveForm(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_every_talk_form_is_told_once_or_refused_with_its_status_and_tells_nothing(
    tmp_path: Path,
) -> None:
    surface = TalkForm(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_every_push_form_stores_only_an_endpoint_the_worker_may_post_to_and_stops_only_its_own(
    tmp_path: Path,
) -> None:
    surface = PushForm(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()


def test_every_log_file_verifies_or_is_refused(tmp_path: Path) -> None:
    surface = Logs(tmp_path)
    try:
        fuzz(surface)
    finally:
        surface.close()
