"""Mililla's part of the exercises: play goals, questions and the score lines of a round.

Every answer is read from the engine (the state's trick, ``explain``, ``deal_result``), so
an exercise can never teach what the engine does not do.
"""

from __future__ import annotations

from ..cards import SpanishCard
from ..errors import InvalidMoveError
from ..explanation import Explanation
from ..goals import Answer, Goals, Line
from ..messages import Message, Seat, message, render
from .game import Game
from .messages import Card
from .moves import SEAT_NAMES, Move, team_name
from .tables import CARDS, POINTS, SUITS

__all__ = ["GOALS"]


def _winning_after(game: Game, move: Move) -> tuple[int, int]:
    """The seat and card winning the trick once ``move`` is played (as things stand)."""
    after = game.clone()
    after.play(move)
    state = after.state
    if state.trick:
        return state.win_seat, state.win_card
    leader, cards, winner = state.last_trick  # type: ignore[misc]
    return winner, cards[((winner - leader) * state.step) % 4]


def _met(game: Game, move: Move, rule: str) -> Explanation:
    """What makes a card win or beat: the card it takes the trick from (mililla.trick)."""
    state = game.state
    if not state.trick:
        said = message("mililla:goal.leads", card=Card(move.card.index))
    else:
        said = message("mililla:goal.beats", card=Card(move.card.index), win=Card(state.win_card))
    return Explanation(True, rule, message=said)


def _misfit(said: Message) -> ValueError:
    """A task that does not fit its position or its ``about`` (the exercise checker says so)."""
    from ..exercises.answers import TaskError  # not at import: the exercises need the games

    return TaskError(said)


def _win_trick(game: Game, move: Move) -> Explanation | None:
    seat, card = _winning_after(game, move)
    if seat == game.to_move:
        return _met(game, move, "mililla.trick")
    said = message("mililla:goal.not-winning", card=Card(move.card.index), win=Card(card))
    return Explanation(False, "mililla.trick", message=said)


def _beat(game: Game, move: Move) -> Explanation | None:
    state = game.state
    if not state.trick:
        return Explanation(False, "mililla.lead", message=message("mililla:goal.nothing-to-beat"))
    seat, _card = _winning_after(game, move)
    if seat == game.to_move:
        return _met(game, move, "mililla.beat")
    said = message("mililla:goal.not-beating", card=Card(move.card.index), win=Card(state.win_card))
    return Explanation(False, "mililla.beat", message=said)


def _seat_answer(seat: int, rule: str, why: str) -> Answer:
    return Answer(SEAT_NAMES[seat], rule, why, SEAT_NAMES)


def _mover(game: Game) -> int:
    if game.to_move is None:
        raise _misfit(message("mililla:goal.task.mover"))
    return game.to_move


def _changer(game: Game, winner: int) -> tuple[int, SpanishCard] | None:
    """A seat still to play to the trick on show and a card of its hand with which the rest
    of the trick could end won by someone other than ``winner``; None if no way can."""
    if not game.state.trick:
        return None
    if game.to_move is None:
        return None
    for move in game.legal_moves():
        after = game.clone()
        after.play(move)
        last = after.state.last_trick
        if after.state.trick and after.state.win_seat != winner:
            return game.to_move, move.card
        if not after.state.trick and last is not None and last[2] != winner:
            return game.to_move, move.card
        if after.state.trick and _changer(after, winner) is not None:
            return game.to_move, move.card
    return None


def _trick_winner(game: Game, about: str) -> Answer:
    state = game.state
    if state.trick:
        changer = _changer(game, state.win_seat)
        if changer is not None:  # mililla.trick: the winner is known only once all four play
            seat, card = changer
            said = message(
                "exercise:check.open-trick",
                question="trick-winner",
                seat=SEAT_NAMES[seat],
                card=str(card),
            )
            raise _misfit(said)
        why = render(message("mililla:goal.highest-so-far", card=Card(state.win_card)))
        return _seat_answer(state.win_seat, "mililla.trick", why)
    if state.last_trick is None:
        raise _misfit(message("mililla:goal.task.trick"))
    winner = state.last_trick[2]
    why = render(message("mililla:goal.trick-won", who=Seat(winner)), SEAT_NAMES)
    return _seat_answer(winner, "mililla.trick", why)


def _partner(game: Game, about: str) -> Answer:
    seat = _mover(game)
    said = message("mililla:goal.partner", who=Seat(seat), partner=Seat((seat + 2) % 4))
    why = render(said, SEAT_NAMES)
    return _seat_answer((seat + 2) % 4, "mililla.teams", why)


def _next_player(game: Game, about: str) -> Answer:
    seat = _mover(game)
    after = (seat + game.state.step) % 4
    why = render(message("mililla:goal.next-player", who=Seat(seat), after=Seat(after)), SEAT_NAMES)
    return _seat_answer(after, "mililla.direction", why)


def _leader(game: Game, about: str) -> Answer:
    state = game.state
    if state.plays:
        raise _misfit(message("mililla:goal.task.start"))
    why = render(message("mililla:goal.leader", who=Seat(state.dealer)), SEAT_NAMES)
    return _seat_answer(state.leader, "mililla.lead", why)


def _trump(game: Game, about: str) -> Answer:
    card = CARDS[game.state.trump_card]
    why = render(message("mililla:goal.trump", card=Card(card.index)))
    return Answer(card.suit.noun, "mililla.deal", why, tuple(suit.noun for suit in SUITS))


def _card_points(game: Game, about: str) -> Answer:
    try:
        card = SpanishCard.parse(about.strip())
    except InvalidMoveError as error:
        raise _misfit(message("mililla:goal.task.card", error=error.said)) from None
    points = POINTS[card.index]
    why = render(message("mililla:goal.points", card=Card(card.index), points=points))
    return Answer(str(points), "mililla.points", why, tuple(str(p) for p in range(6)))


def _higher(game: Game, about: str) -> Answer:
    try:
        cards = [SpanishCard.parse(word) for word in about.split()]
    except InvalidMoveError as error:
        raise _misfit(message("mililla:goal.task.suit-pair", error=error.said)) from None
    if len(cards) != 2 or cards[0].suit is not cards[1].suit or cards[0] == cards[1]:
        raise _misfit(message("mililla:goal.task.two-cards"))
    strength = game.state.order.strength
    high, low = sorted(cards, key=lambda card: strength[card.index], reverse=True)
    why = render(message("mililla:goal.higher", high=Card(high.index), low=Card(low.index)))
    return Answer(str(high), "mililla.rank", why, tuple(str(card) for card in cards))


def _match_winner(game: Game, about: str) -> Answer:
    result = game.match_result()
    if result is None:
        raise _misfit(message("mililla:goal.task.match-over"))
    totals = result["totals"]
    said = message(
        "mililla:goal.match-winner", t0=totals[0], t1=totals[1], winners=result["winners"]
    )
    why = render(said)
    options = (team_name(0), team_name(1))
    return Answer(result["winners"], "mililla.game.end", why, options)


def _deck_size(game: Game, about: str) -> Answer:
    count = len(CARDS)
    why = render(message("mililla:goal.deck", count=count))
    return Answer(str(count), "mililla.deck", why, ("32", "36", "40", "48", "52"))


def _bonus(game: Game, about: str) -> Answer:
    state = game.state
    card = CARDS[state.trump_card]
    added = state.bonus if state.bonus_status == "added" else 0
    status = state.bonus_status  # mililla.bonus: added, held, dropped or none
    said = message(f"mililla:goal.bonus.{status}", card=Card(card.index), points=state.bonus)
    why = render(said)
    options = tuple(str(p) for p in range(6))
    return Answer(str(added), "mililla.bonus", why, options)


def _tries(game: Game) -> list[str]:
    seat = game.to_move
    return [] if seat is None else [str(card) for card in game.hand(seat)]


def _said(id: str, **params: object) -> str:
    """A score line's words."""
    return render(message(id, **params))


def _score(game: Game, seat: int) -> list[Line]:
    result = game.deal_result()
    if result is None:
        raise _misfit(message("mililla:goal.task.score"))
    team = seat & 1
    points, card_points, tricks = result["points"], result["card_points"], result["tricks"]
    lines = [
        Line("mililla.points", _said("mililla:score.card-points", points=card_points[team]), 0),
        Line("mililla.points", _said("mililla:score.tricks", tricks=tricks[team]), 0),
        Line(
            "mililla.round.score",
            _said("mililla:score.excess", points=points[team]),
            result["round_score"][team],
        ),
    ]
    bonus = result["scores"][team] - result["round_score"][team]
    if bonus:
        card = result["bonus"]["card"]
        lines.append(Line("mililla.bonus", _said("mililla:score.bonus", card=card), bonus))
    assert sum(line.points for line in lines) == result["scores"][team], "score lines disagree"
    return lines


GOALS = Goals(
    play=(("win-trick", _win_trick), ("beat", _beat)),
    questions=(
        ("trick-winner", _trick_winner),
        ("partner", _partner),
        ("next-player", _next_player),
        ("first-leader", _leader),
        ("trump", _trump),
        ("card-points", _card_points),
        ("bonus", _bonus),
        ("higher", _higher),
        ("deck-size", _deck_size),
        ("match-winner", _match_winner),
    ),
    tries=_tries,
    cards=_tries,
    score=_score,
)
"""Mililla's goals, questions and score lines, named in its ``SPEC``."""
