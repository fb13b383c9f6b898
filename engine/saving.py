"""The saved game, written and read once for every game: a header, a start and the moves.

A save is a JSON object with these fields, the same for every game of the registry:

* ``format``: ``"cardschool-"`` and the game's name (``save_format``);
* ``version``: the version of this format (:data:`VERSION`);
* ``seed``: the seed all chance comes from;
* ``rules``: the rules object's ``to_dict()``;
* ``start`` (may be left out): the start position as the game's position text, or null
  for the deal the seed makes, which is also what a save without ``start`` means;
* ``moves``: every move played from the start, as text, ``"next"`` between deals.

:func:`write` writes it; :func:`read` replays it through the game's rules, move by move,
and refuses anything else with a :class:`~cardschool.engine.errors.SavedGameError` naming
the first problem (a new game is built: nothing that exists is changed); :func:`read_good`
keeps the moves before a save's first bad move and names that move instead. A game supplies
only its own parts, in its ``saving`` module: where its start position comes from, and
its rules, its ``from_position`` and its moves through the registry.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .errors import IllegalMoveError, InvalidMoveError, SavedGameError, said_of
from .messages import Message, message
from .protocol import DEAL_OVER_MOVE, LEVELS, GameLike, check_seed

__all__ = [
    "FIELDS",
    "VERSION",
    "read",
    "read_good",
    "read_object",
    "read_session",
    "replay",
    "replay_good",
    "save_format",
    "why",
    "write",
    "write_session",
]

VERSION = 1
"""The version of the saved-game format written and read."""
FIELDS = ("format", "version", "seed", "rules", "start", "moves")
"""The fields of a save, in the order written."""
_OPTIONAL = {"start"}
_PREFIX = "cardschool-"
HUMAN = "human"
"""A person's seat in a saved session (the others are bot levels): ``session.HUMAN``."""
SESSION_FORMAT = "cardschool-session"
"""The ``format`` of a saved session (a save of a game, its seats, names and steps)."""
SESSION_VERSION = 1
"""The version of the saved-session format written and read."""

G = TypeVar("G", bound=GameLike)
S = TypeVar("S", bound="SessionLike")


class SessionLike(Protocol):
    """What the save layer reads and writes of a learner's session (``session.Session``)."""

    seats: tuple[str, ...]
    names: tuple[str, ...]
    bot_seed: int
    budget: int | None

    def __init__(
        self,
        game: Any,
        seats: Any = None,
        *,
        names: Any = None,
        bot_seed: int = 0,
        budget: int | None = None,
    ) -> None: ...

    def start_game(self) -> GameLike:
        """The game as the session started it."""
        ...

    @property
    def steps(self) -> list[Any]:
        """Every step so far (dataclasses: ``move``, ``by``...)."""
        ...

    def apply(self, move: str, by: str) -> None:
        """Play a saved step again."""
        ...

    def words(self, said: Message) -> str:
        """A message in the session's words."""
        ...


def save_format(name: str) -> str:
    """The ``format`` field of the saves of the game called ``name``."""
    return _PREFIX + name


def write(game: GameLike, start: str | None) -> str:
    """The saved game: format, version, seed, rules, start position (or null) and moves."""
    return json.dumps(
        {
            "format": save_format(game.kind),
            "version": VERSION,
            "seed": game.seed,
            "rules": game.rules.to_dict(),
            "start": start,
            "moves": game.history,
        }
    )


def read(cls: type[G], text: str | bytes) -> G:
    """Replay a saved game of the game class ``cls`` (its ``kind``, ``title`` and
    ``rules_type`` say which game); SavedGameError names any problem."""
    return replay(cls, _of_game(cls, text))


def read_good(cls: type[G], text: str | bytes) -> tuple[G, SavedGameError | None]:
    """Like :func:`read`, but a move that cannot be played ends the replay instead of
    refusing the save: the game up to that move, and the error naming it (None: none)."""
    return replay_good(cls, _of_game(cls, text))


def _of_game(cls: type, text: str | bytes) -> dict[str, Any]:
    """The save's JSON object, refused unless it is a save of the game class ``cls``."""
    data = read_object(text, cls.title)  # type: ignore[attr-defined]
    if data.get("format") != save_format(cls.kind):  # type: ignore[attr-defined]
        said = message(
            "saving:format",
            title=cls.title,  # type: ignore[attr-defined]
            format=repr(data.get("format")),
            wanted=repr(save_format(cls.kind)),  # type: ignore[attr-defined]
        )
        raise SavedGameError(said)
    return data


def read_object(text: object, title: str) -> dict[str, Any]:
    """The save's JSON object, or SavedGameError."""
    game = message("saving:game.titled", title=title) if title else message("saving:game")
    if not isinstance(text, (str, bytes, bytearray)):
        raise SavedGameError(message("saving:not-text", game=game, kind=type(text).__name__))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SavedGameError(message("saving:not-json", game=game, error=said_of(error))) from None
    if not isinstance(data, dict):
        raise SavedGameError(message("saving:not-object", game=game))
    return data


def replay(cls: type[G], data: dict[str, Any]) -> G:
    """Check a save's header, then set up the start and replay every move through the rules."""
    game, bad = replay_good(cls, data)
    if bad is not None:
        raise bad
    return game


def replay_good(cls: type[G], data: dict[str, Any]) -> tuple[G, SavedGameError | None]:
    """Check a save's header, set up the start and replay its moves up to the first one the
    rules refuse: the game so far, and the error naming that move (None: every move played)."""
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        said = message("saving:version", version=repr(version), known=VERSION)
        raise SavedGameError(said)
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise SavedGameError(message("saving:unknown-fields", names=", ".join(unknown)))
    missing = [name for name in FIELDS if name not in data and name not in _OPTIONAL]
    if missing:
        raise SavedGameError(message("saving:missing-fields", names=", ".join(missing)))
    seed, start, moves = data["seed"], data.get("start"), data["moves"]
    try:
        check_seed(seed)
    except ValueError as error:
        raise SavedGameError(_in_field("seed", said_of(error))) from None
    try:
        rules = cls.rules_type.from_dict(data["rules"])  # type: ignore[attr-defined]
    except (TypeError, ValueError) as error:
        raise SavedGameError(_in_field("rules", said_of(error))) from None
    if start is not None and not isinstance(start, str):
        raise SavedGameError(_in_field("start", message("saving:start-not-text")))
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SavedGameError(_in_field("moves", message("saving:moves-not-texts")))
    if start is None:
        game = cls(seed, rules)
    else:
        try:
            game = cls.from_position(start, rules, seed)  # type: ignore[attr-defined]
        except (SavedGameError, InvalidMoveError) as error:
            said = message("saving:start-not-position", error=said_of(error))
            raise SavedGameError(_in_field("start", said)) from None
    for number, move in enumerate(moves, 1):
        is_next = move.strip().lower() == DEAL_OVER_MOVE
        try:
            if is_next:
                game.next_deal()
            else:
                game.play(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            what = message("saving:next-deal") if is_next else repr(move)
            said = message("saving:move-refused", number=number, move=what, error=why(error))
            return game, SavedGameError(said)
    return game, None


def why(error: BaseException) -> Message:
    """An error's sentence as its ``str`` says it: a refused move's with its rule id."""
    if isinstance(error, IllegalMoveError):
        return message("saving:by-rule", reason=error.said, rule=error.rule)
    return said_of(error)


def _in_field(name: str, said: Message) -> Message:
    """A problem with one field of a save, named first (``seed: ...``)."""
    return message("saving:field", field=name, problem=said)


# ------------------------------------------------------------------ a learner's session


def write_session(session: SessionLike) -> str:
    """A session as versioned JSON: its start (a saved game), seats, names and steps."""
    return json.dumps(
        {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "seats": list(session.seats),
            "names": list(session.names),
            "bot_seed": session.bot_seed,
            "budget": session.budget,
            "start": json.loads(session.start_game().to_json()),
            "steps": [step.to_dict() for step in session.steps],
        }
    )


def read_session(cls: type[S], text: str, read_save: Callable[[str], GameLike]) -> S:
    """A saved session of the session class ``cls``, its start read by ``read_save`` (the
    registry's: a save of any game) and every step played again; SavedGameError names the
    first problem."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        said = message("saving:session-not-json", error=said_of(error))
        raise SavedGameError(_in_session(said)) from None
    _check(isinstance(data, dict), "saving:session-not-object")
    _check(
        data.get("format") == SESSION_FORMAT, "saving:session-format", wanted=repr(SESSION_FORMAT)
    )
    _check(data.get("version") == SESSION_VERSION, "saving:session-version", wanted=SESSION_VERSION)
    start, steps = data.get("start"), data.get("steps")
    _check(isinstance(start, dict), "saving:session-start")
    _check(isinstance(steps, list), "saving:session-steps")
    game = read_save(json.dumps(start))
    try:
        session = cls(
            game,
            data.get("seats"),
            names=data.get("names"),
            bot_seed=data.get("bot_seed", 0),
            budget=data.get("budget"),
        )
    except (TypeError, ValueError) as error:
        raise SavedGameError(_in_session(said_of(error))) from None
    _check(isinstance(session.bot_seed, int), "saving:session-bot-seed")
    _check(session.budget is None or isinstance(session.budget, int), "saving:session-budget")
    for number, step in enumerate(steps):
        _check(
            isinstance(step, dict)
            and isinstance(step.get("move"), str)
            and step.get("by") in (HUMAN, *LEVELS),
            "saving:session-step",
            number=number,
        )
        try:
            session.apply(step["move"], step["by"])
        except ValueError as error:
            # a refusal naming a seat is said with the session's names ("you")
            said: Message | str = why(error)
            if getattr(error, "names", None):
                said = session.words(said)
            in_step = message("saving:session-in-step", number=number, problem=said)
            raise SavedGameError(_in_session(in_step)) from None
    return session


def _in_session(said: Message) -> Message:
    """A problem with a saved session (``saved session: ...``)."""
    return message("saving:session", problem=said)


def _check(condition: bool, id: str, **params: Any) -> None:
    """Refuse a saved session with the message ``id`` unless ``condition`` holds."""
    if not condition:
        raise SavedGameError(_in_session(message(id, **params)))
