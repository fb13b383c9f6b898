"""A throw-away PostgreSQL server for the class store's tests (Debian's ``postgresql`` package).

``initdb`` refuses to run as root and CI runs as root, so there the cluster's folder is
given to ``nobody`` and the server runs as that user (``setpriv``). It listens on a free
loopback port, trusts local connections, keeps nothing (fsync off) and is stopped at the end;
the URL it gives can stop the server and start it again (``PgServer``).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["START_S", "PgServer", "pg_bin", "running_postgres"]


def pg_bin() -> Path | None:
    """The newest PostgreSQL server binaries folder on this machine, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(found[-1]).parent if found else None


class PgServer(str):
    """The server's URL (no database part), which can also stop the server and start it
    again on the same cluster and port (``stop()``, ``start()``)."""

    process: subprocess.Popen | None = None
    start: Any
    stop: Any


START_S = 60.0
"""How long a server may take to start before the test fails (a loaded machine is slow)."""


def _answers(port: int) -> bool:
    """True once the server takes a connection and answers a query: it listens a while
    before it does (its first connections are refused with "the database system is
    starting up", so a test that went on at the first open port failed under load)."""
    import psycopg

    try:
        with psycopg.connect(
            host="127.0.0.1", port=port, user="postgres", dbname="postgres", connect_timeout=5
        ) as connection:
            connection.execute("SELECT 1")
    except psycopg.OperationalError:
        return False
    return True


def _start(url: PgServer, command: list[str], env: dict[str, str], root: Path, port: int) -> None:
    """Start the server and wait until it answers (at most :data:`START_S`)."""
    log_path = root / "server.log"  # a file: a pipe nobody reads would fill and stall the server
    with log_path.open("ab") as log:
        server = url.process = subprocess.Popen(
            command, env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=log
        )
    deadline = time.monotonic() + START_S
    while not _answers(port):
        if server.poll() is not None or time.monotonic() > deadline:
            if server.poll() is None:
                server.kill()
            said = log_path.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"PostgreSQL did not start: {said}")
        time.sleep(0.05)


def _stop(url: PgServer) -> None:
    """Stop the server (a fast shutdown), if it runs."""
    server, url.process = url.process, None
    if server is None:
        return
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_postgres(bin_dir: Path) -> Iterator[str]:
    """Start a cluster in a temporary folder; yield its server URL (no database part)."""
    root = Path(tempfile.mkdtemp(prefix="cardschool-pg-"))
    data, sockets = root / "data", root / "sock"
    prefix: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("nobody")
        os.chown(root, user.pw_uid, user.pw_gid)
        prefix = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"]
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    subprocess.run([*prefix, "mkdir", str(sockets)], check=True, env=env)
    subprocess.run(
        [
            *prefix,
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        ],
        check=True,
        env=env,
        capture_output=True,
        cwd=root,
    )
    port = _free_port()
    command = [
        *prefix,
        str(bin_dir / "postgres"),
        "-D",
        str(data),
        "-p",
        str(port),
        "-F",
        "-k",
        str(sockets),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "max_connections=60",
    ]
    url = PgServer(f"postgresql+psycopg://postgres@127.0.0.1:{port}")
    url.start = lambda: _start(url, command, env, root, port)
    url.stop = lambda: _stop(url)
    url.start()
    try:
        yield url
    finally:
        url.stop()
        shutil.rmtree(root, ignore_errors=True)
