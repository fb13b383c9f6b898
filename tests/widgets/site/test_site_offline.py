"""The static site published clean and kept offline (``widgets/site/offline.py``), no build."""

from __future__ import annotations

import json
import os
import re

import pytest

from cardschool.widgets.site.build import REPO, out_of_date
from cardschool.widgets.site.offline import (
    NOJEKYLL,
    UPSTREAM_FETCH,
    first_files,
    keep_offline,
    stamp_of,
    tidy,
)
from cardschool.widgets.site.pages import PAGE_SCRIPT, START_PAGE, page_script, self_contained


def test_no_stray_file_ships_and_github_pages_serves_the_folder_as_it_is(tmp_path):
    site = tmp_path / "static"
    schemas = site / "extensions" / "@x" / "schemas"
    schemas.mkdir(parents=True)
    for name in ["jupyter-lite.ipynb", "jupyter-lite.json", "index.html"]:
        (site / name).write_text("{}")
    (schemas / "package.json.orig").write_text("{}")
    (schemas / "package.json").write_text("{}")

    assert tidy(site) == ["extensions/@x/schemas/package.json.orig", "jupyter-lite.ipynb"]
    assert (site / NOJEKYLL).exists() and (schemas / "package.json").exists()
    # the build's stamp lives beside the site, not in it
    assert stamp_of(site) == tmp_path / "static.built"
    assert out_of_date(site)
    stamp_of(site).write_text("0")
    os.utime(stamp_of(site), (0, 0))
    assert out_of_date(site)  # older than the sources


def test_what_a_run_leaves_beside_the_sources_does_not_make_the_site_stale(tmp_path):
    root, site = tmp_path / "repo", tmp_path / "site"
    for name in ["engine/cards.py", "tutorial/index.ipynb", "pyproject.toml"]:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x")
    site.mkdir()
    stamp_of(site).write_text("built")
    os.utime(stamp_of(site), (1_000, 1_000))
    for name in ["engine/cards.py", "tutorial/index.ipynb", "pyproject.toml"]:
        os.utime(root / name, (500, 500))  # built after every source
    assert not out_of_date(site, root)
    left = ["engine/__pycache__/cards.cpython-311.pyc", "tutorial/cardschool.db"]
    left += ["tutorial/cardschool.db-wal", "tutorial/.ipynb_checkpoints/index-checkpoint.ipynb"]
    for name in left:  # a test run, the app, an editor: after the build
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x")
    assert not out_of_date(site, root)
    os.utime(root / "engine/cards.py", (2_000, 2_000))  # a source changed since
    assert out_of_date(site, root)


def test_the_service_worker_keeps_every_page_and_wraps_jupyterlites(tmp_path):
    site = tmp_path
    upstream = 'const CACHE="precache";self.addEventListener("fetch",onFetch);'
    (site / "service-worker.js").write_text(upstream)
    pages = ["voici/render/index.html", "voici/render/mille/practice.html"]
    others = ["static/pyodide/pyodide.asm.wasm", "voici/build/1650.js", "api/contents/all.json"]
    others += ["files/path.toml", "extensions/a/static/x.js", "extensions/a/x.js.LICENSE.txt"]
    for name in [*pages, *others, ".nojekyll"]:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text("x")

    assert first_files(site) == [
        "./",
        "api/contents/all.json",
        "extensions/a/static/x.js",
        "files/path.toml",
        "static/pyodide/pyodide.asm.wasm",
        "voici/render/index.html",
        "voici/render/mille/practice.html",
    ]
    assert keep_offline(site, "123") == 7
    worker = (site / "service-worker.js").read_text()
    assert worker.endswith(upstream) and worker.index("${SCHOOL}123") < len(worker) // 2
    listed = re.search(r"const FIRST = (\[.*?\]);", worker).group(1)
    assert json.loads(listed) == first_files(site)
    (site / "service-worker.js").write_text("self.onfetch = onFetch;")
    with pytest.raises(SystemExit, match=re.escape(UPSTREAM_FETCH)):
        keep_offline(site, "124")


def test_every_page_loads_the_one_page_script_with_the_publishers_sentences(tmp_path):
    page = tmp_path / "voici" / "render" / "mille" / "practice.html"
    page.parent.mkdir(parents=True)
    page.write_text("<html><head><title>x</title></head><body></body></html>")
    self_contained(tmp_path)
    script = (tmp_path / PAGE_SCRIPT).read_text()
    assert script == page_script() and "__SAID__" not in script
    assert "application/wasm" in script and "file://" in script
    assert '<script src="../../../static/page.js"></script>\n</head>' in page.read_text()


def test_the_readmes_deal_link_is_an_address_of_the_site():
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## Publish without a server") :]
    links = re.findall(r"`([\w/.-]+\.html)\?deal=[\w-]+`", section)
    assert links, "no deal link in the README's publishing section"
    folder = START_PAGE.rsplit("/", 1)[0]
    for link in links:
        assert link.startswith(f"{folder}/")
        assert (REPO / "tutorial" / link.removeprefix(f"{folder}/")).with_suffix(".ipynb").exists()
