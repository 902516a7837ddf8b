// Without signal: the service worker keeps the pages and hand forms this phone saw, the page
// says how old its score is, and a form that cannot be sent says so beside it. (The hand form
// has its own queue: queue.js.)

export function worker(message) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => {
    if (registration.active) registration.active.postMessage(message);
  });
}

function register() {
  const url = document.body.dataset.serviceWorker;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url).catch(() => { /* plain http on the Wi-Fi: online only */ });
}

// The hand forms for every seat, and the scores each can tap during play (All Fives, Bergen),
// so that a hand and its scores can be entered with no signal.
function warmHandForms(root) {
  const urls = Array.from(root.querySelectorAll("[data-entry] a[data-out][hx-get], [data-entry] a[data-scorer][hx-get]"), (link) => new URL(link.getAttribute("hx-get"), location.href).href);
  if (urls.length) worker({ warm: urls });
}

function localTime() {
  const time = document.querySelector("[data-drawn-at]");
  if (!time) return;
  const when = new Date(time.getAttribute("datetime"));
  if (isNaN(when.getTime())) return;
  const options = { hour: "numeric", minute: "2-digit" };
  if (when.toDateString() !== new Date().toDateString()) {
    options.day = "numeric";
    options.month = "short";
  }
  try {
    time.textContent = when.toLocaleString(document.documentElement.lang || undefined, options);
  } catch (error) { /* the server's own rendering stays */ }
}

function stale(show) {
  const banner = document.querySelector("[data-stale]");
  if (banner) banner.hidden = !show;
}

export function isCopy() { return document.body.hasAttribute("data-offline-copy"); }

// Fresh numbers from the server: the page is no longer a copy, and its time is now.
function fresh() {
  document.body.removeAttribute("data-offline-copy");
  const time = document.querySelector("[data-drawn-at]");
  if (time) time.setAttribute("datetime", new Date().toISOString());
  localTime();
  stale(!navigator.onLine);
}

document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  const xhr = event.detail.xhr;
  if (!target || !target.matches("[data-play], [data-board]")) return;
  // Once an answer: not again for each part it swapped out of band (see saves.js).
  if (event.target !== target && target.isConnected) return;
  if (xhr && !xhr.getResponseHeader("X-Offline-Copy") && xhr.status === 200) {
    fresh();
    if (target.matches("[data-play]")) worker({ refresh: location.href });
  }
});

// A form sent with no signal says so beside it. A plain form (a correction, Start, Rematch)
// is not sent at all: the browser's error page would take what was typed with it. A form
// that htmx sends (Undo) failed on its way. Held once found: put beside a form inside the play
// area, it leaves the page with the next swap.
let unsentNote = null;
function unsentNoteOf() {
  unsentNote = unsentNote || document.querySelector("[data-unsent-note]");
  return unsentNote;
}
function unsent(form) {
  const note = unsentNoteOf();
  if (!note) return;
  form.after(note);
  note.hidden = false;
}
document.addEventListener("submit", (event) => {
  const form = event.target;
  const note = unsentNoteOf();
  if (note) note.hidden = true;
  if (navigator.onLine || form.hasAttribute("hx-post") || form.method !== "post") return;
  event.preventDefault();
  unsent(form);
});

// The element an htmx event is about, or null.
function eltOf(event) {
  const elt = event.detail && event.detail.elt;
  return elt && elt.closest ? elt : null;
}

["htmx:sendError", "htmx:timeout"].forEach((name) => {
  document.addEventListener(name, (event) => {
    const form = eltOf(event) && eltOf(event).closest("form.confirm");
    if (form) unsent(form);
  });
});

// A link htmx opens (Undo's question) tapped with no signal opened nothing: it says so beside
// it, until a link is tapped again.
let linkNote = null;
document.addEventListener("htmx:beforeRequest", (event) => {
  if (linkNote && eltOf(event) && eltOf(event).matches("a[hx-get]")) linkNote.hidden = true;
});
document.addEventListener("htmx:sendError", (event) => {
  const link = eltOf(event);
  linkNote = linkNote || document.querySelector("[data-needs-signal]");
  if (!link || !linkNote || !link.matches("a[hx-get]")) return;
  (link.closest("p, div, nav") || link).after(linkNote);
  linkNote.hidden = false;
});

// A form htmx sent (Undo, Take back the last score) refused for a cookie this phone no longer
// has (cleared, or the page open for very long): nothing was changed, and the page comes back
// with forms of today, so the next tap gets through. A save's refusal is saves.js's (it keeps
// the hand); the hand form's preview is the hand form's.
function refusedForm(event) {
  const form = eltOf(event) && eltOf(event).closest("form");
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  return status === 403 && form && !form.matches("[data-hand-save], [data-play-save]");
}
document.addEventListener("htmx:responseError", (event) => { if (refusedForm(event)) location.reload(); });
// With DEBUG on (`make run`), django-htmx's script puts a 400, 403 or 404 answer in place of
// the whole page, from the document, before htmx says the request failed: such answers stay
// this page's to handle, as without DEBUG (a save's kept hand, the reload above); a crash's
// debug page still shows.
document.body.addEventListener("htmx:beforeOnLoad", (event) => {
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  if (status >= 400 && status < 500) event.stopPropagation();
});

// Without signal the preview cannot be worked out: it says so instead of showing old numbers.
document.addEventListener("htmx:sendError", (event) => {
  const preview = event.target;
  if (preview && preview.matches && preview.matches("[data-preview]") && preview.dataset.offline) preview.textContent = preview.dataset.offline;
});

window.addEventListener("offline", () => stale(true));
window.addEventListener("online", () => {
  if (!isCopy()) { stale(false); return; }
  // A kept copy of the page: the watch page follows the table again by itself, and the match
  // page fetches its play area (queue.js, after any hand waiting on the phone). Others reload.
  if (document.querySelector("[data-play], [data-board]")) return;
  location.reload();
});

window.htmx.onLoad((root) => {
  if (root === document.body) {
    register();
    localTime();
    stale(isCopy() || !navigator.onLine);
    warmHandForms(root);
  }
});
