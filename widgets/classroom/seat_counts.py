"""What a player at a shared table was counted over its deal (issue 29.4): hints, coach, refusals.

A class's table's deal is recorded for each student by the class server (``class_tables.py``),
which sees the moves but not what happened in the student's own kernel: the hints they asked,
the coach they opened, the moves the rules refused them. The seat's kernel counts these as a
practice table's recorder does (``recording.py``) and sends what it counted since its last
move with its next move (``Tables.play``'s ``counts``); the server adds them to the seat's
totals (``table_seats.counts``, migration 0009) in the move's own transaction, and the
deal's record carries them, as a practice deal's does. Sent with a move, a count is never
sent twice (a refused move keeps them for the next one) and a reload loses only what was
counted after the seat's last move.

They are the player's own count, as a practice record's are: the server checks their shape
and bounds, and that every rule that refused a move is one of the table's game's rules.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from .record_in import MAX_RULES

__all__ = ["MOST_SENT", "MOST_TOTAL", "SeatCounts", "WrongCounts"]

MOST_SENT = 1000
"""The most of each count one move may bring (a kernel counts one click at a time)."""
MOST_TOTAL = 10**6
"""A seat's totals stop there (a record's counts are bounded alike)."""
_KINDS = ("hints", "coach")


class WrongCounts(ValueError):
    """Counts sent with a move that are not counts (the move is refused, nothing written)."""


@dataclass(frozen=True)
class SeatCounts:
    """Hints asked, coach questions and refused moves by rule id, of one player at one seat."""

    hints: int = 0
    coach: int = 0
    illegal: Mapping[str, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        """True when anything was counted."""
        return bool(self.hints or self.coach or self.illegal)

    def __add__(self, other: SeatCounts) -> SeatCounts:
        """Both counts together (each bounded by :data:`MOST_TOTAL`)."""
        illegal = Counter(self.illegal)
        illegal.update(other.illegal)
        return SeatCounts(
            min(MOST_TOTAL, self.hints + other.hints),
            min(MOST_TOTAL, self.coach + other.coach),
            {rule: min(MOST_TOTAL, n) for rule, n in sorted(illegal.items())},
        )

    def noted(self, event: str, detail: object = None) -> SeatCounts:
        """These counts and one event of a table's more (a move ``refused`` by the rule
        ``detail``, a ``hint``, the ``coach``; another event changes nothing), each kept
        within :data:`MOST_SENT`, what one move may bring."""
        if event == "refused" and isinstance(detail, str) and detail:
            illegal = {**self.illegal, detail: min(MOST_SENT, self.illegal.get(detail, 0) + 1)}
            if len(illegal) <= MAX_RULES:
                return SeatCounts(self.hints, self.coach, illegal)
        elif event == "hint":
            return SeatCounts(min(MOST_SENT, self.hints + 1), self.coach, self.illegal)
        elif event == "coach":
            return SeatCounts(self.hints, min(MOST_SENT, self.coach + 1), self.illegal)
        return self

    def to_json(self) -> dict[str, Any]:
        """The counts as JSON (what a kernel sends, what the database keeps)."""
        return {"hints": self.hints, "coach": self.coach, "illegal": dict(self.illegal)}

    @classmethod
    def sent(cls, value: object, rules: Collection[str]) -> SeatCounts:
        """The counts a move brought (None: none), checked: :class:`WrongCounts` unless each
        count is a whole number from 0 to :data:`MOST_SENT` and each refusing rule one of
        ``rules`` (the table's game's rule ids)."""
        if value is None:
            return cls()
        if not isinstance(value, Mapping) or not set(value) <= {*_KINDS, "illegal"}:
            raise WrongCounts(value)
        hints, coach, illegal = value.get("hints", 0), value.get("coach", 0), value.get("illegal")
        illegal = {} if illegal is None else illegal
        if not all(_a_count(n, 0) for n in (hints, coach)) or not isinstance(illegal, Mapping):
            raise WrongCounts(value)
        if len(illegal) > MAX_RULES or not all(
            rule in rules and _a_count(n, 1) for rule, n in illegal.items()
        ):
            raise WrongCounts(value)
        return cls(hints, coach, dict(illegal))

    @classmethod
    def kept(cls, text: str | None) -> SeatCounts:
        """The totals the database keeps for a seat (None or unreadable: nothing counted)."""
        try:
            value = json.loads(text) if text else {}
            return cls(
                int(value.get("hints", 0)),
                int(value.get("coach", 0)),
                {str(rule): int(n) for rule, n in dict(value.get("illegal") or {}).items()},
            )
        except (TypeError, ValueError, AttributeError):  # a damaged value counts nothing
            return cls()


def _a_count(value: object, least: int) -> bool:
    """True for a whole number from ``least`` to :data:`MOST_SENT` (not a bool)."""
    return type(value) is int and least <= value <= MOST_SENT
