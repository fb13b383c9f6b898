"""English left on a page: which of the school's English sentences a page's visible text
still shows (issue 27: a page in French or Spanish should show none).

The English is every catalog entry (each package's registered messages, plural forms too),
every English Markdown cell of the notebooks (``tutorial/locale/*.po``'s msgids) and the
learning path's step titles (``tutorial/path.toml``, shown on the landing page and in the
lessons' bars: English only, no message id). An
entry's placeholders become wildcards; an entry with at least :data:`WORDS` words of its
own is looked for anywhere in the text, a shorter one (a button's label: "Next hand") only
as a whole line, so that an English word used in French ("Score") is not taken for a
sentence. An entry whose translation is the English itself (a rule id, a deal code, a
language's own name, "Mililla") is no English left, nor is a short one that is also the
translation of some entry in the page's language.

    >>> found = english_left("Piochez d'abord.\\nNext hand", "fr")  # doctest: +SKIP
    >>> [str(f) for f in found]  # doctest: +SKIP
    ['Next hand (mille:…)']
"""

from __future__ import annotations

import html
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from string import Formatter

from babel.messages.pofile import read_po

from cardschool.engine.languages import LANGUAGES, SOURCE
from cardschool.widgets.language_files import (
    TUTORIAL,
    english_entries,
    notebook_catalogs,
    package_catalogs,
)

__all__ = ["WORDS", "Leftover", "english_left", "english_patterns", "path_titles"]

WORDS = 3
"""The fewest words of its own an English text needs to be looked for inside a line."""

LETTERS = 4
"""The fewest letters of its own an English text needs to be looked for at all."""

WILDCARD = r"[^\n]{0,120}?"
"""What a placeholder may have become on the page (a seat, a card, a number, a sentence)."""

PATH = "path.toml"
"""The learning path's file under ``tutorial/``: its step titles are English a page shows."""

WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Leftover:
    """An English text found on a page: the words found and where the English comes from."""

    words: str
    source: str
    """The message id, or ``<notebook>#<cell id>`` for a lesson's prose."""

    def __str__(self) -> str:
        return f"{self.words} ({self.source})"


@dataclass(frozen=True)
class _Pattern:
    source: str
    english: str
    regex: re.Pattern[str]
    whole_line: bool
    clue: str
    """The longest literal stretch of the English (lower case): a quick test before the regex."""


def _pieces(text: str) -> Iterator[tuple[str, bool]]:
    """A catalog entry's literal stretches (True) and placeholders (False), in order."""
    for literal, name, _spec, _conversion in Formatter().parse(text):
        if literal:
            yield literal, True
        if name is not None:
            yield "", False


def _literal_regex(text: str) -> str:
    return r"\s+".join(re.escape(part) for part in text.split())


def _pattern(source: str, english: str, pieces: list[tuple[str, bool]]) -> _Pattern | None:
    while pieces and not pieces[0][1]:
        pieces = pieces[1:]
    while pieces and not pieces[-1][1]:
        pieces = pieces[:-1]
    literals = [text for text, literal in pieces if literal]
    own = " ".join(literals)
    if sum(len(w) for w in WORD.findall(own)) < LETTERS:
        return None
    whole_line = len(WORD.findall(own)) < WORDS
    parts: list[str] = []
    for text, literal in pieces:
        if literal:
            stripped = _literal_regex(text)
            if text[:1].isspace() and parts:
                stripped = r"\s*" + stripped
            if text[-1:].isspace():
                stripped += r"\s*"
            parts.append(stripped)
        else:
            parts.append(WILDCARD)
    body = "".join(parts)
    if whole_line:
        body = rf"^\W*{body}\W*$"
    clue = max((" ".join(t.split()) for t in literals), key=len).lower()
    return _Pattern(
        source, english, re.compile(body, re.IGNORECASE | re.MULTILINE), whole_line, clue
    )


def _entry_forms(english: object) -> list[str]:
    return [english] if isinstance(english, str) else [english.one, english.other]  # type: ignore[attr-defined]


@lru_cache(maxsize=1)
def _translations() -> dict[str, dict[str, list[str]]]:
    """Each language's translations by message id (empty where none is written yet)."""
    said: dict[str, dict[str, list[str]]] = {}
    places = [*package_catalogs(), *notebook_catalogs()]
    for place in places:
        with place.po.open("rb") as stream:
            book = read_po(stream, locale=place.language)
        words = said.setdefault(place.language, {})
        for entry in book:
            if entry.id and entry.context:
                strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                written = [s for s in strings if s] if not entry.fuzzy else []
                words.setdefault(entry.context, []).extend(written)
    return said


def _markdown_sentences(markdown: str) -> Iterator[str]:
    """The sentences of a Markdown text as a page shows them (markup left out)."""
    text = re.sub(r"```.*?```", "\n", markdown, flags=re.DOTALL)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)  # images
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their words
    text = re.sub(r"<[^>]+>", " ", text)
    text = html.unescape(text)
    text = re.sub(r"(\*\*|__|\*|`|~~)", "", text)
    text = re.sub(r"(?m)^\s*(#+|>|[-+]|\d+\.)\s+", "\n", text)
    text = text.replace("|", "\n")
    for line in text.splitlines():
        for sentence in re.split(r"(?<=[.!?:;])\s+|\s+[—–]\s+|\s*\(|\)\s*", line):
            sentence = " ".join(sentence.split())
            if len(WORD.findall(sentence)) >= WORDS + 1:
                yield sentence


def _path_titles() -> list[tuple[str, dict[str, str]]]:
    """Each step's English title in the path file, with its translations where it has them
    (``title = "..."``, or ``title.en``, ``title.fr``... once the path speaks them)."""
    data = tomllib.loads((TUTORIAL / PATH).read_text(encoding="utf-8"))
    titles = []
    for game in data.get("game", []):
        for step in game.get("step", []):
            title = step.get("title", "")
            said = title if isinstance(title, dict) else {SOURCE: title}
            if isinstance(said.get(SOURCE), str) and said[SOURCE].strip():
                titles.append((said[SOURCE].strip(), said))
    return titles


def path_titles() -> set[str]:
    """The path's English step titles that no translation has yet (a page shows them as
    they are)."""
    others = [lang for lang in LANGUAGES if lang != SOURCE]
    return {title for title, said in _path_titles() if not all(said.get(lang) for lang in others)}


@lru_cache(maxsize=len(LANGUAGES))
def english_patterns(language: str | None = None) -> tuple[_Pattern, ...]:
    """Every English text to look for on a page in ``language`` (None: in either translation)."""
    languages = [language] if language else [lang for lang in LANGUAGES if lang != SOURCE]
    said = _translations()
    patterns: list[_Pattern] = []
    packages = {place.package for place in package_catalogs()}
    # a short text that is some entry's translation in the page's language is that language's
    spoken = {
        " ".join(text.split()).lower()
        for lang in languages
        for texts in said.get(lang, {}).values()
        for text in texts
    }
    for package in sorted(packages):
        for key, entry in sorted(english_entries(package).items()):
            for english in _entry_forms(entry):
                written = [t for lang in languages for t in said.get(lang, {}).get(key, [])]
                if english in written:
                    continue  # the same words in the translation: a code, a name
                found = _pattern(key, english, list(_pieces(english)))
                if found and not (found.whole_line and found.clue in spoken):
                    patterns.append(found)
    for place in notebook_catalogs():
        if place.language not in languages:
            continue
        with place.po.open("rb") as stream:
            book = read_po(stream, locale=place.language)
        for entry in book:
            if not (entry.id and entry.context):
                continue
            translated = " ".join(
                " ".join(_markdown_sentences(s)) for s in said[place.language][entry.context]
            ).lower()
            for sentence in _markdown_sentences(entry.id):
                if sentence.lower() in translated:
                    continue  # a name or a code kept in the translation
                regex = re.compile(_literal_regex(sentence), re.IGNORECASE)
                patterns.append(_Pattern(entry.context, sentence, regex, False, sentence.lower()))
    for title, translated in _path_titles():
        if title in [translated.get(lang) for lang in languages]:
            continue  # a title that reads the same in the translation
        regex = re.compile(_literal_regex(title), re.IGNORECASE)
        patterns.append(_Pattern(PATH, title, regex, False, title.lower()))
    unique = {(p.source, p.english): p for p in patterns}
    return tuple(unique.values())


def english_left(text: str, language: str | None = None) -> list[Leftover]:
    """The English sentences a page's visible ``text`` (``inner_text("body")``, one line per
    block) still shows, for a page in ``language`` (``"fr"``, ``"es"``; None: either)."""
    plain = "\n".join(" ".join(line.split()) for line in text.splitlines())
    lowered = " ".join(plain.split()).lower()
    found: dict[str, Leftover] = {}
    for pattern in english_patterns(language):
        if pattern.clue not in lowered:
            continue
        for match in pattern.regex.finditer(plain):
            words = match.group().strip()
            if words and words not in found:
                found[words] = Leftover(words, pattern.source)
    # a sentence found whole is not also reported by a shorter entry it holds
    kept = [
        f for f in found.values() if not any(f.words in o.words and f != o for o in found.values())
    ]
    return sorted(kept, key=lambda f: plain.find(f.words))
