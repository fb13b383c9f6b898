"""Alembic's environment for the class store: it runs on the connection it is handed.

The store calls Alembic from Python (never the ``alembic`` command line) with an open
connection in ``config.attributes["connection"]``, inside the store's own transaction.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
