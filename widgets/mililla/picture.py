"""What a Mililla table shows: the parts of the picture, pure functions of the position.

:class:`MilillaPicture` fills in :func:`~cardschool.widgets.picture.picture` for Mililla:
every hand card with the engine's verdict on playing it (``legal``, the sentence and the
rule id), the trump suit always on show (the face-up trump card in the dealer's hand
until it is played), the trick being played (or the finished trick the table still has on
show: its own marks, ``marks.game``), tricks and points won, the teams' scores, the prompt
and the end-of-round breakdown. It asks the session (``explain``) for the seat to move, never the
game, which holds the hidden cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardschool.engine.cards import SpanishCard
from cardschool.engine.hints import Hint as EngineHint
from cardschool.engine.messages import Seat, message, render
from cardschool.engine.mililla import Phase, View
from cardschool.engine.mililla.messages import Card, Suit
from cardschool.engine.mililla.tables import SUITS

from ..picture import Marks, Parts
from ..state import HandCard, Hint, Message, Result, Said, Scores
from . import messages as _messages  # noqa: F401  (the status lines' words)
from .board import MilillaBoard, MilillaSeat, Played, Trick, Trump
from .breakdowns import result, team_labels

if TYPE_CHECKING:
    from cardschool.engine.session import Session

__all__ = ["MilillaPicture", "card"]


@lru_cache(maxsize=64)
def card(text: str) -> SpanishCard:
    """The Spanish card of a text form (cached)."""
    return SpanishCard.parse(text)


class MilillaPicture(Parts):
    """Mililla's parts of the table picture (see :class:`~cardschool.widgets.picture.Parts`)."""

    seat_type = MilillaSeat

    @classmethod
    def hand(
        cls, session: Session, seat: int, view: View, marks: Marks, playable: bool
    ) -> tuple[HandCard, ...]:
        """Every card with the engine's verdict on playing it."""
        hand = view.hand
        if not playable:
            why = cls.wait_reason(session)
            return tuple(HandCard(c.text, render(c.said), False, why) for c in hand)
        cards = []
        for each in hand:
            said = session.explain(each)
            cards.append(HandCard(each.text, render(each.said), said.legal, said.text, said.rule))
        return tuple(cards)

    @classmethod
    def board(cls, session: Session, seat: int, view: View, marks: Marks) -> MilillaBoard:
        """The trumps, the trick (or the finished one on show), tricks and points won."""
        face_up = view.face_up
        trump = Trump(
            suit=view.trump.value,
            name=render(view.trump.said),  # in the page's language
            card=None if face_up is None else face_up.text,
            seat=view.dealer if face_up else None,
        )
        shown: Trick | None = marks.game
        if shown is not None:
            trick, winning, last = shown.cards, shown.winner, None
        else:
            trick = tuple(Played(p.seat, p.card.text) for p in view.trick)
            winning = view.winning.seat if view.winning else None
            done = view.last_trick
            last = None
            if done is not None:
                played = tuple(Played(p.seat, p.card.text) for p in done.cards)
                last = Trick(played, done.winner)
        return MilillaBoard(
            trump=trump,
            trick=trick,
            winning=winning,
            last_trick=last,
            tricks=view.tricks,
            points=view.points,
        )

    @classmethod
    def just_finished(cls, view: View) -> Trick | None:
        """mililla.trick: the trick the last card completed, on show until it is gathered."""
        last = view.last_trick
        if view.trick or last is None:
            return None
        return Trick(tuple(Played(p.seat, p.card.text) for p in last.cards), last.winner)

    @classmethod
    def holds(cls, marks: Marks) -> bool:
        """mililla.trick: a finished trick on show (the table's own marks) holds play."""
        return marks.game is not None

    @classmethod
    def seat_facts(cls, view: View, which: int) -> dict[str, Any]:
        """Hand size, the dealer's face-up trump card, the team."""
        face_up = view.face_up
        # mililla.deal: the face-up card is known to all; the dealer's own hand shows it already
        known = (face_up.text,) if face_up and which == view.dealer != view.seat else ()
        return {"hand_size": view.hand_sizes[which], "known": known, "team": which % 2}

    @classmethod
    def scores(cls, session: Session, seat: int, view: View) -> Scores:
        """Each team's total, and the points won in the round being played."""
        deal = view.points if view.phase is Phase.PLAY else None
        return Scores(
            team_labels(seat),
            view.totals,
            view.rules.target,
            deal,
            deal_label=render(message("mililla:label.round-points")),
            match_word=render(session.spec.word("match")),
        )

    @classmethod
    def prompt(cls, session: Session, seat: int, view: View, marks: Marks, mine: bool) -> str:
        """What to do now: lead, follow the suit led, or wait."""
        if marks.stuck:
            return render(message("table:stuck"))
        shown: Trick | None = marks.game
        if shown is not None:
            takes = message("mililla:status.takes-trick", who=Seat(shown.winner))
            return render(takes, session.names)
        if session.match_over:
            return render(message("mililla:status.game-over"))
        if session.deal_over:
            return render(message("mililla:status.round-over"))
        if not mine:
            playing = message("table:playing", who=Seat(session.to_move))  # type: ignore[arg-type]
            return render(playing, session.names)
        if not view.trick:
            return render(message("mililla:status.lead"))
        led = Suit(SUITS.index(view.led))
        return render(message("mililla:status.follow", led=led))

    @classmethod
    def result(cls, session: Session, seat: int, view: View) -> Result | None:
        """The breakdown of the round just scored."""
        return result(view, seat)

    @classmethod
    def hint(cls, hint: EngineHint) -> Hint:
        """The card in words, then the engine's sentence about it."""
        return Hint(cls.move_words(hint.move), hint.text, hint.rule, hint.group, (hint.move,))

    @classmethod
    def move_words(cls, move: str) -> str:
        """A move in words: ``Play the King of cups``."""
        return render(message("mililla:move.play", card=Card(card(move).index)))

    @classmethod
    def deal_just_started(cls, view: View) -> bool:
        """True before the round's first card."""
        return view.phase is Phase.PLAY and not view.played and view.earlier is None

    @classmethod
    def deal_message(cls, session: Session, seat: int, view: View) -> Message | None:
        """mililla.deal and mililla.bonus: the trump suit and the dealer's bonus, announced."""
        turned = view.trump_card
        deals = message("mililla:status.deals", who=Seat(view.dealer), card=Card(turned.index))
        text = render(deals, session.names)
        bonus = view.bonus
        if not bonus.value:
            return Message(text, "mililla.deal", "announce")
        whose = "yours" if bonus.team == seat % 2 else "theirs"
        if bonus.status == "added":
            key = "mililla:status.bonus-now"
        elif bonus.after_round:
            key = "mililla:status.bonus-after"
        else:
            key = "mililla:status.bonus-held"
        said = message(f"{key}.{whose}", points=bonus.value, target=view.rules.target)
        more = render(said)
        # the bonus follows the trump on the status line, each sentence with its own rule
        return Message(text, "mililla.deal", "announce", (Said(more, "mililla.bonus"),))
