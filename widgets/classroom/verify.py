"""A record sent to the class server, checked by replaying it: nothing it says is trusted.

The class server (issue 28) takes records from browsers that played on their own. A deal
record is a deal code and every move of the line played, the learner's and the bots': it is
replayed from :meth:`Session.from_code`, each learner's move played through the rules and
each bot's move made again by the bot (bots are deterministic at a code's level) and
compared with the move sent, so a learner can neither break a rule nor make the bots throw
a deal; the result and the score are the replay's own. An exercise record is a file, an
exercise id and every try in order, each judged again by the engine; the stars follow.

:func:`verify_deal` (a finished deal), :func:`verify_progress` (a deal being played) and
:func:`verify_exercise` (solved, shown, or wrong tries so far) return a checked
:class:`RecordIn` or raise :class:`RecordRefused` with a plain reason, and nothing else,
whatever they are sent: every field is bounded before anything is replayed. A deal posted
as it is played goes on from the save of its record checked before (``after``), so its
bots choose each move once. What no replay can check (hints, coach, seconds, refused
clicks) is kept as sent, in bounds; refused clicks only by rules of the deal's game.
No HTTP and no database here: the server calls these, in another process when it
verifies off the request.
"""

from __future__ import annotations

import functools
import logging
import re
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardschool.engine.errors import IllegalMoveError, Told
from cardschool.engine.exercises import (
    Choose,
    Exercise,
    ExerciseFileError,
    Play,
    file_key,
    game_of,
    judge,
    load_file,
)
from cardschool.engine.exercises.progress import stars_for
from cardschool.engine.games import game_spec
from cardschool.engine.messages import Message, message
from cardschool.engine.protocol import DEAL_OVER_MOVE
from cardschool.engine.session import HUMAN, Session

from ..messages import TABLE  # noqa: F401  (the bots' levels' words)
from .deals import outcome, own_moves, session_record
from .record_in import FINISHED, IN_PROGRESS, MAX_RULES, RecordError, RecordIn
from .verify_messages import VERIFY  # noqa: F401  (the catalog registered)

__all__ = [
    "JUDGE_SEED",
    "LIVE_STEP",
    "MAX_MOVES",
    "MAX_TRIES",
    "SHOW_AFTER",
    "RecordRefused",
    "verify_deal",
    "verify_exercise",
    "verify_progress",
]

log = logging.getLogger(__name__)

MAX_MOVES = 3000
"""The most moves a deal record may hold (a whole deal of either game is far shorter)."""
MAX_MOVE_CHARS = 80
"""The longest move text taken (a meld of every card of one rank in two decks is far shorter)."""
MAX_CODE_CHARS = 40
"""The longest deal code taken."""
MAX_COUNT = 10**6
"""The largest hint, coach, seconds or seen count taken."""
MAX_SCORE = 10**7
"""The largest score (either sign) a record may claim."""
LIVE_STEP = 3
"""How many learner's moves a post may add to those the server saw before (``seen``) and
still count as seen played: a browser posts as it plays, so a longer jump was played unseen."""
MAX_TRIES = 100
"""The most tries an exercise record may hold."""
MAX_TRY_CHARS = 200
"""The longest try taken as text (a move, an answer or a number)."""
MAX_CARDS = 40
"""The most cards a try may pick or mark."""
MAX_CARD_CHARS = 8
"""The longest card text in a try of cards."""
MAX_FILE_CHARS = 120
"""The longest exercise file name taken (``game/topic.toml``)."""
MAX_ID_CHARS = 80
"""The longest exercise id taken."""
JUDGE_SEED = 0
"""The seed of an exercise's hidden cards: the one the exercise widget judges with."""
SHOW_AFTER = 2
"""Wrong tries after which an answer may be shown (the exercise widget's ``SHOW_AFTER``)."""
TRIED = "tried"
"""The result of an exercise's wrong tries kept before it is done (the kernel's too)."""
EXERCISE_RESULTS = ("solved", "shown", TRIED)
"""What an exercise record's result may be."""
_UID = re.compile(r"[0-9a-f]{32}")
_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]*\.toml")


class RecordRefused(Told, ValueError):
    """A record that does not replay: ``.said`` is the whole sentence, ``.why`` its reason
    (a ``classroom:verify.*`` clause, or a record field's own)."""

    def __init__(self, why: Message) -> None:
        super().__init__(message("classroom:verify.refused", why=why))
        self.why = why

    def __reduce__(self) -> tuple[Any, ...]:
        return (RecordRefused, (self.why,))


def _refused(what: str, **params: object) -> RecordRefused:
    """The refusal whose reason is ``classroom:verify.<what>``."""
    return RecordRefused(message(f"classroom:verify.{what}", **params))


def _never_else(check: Callable[..., RecordIn]) -> Callable[..., RecordIn]:
    """``check``, raising nothing but :class:`RecordRefused`: anything else it raises is a
    record that could not be checked (logged for whoever hosts the server)."""

    @functools.wraps(check)
    def checked(*args: Any, **options: Any) -> RecordIn:
        try:
            return check(*args, **options)
        except RecordRefused:
            raise
        except RecordError as error:  # a field out of the store's bounds
            raise RecordRefused(error.said) from error
        except Exception as error:  # whatever was sent: a plain refusal, never a crash
            log.warning("a record could not be checked", exc_info=True)
            raise _refused("broken") from error

    return checked


# ------------------------------------------------------------------------- fields


def _fields(sent: object) -> Mapping[str, Any]:
    """``sent`` when it is a mapping of named fields."""
    if not isinstance(sent, Mapping) or not all(isinstance(key, str) for key in sent):
        raise _refused("not-object")
    return sent


def _text(sent: Mapping[str, Any], name: str, most: int) -> str:
    """The field ``name``: text of 1 to ``most`` characters."""
    if name not in sent:
        raise _refused("missing", field=name)
    value = sent[name]
    if not isinstance(value, str) or not 0 < len(value) <= most:
        raise _refused("text", field=name, most=most)
    return value


def _count(sent: Mapping[str, Any], name: str, most: int = MAX_COUNT) -> int:
    """The field ``name``: a whole number from 0 to ``most`` (0 when not sent)."""
    value = sent.get(name)
    if value is None:
        return 0
    if type(value) is not int or not 0 <= value <= most:
        raise _refused("count", field=name, most=most)
    return value


def _seconds(sent: Mapping[str, Any]) -> int | None:
    """The field ``seconds``: a whole number of seconds, or None when not sent."""
    return _count(sent, "seconds") if sent.get("seconds") is not None else None


def _flag(sent: Mapping[str, Any], name: str) -> bool:
    """The field ``name``: true or false (false when not sent)."""
    value = sent.get(name, False)
    if not isinstance(value, bool):
        raise _refused("flag", field=name)
    return value


def _uid(sent: Mapping[str, Any]) -> dict[str, str]:
    """The record's uid as a keyword for :class:`RecordIn` (none sent: a new one)."""
    value = sent.get("uid")
    if value is None:
        return {}
    if not isinstance(value, str) or not _UID.fullmatch(value):
        raise _refused("uid")
    return {"uid": value}


def _illegal(sent: Mapping[str, Any]) -> dict[str, int]:
    """The refused tries the browser counted, by rule id (its own count: a rule refused a
    move the browser never sent; the record keeps it as a count, in bounds)."""
    value = sent.get("illegal")
    if value is None:
        return {}
    if (
        not isinstance(value, Mapping)
        or len(value) > MAX_RULES
        or not all(
            isinstance(rule, str)
            and len(rule) <= MAX_MOVE_CHARS
            and type(n) is int
            and 0 < n <= MAX_COUNT
            for rule, n in value.items()
        )
    ):
        raise _refused("illegal", most=MAX_RULES)
    return dict(value)


def _moves(sent: Mapping[str, Any]) -> list[str]:
    """The field ``moves``: the move texts of the line played, each bounded."""
    if "moves" not in sent:
        raise _refused("missing", field="moves")
    moves = sent["moves"]
    if not isinstance(moves, list | tuple) or len(moves) > MAX_MOVES:
        raise _refused("moves", most=MAX_MOVES)
    for number, move in enumerate(moves, 1):
        if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE_CHARS:
            raise _refused("move-text", number=number, most=MAX_MOVE_CHARS)
    return list(moves)


def _claimed(sent: Mapping[str, Any], results: tuple[str, ...]) -> str | None:
    """The result the browser claims (one of ``results``), or None."""
    result = sent.get("result")
    if result is not None and result not in results:
        shown = repr(result)[:MAX_MOVE_CHARS] if isinstance(result, str) else "?"
        raise _refused("result", results=", ".join(results), result=shown)
    return result


def _score(sent: Mapping[str, Any]) -> int | None:
    """The score the browser claims, or None."""
    score = sent.get("score")
    if score is not None and (type(score) is not int or abs(score) > MAX_SCORE):
        raise _refused("score")
    return score


# ------------------------------------------------------------------------- deals


def _resumed(after: str, fresh: Session, moves: list[str]) -> Session | None:
    """The session saved in ``after`` (a record of this deal the server checked before) when
    ``moves`` go on from its steps: the same deal, seats and bots; None otherwise (a move
    taken back since, another deal, a save that does not read)."""
    try:
        session = Session.from_json(after)
    except Told:
        log.info("a saved deal to go on from did not read: replayed from its start")
        return None
    done = [step.move for step in session.steps]
    same = (session.code, session.seats, session.bot_seed, session.budget) == (
        fresh.code,
        fresh.seats,
        fresh.bot_seed,
        fresh.budget,
    )
    if not same or DEAL_OVER_MOVE in done or moves[: len(done)] != done:
        return None
    return session


def _replayed(code: str, moves: list[str], after: str | None = None) -> Session:
    """The session of ``code`` after ``moves``: the learner's played through the rules, the
    bots' made again by the bots and compared; a trailing deal-over marker is taken, and one
    between deals deals the match's next (a table's later deals of one match). From
    ``after`` (a save the server checked before) only the moves beyond its steps are."""
    try:
        session = Session.from_code(code)
    except Told as error:
        raise _refused("code", why=error.said) from error
    start = 0
    resumed = _resumed(after, session, moves) if isinstance(after, str) else None
    if resumed is not None:
        session, start = resumed, len(resumed.steps)
    for number, move in enumerate(moves[start:], start + 1):
        if session.deal_over:
            if move == DEAL_OVER_MOVE and number == len(moves):
                break  # the browser's marker of the end of the deal: nothing to replay
            if move != DEAL_OVER_MOVE:
                raise _refused("after-end", number=number, move=move)
            try:  # the match's next deal, as a table deals it after the marker
                session.next_deal()
            except Told as error:  # the match is over: no deal follows
                raise _refused("after-end", number=number, move=move) from error
            continue
        if session.human_to_move:
            try:
                session.play(move)
            except IllegalMoveError as error:
                rule, said = error.rule, error.said
                raise _refused(
                    "illegal-move", number=number, move=move, rule=rule, why=said
                ) from error
            except Told as error:  # unreadable, out of turn
                raise _refused("unplayable", number=number, move=move, why=error.said) from error
        else:
            level = session.seats[session.to_move] if session.to_move is not None else HUMAN
            step = session.step()
            if step is None:  # nobody to move before the deal's end: no move can follow
                raise _refused("after-end", number=number, move=move)
            if step.move != move:  # the bot at the code's level plays otherwise
                word = message(f"table:level.{level}")
                raise _refused(
                    "not-bots-choice", number=number, move=move, level=word, chosen=step.move
                )
    return session


def _deal(sent: object, *, final: bool, after: str | None) -> RecordIn:
    """The record of the deal ``sent``: finished (``final``) or being played."""
    sent = _fields(sent)
    code = _text(sent, "code", MAX_CODE_CHARS)
    moves = _moves(sent)
    claimed, claimed_score = _claimed(sent, FINISHED if final else IN_PROGRESS), _score(sent)
    hints, coach = _count(sent, "hints"), _count(sent, "coach")
    seconds, seen = _seconds(sent), _count(sent, "seen", MAX_MOVES)
    illegal, uid = _illegal(sent), _uid(sent)
    session = _replayed(code, moves, after)
    rules = {entry.id for entry in session.spec.rulebook}
    for rule in illegal:  # a move refused at the table is refused by one of its game's rules
        if rule not in rules:
            raise _refused("unknown-rule", rule=rule, game=session.spec.title)
    seat = session.seats.index(HUMAN)
    if final:
        if not session.deal_over:
            raise _refused("not-over")
        result, score = outcome(session, seat)
        if claimed is not None and claimed != result:
            raise _refused("wrong-result", sent=claimed, result=result)
        if claimed_score is not None and claimed_score != score:
            raise _refused("wrong-score", sent=claimed_score, score=score)
    else:
        if session.deal_over:
            raise _refused("over")
        result, score = claimed or "playing", None
    played = own_moves(session)
    live = played if played - seen <= LIVE_STEP else min(seen, played)
    return session_record(
        session,
        result=result,
        score=score,
        seconds=seconds,
        illegal=illegal,
        hints=hints,
        coach=coach,
        live=live,
        **uid,
    ).checked()


@_never_else
def verify_deal(sent: object, *, after: str | None = None) -> RecordIn:
    """The checked record of a finished deal ``sent`` by a browser, replayed from its code.

    ``sent``: ``code``, ``moves`` (every move of the line in order, the bots' too; maybe
    the deal-over marker last), optional ``result`` and ``score`` (checked against the
    replay's), ``hints``, ``coach``, ``seconds``, ``illegal`` ({rule id: count}), ``uid``,
    and ``seen``: how many of the learner's moves the server saw before (from earlier posts,
    never from the browser). The record's ``live`` is every learner's move when this post
    adds at most :data:`LIVE_STEP` to ``seen``, else ``seen``: keep it as the next ``seen``.

    ``after``: the save of this deal's record the server checked and kept before (never
    one a browser sent): the moves it holds are not replayed again when ``moves`` go on
    from them, so posting as the deal is played does not make the bots choose again.
    """
    return _deal(sent, final=True, after=after)


@_never_else
def verify_progress(sent: object, *, after: str | None = None) -> RecordIn:
    """The checked record of a deal being played (result ``playing`` unless ``gave up`` is
    sent): the same replay as :func:`verify_deal` (``after`` too), with no end, no score."""
    return _deal(sent, final=False, after=after)


# ------------------------------------------------------------------------- exercises


def exercise_file(file: str, root: Path) -> Path:
    """The exercise file ``file`` names inside ``root`` (no ``..``, no absolute path, no
    link out of it); :class:`RecordRefused` when there is none."""
    parts = file.split("/")
    if not _FILE.fullmatch(file) or ".." in parts or "" in parts:
        raise _refused("file", file=file)
    try:
        base = root.resolve()
        path = (base / file).resolve()
        found = path.is_relative_to(base) and path.is_file()
    except (OSError, ValueError, RuntimeError):
        found = False
    if not found:
        raise _refused("file", file=file)
    return path


@functools.lru_cache(maxsize=64)
def _exercises_of(path: str, _changed: int) -> tuple[Exercise, ...]:
    """The exercises of the file at ``path`` as it was when last changed (``_changed``)."""
    return tuple(load_file(path))


def _exercise(file: str, ident: str, root: Path) -> Exercise:
    """The exercise ``ident`` of ``file`` under ``root``."""
    path = exercise_file(file, root)
    try:
        items = _exercises_of(str(path), path.stat().st_mtime_ns)
    except (ExerciseFileError, OSError, UnicodeDecodeError) as error:
        raise _refused("file", file=file) from error
    found = next((item for item in items if item.id == ident), None)
    if found is None:
        raise _refused("no-exercise", file=file, exercise=ident)
    return found


def _attempt(exercise: Exercise, sent: object, number: int) -> Any:
    """Try ``number`` as the engine judges it: text, or cards picked (they make the move
    when the play goal is made by picking) or marked."""
    if type(sent) is int and abs(sent) <= MAX_SCORE:  # a number answered
        return str(sent)
    if isinstance(sent, str) and 0 < len(sent) <= MAX_TRY_CHARS:
        return sent
    cards = (
        isinstance(sent, list)
        and 0 < len(sent) <= MAX_CARDS
        and all(isinstance(card, str) and 0 < len(card) <= MAX_CARD_CHARS for card in sent)
    )
    if cards and isinstance(exercise.task, Choose):
        return list(sent)  # type: ignore[arg-type]
    if cards and isinstance(exercise.task, Play):
        picker = game_spec(exercise.game).goals.picker(exercise.task.goal)
        if picker is not None:
            return picker(game_of(exercise, JUDGE_SEED), list(sent))  # type: ignore[arg-type]
    raise _refused("try-form", number=number)


@_never_else
def verify_exercise(sent: object, exercises_root: Path) -> RecordIn:
    """The checked record of an exercise ``sent`` by a browser, every try judged again.

    ``sent``: ``file`` (``game/topic.toml`` inside ``exercises_root``), ``id``, ``tries``
    (every try in order: all but the last wrong, the last right unless the answer was
    ``shown``), ``shown``, ``hints``, ``seconds``, ``uid``, and maybe ``result`` (checked:
    ``solved`` or ``shown``; or ``tried``, wrong tries kept before the exercise is done, as
    a kernel keeps them). Stars follow the wrong tries (none when shown); the wrong tries
    are counted by the rule the engine names.
    """
    sent = _fields(sent)
    file = _text(sent, "file", MAX_FILE_CHARS)
    ident = _text(sent, "id", MAX_ID_CHARS)
    tries = sent.get("tries", [])
    if not isinstance(tries, list | tuple) or len(tries) > MAX_TRIES:
        raise _refused("tries", most=MAX_TRIES)
    shown = _flag(sent, "shown")
    claimed = _claimed(sent, EXERCISE_RESULTS)
    hints, seconds, uid = _count(sent, "hints"), _seconds(sent), _uid(sent)
    exercise = _exercise(file, ident, exercises_root)
    wrong: Counter[str] = Counter()
    right = 0
    for number, attempt in enumerate(tries, 1):
        if right:  # a right try ends the exercise: one after it was never judged
            raise _refused("right-early", number=right)
        verdict = judge(exercise, _attempt(exercise, attempt, number), JUDGE_SEED)
        if not verdict.right and not verdict.rule:
            raise _refused("try-unread", number=number)
        if verdict.right:
            right = number
        else:
            wrong[verdict.rule] += 1
    if claimed == TRIED:  # wrong tries so far, the exercise not done
        if right or shown:
            raise _refused("not-tried")
        if not tries:
            raise _refused("no-tries")
        result, stars = TRIED, None
    elif shown:  # the answer shown: no star, whatever came after
        if wrong.total() < SHOW_AFTER:
            raise _refused("shown-early", count=SHOW_AFTER, wrong=wrong.total())
        result, stars = "shown", 0
    elif not tries:
        raise _refused("no-tries")
    elif not right:
        raise _refused("unsolved", number=len(tries))
    else:
        result, stars = "solved", stars_for(wrong.total())
    if claimed is not None and claimed != result:
        raise _refused("wrong-outcome", sent=claimed, result=result)
    return RecordIn(
        kind="exercises",
        target=f"{file_key(file)}#{ident}"[:200],
        result=result,
        stars=stars,
        seconds=seconds,
        illegal=dict(wrong),
        hints=hints,
        **uid,
    ).checked()
