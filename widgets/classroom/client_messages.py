"""The English words of the class client's own sentences (``classroom`` catalog, ``client.*``).

A catalog of the ``classroom`` namespace kept beside ``client.py``, which says them when a
kernel records through the class server. Each entry is a whole sentence keyed by its
message id (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["CLIENT"]

CLIENT = register(
    Catalog(
        "classroom",
        {
            "classroom:client.unreachable": "The class server cannot be reached.",
            "classroom:client.checking": (
                "The class server is still checking this record; it is sent again later."
            ),
            "classroom:client.refused": "The class server refused this record.",
        },
    )
)
"""The class client's sentences."""
