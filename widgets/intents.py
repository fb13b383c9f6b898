"""Intents: the only messages the browser sends, read strictly before anything acts on them.

The front end sends ``model.send({...})``; every message must be one of these, with
exactly these fields (``rev``, the state's redraw counter, is allowed on all of them)::

    {"type": "card", "card": "QS", "index": 3}    # a click on a hand card (index optional)
    {"type": "action", "action": "stock"}         # a game button of state["actions"]
    {"type": "select", "cards": ["9H", "9C"]}     # Mille: the cards picked for a meld
    {"type": "hint"}  {"type": "coach"}           # open or close the hint / coach panel
    {"type": "undo"}  {"type": "redo"}
    {"type": "new-deal", "code": "MIL-7K3Q"}      # code optional; null or absent: a fresh deal
    {"type": "next"}                              # move on after the end-of-deal breakdown
    {"type": "speed", "ms": 400}                  # the bots' delay between moves
    {"type": "replay", "go": "forward"}           # open, start, back, forward, end, close
    {"type": "confirm", "answer": true}           # the answer to the table's question
    {"type": "resume", "save": {...}, "query": "?deal=MLA-7K3Q"}  # as a page starts (saves.py)

:func:`parse_intent` returns a clean dict with every optional field present (``None`` when
absent) or raises :class:`IntentError` with a sentence saying what is wrong.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["INTENT_TYPES", "REPLAY_GOES", "REVIEW_GOES", "IntentError", "parse_intent"]


class IntentError(ValueError):
    """A message from the browser that is not a well-formed intent, or came at a wrong time."""


_CARD = re.compile(r"[0-9A-Za-z]{2,3}")
_ACTION = re.compile(r"[a-z][a-z0-9-]{0,31}")
_CODE = re.compile(r"[ -~]{0,40}")  # printable ASCII, at most 40 characters
MAX_CARDS = 120
MAX_SAVE_TEXT = 65536
MAX_QUERY = 2000
REPLAY_GOES = ("open", "start", "back", "forward", "end", "close")
"""What a ``replay`` intent may ask: open it, move its cursor, or close it."""
REVIEW_GOES = ("open", "close", "moment")
"""What a ``review`` intent may ask: run or show it, hide it, or open a moment's replay."""

# type -> {field: (required, kind)}; kinds are checked by _check_field.
INTENT_TYPES: dict[str, dict[str, tuple[bool, str]]] = {
    "card": {"card": (True, "card"), "index": (False, "index")},
    "action": {"action": (True, "action")},
    "select": {"cards": (True, "cards")},
    "hint": {},
    "coach": {},
    "undo": {},
    "redo": {},
    "new-deal": {"code": (False, "code")},
    "next": {},
    "speed": {"ms": (True, "ms")},
    "replay": {"go": (True, "go")},
    "review": {"go": (True, "review"), "moment": (False, "index")},
    "confirm": {"answer": (True, "answer")},
    "resume": {"save": (False, "save"), "query": (False, "query")},
}
"""Every intent type with its fields: name -> (required, kind of value)."""


def _is_int(value: object) -> bool:
    """True for a real int (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_field(kind: str, name: str, value: object) -> object:
    """Check one field's value; return it or raise IntentError."""
    match kind:
        case "card":
            if not isinstance(value, str) or not _CARD.fullmatch(value):
                raise IntentError(f"{name!r} must be a card's text form like 'QS', not {value!r}")
        case "cards":
            if not isinstance(value, list) or len(value) > MAX_CARDS:
                raise IntentError(f"{name!r} must be a list of at most {MAX_CARDS} cards")
            for card in value:
                _check_field("card", name, card)
        case "index" | "rev":
            if not _is_int(value) or not 0 <= value < 10**9:
                raise IntentError(f"{name!r} must be a whole number from 0, not {value!r}")
        case "action":
            if not isinstance(value, str) or not _ACTION.fullmatch(value):
                raise IntentError(f"{name!r} must be a button name like 'stock', not {value!r}")
        case "code":
            if value is not None and (not isinstance(value, str) or not _CODE.fullmatch(value)):
                raise IntentError(f"{name!r} must be a short text (a deal code) or null")
        case "ms":
            if not _is_int(value):
                raise IntentError(f"{name!r} must be a whole number of milliseconds")
        case "answer":
            if not isinstance(value, bool):
                raise IntentError(f"{name!r} must be true or false, not {value!r}")
        case "save":  # what the browser kept: any JSON, read by saves.restore; bounded here
            if _json_size(value) > MAX_SAVE_TEXT:
                raise IntentError(f"{name!r} is too big to be a saved game")
        case "query":
            if value is not None and (not isinstance(value, str) or len(value) > MAX_QUERY):
                raise IntentError(f"{name!r} must be a page's query string or null")
        case "go":
            if value not in REPLAY_GOES:
                goes = ", ".join(REPLAY_GOES)
                raise IntentError(f"{name!r} must be one of {goes}, not {value!r}")
        case "review":
            if value not in REVIEW_GOES:
                goes = ", ".join(REVIEW_GOES)
                raise IntentError(f"{name!r} must be one of {goes}, not {value!r}")
    return value


def _json_size(value: object) -> int:
    """The length of a value as JSON text; a huge number for one that cannot be written."""
    try:
        return len(json.dumps(value))
    except (RecursionError, TypeError, ValueError):
        return 10**9


def parse_intent(content: object) -> dict[str, Any]:
    """Read one message from the browser strictly; raise IntentError if it is not an intent."""
    if not isinstance(content, dict):
        raise IntentError(f"a message must be an object, not {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INTENT_TYPES:
        raise IntentError(f"unknown message type {kind!r}")
    spec = INTENT_TYPES[kind]
    unknown = sorted(str(key) for key in content if key not in spec and key not in ("type", "rev"))
    if unknown:
        raise IntentError(f"a {kind!r} message has no field {', '.join(map(repr, unknown))}")
    clean: dict[str, Any] = {"type": kind}
    for name, (required, field_kind) in spec.items():
        if name not in content:
            if required:
                raise IntentError(f"a {kind!r} message needs the field {name!r}")
            clean[name] = None
            continue
        clean[name] = _check_field(field_kind, name, content[name])
    clean["rev"] = _check_field("rev", "rev", content["rev"]) if "rev" in content else None
    return clean
