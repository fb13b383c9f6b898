"""Records the class database refused, sealed to be kept by the browser (issue 26.7).

A record the store refused (read-only, PostgreSQL down) is kept by the kernel and also
sent to the browser, which keeps it in its storage, so a kernel that dies loses nothing:
the next page of that browser sends it back with the membership. The browser could
change what it keeps, so the kernel seals each record with an HMAC (SHA-256) under a
server-side secret (``CARDSCHOOL_SECRET``, else a file made once with mode 0600 next to a
SQLite database, or in the server user's ``~/.cardschool/`` for a database server: the same
for every kernel, whatever folder its page runs in; never in the database) and takes one
back only with a seal that holds, for the student it was sealed for. A record is kept once
(its uid), and one sealed before the store's record of the same work was written is dropped
(a newer result stands). Without a secret it can read, the kernel keeps refused records
itself only, and leaves what the browser kept where it is.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import logging
import os
import secrets
import time
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from .basics import Member
from .record_in import RecordIn

__all__ = [
    "MAX_SEALED",
    "OTHERS",
    "SECRET_FILE",
    "SECRET_VAR",
    "seal",
    "secret_file",
    "secret_for",
    "unseal",
]

log = logging.getLogger(__name__)

SECRET_VAR = "CARDSCHOOL_SECRET"
"""The environment variable holding the server's sealing secret, if set."""
SECRET_FILE = "cardschool.secret"
"""The secret's file, made once (mode 0600) when no variable is set (see :func:`secret_file`)."""
MAX_SEALED = 16_000
"""The longest sealed record a browser keeps (its storage entries are at most 16,384 long):
a longer one is sealed without its save (the record stays; its replay does not)."""
OTHERS = "others"
"""What :func:`unseal` says of a record sealed for another student."""
_FIELDS = {field.name for field in dataclasses.fields(RecordIn)}


def secret_file(url: str) -> Path:
    """Where the sealing secret of the class database at ``url`` is kept when no variable is
    set: beside a SQLite file, else (a database server) in ``~/.cardschool/`` of the user the
    kernels run as; never the kernel's working folder, which is each page's own folder."""
    if url.startswith("sqlite"):  # a SQLite file (a class server's address is not one)
        from sqlalchemy.engine import make_url

        parsed = make_url(url)
        if parsed.database:
            return Path(parsed.database.removeprefix("file:")).parent / SECRET_FILE  # a URI too
    folder = Path.home() / ".cardschool"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder / SECRET_FILE


@cache
def secret_for(url: str) -> bytes:
    """The sealing secret of the class database at ``url`` (the variable, else its file);
    OSError when the file can be neither made nor read."""
    given = os.environ.get(SECRET_VAR)
    if given:
        return given.encode()
    path = secret_file(url)
    try:
        made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(made, "w") as out:
            out.write(secrets.token_hex(32))
    for _wait in range(50):  # another kernel may be writing it this moment
        text = path.read_text().strip()
        if text:
            return text.encode()
        time.sleep(0.01)
    raise RuntimeError(f"the sealing secret {path} is empty")


def _sign(secret: bytes, body: str) -> str:
    return hmac.new(secret, body.encode(), hashlib.sha256).hexdigest()


def seal(record: RecordIn, member: Member, secret: bytes) -> dict[str, str]:
    """``record`` of ``member`` as the browser keeps it: its uid, its body and the seal."""
    fields = dataclasses.asdict(record)
    fields["illegal"] = dict(record.illegal)
    body = {
        "record": fields,
        "student": member.student_id,
        "class": member.class_id,
        "sealed": datetime.now(UTC).timestamp(),
    }
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    if len(text) > MAX_SEALED and record.save is not None:
        return seal(dataclasses.replace(record, save=None), member, secret)
    return {"uid": record.uid, "body": text, "sig": _sign(secret, text)}


def unseal(entry: object, member: Member, secret: bytes) -> tuple[RecordIn, datetime] | str | None:
    """The record a browser sent back and when it was sealed, if its seal holds and it was
    sealed for ``member``; :data:`OTHERS` for one sealed for another student (of a shared
    browser: left where it is); None (logged) for anything else: forged, changed, unreadable."""
    if not isinstance(entry, dict) or set(entry) != {"uid", "body", "sig"}:
        log.warning("a kept class record of an unknown shape was dropped")
        return None
    body, sig = entry["body"], entry["sig"]
    if not isinstance(body, str) or not isinstance(sig, str) or len(body) > MAX_SEALED:
        log.warning("a kept class record of an unknown shape was dropped")
        return None
    if not hmac.compare_digest(sig, _sign(secret, body)):
        log.warning("a kept class record whose seal does not hold was dropped")
        return None
    try:
        data: Any = json.loads(body)
        if (data["student"], data["class"]) != (member.student_id, member.class_id):
            return OTHERS
        fields = data["record"]
        if not isinstance(fields, dict) or not _FIELDS - {"tries"} <= set(fields) <= _FIELDS:
            raise ValueError(fields)
        record = RecordIn(**fields).checked()
        sealed = datetime.fromtimestamp(float(data["sealed"]), UTC)
    except (ValueError, KeyError, TypeError, OverflowError):
        log.warning("a kept class record that cannot be read was dropped")
        return None
    if record.uid != entry["uid"]:
        log.warning("a kept class record under another uid was dropped")
        return None
    return record, sealed
