"""What each player at a shared table was counted (issue 29.4): hints, coach, refused moves.

Revision ID: 0009
Revises: 0008

``table_seats.counts``: the totals a seat's kernel sent with its player's moves (JSON:
``hints``, ``coach``, ``illegal`` by rule id; ``seat_counts.py``), which the record of a
class's table's deal carries. Seats stored before counted nothing (None).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column (old rows: None)."""
    with op.batch_alter_table("table_seats") as batch:
        batch.add_column(sa.Column("counts", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop the column again."""
    with op.batch_alter_table("table_seats") as batch:
        batch.drop_column("counts")
