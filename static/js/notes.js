// The notes at the top of the match page about the hands this phone keeps, and the match
// page's parts that hand.js, queue.js and saves.js look at.

export function play() { return document.querySelector("[data-play]"); }
export function handForm() { return document.querySelector("form[data-hand-save]"); }

// A request of the page's own through htmx. Without signal it fails, and htmx says so to the
// page (offline.js, and the waiting hands stay kept): its promise has nothing more to add.
export function ask(method, url, options) {
  window.htmx.ajax(method, url, options).catch(() => {});
}

// The notes that ask the player to do something: brought into sight when they come.
const ASKING = ["conflict", "over", "refused"];

// Which note shows, and for which hand.
export function show(which, hand) {
  let asking = false;
  document.querySelectorAll("[data-keep-note]").forEach((node) => {
    // The waiting hands' own notes are set by showWaiting and the discard buttons.
    if (node.dataset.keepNote === "conflict" || node.dataset.keepNote === "discarded") return;
    asking = asking || (node.hidden && node.dataset.keepNote === which && ASKING.includes(which));
    node.hidden = node.dataset.keepNote !== which;
    node.querySelectorAll("[data-hand-number]").forEach((span) => {
      span.textContent = hand ? String(hand.number) : "";
    });
  });
  if (asking) inSight();
}

export function note(which, shown) {
  const node = document.querySelector('[data-keep-note="' + which + '"]');
  if (!node) return;
  const asking = shown && node.hidden && ASKING.includes(which);
  node.hidden = !shown;
  if (asking) inSight();
}

// A waiting hand's Discard asks once more, under its line, and goes: a stray tap, or a double
// one, throws no hand away (saves.js discards it on the second word).
export function askDiscard(button) {
  const line = button.closest("li");
  const shape = document.querySelector("[data-waiting] template[data-discard-ask]");
  if (!line || !shape || line.querySelector("[data-discard-yes]")) return;
  const ask = shape.content.firstElementChild.cloneNode(true);
  ask.querySelector("[data-discard-yes]").dataset.index = button.dataset.index;
  button.hidden = true;
  line.appendChild(ask);
  ask.querySelector("[data-discard-no]").focus({ preventScroll: true });
}

// The link of a seat in the entry ("blocked" too).
export function seatLink(out) {
  return document.querySelector('[data-entry] a[data-out="' + out + '"]');
}

// The notes lie in the page, above the score, over nothing: stuck over the top of the screen,
// they took taps meant for the seats of the next hand, a waiting hand's Discard among them. So
// the page goes up to them when they ask something, and when a hand comes to wait on the phone
// (its form gone), with the seats for the next hand in sight below them; where both do not fit,
// the seats. Again as the number pad goes down and the screen grows, until the player touches
// the screen.
let placing = false;
function place() {
  const notes = document.querySelector(".keep-notes");
  if (!notes) return;
  if (notes.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
  // The last row of seats: a game scored during play has its scorers' row above who went out.
  const seats = handForm() ? null : Array.from(document.querySelectorAll("[data-entry] .outs")).pop();
  if (seats && seats.getBoundingClientRect().bottom > window.innerHeight) seats.scrollIntoView({ block: "end" });
}
export function inSight() {
  place();
  if (placing) return;
  placing = true;
  window.addEventListener("resize", place);
  const stop = () => {
    window.removeEventListener("resize", place);
    ["touchstart", "wheel", "keydown", "mousedown"].forEach((kind) => window.removeEventListener(kind, stop));
    placing = false;
  };
  ["touchstart", "wheel", "keydown", "mousedown"].forEach((kind) => window.addEventListener(kind, stop, { passive: true }));
}

// The match ended with the hand just saved: its banner in sight, where the page had stayed
// below it at the question that asked before the end.
export function endInSight() {
  const won = play() && play().querySelector(".banner.win");
  if (won && won.getBoundingClientRect().top < 0) won.scrollIntoView({ block: "start" });
}
