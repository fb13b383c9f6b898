"""The landing page's path: each game's steps with the learner's progress and a "continue" link.

The progress lives in the browser (``static/storage.js``: one record per exercise file,
``cardschool/v1/progress/<file>``). :class:`LandingWidget` tells the front end which files
to read (``files``); the front end reads them and sends them back in one intent::

    {"type": "progress", "records": {"mililla/beat.toml": {...}, ...}}

Python checks the message like any click and each record with ``check_record`` against
every id of its file; a damaged record is ignored with a plain line. Then it counts, per
step, the step's exercises solved and their stars, and names each game's first step not
done yet as the one to continue with. The front end draws what Python sends, as text.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import anywidget
import traitlets

from cardschool.engine.errors import said_of
from cardschool.engine.exercises import ProgressError, check_record, file_key
from cardschool.engine.games import game_spec
from cardschool.engine.learning_path import LearningPath, Step, load_path
from cardschool.engine.messages import Message, message
from cardschool.engine.records import Check, Record, read

from .browser_json import plain
from .classroom import joined
from .exercise import in_words
from .first_deal import DEAL_DONE
from .front_end import with_storage
from .intents import IntentError
from .lesson_messages import storage_words
from .speaking import Speaking

__all__ = ["LandingWidget", "landing", "parse_landing_intent"]

log = logging.getLogger(__name__)

Records = Annotated[
    Any,
    Check(lambda value: isinstance(value, dict), message("lesson:landing.records")),
]
"""The progress records by file: each checked on its own by ``check_record``."""


@dataclass(frozen=True, slots=True)
class ProgressIntent(Record):
    """The one intent of the landing page: the browser's progress records, by file."""

    type: Annotated[
        Literal["progress"],
        Check(lambda value: value == "progress", message("lesson:landing.type")),
    ]
    records: Records

    @classmethod
    def refusal(cls, problem: Message) -> IntentError:
        """A malformed message is refused with the sentence of what is wrong."""
        return IntentError(problem)

    @classmethod
    def missing(cls, where: str, names: Sequence[str]) -> Message:
        """The sentence for a message without a type or records."""
        return message("lesson:landing.shape")

    unknown = missing


def parse_landing_intent(content: object, files: list[str]) -> ProgressIntent:
    """Read one message from the browser strictly; IntentError if it is not the progress."""
    if not isinstance(content, dict):
        raise IntentError(message("lesson:landing.shape"))
    intent = read(ProgressIntent, content, "")
    if any(key not in files for key in intent.records):
        raise IntentError(message("lesson:landing.files"))
    return intent


class LandingWidget(Speaking, anywidget.AnyWidget):
    """Each game's path, every step with its progress, and a link to the step to continue."""

    _esm, _css = with_storage("landing")

    files = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The keys of the progress records the front end reads (``mililla/beat.toml``)."""
    state = traitlets.Dict().tag(sync=True)
    """What the front end draws (see :meth:`_picture`); set by Python only."""

    def __init__(self, path: LearningPath, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.path = path
        self.key_of = path.file_keys()
        self.ids = {
            self.key_of[name]: [e.id for e in path.file_exercises(name)] for name in self.key_of
        }
        self.hands = {
            step.notebook: file_key(step.notebook)
            for game in path.games()
            for step in path.of_game(game)
            if step.kind == "hand"
        }
        """Each whole-deal step -> the key its record is kept under (``first_deal.py``)."""
        self.ids |= {key: [DEAL_DONE] for key in self.hands.values()}
        self.files = list(self.ids)
        self.stars: dict[str, dict[str, int]] = {}
        """Checked stars, by file key then exercise id."""
        self.notices: list[Message] = []
        self.member: dict[str, str] | None = None
        """The class joined on this browser, once the store has checked it: title and name."""
        self.state = self._picture()
        self.on_msg(self._receive)

    # ------------------------------------------------------------ progress

    def _step_progress(self, step: Step) -> dict[str, Any]:
        ids = [
            (self.key_of[name], e.id)
            for name, group in self.path.shown(step.notebook)
            for e in group
        ]
        got = [self.stars.get(key, {}).get(ident) for key, ident in ids]
        solved = sum(1 for count in got if count)
        done = sum(1 for count in got if count is not None)
        return {
            "solved": solved,
            "total": len(ids),
            "stars": sum(count or 0 for count in got),
            "done": bool(ids) and done == len(ids),
        }

    def _picture(self) -> dict[str, Any]:
        """The path per game: each step's title, link, kind and progress; where to continue."""
        games = []
        for game in self.path.games():
            steps = []
            for step in self.path.of_game(game):
                entry = {"title": step.title, "href": step.notebook, "kind": step.kind}
                if step.kind == "hand":  # said with the game's own word: a hand or a round
                    entry["deal"] = deal = game_spec(game).deal_word
                    kept = self.stars.get(self.hands[step.notebook], {})
                    entry["done"] = done = kept.get(DEAL_DONE) is not None
                    said = message("lesson:landing.hand" + (".done" if done else ""), deal=deal)
                else:
                    entry |= self._step_progress(step)
                    finished = ".done" if entry["done"] else ""
                    counts = {k: entry[k] for k in ("solved", "total", "stars")}
                    said = message(f"lesson:landing.progress{finished}", **counts)
                entry["progress"] = said
                steps.append(entry)
            after = next(
                (s for s in steps if s["kind"] != "hand" and not s["done"]),
                {"title": message("lesson:landing.practice"), "href": f"{game}/practice.ipynb"},
            )
            title = self.path.titles[game]
            games.append(
                {
                    "name": game,
                    "title": title,
                    "steps": steps,
                    "continue": {"title": after["title"], "href": after["href"]},
                    "steps_label": message("lesson:landing.steps", game=title),
                }
            )
        labels = {
            name: message(f"lesson:landing.{name}")
            for name in ("label", "continue", "member.before", "member.between", "member.link")
        }
        labels["storage"] = storage_words()
        return self.words(
            {"games": games, "notices": list(self.notices), "member": self.member, "words": labels}
        )

    def words(self, said: Any) -> Any:
        """Messages in words: the one place this page turns a message into text
        (:func:`~.exercise.in_words`)."""
        return in_words(said)

    def redraw_words(self) -> None:
        """The page speaks another language: the path drawn again in its words."""
        self.state = self._picture()

    def refuse_language(self, said: Message) -> None:
        """A language the school does not speak is refused with a plain line."""
        self.notices = [message("table:language.refused", why=said)]
        self.state = self._picture()

    def handle_intent(self, content: object) -> None:
        """Check the browser's progress records; keep the sound ones, name the others."""
        try:
            intent = parse_landing_intent(content, self.files)
        except IntentError as error:
            log.info("refused landing intent: %s", error)
            self.notices = [message("lesson:landing.unreadable", why=said_of(error))]
            self.state = self._picture()
            return
        notices = []
        for key, record in intent.records.items():
            try:
                clean = check_record(record, key, self.ids[key])
            except ProgressError as error:
                notices.append(message("lesson:landing.ignored", file=key, why=error.said))
                continue
            self.stars[key] = dict(clean["stars"])
        self.notices = notices
        self.state = self._picture()

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        """Every custom message from the browser lands here; no exception escapes."""
        content = plain(content)  # Pyodide's null is None here too (the static site)
        try:
            if isinstance(content, dict) and content.get("type") == joined.MEMBER:
                self._on_member(content)
            elif not self.take_language(content):
                self.handle_intent(content)
        except Exception:
            log.exception("the landing page failed to handle a message")
            self.notices = [message("lesson:landing.oops")]
            self.state = self._picture()

    def _on_member(self, content: dict[str, Any]) -> None:
        """The browser's class membership: shown ("In class ... as ...") once the store knows it
        (on the static site, the class server the site names or the one typed in this browser,
        sent along: ``reaching.py``)."""
        if not {"type", "entry"} <= set(content) <= {"type", "entry", "server"}:
            return
        if self.member is not None:
            return
        from .classroom.reaching import class_store_reachable, use_sent_class_server

        if "server" in content and not use_sent_class_server(content["server"]):
            log.info("the landing page shows no class: the class server sent is not an address")
            return
        if not class_store_reachable():  # the static site without a class server: none to ask
            return
        from .classroom.basics import MembershipError, StoreError

        try:
            store, member = joined.checked_member(content["entry"])
            self.member = {"title": store.class_title(member.code), "name": member.name}
        except MembershipError as error:  # forged or stale: no class is shown
            log.info("the landing page shows no class: %s", error)
            return
        except StoreError as error:  # the store could not be read: nothing known either way
            log.warning("the landing page could not check the class joined: %s", error)
            return
        self.state = self._picture()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: it sends its records as an intent."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))


def landing(path: str | Path = "path.toml") -> LandingWidget:
    """The landing page's path with the learner's progress (``path`` relative to the notebook)."""
    return LandingWidget(load_path(path))
