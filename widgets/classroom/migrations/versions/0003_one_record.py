"""One record per student and work, the moves a server saw played live, a rejoin code.

Revision ID: 0003
Revises: 0002

Duplicates (every reopening of a finished deal's page wrote another record) are merged
first: of the rows of one student, kind and target the one kept is the one with the most
time (the deal played, not its replays at 0 s), the newest of those; the others go.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_RECORDS = sa.table(
    "records",
    sa.column("id", sa.Integer),
    sa.column("student_id", sa.Integer),
    sa.column("kind", sa.String),
    sa.column("target", sa.String),
    sa.column("seconds", sa.Integer),
)


def _merge_duplicates() -> None:
    """Delete every record but one per (student, kind, target): the longest, then the newest."""
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(
            _RECORDS.c.id,
            _RECORDS.c.student_id,
            _RECORDS.c.kind,
            _RECORDS.c.target,
            _RECORDS.c.seconds,
        )
    ).all()
    best: dict[tuple[int, str, str], tuple[int, int]] = {}
    for row in rows:
        key = (row.student_id, row.kind, row.target)
        rank = (row.seconds if row.seconds is not None else -1, row.id)
        if key not in best or rank > best[key]:
            best[key] = rank
    kept = {rank[1] for rank in best.values()}
    gone = [row.id for row in rows if row.id not in kept]
    for start in range(0, len(gone), 500):
        connection.execute(_RECORDS.delete().where(_RECORDS.c.id.in_(gone[start : start + 500])))


def upgrade() -> None:
    """Merge duplicate records, make them unique, and add ``moves`` and ``live`` (old: unknown)."""
    _merge_duplicates()
    with op.batch_alter_table("students") as batch:
        batch.add_column(sa.Column("rejoin_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("records") as batch:
        batch.add_column(sa.Column("moves", sa.Integer, nullable=True))
        batch.add_column(sa.Column("live", sa.Integer, nullable=True))
        batch.create_unique_constraint("uq_records_work", ["student_id", "kind", "target"])


def downgrade() -> None:
    """Drop the constraint and the two columns (merged records stay merged)."""
    with op.batch_alter_table("records") as batch:
        batch.drop_constraint("uq_records_work", type_="unique")
        batch.drop_column("live")
        batch.drop_column("moves")
    with op.batch_alter_table("students") as batch:
        batch.drop_column("rejoin_hash")
