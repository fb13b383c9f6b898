"""Sentences about moves: ``explain`` speaks to the mover, ``narrate`` to the table.

Both read the branch that ``legality.decide`` took, so the words always match the
decision. Where several rules combine, the sentence names them in the order seven,
follow, beat.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ..explanation import Explanation
from ..messages import Message, Seat, message, render
from .legality import Why, decide
from .messages import Card, Suit
from .state import State
from .tables import CARDS, SUIT, SUIT_MASK, SUITS, bits

__all__ = ["explain_card", "narrate_card", "narration"]

_OFF = 2


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _weakest_first(state: State, mask: int) -> list[int]:
    strength = state.order.strength
    return sorted(bits(mask), key=lambda i: (SUIT[i], strength[i]))


def _same_suit_names(state: State, mask: int) -> str:
    """``the 4 and the Horse of cups``: cards of one suit, weakest first."""
    cards = _weakest_first(state, mask)
    ranks = [f"the {CARDS[i].rank.noun}" for i in cards]
    text = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
    return f"{text} of {CARDS[cards[0]].suit.noun}"


def _opened_words(state: State, seven: int) -> str:
    noun = SUITS[SUIT[seven]].singular
    if state.seven == 1:
        text = f"no {noun} was played in an earlier trick"
    else:
        text = f"no {noun} has been played this round"
    if seven == state.trump_card:
        text += "; the face-up card does not count"
    return text


def _seven_note(state: State, card: int, blocked: int, legal: int) -> str:
    """The clause naming blocked 7s, when setting them aside changed this card's answer."""
    if not blocked:
        return ""
    legal_without = decide(state, _OFF)[0]
    if (legal >> card) & 1 == (legal_without >> card) & 1:
        return ""
    sevens = bits(blocked & legal_without) or bits(blocked)
    if len(sevens) == 1:
        return (
            f"your 7 of {SUITS[SUIT[sevens[0]]].noun} must wait "
            f"({_opened_words(state, sevens[0])}); "
        )
    nouns = [SUITS[SUIT[i]].noun for i in sevens]
    suits = ", ".join(nouns[:-1]) + " and " + nouns[-1]
    return f"your 7s of {suits} must wait (none of their suits has been opened); "


def _none_of(state: State, suit: int, blocked: int) -> str:
    other = " other" if blocked & SUIT_MASK[suit] else ""
    return f"no{other} {SUITS[suit].noun}"


def explain_card(state: State, card: int) -> Explanation:
    """Why the seat to move may or may not play this card, with the deciding rule."""
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    the = CARDS[card].the
    if not (hand >> card) & 1:
        if (state.played >> card) & 1:
            text = f"{_cap(the)} has already been played: you play only cards from your own hand"
            return Explanation(False, "mililla.deal", text)
        return Explanation(
            False, "mililla.deal", f"You do not hold {the}: you play only cards from your own hand"
        )
    legal, why, blocked = state.decide()
    if why is Why.LEAD:
        if state.plays or state.earlier:
            text = "You lead the trick: any card may be led"
        else:
            text = "You lead the first trick of the round: any card may be led"
        if card % 10 == 3:
            text += ", even a 7"
        return Explanation(True, "mililla.lead", text)
    if why is Why.ONLY_SEVENS:
        return Explanation(
            True,
            "mililla.seven",
            "Every card you hold is a 7 whose suit is not open yet, so you may play any of them",
        )
    if (blocked >> card) & 1:
        when = " in an earlier trick" if state.seven == 1 else ""  # seven_rule variants
        text = (
            f"{_cap(the)} cannot be played yet: a 7 waits until a card of its suit has been "
            f"played{when}, and {_opened_words(state, card)}"
        )
        return Explanation(False, "mililla.seven", text)
    note = _seven_note(state, card, blocked, legal)
    ok = bool((legal >> card) & 1)
    rule, text = _words(state, card, why, legal, blocked, ok)
    return Explanation(ok, rule, _cap(note + text))


def _words(
    state: State, card: int, why: Why, legal: int, blocked: int, ok: bool
) -> tuple[str, str]:
    """The rule and the sentence (lower case first) for a card that is not a blocked 7."""
    led = state.led
    plural = SUITS[led].noun
    singular = SUITS[led].singular
    win = CARDS[state.win_card].the
    the = CARDS[card].the
    trump = state.trump
    hand = state.hands[state.to_move] & ~blocked  # type: ignore[index]
    follow = hand & SUIT_MASK[led]
    if why in (Why.FOLLOW_PARTNER, Why.FOLLOW_TRUMPED, Why.FOLLOW_CANNOT_BEAT, Why.BEAT_FOLLOW):
        if SUIT[card] != led:
            text = f"you must follow suit: you hold {_same_suit_names(state, follow)}"
            if why is Why.BEAT_FOLLOW:
                text += (
                    f"; an opponent is winning with {win}, so you must beat it with "
                    + _or_ranks(state, legal)
                )
            return "mililla.follow", text
        if why is Why.FOLLOW_PARTNER:
            return "mililla.follow", f"your partner is winning: any {singular} is fine"
        if why is Why.FOLLOW_TRUMPED:
            return "mililla.follow", (
                f"an opponent has trumped with {win}; following suit never beats a trump, "
                f"so any {singular} is fine"
            )
        if why is Why.FOLLOW_CANNOT_BEAT:
            return "mililla.follow", (
                f"an opponent is winning with {win} and none of your {plural} beats it: "
                f"any {singular} is fine"
            )
        if ok:
            return "mililla.beat", f"an opponent is winning with {win}; {the} beats it, as you must"
        beaters = _weakest_first(state, legal)
        text = f"an opponent is winning with {win}; your {CARDS[beaters[0]].name} beats it, "
        text += "so you must play it"
        if len(beaters) > 1:
            text += " or your " + " or ".join(CARDS[i].rank.noun for i in beaters[1:])
        return "mililla.beat", text
    void = f"you have {_none_of(state, led, blocked)}"
    if why is Why.BEAT_TRUMP:
        trumped = SUIT[state.win_card] == trump and led != trump
        if trumped:
            need = f"the opponents are winning with {win}, so you must overtrump"
        else:
            need = "the opponents are winning, so you must trump"
        if ok:
            return "mililla.beat", f"{void} and {need}: {the} does"
        return "mililla.beat", f"{void}; {need}: you hold {_same_suit_names(state, legal)}"
    if why is Why.FREE_PARTNER:
        return "mililla.free", f"your partner is winning and {void}: any card is fine"
    # Why.FREE_CANNOT_BEAT
    if led == trump:
        return "mililla.free", f"{void}: any card is fine"
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return "mililla.free", (
            f"{void} and {_none_of(state, trump, blocked)} to trump with: any card is fine"
        )
    return "mililla.free", (
        f"{void} and no {SUITS[trump].singular} that beats {win}: any card is fine"
    )


def _or_ranks(state: State, mask: int) -> str:
    cards = _weakest_first(state, mask)
    ranks = [f"the {CARDS[i].rank.noun}" for i in cards]
    text = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " or " + ranks[-1]
    return text


def narration(state: State, card: int) -> tuple[str, Message]:
    """The rule and the message about a legal card about to be played by the seat to move."""
    seat: int = state.to_move  # type: ignore[assignment]
    said = partial(message, who=Seat(seat), card=Card(card))
    _legal, why, _blocked = state.decide()
    if why is Why.LEAD:
        return "mililla.lead", said("mililla.narrate.lead")
    if why is Why.ONLY_SEVENS:
        return "mililla.seven", said("mililla.narrate.sevens")
    led = Suit(state.led)
    win = Card(state.win_card)
    if why is Why.FOLLOW_PARTNER:
        return "mililla.follow", said("mililla.narrate.follow-partner")
    if why is Why.FOLLOW_TRUMPED:
        return "mililla.follow", said("mililla.narrate.follow-trumped")
    if why is Why.FOLLOW_CANNOT_BEAT:
        return "mililla.follow", said("mililla.narrate.follow-low", win=win)
    if why is Why.BEAT_FOLLOW:
        return "mililla.beat", said("mililla.narrate.beat", win=win)
    if why is Why.BEAT_TRUMP:
        verb = "overtrump" if SUIT[state.win_card] == state.trump else "trump"
        return "mililla.beat", said(f"mililla.narrate.{verb}", led=led)
    if why is Why.FREE_PARTNER:
        return "mililla.free", said("mililla.narrate.free-partner", led=led)
    if state.led == state.trump:
        return "mililla.free", said("mililla.narrate.free", led=led)
    return "mililla.free", said("mililla.narrate.free-low", led=led, win=win)


def narrate_card(state: State, card: int, names: Sequence[str]) -> Explanation:
    """A sentence about a legal card about to be played by the seat to move, with ``names``."""
    rule, said = narration(state, card)
    return Explanation(True, rule, render(said, names), said)
