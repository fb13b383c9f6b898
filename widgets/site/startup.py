"""The static site's Python start-up: written into its standard library as ``sitecustomize``.

In the static site the kernel's working directory is the browser's file drive (the
notebooks' folder, served by the page): every file lookup there is a request from the
Pyodide worker to the page, answered through the service worker. Python looks for each
module it imports in the working directory first (``''`` heads ``sys.path``), so starting
the kernel (IPython and its packages) made about a hundred such requests. The notebook
folders hold no Python modules, so the kernel does not look for any there:
:func:`install` puts a finder for the working directory in front that finds nothing.
Files are read from the drive as before.

The kernel starts from a memory snapshot the build made (:mod:`.snapshot`): the
build calls :func:`snapshot_taken` just before it, and the page's loader calls
:func:`restored` once the snapshot is back in memory, which refuses a snapshot made with
another standard library (a browser that kept an older copy of one of the two files: the
loader then starts the kernel without it), draws the random generator's state afresh
(else every learner's page would draw the same numbers) and reads the browser's time zone.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib

__all__ = [
    "NoModulesHere",
    "install",
    "library_mark",
    "local_time_zone",
    "restored",
    "snapshot_taken",
    "working_directory_hook",
]

SNAPSHOT_LIBRARY: tuple[int, int] | None = None
"""The standard library archive's :func:`library_mark` when the snapshot was taken."""
RESTORED = False
"""True once this Python was started from the build's snapshot (:func:`restored`)."""
_END = b"PK\x05\x06"
"""The signature of a zip archive's end record (which says where its listing is)."""


class NoModulesHere:
    """A path entry finder for the working directory: no module is looked for there."""

    def find_spec(self, fullname: str, target: object = None) -> None:
        """No module spec: the import goes on to the next entry of ``sys.path``."""
        return None

    def invalidate_caches(self) -> None:
        """Nothing is cached."""


def working_directory_hook(path: str) -> NoModulesHere:
    """The finder for ``path`` when it is the working directory; others are refused.

    Python's path finder hands the hooks the working directory itself for ``''``.
    """
    if path in ("", ".", os.getcwd()):
        return NoModulesHere()
    raise ImportError("not the working directory", path=path)  # the usual finders take it


def install() -> None:
    """Put :func:`working_directory_hook` first among the path hooks (once)."""
    if working_directory_hook.__name__ not in {h.__name__ for h in sys.path_hooks}:
        sys.path_hooks.insert(0, working_directory_hook)
        for entry in ("", os.getcwd()):
            sys.path_importer_cache.pop(entry, None)


def _library() -> str:
    """The standard library's archive: the zip file on ``sys.path``."""
    return next(entry for entry in sys.path if entry.endswith(".zip"))


def library_mark(path: str | None = None) -> tuple[int, int]:
    """The archive's size and the CRC-32 of its listing (which holds every file's CRC-32).

    Two archives with the same mark hold the same files at the same places, as far as a
    check this cheap can tell (it reads the listing only, not the files).
    """
    with open(path or _library(), "rb") as archive:
        size = archive.seek(0, os.SEEK_END)
        archive.seek(max(0, size - 65_557))  # the end record and its longest comment
        tail = archive.read()
        end = tail.rfind(_END)
        if end < 0:
            raise ValueError(f"{archive.name} is not a zip archive")
        length, start = struct.unpack_from("<II", tail, end + 12)
        archive.seek(start)
        return size, zlib.crc32(archive.read(length))


def snapshot_taken(path: str | None = None) -> None:
    """Called by the build just before the snapshot: the library it is taken with."""
    global SNAPSHOT_LIBRARY
    SNAPSHOT_LIBRARY = library_mark(path)


def restored(path: str | None = None) -> None:
    """Called as the snapshot is back in memory; raises if it is not this library's.

    Python's importer keeps each archive's listing in memory: a snapshot taken with
    another copy of the standard library would read its modules from the wrong places.
    """
    global RESTORED
    if SNAPSHOT_LIBRARY is None:
        raise RuntimeError("this Python was not started from a snapshot")
    if library_mark(path) != SNAPSHOT_LIBRARY:
        raise RuntimeError("the snapshot was taken with another copy of the standard library")
    import random

    random.seed()  # from the browser's entropy, not the state the build left
    local_time_zone()
    RESTORED = True


def local_time_zone() -> None:
    """Set the time module's zone (``time.timezone``, ``tzname``...) for this browser's.

    Python reads them once, as its time module starts (in the build, for a snapshot: the
    build machine's zone); local times themselves are always asked of the browser. The
    zone is read as Python reads it: from local times in January and July.
    """
    import time

    year = (365 * 24 + 6) * 3600
    new_year = int(time.time()) // year * year  # about the 1st of January
    january, july = time.localtime(new_year), time.localtime(new_year + year // 2)
    standard, summer = sorted([january, july], key=lambda t: t.tm_gmtoff)  # summer: ahead
    time.timezone, time.altzone = -standard.tm_gmtoff, -summer.tm_gmtoff
    time.daylight = int(time.timezone != time.altzone)
    time.tzname = (standard.tm_zone, summer.tm_zone)
