"""Attempt limits of the class server: wrong class codes, teacher keys and tokens, counted.

No Tornado and no database here. Every wrong secret a request sends (a class code that names
no class, a teacher key or a student token that does not match, a wrong rejoin code) is
counted against the client's address and against the class code it tried, in a sliding
window; once either has had its count, further tries are refused until the oldest wrong one
leaves the window (the server answers 429 and says when to try again). Right answers are
not counted. The counts live in this process's memory and are forgotten on a restart.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["AttemptLimiter", "Limits"]


@dataclass(frozen=True, slots=True)
class Limits:
    """How many wrong secrets an address or a class code may send in a window of seconds."""

    window: float = 60.0
    """The sliding window, in seconds."""
    per_address: int = 10
    """Wrong tries one client address may make in a window."""
    per_class: int = 30
    """Wrong tries at one class code (from any address) in a window: above one address's
    count, so that one guesser does not lock the class's own teacher out as quickly."""
    remembered: int = 100_000
    """The most addresses and class codes counted at once (the oldest are forgotten)."""


class AttemptLimiter:
    """Wrong tries per key (``address:...``, ``class:...``) in a sliding window."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()

    def _most(self, key: str) -> int:
        """How many wrong tries ``key`` may make in a window."""
        return self.limits.per_class if key.startswith("class:") else self.limits.per_address

    def _recent(self, key: str, now: float) -> deque[float]:
        """The times of ``key``'s wrong tries still in the window (older ones dropped)."""
        times = self._wrong.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.limits.window:
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
                longest = max(longest, times[-most] + self.limits.window - now)
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
