"""Scoring a Mille hand (``mille.score.*``) and deciding the match (``mille.game.*``)."""

from __future__ import annotations

from typing import Any

from ..cards import FrenchRank
from ..messages import render
from .results import doubling_message
from .rules import Rules
from .state import Meld, State, expand
from .tables import TEXT, VALUE

__all__ = [
    "deal_result",
    "match_over",
    "match_result",
    "meld_factor",
    "meld_row",
    "went_out_natural",
]


def went_out_natural(melds: list[Meld]) -> bool:
    """No 2 used as a wild: no meld of another rank holds a 2 (``mille.score.naturals``)."""
    return all(meld.wilds == 0 for meld in melds)


def meld_factor(rules: Rules, naturals: int, wilds: int, natural_out: bool) -> int:
    """What a meld's value is multiplied by at the scoring: 1, 2 or 4.

    All eight natural cards and no wild double it (``mille.score.natural-meld``); going
    out natural doubles every meld (``mille.score.naturals``); both together multiply,
    unless ``doubling_caps_at_two`` (``mille.score.stack``). The bots' model scores its
    simulated hands with this same function.
    """
    natural = naturals == 8 and wilds == 0
    if not natural_out:
        return 2 if natural else 1
    if natural:
        return 2 if rules.doubling_caps_at_two else 4
    return 2


def meld_row(meld: Meld, rules: Rules, natural_out: bool) -> dict[str, Any]:
    """One meld's line in the score: its cards, raw value and each doubling with its rule."""
    value = sum(VALUE[f] for f in meld.cards)
    doublings: list[dict[str, Any]] = []

    def double(rule: str, factor: int) -> None:  # the reason in words: its message rendered
        said = doubling_message(rule, factor, meld.rank)
        doublings.append({"rule": rule, "factor": factor, "text": render(said)})

    if meld.natural_eight:
        double("mille.score.natural-meld", 2)
    if natural_out and meld.natural_eight:
        double("mille.score.stack", 1 if rules.doubling_caps_at_two else 2)
    elif natural_out:
        double("mille.score.naturals", 2)
    multiplier = meld_factor(rules, meld.naturals, meld.wilds, natural_out)
    return {
        "rank": FrenchRank(meld.rank).text,
        "cards": [TEXT[f] for f in meld.cards],
        "value": value,
        "multipliers": doublings,
        "multiplier": multiplier,
        "points": value * multiplier,
    }


def match_over(totals: list[int], rules: Rules) -> bool:
    """A total has reached the target and the totals differ (``mille.game.end``)."""
    return max(totals) >= rules.target and totals[0] != totals[1]


def deal_result(st: State, rules: Rules) -> dict[str, Any]:
    """The breakdown of a finished hand (``mille.score.hand``), JSON-ready."""
    players = []
    for seat in (0, 1):
        melds = st.melds[seat]
        natural_out = st.went_out == seat and went_out_natural(melds)
        rows = [meld_row(meld, rules, natural_out) for meld in melds]
        left = expand(st.hands[seat])
        melded = sum(row["points"] for row in rows)
        in_hand = sum(VALUE[f] for f in left)
        players.append(
            {
                "seat": seat,
                "melds": rows,
                "melds_points": melded,
                "hand": [TEXT[f] for f in left],
                "hand_points": -in_hand,
                "went_out": st.went_out == seat,
                "went_out_natural": natural_out,
                "total": melded - in_hand,
            }
        )
    scores = [players[0]["total"], players[1]["total"]]
    totals = [st.start_totals[0] + scores[0], st.start_totals[1] + scores[1]]
    return {
        "deal": st.deal_number,
        "dealer": st.dealer,
        "ended": st.ended,
        "went_out": st.went_out,
        "rule": "mille.go-out" if st.ended == "went-out" else "mille.draw.stock-empty",
        "players": players,
        "scores": scores,
        "totals_before": list(st.start_totals),
        "totals": totals,
        "match_over": match_over(totals, rules),
    }


def match_result(totals: list[int], rules: Rules, hands: int) -> dict[str, Any] | None:
    """Totals, winner and skunk once the match is decided, else None."""
    if not match_over(totals, rules):
        return None
    winner = 0 if totals[0] > totals[1] else 1
    loser = 1 - winner
    skunk = totals[loser] < rules.skunk_below  # mille.game.skunk
    return {
        "totals": list(totals),
        "winner": winner,
        "loser": loser,
        "skunk": skunk,
        "rule": "mille.game.skunk" if skunk else "mille.game.end",
        "hands": hands,
        "target": rules.target,
    }
