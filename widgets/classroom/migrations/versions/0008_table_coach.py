"""A shared table's coach switch (issue 29.2): whether its players may open their coach.

Revision ID: 0008
Revises: 0007

``shared_tables.coach``: True (the default) lets every seat open its own coach; False: the
table's creator (or the teacher who opened a class's table) switched the coach off for
everyone, as in a match. Tables stored before keep their coach (True).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column (old rows: True)."""
    with op.batch_alter_table("shared_tables") as batch:
        batch.add_column(sa.Column("coach", sa.Boolean, nullable=False, server_default=sa.true()))


def downgrade() -> None:
    """Drop the column again."""
    with op.batch_alter_table("shared_tables") as batch:
        batch.drop_column("coach")
