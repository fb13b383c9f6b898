"""A pytest plugin for an nbval run (``-p nbval_states``): what the notebooks' widgets said.

nbval reads every message a notebook's kernel publishes while a cell runs, and passes over
the widgets' (``comm_open``, ``comm_msg``). This plugin keeps, per notebook, each widget's
``speech`` (the language a speaking widget says it speaks, and its switch's label) and the
text of every other string of the widgets' states (markup and pictures left out), and writes
them as JSON to the file named by :data:`STATES_VAR` when the run ends::

    {"tutorial/index.ipynb": {"speech": [{"lang": "fr", ...}], "texts": ["...", ...]}}
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

STATES_VAR = "CARDSCHOOL_NBVAL_STATES"
"""The environment variable naming the file the widgets' words are written to."""

PICTURES = re.compile(r"<(svg|style|script)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
TAGS = re.compile(r"<[^>]+>")

_SAID: dict[str, dict[str, list[Any]]] = {}


def texts(value: object) -> Iterator[str]:
    """The words of a widget state's value: its strings (nested too), markup left out."""
    if isinstance(value, str):
        words = " ".join(html.unescape(TAGS.sub(" ", PICTURES.sub(" ", value))).split())
        if words:
            yield words
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def keep(notebook: str, state: dict[str, Any]) -> None:
    """Note what one widget state message of ``notebook`` says."""
    said = _SAID.setdefault(notebook, {"speech": [], "texts": []})
    for key, value in state.items():
        if key == "speech" and value:
            said["speech"].append(value)
        elif not key.startswith("_"):  # the widget's own fields, not its code or model names
            said["texts"].extend(texts(value))


def pytest_configure(config: pytest.Config) -> None:
    """Read the widgets' messages as nbval reads each message of a cell."""
    from nbval.plugin import IPyNbFile

    read = IPyNbFile.get_kernel_message

    def reading(self: IPyNbFile, timeout: float | None = None, stream: str = "iopub") -> Any:
        said = read(self, timeout=timeout, stream=stream)
        if said["msg_type"] in ("comm_open", "comm_msg"):
            state = said["content"].get("data", {}).get("state")
            if isinstance(state, dict):
                keep(Path(self.path).relative_to(config.rootpath).as_posix(), state)
        return said

    IPyNbFile.get_kernel_message = reading  # type: ignore[method-assign]


def pytest_unconfigure(config: pytest.Config) -> None:
    """Write what the widgets said."""
    target = os.environ.get(STATES_VAR)
    if target:
        Path(target).write_text(json.dumps(_SAID, ensure_ascii=False), encoding="utf-8")
