"""The one place where a class widget turns a message into words.

Every widget of the class pages (the join form, the class page, the teacher's page, the
roster's tools, the copy line) passes :class:`~cardschool.engine.messages.Message` values
around and calls its ``words`` only where the words are shown, so the reader's language
(issue 27) is chosen in this one method.
"""

from __future__ import annotations

from cardschool.engine.messages import Message, render

from ..lesson_messages import storage_words
from .messages import CLASSROOM  # noqa: F401  (the catalog registered)

__all__ = ["Words"]


class Words:
    """A widget's ``words``: a message rendered for the page's reader."""

    def words(self, said: Message) -> str:
        """``said`` in the reader's words (English for now)."""
        return render(said)

    def storage_words(self) -> dict[str, str]:
        """What the page says for each code ``static/storage.js`` gives for an entry this
        browser could not read or keep, by code, in the reader's words."""
        return {code: self.words(said) for code, said in storage_words().items()}
