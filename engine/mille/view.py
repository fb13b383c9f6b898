"""Per-seat views of a Mille game, and full states rebuilt from a view for bots to plan on.

A view is built only from public facts and the seat's own hand: the opponent's cards
appear only when publicly known (taken from the pile, or shown at the scoring), and the
stock only as a size. ``state_from_view`` deals every card the view does not place at
random to the opponent's unknown cards and the stock.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import FrenchCard, FrenchRank
from ..errors import SavedGameError
from .rules import Rules
from .scoring import match_result
from .state import Meld, Phase, State, expand
from .tables import FACES, RANK, TEXT, VALUE

__all__ = ["state_from_view", "totals_now", "view_of"]


def _meld_view(meld: Meld) -> dict[str, Any]:
    return {
        "rank": FrenchRank(meld.rank).text,
        "cards": [TEXT[f] for f in meld.cards],
        "naturals": meld.naturals,
        "wilds": meld.wilds,
        "value": sum(VALUE[f] for f in meld.cards),
        "bunched": meld.bunched,
        "face_down": meld.natural_eight,
    }


def totals_now(st: State) -> list[int]:
    """Running totals, counting the current hand once it has been scored."""
    if st.ended is not None and st.last_result is not None:
        return list(st.last_result["totals"])
    return list(st.start_totals)


def view_of(st: State, rules: Rules, seat: int) -> dict[str, Any]:
    """All that ``seat`` may know, JSON-ready, and nothing it may not."""
    opponent = 1 - seat
    players = []
    for s in (0, 1):
        melds = [_meld_view(m) for m in st.melds[s]]
        players.append(
            {
                "seat": s,
                "hand_size": st.sizes[s],
                "known": [TEXT[f] for f in expand(st.known[s])],
                "melds": melds,
                "melded_points": sum(m["value"] for m in melds),
                "announced": 0 < st.sizes[s] <= 2,  # mille.announce
            }
        )
    over = st.ended is not None
    totals = totals_now(st)
    return {
        "game": "mille",
        "seat": seat,
        "rules": rules.to_dict(),
        "deal": st.deal_number,
        "dealer": st.dealer,
        "to_move": st.to_move,
        "phase": st.phase.value,
        "first_turn": st.first_turn,
        "hand": [TEXT[f] for f in expand(st.hands[seat])],
        "players": players,
        "opponent_hand_size": st.sizes[opponent],
        "opponent_known": players[opponent]["known"],
        "pile": [TEXT[f] for f in st.pile],
        "stock_size": len(st.stock),
        "announcements": [
            {"seat": e["seat"], "text": e["text"]} for e in st.log if e["rule"] == "mille.announce"
        ],
        "totals": totals,
        "scores": list(st.last_result["scores"]) if over and st.last_result else None,
        "log": [dict(event) for event in st.log],
        "deal_result": _copy(st.last_result) if over else None,
        "match_result": match_result(totals, rules, st.deal_number)
        if st.phase is Phase.MATCH_OVER
        else None,
    }


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _faces(texts: list[str]) -> list[int]:
    return [FrenchCard.parse(t).index for t in texts]


def state_from_view(view: dict[str, Any], rng: random.Random) -> tuple[State, Rules]:
    """A full state agreeing with every public fact of the view; hidden cards at random."""
    try:
        return _state_from_view(view, rng)
    except SavedGameError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise SavedGameError(f"not a Mille view: {error!r}") from None


def _state_from_view(view: dict[str, Any], rng: random.Random) -> tuple[State, Rules]:
    if view.get("game") != "mille":
        raise SavedGameError("not a Mille view")
    rules = Rules.from_dict(view["rules"])
    seat = int(view["seat"])
    opponent = 1 - seat
    st = State()
    st.deal_number = view["deal"]
    st.dealer = view["dealer"]
    st.to_move = view["to_move"]
    st.phase = Phase(view["phase"])
    st.first_turn = view["first_turn"]
    st.log = [dict(event) for event in view["log"]]
    placed = [0] * 52
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
        st.last_result = _copy(result)
    else:
        opp_hand = expand(st.known[opponent])
        st.start_totals = list(view["totals"])
    st.give(opponent, opp_hand)
    for s in (0, 1):
        for face in range(52):
            placed[face] += st.hands[s][face]
        for meld in st.melds[s]:
            for face in meld.cards:
                placed[face] += 1
    for face in st.pile:
        placed[face] += 1
    unseen = [face for face in FACES for _ in range(2 - placed[face])]
    if any(n > 2 for n in placed):
        raise SavedGameError("the view shows a card more than twice")
    hidden = view["opponent_hand_size"] - len(opp_hand)
    if hidden < 0 or hidden + view["stock_size"] != len(unseen):
        raise SavedGameError("the view's hand and stock sizes do not add up to 104 cards")
    rng.shuffle(unseen)
    st.give(opponent, unseen[:hidden])
    st.stock = unseen[hidden:]
    return st, rules
