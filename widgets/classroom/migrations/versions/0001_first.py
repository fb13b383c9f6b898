"""The first schema: classes, students, assignments and records of finished work.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four tables of the first schema."""
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("title", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
    )
    op.create_table(
        "students",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False, index=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("joined", sa.DateTime, nullable=False),
        sa.UniqueConstraint("class_id", "name"),
    )
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False, index=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("target", sa.String(200), nullable=False),
    )
    op.create_table(
        "records",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False, index=True),
        sa.Column(
            "student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False, index=True
        ),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("target", sa.String(200), nullable=False),
        sa.Column("result", sa.String(20), nullable=False),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("stars", sa.Integer, nullable=True),
        sa.Column("illegal", sa.Text, nullable=False),
        sa.Column("save", sa.Text, nullable=True),
        sa.Column("finished", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    """Drop the four tables."""
    for table in ("records", "assignments", "students", "classes"):
        op.drop_table(table)
