// Who went out, in the address: a tap on a seat puts the address its link opens without
// JavaScript in the history (hx-push-url, includes/outs.html), so the back gesture comes back
// to the choice with the hand not yet entered, and a reload, or the page kept for use without
// signal, opens that seat's form again. The form leaving the page (its hand saved, or waiting
// on the phone) takes its address with it.

import { play, handForm, seatLink } from "./notes.js";
import { load, typed, drop } from "./keep.js";
import { state, handKey, closeForm } from "./queue.js";
import { openSeat } from "./hand.js";

function seatInAddress() { return new URLSearchParams(location.search).get("out"); }

// Whether this page put a seat's address in the history: the entry before it is then this
// page's choice, and going back to it takes nothing from the player's history.
let pushed = false;
let leaving = false;

// The seat's address keeps what the page's own says beside it (?sheet=all). A change of mind
// (another seat, a form open already) takes the place of the seat before: back still comes to
// the choice.
document.addEventListener("htmx:beforeHistoryUpdate", (event) => {
  const update = event.detail.history;
  const seat = new URL(update.path, location.href);
  const url = new URL(location.href);
  seat.searchParams.forEach((value, name) => url.searchParams.set(name, value));
  url.hash = seat.hash;
  update.path = url.pathname + url.search + url.hash;
  if (update.type === "push" && seatInAddress() !== null) update.type = "replace";
});
document.addEventListener("htmx:pushedIntoHistory", () => {
  pushed = true;
  state.back = false;
});

// The back or forward gesture between the choice and a seat. htmx keeps no copy of the page
// (historyCacheSize 0) and would ask the server for it; the page follows the address instead.
document.addEventListener("htmx:historyCacheMiss", (event) => {
  if (!play()) return;
  event.preventDefault();
  if (leaving) { leaving = false; return; } // the form's own address, gone with it
  const out = seatInAddress();
  const form = handForm();
  if (out === null) {
    state.back = true;
    state.opening = null;
    if (!form) return;
    // Nothing typed for the seat: no hand to bring back. What was typed stays kept on the phone,
    // put back when its seat is tapped again.
    if (!typed(form)) drop(handKey());
    closeForm();
  } else if (!form || form.elements.out.value !== out) {
    if (seatLink(out)) openSeat(out, false);
  }
});

// The form gone with its hand (saved, or kept waiting on the phone, or the match over): its
// seat's address goes, back to the choice's own entry where this page made it, else in its
// place. A hand still kept has its form on its way back (hand.js), at the same address.
function leaveSeat() {
  if (leaving || handForm() || seatInAddress() === null || load(handKey())) return;
  if (pushed && history.state && history.state.htmx) {
    leaving = true;
    history.back();
    return;
  }
  const url = new URL(location.href);
  ["out", "entry"].forEach((name) => url.searchParams.delete(name));
  url.hash = "";
  history.replaceState(history.state, "", url.href);
}
document.addEventListener("hand:closed", leaveSeat);
document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  // Once the swap is done with (saves.js has let the saved hand go).
  if (target && target.matches("[data-play], [data-entry]")) queueMicrotask(leaveSeat);
});
