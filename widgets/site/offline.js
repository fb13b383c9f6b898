// cardschool's static site: the service worker keeps the site's files, so that after a first
// visit every page opens offline. Put before JupyterLite's own service worker by the build
// (widgets/site/offline.py), which leaves to that one the requests it answers itself (the
// kernel's file drive and input, its heartbeat). Every other request of the site goes to the
// network first (a page is never older than the host's) and what comes back is kept, once per
// build; without a network the kept copy answers.
const SCHOOL = `cardschool-site ${self.registration.scope} `; // two copies on a host: two
const KEEP = `${SCHOOL}__BUILD__`;
const FIRST = __FIRST__; // every page and what every page loads, from this file's folder
const THEIRS = /\/api\/(drive|stdin\/|service-worker-heartbeat)/;
const listen = self.addEventListener.bind(self);

const keyOf = (request) => {
  if (request.mode !== "navigate") return request;
  const url = new URL(request.url);
  return url.origin + url.pathname; // a page's copy answers its links (?deal=...) too
};

async function kept(request) {
  const cache = await caches.open(KEEP);
  return (await cache.match(keyOf(request))) || (await cache.match(request, { ignoreSearch: true }));
}

async function networkFirst(event) {
  const { request } = event;
  const cache = await caches.open(KEEP);
  const had = await cache.match(keyOf(request));
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const copy = had || (await kept(request));
    if (copy) return copy;
    throw error;
  }
  if (!had && response.status === 200 && response.type === "basic") {
    event.waitUntil(cache.put(keyOf(request), response.clone()).catch(() => {}));
  }
  return response;
}

function answered(event) {
  const { request } = event;
  const url = new URL(request.url);
  const mine = request.method === "GET" && url.origin === location.origin
    && !THEIRS.test(url.pathname) && !request.headers.has("range");
  if (mine) event.respondWith(networkFirst(event));
  return mine;
}

async function keepAll(urls) {
  const cache = await caches.open(KEEP);
  const here = new URL(".", location.href);
  for (const url of urls) {
    const address = new URL(url, here);
    if (address.origin !== location.origin || THEIRS.test(address.pathname)) continue;
    address.hash = "";
    const key = address.pathname.endsWith(".html") ? address.origin + address.pathname : address.href;
    if (await cache.match(key)) continue;
    try {
      const response = await fetch(address.href);
      if (response.status === 200) await cache.put(key, response);
    } catch (_error) {
      // offline again, or gone from the host: kept next time
    }
  }
}

async function dropOlder() {
  for (const name of await caches.keys()) {
    if (name.startsWith(SCHOOL) && name !== KEEP) await caches.delete(name); // older builds
  }
}

listen("activate", (event) => event.waitUntil(dropOlder()));
listen("message", (event) => {
  const urls = event.data && event.data.cardschoolKeep;
  if (Array.isArray(urls)) event.waitUntil(keepAll([...urls, ...FIRST]));
});
// JupyterLite's fetch listener answers only what this one leaves
self.addEventListener = (type, listener, options) => listen(
  type, type === "fetch" ? (event) => answered(event) || listener(event) : listener, options);
