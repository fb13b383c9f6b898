"""The app's Voilà server, as the fixture starts it: it answers, and hides files it should."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

pytestmark = pytest.mark.browser


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_app_server_answers_and_serves_no_config_or_code(voila_app):
    assert status(voila_app + "/") == 200
    assert status(voila_app + "/voila/files/voila.json") == 403
    assert status(voila_app + "/voila/files/../pyproject.toml") in (403, 404)
