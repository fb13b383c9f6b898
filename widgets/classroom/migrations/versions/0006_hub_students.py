"""A student who joined through a JupyterHub keeps the hub's user name (issue 28.5).

Revision ID: 0006
Revises: 0005

``students.hub_name``: the hub user a student is (None: joined with the class code and a
name, on the static site or the served app). A class server on a hub takes both kinds of
student (``hub.py``); only a request the hub vouches for is ever that hub user's student.
Students stored before are left None: a class server could not tell then whether the hub or
a typed name made them, and reading them as the hub's would let a typed name become a hub
user (a hub user whose name such a student holds asks the teacher to rename it).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_LONGEST = 255
"""The longest hub user name kept (JupyterHub's own limit)."""


def upgrade() -> None:
    """Add ``hub_name`` to every student (old ones: None)."""
    with op.batch_alter_table("students") as batch:
        batch.add_column(sa.Column("hub_name", sa.String(_LONGEST), nullable=True))


def downgrade() -> None:
    """Drop the column again."""
    with op.batch_alter_table("students") as batch:
        batch.drop_column("hub_name")
