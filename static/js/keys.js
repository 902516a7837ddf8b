// Entering the pips with the phone's number pad: tapping who went out puts the cursor in the
// first count, the pad's Next goes to the following one, and only the last one's Done saves,
// and only once every count is filled. Without JavaScript the server checks the same.

function pipInputs(form) {
  return Array.from(form.querySelectorAll("[data-pips] input[inputmode=numeric]"));
}

function markKeys(form) {
  const inputs = pipInputs(form);
  inputs.forEach((input, index) => {
    input.enterKeyHint = index === inputs.length - 1 ? "done" : "next";
  });
}

function onEnter(event) {
  if (event.key !== "Enter") return;
  const inputs = pipInputs(event.currentTarget.form);
  const index = inputs.indexOf(event.currentTarget);
  const empty = inputs.filter((input) => input.value.trim() === "");
  if (index < inputs.length - 1) {
    event.preventDefault();
    inputs[index + 1].focus();
  } else if (empty.length) {
    event.preventDefault();
    empty[0].focus();
  }
}

function focusFirstCount(root) {
  const form = root.querySelector("form[data-hand-save]");
  if (!form) return;
  // The thumb got there first (this module came late, on a slow link): the cursor stays where
  // it types, or the rest of a count would go into another player's.
  if (form.contains(document.activeElement) && document.activeElement.matches("input, textarea")) return;
  const first = pipInputs(form).find((input) => input.value.trim() === "");
  if (first) first.focus({ preventScroll: false });
}

// A hand refused at its fields comes back with their messages: the first refused field takes the
// cursor, in the middle of the screen (clear of the save bar), so its message is in sight.
function focusFirstRefused(root) {
  const refused = root.querySelector("form[data-hand-save] [aria-invalid=true]");
  if (!refused) return false;
  refused.focus({ preventScroll: true });
  refused.scrollIntoView({ block: "center" });
  return true;
}

// A hand that would end the match comes back asking first: the question and its buttons, and
// the capicú switch just above them, come into sight at the bottom of the screen. The preview
// above them is fetched again and may grow after: they are brought back into sight each time it
// changes size, until the player touches the screen.
function showConfirm(root) {
  const question = root.querySelector("form[data-hand-save] .save-row.confirming");
  if (!question) return false;
  const show = () => question.isConnected && question.scrollIntoView({ block: "end" });
  show();
  const preview = root.querySelector("form[data-hand-save] [data-preview]");
  if (!preview || !window.ResizeObserver) return true;
  const watch = new ResizeObserver(show);
  watch.observe(preview);
  const stop = () => watch.disconnect();
  ["touchstart", "wheel", "keydown", "mousedown"].forEach((kind) =>
    window.addEventListener(kind, stop, { once: true, passive: true }));
  return true;
}

// The preview's answer, a line or two longer or shorter than what it replaces, would move Save
// under a thumb on its way to it: the page scrolls by as much, so Save stays where it was seen
// (a save bar stuck to the bottom of the screen does not move: nothing to do).
let steady = null;
document.addEventListener("htmx:beforeSwap", (event) => {
  const preview = event.detail.target;
  steady = null;
  if (!preview || !preview.matches || !preview.matches("[data-preview]")) return;
  const row = preview.closest("form") && preview.closest("form").querySelector(".save-row");
  if (!row || row.getBoundingClientRect().bottom >= window.innerHeight - 1) return;
  steady = { preview, height: preview.getBoundingClientRect().height };
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (!steady || event.detail.target !== steady.preview) return;
  const grown = steady.preview.getBoundingClientRect().height - steady.height;
  steady = null;
  if (grown) window.scrollBy(0, grown);
});

export function onLoad(root) {
  root.querySelectorAll("[data-pips]").forEach((pips) => {
    const form = pips.closest("form");
    if (!form) return;
    markKeys(form);
    pips.querySelectorAll("input[inputmode=numeric]").forEach((input) => input.addEventListener("keydown", onEnter));
  });
  if (focusFirstRefused(root) || showConfirm(root)) return;
  if (root.matches("[data-entry]")) {
    focusFirstCount(root); // a seat tapped: the hand form swapped in
  } else if (root === document.body && /[?&]out=/.test(location.search) && location.hash === "#entry") {
    // Opened from the link of a name (no htmx): the first count is where the thumb goes next.
    focusFirstCount(root);
  }
}
