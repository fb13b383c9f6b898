"""The English words of the class server as a JupyterHub service (``classroom`` catalog).

A catalog of the ``classroom`` namespace kept beside ``hub.py``: the refusals of a request
whose student the hub names (``classroom:hub.*``) and the help of the server's ``--hub``
option. Each entry is a whole sentence keyed by its message id (see
``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["HUB"]

HUB = register(
    Catalog(
        "classroom",
        {
            # a request of a student on a hub (hub.py)
            "classroom:hub.no-token": (
                "On this hub, a student is known by their hub sign-in, and this request "
                "carries none: open the class page from your hub."
            ),
            "classroom:hub.unknown-token": (
                "The hub does not know this sign-in: sign in to the hub again."
            ),
            "classroom:hub.not-user": "Only a user of the hub can be a student of a class.",
            "classroom:hub.no-access": (
                "The hub does not let {name} use the class server: ask whoever runs the hub."
            ),
            "classroom:hub.other-name": (
                "On this hub you are {name}: you cannot join or record under another name."
            ),
            "classroom:hub.not-joined": (
                "{name} has not joined the class {code}: join it with its class code first."
            ),
            "classroom:hub.unreachable": (
                "The hub cannot say who you are just now; try again in a moment."
            ),
            # the class server's command line (server.py), read by whoever runs it
            "classroom:hub.needs-jupyterhub": (
                "The class server runs on a hub with JupyterHub's package: "
                'pip install "cardschool[hub]".'
            ),
            "classroom:server.help-hub": (
                "run as a JupyterHub service: a student is whoever the hub says (from the "
                "JUPYTERHUB_* variables the hub gives its services)"
            ),
        },
    )
)
"""The sentences of the class server on a hub."""
