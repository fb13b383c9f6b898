"""The bots' reasons in plain words, built from what each decision actually weighed.

A reason speaks to the player the bot (or the coach) advises: "Discard the 5♦: ...".
Every sentence is filled in from the facts of the decision (the cards, the counts, the
chances, the simulations), so a learner can check it against the table, and it ends with
the id of the rule that allows the move.
"""

from __future__ import annotations

from ..tables import RANK, SYM, VALUE, count_word, plural, symbols
from .estimates import Why, discard_facts
from .model import ADD, MELD, PILE, STOCK, TAKE, Plan, Table
from .search import Outcome

__all__ = ["basic_reason", "expert_reason", "forced_reason", "move_phrase"]


def _rank_one(rank: int) -> str:
    """One card of a rank in words: ``nine``, ``King``, ``six``."""
    word = plural(rank)
    return word[:-2] if rank == 6 else word[:-1]


def _percent(share: float) -> str:
    return f"{round(100 * share)}%"


def move_phrase(plan: Plan, gerund: bool = False) -> str:
    """The move as an order (``Discard the 5♦``) or, with ``gerund``, as ``discarding the 5♦``."""
    kind, faces, rank = plan
    shown = symbols(faces)
    if kind is STOCK:
        verb, rest = "draw", "from the stock"
    elif kind is PILE:
        verb, rest = "take", f"the pile with {shown}"
    elif kind is TAKE:
        verb, rest = "take", f"the turned-up {shown} into hand"
    elif kind is MELD:
        verb, rest = "meld", shown
    elif kind is ADD:
        verb, rest = "add", f"{shown} to your meld of {plural(rank)}"
    else:
        verb, rest = "discard", f"the {shown}"
    if gerund:
        verb = {"draw": "drawing", "take": "taking", "meld": "melding", "add": "adding"}.get(
            verb, "discarding"
        )
        return f"{verb} {rest}"
    return f"{verb.capitalize()} {rest}"


def forced_reason(rule: str, text: str) -> str:
    """The reason for a move the rules of thumb did not pick: the engine's own words for it."""
    return f"{text} ({rule})."


def _pressure_words(t: Table, seat: int) -> str:
    opponent = t.sizes[1 - seat]
    stock = len(t.stock)
    if opponent <= 4:
        cards = "one card" if opponent == 1 else f"{count_word(opponent)} cards"
        return f"your opponent is down to {cards}"
    if stock <= 12:
        return f"only {stock} cards are left in the stock"
    return "the hand is still young"


def basic_reason(t: Table, plan: Plan, why: Why, rule: str) -> str:
    """The basic player's reason for its move, from the facts its rules of thumb weighed."""
    seat = t.to_move
    f = why.facts
    code = why.code
    if code == "take-two":
        return (
            f"Take the turned-up {SYM[f['card']]} into hand: on the first turn a player "
            f"holding no 2 may, and a 2 is a wild card worth 20 points ({rule})."
        )
    if code in ("take-pile", "take-pile-last", "leave-pile", "end-hand"):
        return _pile_reason(t, seat, why, rule)
    if code == "stock":
        top = f["top"]
        if top is None:
            why_not = "the discard pile is empty"
        elif RANK[top] == 2:
            why_not = f"taking the pile with the {SYM[top]} on top needs two other 2s"
        else:
            held = t.rank_count[seat][RANK[top]]
            have = "none" if not held else "only one"
            why_not = (
                f"taking the pile with the {SYM[top]} on top needs two natural "
                f"{plural(RANK[top])}, and you hold {have}"
            )
        return f"Draw from the stock: {why_not} ({rule})."
    if code.startswith(("meld", "add")):
        return _meld_reason(t, seat, why, rule)
    if code == "wild-out":
        return (
            f"{move_phrase(plan)}, using the 2 as a wild: it is how "
            f"your whole hand goes down this turn{_out_tail(f['out'])} ({rule})."
        )
    if code == "discard-out":
        return f"Discard the {SYM[f['card']]}, your last card, and go out ({rule})."
    if code == "wild-pair":
        cause = (
            f"{_pressure_words(t, seat)}, so cards left in hand may soon be caught"
            if f["pressure"] >= 0.6
            else f"the pair is worth {f['worth']} points, too much to risk being caught with"
        )
        return f"{move_phrase(plan)}, the 2 standing in as a wild: {cause} ({rule})."
    if code == "twos":
        return (
            f"Lay down your 2s, {symbols(f['faces'])}: {_pressure_words(t, seat)}, and a 2 "
            f"caught in hand costs 20 points ({rule})."
        )
    return _discard_reason(t, seat, why, rule)


def _out_tail(last: int | None) -> str:
    if last is None:
        return ", the last meld taking you out"
    return f", then you discard the {SYM[last]} and go out"


def _meld_reason(t: Table, seat: int, why: Why, rule: str) -> str:
    f = why.facts
    faces, rank = f["faces"], f["rank"]
    points = sum(VALUE[x] for x in faces)
    naturals = sum(1 for x in faces if RANK[x] == rank)
    what = f"{count_word(naturals)} {plural(rank)}" if naturals > 1 else f"one {_rank_one(rank)}"
    if why.code.startswith("add"):
        head = f"Add {symbols(faces)} to your meld of {plural(rank)}"
    else:
        head = f"Meld {symbols(faces)}"
    text = (
        f"{head}: {what} worth {points} points score on the table instead of counting "
        f"against you in hand"
    )
    if why.code.endswith("-out"):
        text += f"; this empties your hand this turn{_out_tail(f['out'])}"
    return f"{text} ({rule})."


def _pile_reason(t: Table, seat: int, why: Why, rule: str) -> str:
    f = why.facts
    top, pair, size = f["top"], f["pair"], f["size"]
    cards = "card" if size == 1 else "cards"
    junk, fits = f["junk"], f["fits"]
    if why.code == "end-hand":
        return (
            f"Leave the pile and end the hand: the stock is empty, and you are ahead by about "
            f"{round(f['margin'])} points, while the pile's {len(junk)} cards that fit "
            f"nothing would cost {f['junk_points']} ({rule})."
        )
    if why.code == "leave-pile":
        return (
            f"Draw from the stock rather than take the pile of {size} {cards}: "
            f"{count_word(len(junk))} of them fit nothing and would cost "
            f"{f['junk_points']} points in hand, and {_pressure_words(t, seat)} ({rule})."
        )
    text = (
        f"Take the pile of {size} {cards} with {symbols(pair)}: the {SYM[top]} and your "
        f"pair go down at once as a meld worth {f['meld_points']} points"
    )
    if fits:
        text += (
            f", and {symbols(fits)} from the pile {'fits' if len(fits) == 1 else 'fit'} your melds"
        )
    if junk:
        one = len(junk) == 1
        others = "the other card" if one else f"the {count_word(len(junk))} other cards"
        if f["pressure"] < 0.6:
            text += (
                f"; {others} ({f['junk_points']} points) {'is' if one else 'are'} a price worth "
                f"paying while {_pressure_words(t, seat)}"
            )
        else:
            text += (
                f"; {others} {'costs' if one else 'cost'} {f['junk_points']} points if caught, "
                "still less than the meld brings"
            )
    if why.code == "take-pile-last":
        text += "; leaving it would end the hand now, with the stock empty"
    return f"{text} ({rule})."


def _discard_reason(t: Table, seat: int, why: Why, rule: str) -> str:
    face = why.facts["card"]
    facts = discard_facts(t, seat, face)
    rank = facts["rank"]
    parts = []
    if rank == 2:
        parts.append("even a 2 must go when every other card is worth keeping")
    elif facts["count"] >= 2:
        parts.append(f"you break up your {count_word(facts['count'])} {plural(rank)}")
    else:
        others = facts["seen"] - 1
        parts.append(
            f"a lone {_rank_one(rank)}, with {'none' if others == 0 else count_word(others)} "
            f"of the other seven {plural(rank)} already in sight"
        )
    if facts["opponent_meld"]:
        safety = (
            f"your opponent has melded {plural(rank)} and would have added any it held, "
            "so it can hardly take the pile with it"
        )
    elif facts["passed"]:
        safety = (
            f"your opponent just let a {_rank_one(rank)} go by on the pile, so it is unlikely "
            "to hold two"
        )
    else:
        need = "two other 2s" if rank == 2 else f"two {plural(rank)}"
        safety = (
            f"your opponent would need {need} to take the pile with it (about "
            f"{_percent(facts['risk'])} likely from the cards you have not seen)"
        )
    parts.append(safety)
    if facts["pressure"] >= 0.6 and VALUE[face] >= 10:
        parts.append(
            f"and as {_pressure_words(t, seat)}, its {VALUE[face]} points should not be "
            "caught in your hand"
        )
    return f"Discard the {SYM[face]}: {'; '.join(parts)} ({rule})."


NOISE = "the simulations cannot tell them apart"
"""Said whenever a figure shown beside the advice is as good as the advised move's."""


def _rival_words(chosen: Outcome, rival: Outcome) -> str:
    """A rival's win rate beside the chosen move's: never a better figure left unexplained."""
    won = f"{move_phrase(rival.plan, gerund=True)} won {_percent(rival.win_rate)}"
    if round(100 * rival.win_rate) >= round(100 * chosen.win_rate):
        return f"{won}, as often within the simulations' noise: {NOISE}"
    return won


def expert_reason(
    chosen: Outcome, rival: Outcome | None, basic: Outcome, rule: str, agree: str | None
) -> str:
    """The expert's reason: what its simulated endings found for the move and its rivals.

    ``agree`` is the rule of thumb's own reason when the expert plays its move. A figure
    is never shown beside the advice without saying what it means for it: a rival as good
    or better is within the noise (the rule of thumb decides), and a move that overrides
    the rule of thumb says by how much.
    """
    if chosen is basic and agree is not None:
        text = (
            f"{agree} Played to the end of the hand {chosen.runs} times from deals of the "
            f"cards you cannot see, it won {_percent(chosen.win_rate)}"
        )
        if rival is not None:
            text += f"; {_rival_words(chosen, rival)}"
            if NOISE in text:
                text += ", so the rule of thumb decides"
        return text + "."
    text = (
        f"{move_phrase(chosen.plan)}: it won {_percent(chosen.win_rate)} of {chosen.runs} "
        f"simulated endings of this hand (average margin {chosen.mean_margin:+.0f} points)"
    )
    if chosen is not basic:
        gap = round(100 * chosen.win_rate) - round(100 * basic.win_rate)  # as the figures show
        by = f"by {gap} points of win chance" if gap >= 1 else "by less than a point of win chance"
        text += (
            f", while {move_phrase(basic.plan, gerund=True)}, the rule of thumb here, won "
            f"{_percent(basic.win_rate)} on the same deals: the simulations overrule it {by}"
        )
    if rival is not None and rival is not basic:
        text += f"; {_rival_words(chosen, rival)}"
    return f"{text} ({rule})."
