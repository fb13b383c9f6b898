"""The Mille expert's faster steps give exactly what the plain steps they replace give.

The plain steps are written here as they were before the expert was made cheaper: a
deal of the hidden cards drawn with ``rng.randrange``, and the test of a deal against the
opponent's discards played on copies of the tables. Same deals, same generator state.
"""

from __future__ import annotations

import random

from cardschool.engine import mille
from cardschool.engine.bots import make_bot
from cardschool.engine.mille.bots.estimates import BASIC, discard_ranking
from cardschool.engine.mille.bots.knowledge import (
    SINGLE_KEPT,
    TRIES,
    TWO_KEPT,
    Discards,
    Knowledge,
    _same,
    deal,
)
from cardschool.engine.mille.bots.model import DISCARD, Table
from cardschool.engine.mille.bots.policy import meld_phase_plan
from cardschool.engine.mille.tables import RANK


def _views(count: int) -> list[dict]:
    """Views of the seat to move over whole hands between basic bots, some with discards."""
    basic = make_bot("mille", "basic")
    views: list[dict] = []
    number = 0
    while len(views) < count:
        game = mille.new_game(500 + number)
        number += 1
        ply = 0
        while not game.deal_over and len(views) < count:
            view = game.view(game.to_move).to_dict()
            if ply % 2 == 0:
                views.append(view)
            game.play(basic.choose(view, random.Random(ply)).move)
            ply += 1
    return views


def _plain_sample(knowledge: Knowledge, rng: random.Random) -> Table:
    """``Knowledge.sample(rng, shrewd=True)`` as first written, with ``rng.randrange``."""
    t = knowledge.table.clone()
    pool = knowledge.unseen[:]
    left = len(pool)
    want = knowledge.hidden
    hand: list[int] = []
    passed: list[int] = []
    caps = knowledge.caps()
    counts = t.rank_count[1 - knowledge.seat][:]
    while len(hand) < want and left:
        i = rng.randrange(left)
        left -= 1
        f = pool[i]
        pool[i] = pool[left]
        r = RANK[f]
        if counts[r] < caps[r] and (
            (counts[r] and r != 2) or rng.random() < (TWO_KEPT if r == 2 else SINGLE_KEPT)
        ):
            counts[r] += 1
            hand.append(f)
        else:
            passed.append(f)
    if len(hand) < want:
        missing = want - len(hand)
        hand += passed[:missing]
        passed = passed[missing:]
    del pool[left:]
    pool += passed
    t.give(1 - knowledge.seat, hand)
    t.stock = pool
    t.seed = rng.getrandbits(31)
    return t


def _plain_fits(discards: Discards, sampled: Table) -> bool:
    """``Discards.fits`` as first written: on copies of the tables, the cards as a list."""
    card = discards.card
    if card is None:
        return True
    opponent = discards.opponent
    hand = sampled.hands[opponent]
    cards = [f for f in range(52) if hand[f] for _ in range(hand[f])]
    t = discards.last.clone()
    t.give(opponent, [*cards, card])
    kind, faces, _ = meld_phase_plan(t, BASIC)[0]
    if not (kind is DISCARD and _same(faces[0], card)):
        return False
    earlier = discards.earlier_card
    if earlier is None:
        return True
    held = [*cards, *discards.since]
    same_rank = [f for f in held if RANK[f] == RANK[earlier]]
    if same_rank:
        held.remove(same_rank[0])
    t = discards.earlier.clone()
    t.give(opponent, [*held, earlier])
    ranked = discard_ranking(t, opponent, BASIC)
    return any(_same(face, earlier) for _, face in ranked[:2])


def _state(t: Table) -> tuple:
    """Every field of a table, for comparing two tables."""
    return tuple(getattr(t, name) for name in Table.__slots__ if name != "rules")


def test_a_shrewd_deal_is_drawn_as_with_randrange() -> None:
    """Same tables and the generator left in the same state, view after view."""
    for k, view in enumerate(_views(60)):
        knowledge = Knowledge(view)
        ours, theirs = random.Random(k), random.Random(k)
        for _ in range(5):
            assert _state(knowledge.sample(ours, shrewd=True)) == _state(
                _plain_sample(knowledge, theirs)
            )
        assert ours.getstate() == theirs.getstate()


def test_a_deal_fits_the_opponent_discards_as_on_copies() -> None:
    """The same answer on many deals, both answers seen, and the tables left as they were."""
    answers = set()
    tested = earlier = 0
    for k, view in enumerate(_views(120)):
        knowledge = Knowledge(view)
        discards = Discards(knowledge)
        if discards.card is None:
            continue
        before = (_state(discards.last), _state(discards.earlier))
        earlier += discards.earlier_card is not None
        rng = random.Random(k)
        for _ in range(12):
            sampled = knowledge.sample(rng, shrewd=True)
            answer = discards.fits(sampled)
            assert answer == _plain_fits(discards, sampled)
            answers.add(answer)
            tested += 1
        assert (_state(discards.last), _state(discards.earlier)) == before
    assert tested > 200 and answers == {True, False} and earlier > 5


def _plain_deal(knowledge: Knowledge, discards: Discards, rng: random.Random) -> Table:
    """``infer.deal`` as first written: a whole table sampled and tested, try after try."""
    table = knowledge.sample(rng, shrewd=True)
    for _ in range(TRIES - 1):
        if discards.fits(table):
            break
        table = knowledge.sample(rng, shrewd=True)
    return table


def test_a_deal_tested_on_the_hand_alone_is_the_deal_tested_as_a_table() -> None:
    """Same tables and the same generator state, with and without discards to fit."""
    fitted = 0
    for k, view in enumerate(_views(80)):
        knowledge = Knowledge(view)
        discards = Discards(knowledge)
        fitted += discards.card is not None
        ours, theirs = random.Random(k), random.Random(k)
        for _ in range(4):
            assert _state(deal(knowledge, discards, ours)) == _state(
                _plain_deal(knowledge, discards, theirs)
            )
        assert ours.getstate() == theirs.getstate()
    assert fitted > 10
