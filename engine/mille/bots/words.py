"""The bots' reasons in plain words, built from what each decision actually weighed.

A reason speaks to the player the bot (or the coach) advises: "Discard the 5♦: ...".
Every sentence is filled in from the facts of the decision (the cards, the counts, the
chances, the simulations), so a learner can check it against the table, and it ends with
the id of the rule that allows the move. Each is a message (the ``mille:coach.*`` entries
of ``messages``), rendered by ``cardschool.engine.messages.render``.
"""

from __future__ import annotations

from ...messages import Message, message, render
from ..messages import Count, Face, Faces, Rank
from ..tables import RANK, VALUE
from .estimates import Why, discard_facts
from .messages import NOISE
from .model import ADD, MELD, PILE, STOCK, TAKE, Plan, Table
from .search import Outcome

__all__ = [
    "NOISE",
    "basic_reason",
    "basic_said",
    "expert_reason",
    "forced_reason",
    "move_phrase",
    "move_said",
]

_KINDS = {STOCK: "stock", PILE: "pile", TAKE: "take", MELD: "meld", ADD: "add"}


def _percent(share: float) -> int:
    return round(100 * share)


def move_said(plan: Plan, gerund: bool = False) -> Message:
    """The move as an order (``Discard the 5♦``) or, with ``gerund``, ``discarding the 5♦``."""
    kind, faces, rank = plan
    form = "doing" if gerund else "do"
    return message(
        f"mille:coach.{form}.{_KINDS.get(kind, 'discard')}", shown=Faces(faces), rank=Rank(rank)
    )


def move_phrase(plan: Plan, gerund: bool = False) -> str:
    """The move as an order (``Discard the 5♦``) or, with ``gerund``, as ``discarding the 5♦``."""
    return render(move_said(plan, gerund))


def forced_reason(rule: str, text: str) -> str:
    """The reason for a move the rules of thumb did not pick: the engine's own words for it."""
    return render(message("mille:coach.said", said=text, rule=rule))


def _pressure(t: Table, seat: int) -> Message:
    opponent = t.sizes[1 - seat]
    stock = len(t.stock)
    if opponent <= 4:
        return message("mille:coach.opponent-down", n=opponent, count=Count(opponent))
    if stock <= 12:
        return message("mille:coach.stock-low", stock=stock)
    return message("mille:coach.young")


def basic_said(t: Table, plan: Plan, why: Why, rule: str, only: bool = False) -> Message:
    """The basic player's reason for its move, from the facts its rules of thumb weighed;
    ``only`` adds that it is the only legal move."""
    said = message(
        "mille:coach.said.only" if only else "mille:coach.said",
        said=_body(t, plan, why),
        rule=rule,
    )
    return said


def basic_reason(t: Table, plan: Plan, why: Why, rule: str) -> str:
    """The basic player's reason for its move, in words."""
    return render(basic_said(t, plan, why, rule))


def _body(t: Table, plan: Plan, why: Why) -> Message:
    """The advice and its facts, without the rule."""
    seat = t.to_move
    f = why.facts
    code = why.code
    if code == "take-two":
        return message("mille:coach.take-two", card=Face(f["card"]))
    if code in ("take-pile", "take-pile-last", "leave-pile", "end-hand"):
        return _pile_reason(t, seat, why)
    if code == "stock":
        top = f["top"]
        if top is None:
            why_not = message("mille:coach.pile-empty")
        elif RANK[top] == 2:
            why_not = message("mille:coach.needs-twos", top=Face(top))
        else:
            held = t.rank_count[seat][RANK[top]]
            need = "mille:coach.needs-one" if held else "mille:coach.needs-none"
            why_not = message(need, top=Face(top), rank=Rank(RANK[top]))
        return message("mille:coach.stock", why=why_not)
    if code.startswith(("meld", "add")):
        return _meld_reason(why)
    if code == "wild-out":
        return message("mille:coach.wild-out", move=move_said(plan), tail=_out_tail(f["out"]))
    if code == "discard-out":
        return message("mille:coach.discard-out", card=Face(f["card"]))
    if code == "wild-pair":
        cause = (
            message("mille:coach.caught-soon", pressure=_pressure(t, seat))
            if f["pressure"] >= 0.6
            else message("mille:coach.pair-worth", worth=f["worth"])
        )
        return message("mille:coach.wild-pair", move=move_said(plan), cause=cause)
    if code == "twos":
        faces = Faces(tuple(f["faces"]))
        return message("mille:coach.twos", faces=faces, pressure=_pressure(t, seat))
    return _discard_reason(t, seat, why)


def _out_tail(last: int | None) -> Message:
    if last is None:
        return message("mille:coach.out-meld")
    return message("mille:coach.out-discard", card=Face(last))


def _meld_reason(why: Why) -> Message:
    f = why.facts
    faces, rank = tuple(f["faces"]), f["rank"]
    points = sum(VALUE[x] for x in faces)
    naturals = sum(1 for x in faces if RANK[x] == rank)
    if naturals > 1:
        what = message("mille:coach.naturals", count=Count(naturals), rank=Rank(rank))
    else:
        what = message("mille:coach.natural", rank=Rank(rank))
    if why.code.startswith("add"):
        head = message("mille:coach.add-head", faces=Faces(faces), rank=Rank(rank))
    else:
        head = message("mille:coach.meld-head", faces=Faces(faces))
    if why.code.endswith("-out"):
        tail = _out_tail(f["out"])
        return message("mille:coach.meld.out", head=head, what=what, points=points, tail=tail)
    return message("mille:coach.meld", head=head, what=what, points=points)


def _pile_reason(t: Table, seat: int, why: Why) -> Message:
    f = why.facts
    top, pair, size = f["top"], f["pair"], f["size"]
    cards = message("mille:cards", count=size)
    junk, fits = f["junk"], f["fits"]
    if why.code == "end-hand":
        return message(
            "mille:coach.end-hand",
            margin=round(f["margin"]),
            junk=len(junk),
            points=f["junk_points"],
        )
    if why.code == "leave-pile":
        return message(
            "mille:coach.leave-pile",
            cards=cards,
            junk=Count(len(junk)),
            points=f["junk_points"],
            pressure=_pressure(t, seat),
        )
    fit: Message | str = ""
    if fits:
        fit = message("mille:coach.fits", n=len(fits), fits=Faces(tuple(fits)))
    cost: Message | str = ""
    if junk:
        price = "mille:coach.junk-price" if f["pressure"] < 0.6 else "mille:coach.junk-cost"
        cost = message(
            price,
            n=len(junk),
            count=Count(len(junk)),
            points=f["junk_points"],
            pressure=_pressure(t, seat),
        )
    last = message("mille:coach.pile-last") if why.code == "take-pile-last" else ""
    return message(
        "mille:coach.take-pile",
        cards=cards,
        pair=Faces(tuple(pair)),
        top=Face(top),
        points=f["meld_points"],
        fits=fit,
        junk=cost,
        last=last,
    )


def _discard_reason(t: Table, seat: int, why: Why) -> Message:
    face = why.facts["card"]
    facts = discard_facts(t, seat, face)
    rank = facts["rank"]
    named = Rank(rank)
    if rank == 2:
        first = message("mille:coach.only-twos")
    elif facts["count"] >= 2:
        first = message("mille:coach.break-up", count=Count(facts["count"]), rank=named)
    else:
        others = facts["seen"] - 1
        if others == 0:
            first = message("mille:coach.lone-unseen", rank=named)
        else:
            first = message("mille:coach.lone", rank=named, seen=Count(others))
    if facts["opponent_meld"]:
        safety = message("mille:coach.melded", rank=named)
    elif facts["passed"]:
        safety = message("mille:coach.passed", rank=named)
    else:
        need = (
            message("mille:coach.two-twos")
            if rank == 2
            else message("mille:coach.two-of", rank=named)
        )
        safety = message("mille:coach.risk", need=need, risk=_percent(facts["risk"]))
    pressure: Message | str = ""
    if facts["pressure"] >= 0.6 and VALUE[face] >= 10:
        pressure = message("mille:coach.not-caught", pressure=_pressure(t, seat), value=VALUE[face])
    return message(
        "mille:coach.discard", card=Face(face), first=first, safety=safety, pressure=pressure
    )


def _rival(chosen: Outcome, rival: Outcome) -> Message:
    """A rival's win rate beside the chosen move's: never a better figure left unexplained."""
    doing, rate = move_said(rival.plan, gerund=True), _percent(rival.win_rate)
    if round(100 * rival.win_rate) >= round(100 * chosen.win_rate):
        return message("mille:coach.rival-noise", doing=doing, rate=rate)
    return message("mille:coach.rival", doing=doing, rate=rate)


def expert_said(
    chosen: Outcome,
    rival: Outcome | None,
    basic: Outcome,
    rule: str,
    agree: Message | str | None,
) -> Message:
    """The expert's reason: what its simulated endings found for the move and its rivals.

    ``agree`` is the rule of thumb's own reason when the expert plays its move. A figure
    is never shown beside the advice without saying what it means for it: a rival as good
    or better is within the noise (the rule of thumb decides), and a move that overrides
    the rule of thumb says by how much.
    """
    if chosen is basic and agree is not None:
        told = "" if rival is None else _rival(chosen, rival)
        noise = isinstance(told, Message) and told.id == "mille:coach.rival-noise"
        return message(
            "mille:coach.agree-noise" if noise else "mille:coach.agree",
            agree=agree,
            runs=chosen.runs,
            rate=_percent(chosen.win_rate),
            rival=told,
        )
    overrule: Message | str = ""
    if chosen is not basic:
        gap = round(100 * chosen.win_rate) - round(100 * basic.win_rate)  # as the figures show
        overrule = message(
            "mille:coach.overrule" if gap >= 1 else "mille:coach.overrule-little",
            doing=move_said(basic.plan, gerund=True),
            rate=_percent(basic.win_rate),
            gap=gap,
        )
    other = "" if rival is None or rival is basic else _rival(chosen, rival)
    return message(
        "mille:coach.expert",
        move=move_said(chosen.plan),
        rate=_percent(chosen.win_rate),
        runs=chosen.runs,
        margin=chosen.mean_margin,
        overrule=overrule,
        rival=other,
        rule=rule,
    )


def expert_reason(
    chosen: Outcome,
    rival: Outcome | None,
    basic: Outcome,
    rule: str,
    agree: Message | str | None,
) -> str:
    """The expert's reason in words (see :func:`expert_said`)."""
    return render(expert_said(chosen, rival, basic, rule, agree))
