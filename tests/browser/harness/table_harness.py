"""Hand-written table states and a table that echoes intents, for the browser harness.

No game engine here: the states are written by hand, like the ones a session will
compute, so the front end can be tested on its own. ``EchoTable`` answers each intent by
echoing it into the message area, and plays a little: a Mille card click toggles the
card's selection; a Mililla card goes to the trick and two "bots" answer after the
table's delay (through ``TableWidget.later``), with ``busy`` set meanwhile; "new deal"
starts again from the hand-written state.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from cardschool.engine.cards import Hand
from cardschool.engine.messages import Message as Said
from cardschool.widgets.mililla.board import MilillaBoard, MilillaSeat, Played, Trick, Trump
from cardschool.widgets.mille.board import Meld, MilleBoard, MilleCard, MilleSeat
from cardschool.widgets.state import (
    Action,
    Coach,
    HandCard,
    Hint,
    LogEntry,
    Message,
    Result,
    ResultLine,
    Scores,
    TableState,
)
from cardschool.widgets.table import TableWidget

FOLLOW = "You must follow the suit that was led, coins, when you can."


def mille_state() -> TableState:
    """A Mille position after the draw: the learner may meld, add, or discard."""
    cards = Hand.french("AS KH KD QS JD 10C 9S 9C 9H 7H 7D 5S 3C 2H")
    hand = tuple(
        MilleCard(str(c), c.name, True, f"Discard {c.the}", "mille.discard") for c in cards
    )
    return TableState(
        game="mille",
        seat=0,
        title="Mille: harness",
        prompt="Your turn: meld, add to a meld, or discard a card.",
        seats=(
            MilleSeat(0, "You", "human", "south", len(hand), to_move=True),
            MilleSeat(1, "North", "basic", "north", 11, known=("9D", "JC"), dealer=True),
        ),
        hand=hand,
        table=MilleBoard(
            melds=(
                (Meld("K", ("KS", "KC", "2D")), Meld("4", ("4H", "4S", "4D", "4C"))),
                (
                    Meld("Q", ("QH", "QD", "QC", "QH", "QD", "QC", "QS"), bunched=True),
                    Meld("8", ("8H",) * 8, face_down=True),
                    Meld("A", ("AH", "AD", "2S")),
                ),
            ),
            pile=("3D", "6S", "10H", "JH", "5C", "8S", "KC"),
            stock=38,
        ),
        actions=(
            Action(
                "meld",
                "Meld the selected cards",
                False,
                "Select three cards or more of one rank.",
                "mille.meld.set",
            ),
            Action(
                "add",
                "Add to a meld",
                False,
                "Select cards of a rank you have melded.",
                "mille.meld.own",
            ),
            Action(
                "stock",
                "Draw from the stock",
                False,
                "You have drawn this turn already.",
                "mille.turn",
            ),
            Action(
                "pile",
                "Take the discard pile",
                False,
                "You have drawn this turn already.",
                "mille.turn",
            ),
        ),
        message=Message("North melded three Aces with a 2.", "mille.meld.set"),
        hints=(
            Hint(
                "Meld 9S 9C 9H",
                "Three 9s make a meld.",
                "mille.meld.set",
                "Meld",
                ("9S", "9C", "9H"),
            ),
            Hint(
                "Add KH KD to your Kings",
                "You may add to your own melds.",
                "mille.meld.own",
                "Meld",
                ("KH", "KD"),
            ),
            Hint("Discard 3C", "Any card may be discarded.", "mille.discard", "Discard", ("3C",)),
        ),
        log=(
            LogEntry("North drew from the stock.", "mille.draw.stock", 1),
            LogEntry("North melded AH AD 2S.", "mille.meld.set", 1),
            LogEntry("North discarded the King of clubs.", "mille.discard", 1),
            LogEntry("You drew from the stock.", "mille.draw.stock", 0),
        ),
        scores=Scores(("You", "North"), (415, 380), 1200, deal=(95, 205)),
        code="MIL-7K3Q",
        can_undo=True,
    )


def mililla_state() -> TableState:
    """A Mililla trick: West led the 5 of coins; the learner must beat it if they can."""
    beat = "West is winning with the 5 of coins: beat it with a higher coin if you can."
    why = {"3O": (beat, "mililla.beat")}
    coins = {"JO", "6O", "3O"}
    hand = tuple(
        HandCard(str(c), c.name, str(c) in ("JO", "6O"), *why.get(str(c), ("", None)))
        if str(c) in coins
        else HandCard(str(c), c.name, False, FOLLOW, "mililla.follow")
        for c in Hand.spanish("KC HC JO 6O 3O AE 7B 4B 2E")
    )
    return TableState(
        game="mililla",
        seat=0,
        title="Mililla: harness",
        prompt="Your turn: play a card.",
        seats=(
            MilillaSeat(0, "You", "human", "south", len(hand), to_move=True, team=0),
            MilillaSeat(1, "East", "basic", "east", 9, team=1),
            MilillaSeat(2, "North", "expert", "north", 9, team=0),
            MilillaSeat(3, "West", "random", "west", 8, team=1, known=("7C",), dealer=True),
        ),
        hand=hand,
        table=MilillaBoard(
            trump=Trump("C", "cups", "7C", 3),
            trick=(Played(3, "5O"),),
            winning=3,
            last_trick=Trick(
                (Played(0, "KB"), Played(1, "3B"), Played(2, "6B"), Played(3, "AB")), 3
            ),
            tricks=(0, 1),
            points=(0, 8),
        ),
        message=Message(
            "Trumps are cups: the dealer turned up the 7 of cups.", "mililla.deal", "announce"
        ),
        coach=Coach(
            "play 6O", "West is winning: beat the 5 with your lowest higher coin.", "mililla.beat"
        ),
        log=(
            LogEntry("West dealt; trumps are cups.", "mililla.deal", 3),
            LogEntry("West won the first trick with the Ace of clubs.", "mililla.trick", 3),
            LogEntry("West led the 5 of coins.", "mililla.lead", 3),
        ),
        scores=Scores(("Your team", "Their team"), (12, 20), 35),
        code="MLL-Q2P9",
        can_undo=True,
    )


def mille_result_state() -> TableState:
    """The Mille position with its end-of-hand breakdown on show."""
    lines = (
        ResultLine("Melds", (85, 140), "mille.score.hand"),
        ResultLine("Cards left in hand", (-60, 0), "mille.score.hand"),
        ResultLine("Natural eight of 8s", (0, 40), "mille.score.natural-meld"),
        ResultLine("Hand total", (25, 180)),
    )
    return dataclasses.replace(
        mille_state(), result=Result("North went out and wins the hand", lines)
    )


class EchoTable(TableWidget):
    """A table that echoes every intent into its message and plays a little."""

    received: list[dict[str, Any]]

    def __init__(self, state: TableState, bots: tuple[tuple[str, int], ...] = ()) -> None:
        self.received = []
        self.model_state = self.first_state = state
        self.first_bots = bots
        self.bots = list(bots)
        super().__init__(state)

    def on_intent(self, intent: Any) -> None:
        """Echo the intent; a card click selects (Mille) or plays to the trick (Mililla)."""
        intent = intent.to_dict()  # the checked intent record, as the browser sent it
        self.received.append(intent)
        if intent["type"] == "new-deal":  # start again from the hand-written state
            self.cancel_later()
            self.bots = list(self.first_bots)
            self.model_state = self.first_state
        state = self.model_state
        echo = Message(
            "Received "
            + json.dumps({k: v for k, v in intent.items() if v is not None and k != "rev"})
        )
        if intent["type"] == "card" and state.game == "mille":
            i = intent["index"] if intent["index"] is not None else 0
            hand = list(state.hand)
            hand[i] = dataclasses.replace(hand[i], selected=not hand[i].selected)
            picked = tuple(c.card for c in hand if c.selected)  # type: ignore[attr-defined]
            board = dataclasses.replace(state.table, selected=picked)
            state = dataclasses.replace(state, hand=tuple(hand), table=board)
        elif intent["type"] == "card":
            card = state.hand[intent["index"]] if intent["index"] is not None else None
            if card is None or not card.legal:
                why = Said.parse(card.why if card else "Click a card.")  # the picture's words
                self.refuse(why, rule=card.rule if card else None)
                return
            state = self._play(state, 0, card.card, busy=bool(self.bots), winning=0)
            if self.bots:
                self.later(self._bot)
        self.model_state = dataclasses.replace(state, message=echo)
        self.show(self.model_state)

    def _play(
        self, state: TableState, seat: int, card: str, *, busy: bool, winning: int
    ) -> TableState:
        """Put a card on the trick and pass the turn on."""
        assert isinstance(state.table, MilillaBoard)
        hand = tuple(c for c in state.hand if c.card != card) if seat == 0 else state.hand
        seats = tuple(
            dataclasses.replace(
                s,
                to_move=s.seat == (seat + 1) % 4 and busy,
                hand_size=s.hand_size - (s.seat == seat),
            )
            for s in state.seats
        )
        trick = (*state.table.trick, Played(seat, card))
        table = dataclasses.replace(state.table, trick=trick, winning=winning)
        return dataclasses.replace(state, hand=hand, seats=seats, table=table, busy=busy)

    def _bot(self) -> None:
        """One bot move, then the next after the delay, until the bots are done."""
        seat = (self.model_state.table.trick[-1].seat + 1) % 4  # type: ignore[union-attr]
        card, winning = self.bots.pop(0)
        state = self._play(self.model_state, seat, card, busy=bool(self.bots), winning=winning)
        self.model_state = dataclasses.replace(
            state, message=Message(f"Seat {seat} played {card}.")
        )
        self.show(self.model_state)
        if self.bots:
            self.later(self._bot)


def mille_table() -> EchoTable:
    """The Mille harness table."""
    return EchoTable(mille_state())


def mililla_table() -> EchoTable:
    """The Mililla harness table, with two bot moves after the learner's card."""
    return EchoTable(mililla_state(), bots=(("HO", 1), ("4O", 1)))
