"""The static site's build steps that need no download: the kernel's settings, the trim."""

from __future__ import annotations

import json
from pathlib import Path

from cardschool.widgets.static_site import pin_kernel_settings, trim

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
PAGE = """<html><head>
<script id="jupyter-config-data" type="application/json">{config}</script>
</head><body>a voici page</body></html>"""


def page_config(page: Path) -> dict:
    text = page.read_text()
    start = text.index('type="application/json">') + len('type="application/json">')
    return json.loads(text[start : text.index("</script>", start)])


def test_every_page_gets_the_runtime_the_wheels_and_no_pypi(tmp_path):
    # as the lite build left them: a root config and a page whose settings lost the keys
    settings = {KERNEL: {"pipliteUrls": ["./all.json"]}}
    root = {"jupyter-config-data": {"baseUrl": "./", "litePluginSettings": settings}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(root))
    page = tmp_path / "voici" / "render" / "mille" / "practice.html"
    page.parent.mkdir(parents=True)
    page.write_text(PAGE.format(config=json.dumps({"baseUrl": "../../../", "note": "</b>"})))
    (tmp_path / "plain.html").write_text("<html>no config</html>")

    assert pin_kernel_settings(tmp_path, ["cardschool", "ipywidgets"]) == 1

    top = json.loads((tmp_path / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = top["litePluginSettings"][KERNEL]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"] == {"packages": ["cardschool", "ipywidgets"]}
    assert kernel["pipliteUrls"] == ["./all.json"]  # what the build wrote stays
    shown = page_config(page)
    assert shown["note"] == "</b>"  # written so that it cannot end the script early
    assert "</b>" not in page.read_text().split("</script>")[0]
    page_kernel = shown["litePluginSettings"][KERNEL]
    assert page_kernel["pyodideUrl"] == "../../../static/pyodide/pyodide.js"
    assert page_kernel["disablePyPIFallback"] is True


def test_the_trim_leaves_out_what_no_page_links_to_and_leads_to_the_start_page(tmp_path):
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "jlab_core.js").write_text("x" * 1000)
    (tmp_path / "voici" / "build").mkdir(parents=True)
    (tmp_path / "voici" / "build" / "app.js").write_text("kept")
    (tmp_path / "voici" / "tree" / "mille").mkdir(parents=True)
    (tmp_path / "voici" / "tree" / "mille" / "index.html").write_text("y" * 200)
    (tmp_path / "voici" / "index.html").write_text("leads to voici/tree/index.html")
    (tmp_path / "index.html").write_text("jupyterlite's file list")

    assert trim(tmp_path) == 1200
    assert not (tmp_path / "build").exists()
    assert not (tmp_path / "voici" / "tree").exists()  # folder listings: no page links there
    assert (tmp_path / "voici" / "build" / "app.js").read_text() == "kept"
    assert 'url=voici/render/index.html"' in (tmp_path / "index.html").read_text()
    assert 'url=render/index.html"' in (tmp_path / "voici" / "index.html").read_text()
    assert trim(tmp_path) == 0  # nothing more to leave out
