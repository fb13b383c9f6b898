"""Names stored before names were checked are cleaned as new ones are (issue 26.4).

Revision ID: 0004
Revises: 0003

A student name or class title stored with a right-to-left override (U+202E) or another
direction, invisible or formatting character is made as a new name is made
(``members.clean_name``). A cleaned name that then reads the same (``keys.name_key``) as
another of the class gets the first free suffix (``Twin 2``, ``Twin 3``); names clean
already never change. A name left empty becomes ``?``. A browser's membership under the
old name still holds (the store also looks a name up cleaned), but not under a name given a
suffix: that student joins again with a rejoin code from the teacher.
"""

from __future__ import annotations

import re
import unicodedata
import uuid

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_LONGEST = 40
# the rules of names as they were at this revision (members.clean_name, keys.name_key),
# kept here: a migration imports no widget and never changes what it did
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_LOOK_ALIKES = str.maketrans(
    "АВЕКМНОРСТХУЅІЈаеорсхуѕіјԁһԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΧΥαιονρτυχ",
    "ABEKMHOPCTXYSIJaeopcxysijdhqwlABEZHIKMNOPTXYaiovptux",
)
_STUDENTS = sa.table(
    "students",
    sa.column("id", sa.Integer),
    sa.column("class_id", sa.Integer),
    sa.column("name", sa.String),
)
_CLASSES = sa.table("classes", sa.column("id", sa.Integer), sa.column("title", sa.String))


def clean_name(name: str) -> str:
    """A name as a new one was kept at this revision (NFKC, no formatting characters)."""
    name = unicodedata.normalize("NFKC", name)
    kept = "".join(
        char for char in name if unicodedata.category(char) not in ("Cc", "Cf", "Co", "Cn", "Cs")
    )
    return " ".join(_CONTROL.sub(" ", kept).split())[:_LONGEST].strip()


def name_key(name: str) -> str:
    """What a name was compared by at this revision: case-folded, look-alikes as Latin."""
    return unicodedata.normalize("NFKC", name.translate(_LOOK_ALIKES)).casefold()


def _free(name: str, taken: set[str]) -> str:
    """``name``, or it with the first suffix that reads as no name in ``taken``."""
    if name_key(name) not in taken:
        return name
    for number in range(2, 10_000):
        suffix = f" {number}"
        candidate = f"{name[: _LONGEST - len(suffix)].rstrip()}{suffix}"
        if name_key(candidate) not in taken:
            return candidate
    raise RuntimeError(f"no free suffix for a student name in one class: {name!r}")


def upgrade() -> None:
    """Clean every student name (suffixes where two then read the same) and class title."""
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_STUDENTS.c.id, _STUDENTS.c.class_id, _STUDENTS.c.name).order_by(
            _STUDENTS.c.class_id, _STUDENTS.c.id
        )
    ).all()
    taken: dict[int, set[str]] = {}
    for row in rows:  # the names clean already are kept as they are, and taken first
        if clean_name(row.name) == row.name:
            taken.setdefault(row.class_id, set()).add(name_key(row.name))
    changed: dict[int, str] = {}
    for row in rows:
        if clean_name(row.name) == row.name:
            continue
        keys = taken.setdefault(row.class_id, set())
        name = _free(clean_name(row.name) or "?", keys)
        keys.add(name_key(name))
        changed[row.id] = name
    # two steps, so that no two rows of a class ever hold one name at a time (unique)
    for ident in changed:
        passing = f"~{ident}~{uuid.uuid4().hex[:12]}"
        connection.execute(_STUDENTS.update().where(_STUDENTS.c.id == ident).values(name=passing))
    for ident, name in changed.items():
        connection.execute(_STUDENTS.update().where(_STUDENTS.c.id == ident).values(name=name))
    for row in connection.execute(sa.select(_CLASSES.c.id, _CLASSES.c.title)).all():
        title = clean_name(row.title) or "?"
        if title != row.title:
            connection.execute(_CLASSES.update().where(_CLASSES.c.id == row.id).values(title=title))


def downgrade() -> None:
    """Nothing to undo: the names stay clean (the old ones are not kept)."""
