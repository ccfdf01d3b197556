"""The catalogs: every message the code can say is translated into every language, completely.

Checked on the committed files, as ``make messages`` leaves them: the template holds every message
marked in the code and templates (extracted here again, so a string marked after the last
``make messages`` fails), each language's ``.po`` translates every one of them (no empty or fuzzy
entry), plural entries have as many forms as the language's CLDR plural rule, a translation uses
exactly the placeholders of its original, and the compiled ``.mo`` says what the ``.po`` says.
The command words of all languages are read together, so none may mean two commands.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from service.language.notation import CardSpellingError, parse_card
from service.language.translation import LANGUAGES, LOCALES, translator
from service.language.vocabulary import spelled, suit_names, with_suits
from service.language.vocabulary import word as command_word
from service.rules.variants import DeckFaces

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [language for language in LANGUAGES if language != "en"]
_PERCENT = re.compile(r"%\((\w+)\)[sd]")


def _po(language: str) -> Catalog:
    with open(LOCALES / language / "LC_MESSAGES" / "messages.po", "rb") as file:
        return read_po(file, locale=language)


def _template() -> Catalog:
    with open(LOCALES / "messages.pot", "rb") as file:
        return read_po(file)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)


def _forms(message: Message) -> tuple[str, ...]:
    string = message.string
    return tuple(string) if isinstance(string, tuple | list) else (string,)


def placeholders(text: str) -> set[str]:
    """The named fields of a ``str.format`` message and the ``%(name)s`` of a template's."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return names | set(_PERCENT.findall(text))


def test_the_template_holds_every_marked_message() -> None:
    template = {(m.context, _ids(m)[0]) for m in _template() if m.id}
    method_map = [
        ("service/**.py", "python"),
        ("adapters/**.py", "python"),
        ("adapters/web/templates/**.html", "jinja2"),
    ]
    marked = {
        (context, message if isinstance(message, str) else message[0])
        for _, _, message, _, context in extract_from_dir(ROOT, method_map)
    }
    assert marked - template == set(), "run make messages"


_MARKERS = {"_", "N_", "gettext", "ngettext", "pgettext"}


def marked_in_code(path: Path) -> set[tuple[str | None, str]]:
    """Every literal message given to a gettext call in a Python file, read from its syntax tree.

    Babel's extractor reads tokens, and on Python 3.11 an f-string is a single token: a call
    inside one (``f"{tr.gettext('stock {count}')}"``) never reached the catalogs, and its words
    stayed English in every language.  The tree sees every call, wherever it is written."""
    found: set[tuple[str | None, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
        if name not in _MARKERS:
            continue
        context, message = (
            (args[0], args[1] if len(args) > 1 else None) if name == "pgettext" else (None, args[0])
        )
        if isinstance(message, str):
            found.add((context, message))
    return found


def test_the_template_holds_every_message_the_code_asks_for_even_inside_f_strings() -> None:
    template = {(m.context, _ids(m)[0]) for m in _template() if m.id}
    files = sorted((ROOT / "service").rglob("*.py")) + sorted((ROOT / "adapters").rglob("*.py"))
    missing = {
        (path.relative_to(ROOT).as_posix(), message)
        for path in files
        for context, message in marked_in_code(path)
        if (context, message) not in template
    }
    assert missing == set(), "move the call out of the f-string, then run make messages"


def test_the_syntax_tree_reader_finds_a_call_hidden_in_an_f_string(tmp_path: Path) -> None:
    source = tmp_path / "hidden.py"
    source.write_text("x = f\"<b>{tr.gettext('stock {count}', count=3)}</b>\"\n")
    assert marked_in_code(source) == {(None, "stock {count}")}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    catalog = _po(language)
    wanted = {(m.context, _ids(m)[0]) for m in _template() if m.id}
    have = {
        (m.context, _ids(m)[0])
        for m in catalog
        if m.id and all(form.strip() for form in _forms(m)) and not m.fuzzy
    }
    assert sorted(wanted - have, key=str) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_entries_have_the_forms_the_language_needs(language: str) -> None:
    catalog = _po(language)
    assert catalog.num_plurals == get_plural(language).num_plurals, catalog.plural_forms
    for message in catalog:
        if message.id and message.pluralizable:
            assert len(_forms(message)) == catalog.num_plurals, message.id


def test_spanish_and_ukrainian_have_three_plural_forms_and_malay_one() -> None:
    assert [_po(one).num_plurals for one in ("es", "uk", "ms")] == [3, 3, 1]


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders_of_the_original(language: str) -> None:
    wrong = []
    for message in _po(language):
        if not message.id:
            continue
        wanted = set().union(*(placeholders(one) for one in _ids(message)))
        for form in _forms(message):
            if placeholders(form) != wanted:
                wrong.append((_ids(message)[0], form))
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_says_what_the_po_says(language: str) -> None:
    with open(LOCALES / language / "LC_MESSAGES" / "messages.mo", "rb") as file:
        compiled = {(m.context, _ids(m)[0]): _forms(m) for m in read_mo(file) if m.id}
    written = {(m.context, _ids(m)[0]): _forms(m) for m in _po(language) if m.id}
    assert compiled == written, "run make messages"


def test_no_command_word_means_two_commands_or_a_card() -> None:
    meaning: dict[str, str] = {}
    clashes = []
    for language in LANGUAGES:
        for english, words in spelled(translator(language)).items():
            for word in (one.strip().lower() for one in words.split("|")):
                if meaning.setdefault(word, english) != english:
                    clashes.append((language, word, english, meaning[word]))
                for faces in DeckFaces:
                    try:
                        parse_card(word, faces)
                        clashes.append((language, word, english, "a card"))
                    except CardSpellingError:
                        pass
    assert clashes == []


def test_every_languages_suit_names_spell_cards() -> None:
    for language in LANGUAGES:
        for symbol, names in suit_names(translator(language)).items():
            for name in names.split("|"):
                assert with_suits(["7", name.lower()]) == [f"7{symbol}"], (language, name)
    assert with_suits(["7", "de", "copas", "discard", "k", "picas"]) == ["7♥", "discard", "k♠"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_command_word_is_the_first_of_its_spellings_and_only_commands_have_one(
    language: str,
) -> None:
    """``word`` looks one command up (issue 35: not every command's spellings per word)."""
    tr = translator(language)
    for english, words in spelled(tr).items():
        assert command_word(tr, english) == words.split("|")[0].strip()
    with pytest.raises(KeyError):
        command_word(tr, "no such command")
