"""The students the class server checked lately, so that their next requests skip the store.

No Tornado and no database here. Every request a student makes says who they are (class
code, name, token), and the store checks it with two reads of the database: most of the
store thread's time under a class of students posting records. :class:`SeenMembers` keeps
each check that held, keyed by the class code, the name and the token's hash (never the
token itself), for :data:`FRESH_S` seconds and at most :data:`MOST` at once (the oldest
forgotten first). What changes a student's standing (the teacher removes or renames them,
a rejoin code gives them a new token) forgets them at once (:meth:`SeenMembers.forget`), and
a check that was under way meanwhile is not kept (:attr:`SeenMembers.epoch`), so a removed
student is refused from their very next request. Another class server process writing the
same database is not heard: its changes reach this one within :data:`FRESH_S`.

Used from the event loop's thread only (the store's checks run beside it, their results
kept here once back).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from .basics import Member
from .keys import Refused, normal_code, token_hash

__all__ = ["FRESH_S", "MOST", "SeenMembers"]

FRESH_S = 10.0
"""How long a student's check that held is trusted without asking the store again."""
MOST = 20_000
"""The most checks kept at once."""

Key = tuple[str, str, str]


class SeenMembers:
    """Checks of a student's code, name and token that held lately, each for a short time."""

    def __init__(
        self,
        seconds: float = FRESH_S,
        most: int = MOST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seconds = seconds
        self.most = most
        self._clock = clock
        self._seen: OrderedDict[Key, tuple[Member, float]] = OrderedDict()
        self.epoch = 0
        """Counts the forgettings: a check begun before one is not kept (:meth:`keep`)."""

    @staticmethod
    def _key(code: object, name: str, token: str) -> Key | None:
        """The key of a check: the class code as the store reads it, the name, the token's
        hash; None when the code cannot be one (nothing kept or found then)."""
        try:
            return normal_code(code), name, token_hash(token)
        except Refused:  # not a class code: the store refuses it
            return None

    def get(self, code: object, name: str, token: str) -> Member | None:
        """The student this code, name and token were found to be lately, else None."""
        key = self._key(code, name, token)
        found = self._seen.get(key) if key is not None else None
        if found is None:
            return None
        member, until = found
        if self._clock() >= until:
            del self._seen[key]  # type: ignore[arg-type]
            return None
        return member

    def keep(self, code: object, name: str, token: str, member: Member, epoch: int) -> None:
        """Keep a check that held, unless a student was forgotten since it began (``epoch``:
        :attr:`epoch` as it began)."""
        key = self._key(code, name, token)
        if key is None or epoch != self.epoch:
            return
        self._seen[key] = (member, self._clock() + self.seconds)
        self._seen.move_to_end(key)
        while len(self._seen) > self.most:
            self._seen.popitem(last=False)

    def forget(self, code: object, student_id: int) -> None:
        """Forget every check of that student of the class ``code`` (removed, renamed, given a
        new token): their next request is checked by the store."""
        self.epoch += 1
        try:
            class_code = normal_code(code)
        except Refused:  # not a class code: no student of it was kept
            return
        for key in [
            key
            for key, (member, _until) in self._seen.items()
            if key[0] == class_code and member.student_id == student_id
        ]:
            del self._seen[key]
