// The notes at the top of the match page about the hands this phone keeps, and the match
// page's parts that hand.js, queue.js and saves.js look at.

export function play() { return document.querySelector("[data-play]"); }
export function handForm() { return document.querySelector("form[data-hand-save]"); }

// Which note shows, and for which hand.
export function show(which, hand) {
  document.querySelectorAll("[data-keep-note]").forEach((node) => {
    // The waiting hands' own notes are set by showWaiting and the discard buttons.
    if (node.dataset.keepNote === "conflict" || node.dataset.keepNote === "discarded") return;
    node.hidden = node.dataset.keepNote !== which;
    node.querySelectorAll("[data-hand-number]").forEach((span) => {
      span.textContent = hand ? String(hand.number) : "";
    });
  });
}

export function note(which, shown) {
  const node = document.querySelector('[data-keep-note="' + which + '"]');
  if (node) node.hidden = !shown;
}

// The link of a seat in the entry ("blocked" too).
export function seatLink(out) {
  return document.querySelector('[data-entry] a[data-out="' + out + '"]');
}
