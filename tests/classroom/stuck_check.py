"""A verifier's check that never ends for a record marked ``stuck`` (the others checked by the
class server's own check): a verification that hangs, for the time limit's test. A module of
its own, small, so that a verifier process imports it quickly."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cardschool.widgets.classroom.checking import _checked


def stuck_or_checked(kind: str, sent: dict[str, Any], root: Path, after: str | None) -> Any:
    """Hang (an hour) on a record marked ``stuck``; check any other as the server does."""
    if sent.get("stuck"):
        time.sleep(3600)
    return _checked(kind, sent, root, after)
