"""Playing cards: the French cards of Mille and the Spanish cards of Mililla.

Every card is a small frozen value with a short text form that round-trips:

* French cards (``mille.deck``): rank then suit, ``QS`` (Queen of spades), ``10H``,
  ``2C``, ``JD``. Ranks ``A K Q J 10 9 8 7 6 5 4 3 2`` (``T`` is read as 10), suits
  ``S H D C`` (the symbols ``♠ ♥ ♦ ♣`` are read too).
* Spanish cards (``mililla.deck``): rank then suit, ``KO`` (King of coins), ``HC``
  (Horse of cups), ``JE`` (Jack of swords), ``7B`` (7 of clubs), ``AO`` (Ace of coins).
  Ranks in English, ``K H J 7 6 5 4 3 2 A`` (King/Rey, Horse/Caballo, Jack/Sota);
  suits by their Spanish initial, ``O`` oros/coins, ``C`` copas/cups, ``E``
  espadas/swords, ``B`` bastos/clubs. No letter is both a rank and a suit, so the text
  is never ambiguous.

Parsing is case-insensitive and tolerates spaces; ``str(card)`` is the canonical form.
Cards are interned: ``FrenchCard.parse("QS") is FrenchCard.parse("qs")``.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from .errors import InvalidMoveError
from .languages import LANGUAGES, SOURCE
from .messages import Catalog, Message, message, register

__all__ = [
    "Card",
    "FrenchCard",
    "FrenchRank",
    "FrenchSuit",
    "Hand",
    "SpanishCard",
    "SpanishRank",
    "SpanishSuit",
    "french_deck",
    "parse_cards",
    "show_spoken",
    "spanish_deck",
    "speak_deck",
]


class _SuitWords:
    """What both kinds of suit say of themselves: a symbol and a noun."""

    __slots__ = ()
    name: str

    @property
    def symbol(self) -> str:
        """The suit's symbol in plain text: ♠ ♥ ♦ ♣, or a picture for Spanish suits."""
        return _SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The suit's English name in a sentence: ``spades``, ``cups``."""
        return self.name.lower()

    @property
    def said(self) -> Message:
        """The suit's name in the language spoken when it is rendered: ``spades``, ``pique``."""
        return message("deck:suit", suit=self)


class FrenchSuit(_SuitWords, enum.Enum):
    """The four French suits, valued by their one-letter text form."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (FrenchSuit.HEARTS, FrenchSuit.DIAMONDS)


_SYMBOLS: dict[object, str] = {
    FrenchSuit.SPADES: "♠",
    FrenchSuit.HEARTS: "♥",
    FrenchSuit.DIAMONDS: "♦",
    FrenchSuit.CLUBS: "♣",
}


class _RankWords:
    """What both kinds of rank say of themselves: a text form, a noun and a reader. A rank's
    text is its number, or the initial of its noun for a face card or an Ace (``_rank_words``
    sets each class's words once)."""

    __slots__ = ()
    _texts: ClassVar[dict[object, str]]
    _nouns: ClassVar[dict[object, str]]
    _by_text: ClassVar[dict[str, object]]
    _deck: ClassVar[str]
    _order: ClassVar[str]

    @property
    def text(self) -> str:
        """The rank's text form: ``A K Q J 10 9 ... 2``, ``K H J 7 6 5 4 3 2 A``."""
        return type(self)._texts[self]

    @property
    def noun(self) -> str:
        """The rank's name in a sentence: ``Queen``, ``Horse``, ``10``."""
        return type(self)._nouns.get(self, self.text)

    @classmethod
    def parse(cls, text: str):  # noqa: ANN206 - returns the subclass
        """Read a rank from its text form (``Q``, ``10``, ``T``, ``H``); raise InvalidMoveError."""
        rank = cls._by_text.get(text.strip().upper())
        if rank is None:
            said = message(f"cards:not-a-rank.{cls._deck}", text=repr(text), ranks=cls._order)
            raise InvalidMoveError(said)
        return rank


def _rank_words(
    ranks: type[enum.IntEnum], deck: str, nouns: dict[int, str], more: dict[str, int] | None = None
) -> None:
    """Give a rank class its words: ``nouns`` by value (the others are their number), the
    texts read besides their own (``more``), and its deck's name in a refusal's id."""
    texts = {rank: nouns[rank][0] if rank in nouns else str(int(rank)) for rank in ranks}
    by_text = {text: rank for rank, text in texts.items()}
    by_text |= {text: ranks(value) for text, value in (more or {}).items()}
    order = " ".join(texts[rank] for rank in sorted(ranks, reverse=True))
    ranks._texts = texts  # type: ignore[attr-defined]
    ranks._nouns = {ranks(value): noun for value, noun in nouns.items()}  # type: ignore[attr-defined]
    ranks._by_text = by_text  # type: ignore[attr-defined]
    ranks._deck, ranks._order = deck, order  # type: ignore[attr-defined]


class FrenchRank(_RankWords, enum.IntEnum):
    """French ranks, valued so that a higher rank is a larger number (2 lowest, Ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def plural(self) -> str:
        """The rank's plural in a sentence: ``Queens``, ``10s``."""
        return self.noun + "s"


_rank_words(FrenchRank, "french", {14: "Ace", 13: "King", 12: "Queen", 11: "Jack"}, {"T": 10})


class SpanishSuit(_SuitWords, enum.Enum):
    """The four Spanish suits, valued by their Spanish initial."""

    COINS = "O"
    CUPS = "C"
    SWORDS = "E"
    CLUBS = "B"

    @property
    def spanish(self) -> str:
        """The suit's Spanish name: ``copas``."""
        return _SPANISH_NAMES[self]

    @property
    def singular(self) -> str:
        """One card of the suit in a sentence: ``cup``, ``sword``, ``coin``, ``club``."""
        return self.noun[:-1]


_SYMBOLS |= {
    SpanishSuit.COINS: "🪙",
    SpanishSuit.CUPS: "🏆",
    SpanishSuit.SWORDS: "🗡",
    SpanishSuit.CLUBS: "🪵",
}
_SPANISH_NAMES = dict(zip(SpanishSuit, ("oros", "copas", "espadas", "bastos"), strict=True))


class SpanishRank(_RankWords, enum.IntEnum):
    """Spanish ranks, valued by the number printed on the card (Jack 10, Horse 11, King 12).

    The value is only an identity: the order in which cards beat each other is a rule
    of the game (``mililla.rank``), not of the card.
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    JACK = 10
    HORSE = 11
    KING = 12

    @property
    def spanish(self) -> str:
        """The rank's Spanish name: ``Caballo``."""
        return _SPANISH_RANK_SPANISH.get(self, self.text)


_SPANISH_RANK_NAMES = {1: "As", 10: "Sota", 11: "Caballo", 12: "Rey"}
_rank_words(SpanishRank, "spanish", {1: "Ace", 10: "Jack", 11: "Horse", 12: "King"})
_SPANISH_RANK_SPANISH = {SpanishRank(n): word for n, word in _SPANISH_RANK_NAMES.items()}

R = TypeVar("R", FrenchRank, SpanishRank)
S = TypeVar("S", FrenchSuit, SpanishSuit)


class _CardBase(Generic[R, S]):
    """What French and Spanish cards share: text form, names, ordering and pictures."""

    __slots__ = ()
    rank: R
    suit: S
    _by_text: ClassVar[dict[str, _CardBase]]  # type: ignore[type-arg]

    def __str__(self) -> str:
        return self.rank.text + self.suit.value

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    @property
    def text(self) -> str:
        """The card's text form, as ``str(card)``."""
        return str(self)

    @property
    def name(self) -> str:
        """The card's full name: ``Queen of spades``, ``Horse of cups``."""
        return f"{self.rank.noun} of {self.suit.noun}"

    @property
    def said(self) -> Message:
        """The card's name in the language spoken when it is rendered, by its game's words
        (``speak_deck``): ``Queen of spades``, ``dame de pique``, ``sota de oros``."""
        return message("deck:card", card=self)

    @property
    def said_the(self) -> Message:
        """The card's name with its article, as :attr:`said`: ``the Queen of spades``, ``la
        dame de pique``, ``la sota de oros``."""
        return message("deck:card.the", card=self)

    @property
    def symbol_text(self) -> str:
        """Rank and suit symbol, as printed on a card corner: ``Q♠``, ``H🏆``."""
        return self.rank.text + self.suit.symbol

    @property
    def the(self) -> str:
        """The card's name with its article, for sentences: ``the Queen of spades``."""
        return "the " + self.name

    @property
    def index(self) -> int:
        """A small int unique to this card within its deck (0-51 French, 0-39 Spanish)."""
        return _INDEX[self]  # type: ignore[index]

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index < other.index  # type: ignore[attr-defined]

    def _repr_svg_(self) -> str:
        """Draw the card as an SVG picture (the renderer is imported only when asked)."""
        from .svg import card_svg

        return card_svg(self)  # type: ignore[arg-type]

    def _repr_html_(self) -> str:
        """The SVG inline (role img, named): a notebook prefers it to an <img> without alt."""
        return self._repr_svg_()

    def _ipython_display_(self) -> None:
        """On a page: drawn again in the page's language when it changes (``show_spoken``)."""
        _show(self._repr_html_)

    @classmethod
    def parse(cls, text: str):  # noqa: ANN206 - returns the subclass
        """Read one card from its text form; raise InvalidMoveError if it is not one."""
        if not isinstance(text, str):
            raise InvalidMoveError(message("cards:not-text", kind=type(text).__name__))
        key = text.strip().upper()
        for symbol, letter in _SYMBOL_TO_LETTER.items():
            key = key.replace(symbol, letter)
        card = cls._by_text.get(key)
        if card is None:
            hint = message(f"cards:hint.{cls._deck}")
            raise InvalidMoveError(message("cards:not-a-card", text=repr(text), hint=hint))
        return card

    _deck: ClassVar[str] = ""
    """The deck's name in message ids (``cards:hint.french``: how its cards are written)."""


_SYMBOL_TO_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


@dataclass(frozen=True, slots=True, repr=False, order=False)
class FrenchCard(_CardBase[FrenchRank, FrenchSuit]):
    """A card of a standard 52-card deck: ``FrenchCard.parse("QS")`` is the Queen of spades."""

    rank: FrenchRank
    suit: FrenchSuit
    _deck: ClassVar[str] = "french"

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit.is_red


@dataclass(frozen=True, slots=True, repr=False, order=False)
class SpanishCard(_CardBase[SpanishRank, SpanishSuit]):
    """A card of the 40-card Spanish deck: ``SpanishCard.parse("HC")`` is the Horse of cups."""

    rank: SpanishRank
    suit: SpanishSuit
    _deck: ClassVar[str] = "spanish"


def _build_deck(card_type: type, ranks: Iterable, suits: Iterable) -> tuple:
    cards = tuple(card_type(rank, suit) for suit in suits for rank in ranks)
    card_type._by_text = {str(card): card for card in cards}
    return cards


_FRENCH = _build_deck(FrenchCard, sorted(FrenchRank, reverse=True), FrenchSuit)
_SPANISH = _build_deck(SpanishCard, sorted(SpanishRank, reverse=True), SpanishSuit)
_INDEX: dict[object, int] = {card: i for i, card in enumerate(_FRENCH)} | {
    card: i for i, card in enumerate(_SPANISH)
}
for _suit in FrenchSuit:  # "10" and "T" both read as ten
    FrenchCard._by_text["T" + _suit.value] = FrenchCard._by_text["10" + _suit.value]

Card = FrenchCard | SpanishCard
"""Either kind of card."""


def french_deck() -> list[FrenchCard]:
    """One 52-card French deck in a fixed order (suit by suit, Ace down to 2)."""
    return list(_FRENCH)


def spanish_deck() -> list[SpanishCard]:
    """The 40-card Spanish deck in a fixed order (suit by suit, King down to Ace)."""
    return list(_SPANISH)


C = TypeVar("C", FrenchCard, SpanishCard)


def parse_cards(text: str, card_type: type[C]) -> list[C]:
    """Read cards separated by spaces or commas (``"QS 10H 2C"``); an empty text is no card."""
    if not isinstance(text, str):
        raise InvalidMoveError(message("cards:cards-not-text", kind=type(text).__name__))
    words = text.replace(",", " ").split()
    return [card_type.parse(word) for word in words]


@dataclass(frozen=True, slots=True)
class Hand(Generic[C]):
    """An immutable group of cards that shows itself as a picture in a notebook.

    ``Hand.french("QS 10H 2C")`` and ``Hand.spanish("KO HC 7E")`` read one from text.
    """

    cards: tuple[C, ...]

    @classmethod
    def french(cls, text: str) -> Hand[FrenchCard]:
        """A hand of French cards from text, like ``"QS 10H 2C"``."""
        return cls(tuple(parse_cards(text, FrenchCard)))

    @classmethod
    def spanish(cls, text: str) -> Hand[SpanishCard]:
        """A hand of Spanish cards from text, like ``"KO HC 7E"``."""
        return cls(tuple(parse_cards(text, SpanishCard)))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __iter__(self) -> Iterator[C]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def _repr_svg_(self) -> str:
        """Draw the cards fanned out in a row as one SVG picture."""
        from .svg import hand_svg

        return hand_svg(self.cards)

    def _repr_html_(self) -> str:
        """The SVG inline (role img, named): a notebook prefers it to an <img> without alt."""
        return self._repr_svg_()

    def _ipython_display_(self) -> None:
        """On a page: drawn again in the page's language when it changes (``show_spoken``)."""
        _show(self._repr_html_)


Made = Callable[[], str]
"""A picture's HTML, made in the language spoken when it is called."""

_SHOWN: list[Callable[[Made], None]] = []


def show_spoken(show: Callable[[Made], None]) -> None:
    """Show card pictures on a page with ``show(made)``, which draws ``made()`` again when the
    page's language changes (the widgets give it: a picture's label names its cards in the
    page's language); without it a picture is shown once, as it is."""
    _SHOWN[:] = [show]


def _show(made: Made) -> None:
    """Show a picture on a page (IPython's display), as :func:`show_spoken` asks."""
    if _SHOWN:
        _SHOWN[0](made)
        return
    from IPython.display import HTML, display

    display(HTML(made()))


Say = Callable[[object, str], str]
"""How a card or a suit reads in one language, given the form asked (``""``, ``"the"``)."""

_SPOKEN: dict[tuple[type, str], Say] = {}


def speak_deck(kinds: Iterable[type], words: Mapping[str, Say]) -> None:
    """Name the cards and suits of ``kinds`` (a card type, its suit type) in each language
    of ``words`` (a game's ``speech`` module gives its deck's words): a card's
    :attr:`~_CardBase.said` reads them while that language is spoken."""
    for kind in kinds:
        for language, say in words.items():
            _SPOKEN[kind, language] = say


def _english(value: object, spec: str) -> str:
    """A card (``Queen of spades``; ``the``: with its article) or a suit in English."""
    if isinstance(value, _CardBase):
        return value.the if spec == "the" else value.name
    if isinstance(value, _SuitWords):
        return value.noun
    return format(value, spec)


def _spoken(language: str, value: object, spec: str) -> str:
    """A card or a suit in ``language``, by the words its game gave (:func:`speak_deck`)."""
    say = _SPOKEN.get((type(value), language))
    if say is None:  # the games' words are given as the registry imports them
        importlib.import_module(f"{__package__}.games")
        say = _SPOKEN.get((type(value), language), _english)
    return say(value, spec)


def _speaker(language: str) -> Say:
    return lambda value, spec: _spoken(language, value, spec)


DECK = register(
    Catalog(
        "deck",
        {
            "deck:card": "{card}",
            "deck:card.the": "{card:the}",
            "deck:suit": "{suit}",
        },
        word=_english,
        spoken_words={language: _speaker(language) for language in LANGUAGES if language != SOURCE},
    )
)
"""A card's or a suit's name alone (a picture's label, a card in a lesson's sentence): the
words are each game's (``speak_deck``), the entries only place them."""
