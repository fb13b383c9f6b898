"""Errors shown to a browser never include tracebacks or file paths (issue 26, item 13)."""

from __future__ import annotations

import os
import queue
import time

from jupyter_client.manager import start_new_kernel

BAD_WIDGETS = [
    {"state": {"_model_name": "NopeModel", "_model_module": "nope"}, "buffer_paths": []},
    {
        "state": {
            "_model_name": "NopeModel",
            "_model_module": "nope",
            "_model_module_version": "1",
            "_view_name": "NopeView",
        },
        "buffer_paths": [],
        "version": "2.1.0",
    },
]


def test_a_page_asking_for_an_unknown_widget_gets_no_traceback():
    # a kernel as Voilà starts it (under pytest a kernel would not forward its error stream)
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    manager, client = start_new_kernel(kernel_name="python3", env=env)
    try:
        client.execute_interactive("import cardschool.widgets", timeout=60)
        for n, data in enumerate(BAD_WIDGETS):
            content = {"comm_id": f"bad{n}", "target_name": "jupyter.widget", "data": data}
            client.shell_channel.send(client.session.msg("comm_open", content))
        client.shell_channel.send(
            client.session.msg("comm_open", {"comm_id": "x", "target_name": "nope", "data": {}})
        )
        client.execute("import logging; logging.getLogger('cardschool.x').error('ours')")
        sent, deadline = [], time.monotonic() + 3
        while time.monotonic() < deadline:
            try:
                sent.append(client.get_iopub_msg(timeout=0.5))
            except queue.Empty:
                continue
        closed = {m["content"]["comm_id"] for m in sent if m["msg_type"] == "comm_close"}
        assert {"bad0", "bad1"} <= closed  # the kernel did refuse them
        said = "".join(str(m["content"]) for m in sent if m["msg_type"] in ("stream", "error"))
        assert (
            "ours" not in said and "Traceback" not in said and ".py" not in said and "/" not in said
        ), said
    finally:
        manager.shutdown_kernel(now=True)
