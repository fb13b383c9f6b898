"""A class's shared tables (issue 29.4): the class a table was opened for, its students' seats.

Revision ID: 0007
Revises: 0006

``shared_tables.class_id``: the class a teacher opened the table for (None: a table anyone
opened); ``shared_tables.ended``: when its deal ended (None: being played), written with
the last move. ``table_seats.student_id``: the class's student the class seated there
(None: nobody the class knows; set to None when the student is removed). Tables and seats
stored before are nobody's class's.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the three columns (old rows: None)."""
    with op.batch_alter_table("shared_tables") as batch:
        batch.add_column(sa.Column("class_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("ended", sa.DateTime, nullable=True))
        batch.create_foreign_key("fk_shared_tables_class_id", "classes", ["class_id"], ["id"])
        batch.create_index("ix_shared_tables_class_id", ["class_id"])
    with op.batch_alter_table("table_seats") as batch:
        batch.add_column(sa.Column("student_id", sa.Integer, nullable=True))
        batch.create_foreign_key(
            "fk_table_seats_student_id", "students", ["student_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_table_seats_student_id", ["student_id"])


def downgrade() -> None:
    """Drop the columns again."""
    with op.batch_alter_table("table_seats") as batch:
        batch.drop_index("ix_table_seats_student_id")
        batch.drop_constraint("fk_table_seats_student_id", type_="foreignkey")
        batch.drop_column("student_id")
    with op.batch_alter_table("shared_tables") as batch:
        batch.drop_index("ix_shared_tables_class_id")
        batch.drop_constraint("fk_shared_tables_class_id", type_="foreignkey")
        batch.drop_column("ended")
        batch.drop_column("class_id")
