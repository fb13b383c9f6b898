"""The teacher's tools for the list of students: rename one, remove one (asked twice).

A row under the board: the students in a dropdown, a box for a new name, Rename, and
Remove, which first says what it would take away and acts only when pressed again.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from cardschool.engine.messages import Message, message

from .basics import StoreError
from .words import Words

__all__ = ["StudentTools"]


def rename_student(store: Any, code: str, key: str, student_id: int, name: object) -> str:
    """Rename a student: a class server's client asks its server; the class database's
    store renames with ``roster.py`` (its database packages loaded only then)."""
    if hasattr(store, "rename_student"):  # a class server's client (the static site's too)
        return store.rename_student(code, key, student_id, name)
    from .roster import rename_student as rename

    return rename(store, code, key, student_id, name)


def remove_student(store: Any, code: str, key: str, student_id: int) -> int:
    """Remove a student and their records: a class server's client asks its server; the
    class database's store removes with ``roster.py`` (its database packages loaded only then)."""
    if hasattr(store, "remove_student"):  # a class server's client (the static site's too)
        return store.remove_student(code, key, student_id)
    from .roster import remove_student as remove

    return remove(store, code, key, student_id)


def _said(id: str, **params: object) -> Message:
    """The message ``classroom:roster.<id>``."""
    return message(f"classroom:roster.{id}", **params)


class StudentTools(Words, ipywidgets.VBox):
    """Rename or remove a student of the class on the teacher's page ``page``."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.who = ipywidgets.Dropdown(options=[])
        self.new_name = ipywidgets.Text()
        self.rename_button = ipywidgets.Button()
        self.remove_button = ipywidgets.Button()
        self.remove_button.add_class("cs-student-remove")
        self.rejoin_button = ipywidgets.Button()
        self.rejoin_button.add_class("cs-student-rejoin")
        self.who.style.description_width = "initial"  # the label whole in every language
        self._said: tuple[Message, str, str] | None = None
        """The line under the tools (a message, its kind and its bold parameter), kept to
        be said again in another language."""
        self._draw_words()
        self.rejoin_button.on_click(lambda _b: self.let_in_again())
        self.message = ipywidgets.HTML()
        self._armed: int | None = None
        self.rename_button.on_click(lambda _b: self.rename())
        self.remove_button.on_click(lambda _b: self.remove())
        self.who.observe(lambda _change: self._disarm(), names="value")
        row = ipywidgets.HBox(
            [self.who, self.new_name, self.rename_button, self.remove_button, self.rejoin_button],
            layout=ipywidgets.Layout(flex_flow="row wrap"),
        )
        super().__init__([row, self.message])

    def show(self, students: list[tuple[int, str]]) -> None:
        """List the class's students (the one chosen before stays chosen)."""
        chosen = self.who.value
        self.who.options = [(name, ident) for ident, name in students]
        idents = [ident for ident, _name in students]
        if idents:
            self.who.value = chosen if chosen in idents else idents[0]
        self.layout.display = None if idents else "none"

    def _draw_words(self) -> None:
        """The tools' labels and buttons in the language spoken now."""
        say = self._say
        self.who.description = say("student")
        self.new_name.placeholder = say("new-name")
        self.rename_button.description = say("rename")
        self.remove_button.description = say("remove")
        self.rejoin_button.description = self.words(message("classroom:rejoin.button"))

    def speak_again(self) -> None:
        """The page speaks another language: the tools' words and their line again."""
        self._draw_words()
        if self._said is not None:
            self._say_line(*self._said)

    def _say(self, id: str, **params: object) -> str:
        """The words of ``classroom:roster.<id>``."""
        return self.words(_said(id, **params))

    def _say_line(self, said: Message, kind: str = "info", strong: str = "") -> None:
        """The line under the tools (``kind``: info, warning or error), escaped; its
        parameter ``strong`` (a code to hand over) in bold."""
        self._said = (said, kind, strong)
        params = dict(said.params)
        value = params.get(strong)
        if not isinstance(value, str):
            self.message.value = self._line(html.escape(self.words(said)), kind)
            return
        mark = "\x00"  # where the value goes, in a sentence a translation may order its own way
        text = html.escape(self.words(message(said.id, **{**params, strong: mark})))
        bold = f"<strong class='cs-roster-{strong}'>{html.escape(value)}</strong>"
        self.message.value = self._line(text.replace(mark, bold), kind)

    @staticmethod
    def _line(text: str, kind: str) -> str:
        return f"<p class='cs-roster-{kind}' role='status'>{text}</p>"

    def _disarm(self) -> None:
        self._armed = None

    def rename(self) -> None:
        """Give the chosen student the name typed."""
        if self.page._opened is None or self.who.value is None:
            return
        old = self.who.label
        try:
            name = rename_student(
                self.page.store, *self.page._opened, self.who.value, self.new_name.value
            )
        except StoreError as error:
            self._say_line(error.said, "error")
            return
        self.new_name.value = ""
        self.page.close_replay()  # its title names the student as they were called
        self.page.refresh()
        self._say_line(_said("renamed", old=old, name=name))

    def remove(self) -> None:
        """Ask once what removing the chosen student takes away; remove them when pressed again."""
        if self.page._opened is None or self.who.value is None:
            return
        name, ident = self.who.label, self.who.value
        if self._armed != ident:
            self._armed = ident
            self._say_line(_said("remove-sure", name=name), "warning")
            return
        self._armed = None
        try:
            gone = remove_student(self.page.store, *self.page._opened, ident)
        except StoreError as error:
            self._say_line(error.said, "error")
            return
        self.page.close_replay()  # it may be of the records just removed
        self.page.refresh()
        self._say_line(_said("removed", name=name, count=gone))

    def let_in_again(self) -> None:
        """Make a one-time rejoin code for the chosen student (who lost their membership)."""
        if self.page._opened is None or self.who.value is None:
            return
        try:
            said = self.page.store.let_in_again(*self.page._opened, self.who.value)
        except StoreError as error:
            self._say_line(error.said, "error")
            return
        said = said if isinstance(said, Message) else Message.parse(said)
        self._say_line(said, strong="code")  # the rejoin code stands out: it is handed over
