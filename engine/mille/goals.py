"""Mille's part of the exercises: play goals, questions and the score lines of a hand.

Every answer is read from the engine (``legal_moves``, ``explain``, ``deal_result``), so
an exercise can never teach what the engine does not do.
"""

from __future__ import annotations

from typing import Any

from ..cards import FrenchCard, FrenchRank
from ..errors import InvalidMoveError
from ..explanation import Explanation
from ..goals import Answer, Goals, Line
from ..messages import Message, Seat, message, render
from .game import Game
from .measure import said as said_move
from .messages import Face
from .moves import Move, MoveKind
from .rules import card_value
from .state import Phase
from .tables import face_of
from .words import SEAT_NAMES

__all__ = ["GOALS"]


def _misfit(said: Message) -> ValueError:
    """A task that does not fit its position or its ``about`` (the exercise checker says so)."""
    from ..exercises.answers import TaskError  # not at import: the exercises need the games

    return TaskError(said)


def _asked_card(about: str, question: str) -> FrenchCard:
    """The card a ``question`` asks about; a misfit naming the question if it is none."""
    try:
        return FrenchCard.parse(about.strip())
    except InvalidMoveError as error:
        said = message("mille:goal.task.card", question=question, error=error.said)
        raise _misfit(said) from None


def _face(card: FrenchCard) -> Face:
    """A card as a message parameter."""
    return Face(face_of(str(card)))


def _rule_of_kind(game: Game, kind: MoveKind, default: str) -> str:
    """The rule explain gives for the first legal move of a kind (the one the goal wants)."""
    move = next((m for m in game.legal_moves() if m.kind is kind), None)
    return default if move is None else game.explain(move).rule


def _take_pile(game: Game, move: Move) -> Explanation | None:
    if move.kind is MoveKind.PILE:
        return None
    rule = _rule_of_kind(game, MoveKind.PILE, "mille.draw.pile")
    said = message("mille:goal.not-pile", move=said_move(str(move)))  # in words
    return Explanation(False, rule, message=said)


def _take_two(game: Game, move: Move) -> Explanation | None:
    if move.kind is MoveKind.TAKE:
        return None
    said = message("mille:goal.not-two", move=said_move(str(move)))
    return Explanation(False, "mille.draw.first-two", message=said)


def _melds_of(game: Game, seat: int) -> int:
    return len(game.view(seat).players[seat].melds)


def _meld(game: Game, move: Move) -> Explanation | None:
    """The ``meld`` goal: lay down a new meld (cards that join a meld you have do not)."""
    seat = game.to_move
    if move.kind is MoveKind.MELD and seat is not None:
        after = game.clone()
        after.play(move)
        if _melds_of(after, seat) > _melds_of(game, seat):
            return None
        # mille.meld.one-per-rank: the cards joined a meld of that rank you already have
        why = game.explain(move)
        said = message("exercise:goal.not-new-meld", move=str(move), why=why.text)
        return Explanation(False, why.rule, message=said)
    rule = _rule_of_kind(game, MoveKind.MELD, "mille.meld.set")
    if move.kind is MoveKind.ADD:
        said = message("exercise:goal.added-not-new-meld", move=str(move))
        return Explanation(False, game.explain(move).rule, message=said)
    said = message("mille:goal.not-meld", move=said_move(str(move)))
    return Explanation(False, rule, message=said)


def _meld_of_cards(game: Game, cards: list[str]) -> str:
    """The move the cards picked in the hand make when the goal is a new meld."""
    return " ".join(["meld", *cards])


def _go_out(game: Game, move: Move) -> Explanation | None:
    seat = game.to_move
    after = game.clone()
    after.play(move)
    result = after.deal_result() if after.deal_over else None
    if result is not None and result["went_out"] == seat:
        return None
    said = message("mille:goal.not-out", move=str(move))
    return Explanation(False, "mille.go-out", message=said)


def _seat_answer(seat: int, rule: str, why: str) -> Answer:
    return Answer(SEAT_NAMES[seat], rule, why, SEAT_NAMES)


def _first_player(game: Game, about: str) -> Answer:
    dealer = game.dealer
    said = message("mille:goal.first-player", who=Seat(dealer))
    return _seat_answer(1 - dealer, "mille.deal", render(said, SEAT_NAMES))


def _card_value(game: Game, about: str) -> Answer:
    card = _asked_card(about, "card-value")
    value = card_value(card)
    options = tuple(str(v) for v in (5, 10, 15, 20, 50, 100))
    said = message("mille:goal.worth", card=_face(card), value=value)
    return Answer(str(value), "mille.values", render(said), options)


def _cut(game: Game, about: str) -> Answer:
    try:
        south, north = (FrenchCard.parse(word) for word in about.split())
    except (InvalidMoveError, ValueError):
        raise _misfit(message("mille:goal.task.cut")) from None
    if south.rank == north.rank:
        raise _misfit(message("mille:goal.task.cut-equal"))  # mille.cut: equal ranks cut again
    high = 0 if south.rank > north.rank else 1
    low_deals = game.rules.low_cut_deals
    dealer = 1 - high if low_deals else high
    said = message(
        "mille:goal.cut-low" if low_deals else "mille:goal.cut",
        south=Seat(0),
        north=Seat(1),
        a=_face(south),
        b=_face(north),
    )
    return _seat_answer(dealer, "mille.cut", render(said, SEAT_NAMES))


def _copies(game: Game, about: str) -> Answer:
    card = _asked_card(about, "copies")
    lines = game.position().splitlines()
    cards = [w for line in lines for w in line.split(":", 1)[1].split() if ":" in line]
    count = sum(1 for word in cards if word == str(card))
    why = render(message("mille:goal.copies", card=_face(card), count=count))
    return Answer(str(count), "mille.deck", why, ("1", "2", "3", "4"))


def _announced(game: Game, about: str) -> Answer:
    seat = game.to_move
    if seat is None:
        raise _misfit(message("mille:goal.task.announced"))
    after = game.clone()
    after.play(about)
    before = len(game.view(seat).announcements)
    news = after.view(seat).announcements[before:]
    if news:
        said = message("mille:goal.announced", said=news[-1].said)
        return Answer("yes", "mille.announce", render(said, SEAT_NAMES), ("yes", "no"))
    left = len(after.hand(seat))
    why = render(message("mille:goal.not-announced", move=about, left=left))
    return Answer("no", "mille.announce", why, ("yes", "no"))


def _match_result(game: Game) -> dict[str, Any]:
    result = game.match_result()
    if result is None:
        raise _misfit(message("mille:goal.task.match-over"))
    return result


def _skunk(game: Game, about: str) -> Answer:
    result = _match_result(game)
    low = result["totals"][result["loser"]]
    why = render(message("mille:goal.skunk" if result["skunk"] else "mille:goal.no-skunk", low=low))
    return Answer("yes" if result["skunk"] else "no", "mille.game.skunk", why, ("yes", "no"))


def _winner(game: Game, about: str) -> Answer:
    result = _match_result(game)
    totals = result["totals"]
    why = render(message("mille:goal.winner", t0=totals[0], t1=totals[1]))
    return _seat_answer(result["winner"], "mille.game.end", why)


def _hand(game: Game) -> list[FrenchCard]:
    seat = game.to_move
    if seat is None:
        raise _misfit(message("mille:goal.task.choose"))
    return list(game.hand(seat))


def _lay_off(game: Game, about: str) -> list[tuple[str, Explanation]]:
    """Each card of the hand: may it join one of your own melds now (``add``)?"""
    if about:
        raise _misfit(message("mille:goal.task.lay-off-about"))
    if game.phase is not Phase.MELD:
        raise _misfit(message("mille:goal.task.lay-off-phase"))
    seat = game.to_move
    assert seat is not None
    ranks = [meld.rank for meld in game.view(seat).players[seat].melds]
    marks = []
    for card in _hand(game):
        # mille.wild: a 2 may join a meld of any rank; a natural card only its own rank's
        onto = ranks if card.rank is FrenchRank.TWO else [card.rank]
        whys = [game.explain(f"add {rank.text} {card}") for rank in onto] or [
            game.explain(f"add {card.rank.text} {card}")
        ]
        marks.append((str(card), next((w for w in whys if w.legal), whys[0])))
    return marks


def _worth(game: Game, about: str) -> list[tuple[str, Explanation]]:
    """Each card of the hand: is it worth ``about`` points (``mille.values``)?"""
    if not about.strip().isdigit():
        raise _misfit(message("mille:goal.task.worth"))
    points = int(about)
    marks = []
    for card in _hand(game):
        value = card_value(card)
        said = message("mille:goal.worth", card=_face(card), value=value)
        marks.append((str(card), Explanation(value == points, "mille.values", message=said)))
    return marks


def _tries(game: Game) -> list[str]:
    return [str(move) for move in game.legal_moves()]


def _score(game: Game, seat: int) -> list[Line]:
    result = game.deal_result()
    if result is None:
        raise _misfit(message("mille:goal.task.score"))
    player = result["players"][seat]
    lines = []
    for row in player["melds"]:
        cards = " ".join(row["cards"])
        said = render(message("mille:score.meld", cards=cards, value=row["value"]))
        lines.append(Line("mille.values", said, row["value"]))
        base = row["value"]
        for doubling in row["multipliers"]:
            extra = base * (doubling["factor"] - 1)
            lines.append(Line(doubling["rule"], doubling["text"], extra))
            base += extra
    if player["hand"]:
        cards = " ".join(player["hand"])
        said = render(message("mille:score.in-hand", cards=cards))
        lines.append(Line("mille.score.hand", said, player["hand_points"]))
    if player["went_out"]:
        lines.append(Line("mille.go-out", render(message("mille:score.went-out")), 0))
        if not player["went_out_natural"]:
            wild = next(
                row
                for row in player["melds"]
                if any(c[0] == "2" for c in row["cards"]) and row["rank"] != "2"
            )
            text = render(message("mille:score.wild", cards=" ".join(wild["cards"])))
            lines.append(Line("mille.wild", text, 0))
    if result["ended"] == "stock-empty":
        said = render(message("mille:score.stock-out"))
        lines.append(Line("mille.draw.stock-empty", said, 0))
    assert sum(line.points for line in lines) == player["total"], "score lines disagree"
    return lines


GOALS = Goals(
    play=(
        ("take-pile", _take_pile),
        ("take-two", _take_two),
        ("meld", _meld),
        ("go-out", _go_out),
    ),
    questions=(
        ("first-player", _first_player),
        ("card-value", _card_value),
        ("skunk", _skunk),
        ("match-winner", _winner),
        ("cut", _cut),
        ("copies", _copies),
        ("announced", _announced),
    ),
    tries=_tries,
    cards=None,
    score=_score,
    picks=(("meld", _meld_of_cards),),
    marks=(("lay-off", _lay_off), ("worth", _worth)),
)
"""Mille's goals, questions and score lines, named in its ``SPEC``."""
