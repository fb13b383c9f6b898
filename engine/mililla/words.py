"""Sentences about moves: ``explain`` speaks to the mover, ``narrate`` to the table.

Both read the branch that ``legality.decide`` took, so the words always match the
decision. Where several rules combine, the sentence names them in the order seven,
follow, beat; a card that several rules forbid is refused by the first of them in the
rulebook's order of teaching (follow, beat, seven), the later ones said after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ..explanation import Explanation
from ..messages import Message, Seat, message, render
from .legality import Why, decide
from .messages import Card, Cards, Suit, Suits
from .state import State
from .tables import SUIT, SUIT_MASK, bits

__all__ = ["explain_card", "narrate_card", "narration"]

_OFF = 2


def _weakest_first(state: State, mask: int) -> tuple[int, ...]:
    strength = state.order.strength
    return tuple(sorted(bits(mask), key=lambda i: (SUIT[i], strength[i])))


def _opened(state: State, seven: int) -> Message:
    """Why a 7's suit is not open: no card of it played (earlier, or this round)."""
    key = "unopened-earlier" if state.seven == 1 else "unopened"
    if seven == state.trump_card:
        key += "-faceup"
    return message(f"mililla:explain.{key}", suit=Suit(SUIT[seven]))


def _seven_note(state: State, card: int, blocked: int, legal: int) -> Message | None:
    """The clause naming blocked 7s, when setting them aside changed this card's answer."""
    if not blocked:
        return None
    legal_without = decide(state, _OFF)[0]
    if (legal >> card) & 1 == (legal_without >> card) & 1:
        return None
    sevens = bits(blocked & legal_without) or bits(blocked)
    if len(sevens) == 1:
        suit = Suit(SUIT[sevens[0]])
        return message("mililla:explain.seven-note", suit=suit, opened=_opened(state, sevens[0]))
    suits = Suits(tuple(SUIT[i] for i in sevens))
    return message("mililla:explain.sevens-note", suits=suits)


def _none_of(state: State, suit: int, blocked: int) -> Message:
    other = "-other" if blocked & SUIT_MASK[suit] else ""
    return message(f"mililla:explain.none{other}", suit=Suit(suit))


def _explained(legal: bool, rule: str, said: Message) -> Explanation:
    return Explanation(legal, rule, message=said)


def explain_card(state: State, card: int) -> Explanation:
    """Why the seat to move may or may not play this card, with the deciding rule."""
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    the = Card(card)
    if not (hand >> card) & 1:
        if (state.played >> card) & 1:
            return _explained(False, "mililla.deal", message("mililla:explain.played", card=the))
        return _explained(False, "mililla.deal", message("mililla:explain.not-held", card=the))
    legal, why, blocked = state.decide()
    if why is Why.LEAD:
        key = "lead" if state.plays or state.earlier else "lead-first"
        if card % 10 == 3:
            key += "-seven"
        return _explained(True, "mililla.lead", message(f"mililla:explain.{key}"))
    if why is Why.ONLY_SEVENS:
        return _explained(True, "mililla.seven", message("mililla:explain.only-sevens"))
    if (blocked >> card) & 1:
        # seven_rule variants: an earlier trick, or this round
        key = "seven-waits-earlier" if state.seven == 1 else "seven-waits"
        said = message(f"mililla:explain.{key}", card=the, opened=_opened(state, card))
        # the first rule that forbids, in the rulebook's order (follow, beat, then seven):
        # a 7 that following or beating forbids anyway is refused by that rule first
        legal_off, why_off, _none = decide(state, _OFF)
        if not (legal_off >> card) & 1:
            rule, text = _words(state, card, why_off, legal_off, 0, False)
            waits = message("mililla:explain.seven-also", card=the, opened=_opened(state, card))
            return _explained(False, rule, message("mililla:explain.first", text=text, then=waits))
        return _explained(False, "mililla.seven", said)
    note = _seven_note(state, card, blocked, legal)
    ok = bool((legal >> card) & 1)
    rule, text = _words(state, card, why, legal, blocked, ok)
    if note is None:
        return _explained(ok, rule, message("mililla:explain", text=text))
    return _explained(ok, rule, message("mililla:explain.noted", note=note, text=text))


def _words(
    state: State, card: int, why: Why, legal: int, blocked: int, ok: bool
) -> tuple[str, Message]:
    """The rule and the clause for a card that is not a blocked 7."""
    led = state.led
    win = Card(state.win_card)
    the = Card(card)
    trump = state.trump
    hand = state.hands[state.to_move] & ~blocked  # type: ignore[index]
    follow = hand & SUIT_MASK[led]
    said = partial(message, win=win, led=Suit(led))
    if why in (Why.FOLLOW_PARTNER, Why.FOLLOW_TRUMPED, Why.FOLLOW_CANNOT_BEAT, Why.BEAT_FOLLOW):
        if SUIT[card] != led:
            held = Cards(_weakest_first(state, follow))
            if why is Why.BEAT_FOLLOW:
                beaters = Cards(_weakest_first(state, legal))
                return "mililla.follow", said(
                    "mililla:explain.must-follow-beat", held=held, beaters=beaters
                )
            return "mililla.follow", said("mililla:explain.must-follow", held=held)
        if why is Why.FOLLOW_PARTNER:
            return "mililla.follow", said("mililla:explain.partner-follow")
        if why is Why.FOLLOW_TRUMPED:
            return "mililla.follow", said("mililla:explain.trumped-follow")
        if why is Why.FOLLOW_CANNOT_BEAT:
            return "mililla.follow", said("mililla:explain.cannot-beat-follow")
        if ok:
            return "mililla.beat", said("mililla:explain.beats", card=the)
        beaters = _weakest_first(state, legal)
        if len(beaters) > 1:
            more = Cards(beaters[1:])
            return "mililla.beat", said(
                "mililla:explain.must-beat-or", beater=Card(beaters[0]), more=more
            )
        return "mililla.beat", said("mililla:explain.must-beat", beater=Card(beaters[0]))
    none = _none_of(state, led, blocked)
    if why is Why.BEAT_TRUMP:
        trumped = SUIT[state.win_card] == trump and led != trump
        if ok:
            key = "overtrump" if trumped else "trump"
            return "mililla.beat", said(f"mililla:explain.{key}", none=none, card=the)
        key = "must-overtrump" if trumped else "must-trump"
        held = Cards(_weakest_first(state, legal))
        return "mililla.beat", said(f"mililla:explain.{key}", none=none, held=held)
    if why is Why.FREE_PARTNER:
        return "mililla.free", said("mililla:explain.partner-free", none=none)
    # Why.FREE_CANNOT_BEAT
    if led == trump:
        return "mililla.free", said("mililla:explain.free", none=none)
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        no_trump = _none_of(state, trump, blocked)
        return "mililla.free", said("mililla:explain.no-trumps", none=none, no_trump=no_trump)
    return "mililla.free", said("mililla:explain.low-trumps", none=none, trump=Suit(trump))


def narration(state: State, card: int) -> tuple[str, Message]:
    """The rule and the message about a legal card about to be played by the seat to move."""
    seat: int = state.to_move  # type: ignore[assignment]
    said = partial(message, who=Seat(seat), card=Card(card))
    _legal, why, _blocked = state.decide()
    if why is Why.LEAD:
        return "mililla.lead", said("mililla:narrate.lead")
    if why is Why.ONLY_SEVENS:
        return "mililla.seven", said("mililla:narrate.sevens")
    led = Suit(state.led)
    win = Card(state.win_card)
    if why is Why.FOLLOW_PARTNER:
        return "mililla.follow", said("mililla:narrate.follow-partner")
    if why is Why.FOLLOW_TRUMPED:
        return "mililla.follow", said("mililla:narrate.follow-trumped")
    if why is Why.FOLLOW_CANNOT_BEAT:
        return "mililla.follow", said("mililla:narrate.follow-low", win=win)
    if why is Why.BEAT_FOLLOW:
        return "mililla.beat", said("mililla:narrate.beat", win=win)
    if why is Why.BEAT_TRUMP:
        verb = "overtrump" if SUIT[state.win_card] == state.trump else "trump"
        return "mililla.beat", said(f"mililla:narrate.{verb}", led=led)
    if why is Why.FREE_PARTNER:
        return "mililla.free", said("mililla:narrate.free-partner", led=led)
    if state.led == state.trump:
        return "mililla.free", said("mililla:narrate.free", led=led)
    return "mililla.free", said("mililla:narrate.free-low", led=led, win=win)


def narrate_card(state: State, card: int, names: Sequence[str]) -> Explanation:
    """A sentence about a legal card about to be played by the seat to move, with ``names``."""
    rule, said = narration(state, card)
    return Explanation(True, rule, render(said, names), said)
