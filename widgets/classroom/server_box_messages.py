"""The English words of the class server box (``classroom`` catalog, ``server-box.*``).

A catalog of the ``classroom`` namespace kept beside ``server_box.py``: the box where a
teacher or a student types the class server's address on the static site, when the site
was built without one. Each entry is a whole sentence keyed by its message id (see
``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["SERVER_BOX"]

SERVER_BOX = register(
    Catalog(
        "classroom",
        {
            "classroom:server-box.region": "Your school's class server",
            "classroom:server-box.how": (
                "If your school runs a class server, type its address here once (your "
                "teacher gives it to you): this browser keeps it, and this page records "
                "your class's work there."
            ),
            "classroom:server-box.address": "Class server address",
            "classroom:server-box.use": "Use this class server",
            "classroom:server-box.not-address": (
                "That is not a class server's address: it starts with https:// (or http://)."
            ),
            "classroom:server-box.down": (
                "The class server at that address does not answer; check the address, or "
                "try again later."
            ),
            "classroom:server-box.kept-wrong": (
                "the class server's address kept in this browser is not one (it starts with "
                "https:// or http://)."
            ),
        },
    )
)
"""The class server box's sentences."""
