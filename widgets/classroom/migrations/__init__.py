"""Alembic migrations of the class store, run from Python by ``classroom.db.migrate``."""
