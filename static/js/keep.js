// What is typed is kept on the phone: the one copy of the storage helpers (used for the hand
// being typed and the hands waiting to be sent, see hand.js and queue.js), and the correction
// of an old hand (form[data-draft]), kept until it is saved.

export function load(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (error) { return null; }
}
export function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* full or off: the form still holds it */ }
}
export function drop(key) {
  try { localStorage.removeItem(key); } catch (error) { /* nothing kept */ }
}

// A form's values by name, each a list (as FormData gives them), but for the names in `skip`.
export function valuesOf(form, skip) {
  const values = {};
  new FormData(form).forEach((value, name) => {
    // A chosen photo is no typed value: it is not kept (nor its name).
    if (skip.indexOf(name) < 0 && typeof value === "string") (values[name] = values[name] || []).push(value);
  });
  return values;
}

// Kept values back into a form, but for the names in `skip`. A box or a radio's value is its
// choice (who led, who blocked): only whether it is chosen changes. The tile pickers recount
// and grey out the tiles taken by another hand.
export function fill(form, values, skip) {
  Array.prototype.forEach.call(form.elements, (field) => {
    if (!field.name || skip.indexOf(field.name) >= 0 || ["submit", "button", "file"].indexOf(field.type) >= 0) return;
    const given = values[field.name];
    if (field.type === "checkbox" || field.type === "radio") {
      field.checked = Boolean(given && given.indexOf(field.value) >= 0);
      if (field.checked && field.closest("details")) field.closest("details").open = true;
    } else {
      field.value = given ? given[0] : "";
    }
  });
  form.querySelectorAll("[data-tile-grid]").forEach((grid) => {
    const box = grid.querySelector("input:checked");
    if (box) box.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

// --- A correction of an old hand ----------------------------------------------------------------

// Kept as it is typed (per match and hand number, with the match's version the page showed),
// and put back into the form when the page opens again: a reload, the back gesture, or after the
// browser's error page when the save never arrived. Once the match's version has moved on (this
// correction saved, or another phone's change), the kept one is dropped: it is never put over a
// newer hand.
const PREFIX = "scorekeeper:fix:";
// Given by the page itself, not kept: where the form is, and which seat and way of entry it shows.
const OWN = ["csrfmiddlewaretoken", "out", "entry", "number", "token", "version"];

function draftForm() { return document.querySelector("form[data-draft]"); }
function fixKey() { return PREFIX + location.pathname; }
function versionOf(form) { return Number(form.elements.version.value); }

function rememberFix(form) {
  const draft = { version: versionOf(form), out: form.elements.out.value, entry: form.elements.entry.value, values: valuesOf(form, OWN) };
  store(fixKey(), draft);
}

function keptUrl(path, draft) {
  return path + "?out=" + encodeURIComponent(draft.out) + "&entry=" + encodeURIComponent(draft.entry);
}

// `opened`: the page has just come (not shown again from the browser's memory), and what was typed
// since, before this module came, is newer than the kept correction: the player's last word. It
// stays as typed (the form has autocomplete off: no browser puts an older state back in it), and
// the kept correction fills in the rest.
function restoreFix(opened) {
  const form = draftForm();
  if (!form) return;
  const draft = load(fixKey());
  if (!draft) return;
  if (draft.version < versionOf(form)) { drop(fixKey()); return; } // saved, or changed since
  if (draft.version !== versionOf(form)) return; // a copy of the page from before the draft
  const newer = opened ? typedNames(form) : [];
  if (draft.out !== form.elements.out.value || draft.entry !== form.elements.entry.value) {
    // Opened as it was saved (from the score sheet, say): the kept one had chosen its own seat,
    // unless a count was typed here meanwhile (then this seat's is the correction now).
    if (!newer.length && !/[?&]out=/.test(location.search)) location.replace(keptUrl(location.pathname, draft));
    return;
  }
  const shown = JSON.stringify(valuesOf(form, OWN));
  if (shown === JSON.stringify(draft.values)) return; // the page holds it already
  fill(form, draft.values, OWN.concat(newer));
  if (JSON.stringify(valuesOf(form, OWN)) === shown) return; // nothing kept but what was typed since
  const note = document.querySelector("[data-draft-note]");
  if (note) note.hidden = false;
}

// The match page: corrections kept for this match from before its version are done with;
// one still waiting says so, with the way back to it.
function sweep() {
  const play = document.querySelector("[data-play]");
  const note = document.querySelector("[data-fix-note]");
  if (!play || !play.dataset.version) return;
  const mine = PREFIX + location.pathname + "h/";
  let waiting = null;
  try {
    Object.keys(localStorage).forEach((key) => {
      if (key.indexOf(mine) !== 0) return;
      const draft = load(key);
      if (!draft || draft.version < Number(play.dataset.version)) { drop(key); return; }
      const number = /^(\d+)\/$/.exec(key.slice(mine.length));
      if (number && (!waiting || Number(number[1]) < Number(waiting.number))) waiting = { number: number[1], draft, path: key.slice(PREFIX.length) };
    });
  } catch (error) { /* nothing kept */ }
  if (!note) return;
  note.hidden = !waiting;
  if (!waiting) return;
  note.querySelector("[data-fix-number]").textContent = waiting.number;
  note.querySelector("[data-fix-link]").href = keptUrl(waiting.path, waiting.draft);
}

// Whether a box or a typed field holds other than what the page came with.
function changed(field) {
  return field.type === "checkbox" || field.type === "radio" ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
}

// Whether the form holds anything but what the page came with (its boxes and typed fields).
export function typed(form) {
  return Array.prototype.some.call(form.querySelectorAll("input, textarea"), changed);
}

// The names of the fields typed into since the page came. A count and its tiles go together:
// tiles put back would count themselves over the count typed, and tiles picked fill in theirs.
function typedNames(form) {
  const names = new Set();
  form.querySelectorAll("input, textarea").forEach((field) => { if (field.name && changed(field)) names.add(field.name); });
  form.querySelectorAll("[data-tile-grid]").forEach((grid) => {
    const count = document.getElementById(grid.dataset.for);
    const box = grid.querySelector("input[type=checkbox]");
    if (count && box && (names.has(count.name) || names.has(box.name))) [count.name, box.name].forEach((name) => names.add(name));
  });
  return Array.from(names);
}

export function onLoad(root) {
  if (root === document.body) restoreFix(true);
  root.querySelectorAll("form[data-draft]").forEach((form) => {
    form.addEventListener("input", () => rememberFix(form));
    form.addEventListener("change", () => rememberFix(form));
    // This module comes a moment after the page: what was typed meanwhile (with the kept
    // correction around it) is kept too.
    if (typed(form)) rememberFix(form);
  });
  root.querySelectorAll("[data-draft-drop]").forEach((link) => link.addEventListener("click", () => drop(fixKey())));
  if (root === document.body || root.matches("[data-play]")) sweep();
}
window.addEventListener("pageshow", (event) => { if (event.persisted) { restoreFix(false); sweep(); } });
