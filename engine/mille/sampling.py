"""Dealing the cards one seat cannot see, consistent with what it has seen.

``state_from_view`` (``Game.from_view``) reads a view's JSON form and builds a full state
that agrees with every public fact in it: the cards in the seat's hand, the opponent's
cards known from the pile or shown at the scoring, the melds, the pile, the log and the
sizes of the opponent's hand and of the stock. Every card the view does not place is
dealt at random to the opponent's unknown cards and the stock. (The bots deal their own
hidden cards on their small model, ``bots.knowledge``, from the same public facts.)
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..errors import SavedGameError, Told
from ..messages import Message, message
from .rules import Rules
from .state import Event, Meld, Phase, State, expand
from .tables import FACES, RANK, face_of

__all__ = ["state_from_view"]


_EVENTS: dict[tuple[Any, ...], Event] = {}
"""Log events read from views, by content: a bot reads the same log again at every move."""


def _event(seat: Any, text: Any, rule: Any) -> Event:
    content = (seat, text, rule)
    event = _EVENTS.get(content)
    if event is None:
        if len(_EVENTS) >= 20_000:
            _EVENTS.clear()
        said = Message.parse(text) if type(text) is str else text
        event = _EVENTS[content] = Event(seat, said, rule)
    return event


def _faces(texts: list[str]) -> list[int]:
    return [face_of(text) for text in texts]


def state_from_view(view: dict[str, Any], rng: random.Random) -> tuple[State, Rules]:
    """A full state agreeing with every public fact of a view's JSON form; hidden cards at random.

    Bots call this (through ``Game.from_view``) with the dict they are given, so it reads
    the dict itself rather than a ``View``: its ``SavedGameError`` names what is wrong.
    """
    try:
        return _state_from_view(view, rng)
    except SavedGameError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        given = error.said if isinstance(error, Told) else repr(error)
        raise SavedGameError(message("mille:view.broken", given=given)) from None


def _state_from_view(view: dict[str, Any], rng: random.Random) -> tuple[State, Rules]:
    if view.get("game") != "mille":
        raise SavedGameError(message("mille:view.not-mille"))
    rules = Rules.from_dict(view["rules"])
    seat = int(view["seat"])
    opponent = 1 - seat
    st = State()
    st.deal_number = view["deal"]
    st.dealer = view["dealer"]
    st.to_move = view["to_move"]
    st.phase = Phase(view["phase"])
    st.first_turn = view["first_turn"]
    st.log = [_event(e["seat"], e["text"], e["rule"]) for e in view["log"]]
    st.give(seat, _faces(view["hand"]))
    for s in (0, 1):
        player = view["players"][s]
        for face in _faces(player["known"]):
            st.known[s][face] += 1
        for meld in player["melds"]:
            faces = _faces(meld["cards"])
            natural = [RANK[f] for f in faces if RANK[f] != 2]
            st.melds[s].append(Meld(natural[0] if natural else 2, faces))
    st.pile = _faces(view["pile"])
    result = view.get("deal_result")
    if result is not None:
        opp_hand = _faces(result["players"][opponent]["hand"])
        st.ended = result["ended"]
        st.went_out = result["went_out"]
        st.start_totals = list(result["totals_before"])
        st.last_result = copy.deepcopy(result)
    else:
        opp_hand = expand(st.known[opponent])
        st.start_totals = list(view["totals"])
    st.give(opponent, opp_hand)
    placed = st.card_counts()  # the stock is still empty: only what the view places
    unseen = [face for face in FACES for _ in range(2 - placed[face])]
    if any(n > 2 for n in placed):
        raise SavedGameError(message("mille:view.card-thrice"))
    hidden = view["opponent_hand_size"] - len(opp_hand)
    if hidden < 0 or hidden + view["stock_size"] != len(unseen):
        raise SavedGameError(message("mille:view.sizes"))
    rng.shuffle(unseen)
    st.give(opponent, unseen[:hidden])
    st.stock = unseen[hidden:]
    return st, rules
