"""Attempt limits of the class server: wrong class codes, teacher keys and tokens, counted.

No Tornado and no database here. Every wrong secret a request sends (a class code that names
no class, a teacher key or a student token that does not match, a wrong rejoin code) is
counted against the client's address and against the class code it tried, in a sliding
window; once either has had its count, further tries are refused until the oldest wrong one
leaves the window (the server answers 429 and says when to try again). Right answers are
not counted. The counts live in this process's memory and are forgotten on a restart.

The same counting limits the classes made from one address (each costs a key hash: a
:func:`creations` limiter, counted per address in a longer window), and :class:`Limits` also
holds how long one record's verification may take (``checking.py``).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["AttemptLimiter", "Limits", "creations"]


@dataclass(frozen=True, slots=True)
class Limits:
    """How many wrong secrets an address or a class code may send in a window of seconds;
    how many classes an address may make in its own window; how long a verification may take."""

    window: float = 60.0
    """The sliding window, in seconds."""
    per_address: int = 10
    """Wrong tries one client address may make in a window."""
    per_class: int = 30
    """Wrong tries at one class code (from any address) in a window: above one address's
    count, so that one guesser does not lock the class's own teacher out as quickly."""
    remembered: int = 100_000
    """The most addresses and class codes counted at once (the oldest are forgotten)."""
    classes_window: float = 3600.0
    """The sliding window of the classes made, in seconds."""
    classes_per_address: int = 10
    """Classes one client address may make in that window (each costs a key hash)."""
    tables_per_address: int = 60
    """Shared tables one client address may open in the same window (the served app's
    kernels, which open them for their learners, are not counted: ``table_api.py``)."""
    verify_seconds: float = 60.0
    """How long checking one record may take before it is refused (``checking.py``)."""


class AttemptLimiter:
    """Wrong tries per key (``address:...``, ``class:...``) in a sliding window."""

    def __init__(
        self,
        limits: Limits,
        clock: Callable[[], float] = time.monotonic,
        *,
        window: float | None = None,
        most: int | None = None,
    ) -> None:
        self.limits = limits
        self.window = limits.window if window is None else window
        """The sliding window, in seconds (the limits' own unless given)."""
        self._fixed = most
        self._clock = clock
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()

    def _most(self, key: str) -> int:
        """How many tries ``key`` may make in a window."""
        if self._fixed is not None:
            return self._fixed
        return self.limits.per_class if key.startswith("class:") else self.limits.per_address

    def _recent(self, key: str, now: float) -> deque[float]:
        """The times of ``key``'s wrong tries still in the window (older ones dropped)."""
        times = self._wrong.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._wrong[key]
        return times

    def wait(self, keys: Iterable[str]) -> int:
        """Seconds before any of ``keys`` may try again (0: they may try now)."""
        now = self._clock()
        longest = 0.0
        for key in keys:
            times = self._recent(key, now)
            most = self._most(key)
            if len(times) >= most:
                # free again when the wrong try that filled the count leaves the window
                longest = max(longest, times[-most] + self.window - now)
        return math.ceil(longest) if longest > 0 else 0

    def wrong(self, keys: Iterable[str]) -> None:
        """Count one wrong try against each of ``keys``."""
        now = self._clock()
        for key in keys:
            times = self._recent(key, now)
            if key not in self._wrong:
                self._wrong[key] = times
            self._wrong.move_to_end(key)
            times.append(now)
            while len(times) > self._most(key):
                times.popleft()  # only the newest count matter
        while len(self._wrong) > self.limits.remembered:
            self._wrong.popitem(last=False)

    def take_back(self, keys: Iterable[str]) -> None:
        """Forget the newest try counted against each of ``keys`` (it cost nothing after all)."""
        for key in keys:
            times = self._wrong.get(key)
            if times:
                times.pop()


def creations(limits: Limits, clock: Callable[[], float] = time.monotonic) -> AttemptLimiter:
    """The limiter of the classes made: each one counted against its maker's address."""
    return AttemptLimiter(
        limits, clock, window=limits.classes_window, most=limits.classes_per_address
    )


def openings(limits: Limits, clock: Callable[[], float] = time.monotonic) -> AttemptLimiter:
    """The limiter of the shared tables opened: each counted against its opener's address."""
    return AttemptLimiter(
        limits, clock, window=limits.classes_window, most=limits.tables_per_address
    )
