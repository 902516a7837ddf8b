// The hands waiting on the phone: a save that could not reach the server joins them, in order,
// each with its number and token, and they go out one at a time, the first first. The token
// makes the server record each once, however many times it is sent.

import { load, store, drop } from "./keep.js";
import { play, handForm, show, note, seatLink, inSight, ask } from "./notes.js";

const WAITING = "scorekeeper:waiting:";
export const HAND = "scorekeeper:hand:";

// What the page's saves share: the token of the save on its way (so that a second one is not
// sent), the score tapped during play on its way (kept if it cannot arrive), the hand form asked
// for to restore a hand (once per page), the last waiting hand discarded and where it stood
// (it can come back), and the seat whose form the player closed with a hand typed (hand.js).
export const state = { inFlight: null, opening: null, discarded: null, play: null, closed: null };

export function handKey() { return HAND + location.pathname; }
function serverNext() { const p = play(); return p ? Number(p.dataset.nextHand) : 0; }

// { hands: [{number, token, out, action, values, play}], held: true when another phone changed the
// match and the player is to say what becomes of them }
export function queue() { return load(WAITING + location.pathname) || { hands: [], held: false }; }
export function keepQueue(q) {
  if (q.hands.length) store(WAITING + location.pathname, q);
  else drop(WAITING + location.pathname);
  showWaiting(q);
}
export function waiting() { return queue().hands; }

// The number a waiting entry leaves for the next one: a hand's end moves it on, a score during
// play (All Fives, Bergen; `play`) belongs to the hand still being played.
function after(entry) { return entry.play ? entry.number : entry.number + 1; }

// The next hand's number counts the hands waiting on the phone.
export function nextHand() {
  const hands = waiting();
  const last = hands.length ? after(hands[hands.length - 1]) : 0;
  return Math.max(serverNext(), last);
}

export function enqueue(draft) {
  const q = queue();
  if (!q.hands.some((hand) => hand.token === draft.token)) {
    // Who went out, named as the form names them: a page without the form (the match ended on
    // another phone, say) still says whose hand waits.
    q.hands.push({ number: draft.number, token: draft.token, out: draft.out, who: whoOf(draft.out), action: draft.action, values: draft.values, play: Boolean(draft.play) });
  }
  keepQueue(q);
  if (!draft.play) drop(handKey());
}

// Renumbered to follow the hands the server has: after another phone's hand, or a discard.
export function renumber(q) {
  let number = serverNext();
  q.hands.forEach((hand) => {
    hand.number = number;
    number = after(hand);
  });
  return q;
}

// Held because another phone saved hands first: their numbers are taken, so the hands waiting
// here are shown, and would go, as the ones after the server's. (A match ended there takes no
// more: they keep the numbers they were typed as. Held behind a hand undone there, they follow
// it already.)
export function overtaken(q) {
  const ended = Boolean(play() && play().querySelector(".banner.win"));
  return q.held && !ended && q.hands.length > 0 && q.hands[0].number < serverNext();
}

function whoOf(out) {
  const link = seatLink(out) || document.querySelector('[data-entry] a[data-scorer="' + out + '"]');
  return link ? link.textContent.trim() : null;
}
function pipsOf(values) {
  let total = 0;
  Object.keys(values).forEach((name) => {
    if (/^(pips_|pair_|pooled$)/.test(name)) total += parseInt(values[name][0], 10) || 0;
  });
  return total;
}

export function showWaiting(q) {
  // The sheet counts them in (waiting.js): the score while the signal is away.
  document.dispatchEvent(new CustomEvent("waiting:hands", { detail: { hands: q.hands } }));
  const box = document.querySelector("[data-waiting]");
  const list = box && box.querySelector("[data-waiting-list]");
  const line = box && box.querySelector("[data-waiting-line]");
  if (!list || !line) return;
  list.textContent = "";
  const playLine = box.querySelector("[data-waiting-play-line]");
  // A blocked hand has a line of its own where the game says it otherwise (no one went out).
  const blockedLine = box.querySelector("[data-waiting-blocked-line]") || line;
  q.hands.forEach((hand, index) => {
    const shape = hand.play ? playLine : hand.out === "blocked" ? blockedLine : line;
    const item = shape.content.firstElementChild.cloneNode(true);
    item.querySelector("[data-hand-number]").textContent = String(hand.number);
    item.querySelector("[data-hand-who]").textContent = whoOf(hand.out) || hand.who || String(hand.out);
    // A game counted in games won says a waiting hand without its pips (no such span).
    const pips = item.querySelector("[data-hand-pips]");
    if (hand.play) item.querySelector("[data-play-points]").textContent = hand.values.points[0];
    else if (pips) pips.textContent = String(pipsOf(hand.values));
    item.querySelector("[data-discard-waiting]").dataset.index = String(index);
    list.appendChild(item);
  });
  box.hidden = !q.hands.length;
  // The last save's word ("Hand 1 saved") would read as the latest hand's while later ones wait.
  const said = document.querySelector("#news .messages");
  if (said && q.hands.length) said.hidden = true;
  // Held after another phone's change: sent as the next hands, or, once that phone has ended
  // the match, only discarded (a finished match takes no more).
  const ended = Boolean(play() && play().querySelector(".banner.win"));
  note("conflict", q.held && q.hands.length > 0 && !ended);
  note("over", q.held && q.hands.length > 0 && ended);
  // The next hand's number counts the hands waiting, and comes back when one is discarded.
  const hand = document.querySelector("[data-play] .hand-no");
  if (hand && !play().querySelector(".banner, .won")) {
    hand.textContent = hand.textContent.replace(/\d+/, String(nextHand()));
  }
}

// The hand form leaves the page once its hand waits on the phone: the next seat tapped opens
// the next hand's form, and the seats come into sight under the notes.
export function closeForm() {
  const form = handForm();
  if (form) form.remove();
  document.querySelectorAll("[data-entry] .out.chosen").forEach((link) => {
    link.classList.remove("chosen");
    link.removeAttribute("aria-current");
  });
  inSight();
  document.dispatchEvent(new CustomEvent("hand:closed")); // its close request goes too (hand.js)
}

// A waiting hand sent. Its source is the waiting list ([data-hand-save]): saves.js knows the
// request for a save by that attribute, as it knows the hand form's.
function send(hand, fromQueue) {
  if (state.inFlight === hand.token || !window.htmx || !play()) return;
  show("sending", hand);
  const values = {};
  Object.keys(hand.values).forEach((name) => {
    values[name] = hand.values[name].length === 1 ? hand.values[name][0] : hand.values[name];
  });
  values.token = hand.token;
  values.number = String(hand.number);
  // Played already, at a table with no signal: a hand that ends the match is not asked about.
  if (fromQueue && !hand.play) values.confirm_end = "1";
  const source = document.querySelector("[data-waiting]") || document.body;
  ask("POST", hand.action, { source, target: "[data-play]", swap: "outerHTML", values });
}

// The waiting hands go out one at a time, the first first.
export function sendNext() {
  const q = queue();
  if (!q.hands.length || q.held || state.inFlight !== null || !play()) return;
  send(q.hands[0], true);
}
