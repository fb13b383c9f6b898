"""Shared tables (issue 29): a table, its seats, its numbered moves (one per number).

Revision ID: 0005
Revises: 0004

Three new tables, nothing changed in the others. ``table_moves`` is unique on
``(table_id, number)``: of two moves sent for one turn, the database keeps one.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Make ``shared_tables``, ``table_seats`` and ``table_moves``."""
    op.create_table(
        "shared_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("variants", sa.Text, nullable=False),
        sa.Column("level", sa.String(10), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
    )
    op.create_table(
        "table_seats",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("shared_tables.id"), nullable=False, index=True
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("holder_hash", sa.String(64), nullable=True),
        sa.Column("seen", sa.DateTime, nullable=True),
        sa.UniqueConstraint("table_id", "number", name="uq_table_seats_number"),
    )
    op.create_table(
        "table_moves",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("shared_tables.id"), nullable=False, index=True
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.String(80), nullable=False),
        sa.Column("by", sa.String(10), nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_table_moves_number"),
    )


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("table_moves")
    op.drop_table("table_seats")
    op.drop_table("shared_tables")
