"""Voilà inside a Jupyter server (Binder): every page gets the server's ``_xsrf`` cookie.

A page ends its kernel when it closes with a POST to ``voila/api/shutdown/<id>`` carrying
the ``_xsrf`` cookie's value; Voilà's pages are not rendered by the server's templates,
so nothing sets that cookie unless the render asks for the token, as this hook does.
"""

from typing import Any

c = get_config()  # noqa: F821 (defined by the config loader)


def give_xsrf_cookie(handler: Any, notebook: Any, cwd: str) -> Any:
    """Touch the request's XSRF token (setting its cookie); the notebook is unchanged."""
    handler.xsrf_token  # noqa: B018 (the property sets the cookie)
    return notebook


c.VoilaConfiguration.prelaunch_hook = give_xsrf_cookie
