"""The Mille table: draw from the stock or the pile, select cards, meld, add, discard.

Clicks become Mille moves (``engine/mille/moves.py``): a click on the stock draws; a click
on the pile takes it with the selected pair if they make a legal pile move, else with the
first legal pair; a hand card click selects or unselects the card; the buttons meld the
selection, add it to one of your melds (2s alone: to the meld you pick) or discard it,
and a click on the pile with one card selected discards it too. Every button and card
carries the engine's sentence about it, and the engine checks every move again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from cardschool.engine.cards import FrenchCard
from cardschool.engine.errors import IllegalMoveError
from cardschool.engine.mille import SEAT_NAMES, Move, MoveKind, Phase, View
from cardschool.engine.session import Step
from cardschool.engine.wording import agree

from .breakdowns import mille_result
from .game_table import GameTable
from .state import Action, HandCard, Hint, LogEntry, Meld, Message, MilleBoard, Result, Scores

__all__ = ["MilleTable"]

_START_RULES = {"mille.cut", "mille.deal", "mille.next-dealer", "mille.game.end"}
_PICK_MELD = "Pick the meld: click one of your melds, or one of the buttons under your hand"


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


class MilleTable(GameTable):
    """A Mille table for the learner's seat over a Session (see GameTable for the options)."""

    kind = "mille"
    board = MilleBoard
    ENGINE_NAMES = SEAT_NAMES
    GAME_MODULE = "mille"

    # ------------------------------------------------------------ selection

    def _reset(self) -> None:
        self._picked: list[int] = []
        self._announced = len(self._session.view(self._seat).announcements)

    def _selection(self, hand: Sequence[str]) -> list[str]:
        """The selected cards, in hand order."""
        return [hand[i] for i in sorted(self._picked) if i < len(hand)]

    def _on_card(self, text: str, index: int | None) -> None:
        hand = texts(self._session.view(self._seat).hand)
        shown = {entry.card: entry for entry in self._hand_now()}
        entry = shown[text]
        if not entry.legal:  # draw phase: only cards that can take the pile are picked
            raise IllegalMoveError(entry.rule or "mille.turn", entry.why)
        places = [i for i, held in enumerate(hand) if held == text]
        if index is None:  # pick another copy if there is one, else drop one
            free = [i for i in places if i not in self._picked]
            index = free[0] if free else places[-1]
        if index in self._picked:
            self._picked.remove(index)
        else:
            self._picked.append(index)
        self.refresh()

    def _on_select(self, cards: Sequence[str]) -> None:
        hand = texts(self._session.view(self._seat).hand)
        entries = {entry.card: entry for entry in self._hand_now()}
        for text in cards:
            if not entries[text].legal:
                raise IllegalMoveError(entries[text].rule or "mille.turn", entries[text].why)
        picked: list[int] = []
        for text, count in Counter(cards).items():
            picked += [i for i, held in enumerate(hand) if held == text][:count]
        self._picked = picked
        self.refresh()

    def _hand_now(self) -> tuple[HandCard, ...]:
        return self._hand(self._session.view(self._seat), self._my_turn() and not self.busy)

    # ------------------------------------------------------------ moves and announcements

    def _moved(self, step: Step) -> None:
        self._picked = []
        said = self._session.view(self._seat).announcements
        if len(said) > self._announced:  # mille.announce: two cards or fewer left
            self._message = Message(self._names_in(said[-1].text), "mille.announce", "announce")
        self._announced = len(said)

    def _deal_just_started(self, view: View) -> bool:
        return all(entry.rule in _START_RULES for entry in view.log)

    def _deal_message(self, view: View) -> Message | None:
        dealt = [entry for entry in view.log if entry.rule == "mille.deal"]
        return Message(self._names_in(dealt[-1].text), "mille.deal") if dealt else None

    # ------------------------------------------------------------ the hand and the buttons

    def _hand(self, view: View, mine: bool) -> tuple[HandCard, ...]:
        hand = texts(view.hand)
        picked = set(self._picked)
        if not mine:
            why = self._wait_reason()
            return tuple(HandCard(c, card(c).name, False, why) for c in hand)
        session = self._session
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
            cards.append(HandCard(text, card(text).name, legal, why.text, why.rule, i in picked))
        return tuple(cards)

    def _wait_reason(self) -> str:
        session = self._session
        if session.to_move is None:
            return "The hand is over." if not session.match_over else "The match is over."
        return f"Wait: {session.names[session.to_move]} is playing."

    def _actions(self, view: View) -> dict[str, tuple[Action, str | None]]:
        session = self._session
        hand = texts(view.hand)
        chosen = self._selection(hand)
        drawing = view.phase is Phase.DRAW
        moves = session.legal_moves()
        found: dict[str, tuple[Action, str | None]] = {}

        def put(name: str, label: str, move: str | None, rule: str = "", why: str = "") -> None:
            if move is not None:
                said = session.explain(move)
                action = Action(name, label, said.legal, said.text, said.rule)
            else:
                action = Action(name, label, False, why, rule)
            found[name] = (action, move)

        empty = view.stock_size == 0
        stock = "Leave the pile (the stock is empty)" if empty else "Draw from the stock"
        put("stock", stock, "stock")
        probe = chosen or (hand[:1] if drawing else [])
        if drawing:
            put("pile", "Take the discard pile", *self._pile_move(view, chosen, moves))
            for move in moves:
                if move.kind is MoveKind.TAKE:  # mille.draw.first-two
                    put("take", f"Take the turned-up {symbols([str(move.cards[0])])}", str(move))
        elif len(chosen) == 1:
            put("pile", "Discard the selected card on the pile", f"discard {chosen[0]}")
        else:
            put("pile", "Discard on the pile", None, "mille.discard", "Select one card to discard")
        how = "Select three or more cards of one rank (2s are wild), then press Meld"
        meld = f"meld {' '.join(probe)}" if probe else None
        put("meld", "Meld the selected cards", meld, "mille.meld.set", how)
        targets = self._add_targets(view, probe)
        if len(targets) > 1 and not drawing:
            put("add", "Add to a meld", None, "mille.meld.own", _PICK_MELD)
            for name, label, move in targets:
                put(name, label, move)
        else:
            how = "Select cards of a rank you have melded, or 2s, then press Add"
            move = targets[0][2] if targets else None
            put("add", "Add to a meld", move, "mille.meld.own", how)
        single = f"discard {probe[0]}" if len(probe) == 1 else None
        put("discard", "Discard", single, "mille.discard", "Select exactly one card to discard")
        return found

    def _pile_move(
        self, view: View, chosen: list[str], moves: list[Move]
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
            return None, "mille.draw.pile", "The discard pile is empty"
        top = view.pile[-1]
        same = [str(held) for held in view.hand if held.rank == top.rank]
        pair = [*same, str(top), str(top)][:2]  # the engine says what is missing
        return f"pile {pair[0]} {pair[1]}", "", ""

    def _add_targets(self, view: View, chosen: list[str]) -> list[tuple[str, str, str]]:
        """Where the selected cards could be added: (button name, label, move) per own meld."""
        if not chosen:
            return []
        melds = view.players[self._seat].melds
        naturals = [card(text).rank.text for text in chosen if card(text).rank.text != "2"]
        ranks = [meld.rank.text for meld in melds]
        wanted = naturals[0] if naturals else None
        found = []
        seen: Counter[str] = Counter()
        for rank, name in zip(ranks, add_buttons(ranks), strict=True):
            seen[rank] += 1
            if wanted is None or rank == wanted:
                which = f"#{seen[rank]}" if seen[rank] > 1 else ""
                plural = card(f"{rank}S").rank.plural
                label = f"Add to your {plural}" + (f" ({seen[rank]})" if which else "")
                found.append((name, label, f"add {rank}{which} {' '.join(chosen)}"))
        if not found:  # no such meld: the engine explains why
            found.append(("add", "Add to a meld", f"add {wanted or '2'} {' '.join(chosen)}"))
        return found

    # ------------------------------------------------------------ the rest of the picture

    def _table(self, view: View) -> MilleBoard:
        melds = []
        for seat, player in enumerate(view.players):
            ranks = [m.rank.text for m in player.melds]
            buttons = add_buttons(ranks) if seat == self._seat else [""] * len(ranks)
            melds.append(
                tuple(
                    Meld(rank, tuple(texts(m.cards)), m.bunched, m.face_down, button)
                    for rank, m, button in zip(ranks, player.melds, buttons, strict=True)
                )
            )
        return MilleBoard(melds=tuple(melds), pile=tuple(texts(view.pile)), stock=view.stock_size)

    def _seat_facts(self, view: View, seat: int) -> dict[str, Any]:
        player = view.players[seat]
        size = player.hand_size
        note = ""
        if player.announced:  # mille.announce
            note = "one card left" if size == 1 else "two cards left"
        return {"hand_size": size, "known": tuple(texts(player.known)), "note": note}

    def _scores(self, view: View) -> Scores:
        playing = view.deal_result is None
        deal = tuple(p.melded_points for p in view.players) if playing else None
        return Scores(tuple(self._session.names), view.totals, view.rules.target, deal)

    def _prompt(self, view: View, mine: bool) -> str:
        session = self._session
        if self._stuck:
            return "A bot could not move: undo, or start a new deal."
        if session.match_over:
            return "The match is over."
        if session.deal_over:
            return "The hand is over: see the score, then go on to the next hand."
        if not mine:
            return f"{agree(session.names[session.to_move], 'is')} playing…"
        if view.phase is Phase.DRAW:
            return "Your turn: draw from the stock, or take the discard pile."
        count = len(self._picked)
        picked = f" ({count} selected)" if count else ""
        return f"Meld or add to your melds, then discard one card{picked}."

    def _log(self, view: View) -> list[LogEntry]:
        return [LogEntry(self._names_in(entry.text), entry.rule, entry.seat) for entry in view.log]

    def _result(self, view: View) -> Result | None:
        return mille_result(view, self._session.names)

    def _hint(self, hint: Any) -> Hint:
        """The engine's sentence about the move, then its effect on the score."""
        if hint.effect is None:
            effect = "The score depends on the card you draw."
        else:
            effect = f"Score {hint.effect:+d} if the hand ended right after it."
        used = tuple(str(c) for c in Move.parse(hint.move).cards)
        return Hint(hint.text, effect, hint.rule, hint.group, used)

    def _move_words(self, move: str) -> str:
        parsed = Move.parse(move)
        shown = symbols([str(c) for c in parsed.cards])
        match parsed.kind:
            case MoveKind.STOCK:
                return "Draw from the stock"
            case MoveKind.PILE:
                return f"Take the pile with {shown}"
            case MoveKind.TAKE:
                return f"Take the turned-up {shown}"
            case MoveKind.MELD:
                return f"Meld {shown}"
            case MoveKind.ADD:
                rank = parsed.rank.plural if parsed.rank is not None else "meld"
                return f"Add {shown} to your {rank}"
            case _:
                return f"Discard {shown}"
