"""What a Mille table shows: the parts of the picture, pure functions of the position.

:class:`MillePicture` fills in :func:`~cardschool.widgets.picture.picture` for Mille: the
hand (every card with the engine's sentence about it: in the draw phase only the cards
that can take the pile are legal), the buttons (the stock, the pile, meld, add to each of
your melds, discard), both players' melds, the pile and the stock, the seats' badges, the
scores, the prompt and the end-of-hand breakdown. It asks the session (``legal_moves``,
``explain``) for the seat to move, never the game, which holds the hidden cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardschool.engine.cards import FrenchCard
from cardschool.engine.hints import Hint as EngineHint
from cardschool.engine.messages import Message as Said
from cardschool.engine.messages import Seat, message, render, seat_label
from cardschool.engine.mille import Move, MoveKind, Phase, View
from cardschool.engine.mille.messages import Face, Faces, Rank
from cardschool.engine.mille.rules import card_value
from cardschool.engine.mille.view import MeldView

from ..picture import Marks, Parts, told
from ..state import Action, Hint, Message, Result, Scores
from .board import Meld, MilleBoard, MilleCard, MilleSeat
from .breakdowns import result

if TYPE_CHECKING:
    from cardschool.engine.session import Session, Step

__all__ = ["MillePicture", "add_buttons", "card", "picked", "symbols", "texts"]

_START_RULES = {"mille.cut", "mille.deal", "mille.next-dealer", "mille.game.end"}


def _w(id: str, **params: object) -> str:
    """A line of the table in words (a message of the ``mille`` catalog)."""
    return render(message(id, **params))


def _faces(texts: Sequence[str]) -> Faces:
    """Cards' texts as a message's faces."""
    return Faces(tuple(card(text).index for text in texts))


Buttons = dict[str, tuple[Action, str | None]]


def _meld_label(meld: MeldView) -> str:
    """A meld's name on the table, in words: its rank, its cards, and how it lies."""
    how = "meld-face-down" if meld.face_down else "meld-bunched" if meld.bunched else "meld"
    return _w(f"mille:label.{how}", rank=Rank(int(meld.rank)), cards=_faces(texts(meld.cards)))


@lru_cache(maxsize=128)
def card(text: str) -> FrenchCard:
    """The French card of a text form (cached)."""
    return FrenchCard.parse(text)


def symbols(cards: Sequence[str]) -> str:
    """Cards as printed on their corners: ``9♥ 9♣``."""
    return " ".join(card(text).symbol_text for text in cards)


def add_buttons(ranks: Sequence[str]) -> list[str]:
    """The names of the buttons adding to one's melds of these ranks, in order: ``add-to-k``,
    then ``add-to-k-2`` for a second meld of Kings (the state gives each meld its name)."""
    seen: Counter[str] = Counter()
    names = []
    for rank in ranks:
        seen[rank] += 1
        names.append(f"add-to-{rank.lower()}" + (f"-{seen[rank]}" if seen[rank] > 1 else ""))
    return names


def texts(cards: Sequence[FrenchCard]) -> list[str]:
    """Cards in their text form: ``["9H", "9C"]``."""
    return [str(c) for c in cards]


def picked(marks: Marks) -> tuple[int, ...]:
    """Places in the learner's hand picked so far, in the order they were picked: a Mille
    table's own marks (``Marks.game``; None: nothing picked)."""
    return marks.game or ()


def selection(hand: Sequence[str], marks: Marks) -> list[str]:
    """The picked cards, in hand order."""
    return [hand[i] for i in sorted(picked(marks)) if i < len(hand)]


class MillePicture(Parts):
    """Mille's parts of the table picture (see :class:`~cardschool.widgets.picture.Parts`)."""

    seat_type = MilleSeat
    card_type = MilleCard
    hints_shown = 3
    """A group's best three moves show; the long tail (every wild-2 combination) folds."""

    # ------------------------------------------------------------ the hand and the buttons

    @classmethod
    def hand(
        cls, session: Session, seat: int, view: View, marks: Marks, playable: bool
    ) -> tuple[MilleCard, ...]:
        """Every card with the engine's sentence about it; picked cards are selected."""
        hand = texts(view.hand)
        if not playable:
            why = cls.wait_reason(session)
            return tuple(MilleCard(c, render(card(c).said), False, why) for c in hand)
        chosen = set(picked(marks))
        drawing = view.phase is Phase.DRAW
        kinds = (MoveKind.PILE,) if drawing else (MoveKind.MELD, MoveKind.ADD)
        uses: dict[str, Move] = {}
        for move in session.legal_moves():
            if move.kind in kinds:
                for used in move.cards:
                    uses.setdefault(str(used), move)
        cards = []
        for i, text in enumerate(hand):
            why = session.explain(uses.get(text, f"discard {text}"))
            legal = text in uses or not drawing
            name = render(card(text).said)  # in the page's language
            cards.append(MilleCard(text, name, legal, why.text, why.rule, i in chosen))
        return tuple(cards)

    @classmethod
    def actions(cls, session: Session, seat: int, view: View, marks: Marks) -> Buttons:
        """The stock, the pile, meld, add (or one button per meld it fits) and discard."""
        hand = texts(view.hand)
        chosen = selection(hand, marks)
        drawing = view.phase is Phase.DRAW
        moves = session.legal_moves()
        found: Buttons = {}

        def put(name: str, label: str, move: str | None, rule: str = "", why: str = "") -> None:
            if move is not None:
                said = session.explain(move)
                action = Action(name, label, said.legal, said.text, said.rule)
            else:
                action = Action(name, label, False, why, rule)
            found[name] = (action, move)

        empty = view.stock_size == 0
        put("stock", _w("mille:button.leave" if empty else "mille:button.stock"), "stock")
        probe = chosen or (hand[:1] if drawing else [])
        if drawing:
            put("pile", _w("mille:button.pile"), *cls.pile_move(view, chosen, moves))
            for move in moves:
                if move.kind is MoveKind.TAKE:  # mille.draw.first-two
                    took = _w("mille:button.take", cards=_faces([str(move.cards[0])]))
                    put("take", took, str(move))
        elif len(chosen) == 1:
            put("pile", _w("mille:button.discard-selected"), f"discard {chosen[0]}")
        else:
            one = _w("mille:button.select-one")
            put("pile", _w("mille:button.discard-on-pile"), None, "mille.discard", one)
        how = _w("mille:button.how-meld")
        meld = f"meld {' '.join(probe)}" if probe else None
        put("meld", _w("mille:button.meld"), meld, "mille.meld.set", how)
        targets = cls.add_targets(seat, view, probe)
        if len(targets) > 1 and not drawing:
            pick = _w("mille:button.pick-meld")
            put("add", _w("mille:button.add"), None, "mille.meld.own", pick)
            for name, label, move in targets:
                put(name, label, move)
        else:
            how = _w("mille:button.how-add")
            move = targets[0][2] if targets else None
            put("add", _w("mille:button.add"), move, "mille.meld.own", how)
        single = f"discard {probe[0]}" if len(probe) == 1 else None
        exactly = _w("mille:button.select-exactly-one")
        put("discard", _w("mille:button.discard"), single, "mille.discard", exactly)
        return found

    @classmethod
    def pile_move(
        cls, view: View, chosen: list[str], moves: list[Move]
    ) -> tuple[str | None, str, str]:
        """The pile move a click on the pile plays: the selected pair's, or the first legal."""
        piles = [str(move) for move in moves if move.kind is MoveKind.PILE]
        wanted = f"pile {chosen[0]} {chosen[1]}" if len(chosen) == 2 else None
        if wanted is not None and str(Move.parse(wanted)) in piles:
            return str(Move.parse(wanted)), "", ""
        if piles:
            return piles[0], "", ""
        if wanted is not None:
            return wanted, "", ""
        if not view.pile:
            return None, "mille.draw.pile", _w("mille:button.pile-empty")
        top = view.pile[-1]
        same = [str(held) for held in view.hand if held.rank == top.rank]
        pair = [*same, str(top), str(top)][:2]  # the engine says what is missing
        return f"pile {pair[0]} {pair[1]}", "", ""

    @classmethod
    def add_targets(cls, seat: int, view: View, chosen: list[str]) -> list[tuple[str, str, str]]:
        """Where the selected cards could be added: (button name, label, move) per own meld."""
        if not chosen:
            return []
        melds = view.players[seat].melds
        naturals = [card(text).rank.text for text in chosen if card(text).rank.text != "2"]
        ranks = [meld.rank.text for meld in melds]
        wanted = naturals[0] if naturals else None
        found = []
        seen: Counter[str] = Counter()
        for rank, name in zip(ranks, add_buttons(ranks), strict=True):
            seen[rank] += 1
            if wanted is None or rank == wanted:
                which = f"#{seen[rank]}" if seen[rank] > 1 else ""
                named = Rank(int(card(f"{rank}S").rank))
                if which:
                    label = _w("mille:button.add-to-which", rank=named, which=seen[rank])
                else:
                    label = _w("mille:button.add-to", rank=named)
                found.append((name, label, f"add {rank}{which} {' '.join(chosen)}"))
        if not found:  # no such meld: the engine explains why
            found.append(("add", _w("mille:button.add"), f"add {wanted or '2'} {' '.join(chosen)}"))
        return found

    # ------------------------------------------------------------ the rest of the picture

    @classmethod
    def board(cls, session: Session, seat: int, view: View, marks: Marks) -> MilleBoard:
        """Both players' melds (the learner's with their add buttons), the pile, the stock."""
        melds = []
        for which, player in enumerate(view.players):
            ranks = [m.rank.text for m in player.melds]
            buttons = add_buttons(ranks) if which == seat else [""] * len(ranks)
            melds.append(
                tuple(
                    Meld(rank, tuple(texts(m.cards)), m.bunched, m.face_down, button, label)
                    for rank, m, button, label in zip(
                        ranks, player.melds, buttons, map(_meld_label, player.melds), strict=True
                    )
                )
            )
        return MilleBoard(
            melds=tuple(melds),
            pile=tuple(texts(view.pile)),
            stock=view.stock_size,
            selected=tuple(selection(texts(view.hand), marks)),
        )

    @classmethod
    def seat_facts(cls, view: View, which: int) -> dict[str, Any]:
        """Hand size, the cards known to be in it (taken from the pile), the announcement."""
        player = view.players[which]
        size = player.hand_size
        note = ""
        if player.announced:  # mille.announce
            note = render(message("mille:note.left", count=size))
        return {"hand_size": size, "known": tuple(texts(player.known)), "note": note}

    @classmethod
    def scores(cls, session: Session, seat: int, view: View) -> Scores:
        """Each player's total, and the points melded in the hand being played."""
        playing = view.deal_result is None
        deal = tuple(p.melded_points for p in view.players) if playing else None
        return Scores(
            tuple(map(seat_label, session.names)),
            view.totals,
            view.rules.target,
            deal,
            deal_label=render(message("mille:label.melded")),
            match_word=render(session.spec.word("match")),
        )

    @classmethod
    def prompt(cls, session: Session, seat: int, view: View, marks: Marks, mine: bool) -> str:
        """What to do now: draw, or meld and discard (with how many cards are picked)."""
        if marks.stuck:
            return render(message("table:stuck"))
        if session.match_over:
            return render(message("mille:status.match-over"))
        if session.deal_over:
            return render(message("mille:status.hand-over"))
        if not mine:
            playing = message("table:playing", who=Seat(session.to_move))  # type: ignore[arg-type]
            return render(playing, session.names)
        if view.phase is Phase.DRAW:
            return render(message("mille:status.draw"))
        count = len(picked(marks))
        if count:
            return render(message("mille:status.meld-picked", count=count))
        return render(message("mille:status.meld"))

    @classmethod
    def result(cls, session: Session, seat: int, view: View) -> Result | None:
        """The breakdown of the hand just scored."""
        return result(view, session.names)

    @classmethod
    def hint(cls, hint: EngineHint) -> Hint:
        """The engine's sentence about the move, then its effect on the score."""
        parsed = Move.parse(hint.move)
        if hint.effect is None:
            effect = render(message("mille:hint.drawn"))
        else:
            effect = render(_effect(parsed, hint.effect))
        if hint.note:
            effect = render(message("mille:hint.noted", effect=effect, note=hint.note))
        used = tuple(str(c) for c in parsed.cards)
        return Hint(hint.text, effect, hint.rule, hint.group, used)

    @classmethod
    def move_words(cls, move: str) -> str:
        """A move in words: ``Take the pile with 9♥ 9♣``."""
        parsed = Move.parse(move)
        shown = Faces(tuple(c.index for c in parsed.cards))
        match parsed.kind:
            case MoveKind.STOCK:
                return _w("mille:move.stock")
            case MoveKind.PILE:
                return _w("mille:move.pile", cards=shown)
            case MoveKind.TAKE:
                return _w("mille:move.take", cards=shown)
            case MoveKind.MELD:
                return _w("mille:move.meld", cards=shown)
            case MoveKind.ADD:
                if parsed.rank is None:
                    return _w("mille:move.add-meld", cards=shown)
                return _w("mille:move.add", cards=shown, rank=Rank(int(parsed.rank)))
            case _:
                return _w("mille:move.discard", cards=shown)

    @classmethod
    def own_move_words(cls, session: Session, seat: int, before: View, step: Step) -> str:
        """The narration of the learner's move; a draw from the stock names the card drawn."""
        said = step.text  # the session told it with its names, the learner as "You"
        if Move.parse(step.move).kind is not MoveKind.STOCK:
            return said
        after = session.view(seat)
        drawn = Counter(texts(after.hand)) - Counter(texts(before.hand))
        if not drawn:  # the stock was empty: the pile was left and the hand ended
            return said
        drawn_card = Face(card(next(iter(drawn))).index)
        return render(message("mille:status.drew", said=said, card=drawn_card))

    @classmethod
    def deal_just_started(cls, view: View) -> bool:
        """True while the log holds only the cut, the deal and the dealer's turn."""
        return all(entry.rule in _START_RULES for entry in view.log)

    @classmethod
    def deal_message(cls, session: Session, seat: int, view: View) -> Message | None:
        """mille.deal: who dealt, announced."""
        dealt = [entry for entry in view.log if entry.rule == "mille.deal"]
        return Message(told(session, seat, dealt[-1].said), "mille.deal") if dealt else None


def _effect(move: Move, effect: int) -> Said:
    """A hint's score effect, saying what it counts (``mille.score.hand``)."""
    value = sum(card_value(card) for card in move.cards)
    match move.kind:
        case MoveKind.MELD | MoveKind.ADD:
            # mille.score.hand: melded cards count plus on the table, no longer minus in hand
            return message("mille:hint.effect-meld", effect=effect, value=value)
        case MoveKind.DISCARD:
            # mille.score.hand: a card left in hand counts against you
            return message("mille:hint.effect-discard", effect=effect, value=value)
        case MoveKind.TAKE:
            return message("mille:hint.effect-take", effect=effect, value=value)
        case MoveKind.PILE:
            return message("mille:hint.effect-pile", effect=effect)
    return message("mille:hint.effect", effect=effect)
