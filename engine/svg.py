"""Card pictures as SVG text, drawn by our own code: no fonts for suits, no external files.

Every picture is self-contained and safe to inline many times on one page: no ``id``
attributes, no ``<defs>``, no ``<style>``; only presentation attributes. Each card is drawn
in a 100 x 140 box (the ``viewBox``) and scaled to the requested width.

* :func:`card_svg` draws one French or Spanish card face, :func:`card_back_svg` the back,
  :func:`hand_svg` a row of overlapping cards, :func:`suit_svg` a suit's shape alone.
* French suits are paths (red hearts and diamonds, black spades and clubs, four distinct
  shapes); Spanish suits are emblems: a gold coin, a goblet, a sword, a knobbly club.
* French courts are double-headed figures (King crowned and bearded, Queen with a tiara,
  Jack in a feathered cap); Spanish courts are whole figures: the King (Rey) a crowned
  figure in a wide robe, the Horse (Caballo) a horse's head, the Jack (Sota) a standing page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from xml.sax.saxutils import quoteattr

from .cards import FrenchCard, FrenchRank, FrenchSuit, SpanishCard, SpanishRank, SpanishSuit
from .errors import ArgumentError
from .messages import Message, message, render

__all__ = ["card_back_svg", "card_svg", "hand_svg", "suit_svg"]

_NS = 'xmlns="http://www.w3.org/2000/svg"'
_RED = "#c8102e"
_BLACK = "#1b1b1b"
_GOLD = "#efbd2f"
_GOLD_EDGE = "#6b4500"
_SKIN = "#f7d9b5"
_INK = "#4a3322"
_FIT = " " + " ".join(('textLength="17"', 'lengthAdjust="spacingAndGlyphs"'))
"""A two-character rank squeezed into one character's width."""
BACK = message("cards:back")
"""The name a card's back reads by ("Back of a card")."""

# ---------------------------------------------------------------- suit shapes (origin, ±50)

_FRENCH_SHAPES = {
    FrenchSuit.HEARTS: '<path d="M0,46C-6,36-48,12-48,-16C-48,-36-30,-46-16,-44C-8,-43-2,-36'
    ' 0,-30C2,-36 8,-43 16,-44C30,-46 48,-36 48,-16C48,12 6,36 0,46Z"/>',
    FrenchSuit.SPADES: '<path d="M0,-48C6,-34 46,-12 46,12C46,30 30,36 18,32C12,30 8,26 5,22'
    "C6,34 10,42 16,48L-16,48C-10,42-6,34-5,22C-8,26-12,30-18,32C-30,36-46,30-46,12"
    'C-46,-12-6,-34 0,-48Z"/>',
    FrenchSuit.DIAMONDS: '<path d="M0,-50C10,-30 22,-14 38,0C22,14 10,30 0,50C-10,30-22,14'
    '-38,0C-22,-14-10,-30 0,-50Z"/>',
    FrenchSuit.CLUBS: '<circle cy="-24" r="21"/><circle cx="-24" cy="10" r="21"/>'
    '<circle cx="24" cy="10" r="21"/><rect x="-8" y="-4" width="16" height="18"/>'
    '<path d="M-5,10C-5,30-10,40-18,48L18,48C10,40 5,30 5,10Z"/>',
}

_STROKE = " ".join((f'stroke="{_GOLD_EDGE}"', 'stroke-width="3"'))
_SPANISH_SHAPES = {
    SpanishSuit.COINS: f'<circle r="46" fill="{_GOLD}" stroke="{_GOLD_EDGE}" stroke-width="5"/>'
    f'<circle r="31" fill="#f7d35e" stroke="{_GOLD_EDGE}" stroke-width="3"/>'
    '<path d="M0,-22L6,-6L22,0L6,6L0,22L-6,6L-22,0L-6,-6Z" fill="#c0392b"/>'
    f'<circle r="5" fill="{_GOLD}"/>',
    SpanishSuit.CUPS: f'<path d="M-36,-40C-36,-12-20,4-7,8L7,8C20,4 36,-12 36,-40Z" fill="#c0392b"'
    f' {_STROKE}/><path d="M-7,6L7,6L7,24C16,28 28,34 30,44L-30,44C-28,34-16,28-7,24Z"'
    f' fill="{_GOLD}" {_STROKE}/><ellipse cy="-40" rx="36" ry="7" fill="{_GOLD}" {_STROKE}/>'
    f'<ellipse cy="16" rx="12" ry="4" fill="{_GOLD}" {_STROKE}/>',
    SpanishSuit.SWORDS: '<path d="M0,-50L7,-38L7,18L-7,18L-7,-38Z" fill="#c9d5e2" stroke="#27456b"'
    ' stroke-width="3"/><path d="M0,-36L0,14" stroke="#27456b" stroke-width="2"/>'
    f'<rect x="-22" y="16" width="44" height="8" rx="4" fill="{_GOLD}" {_STROKE}/>'
    '<rect x="-5" y="24" width="10" height="16" fill="#1e5aa8" stroke="#27456b"'
    f' stroke-width="2"/><circle cy="45" r="6" fill="{_GOLD}" {_STROKE}/>',
    SpanishSuit.CLUBS: '<path d="M-6,48C-7,20-16,-20-15,-34C-14,-48 14,-48 15,-34'
    'C16,-20 7,20 6,48Z"'
    ' fill="#a06b35" stroke="#4a2a10" stroke-width="3"/>'
    '<g fill="#7a4d22" stroke="#4a2a10" stroke-width="2.5"><circle cx="-14" cy="-12" r="5"/>'
    '<circle cx="13" cy="4" r="5"/><circle cx="-10" cy="22" r="4"/><circle cx="11" cy="-26" r="4"/>'
    '</g><ellipse cy="-38" rx="9" ry="4.5" fill="#e2bd86" stroke="#4a2a10" stroke-width="2"/>'
    '<path d="M15,-30C24,-38 30,-34 32,-30C26,-26 20,-26 15,-30Z" fill="#2e7d32"/>',
}


def _f(value: float) -> str:
    """A number written short: 12, 12.5, 0.18."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _place(shape: str, x: float, y: float, scale: float, *, turn: float = 0, fill: str = "") -> str:
    """One suit shape moved to (x, y), scaled, optionally turned by ``turn`` degrees."""
    rotate = f" rotate({_f(turn)})" if turn else ""
    paint = f' fill="{fill}"' if fill else ""
    return (
        f'<g transform="translate({_f(x)} {_f(y)}) scale({_f(scale)}){rotate}"{paint}>{shape}</g>'
    )


# ---------------------------------------------------------------- layouts of the pips

_L, _C, _R = 31, 50, 69
_ROWS4 = (28, 56.7, 83.3, 112)
_FRENCH_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 28), (_C, 112)),
    3: ((_C, 28), (_C, 70), (_C, 112)),
    4: ((_L, 28), (_R, 28), (_L, 112), (_R, 112)),
    5: ((_L, 28), (_R, 28), (_C, 70), (_L, 112), (_R, 112)),
    6: ((_L, 28), (_R, 28), (_L, 70), (_R, 70), (_L, 112), (_R, 112)),
    7: ((_L, 28), (_R, 28), (_C, 49), (_L, 70), (_R, 70), (_L, 112), (_R, 112)),
    8: ((_L, 28), (_R, 28), (_C, 49), (_L, 70), (_R, 70), (_C, 91), (_L, 112), (_R, 112)),
    9: (*((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 70)),
    10: (*((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 42), (_C, 98)),
}

# Spanish coins and cups are round, swords and clubs tall: each has its own layout.
_ROUND_PIPS: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (0.56, ((50, 70),)),
    2: (0.34, ((50, 40), (50, 100))),
    3: (0.30, ((50, 30), (50, 70), (50, 110))),
    4: (0.30, ((33, 40), (67, 40), (33, 100), (67, 100))),
    5: (0.28, ((33, 36), (67, 36), (50, 70), (33, 104), (67, 104))),
    6: (0.28, ((33, 32), (67, 32), (33, 70), (67, 70), (33, 108), (67, 108))),
    7: (0.25, ((33, 29), (67, 29), (50, 55), (33, 82), (67, 82), (33, 110), (67, 110))),
}
_TALL_PIPS: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (0.92, ((50, 70),)),
    2: (0.64, ((33, 70), (67, 70))),
    3: (0.56, ((27, 70), (50, 70), (73, 70))),
    4: (0.46, ((33, 44), (67, 44), (33, 97), (67, 97))),
    5: (0.42, ((31, 44), (69, 44), (50, 70), (31, 97), (69, 97))),
    6: (0.44, ((27, 44), (50, 44), (73, 44), (27, 97), (50, 97), (73, 97))),
    7: (0.32, ((29, 34), (71, 34), (29, 70), (50, 70), (71, 70), (29, 106), (71, 106))),
}

# ---------------------------------------------------------------- the card body


def _frame(fill: str = "#ffffff") -> str:
    """The rounded card outline."""
    return (
        f'<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="{fill}"'
        ' stroke="#8d939a" stroke-width="1.5"/>'
    )


def _corners(rank_text: str, color: str, shape: str, shape_fill: str) -> str:
    """Rank and a small suit shape, top-left and (turned round) bottom-right."""
    fit = _FIT if len(rank_text) > 1 else ""
    index = (
        '<text x="11" y="21" font-family="Georgia,\'DejaVu Serif\',\'Times New Roman\',serif"'
        ' font-size="20" font-weight="700"'
        f' text-anchor="middle" fill="{color}"{fit}>{rank_text}</text>'
        + _place(shape, 11, 33, 0.13, fill=shape_fill)
    )
    return index + f'<g transform="rotate(180 50 70)">{index}</g>'


def _french_pips(card: FrenchCard, color: str) -> str:
    """Pips of a French number card or ace; the lower half turned upside down."""
    shape = _FRENCH_SHAPES[card.suit]
    if card.rank is FrenchRank.ACE:
        return _place(shape, 50, 70, 0.46, fill=color)
    return "".join(
        _place(shape, x, y, 0.18, turn=180 if y > 70 else 0, fill=color)
        for x, y in _FRENCH_PIPS[int(card.rank)]
    )


def _french_court_half(rank: FrenchRank, color: str) -> str:
    """The upper half of a double-headed French court: a bust in the suit's colour."""
    robe = (
        f'<path d="M22,70C24,58 34,52 50,52C66,52 76,58 78,70Z" fill="{color}"/>'
        f'<path d="M36,70L44,54L50,62L56,54L64,70" fill="#2a5ba8" opacity="0.85"/>'
        f'<path d="M40,53L50,63L60,53" fill="none" stroke="{_GOLD}" stroke-width="3"/>'
    )
    head = f'<circle cx="50" cy="42" r="9" fill="{_SKIN}" stroke="{_INK}" stroke-width="1.2"/>'
    eyes = (
        '<circle cx="46.8" cy="41" r="1.1" fill="#222"/>'
        '<circle cx="53.2" cy="41" r="1.1" fill="#222"/>'
    )
    if rank is FrenchRank.KING:
        extra = (
            f'<path d="M42,45C43,57 57,57 58,45C55,49 45,49 42,45Z" fill="#8a6a52"/>'
            f'<path d="M39,35L39,21L44.5,28L50,18L55.5,28L61,21L61,35Z" fill="{_GOLD}"'
            f' stroke="{_GOLD_EDGE}" stroke-width="1.2"/>'
            '<circle cx="50" cy="31" r="2" fill="#c0392b"/>'
        )
        behind = ""
    elif rank is FrenchRank.QUEEN:
        behind = (
            '<path d="M39,46C36,30 64,30 61,46C63,53 65,58 62,62L58,50L42,50L38,62'
            'C35,58 37,53 39,46Z" fill="#7b4a21"/>'
        )
        extra = (
            f'<path d="M42,34L45,27L50,31L55,27L58,34Z" fill="{_GOLD}" stroke="{_GOLD_EDGE}"'
            ' stroke-width="1"/><circle cx="45" cy="27" r="1.6" fill="#c0392b"/>'
            '<circle cx="55" cy="27" r="1.6" fill="#c0392b"/>'
            '<circle cx="30" cy="60" r="4" fill="#e75480"/>'
            '<circle cx="30" cy="60" r="1.6" fill="#ffd54f"/>'
        )
    else:
        behind = ""
        extra = (
            '<path d="M38.5,37C37,26 63,26 61.5,37Z" fill="#2a5ba8"'
            f' stroke="{_INK}" stroke-width="1"/>'
            f'<rect x="38.5" y="34" width="23" height="3.5" fill="{_GOLD}"/>'
            '<path d="M58,31C66,18 76,22 72,30C69,27 64,27 60,33Z" fill="#f5f5f5" stroke="#777"'
            ' stroke-width="0.8"/>'
        )
    return robe + behind + head + eyes + extra


def _french_face(card: FrenchCard, color: str) -> str:
    """A French King, Queen or Jack: framed, double-headed, with a suit shape on each side."""
    half = _french_court_half(card.rank, color) + _place(
        _FRENCH_SHAPES[card.suit], 27, 24, 0.12, fill=color
    )
    return (
        f'<rect x="18" y="14" width="64" height="112" rx="3" fill="#fbf3dc" stroke="{color}"'
        f' stroke-width="1.5"/>{half}<g transform="rotate(180 50 70)">{half}</g>'
        f'<path d="M18,70L82,70" stroke="{color}" stroke-width="1.2"/>'
    )


def _spanish_pips(card: SpanishCard) -> str:
    """The emblems of a Spanish number card or ace."""
    shape = _SPANISH_SHAPES[card.suit]
    layouts = _ROUND_PIPS if card.suit in (SpanishSuit.COINS, SpanishSuit.CUPS) else _TALL_PIPS
    scale, spots = layouts[int(card.rank)]
    return "".join(_place(shape, x, y, scale) for x, y in spots)


def _spanish_king(emblem: str) -> str:
    """Rey: a crowned, bearded figure in a wide robe, holding the suit's emblem."""
    return (
        '<path d="M36,52C28,56 22,90 20,124L80,124C78,90 72,56 64,52Z" fill="#b71c1c"'
        f' stroke="{_INK}" stroke-width="1.2"/>'
        '<path d="M44,54L56,54L60,124L40,124Z" fill="#2a5ba8"/>'
        f'<rect x="20" y="118" width="60" height="6" fill="{_GOLD}"/>'
        f'<circle cx="50" cy="42" r="10" fill="{_SKIN}" stroke="{_INK}" stroke-width="1.2"/>'
        '<path d="M41,45C42,60 58,60 59,45C55,50 45,50 41,45Z" fill="#8a8a8a"/>'
        f'<path d="M38,34L38,18L44,26L50,14L56,26L62,18L62,34Z" fill="{_GOLD}"'
        f' stroke="{_GOLD_EDGE}"'
        ' stroke-width="1.2"/><circle cx="50" cy="29" r="2.2" fill="#1e5aa8"/>'
        + _place(emblem, 70, 80, 0.24)
    )


def _spanish_horse(emblem: str) -> str:
    """Caballo: a horse's head and neck in profile, bridled, with the suit's emblem."""
    return (
        '<path d="M82,124C84,96 80,70 70,52L67,34L61,24L57,36C47,38 37,48 29,62C23,70 23,79 31,81'
        'C39,83 46,79 52,75C57,82 53,102 46,124Z" fill="#8b5a2b" stroke="#3e2410"'
        ' stroke-width="1.5"/>'
        '<path d="M70,52L80,58L73,64L84,72L76,78L86,88L78,94L87,106L80,112L84,124L82,124'
        'C84,96 80,70 70,52Z" fill="#2b1a0d"/><circle cx="52" cy="47" r="2.6" fill="#111"/>'
        '<circle cx="31" cy="72" r="1.8" fill="#2b1a0d"/>'
        '<path d="M33,66L56,56L63,40M56,56L53,74" fill="none" stroke="#c0392b" stroke-width="2.2"/>'
        + _place(emblem, 30, 104, 0.26)
    )


def _spanish_jack(emblem: str) -> str:
    """Sota: a slim page standing on two legs, in a feathered cap, holding the emblem."""
    return (
        '<rect x="42" y="86" width="6" height="30" fill="#c0392b"/>'
        f'<rect x="52" y="86" width="6" height="30" fill="{_GOLD}"/>'
        '<ellipse cx="44" cy="118" rx="6" ry="3" fill="#2b1a0d"/>'
        '<ellipse cx="56" cy="118" rx="6" ry="3"'
        ' fill="#2b1a0d"/><path d="M40,44L60,44C64,60 66,76 66,88L34,88C34,76 36,60 40,44Z"'
        f' fill="#2a5ba8" stroke="{_INK}" stroke-width="1.2"/>'
        f'<rect x="35" y="68" width="30" height="4" fill="{_GOLD}"/>'
        f'<circle cx="50" cy="34" r="8.5" fill="{_SKIN}" stroke="{_INK}" stroke-width="1.2"/>'
        f'<path d="M40,30C40,20 60,20 60,30Z" fill="#c0392b" stroke="{_INK}" stroke-width="1"/>'
        '<path d="M58,25C66,12 76,16 72,24C69,21 64,21 60,27Z" fill="#f5f5f5" stroke="#777"'
        ' stroke-width="0.8"/>' + _place(emblem, 72, 62, 0.2)
    )


_SPANISH_COURTS = {
    SpanishRank.KING: _spanish_king,
    SpanishRank.HORSE: _spanish_horse,
    SpanishRank.JACK: _spanish_jack,
}


def _spanish_face(card: SpanishCard) -> str:
    """A Spanish court card: a whole figure in a frame."""
    draw = _SPANISH_COURTS[card.rank]
    return (
        '<rect x="17" y="10" width="66" height="120" rx="3" fill="#fbf3dc" stroke="#8d6e63"'
        ' stroke-width="1.2"/>' + draw(_SPANISH_SHAPES[card.suit])
    )


@lru_cache(maxsize=256)
def _card_body(card: FrenchCard | SpanishCard) -> str:
    """Everything inside one card's 100 x 140 box."""
    if isinstance(card, FrenchCard):
        color = _RED if card.is_red else _BLACK
        centre = (
            _french_face(card, color)
            if card.rank in (FrenchRank.JACK, FrenchRank.QUEEN, FrenchRank.KING)
            else _french_pips(card, color)
        )
        return _frame() + _corners(card.rank.text, color, _FRENCH_SHAPES[card.suit], color) + centre
    centre = _spanish_face(card) if card.rank in _SPANISH_COURTS else _spanish_pips(card)
    color = {SpanishSuit.COINS: "#8a5a00", SpanishSuit.CUPS: "#a3261b"}.get(card.suit, "#1f3f66")
    if card.suit is SpanishSuit.CLUBS:
        color = "#4a2a10"
    return _frame() + _corners(card.rank.text, color, _SPANISH_SHAPES[card.suit], "") + centre


@lru_cache(maxsize=1)
def _back_body() -> str:
    """The back of every card: a blue lattice with a gold medallion."""
    diamonds = "".join(
        f'<path d="M{x},{y - 6}L{x + 5},{y}L{x},{y + 6}L{x - 5},{y}Z"/>'
        for row, y in enumerate(range(16, 130, 10))
        for x in (range(16, 90, 12) if row % 2 == 0 else range(22, 84, 12))
    )
    return (
        _frame()
        + '<rect x="7" y="7" width="86" height="126" rx="4" fill="#1d4f80"/>'
        + f'<g fill="#2f6fae">{diamonds}</g>'
        + '<rect x="10" y="10" width="80" height="120" rx="3" fill="none" stroke="#e8c872"'
        ' stroke-width="1.5"/><circle cx="50" cy="70" r="17" fill="#1d4f80" stroke="#e8c872"'
        ' stroke-width="2.5"/>'
        + _place(_FRENCH_SHAPES[FrenchSuit.SPADES], 50, 70, 0.2, fill="#e8c872")
    )


# ---------------------------------------------------------------- public API


def _check_width(width: int) -> int:
    """Refuse a width that is not a positive whole number of pixels."""
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise ArgumentError(message("cards:width", width=repr(width)))
    return width


def _svg(width: int, height: int, view: str, label: Message | str, body: str) -> str:
    """Wrap a body in a standalone, accessible <svg> element named ``label``."""
    attr = quoteattr(label if isinstance(label, str) else render(label))
    return (
        f'<svg {_NS} viewBox="{view}" width="{width}" height="{height}" role="img"'
        f" aria-label={attr}>{body}</svg>"
    )


def _check_card(card: object) -> FrenchCard | SpanishCard:
    """Refuse anything that is not a card object."""
    if not isinstance(card, FrenchCard | SpanishCard):
        raise TypeError(f"expected a FrenchCard or SpanishCard, not {type(card).__name__}")
    return card


def card_svg(card: FrenchCard | SpanishCard, *, width: int = 70) -> str:
    """One card face as a standalone SVG, ``width`` pixels wide (height 1.4 times that)."""
    card = _check_card(card)
    width = _check_width(width)
    return _svg(width, round(width * 1.4), "0 0 100 140", card.said, _card_body(card))


def card_back_svg(*, width: int = 70, label: Message | str = BACK) -> str:
    """The back of a card as a standalone SVG, ``width`` pixels wide, named ``label``."""
    width = _check_width(width)
    return _svg(width, round(width * 1.4), "0 0 100 140", label, _back_body())


def suit_svg(suit: FrenchSuit | SpanishSuit, *, width: int = 24) -> str:
    """A suit's shape alone (a French pip or a Spanish emblem) as a square SVG."""
    width = _check_width(width)
    if isinstance(suit, FrenchSuit):
        body = _place(_FRENCH_SHAPES[suit], 0, 0, 1, fill=_RED if suit.is_red else _BLACK)
    elif isinstance(suit, SpanishSuit):
        body = _SPANISH_SHAPES[suit]
    else:
        raise TypeError(f"expected a FrenchSuit or SpanishSuit, not {type(suit).__name__}")
    return _svg(width, width, "-52 -52 104 104", suit.said, body)


def hand_svg(
    cards: Iterable[FrenchCard | SpanishCard], *, width: int = 70, overlap: float = 0.55
) -> str:
    """Cards fanned in a row, each covering ``overlap`` (0 to 0.9) of the one before."""
    width = _check_width(width)
    if isinstance(overlap, bool) or not isinstance(overlap, int | float) or not 0 <= overlap <= 0.9:
        raise ArgumentError(message("cards:overlap", overlap=repr(overlap)))
    row: Sequence[FrenchCard | SpanishCard] = [_check_card(card) for card in cards]
    step = 100 * (1 - overlap)
    span = 100 + step * max(len(row) - 1, 0)
    body = "".join(
        f'<g transform="translate({_f(i * step)} 0)">{_card_body(card)}</g>'
        for i, card in enumerate(row)
    )
    if not row:
        body = (
            '<rect x="1" y="1" width="98" height="138" rx="7" fill="none" stroke="#8d939a"'
            ' stroke-dasharray="6 4"/>'
        )
    # each card named in the language spoken now (a page redraws its pictures on a switch)
    label = ", ".join(render(card.said) for card in row) if row else message("cards:none")
    return _svg(round(width * span / 100), round(width * 1.4), f"0 0 {_f(span)} 140", label, body)
