"""Sentences as data: a message id and its parameters, turned into words by one renderer.

    >>> from cardschool.engine.messages import Seat, message, render
    >>> said = message("session:match-over")
    >>> render(said)
    'The match is over.'

Every sentence a learner reads is a :class:`Message` (an id such as ``"mille:narrate.stock"``
and named parameters: seats, cards, numbers, other messages) until it is shown. Each id's
words live in a :class:`Catalog`, one per namespace (the id's part before its colon: a
game's name, or a generic one; the colon keeps message ids apart from rule ids), as whole
sentences with named placeholders (``"{who} draws from the stock"``), so that a
translation is one more catalog of whole sentences.

A message whose ``who`` parameter is a :class:`Seat` has separate forms: the third person
(its id), the second person when that seat is the reader (``id#you``: "You draw from the
stock") and, asked for by ``form="would"``, what that seat would do (``id#would``). A
sentence naming another seat may have a form for when that seat is the reader, under
``id#you.<parameter>`` ("Hand 1 scores: you 20, North 30"). The
renderer formats each parameter by its type: a seat as the seat's name, a message as its
own sentence and text as it is (``{text:cap}``, ``{text:low}``: with a capital or a small
first letter), a number as the placeholder says (``{share:.0%}``), and a catalog's own
values (cards, ranks, suits) by that catalog's ``word`` function, which is where a
language names cards its own way. A catalog's entry
may also be a :class:`Plural`, whose form is chosen by one of the message's numbers.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, ClassVar

from .languages import SOURCE, note_home, spoken, translations

__all__ = [
    "NOBODY",
    "NUMERALS",
    "YOU",
    "Catalog",
    "Interned",
    "Message",
    "Numerals",
    "Plural",
    "Seat",
    "catalog_of",
    "message",
    "register",
    "render",
    "seat_label",
    "seat_word",
    "value_named",
]

YOU = "You"
"""The seat name a session gives its learner: that seat's sentences are in the second person."""

NOBODY = -1
"""The reader of a sentence told to nobody in particular: always in the third person."""

WORDS_ID = "said:words"
"""The message of words read back from a JSON form (a record's message field)."""

SUBJECT = "who"
"""The parameter naming the seat a sentence is about (its grammatical subject)."""


class Interned:
    """A message parameter of one int, made once per value (``Face(5) is Face(5)``), so it
    is compared and hashed as quickly as an int; frozen. A subclass names its field in
    ``__match_args__`` and reads it as ``value``."""

    __slots__ = ("value",)
    __match_args__: tuple[str, ...] = ("value",)
    _made: dict[int, Any]

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        cls._made = {}

    def __new__(cls, value: int) -> Any:
        """The one value of this class for ``value``."""
        made = cls._made.get(value)
        if made is None:
            made = object.__new__(cls)
            object.__setattr__(made, "value", value)
            cls._made[value] = made
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a {type(self).__name__} is frozen")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.value,))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.value!r})"


def value_named(doc: str) -> property:
    """An interned value's one value under a name of its own (``index``, ``face``), read-only."""
    return property(lambda self: self.value, doc=doc)


class Seat(Interned):
    """A seat as a message parameter: rendered as the name the reader's session gives it."""

    __slots__ = ()
    __match_args__ = ("index",)
    index = value_named("The seat's number.")


@dataclass(frozen=True, slots=True)
class Message:
    """One sentence as data: its catalog id and its named parameters, in a fixed order."""

    id: str
    params: tuple[tuple[str, Any], ...] = ()

    written_as_words: ClassVar[bool] = True
    """In a record's JSON form a message is its words, read back as those words (``parse``)."""

    def get(self, name: str, default: Any = None) -> Any:
        """The parameter called ``name`` (``default`` when there is none)."""
        return next((value for key, value in self.params if key == name), default)

    @property
    def subject(self) -> Seat | None:
        """The seat this sentence is about (its ``who`` parameter), or None."""
        who = self.get(SUBJECT)
        return who if isinstance(who, Seat) else None

    def __str__(self) -> str:
        return render(self)

    @property
    def text(self) -> str:
        """The sentence in words with its catalog's own seat names: its JSON form."""
        return render(self)

    @classmethod
    def parse(cls, text: str) -> Message:
        """Words read back from a JSON form: a message saying them as they are
        (``said:words``), so a record's message field reads back what it wrote."""
        if type(text) is not str:
            raise TypeError("a sentence is text")
        return cls(WORDS_ID, (("text", text),))


def message(id: str, **params: Any) -> Message:
    """A message with these named parameters: ``message("mille:narrate.stock", who=Seat(0))``."""
    return Message(id, tuple(params.items()))


@dataclass(frozen=True, slots=True)
class Plural:
    """An entry with one form per number: ``Plural("count", "{count} card", "{count} cards")``."""

    count: str
    """The parameter whose number chooses the form."""
    one: str
    other: str

    def pick(self, number: int) -> str:
        """The form for this number (English: ``one`` for 1, ``other`` for the rest)."""
        return self.one if number == 1 else self.other


def _plain(value: object, spec: str) -> str:
    return format(value, spec)


@dataclass(frozen=True)
class Catalog:
    """The words of one namespace's messages: entries by id, and how its own values read."""

    namespace: str
    entries: Mapping[str, str | Plural]
    word: Callable[[object, str], str] = field(default=_plain)
    """How a value of this catalog's own types reads, given the placeholder's spec."""
    seats: tuple[str, ...] = ()
    """The seats' names when a sentence is rendered without a session's names."""
    spoken_words: Mapping[str, Callable[[object, str], str]] = field(default_factory=dict)
    """How this catalog's own values read in another language, by language (else ``word``)."""
    spoken_seats: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The seats' names (``seats``, and :data:`YOU`) in another language, by language: the
    names every catalog's sentences use for them."""
    spoken_specs: frozenset[str] = frozenset()
    """The forms a translation may ask of this catalog's own values beyond the English ones
    (``{rank:a}``: a card of that rank with its article, where a language's words agree
    with the rank's gender); each language's ``spoken_words`` reads them all."""

    def entry(self, key: str) -> str | Plural:
        """The entry for ``key``; KeyError naming the catalog when it has none."""
        try:
            return self.entries[key]
        except KeyError:
            raise KeyError(f"the {self.namespace} catalog has no message {key!r}") from None


_CATALOGS: dict[str, Catalog] = {}
_SEAT_WORDS: dict[str, dict[str, str]] = {}
"""Every game's seat names in each language, so that a generic sentence ("A new deal: Nord
deals") names seats in the reader's language too (games name the same seat alike)."""


def register(catalog: Catalog, *, replacing: bool = False) -> Catalog:
    """Add ``catalog`` to its namespace (a game's messages module calls this).

    A second catalog of a namespace adds its entries to the first one's (a game's bots keep
    their sentences apart from its narration); the first one's ``word`` and ``seats`` stay.
    An id already there with another sentence is refused (ValueError): one id, one sentence
    (``replacing``: a test that swaps words on purpose).
    The calling module's package is where the entries' translations live (``locale/``), if
    it is one of the school's.
    """
    home = sys._getframe(1).f_globals.get("__package__") or ""
    if home.partition(".")[0] == __package__.partition(".")[0]:  # not a test's own catalog
        for key in catalog.entries:
            note_home(key, home)
    for language, seats in catalog.spoken_seats.items():
        _SEAT_WORDS.setdefault(language, {}).update(seats)
    known = _CATALOGS.get(catalog.namespace)
    if known is not None:
        clash = sorted(
            key
            for key, entry in catalog.entries.items()
            if key in known.entries and known.entries[key] != entry
        )
        if clash and not replacing:  # a second sentence under one id replaced the first
            raise ValueError(f"{catalog.namespace}: another sentence already has the id {clash}")
        catalog = replace(known, entries={**known.entries, **catalog.entries})
    _CATALOGS[catalog.namespace] = catalog
    if "_rendered" in globals():
        _rendered.cache_clear()
    return catalog


def seat_word(name: str) -> str:
    """A seat's name in the spoken language, as inside a sentence ("Nord", "vous"); a
    person's name as it was typed."""
    return _SEAT_WORDS.get(spoken(), {}).get(name, name)


def seat_label(name: str) -> str:
    """A seat's name in the spoken language as a label on the table ("Nord", "Vous")."""
    said = seat_word(name)
    return said if said is name else said[:1].upper() + said[1:]


def catalog_of(id: str) -> Catalog:
    """The catalog holding the message ``id`` (by its first part), loading the catalogs once."""
    namespace = id.partition(":")[0]
    found = _CATALOGS.get(namespace)
    if found is None:
        # the generic catalogs (the exercises' too), and every game's through the registry
        for module in ("catalog", "games", "exercises.messages"):
            importlib.import_module(f"{__package__}.{module}")
        found = _CATALOGS.get(namespace)
    if found is None:
        raise KeyError(f"no catalog holds the message {id!r}")
    return found


class _Word:
    """A catalog's own value inside a sentence: formatted by that catalog's ``word``."""

    __slots__ = ("catalog", "language", "value")

    def __init__(self, value: object, catalog: Catalog, language: str = SOURCE) -> None:
        self.value = value
        self.catalog = catalog
        self.language = language

    def __format__(self, spec: str) -> str:
        word = self.catalog.spoken_words.get(self.language, self.catalog.word)
        return word(self.value, spec)


class _Said(str):
    """Words inside a message (a message rendered, or text): ``{text:cap}`` starts them with
    a capital, ``{text:low}`` with a small letter (after a semicolon)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "cap":
            return self[:1].upper() + self[1:]
        if spec == "low":
            return self[:1].lower() + self[1:]
        return super().__format__(spec)


_NUMBERS = (int, float, bool)


@dataclass(frozen=True, slots=True)
class Numerals:
    """How a language writes numbers: its decimal sign, the sign between groups of three
    digits, the fewest whole digits that are grouped, and what it writes for ``%``."""

    decimal: str
    group: str
    grouped_from: int
    percent: str


NUMERALS = {
    "fr": Numerals(",", "\u202f", 4, "\u202f%"),  # 1 200 points, 2,5, 45 %
    "es": Numerals(",", ".", 5, "\u00a0%"),  # 1200 y 12.000 puntos, 2,5, 45 %
}
"""Each translation's way with numbers (English keeps Python's: the catalogs are written so)."""

_SPEC = re.compile(r"(?P<head>[^,_.a-zA-Z%]*)[,_]?(?P<tail>(?:\.\d+)?[a-zA-Z%]?)")


class _Number:
    """A number inside a sentence in another language, written that language's way."""

    __slots__ = ("numerals", "value")

    def __init__(self, value: float, numerals: Numerals) -> None:
        self.value = value
        self.numerals = numerals

    def __format__(self, spec: str) -> str:
        shape = _SPEC.fullmatch(spec)
        try:
            text = format(self.value, f"{shape['head']},{shape['tail']}" if shape else spec)
        except ValueError:  # a form with no grouping (``x``, ``c``): as Python writes it
            return format(self.value, spec)
        whole = text.split(".")[0]
        if sum(char.isdigit() for char in whole) < self.numerals.grouped_from:
            text = text.replace(",", "")
        words = self.numerals
        text = text.replace(",", "\0").replace(".", words.decimal).replace("\0", words.group)
        return text[:-1] + words.percent if text.endswith("%") else text


def render(
    said: Message,
    names: Sequence[str] = (),
    *,
    reader: int | None = None,
    form: str | None = None,
    language: str | None = None,
) -> str:
    """The sentence ``said`` in words, with the seats called ``names``.

    ``reader`` is the seat reading it (by default the one named "You", if any): a sentence
    about the reader takes its second-person form. ``form`` asks for another form
    explicitly (``"would"``: what the subject would do). ``language``: another than the one
    spoken now (a name that must read the same whatever the page speaks: the source).
    """
    if type(names) is not tuple:
        names = tuple(names)
    if language is None:
        language = spoken()
    try:
        return _rendered(said, names, reader, form, language)  # type: ignore[arg-type]
    except TypeError:  # a parameter that cannot be hashed: rendered each time
        return _render(said, names, reader, form, language)  # type: ignore[arg-type]


def _render(
    said: Message,
    names: tuple[str, ...],
    reader: int | None,
    form: str | None,
    language: str = SOURCE,
) -> str:
    id = said.id
    catalog = _CATALOGS.get(id[: id.find(":")]) or catalog_of(id)
    if not names:
        names = catalog.seats
    if reader is None:
        reader = names.index(YOU) if YOU in names else NOBODY
    values: dict[str, object] = {}
    addressed = ""  # a seat other than the subject that is the reader: its own form
    for key, value in said.params:  # each parameter as its placeholder formats it
        kind = type(value)
        if kind is Seat:
            if value.index == reader:  # type: ignore[attr-defined]
                if key == SUBJECT:
                    form = form or "you"
                else:
                    addressed = key
            name = names[value.index]  # type: ignore[attr-defined]
            if language != SOURCE:  # "North" is "Nord" in French; a person's name stays
                name = _SEAT_WORDS.get(language, {}).get(name, name)
            values[key] = name
        elif kind is str:
            values[key] = _Said(value)
        elif kind is Message:
            values[key] = _Said(_render(value, names, reader, None, language))  # type: ignore[arg-type]
        elif isinstance(value, _NUMBERS):
            numerals = NUMERALS.get(language) if kind is not bool else None
            values[key] = value if numerals is None else _Number(value, numerals)
        elif isinstance(value, str):
            values[key] = _Said(value)
        else:
            values[key] = _Word(value, catalog, language)
    key = None
    if addressed and form is None:  # "Hand 1 scores: you 20, North 30"
        key = f"{id}#you.{addressed}"
        if key not in catalog.entries:
            key = None
    if key is None:
        key = f"{id}#{form}" if form else id
    entry = catalog.entry(key)  # the KeyError naming it when there is none
    if language != SOURCE:
        try:
            return _translated(key, entry, said, language).format(**values)
        except (ValueError, TypeError, KeyError, IndexError):  # a translation that does not fit
            pass  # its values is never shown broken: the English is (the tests name it)
    if type(entry) is Plural:
        entry = entry.pick(said.get(entry.count))
    return entry.format(**values)  # type: ignore[union-attr]


def _translated(key: str, entry: str | Plural, said: Message, language: str) -> str:
    """The entry ``key`` in ``language``, or its English where it has no translation yet."""
    book = translations(language)
    if type(entry) is Plural:
        number = said.get(entry.count)
        return book.plural(key, entry.one, entry.other, number) or entry.pick(number)
    return book.text(key, entry) or entry  # type: ignore[arg-type]


_rendered = lru_cache(maxsize=8192)(_render)
"""The same sentence told to the same seats again is not formatted again (a bot's playouts
narrate the same moves over and over)."""


register(Catalog("said", {WORDS_ID: "{text}"}))
"""Words said as they are: a message read back from its JSON form."""
