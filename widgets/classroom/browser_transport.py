"""The class client's transport in the browser, and the static site's class server setting.

On the static site Python runs in Pyodide, in the kernel's web worker, where there are no
sockets: :func:`xhr_transport` sends a request with the browser's synchronous
``XMLHttpRequest`` (allowed in a worker), JSON text in and out; a request that gets no
answer (the server down, refused by CORS, no network) raises :class:`OSError`, as
:func:`~.client.urllib_transport` does. :func:`transport_here` picks it under Pyodide.

The site may be built for a class server (``make static CLASS_SERVER=https://...``): the
build writes its address into :data:`SETTING_FILE` at the site's root, which
:func:`site_class_server` reads once (the kernel cannot read its page's address, but its
worker's script is under the site's ``extensions/`` folder).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

__all__ = [
    "SETTING_FILE",
    "TIMEOUT_MS",
    "checked_address",
    "in_browser",
    "site_class_server",
    "site_root",
    "transport_here",
    "xhr_transport",
]

log = logging.getLogger(__name__)

SETTING_FILE = "class-server.json"
"""The static site's file naming its class server: ``{"class_server": "https://..."}``."""
TIMEOUT_MS = 15_000
"""How long one request waits for the server's answer (a worker's sync request may wait)."""
_ADDRESS_LIMIT = 300
_site_setting: list[str | None] = []
"""The site's setting once read (one item), else empty."""


def in_browser() -> bool:
    """True in Pyodide (the static site's kernel, in the browser)."""
    return sys.platform == "emscripten"


def checked_address(value: object) -> str | None:
    """``value`` as a class server's address (an http or https URL with a host, no user,
    query or fragment), without its last slash; None if it is not one."""
    if not isinstance(value, str) or not 0 < len(value.strip()) <= _ADDRESS_LIMIT:
        return None
    text = value.strip()
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018  (a port that is not a number raises)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.username or parts.password or parts.query or parts.fragment:
        return None
    if any(ord(c) < 33 or c in "\"'<>\\`" for c in text):
        return None
    return text.rstrip("/")


def xhr_transport(
    method: str, url: str, headers: Mapping[str, str], body: bytes | None
) -> tuple[int, Any]:
    """One request with the browser's synchronous XMLHttpRequest: the status and the
    answer's JSON (None if none); ConnectionError when no answer comes."""
    from js import XMLHttpRequest  # the browser's, in the kernel's worker

    request = XMLHttpRequest.new()
    try:
        request.open(method, url, False)
        request.timeout = TIMEOUT_MS
        for name, value in headers.items():
            request.setRequestHeader(name, value)
        request.send(body.decode() if body is not None else None)
    except Exception as error:  # the browser's NetworkError (CORS, down, offline), a timeout
        raise ConnectionError(str(error)) from error
    status = int(request.status)
    if status == 0:  # no answer the page may read
        raise ConnectionError(url)
    text = str(request.responseText or "")
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, None


def transport_here() -> Any:
    """The transport for this Python: the browser's XMLHttpRequest under Pyodide, else
    ``urllib``."""
    if in_browser():
        return xhr_transport
    from .client import urllib_transport

    return urllib_transport


def site_root(worker_url: str) -> str | None:
    """The static site's root address, from its kernel worker's script address (under the
    site's ``extensions/``); None if it is not there."""
    at = worker_url.find("/extensions/")
    return worker_url[: at + 1] if at > 0 else None


def site_class_server() -> str | None:
    """The class server the static site was built for (its :data:`SETTING_FILE`), read once;
    None off the static site, without the file, or if the file names no http(s) address."""
    if not in_browser():
        return None
    if not _site_setting:
        _site_setting.append(_read_setting())
    return _site_setting[0]


def _read_setting() -> str | None:
    """The address :data:`SETTING_FILE` names, asked of the site's host."""
    from js import location  # the worker's own address

    root = site_root(str(location.href))
    if root is None:
        return None
    try:
        status, answer = xhr_transport("GET", f"{root}{SETTING_FILE}", {}, None)
    except OSError:  # offline with no copy kept: no class server this time
        log.info("the static site's class server setting could not be read")
        return None
    if status != 200 or not isinstance(answer, dict):
        return None
    return checked_address(answer.get("class_server"))
