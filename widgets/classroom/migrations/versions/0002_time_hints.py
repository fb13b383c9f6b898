"""Records keep the time taken and how often the hints and the coach were opened.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``seconds``, ``hints`` and ``coach`` to every record (old ones: unknown, 0, 0)."""
    with op.batch_alter_table("records") as batch:
        batch.add_column(sa.Column("seconds", sa.Integer, nullable=True))
        batch.add_column(sa.Column("hints", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("coach", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop the three columns again."""
    with op.batch_alter_table("records") as batch:
        for column in ("coach", "hints", "seconds"):
            batch.drop_column(column)
