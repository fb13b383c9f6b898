"""The static site's pages made ready (``widgets/site/pages.py``): settings, trim, styles."""

from __future__ import annotations

import json
from pathlib import Path

from cardschool.widgets.site.pages import (
    VEGA,
    pin_kernel_settings,
    shared_styles,
    trim,
    vega_chunks,
)

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
    assert kernel["pyodideUrl"] == "./static/pyodide/cardschool-pyodide.js"  # the snapshot's loader
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"] == {"packages": ["cardschool", "ipywidgets"]}
    assert kernel["pipliteUrls"] == ["./all.json"]  # what the build wrote stays
    shown = page_config(page)
    assert shown["note"] == "</b>"  # written so that it cannot end the script early
    assert "</b>" not in page.read_text().split("</script>")[0]
    page_kernel = shown["litePluginSettings"][KERNEL]
    assert page_kernel["pyodideUrl"] == "../../../static/pyodide/cardschool-pyodide.js"
    assert page_kernel["disablePyPIFallback"] is True
    # the Vega renderer, whose code the site leaves out, is off in every config
    assert top["disabledExtensions"] == shown["disabledExtensions"] == [VEGA]


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


VEGA_LOADER = (
    "e.ensureVega=function(){return e.vegaReady||(e.vegaReady=Promise.all([a.e(981),a.e(1449)])"
    ".then(a.bind(a,31449))),e.vegaReady}"
)


def test_the_code_only_the_vega_renderer_loads_is_left_out(tmp_path):
    scripts = tmp_path / "voici" / "build"
    scripts.mkdir(parents=True)
    (tmp_path / "build").mkdir()
    (scripts / "2094.js").write_text(f"renderer: {VEGA_LOADER}")
    (scripts / "7774.js").write_text("colours: n.e(981).then(draw)")  # 981 is shared
    (scripts / "981.js").write_text("c" * 100)
    (scripts / "1449.js").write_text("v" * 1000)
    (scripts / "1449.js.LICENSE.txt").write_text("l" * 10)

    assert vega_chunks(scripts) == [scripts / "1449.js", scripts / "1449.js.LICENSE.txt"]
    assert trim(tmp_path) == 1010
    assert sorted(p.name for p in scripts.iterdir()) == ["2094.js", "7774.js", "981.js"]
    (scripts / "2094.js").write_text("a voici whose renderer loads another way")
    assert vega_chunks(scripts) == []  # not found: nothing is left out


def test_the_theme_every_page_repeats_is_one_linked_stylesheet(tmp_path):
    theme = ".jp-theme { color: black; }\n" * 1000  # long, as JupyterLab's theme is
    pages = {
        "voici/render/index.html": "",
        "voici/render/mille/practice.html": '<style media="print">' + theme + "</style>",
    }
    for name, extra in pages.items():
        page = tmp_path / name
        page.parent.mkdir(parents=True, exist_ok=True)
        styles = f'<style type="text/css">{theme}</style><style>.cs-own {{}}</style>{extra}'
        page.write_text(f"<html><head>{styles}</head><body>a page</body></html>")

    saved = shared_styles(tmp_path)

    written = list((tmp_path / "static" / "styles").iterdir())
    assert len(written) == 1 and written[0].read_text() == theme  # one copy, as it was
    assert saved == len(theme.encode())  # two pages carried it: one copy is saved
    index = (tmp_path / "voici/render/index.html").read_text()
    practice = (tmp_path / "voici/render/mille/practice.html").read_text()
    assert f'<link rel="stylesheet" href="../../static/styles/{written[0].name}">' in index
    assert f'<link rel="stylesheet" href="../../../static/styles/{written[0].name}">' in practice
    assert "<style>.cs-own {}</style>" in index  # short stylesheets stay in the page
    assert practice.count(theme) == 1  # the one for print stays too
    assert shared_styles(tmp_path) == 0  # built already: nothing more to share
