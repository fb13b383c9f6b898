"""The sessions a game table deals next: a new match, a deal code's, the bots at a level.

Pure functions of the session on the table: the new one keeps its seats' people, names,
bots' budget and rule variants (a deal code brings its own variants and bots' level).
"""

from __future__ import annotations

from cardschool.engine import dealcode
from cardschool.engine.session import HUMAN, Session

__all__ = ["at_level", "next_match"]


def next_match(old: Session, code: str | None = None) -> Session:
    """A new match like ``old``: a new seed, or the deal of ``code`` with its bots' level."""
    options = {"seats": old.seats, "names": old.names, "budget": old.budget}
    if code:
        deal = dealcode.read(code)  # the code's bots' level comes with it
        options["seats"] = tuple(HUMAN if k == HUMAN else deal.level for k in old.seats)
        return Session.from_code(code, **options)
    return Session.new(old.kind, rules=old.start_game().rules, **options)


def at_level(old: Session, level: str, code: str | None = None) -> Session:
    """``old``'s match dealt again with every bot at ``level``: the deal of ``code`` again,
    else a new seed."""
    seats = tuple(HUMAN if kind == HUMAN else level for kind in old.seats)
    options = {"seats": seats, "names": old.names, "budget": old.budget}
    if code:
        return Session.from_code(code, **options)
    return Session.new(old.kind, rules=old.start_game().rules, **options)
