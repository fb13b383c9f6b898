"""The Mililla table: a click on a hand card plays it; the three others play in turn.

Every hand card carries the engine's verdict on playing it (``legal``, the sentence and
the rule id), the trump suit is always on show, the face-up trump card sits in the
dealer's hand until it is played, and the trump and the dealer's bonus are announced at
the deal. A finished trick stays on the table for a moment (1.5 times the bots' delay),
with who won it, before it is gathered.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from cardschool.engine.cards import SpanishCard, SpanishSuit
from cardschool.engine.mililla import SEAT_NAMES, Phase, View
from cardschool.engine.session import Step
from cardschool.engine.wording import agree

from .breakdowns import mililla_result, team_labels
from .game_table import GameTable
from .state import (
    HandCard,
    Hint,
    LogEntry,
    Message,
    MilillaBoard,
    Played,
    Result,
    Scores,
    Trick,
    Trump,
)

__all__ = ["MilillaTable"]


@lru_cache(maxsize=64)
def card(text: str) -> SpanishCard:
    """The Spanish card of a text form (cached)."""
    return SpanishCard.parse(text)


class MilillaTable(GameTable):
    """A Mililla table for the learner's seat over a Session (see GameTable for the options)."""

    kind = "mililla"
    board = MilillaBoard
    ENGINE_NAMES = tuple(SEAT_NAMES)
    GAME_MODULE = "mililla"

    # ------------------------------------------------------------ moves and the trick on show

    def _reset(self) -> None:
        self._shown: Trick | None = None

    def _pausing(self) -> bool:
        return self._shown is not None

    def _end_pause(self) -> None:
        self._shown = None

    def _on_card(self, text: str, index: int | None) -> None:
        self._play(text)

    def _moved(self, step: Step) -> None:
        view: View = self._session.view(self._seat)  # type: ignore[assignment]
        last = view.last_trick
        if view.trick or last is None:
            return
        # mililla.trick: the trick just completed stays on show, then is gathered
        cards = tuple(Played(p.seat, p.card) for p in last.cards)
        self._shown = Trick(cards, last.winner)
        best = next(p.card for p in cards if p.seat == last.winner)
        who = self._session.names[last.winner]
        text = f"{agree(who, 'wins')} the trick with {card(best).the}: {last.points} points."
        self._message = Message(text, "mililla.trick")

    def _deal_just_started(self, view: View) -> bool:  # type: ignore[override]
        return view.phase is Phase.PLAY and not view.played

    def _deal_message(self, view: View) -> Message | None:  # type: ignore[override]
        """mililla.deal and mililla.bonus: the trump suit and the dealer's bonus, announced."""
        turned = card(view.trump_card)
        dealer = self._session.names[view.dealer]
        trumps = f"{turned.the} is turned up, so {turned.suit.noun} are trumps"
        text = f"{agree(dealer, 'deals')}: {trumps}."
        bonus = view.bonus
        if not bonus.value:
            return Message(text, "mililla.deal", "announce")
        team = team_labels(self._seat)[bonus.team]
        points = f"{bonus.value} point{'s' if bonus.value > 1 else ''}"
        if bonus.status == "added":
            text += f" {team} gets {points} for it at once."
        elif bonus.after_round:
            text += f" {team} will get {points} for it after the round."
        else:
            text += (
                f" {team} would reach {view.rules.target} with its {points}: "
                "they are held back and count only if the round ends 35 to 35."
            )
        return Message(text, "mililla.bonus", "announce")

    # ------------------------------------------------------------ the picture

    def _hand(self, view: View, mine: bool) -> tuple[HandCard, ...]:  # type: ignore[override]
        hand = view.hand
        if not mine:
            why = self._wait_reason()
            return tuple(HandCard(c, card(c).name, False, why) for c in hand)
        session = self._session
        cards = []
        for text in hand:
            said = session.explain(text)
            cards.append(HandCard(text, card(text).name, said.legal, said.text, said.rule))
        return tuple(cards)

    def _wait_reason(self) -> str:
        session = self._session
        if session.to_move is None:
            return "The round is over." if not session.match_over else "The match is over."
        return f"Wait: {session.names[session.to_move]} is to play."

    def _table(self, view: View) -> MilillaBoard:  # type: ignore[override]
        face_up = view.face_up
        trump = Trump(
            suit=view.trump,
            name=SpanishSuit(view.trump).noun,
            card=face_up,
            seat=view.dealer if face_up else None,
        )
        if self._shown is not None:
            trick, winning, last = self._shown.cards, self._shown.winner, None
        else:
            trick = tuple(Played(p.seat, p.card) for p in view.trick)
            winning = view.winning.seat if view.winning else None
            done = view.last_trick
            last = None
            if done is not None:
                played = tuple(Played(p.seat, p.card) for p in done.cards)
                last = Trick(played, done.winner)
        return MilillaBoard(
            trump=trump,
            trick=trick,
            winning=winning,
            last_trick=last,
            tricks=view.tricks,
            points=view.points,
        )

    def _seat_facts(self, view: View, seat: int) -> dict[str, Any]:  # type: ignore[override]
        face_up = view.face_up
        known = (face_up,) if face_up and seat == view.dealer else ()
        return {"hand_size": view.hand_sizes[seat], "known": known, "team": seat % 2}

    def _scores(self, view: View) -> Scores:  # type: ignore[override]
        deal = view.points if view.phase is Phase.PLAY else None
        return Scores(team_labels(self._seat), view.totals, view.rules.target, deal)

    def _prompt(self, view: View, mine: bool) -> str:  # type: ignore[override]
        session = self._session
        if self._stuck:
            return "A bot could not move: undo, or start a new deal."
        if self._shown is not None:
            return f"{agree(session.names[self._shown.winner], 'takes')} the trick."
        if session.match_over:
            return "The match is over."
        if session.deal_over:
            return "The round is over: see the score, then go on to the next round."
        if not mine:
            return f"{agree(session.names[session.to_move], 'is')} playing…"
        if not view.trick:
            return "Your lead: play any card."
        led = SpanishSuit(view.led).noun
        return f"Your turn: {led} were led. Click the card to play."

    def _log(self, view: View) -> list[LogEntry]:  # type: ignore[override]
        return [LogEntry(self._names_in(entry.text), entry.rule, entry.seat) for entry in view.log]

    def _result(self, view: View) -> Result | None:  # type: ignore[override]
        return mililla_result(view, self._seat)

    def _hint(self, hint: Any) -> Hint:
        return Hint(self._move_words(hint.move), hint.text, hint.rule, "Play", (hint.move,))

    def _move_words(self, move: str) -> str:
        return f"Play {card(move).the}"
