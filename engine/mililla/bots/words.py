"""The bots' reasons in plain words, built from the decision itself.

A basic reason restates the rule of thumb with the facts it used (the card to beat,
the cards of a suit already gone, who plays after you); an expert reason gives what
the simulations found. Where a rule of the game forced the card, the reason names its id.
"""

from __future__ import annotations

from ..game import Game
from ..tables import CARDS, DECK_MASK, POINTS, SUIT, SUIT_MASK, SUITS, bits
from .policy import Tag
from .search import MoveStats

__all__ = ["basic_reason", "expert_reason"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _worth(card: int) -> str:
    points = POINTS[card]
    if not points:
        return "worth nothing"
    return f"worth {points} point{'s' if points > 1 else ''}"


def _count(number: int, singular: str, plural: str) -> str:
    if number == 0:
        return f"no {plural}"
    return f"{'one' if number == 1 else number} {singular if number == 1 else plural}"


def _have(number: int) -> str:
    return "has" if number == 1 else "have"


def _highest_left(game: Game, card: int) -> str:
    suit = SUIT[card]
    if suit == game.state.trump:
        return "the highest trump left"
    return f"the highest {SUITS[suit].singular} left"


def basic_reason(game: Game, card: int, tag: Tag) -> str:
    """The basic bot's reason for playing ``card`` (chosen by the rule of thumb ``tag``)."""
    the = CARDS[card].the
    suit = SUIT[card]
    noun = SUITS[suit].noun
    state = game.state
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    others = DECK_MASK & ~hand & ~state.played
    trick_points = sum(POINTS[c] for c in state.trick) + 1
    win = CARDS[state.win_card].the if state.trick else ""
    last = len(state.trick) == 3
    match tag:
        case Tag.ONLY:
            why = game.explain(CARDS[card])
            return f"Play {the}: it is the only card you may play. {why.text} ({why.rule})."
        case Tag.LEAD_BOSS:
            gone = (state.played & SUIT_MASK[suit]).bit_count()
            if gone:
                past = f"{_count(gone, SUITS[suit].singular, noun)} {_have(gone)} gone"
            else:
                past = f"no {SUITS[suit].singular} has been played yet"
            return (
                f"Lead {the}: it is {_highest_left(game, card)}, and {past}, so it should "
                "win the trick."
            )
        case Tag.LEAD_TRUMP:
            mine = (hand & SUIT_MASK[suit]).bit_count()
            out = (others & SUIT_MASK[suit]).bit_count()
            return (
                f"Lead {the}, the highest trump left: you hold {mine} trumps and "
                f"{_count(out, 'other is', 'others are')} still out: drawing them "
                "protects your other cards."
            )
        case Tag.LEAD_TO_PARTNER:
            return (
                f"Lead {the}: your partner has shown to have no {noun}, so can trump it; "
                f"the card is {_worth(card)}."
            )
        case Tag.LEAD_LOW:
            length = (hand & SUIT_MASK[suit]).bit_count()
            return (
                f"Lead {the}: no card of yours is sure to win the trick, so lead the one "
                f"that costs least to lose, {_worth(card)} (you hold "
                f"{_count(length, SUITS[suit].singular, noun)})."
            )
        case Tag.SMEAR:
            sure = "you play last" if last else "nobody after you can beat it"
            if POINTS[card]:
                give = f"so give your team the {POINTS[card]} points of {the}"
            elif any(POINTS[c] for c in bits(state.decide()[0])):
                give = "but your cards with points are worth more kept for later tricks"
            else:
                give = "but you have no card with points to give"
            return f"Play {the}: your partner is winning the trick with {win} and {sure}, {give}."
        case Tag.OVERTAKE:
            return (
                f"Play {the}: an opponent after you could still beat your partner's "
                f"{CARDS[state.win_card].name}, but {the} is {_highest_left(game, card)}, "
                "so the trick is safe."
            )
        case Tag.PROTECT:
            return (
                f"Play {the}: your partner is winning with {win} for now, but an opponent "
                f"after you may still beat it, so give a card {_worth(card)}."
            )
        case Tag.WIN_LAST:
            rule = _forced(game, card)
            return (
                f"Take the trick with {the}{rule}: you play last, so it wins the "
                f"{trick_points + POINTS[card]} points of the trick."
            )
        case Tag.WIN_SAFE:
            rule = _forced(game, card)
            return (
                f"Take the trick with {the}{rule}: it beats {win} and nobody after you can beat it."
            )
        case Tag.BEAT_CHEAP:
            why = game.explain(CARDS[card])
            return (
                f"Play {the}: you must beat {win} ({why.rule}), and {the} is the cheapest "
                "card that does; it may still be beaten."
            )
        case _:  # Tag.DUCK
            why = game.explain(CARDS[card])
            if SUIT[card] != state.led:
                where = f"you have no {SUITS[state.led].noun} and cannot beat {win}"
            else:
                where = f"you cannot beat {win}"
            return f"Play {the}: {where} ({why.rule}), so give the cheapest card, {_worth(card)}."


def _forced(game: Game, card: int) -> str:
    """`` (as mililla.beat requires)`` when the rules made the seat beat."""
    why = game.explain(CARDS[card])
    return f" (as {why.rule} requires)" if why.rule == "mililla.beat" else ""


NOISE = "the simulations cannot tell them apart"
"""Said whenever a card's figures shown beside the advice are as good as the advised card's."""


def _beside(best: MoveStats, other: MoveStats) -> str:
    """The next best card's figures beside the advised one's, with what they mean for it."""
    head = f"with {CARDS[other.card].the}, the next best, {other.mean_points:.1f} points"
    won = f"{other.win_rate:.0%} won"
    if round(other.mean_points, 1) >= round(best.mean_points, 1):
        return f"{head} ({won}): {NOISE}"
    text = f"{head} ({won})"
    if round(100 * other.win_rate) > round(100 * best.win_rate):
        text += ", winning a few more rounds but fewer points: the expert plays for points"
    return text


def expert_reason(game: Game, ranked: list[MoveStats], thumb: tuple[int, Tag] | None = None) -> str:
    """What the simulations found: the chosen card's results against the next best.

    No figure beside the advice goes unexplained: a card as good is within the noise, and
    one that wins more rounds with fewer points is said to (the expert plays for points).
    ``thumb`` is the rules of thumb's card and why: when the expert plays another, it says
    by how many points the simulations overrule it, or, within the noise, why the rule of
    thumb prefers its card.
    """
    best = ranked[0]
    the = CARDS[best.card].the
    text = (
        f"Play {the}: in {best.runs} simulated endings with it (the cards you cannot see "
        "dealt at random in ways that fit what you have seen, then played out by rules of "
        f"thumb) your team took {best.mean_points:.1f} of the 70 points on average and won "
        f"{best.win_rate:.0%} of the rounds"
    )
    if len(ranked) > 1:
        text += f"; {_beside(best, ranked[1])}"
        if NOISE in text:
            text += ", so either will do"
    if len(ranked) > 2:
        worst = ranked[-1]
        if round(worst.mean_points, 1) < round(best.mean_points, 1):
            text += (
                f", and with {CARDS[worst.card].the} only {worst.mean_points:.1f} "
                f"({worst.win_rate:.0%})"
            )
    card = None if thumb is None else thumb[0]
    rival = next((stats for stats in ranked[1:] if stats.card == card), None)
    if rival is not None and thumb is not None:
        gap = round(best.mean_points, 1) - round(rival.mean_points, 1)
        if gap > 0:
            text += (
                f". The rule of thumb would play {CARDS[rival.card].the}; the simulations "
                f"overrule it by {gap:.1f} points"
            )
        else:  # within the noise: the rule of thumb's own reason
            why = basic_reason(game, rival.card, thumb[1]).partition(": ")[2].rstrip(".")
            said = NOISE in text and rival is ranked[1]  # no need to say it twice
            text += f". {'' if said else _cap(NOISE) + '; '}The rule of thumb prefers "
            text += f"{CARDS[rival.card].the} because {why}"
    return text + "."
