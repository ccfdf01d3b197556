"""The deployment files agree with the code: every setting is in the environment example with
its default, and every role they start is one ``conquian serve`` has."""

from __future__ import annotations

import re

from adapters.cli.serve import ROLES
from adapters.config import Settings
from tests.web.conftest import ROOT

DEPLOY = ROOT / "deploy"


def example() -> dict[str, str]:
    lines = (DEPLOY / "conquian.env.example").read_text(encoding="utf-8").splitlines()
    pairs = (line.split("=", 1) for line in lines if re.match(r"CONQUIAN_\w+=", line))
    return {name: value for name, value in pairs}


def test_the_environment_example_lists_every_setting_with_its_default() -> None:
    read = set(re.findall(r'"(CONQUIAN_[A-Z_]+)"', (ROOT / "adapters" / "config.py").read_text()))
    listed = example()
    assert read <= set(listed), f"missing from the example: {sorted(read - set(listed))}"
    assert Settings.from_env(listed) == Settings.from_env({})


def test_the_settings_that_turn_channels_on_are_in_the_example() -> None:
    switches = {"CONQUIAN_TELEGRAM_TOKEN", "CONQUIAN_MAIL_DOMAIN", "CONQUIAN_SMTP_HOST"}
    assert switches | {"CONQUIAN_IMAP_HOST"} <= set(example())


def test_compose_and_systemd_start_only_roles_that_exist() -> None:
    texts = [(DEPLOY / "compose.yaml").read_text()]
    texts += [unit.read_text() for unit in (DEPLOY / "systemd").glob("*.service")]
    started = {role for text in texts for role in re.findall(r'--role"?,? "?(\w+)', text)}
    assert started == set(ROLES)
