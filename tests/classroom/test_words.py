"""The class pages speak in messages: errors carry them, the front ends place words Python sent."""

from __future__ import annotations

import logging
import re
import sqlite3
from pathlib import Path

import pytest

from cardschool.engine.errors import Told
from cardschool.engine.messages import Message, render
from cardschool.widgets.classroom.copying import CopyText
from cardschool.widgets.classroom.db import DatabaseError, StoreError, plain_error
from cardschool.widgets.classroom.keys import Refused, check_name, normal_code
from cardschool.widgets.classroom.store import ClassStore, MembershipError
from cardschool.widgets.classroom.student import ClassWidget

from .drive import from_browser

STATIC = Path(__file__).parents[2] / "widgets" / "classroom" / "static"


def test_a_database_failure_is_our_sentence_and_the_drivers_words_go_to_the_log(caplog):
    driver = sqlite3.OperationalError("database is locked (secret detail /srv/x.db)")
    with caplog.at_level(logging.WARNING):
        error = plain_error(driver)
    assert isinstance(error, Told) and isinstance(error, StoreError)
    assert isinstance(error, DatabaseError) and error.said.id == "classroom:db-failed"
    assert str(error) == (
        "The class database could not be used: it is busy with other writers; try again in a "
        "moment. Nothing stored was changed."
    )
    assert "/srv/x.db" not in str(error) and "/srv/x.db" in caplog.text


@pytest.mark.parametrize(
    ("driver", "why"),
    [
        ("attempt to write a readonly database", "it is read-only on this server"),
        ("database or disk is full", "the disk it lives on is full"),
        ('connection to server at "h" failed: Connection refused', "not answering"),
        ("FATAL:  the database system is starting up", "not answering"),
        ("unable to open database file", "is its path or address right?"),
        ("something else entirely", "it refused the request"),
    ],
)
def test_each_kind_of_database_failure_has_its_reason(driver, why):
    assert why in str(plain_error(sqlite3.OperationalError(driver)))


def test_a_refused_name_or_code_is_a_clause_the_pages_say_as_a_sentence():
    with pytest.raises(Refused) as told:
        check_name("   ")
    assert told.value.said.id == "classroom:name.empty" and str(told.value) == "type a name"
    with pytest.raises(Refused, match=r"^the class title is too long"):
        check_name("x" * 500, "class title")
    with pytest.raises(Refused, match=r"six letters and digits, like K7RT2Q$"):
        normal_code("K7")


def test_the_join_form_gets_every_word_it_shows_from_python(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    code, _key = store.create_class("Year 7")
    widget = ClassWidget(lambda: store)
    words = widget.state["words"]
    assert words == {
        "region": "Your class",
        "code": "Class code",
        "code-example": "e.g. K7RT2Q",
        "name": "Your name",
        "join": "Join",
        "leave": "Leave this class on this browser",
        "storage": {  # by storage.js's code: why the browser could not read or keep it
            "read-blocked": "This browser keeps no progress here (storage is blocked).",
            "read-failed": "This browser's storage could not be read.",
            "write-blocked": "Your progress cannot be kept in this browser (storage is blocked).",
            "too-big": "Your progress is too big to keep in this browser.",
            "full": "Your progress could not be kept: this browser's storage is full.",
        },
    }
    from_browser(widget, {"type": "join", "code": code, "name": " "})
    assert widget.state["message"] == "Type a name."  # a clause said as a sentence


def test_a_refused_code_or_name_is_said_as_a_sentence_by_a_message(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    code, _key = store.create_class("Year 7")
    with pytest.raises(StoreError) as told:
        store.class_title("K7")
    assert told.value.said.id == "classroom:refused"
    assert told.value.said.get("why").id == "classroom:code.form"
    assert str(told.value) == "A class code is six letters and digits, like K7RT2Q."
    with pytest.raises(MembershipError) as told:
        store.member(code, "   ", "x" * 40)
    assert told.value.said.id == "classroom:refused"
    assert str(told.value) == "Type a name."


def test_a_joined_student_reads_the_class_and_name_escaped(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    code, _key = store.create_class("<b>Year 7</b>")
    widget = ClassWidget(lambda: store)
    from_browser(widget, {"type": "join", "code": code, "name": "Ann & Co"})
    assert widget.state["joined_html"] == (
        "You are in <strong class='cs-class-title'>&lt;b&gt;Year 7&lt;/b&gt;</strong> "
        f"(class {code}) as <strong class='cs-class-name'>Ann &amp; Co</strong>."
    )


def test_the_copy_line_gets_its_words_from_python():
    line = CopyText(Message("classroom:teach.key"), kind="cs-teacher-key-made")
    assert line.label == "Teacher key"
    assert line.words_shown == {
        "label": "Teacher key: ",
        "button": "Copy",
        "what": "Copy the teacher key",
        "copied": "Copied.",
        "selected": "Selected: copy it with Ctrl+C (⌘C).",
    }
    assert render(line.said) == "Teacher key"


@pytest.mark.parametrize("name", ["classroom.js", "copy.js"])
def test_the_class_front_ends_hold_no_words_of_their_own(name):
    code = "\n".join(
        line
        for line in (STATIC / name).read_text().splitlines()
        if not line.strip().startswith("//")
    )
    literals = re.findall(r"\"[^\"\n]*\"|'[^'\n]*'|`[^`]*`", code)
    words = [text for text in literals if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", text)]
    assert words == []
