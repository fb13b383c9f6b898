"""The bots' reasons in plain words, built from the decision itself, as messages.

A basic reason restates the rule of thumb with the facts it used (the card to beat,
the cards of a suit already gone, who plays after you); an expert reason gives what
the simulations found. Where a rule of the game forced the card, the reason names its id.
Their words are in ``messages`` (the ``mililla:coach.*`` entries).
"""

from __future__ import annotations

from ...messages import Message, message, render
from ..game import Game
from ..messages import Card, Suit
from ..tables import CARDS, DECK_MASK, POINTS, SUIT, SUIT_MASK, bits
from .messages import NOISE
from .policy import Tag
from .search import MoveStats

__all__ = ["NOISE", "basic_reason", "basic_said", "expert_reason", "expert_said"]


def _worth(card: int) -> Message:
    points = POINTS[card]
    if not points:
        return message("mililla:coach.worth-nothing")
    return message("mililla:coach.worth", points=points)


def _highest_left(game: Game, card: int) -> Message:
    suit = SUIT[card]
    if suit == game.state.trump:
        return message("mililla:coach.highest-trump")
    return message("mililla:coach.highest", suit=Suit(suit))


def _reason(order: Message, because: Message) -> Message:
    return message("mililla:coach.reason", order=order, because=because)


def basic_said(game: Game, card: int, tag: Tag) -> Message:
    """The basic bot's reason for playing ``card`` (chosen by the rule of thumb ``tag``)."""
    the = Card(card)
    suit = SUIT[card]
    state = game.state
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    others = DECK_MASK & ~hand & ~state.played
    trick_points = sum(POINTS[c] for c in state.trick) + 1
    win = Card(state.win_card) if state.trick else ""
    last = len(state.trick) == 3
    play = message("mililla:coach.play", card=the)
    lead = message("mililla:coach.lead", card=the)
    match tag:
        case Tag.ONLY:
            why = game.explain(CARDS[card])
            return _reason(play, message("mililla:coach.only", why=why.text, rule=why.rule))
        case Tag.LEAD_BOSS:
            gone = (state.played & SUIT_MASK[suit]).bit_count()
            if gone:
                past = message("mililla:coach.gone", count=gone, suit=Suit(suit))
            else:
                past = message("mililla:coach.none-gone", suit=Suit(suit))
            highest = _highest_left(game, card)
            return _reason(lead, message("mililla:coach.lead-boss", highest=highest, past=past))
        case Tag.LEAD_TRUMP:
            mine = (hand & SUIT_MASK[suit]).bit_count()
            out = (others & SUIT_MASK[suit]).bit_count()
            still = (
                message("mililla:coach.others", count=out)
                if out
                else message("mililla:coach.no-others")
            )
            order = message("mililla:coach.lead-trump", card=the)
            return _reason(order, message("mililla:coach.draw-trumps", mine=mine, out=still))
        case Tag.LEAD_TO_PARTNER:
            because = message("mililla:coach.to-partner", suit=Suit(suit), worth=_worth(card))
            return _reason(lead, because)
        case Tag.LEAD_LOW:
            length = (hand & SUIT_MASK[suit]).bit_count()
            held = (
                message("mililla:coach.length", count=length, suit=Suit(suit))
                if length
                else message("mililla:coach.no-length", suit=Suit(suit))
            )
            return _reason(lead, message("mililla:coach.lead-low", worth=_worth(card), length=held))
        case Tag.SMEAR:
            sure = message("mililla:coach.play-last" if last else "mililla:coach.nobody-after")
            if POINTS[card]:
                give = message("mililla:coach.give-points", points=POINTS[card], card=the)
            elif any(POINTS[c] for c in bits(state.decide()[0])):
                give = message("mililla:coach.keep-points")
            else:
                give = message("mililla:coach.no-points")
            return _reason(play, message("mililla:coach.smear", win=win, sure=sure, give=give))
        case Tag.OVERTAKE:
            because = message(
                "mililla:coach.overtake",
                win=Card(state.win_card),
                card=the,
                highest=_highest_left(game, card),
            )
            return _reason(play, because)
        case Tag.PROTECT:
            return _reason(play, message("mililla:coach.protect", win=win, worth=_worth(card)))
        case Tag.WIN_LAST:
            points = trick_points + POINTS[card]
            return _reason(_take(game, card), message("mililla:coach.win-last", points=points))
        case Tag.WIN_SAFE:
            return _reason(_take(game, card), message("mililla:coach.win-safe", win=win))
        case Tag.BEAT_CHEAP:
            why = game.explain(CARDS[card])
            because = message("mililla:coach.beat-cheap", win=win, rule=why.rule, card=the)
            return _reason(play, because)
        case _:  # Tag.DUCK
            why = game.explain(CARDS[card])
            if SUIT[card] != state.led:
                where = message("mililla:coach.void", led=Suit(state.led), win=win)
            else:
                where = message("mililla:coach.cannot-beat", win=win)
            because = message("mililla:coach.duck", where=where, rule=why.rule, worth=_worth(card))
            return _reason(play, because)


def basic_reason(game: Game, card: int, tag: Tag) -> str:
    """The basic bot's reason for playing ``card``, in words."""
    return render(basic_said(game, card, tag))


def _take(game: Game, card: int) -> Message:
    """ "Take the trick with ...", naming ``mililla.beat`` when the rules made the seat beat."""
    why = game.explain(CARDS[card])
    if why.rule == "mililla.beat":
        return message("mililla:coach.take-forced", card=Card(card), rule=why.rule)
    return message("mililla:coach.take", card=Card(card))


def _beside(best: MoveStats, other: MoveStats) -> Message:
    """The next best card's figures beside the advised one's, with what they mean for it."""
    figures = {"card": Card(other.card), "points": other.mean_points, "rate": other.win_rate}
    if round(other.mean_points, 1) >= round(best.mean_points, 1):
        return message("mililla:coach.beside-noise", **figures)
    if round(100 * other.win_rate) > round(100 * best.win_rate):
        return message("mililla:coach.beside-rounds", **figures)
    return message("mililla:coach.beside", **figures)


def expert_said(
    game: Game, ranked: list[MoveStats], thumb: tuple[int, Tag] | None = None
) -> Message:
    """What the simulations found: the chosen card's results against the next best.

    No figure beside the advice goes unexplained: a card as good is within the noise, and
    one that wins more rounds with fewer points is said to (the expert plays for points).
    ``thumb`` is the rules of thumb's card and why: when the expert plays another, it says
    by how many points the simulations overrule it, or, within the noise, why the rule of
    thumb prefers its card.
    """
    best = ranked[0]
    beside: Message | str = ""
    worst: Message | str = ""
    told: Message | str = ""
    if len(ranked) > 1:
        beside = _beside(best, ranked[1])
    if len(ranked) > 2:
        last = ranked[-1]
        if round(last.mean_points, 1) < round(best.mean_points, 1):
            worst = message(
                "mililla:coach.worst",
                card=Card(last.card),
                points=last.mean_points,
                rate=last.win_rate,
            )
    card = None if thumb is None else thumb[0]
    rival = next((stats for stats in ranked[1:] if stats.card == card), None)
    if rival is not None and thumb is not None:
        gap = round(best.mean_points, 1) - round(rival.mean_points, 1)
        if gap > 0:
            told = message("mililla:coach.overruled", card=Card(rival.card), gap=gap)
        else:  # within the noise: the rule of thumb's own reason
            because = basic_said(game, rival.card, thumb[1]).get("because")
            noise = isinstance(beside, Message) and beside.id == "mililla:coach.beside-noise"
            said = noise and rival is ranked[1]  # no need to say it twice
            told = message(
                "mililla:coach.prefers" if said else "mililla:coach.prefers-noise",
                card=Card(rival.card),
                because=because,
            )
    return message(
        "mililla:coach.expert",
        card=Card(best.card),
        runs=best.runs,
        points=best.mean_points,
        rate=best.win_rate,
        beside=beside,
        worst=worst,
        thumb=told,
    )


def expert_reason(game: Game, ranked: list[MoveStats], thumb: tuple[int, Tag] | None = None) -> str:
    """What the simulations found, in words (see :func:`expert_said`)."""
    return render(expert_said(game, ranked, thumb))
