"""A player's language and card faces are theirs: ``lang es`` and ``faces spanish`` change only
their own profile; their view is then spelled in the Spanish deck while the opponent keeps the
French one, their commands are read in the faces they see, and their notices are in their
language while the opponent's stay English."""

from __future__ import annotations

import random

import pytest

from service.bots.policies import greedy_bot
from service.game.errors import BadSetting
from service.language.notation import card_text
from service.language.translation import translator
from service.ports.protocols import Notification
from service.rules.variants import DeckFaces
from service.words.prompts import action_text
from tests.service.test_settings_commands import Pair


@pytest.fixture
def pair() -> Pair:
    return Pair()


def test_lang_and_faces_change_only_the_players_own_profile(pair: Pair) -> None:
    pair.service.act(pair.game_id, pair.ana, "idioma es")  # the Spanish word for lang
    pair.service.act(pair.game_id, pair.ana, "faces spanish")

    ana, ben = pair.directory.profile(pair.ana), pair.directory.profile(pair.ben)
    assert (ana.language, ana.card_faces) == ("es", "spanish")
    assert (ben.language, ben.card_faces) == ("en", "")


def test_each_player_reads_and_types_the_cards_in_their_own_faces(pair: Pair) -> None:
    pair.service.act(pair.game_id, pair.ana, "faces spanish")
    _, anas = pair.service.view(pair.game_id, pair.ana)
    _, bens = pair.service.view(pair.game_id, pair.ben)
    assert anas.variant.deck_faces is DeckFaces.SPANISH
    assert bens.variant.deck_faces is DeckFaces.FRENCH
    assert anas.hand == pair.service.view(pair.game_id, pair.ana)[1].hand

    rng = random.Random(1)
    for _ in range(12):
        player = pair.on_move()
        _, view = pair.service.view(pair.game_id, player)
        command = action_text(greedy_bot(view, rng), view.variant.deck_faces)
        before = pair.service.game(pair.game_id).version
        pair.service.act(pair.game_id, player, command)
        assert pair.service.game(pair.game_id).version > before, command
        if pair.service.game(pair.game_id).status != "playing":
            break


def test_notices_are_in_each_players_language(pair: Pair) -> None:
    pair.service.act(pair.game_id, pair.ben, "lang uk")
    game = pair.service.game(pair.game_id)
    for player, language in ((pair.ana, "en"), (pair.ben, "uk")):
        notice = pair.service.notice(Notification(player, pair.game_id, 1, game.version))
        assert notice.language == language
        started = translator(language).gettext("The match begins; {player} deals first.")
        assert any(line.startswith(started.split("{")[0]) for line in notice.news), notice.news


def test_an_unknown_language_or_deck_is_refused_with_the_choices(pair: Pair) -> None:
    with pytest.raises(BadSetting):
        pair.service.act(pair.game_id, pair.ana, "lang klingon")
    with pytest.raises(BadSetting):
        pair.service.act(pair.game_id, pair.ana, "faces tarot")
    assert card_text(0, DeckFaces.SPANISH) == "1B"


def test_cards_may_be_typed_with_the_suits_name_in_any_language(pair: Pair) -> None:
    names = {"C": "tréboles", "D": "de diamantes", "H": "черви", "S": "हुकुम"}
    player = pair.on_move()
    _, view = pair.service.view(pair.game_id, player)
    faces = view.variant.deck_faces
    english = max((action_text(a, faces) for a in view.legal_actions), key=len)
    assert len(english.split()) > 2, english
    spelled = " ".join(
        f"{word[:-1]} {names[word[-1]]}" if word[-1] in names and word[:-1].isalnum() else word
        for word in english.split()
    )
    spelled = spelled.replace("take", "tomar").replace("discard", "descartar")
    before = pair.service.game(pair.game_id).version

    pair.service.act(pair.game_id, player, spelled)

    assert pair.service.game(pair.game_id).version > before, spelled
