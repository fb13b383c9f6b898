"""Where this process's class store is: a class server, or the class database here.

A class server's address comes from ``CARDSCHOOL_CLASS_SERVER`` (the served app), else from
the static site's setting (``make static CLASS_SERVER=...``), else from what the teacher or
student typed on the static site's class or teacher page (kept in their browser, sent to
the kernel: :func:`use_class_server`; every other page that records, a practice table, a
lesson's exercises, and the landing page, gets it with the class membership the browser
sends: :func:`use_sent_class_server`). With one, the pages' store is a
:class:`~.client.ClassClient` and no database package is imported; without one, the class
database (SQLAlchemy) where it can run, nowhere on the static site.
"""

from __future__ import annotations

import sys
from typing import Any

from .browser_transport import checked_address, in_browser, site_class_server, transport_here

__all__ = [
    "class_server_here",
    "class_store_reachable",
    "opened_on_first_use",
    "store_here",
    "typed_class_server",
    "use_class_server",
    "use_sent_class_server",
]

_typed: list[str] = []
"""The address typed on a page of this kernel (the last one), else empty."""


def use_class_server(value: object) -> str | None:
    """Record through the class server at ``value`` from now on (an address typed on the
    static site); the address kept, or None (nothing changed) if it is not an http(s) one."""
    address = checked_address(value)
    if address is not None:
        _typed[:] = [address]
    return address


def use_sent_class_server(value: object) -> bool:
    """Record through the class server address a page's browser sent with its class
    membership (typed once on the class page, kept in that browser), as
    :func:`use_class_server` does; False (nothing changed) if it is not an http(s) address.

    Taken only where this kernel runs in that browser (the static site): a kernel on a server
    takes no address from a page (True: ignored), or any page could make it send requests
    wherever it likes; its class server is the one it was started with."""
    if not in_browser():
        return True
    return use_class_server(value) is not None


def typed_class_server() -> str | None:
    """The address typed on a page of this kernel, if any."""
    return _typed[0] if _typed else None


def class_server_here() -> str | None:
    """The class server this process records through: the environment's, the static site's
    setting, or the one typed; None when there is none."""
    from .client import class_server_url

    return class_server_url() or site_class_server() or typed_class_server()


def class_store_reachable() -> bool:
    """True when a class store can be reached: a class server is known, or the class
    database's packages (SQLAlchemy, Alembic) import here (not on the static site)."""
    from .joined import class_store_runs_here

    return class_server_here() is not None or class_store_runs_here()


def store_here() -> Any:
    """The class store of this process: a :class:`~.client.ClassClient` of the class server
    :func:`class_server_here` names (no database credentials needed), else the database of
    ``CARDSCHOOL_DB`` opened here."""
    server = class_server_here()
    if server:
        from .client import ClassClient

        return ClassClient(server, transport_here())
    from .store import ClassStore

    return ClassStore()


def _opens_here(opener: Any) -> bool:
    """True when ``opener`` is the default: :func:`store_here`, or the class
    :class:`~.store.ClassStore` itself (given before there was a class server)."""
    store = sys.modules.get(f"{__package__}.store")
    return opener is store_here or (store is not None and opener is store.ClassStore)


def opened_on_first_use() -> property:
    """A page's ``store`` property: the class store its ``_open_store`` opens, the first time
    it is asked for (StoreError if it cannot be), then the same store. A page given the
    default opens :func:`store_here`: the class server when one is known."""

    def store(page: Any) -> Any:
        """The class store, opened on first use (StoreError if it cannot be)."""
        if page._store is None:
            opener = page._open_store
            page._store = store_here() if _opens_here(opener) else opener()
        return page._store

    return property(store)
