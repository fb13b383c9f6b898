"""The box where the class server's address is typed, on a static site built without one.

The static site's class and teacher pages need a class server (``reaching.py``). A site
built with ``make static CLASS_SERVER=...`` knows it; on one built without, the page's note
has this box: the teacher (or a student) types the address their school's class server has,
once. The browser keeps it through ``storage.js`` (kind ``class``, name ``server``) and sends
it back when the page opens again, as an intent like any other::

    {"type": "server", "address": "https://class.example.org", "kept": true}

Python checks it (an http or https address, a server that answers) before using it; only
then does it set :attr:`ServerBox.kept`, which the browser keeps, and call its listeners
(the page then shows the real class or teacher page).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardschool.engine.messages import Message, message

from ..browser_json import plain
from ..front_end import join_with_storage
from .basics import StoreError
from .browser_transport import checked_address, transport_here
from .reaching import use_class_server
from .server_box_messages import SERVER_BOX  # noqa: F401  (the catalog registered)
from .words import Words

__all__ = ["ServerBox", "server_box_front_end"]

log = logging.getLogger(__name__)

HERE = Path(__file__).parent / "static"
_FIELDS = {"type", "address", "kept"}
_JSON = {"Accept": "application/json"}
_WORDS = ("region", "how", "address", "use")
"""The box's words (``classroom:server-box.<word>``), sent for the front end to place."""


@cache
def server_box_front_end() -> tuple[str, str]:
    """The ES module and style sheet of the box (``server_box.js`` after ``storage.js``)."""
    return join_with_storage(
        HERE / "server_box.js", HERE / "server_box.css", "classroom/static/server_box.js"
    )


class ServerBox(Words, anywidget.AnyWidget):
    """The class server's address, typed once and kept in the browser; its listeners are
    called with the address once it is checked and in use."""

    _esm, _css = server_box_front_end()

    state = traitlets.Dict().tag(sync=True)
    """What the front end draws: its words and a line (why an address was not taken)."""
    kept = traitlets.Unicode("").tag(sync=True)
    """The address the browser keeps (set by Python only, once checked)."""

    def __init__(self, reach: Callable[[str], Any] | None = None) -> None:
        super().__init__()
        self.reach = reach or _answers
        """Raises StoreError when no class server answers at an address (a test's may not)."""
        self.listeners: list[Callable[[str], None]] = []
        """Called with the address once it is checked and used."""
        self._said: Message | None = None
        self._show(None)
        self.on_msg(self._receive)

    def _show(self, said: Message | None) -> None:
        self._said = said
        words: dict[str, Any] = {
            word: self.words(message(f"classroom:server-box.{word}")) for word in _WORDS
        }
        words["storage"] = self.storage_words()
        self.state = {"words": words, "message": self.words(said) if said else None}

    def speak_again(self) -> None:
        """The page speaks another language: the box and its last line drawn again."""
        self._show(self._said)

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        """Every custom message from the browser lands here; no exception escapes."""
        try:
            self.handle(plain(content))
        except Exception:
            log.exception("the class server box failed to handle a message")

    def handle(self, content: object) -> None:
        """Check an address the browser sent (typed, or kept) and use it if it holds."""
        if (
            not isinstance(content, dict)
            or content.get("type") != "server"
            or not {"type", "address"} <= set(content) <= _FIELDS
        ):
            log.warning("a malformed class server message was ignored")
            return
        address = checked_address(content["address"])
        if address is None:
            self._show(message("classroom:server-box.not-address"))
            return
        try:
            self.reach(address)
        except StoreError as error:
            log.info("no class server answers at %s: %s", address, error)
            self._show(message("classroom:server-box.down"))
            return
        use_class_server(address)
        self.kept = address
        self._show(None)
        for listener in list(self.listeners):
            listener(address)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: it sends the address as an intent."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))


def _answers(address: str) -> None:
    """Nothing when a class server answers at ``address`` (its API's JSON, even a refusal);
    StoreError (ServerDown) when nothing does, or something else (a web page)."""
    from .client import ServerDown

    try:
        status, answer = transport_here()("GET", f"{address}/api/", _JSON, None)
    except OSError as error:
        raise ServerDown(message("classroom:client.unreachable")) from error
    if status >= 500 or not isinstance(answer, dict):  # not the class server's API
        raise ServerDown(message("classroom:client.unreachable"))
