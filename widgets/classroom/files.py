"""An assignment's exercise file, read with a sentence that names the file and no server path.

The class pages show why a file cannot be opened; what the reader said (with the folder it
looked in) goes to the server's log, never to the browser (issue 26, item 13).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from cardschool.engine.exercises import load_file
from cardschool.engine.messages import message, render

from .messages import CLASSROOM  # noqa: F401  (the catalog registered)

__all__ = ["load_exercises"]

log = logging.getLogger(__name__)


def load_exercises(folder: Path, file: str) -> Any:
    """The exercises of ``file`` (``<game>/<topic>.toml``) under ``folder``; a ValueError whose
    sentence names only ``file`` when it is missing or cannot be read."""
    try:
        return load_file(folder / file)
    except FileNotFoundError:
        raise ValueError(render(message("classroom:file.missing", file=file))) from None
    except (OSError, ValueError) as error:
        log.warning("the exercise file %s cannot be read: %s", file, error)
        raise ValueError(render(message("classroom:file.unreadable", file=file))) from None
