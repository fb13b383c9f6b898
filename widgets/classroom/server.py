"""The class server's command line: ``python -m cardschool.widgets.classroom.server``.

    python -m cardschool.widgets.classroom.server --port 8867 --db /srv/class.db \\
        --origin https://school.example.org --origin http://localhost:8866

Listens on 127.0.0.1 unless ``--host`` says otherwise (put it behind a proxy that speaks
HTTPS to reach it from other machines, with ``--behind-proxy``). The database is the one
``--db`` names, else ``CARDSCHOOL_DB``, else ``cardschool.db`` here (``db.py``); its schema
is carried forward on start. ``--kernel-key-file`` (else ``CARDSCHOOL_KERNEL_KEY``) gives the
served app's kernel key, which may read a shared table's deal while it is played
(``table_api.py``). Ctrl-C (or SIGTERM) stops it and its verifier processes.

With ``--hub`` it runs as a JupyterHub service (``hub.py``): a student with a hub token is
whoever the hub says (one without, from the static site or a served app, joins with the
class code and a name: one class, three ways), and it listens where the hub's
``JUPYTERHUB_SERVICE_URL`` says unless ``--host`` or ``--port`` is given.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tornado.log import enable_pretty_logging

from cardschool.engine.messages import message, render

from .api import make_app, serve
from .api_messages import API  # noqa: F401  (the catalog registered)
from .hub_messages import HUB  # noqa: F401  (the catalog registered)
from .limits import Limits
from .store import ClassStore
from .table_api import KERNEL_KEY_ENV
from .table_messages import TABLES  # noqa: F401  (the catalog registered)

__all__ = ["kernel_key", "main", "parse"]

DEFAULT_PORT = 8867
EXERCISES = Path.cwd() / "tutorial" / "exercises"
"""The exercise files' folder when none is named: the repository's, run from its root."""


def _say(id: str, **params: object) -> str:
    """The server's sentence ``classroom:server.<id>`` in words."""
    return render(message(f"classroom:server.{id}", **params))


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(
        prog=f"python -m {__package__}.server", description=_say("about")
    )
    parser.add_argument("--host", default=None, help=_say("help-host"))
    parser.add_argument("--port", type=int, default=None, help=_say("help-port"))
    parser.add_argument("--db", default=None, help=_say("help-db"))
    parser.add_argument("--origin", action="append", default=[], help=_say("help-origin"))
    parser.add_argument("--exercises", type=Path, default=EXERCISES, help=_say("help-exercises"))
    parser.add_argument(
        "--verifiers",
        type=int,
        default=max(1, (os.cpu_count() or 2) - 1),
        help=_say("help-verifiers"),
    )
    limits = Limits()
    parser.add_argument(
        "--limit-window", type=float, default=limits.window, help=_say("help-window")
    )
    parser.add_argument(
        "--limit-address", type=int, default=limits.per_address, help=_say("help-per-address")
    )
    parser.add_argument(
        "--limit-class", type=int, default=limits.per_class, help=_say("help-per-class")
    )
    parser.add_argument(
        "--limit-classes",
        type=int,
        default=limits.classes_per_address,
        help=_say("help-classes"),
    )
    parser.add_argument(
        "--limit-tables",
        type=int,
        default=limits.tables_per_address,
        help=_say("help-tables"),
    )
    parser.add_argument(
        "--verify-seconds",
        type=float,
        default=limits.verify_seconds,
        help=_say("help-verify-seconds"),
    )
    parser.add_argument("--kernel-key-file", type=Path, default=None, help=_say("help-kernel-key"))
    parser.add_argument("--table-wait", type=float, default=None, help=_say("help-table-wait"))
    parser.add_argument("--table-sweep", type=float, default=None, help=_say("help-table-sweep"))
    parser.add_argument("--behind-proxy", action="store_true", help=_say("help-proxy"))
    parser.add_argument("--hub", action="store_true", help=_say("help-hub"))
    return parser.parse_args(argv)


def _address(options: argparse.Namespace) -> tuple[str, int]:
    """Where to listen: ``--host`` and ``--port``, else (with ``--hub``) the service's URL
    the hub gives, else 127.0.0.1 and :data:`DEFAULT_PORT`."""
    given = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "")) if options.hub else None
    host = options.host or (given.hostname if given else None) or "127.0.0.1"
    if options.port is not None:
        return host, options.port
    return host, (given.port if given else None) or DEFAULT_PORT


def kernel_key(options: argparse.Namespace) -> str | None:
    """The served app's kernel key: the file ``--kernel-key-file`` names, else
    ``CARDSCHOOL_KERNEL_KEY``, else None (no table's deal is given while it is played)."""
    if options.kernel_key_file is not None:
        return options.kernel_key_file.read_text(encoding="utf-8").strip() or None
    return os.environ.get(KERNEL_KEY_ENV, "").strip() or None


async def _serve(options: argparse.Namespace) -> None:
    """Run the class server until SIGINT or SIGTERM."""
    store = ClassStore(options.db)
    limits = Limits(
        options.limit_window,
        options.limit_address,
        options.limit_class,
        classes_per_address=options.limit_classes,
        tables_per_address=options.limit_tables,
        verify_seconds=options.verify_seconds,
    )
    app = make_app(
        store,
        origins=options.origin,
        exercises_root=options.exercises.resolve(),
        verifiers=max(0, options.verifiers),
        limits=limits,
        kernel_key=kernel_key(options),
        table_wait=options.table_wait,
        table_sweep=options.table_sweep,
    )
    served: Any = app
    if options.hub:  # a student is whoever the hub says (hub.py)
        from .hub import as_hub_service

        served, _students = as_hub_service(app)
    host, port = _address(options)
    http, port = serve(served, host, port, xheaders=options.behind_proxy)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    print(_say("listening", url=f"http://{host}:{port}/api"), flush=True)
    try:
        await stop.wait()
    finally:
        http.stop()
        app.class_server.close()  # type: ignore[attr-defined]
        store.engine.dispose()


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and run the class server."""
    enable_pretty_logging()  # every line with its time and level, Tornado's requests too
    asyncio.run(_serve(parse(argv)))


if __name__ == "__main__":
    main()
