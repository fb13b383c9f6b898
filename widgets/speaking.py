"""The language a page speaks: chosen in the browser, told to the kernel as an intent.

The front end (``static/language.js``) works out which language the page asks for (the
page's ``?lang=xx``, else the choice kept in the browser, else the browser's preferred
languages, else English) and sends it from a widget that speaks (:class:`Speaking`)::

    {"type": "language", "lang": "fr"}

The kernel reads it strictly like any click (:class:`~.intents.LanguageIntent`, through the
record layer); a language the school does not speak is refused with a plain line and
nothing changes. :func:`choose` calls :func:`~cardschool.engine.languages.speak` and has
every speaking widget of the process draw its words again: one kernel serves one page's
reader, so the whole page changes language at once, the game in progress and the stars
kept. Each widget's ``speech`` trait tells its front end the language spoken, the
switch's label and the choices (each language named in its own language: data, the same
words whatever the page speaks).
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from cardschool.engine.cards import show_spoken
from cardschool.engine.errors import said_of
from cardschool.engine.languages import LANGUAGES, speak, spoken
from cardschool.engine.messages import Message, message, render

from .browser_json import plain
from .front_end import with_storage
from .intents import IntentError, LanguageIntent, by_type, parse_message

__all__ = [
    "LANGUAGE_NAMES",
    "PageHTML",
    "Speaking",
    "choose",
    "is_language_message",
    "language_bar",
    "speakers",
]

log = logging.getLogger(__name__)

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español"}
"""Each language the school speaks, named in its own language (data, never translated)."""
assert tuple(LANGUAGE_NAMES) == LANGUAGES

_KINDS = by_type(LanguageIntent)
_SPEAKERS: weakref.WeakSet[Speaking] = weakref.WeakSet()


def is_language_message(content: object) -> bool:
    """True when a message from the browser is a language intent (well-formed or not)."""
    return isinstance(content, dict) and content.get("type") == LanguageIntent.type


def speakers() -> list[Speaking]:
    """The speaking widgets of this process still open (a closed widget has no comm)."""
    return [widget for widget in list(_SPEAKERS) if getattr(widget, "comm", None) is not None]


def choose(language: str) -> bool:
    """Speak ``language`` (one of :data:`LANGUAGES`) from now on; every open speaking widget
    draws its words again. False when it was spoken already (nothing is drawn again)."""
    changed = language != spoken()
    speak(language)
    for widget in speakers():
        try:
            widget.speak_again(redraw=changed)
        except Exception:
            log.exception("a widget could not draw its words in %s", language)
    return changed


class Speaking(traitlets.HasTraits):
    """A widget whose words follow the page's language (listed before the widget's base)."""

    speech = traitlets.Dict().tag(sync=True)
    """``{"lang", "label", "choices": [[code, name], ...], "refused"}``: the language spoken,
    the switch's label in it, the choices, and why the last language asked was refused."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.respoken: list[Callable[[], None]] = []
        """Called after this widget drew its words again (a page's other parts follow)."""
        self._refused = ""
        self.speech = self._speech()
        _SPEAKERS.add(self)

    def _speech(self) -> dict[str, Any]:
        return {
            "lang": spoken(),
            "label": render(message("table:language.label")),
            "choices": [[code, name] for code, name in LANGUAGE_NAMES.items()],
            "refused": self._refused,
        }

    def take_language(self, content: object) -> bool:
        """Act on ``content`` if it is a language intent (True), refusing a malformed one
        with a plain line and nothing changed; False for any other message."""
        if not is_language_message(content):
            return False
        try:
            intent = parse_message(_KINDS, content)
        except IntentError as error:
            log.info("refused language intent %r: %s", content, error)
            self.refuse_language(said_of(error))
            return True
        if self._refused:
            self._refused = ""
            self.speech = self._speech()
        choose(intent.lang)
        return True

    def refuse_language(self, said: Message) -> None:
        """Say why a language asked for was refused (by default: beside the switch)."""
        self._refused = render(message("table:language.refused", why=said))
        self.speech = self._speech()

    def speak_again(self, *, redraw: bool = True) -> None:
        """The page speaks another language: tell the front end, and draw the words again."""
        self.speech = self._speech()
        if redraw:
            self.redraw_words()
            for follow in self.respoken:
                follow()

    def redraw_words(self) -> None:
        """Send again every sentence this widget has sent, in the language spoken now."""


class PageHTML(Speaking, anywidget.AnyWidget):
    """HTML a page shows (a lesson's bar, a Rules page), drawn again in the page's language;
    with ``switch``, the language switch joins its first ``<nav>`` (the page's bar). The page
    opens at the element its address's fragment names (``static/page_html.js``)."""

    _esm, _css = with_storage("page_html")

    html = traitlets.Unicode("").tag(sync=True)
    """The HTML, every text in it escaped by whoever built it."""
    switch = traitlets.Bool(False).tag(sync=True)
    """True: the language switch is drawn in the HTML's bar."""

    def __init__(self, made: Callable[[], str], *, switch: bool = False, **kwargs: Any) -> None:
        self._made = made
        super().__init__(html=made(), switch=switch, **kwargs)
        self.on_msg(self._receive)

    @property
    def value(self) -> str:
        """The HTML, under the name an ``ipywidgets.HTML`` gives it (the bars were those)."""
        return self.html

    def redraw_words(self) -> None:
        """The page speaks another language: the HTML made again in its words."""
        self.html = self._made()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: it sends the language as an intent."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the browser: a language intent; anything else is ignored."""
        try:
            if not self.take_language(plain(content)):  # Pyodide's null is None here too
                log.info("the page ignored a message: %r", content)
        except Exception:
            log.exception("the page failed to handle a message")


LANGUAGE_BAR = "<nav class='cs-language-bar'></nav>"
"""The HTML of a bar holding the language switch alone (``static/page_html.js``)."""


def language_bar() -> PageHTML:
    """The language switch alone, in a bar above a page whose other parts are no speaking
    widgets (the teacher's page, the glossary): its ``respoken`` has them follow."""
    return PageHTML(lambda: LANGUAGE_BAR, switch=True)


def _show_page_html(made: Callable[[], str]) -> None:
    """Show HTML on a page as a :class:`PageHTML`, made again in the page's language."""
    from IPython.display import display

    display(PageHTML(made))


show_spoken(_show_page_html)  # a card picture on a page names its cards in the page's language
