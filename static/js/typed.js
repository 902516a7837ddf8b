// A form whose fields htmx draws again when a choice changes (a tournament's format or game,
// form[data-keep-typed]): what was typed while the answer was on its way is not put back to
// what the request carried. A field the answer no longer has is simply gone. A field selected to
// be typed over stays selected: htmx gives the new field the focus, but leaves a selection that
// starts at the first character out, so what was typed next went in before the old value.
const sent = new WeakMap();
const selected = new WeakMap();
const TYPED = "input[name]:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea[name]";

// What was typed, kept for this tab until the form is sent: a reload cleared the names, which
// the browser does not fill back in (their own suggestions are off for the table's list).
function keptKey() {
  return "typed:" + location.pathname;
}

function keep(form) {
  const values = {};
  form.querySelectorAll(TYPED).forEach((field) => { if (field.value) values[field.name] = field.value; });
  try { sessionStorage.setItem(keptKey(), JSON.stringify(values)); } catch (error) { /* no room: as before */ }
}

function bringBack(form) {
  let values = null;
  try { values = JSON.parse(sessionStorage.getItem(keptKey()) || "null"); } catch (error) { values = null; }
  if (!values) return;
  form.querySelectorAll(TYPED).forEach((field) => {
    if (!field.value && values[field.name]) field.value = values[field.name];
  });
}

function watch(form) {
  if (form.dataset.keepTyped === "on") return;
  form.dataset.keepTyped = "on";
  bringBack(form);
  form.addEventListener("input", () => keep(form));
  form.addEventListener("submit", () => {
    if (!navigator.onLine) return; // not sent (offline.js): kept
    try { sessionStorage.removeItem(keptKey()); } catch (error) { /* none kept */ }
  });
  // What the request carried, read as its answer arrives (not as it leaves: this module may come
  // after a quick first change, and the answer is what it has to be in time for).
  form.addEventListener("htmx:beforeSwap", (event) => sent.set(form, event.detail.requestConfig.parameters));
  form.addEventListener("htmx:oobBeforeSwap", (event) => {
    const active = document.activeElement;
    if (active && active.id && form.contains(active) && typeof active.selectionStart === "number") {
      selected.set(form, { id: active.id, start: active.selectionStart, end: active.selectionEnd });
    }
    const before = sent.get(form);
    if (!before) return;
    event.detail.fragment.querySelectorAll(TYPED).forEach((field) => {
      const now = form.elements.namedItem(field.name);
      if (!now || now.value === String(before[field.name] ?? "")) return;
      if (field.tagName === "TEXTAREA") field.textContent = now.value;
      else field.setAttribute("value", now.value);
    });
  });
  form.addEventListener("htmx:afterSwap", () => {
    const was = selected.get(form);
    selected.delete(form);
    const active = document.activeElement;
    if (!was || !active || active.id !== was.id || !active.setSelectionRange) return;
    try { active.setSelectionRange(was.start, was.end); } catch (error) { /* a field without a selection */ }
  });
}

export function onLoad(root) {
  if (root.matches("form[data-keep-typed]")) watch(root);
  root.querySelectorAll("form[data-keep-typed]").forEach(watch);
}
