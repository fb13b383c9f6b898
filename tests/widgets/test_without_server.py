"""Where the class store cannot run (the static site, Python in the browser): no crash.

Each test runs a fresh interpreter in which SQLAlchemy and Alembic cannot be imported,
as under Pyodide, where the core package (ipywidgets, anywidget) is all there is.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

NO_DATABASE = """
import sys
sys.modules["sqlalchemy"] = None  # an import of either now fails with ImportError
sys.modules["alembic"] = None
"""


def run_without_database(code: str) -> str:
    """Run ``code`` in a fresh Python without SQLAlchemy and Alembic; its output."""
    script = NO_DATABASE + textwrap.dedent(code)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_widgets_and_a_practice_table_need_no_database():
    out = run_without_database("""
        from cardschool.widgets import practice
        from cardschool.widgets.landing import landing
        page = practice("mille")
        print(type(page).__name__, "sqlalchemy" in sys.modules and sys.modules["sqlalchemy"])
    """)
    assert out.split() == ["Practice", "None"]


def test_the_class_pages_say_they_need_the_served_version():
    out = run_without_database("""
        from cardschool.widgets.classroom.pages import join_class, teacher
        for page in (teacher(), join_class()):
            print(page.value)
    """)
    assert "Teaching a class needs a class server." in out
    assert "Joining a class needs a class server." in out
    assert out.count("type it below") == 2  # the class server's address: the box under the note
    # no hard-wired link to one public server, no "press Join" where there is no Join box
    assert "<a " not in out and "binder" not in out.lower() and "press Join" not in out


def test_the_class_pages_how_to_is_said_only_beside_its_join_box():
    import json
    from pathlib import Path

    notebook = json.loads((Path(__file__).parents[2] / "tutorial" / "class.ipynb").read_text())
    prose = "".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] != "code")
    assert "Join" not in prose  # the notebook's prose shows on the static site too


def test_a_membership_sent_to_a_table_is_answered_plainly():
    out = run_without_database("""
        from cardschool.engine.session import Session
        from cardschool.widgets import table_for
        from cardschool.widgets.classroom import joined
        table = table_for(Session.new("mille", seed=3, seats=["human", "random"]))
        entry = {"code": "K7RT2Q", "name": "Ann", "token": "x" * 20}
        assert joined.take(table, {"type": "member", "entry": entry})
        print(table.class_membership.refused)
        print(table.state["message"]["text"])
    """)
    refused, shown = out.splitlines()[:2]
    assert refused == "class records need the served version of cardschool."
    assert "not recorded for your class" in shown


def test_a_javascript_null_from_pyodide_reads_as_none():
    from cardschool.widgets.browser_json import plain

    null = type("JsNull", (), {"__bool__": lambda self: False})()  # Pyodide's jsnull: falsy
    sent = {"type": "resume", "save": null, "query": "?deal=1", "cards": [null, "QS"], "n": 0}
    assert plain(sent, null) == {
        "type": "resume",
        "save": None,
        "query": "?deal=1",
        "cards": [None, "QS"],
        "n": 0,
    }
    assert plain(null, null) is None
    assert plain(sent) is sent  # natively there is no JavaScript null to replace
