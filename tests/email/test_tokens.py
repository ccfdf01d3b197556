"""Reply tokens: issued tokens verify for their game and player only, altered ones never, keys
rotate without breaking tokens already sent, and random tokens are all refused."""

from __future__ import annotations

import random
import string

import pytest

from adapters.email.addressing import Addresses
from adapters.email.tokens import TokenError, TokenKeys, parse_token

KEYS = TokenKeys.parse("k1:0123456789abcdef0123456789abcdef")
OURS = Addresses("conquian.test", "conquian@conquian.test")


def test_an_issued_token_verifies_for_its_game_and_player() -> None:
    token = KEYS.issue(7, "a1b2c3d4e5f60718", "p0011223344556677", 42)
    read = parse_token(str(token))
    assert read == token and (read.thread, read.version) == (7, 42)
    KEYS.verify(read, "a1b2c3d4e5f60718", "p0011223344556677")


@pytest.mark.parametrize(
    ("game", "player"), [("a1b2c3d4e5f60719", "p0011223344556677"), ("a1b2c3d4e5f60718", "p1")]
)
def test_a_token_does_not_verify_for_another_game_or_player(game: str, player: str) -> None:
    token = KEYS.issue(7, "a1b2c3d4e5f60718", "p0011223344556677", 42)
    with pytest.raises(TokenError):
        KEYS.verify(token, game, player)


def test_the_reply_address_is_lower_case_and_short_enough() -> None:
    token = KEYS.issue(2**34, "g" * 64, "p" * 64, 2**40)
    address = OURS.reply(token)
    local = address.split("@")[0]
    assert address == address.lower() and len(local) <= 64
    assert len(token.mac) == 26  # 128 bits in base 32
    assert OURS.tag(address.upper()) is not None  # a mail system that shouts still matches


@pytest.mark.parametrize("position", range(0, 40, 3))
def test_any_changed_character_is_refused(position: int) -> None:
    token = str(KEYS.issue(7, "g1", "p1", 42))
    position %= len(token)
    swapped = "b" if token[position] != "b" else "c"
    altered = token[:position] + swapped + token[position + 1 :]
    with pytest.raises(TokenError):
        read = parse_token(altered)
        KEYS.verify(read, "g1", "p1")


def test_a_higher_version_in_an_old_token_is_refused() -> None:
    token = KEYS.issue(7, "g1", "p1", 42)
    forged = parse_token(str(token).replace("-16-", "-17-"))
    with pytest.raises(TokenError):
        KEYS.verify(forged, "g1", "p1")


def test_keys_rotate_without_breaking_tokens_already_sent() -> None:
    old = KEYS.issue(7, "g1", "p1", 3)
    rotated = TokenKeys.parse(
        "k2:fedcba9876543210fedcba9876543210, k1:0123456789abcdef0123456789abcdef"
    )
    new = rotated.issue(7, "g1", "p1", 3)
    assert new.key_id == "k2" and old.key_id == "k1"
    rotated.verify(old, "g1", "p1")
    rotated.verify(new, "g1", "p1")
    dropped = TokenKeys.parse("k2:fedcba9876543210fedcba9876543210")
    with pytest.raises(TokenError, match="no longer accepted"):
        dropped.verify(old, "g1", "p1")


def test_a_key_must_be_long_enough() -> None:
    with pytest.raises(ValueError, match="too short"):
        TokenKeys.parse("k1:short")


def test_ten_thousand_random_tokens_are_all_refused() -> None:
    rng = random.Random(20261130)
    alphabet32 = "abcdefghijklmnopqrstuvwxyz234567"
    refused = 0
    for _ in range(10_000):
        # shaped like real tokens (so they reach the signature check), and a few shapeless ones
        text = (
            f"{rng.randrange(1, 5000):x}-{rng.randrange(1, 300):x}-k1-"
            + "".join(rng.choice(alphabet32) for _ in range(26))
            if rng.random() < 0.9
            else "".join(
                rng.choice(string.ascii_lowercase + string.digits + "-") for _ in range(40)
            )
        )
        try:
            KEYS.verify(parse_token(text), "g1", "p1")
        except TokenError:
            refused += 1
    assert refused == 10_000
