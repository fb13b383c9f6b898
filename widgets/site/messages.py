"""The English words the static site's pages say about their host (the ``site`` catalog).

A page tells its reader, before any Python runs, when its host cannot run the school, and
what the publisher must change (:data:`cardschool.widgets.site.pages.PAGE_SCRIPT_FILE`); the
build renders these sentences into every page.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, message, register, render

__all__ = ["SITE", "page_sentences"]

SITE = register(
    Catalog(
        "site",
        {
            "site:file": (
                "This page was opened as a file (file://): a browser runs the school's "
                "Python only on a page that came from a web address, so it cannot start here."
            ),
            "site:file-fix": (
                "To the publisher: put the folder on a web host, or serve it from this "
                "computer (python3 -m http.server in the folder) and open http://localhost:8000/."
            ),
            "site:wasm": (
                "This host sends the Python runtime (the .wasm files) with the type "
                "“{found}”, so the page cannot start Python."
            ),
            "site:wasm-fix": (
                "To the publisher: set the host to send .wasm files with the type "
                "application/wasm (and .mjs files with a JavaScript type), then reload."
            ),
        },
    )
)
"""The site's sentences about its host."""


def page_sentences() -> dict[str, str]:
    """The sentences the page script shows, by its names; ``{found}`` is the page's to fill."""
    return {
        "file": render(message("site:file")),
        "fileFix": render(message("site:file-fix")),
        "wasm": render(message("site:wasm", found="{found}")),
        "wasmFix": render(message("site:wasm-fix")),
    }
