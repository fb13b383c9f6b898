"""The app's plumbing: every setting of tutorial/voila.json exists and holds a valid value."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jupyter_client.manager import KernelManager
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
from voila.app import Voila
from voila.configuration import VoilaConfiguration
from voila.voila_kernel_manager import voila_kernel_manager_factory

REPO = Path(__file__).resolve().parents[2]
CONFIG = json.loads((REPO / "tutorial" / "voila.json").read_text())
CLASSES = {
    "Voila": Voila,
    "VoilaConfiguration": VoilaConfiguration,
    "MappingKernelManager": MappingKernelManager,
    "KernelManager": KernelManager,
    # the class Voilà makes when it preheats kernels (building one would start the pools)
    "VoilaKernelManager": voila_kernel_manager_factory(MappingKernelManager, True, 1),
}
BUILT_LAZILY = {"VoilaKernelManager"}
"""Sections whose class is not built for the check (its values are validated alone)."""


@pytest.mark.parametrize(
    ("section", "name"), [(s, n) for s, values in CONFIG.items() for n in values]
)
def test_every_setting_is_a_real_configurable_trait(section, name):
    cls = CLASSES[section]
    traits = cls.class_traits(config=True)
    assert name in traits, f"{section}.{name} is not a setting of {cls.__name__}"
    owner = None if section in BUILT_LAZILY else cls()
    traits[name].validate(owner, CONFIG[section][name])  # raises if the value is wrong


def test_the_app_hides_code_and_culls_idle_kernels():
    voila, kernels = CONFIG["VoilaConfiguration"], CONFIG["MappingKernelManager"]
    assert voila["strip_sources"] is True and voila["show_tracebacks"] is False
    assert kernels["cull_idle_timeout"] > 0 and 0 < kernels["cull_interval"] <= 300


def test_static_files_served_are_pictures_and_styles_never_code():
    allow = CONFIG["VoilaConfiguration"]["file_allowlist"]
    deny = CONFIG["VoilaConfiguration"]["file_denylist"]

    def served(path: str) -> bool:
        return any(re.fullmatch(p, path) for p in allow) and not any(
            re.fullmatch(p, path) for p in deny
        )

    assert served("mille/table.png") and served("images/cups.svg")
    for hidden in ("index.ipynb", "mille/helpers.py", "voila.json", ".git/config", "a/.env"):
        assert not served(hidden), hidden


def test_binder_installs_the_served_app_on_python_3_11():
    requirements = (REPO / "binder" / "requirements.txt").read_text().splitlines()
    assert [line for line in requirements if line and not line.startswith("#")] == [".[app]"]
    assert (REPO / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
