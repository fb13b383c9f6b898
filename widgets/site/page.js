// cardschool's static site: added to every page by the build (widgets/site/pages.py).
// 1. Links between notebooks (x.ipynb, what the lessons and the landing page write) become the
//    site's pages (x.html) as soon as they are on the page, so a link opened in a new tab,
//    copied or dragged is an address that works; a click rewrites it too, as a last resort.
// 2. A host that cannot run the school (the page opened as a file, or .wasm files sent with
//    the wrong type) is told on the page, with what the publisher must change.
// 3. Once the site's service worker runs, it is told what this page loaded, to keep it with
//    the rest of the site (KEEP_AFTER the page's load).
(() => {
  const SAID = __SAID__;
  const NOTEBOOK = /\.ipynb(?=[?#]|$)/;
  const KEEP_AFTER = 20000; // ms after the page's load: then the site is kept for offline
  const toPage = (link) => {
    const href = link.getAttribute("href");
    if (href && /^[^:]*$/.test(href.split(/[?#]/)[0]) && NOTEBOOK.test(href)) {
      link.setAttribute("href", href.replace(NOTEBOOK, ".html"));
    }
  };
  const rewrite = (node) => {
    if (node.nodeType !== 1) return;
    if (node.tagName === "A") toPage(node);
    node.querySelectorAll("a[href]").forEach(toPage);
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "attributes") rewrite(change.target);
      else change.addedNodes.forEach(rewrite);
    }
  }).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["href"],
  });
  rewrite(document.documentElement);
  document.addEventListener("click", (event) => {
    const link = event.composedPath().find((node) => node.tagName === "A");
    if (link) toPage(link);
  }, true);

  const tell = (lines) => {
    const show = () => {
      const box = document.createElement("div");
      box.className = "cs-site-problem";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;padding:1em 1.5em;"
        + "background:#fff4e5;color:#3d2600;border-bottom:3px solid #b35c00;font:16px/1.5 sans-serif";
      for (const line of lines) {
        const p = document.createElement("p");
        p.style.margin = "0.25em 0";
        p.textContent = line;
        box.append(p);
      }
      document.body.prepend(box);
    };
    if (document.body) show();
    else document.addEventListener("DOMContentLoaded", show);
  };
  const config = () => {
    try {
      return JSON.parse(document.getElementById("jupyter-config-data").textContent);
    } catch (_error) {
      return {};
    }
  };
  const checkWasm = () => {
    const root = new URL(config().baseUrl || "./", window.location.href); // read once parsed
    fetch(new URL("static/pyodide/pyodide.asm.wasm", root), { method: "HEAD", cache: "no-store" })
      .then((answer) => {
        const type = (answer.headers.get("content-type") || "").split(";")[0].trim();
        if (answer.ok && type !== "application/wasm") {
          tell([SAID.wasm.replace("{found}", type || "?"), SAID.wasmFix]);
        }
      })
      .catch(() => {}); // offline: the files kept from a visit answer
  };
  if (window.location.protocol === "file:") tell([SAID.file, SAID.fileFix]);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", checkWasm);
  else checkWasm();

  const workers = navigator.serviceWorker;
  if (!workers) return;
  const keep = () => {
    if (!workers.controller) return;
    const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
    workers.controller.postMessage({ cardschoolKeep: [window.location.href, ...urls] });
  };
  // once the page has long started (and the next page most likely too): keeping the site
  // reads and writes its 25 MB once per build, which would slow a page starting meanwhile
  const later = () => setTimeout(keep, KEEP_AFTER);
  workers.addEventListener("controllerchange", later);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later);
})();
