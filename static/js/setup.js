// The setup page: partners named as they are typed, and a game's rules filled in when it is
// chosen (without this script, the server shows them before the match starts).

// A right-to-left name (or one still holding a direction control as it is typed) between
// isolates, so that it cannot turn the rest of the label around (as inputs.isolated does).
const TURNING = /[\p{Bidi_Control}\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
function isolated(name) {
  return TURNING.test(name) ? "\u2068" + name + "\u2069" : name;
}

// Two partners joined as the page's language joins them (Spanish "e" before an i-sound).
function pair(fieldset, first, second) {
  const bare = second.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/^h/, "");
  const iSound = bare.length > 1 && bare[0] === "i" && "aeiouy".indexOf(bare[1]) < 0;
  const pattern = (iSound ? fieldset.dataset.pairI : fieldset.dataset.pair) || "%(a)s & %(b)s";
  return pattern.replace("%(a)s", isolated(first)).replace("%(b)s", isolated(second));
}

// The partners choice only makes sense with exactly four players.
function syncPartners(form) {
  const fieldset = form.querySelector("[data-partners]");
  if (!fieldset) return;
  const filled = Array.from(form.querySelectorAll("[data-player]"), (input) => input.value.trim()).filter(Boolean);
  if (filled.length !== 4) return;
  const pairs = { 13: [0, 2, 1, 3], 12: [0, 1, 2, 3], 14: [0, 3, 1, 2] };
  fieldset.querySelectorAll("[data-pairing]").forEach((label) => {
    const p = pairs[label.dataset.pairing];
    label.textContent = pair(fieldset, filled[p[0]], filled[p[1]]) + "  ·  " + pair(fieldset, filled[p[2]], filled[p[3]]);
  });
}

function applyPreset(form, key) {
  const node = document.getElementById("preset-switches");
  const values = node && JSON.parse(node.textContent)[key];
  if (!values) return;
  Object.keys(values).forEach((name) => {
    const value = values[name];
    form.querySelectorAll('[name="' + name + '"]').forEach((input) => {
      if (input.type === "radio") {
        input.checked = value !== null && String(value) === input.value;
      } else if (input.type === "checkbox") {
        input.checked = Boolean(value);
      } else {
        input.value = value === null ? "" : String(value);
      }
    });
  });
  const shown = form.querySelector('[name="rules_of"]');
  if (shown) shown.value = key;
  // Switches that only some games use (All Fives and Bergen) show only for those games.
  form.querySelectorAll("[data-for-presets]").forEach((group) => {
    group.hidden = group.getAttribute("data-for-presets").split(" ").indexOf(key) === -1;
  });
  // The folded rules' one line names the game now chosen.
  const lines = document.getElementById("preset-lines");
  const line = form.querySelector(".fold-line");
  if (lines && line) line.textContent = JSON.parse(lines.textContent)[key] || "";
}

export function onLoad(root) {
  root.querySelectorAll("form").forEach((form) => {
    if (!form.querySelector("[data-partners], [data-preset]")) return;
    syncPartners(form);
    form.addEventListener("input", (event) => { if (event.target.matches("[data-player]")) syncPartners(form); });
    form.addEventListener("change", (event) => { if (event.target.matches("[data-preset]")) applyPreset(form, event.target.value); });
  });
}
