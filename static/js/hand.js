// The hand being typed, kept on the phone (per match) until it is saved or discarded, and put
// back when the page opens again; restore() squares what the page holds with what the phone
// kept (the typed hand and the hands waiting, queue.js).

import { load, store, drop, valuesOf, typed, fill as fillForm } from "./keep.js";
import { play, handForm, show, seatLink, ask } from "./notes.js";
import { freeTiles } from "./tiles.js";
import { state, handKey, queue, keepQueue, waiting, nextHand, enqueue, renumber, overtaken, showWaiting, sendNext, closeForm } from "./queue.js";

// Who went out and how the pips are given (per hand or one total) are what the page shows.
const PAGE_GIVES = ["csrfmiddlewaretoken", "out", "entry"];

export function loadDraft() { return load(handKey()); }
export function storeDraft(draft) { store(handKey(), draft); }
function clear() {
  drop(handKey());
  show(null);
}

// A fresh token for every new draft: a page kept for use without signal may carry one that
// has been used already.
export function newToken() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join("");
  return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
}

export function remember(form) {
  let draft = loadDraft();
  const number = Number(form.elements.number.value);
  if (!draft || draft.number !== number || waiting().some((hand) => hand.token === draft.token)) {
    draft = { number, token: newToken() };
  }
  form.elements.token.value = draft.token;
  draft.out = form.elements.out.value;
  draft.action = form.getAttribute("action");
  draft.values = valuesOf(form, ["csrfmiddlewaretoken"]);
  storeDraft(draft);
  return draft;
}

export function fill(form, draft) {
  fillForm(form, draft.values, PAGE_GIVES);
  form.elements.number.value = draft.number;
  form.elements.token.value = draft.token;
  refreshPreview(form); // the preview shows these numbers
}

// Asked directly, not through the form's change event: htmx may not listen on a new form yet.
export function refreshPreview(form) {
  const preview = form.querySelector("[data-preview]");
  const filled = Array.from(form.querySelectorAll(".pip-field input[type=text]")).some((input) => input.value !== "");
  if (filled && preview && window.htmx) {
    ask("POST", preview.getAttribute("hx-post"), { source: preview, target: preview, swap: "innerHTML" });
  }
}

// Asked for the seat of the kept hand: the hand form comes back for it, and restore runs again.
// Asked through htmx directly: right after a swap htmx has not taken over the new link yet, and
// a click would load the whole page again, losing the message that came with the swap.
function openSeat(out) {
  const link = seatLink(out);
  if (!link || state.opening === out) return;
  state.opening = out;
  if (window.htmx && link.getAttribute("hx-get")) {
    ask("GET", link.getAttribute("hx-get"), { source: link, target: "[data-entry]", swap: "outerHTML" });
  } else {
    link.click();
  }
}

// The back gesture (Android's, a close request) or Esc with a seat's form open: the form closes,
// back to the choice of who went out, and the page stays. What was typed stays kept for that
// seat's next tap, not opened again by itself; nothing typed, nothing is kept. The watcher goes
// with its form (a hand saved, or waiting on the phone): the next back leaves the page.
let watcher = null;
function watchForm(form) {
  if (!("CloseWatcher" in window)) return;
  if (watcher) watcher.destroy();
  watcher = new CloseWatcher();
  form.setAttribute("data-closes", ""); // (the tests wait for it)
  watcher.onclose = () => {
    watcher = null;
    const form = handForm();
    if (!form) return;
    if (typed(form)) state.closed = form.elements.out.value;
    else drop(handKey());
    closeForm();
  };
}
function unwatch() {
  if (watcher && !handForm()) { watcher.destroy(); watcher = null; }
}
document.addEventListener("hand:closed", unwatch);
document.addEventListener("htmx:afterSettle", unwatch);

// The kept hand's seat, asked for by restore(), is given up once the player taps a seat or types:
// its form, coming after, is not put over what they did. htmx sends a tap with the click that
// made it; restore's own request has none.
function isSeat(elt) { return Boolean(elt && elt.matches && elt.matches("[data-entry] a[data-out]")); }
function ownAsking(config) { return Boolean(config && !config.triggeringEvent && isSeat(config.elt)); }
document.addEventListener("htmx:beforeRequest", (event) => {
  if (isSeat(event.detail.elt) && !ownAsking(event.detail.requestConfig)) {
    state.opening = null;
    state.closed = null;
  }
});
document.addEventListener("htmx:beforeSwap", (event) => {
  if (ownAsking(event.detail.requestConfig) && state.opening === null) event.detail.shouldSwap = false;
});

// What the page holds now, against what the phone kept.
export function restore() {
  if (!play()) return;
  const old = loadDraft();
  if (old && old.queued) enqueue(old); // kept by the one-hand queue of before
  const q = queue();
  if (overtaken(q)) keepQueue(renumber(q));
  else showWaiting(q);
  if (q.hands.length && !q.held) {
    show(navigator.onLine ? "sending" : "queued", q.hands[q.hands.length - 1]);
    if (navigator.onLine) sendNext();
  }
  const draft = loadDraft();
  const form = handForm();
  if (!draft) {
    if (!q.hands.length) show(null);
    if (form) {
      if (q.hands.length) form.elements.number.value = nextHand();
      refreshPreview(form);
    }
    return;
  }
  if (draft.number < nextHand() && !q.hands.length) { clear(); return; } // saved, here or on another phone
  if (draft.number !== nextHand()) {
    // A copy of the page from before this hand: leave the hand be. A fresh page (a hand was
    // undone on another phone, or one waiting was discarded) takes it as the hand to enter now.
    if (document.body.hasAttribute("data-offline-copy") && !q.hands.length) return;
    draft.number = nextHand();
    storeDraft(draft);
  }
  if (form && form.elements.out.value === draft.out) {
    fill(form, draft);
    if (!q.hands.length) show("restored", draft);
    return;
  }
  // A seat the player tapped since the page came (before this module did, perhaps) is newer
  // than the kept hand: its form, asked for after the page ([data-asked]), is the hand kept
  // from now on, as the next hand; one still on its way (htmx marks its link) will be once it
  // comes (saves.js).
  if (form && form.closest("[data-asked]")) {
    form.elements.number.value = draft.number;
    remember(form);
    return;
  }
  if (document.querySelector("[data-entry] a[data-out].htmx-request")) return;
  if (!form && state.closed === draft.out) return; // closed by the player: it waits for a tap
  openSeat(draft.out);
}

// The kept hand discarded: the form empties, with a new token.
function discard() {
  clear();
  const form = handForm();
  if (!form) return;
  Array.prototype.forEach.call(form.querySelectorAll("input"), (field) => {
    if (field.type === "checkbox") field.checked = false;
    else if (field.type === "text") field.value = "";
  });
  freeTiles(form);
  form.elements.token.value = newToken();
  const preview = form.querySelector("[data-preview]");
  if (preview && preview.dataset.empty) preview.textContent = preview.dataset.empty;
}

export function onLoad(root) {
  root.querySelectorAll("form[data-hand-save]").forEach((form) => {
    const typing = () => { state.opening = null; remember(form); }; // newer than any kept hand
    form.addEventListener("input", typing);
    form.addEventListener("change", typing);
    // This module comes a moment after the page (main.js): what a thumb typed meanwhile is the
    // hand being typed, kept before restore() squares the form with an older draft.
    if (typed(form)) remember(form);
    watchForm(form);
  });
  root.querySelectorAll("[data-discard]").forEach((button) => button.addEventListener("click", discard));
}
