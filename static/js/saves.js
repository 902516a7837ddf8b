// A hand's trip to the server and back. The request of a save is the one whose element carries
// data-hand-save (the hand form, or the waiting list that sends the kept hands); what became of
// the hand the server says in its answer's X-Hand header (views.save_hand): saved; taken or
// stale (another phone changed the match: the rest wait until the player sends them as the
// next hands or discards them); undone or refused (the hand comes back into the form as typed).

import { drop } from "./keep.js";
import { play, handForm, show, note, inSight, askDiscard, ask, endInSight } from "./notes.js";
import { state, handKey, queue, keepQueue, waiting, nextHand, enqueue, renumber, showWaiting, closeForm, sendNext } from "./queue.js";
import { loadDraft, storeDraft, remember, fill, refreshPreview, restore, newToken } from "./hand.js";

const SAVE_WAIT_MS = 20000;
const RETRY_MS = 15000;
let answered = null; // { kind, token } of the last save answered, for the swap that follows

function isSave(detail) {
  const elt = (detail.requestConfig && detail.requestConfig.elt) || detail.elt;
  return Boolean(elt && elt.matches && elt.matches("[data-hand-save], [data-play-save]"));
}
function sentToken(detail) {
  const parameters = (detail.requestConfig && detail.requestConfig.parameters) || {};
  return parameters.get ? parameters.get("token") : parameters.token;
}

// A score tapped during play (All Fives, Bergen): an entry of the queue, a play of the hand being
// played, with a token of its own made at the tap (the form may be a copy kept for use without
// signal, its token used already), which it keeps until the server has it.
function playOf(form, parameters) {
  const one = (name) => String(parameters.get ? parameters.get(name) : parameters[name]);
  const seat = one("seat");
  const play = { play: true, number: nextHand(), token: newToken(), out: seat, action: form.getAttribute("action"), values: { seat: [seat], points: [one("points")] } };
  ["number", "token"].forEach((name) => {
    const value = name === "token" ? play.token : String(play.number);
    if (parameters.set) parameters.set(name, value);
    else parameters[name] = value;
  });
  return play;
}

// A score kept on the phone: the strip asks who scored again, as the server's answer would, so
// that a second tap of a double tap finds no button to press.
function closeStrip() {
  document.querySelectorAll("form[data-play-save]").forEach((form) => form.remove());
  document.querySelectorAll("[data-entry] a[data-scorer].chosen").forEach((link) => {
    link.classList.remove("chosen");
    link.removeAttribute("aria-current");
  });
  inSight();
}

document.addEventListener("htmx:configRequest", (event) => {
  const detail = event.detail;
  if (!isSave(detail)) return;
  let token = detail.parameters.get ? detail.parameters.get("token") : detail.parameters.token;
  if (token && token === state.inFlight) { event.preventDefault(); return; } // already on its way
  state.play = null;
  if (event.target.matches("form[data-play-save]")) {
    const play = playOf(event.target, detail.parameters);
    token = play.token;
    if (waiting().length) {
      event.preventDefault(); // entries wait before it: it joins them, in order
      enqueue(play);
      closeStrip();
      show(navigator.onLine ? "sending" : "play-queued", play);
      if (navigator.onLine) sendNext();
      return;
    }
    state.play = play; // kept by unreachable() if it cannot reach the server
  } else if (event.target.matches("form[data-hand-save]")) {
    const draft = remember(event.target);
    token = draft.token;
    if (detail.parameters.set) detail.parameters.set("token", token);
    else detail.parameters.token = token;
    if (waiting().length) {
      // Hands wait before this one: it joins them, and they go out in order.
      event.preventDefault();
      enqueue(draft);
      closeForm();
      show(navigator.onLine ? "sending" : "queued", draft);
      if (navigator.onLine) sendNext();
      return;
    }
  }
  state.inFlight = token;
  detail.timeout = SAVE_WAIT_MS;
  // The match as this page shows it: when the hand is the only change, the answer swaps only
  // what it changed (views/swap.py).
  const shown = play() && play().dataset.version;
  if (shown && detail.parameters.set) detail.parameters.set("shown", shown);
  else if (shown) detail.parameters.shown = shown;
});

// An answer that swapped parts of #play out of band: #play's own numbers follow (queue.js and
// keep.js read them there), before the answer's afterSwap below.
document.addEventListener("htmx:oobAfterSwap", (event) => {
  const moved = event.target;
  const p = play();
  if (!p || !moved || moved.id !== "play-state") return;
  p.dataset.nextHand = moved.dataset.nextHand;
  p.dataset.version = moved.dataset.version;
});

// Whether an afterSwap is the answer's own swap: the element swapped in for its target (or
// the target itself when the parts came out of band), not one of those parts.
function ownSwap(event) {
  const target = event.detail.target;
  return Boolean(target) && (event.target === target || !target.isConnected);
}

// The server answered.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (!isSave(event.detail) || event.detail.xhr.status >= 400) return;
  const token = state.inFlight || sentToken(event.detail);
  state.inFlight = null;
  const kind = event.detail.xhr.getResponseHeader("X-Hand") || "saved";
  answered = { kind, token };
  const q = queue();
  const index = q.hands.map((hand) => hand.token).indexOf(token);
  if (index < 0) return; // the hand typed in the form: the page that comes back shows it
  const hand = q.hands[index];
  state.discarded = null; // the hands have moved on: a discarded one no longer has a place to go back to
  note("discarded", false);
  if (kind === "saved") {
    q.hands.splice(index, 1);
  } else if (hand.play) {
    q.held = true; // undone, refused or overtaken on another phone: the player says what becomes of it
  } else if (kind === "undone" || kind === "refused" || kind === "confirm") {
    // The form comes back with the hand as typed: it is the hand being typed again, and
    // any after it wait until the player says what becomes of them.
    q.hands.splice(index, 1);
    storeDraft({ number: hand.number, token: hand.token, out: hand.out, action: hand.action, values: hand.values });
    q.held = q.hands.length > 0;
  } else {
    q.held = true; // taken, stale or over: another phone changed the match
  }
  keepQueue(q);
});

function unreachable(event) {
  if (!isSave(event.detail)) return;
  const token = state.inFlight;
  state.inFlight = null;
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  const q = queue();
  const hand = q.hands.find((h) => h.token === token);
  const play = !hand && state.play && state.play.token === token ? state.play : null;
  state.play = null;
  if (play && !(status >= 400 && status < 500 && status !== 408 && status !== 429)) {
    enqueue(play); // no signal: it waits on the phone, as a hand does
    closeStrip();
    showWaiting(queue());
    show("play-queued", play);
    return;
  }
  if (status === 403 && (hand || play || loadDraft())) {
    // The form was made for a cookie this phone no longer has (cleared, or the page open for
    // very long): the page again, with a form of today and the hand as typed (or waiting; a
    // score tapped during play waits too, and goes out from the page that comes back).
    if (play) enqueue(play);
    location.reload();
    return;
  }
  const draft = hand || play ? null : loadDraft();
  if (!hand && !draft) return;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    // Refused (an expired page, say): sending it again would not help.
    if (hand) { q.held = true; keepQueue(q); }
    show("refused", hand || draft);
    return;
  }
  // No signal, or no server behind the proxy (502, 503, 504): the hand waits on the phone.
  if (draft) {
    enqueue(draft);
    closeForm();
  }
  showWaiting(queue());
  show("queued", hand || draft);
}
["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach((name) => document.addEventListener(name, unreachable));

// After a save's swap: the form back with what was typed, or the next hand.
function afterSave(form, draft) {
  const last = answered;
  answered = null;
  if (form && draft && last && last.token === draft.token && last.kind !== "saved") {
    // Refused at a field, or undone on another phone: the form is back with what was
    // typed (and a new token if it was undone); the preview shows it again.
    if (form.elements.token.value !== draft.token) { draft.token = form.elements.token.value; storeDraft(draft); }
    show(null);
    refreshPreview(form);
    showWaiting(queue());
    return;
  }
  if (draft && last && last.token === draft.token && last.kind === "saved") drop(handKey());
  show(null);
  restore();
  endInSight();
}

document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  if (!ownSwap(event) || !target.matches("[data-play], [data-entry]")) return;
  const entry = target.matches("[data-entry]");
  const form = handForm();
  const copy = event.detail.xhr && event.detail.xhr.getResponseHeader("X-Offline-Copy");
  if (form && (copy || (waiting().length && entry))) form.elements.number.value = nextHand();
  const draft = loadDraft();
  if (isSave(event.detail)) {
    afterSave(form, draft);
    return;
  }
  if (form && entry && state.opening !== form.elements.out.value) {
    if (draft && draft.number === nextHand() && draft.out === form.elements.out.value) {
      fill(form, draft); // the same seat tapped again: what was typed for it stays
    } else {
      remember(form); // a seat tapped: the start of a hand, or a change of mind
    }
    return;
  }
  state.opening = null;
  restore();
});

// A waiting hand discarded (the other phone had it right, say): the ones after it move up,
// and it can be brought back until the next discard.
function discardAt(index) {
  const q = queue();
  const hand = q.hands.splice(index, 1)[0];
  if (!hand) return;
  state.discarded = { hands: [hand], index };
  keepQueue(renumber(q));
  note("discarded", true);
  restore();
}
function discardAll() {
  const q = queue();
  state.discarded = { hands: q.hands, index: 0, held: q.held };
  keepQueue({ hands: [], held: false });
  note("discarded", true);
  restore();
}
function bringBack() {
  const discarded = state.discarded;
  if (!discarded) return;
  const back = queue();
  back.hands.splice(discarded.index, 0, ...discarded.hands);
  back.held = Boolean(discarded.held || back.held);
  state.discarded = null;
  keepQueue(back.held ? back : renumber(back));
  note("discarded", false);
  restore();
}
function sendHeld() {
  const held = renumber(queue());
  held.held = false;
  keepQueue(held);
  sendNext();
}

// Back in signal: the waiting hands go out, and their answers bring the play area up to date;
// with none waiting, a page kept from before asks for the play area as it is now.
window.addEventListener("online", () => {
  if (waiting().length) {
    sendNext();
  } else if (play() && document.body.hasAttribute("data-offline-copy") && window.htmx) {
    ask("GET", location.pathname, { source: document.body, target: "[data-play]", swap: "outerHTML" });
  }
});
// A phone can be "online" on a Wi-Fi with no way out: try the waiting hands again now and then.
setInterval(() => { if (navigator.onLine) sendNext(); }, RETRY_MS);
window.addEventListener("offline", () => {
  const hands = waiting();
  if (hands.length) show("queued", hands[hands.length - 1]);
});

export function onLoad(root) {
  if (root !== document.body) return;
  const box = root.querySelector("[data-waiting]");
  if (box) {
    // The list's lines come and go: one listener for the box.
    box.addEventListener("click", (event) => {
      const button = event.target.closest("[data-discard-waiting], [data-discard-yes], [data-discard-no]");
      if (!button) return;
      if (button.matches("[data-discard-waiting]")) askDiscard(button);
      else if (button.matches("[data-discard-yes]")) discardAt(Number(button.dataset.index));
      else showWaiting(queue()); // kept: the lines as they were
    });
  }
  const on = (selector, action) => root.querySelectorAll(selector).forEach((button) => button.addEventListener("click", action));
  on("[data-discard-waiting-all]", discardAll);
  on("[data-bring-back]", bringBack);
  on("[data-send-waiting]", sendHeld);
  restore();
}
// The back gesture may show this page from the browser's memory: bring the hand back too.
window.addEventListener("pageshow", (event) => { if (event.persisted) restore(); });
