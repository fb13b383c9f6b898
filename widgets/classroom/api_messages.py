"""The English words of the class server's own sentences (``classroom`` catalog, ``api.*``).

A catalog of the ``classroom`` namespace kept beside the class server (``api.py``,
``server.py``) that says them: its errors, and the help of its command line. Each entry is a
whole sentence keyed by its message id (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["API"]

API = register(
    Catalog(
        "classroom",
        {
            # the answers of the class server's HTTP API (api.py)
            "classroom:api.too-many": Plural(
                "seconds",
                "Too many wrong codes or keys were tried; try again in {seconds} second.",
                "Too many wrong codes or keys were tried; try again in {seconds} seconds.",
            ),
            "classroom:api.not-json": "The request's body must be one JSON object.",
            "classroom:api.too-big": "The request is too big: at most {limit} KB.",
            "classroom:api.not-found": "There is nothing at this address.",
            "classroom:api.method": "This address does not answer that request.",
            "classroom:api.no-key": "The teacher key is missing.",
            "classroom:api.no-member": (
                "This request needs the student's class code, name and token."
            ),
            "classroom:api.no-record": "No record of yours has that uid.",
            "classroom:api.uid-taken": "Another record has that uid already.",
            "classroom:api.queue-full": (
                "Too many records are waiting to be checked; send this one again in a minute."
            ),
            "classroom:api.unchecked": (
                "The record could not be checked here; send it again later."
            ),
            "classroom:api.failed": "The class server failed; try again later.",
            "classroom:api.too-many-classes": Plural(
                "minutes",
                "Too many classes were made from here; try again in {minutes} minute.",
                "Too many classes were made from here; try again in {minutes} minutes.",
            ),
            "classroom:api.too-many-tables": Plural(
                "minutes",
                "Too many tables were opened from here; try again in {minutes} minute.",
                "Too many tables were opened from here; try again in {minutes} minutes.",
            ),
            "classroom:api.too-long": Plural(
                "seconds",
                "Checking this record took longer than {seconds} second, so it was not kept.",
                "Checking this record took longer than {seconds} seconds, so it was not kept.",
            ),
            # the class server's command line (server.py), read by whoever runs it
            "classroom:server.about": (
                "The class server: the class records' HTTP JSON API, beside the static site."
            ),
            "classroom:server.help-host": "the address to listen on (127.0.0.1 by default)",
            "classroom:server.help-port": "the port to listen on",
            "classroom:server.help-db": (
                "the class database: a SQLite file or a SQLAlchemy URL (else CARDSCHOOL_DB)"
            ),
            "classroom:server.help-origin": (
                "a web origin whose pages may call the server (give one per origin)"
            ),
            "classroom:server.help-exercises": "the folder of the exercise files",
            "classroom:server.help-verifiers": (
                "how many processes check records (0: in the server's own process)"
            ),
            "classroom:server.help-window": "the window of the attempt limits, in seconds",
            "classroom:server.help-per-address": "wrong codes or keys one address may try",
            "classroom:server.help-per-class": "wrong keys or tokens one class may be tried with",
            "classroom:server.help-classes": "classes one address may make in an hour",
            "classroom:server.help-tables": (
                "shared tables one address may open in an hour (the served app's kernels aside)"
            ),
            "classroom:server.help-verify-seconds": (
                "how long checking one record may take, in seconds (with verifier processes)"
            ),
            "classroom:server.help-proxy": (
                "trust the X-Forwarded-For and X-Real-Ip headers of a proxy in front"
            ),
            "classroom:server.listening": "The class server is at {url} (stop it with Ctrl-C).",
        },
    )
)
"""The class server's sentences."""
