"""An assignment's exercise file, read with a sentence that names the file and no server path.

The class pages show why a file cannot be opened; what the reader said (with the folder it
looked in) goes to the server's log, never to the browser (issue 26, item 13).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from cardschool.engine.errors import Told
from cardschool.engine.exercises import load_file
from cardschool.engine.messages import message

from .messages import CLASSROOM  # noqa: F401  (the catalog registered)

__all__ = ["FileRefused", "load_exercises"]

log = logging.getLogger(__name__)


class FileRefused(Told, ValueError):
    """An assignment's exercise file is missing or cannot be read (``.said`` names the file)."""


def load_exercises(folder: Path, file: str) -> Any:
    """The exercises of ``file`` (``<game>/<topic>.toml``) under ``folder``; a
    :class:`FileRefused` naming only ``file`` when it is missing or cannot be read."""
    try:
        return load_file(folder / file)
    except FileNotFoundError:
        raise FileRefused(message("classroom:file.missing", file=file)) from None
    except (OSError, ValueError) as error:
        log.warning("the exercise file %s cannot be read: %s", file, error)
        raise FileRefused(message("classroom:file.unreadable", file=file)) from None
