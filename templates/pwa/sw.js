// The service worker. With signal, every page comes from the server as always; without it, the
// copy of that page this phone saw last, marked so that the page says how old its score is.
"use strict";

const VERSION = "{{ version }}";
const SHELL = "shell-" + VERSION;
const PAGES = "pages-v1";
const PARTS = "parts-v1";
const SHELL_URLS = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const OFFLINE_URL = SHELL_URLS[0];
const STATIC_PREFIX = "{{ static_prefix|escapejs }}";
const KEEP_PAGES = 40;
const KEEP_PARTS = 60;
const WAIT_MS = 8000;
const ANY = { ignoreVary: true };

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(SHELL_URLS)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("shell-") && name !== SHELL)
          .map((name) => caches.delete(name))
      ))
      .then(keepOpenPages)
      .then(() => self.clients.claim())
  );
});

// A page opened before this worker was there (the first visit, from a shared link or a QR code)
// went past it, and no copy of it was kept. Before taking such pages over, the worker keeps each
// one it has no copy of, as their visit would have, so that they open again with no signal.
async function keepOpenPages() {
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const pages = await caches.open(PAGES);
  await Promise.all(open.map(async (client) => {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || (await pages.match(pageKey(url), ANY))) return;
    // Weak signal holds the pages back from the worker a while at most; their copy may come later.
    await timed(fetchAndKeep(url.pathname + url.search, url), WAIT_MS).catch(() => {});
  }));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // a save goes to the server or fails, never a copy
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  } else if (request.headers.get("HX-Request") && url.searchParams.get("part") === "entry") {
    event.respondWith(fresh(request, PARTS, partKey(url)));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(fresh(request, SHELL, url.pathname));
  }
});

// The page asks: keep a fresh copy of itself (after a save), and the hand forms it may need.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.refresh) event.waitUntil(refresh(data.refresh));
  if (data.warm) event.waitUntil(warm(data.warm));
});

function pageKey(url) {
  return url.origin + url.pathname; // ?out=2 opens the same page with a hand form
}

// A hand form is kept by its seat, whatever hand the page asking for it showed (`round`): after
// a hand is saved the links ask for the next one, and a form kept for the hand before serves
// without signal (a copy's number is put right by the page, saves.js).
function partKey(url) {
  const key = new URL(url);
  key.searchParams.delete("round");
  return key.href;
}

function timed(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error) => { clearTimeout(timer); reject(error); }
    );
  });
}

function isPage(response) {
  return response.ok && (response.headers.get("Content-Type") || "").startsWith("text/html");
}

// Only the last pages and hand forms seen are kept: a phone that has played for years stays light.
async function keep(cacheName, key, response, most) {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - most)).map((old) => cache.delete(old)));
}

function keepPage(key, response) {
  return keep(PAGES, key, response, KEEP_PAGES);
}

async function page(request, url) {
  try {
    const response = await timed(fetch(request), WAIT_MS);
    if (isPage(response)) await keepPage(pageKey(url), response.clone());
    return response;
  } catch (error) {
    const copy = await caches.match(pageKey(url), ANY);
    if (copy) return marked(copy);
    const offline = await caches.match(OFFLINE_URL, ANY);
    return offline ? marked(offline) : Response.error();
  }
}

// A copy says it is one: the page then shows "score as of" with the time it was drawn.
async function marked(response) {
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set("X-Offline-Copy", "1");
  return new Response(text.replace("<body", "<body data-offline-copy"), { status: 200, headers });
}

async function fresh(request, cacheName, key) {
  try {
    const response = await timed(fetch(request), WAIT_MS);
    if (response.ok) await keep(cacheName, key, response.clone(), cacheName === PARTS ? KEEP_PARTS : 200);
    return response;
  } catch (error) {
    const copy = await caches.match(key, ANY);
    if (!copy) return Response.error();
    const headers = new Headers(copy.headers);
    headers.set("X-Offline-Copy", "1");
    return new Response(await copy.blob(), { status: copy.status, headers });
  }
}

async function refresh(address) {
  const url = new URL(address);
  if (url.origin !== self.location.origin) return;
  await fetchAndKeep(url.pathname, url);
}

// The page at `path`, fetched by the worker itself and kept under the page `url`'s key as a visit
// keeps it: sent with the phone's cookies, its CSRF token is one for the phone's cookie, and a
// save made later from the copy goes through. A redirected answer is not kept: a copy of one
// would fail the page's next visit instead of showing it.
async function fetchAndKeep(path, url) {
  try {
    const response = await fetch(path, { credentials: "same-origin" });
    if (isPage(response) && !response.redirected) await keepPage(pageKey(url), response);
  } catch (error) {
    // No signal: the copy from before, if any, stays, and says how old it is.
  }
}

async function warm(addresses) {
  const cache = await caches.open(PARTS);
  for (const address of addresses) {
    const url = new URL(address, self.location.origin);
    if (url.origin !== self.location.origin || (await cache.match(partKey(url), ANY))) continue;
    try {
      const response = await fetch(url.href, { headers: { "HX-Request": "true" }, credentials: "same-origin" });
      if (response.ok) await keep(PARTS, partKey(url), response, KEEP_PARTS);
    } catch (error) {
      return;
    }
  }
}
