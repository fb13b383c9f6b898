"""Teaching a class: the class store (no Jupyter in it) and the teacher's and students' widgets.

``store.py`` keeps classes, students, assignments and records with SQLAlchemy (SQLite by
default, any database URL in ``CARDSCHOOL_DB``); ``db.py`` opens it and runs its Alembic
migrations. The widgets modules show it in notebooks.
"""
