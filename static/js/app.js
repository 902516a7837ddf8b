// The app's one script (one download, cached for good), in four independent parts:
// 1. quicker entry (tile picker, partners, number keys, presets);
// 2. the phone on the table (without signal, awake, sharing, saying the count);
// 3. never losing a typed hand (kept on the phone, queued without signal);
// 4. never losing a typed correction (kept on the phone until it is saved).
// Parts 3 and 4 keep what was typed through the same few helpers (`kept`).
// Every form works without it.

// === 1. Quicker entry ==========================================================================

(function () {
  "use strict";

  // Tile picker: the checked tiles of a hand fill in its pip count, and a tile given to one
  // hand cannot be picked for another.
  function syncTiles(form) {
    var grids = form.querySelectorAll(".tile-grid");
    var taken = {};
    grids.forEach(function (grid) {
      grid.querySelectorAll("input:checked").forEach(function (box) {
        taken[box.value] = grid;
      });
    });
    grids.forEach(function (grid) {
      grid.querySelectorAll("input[type=checkbox]").forEach(function (box) {
        box.disabled = Boolean(taken[box.value] && taken[box.value] !== grid);
      });
    });
  }

  function countTiles(grid) {
    var total = 0;
    var any = false;
    grid.querySelectorAll("input:checked").forEach(function (box) {
      any = true;
      box.value.split("-").forEach(function (half) { total += parseInt(half, 10); });
    });
    var field = document.getElementById(grid.dataset.for);
    if (field) {
      field.value = any ? String(total) : "";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }

  document.addEventListener("change", function (event) {
    var box = event.target;
    var grid = box.closest && box.closest(".tile-grid");
    if (!grid) return;
    countTiles(grid);
    syncTiles(grid.closest("form"));
  });

  // A right-to-left name (or one still holding a direction control as it is typed) between
  // isolates, so that it cannot turn the rest of the label around (as inputs.isolated does).
  var TURNING = /[\p{Bidi_Control}\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
  function isolated(name) {
    return TURNING.test(name) ? "\u2068" + name + "\u2069" : name;
  }

  // Two partners joined as the page's language joins them (Spanish "e" before an i-sound).
  function pair(fieldset, first, second) {
    var bare = second.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/^h/, "");
    var iSound = bare.length > 1 && bare[0] === "i" && "aeiouy".indexOf(bare[1]) < 0;
    var pattern = (iSound ? fieldset.dataset.pairI : fieldset.dataset.pair) || "%(a)s & %(b)s";
    return pattern.replace("%(a)s", isolated(first)).replace("%(b)s", isolated(second));
  }

  // Setup: the partners choice only makes sense with exactly four players.
  function syncPartners(form) {
    var fieldset = form.querySelector("[data-partners]");
    if (!fieldset) return;
    var names = Array.prototype.map.call(form.querySelectorAll("[data-player]"), function (input) {
      return input.value.trim();
    });
    var filled = names.filter(Boolean);
    if (filled.length === 4) {
      var pairs = { "13": [0, 2, 1, 3], "12": [0, 1, 2, 3], "14": [0, 3, 1, 2] };
      fieldset.querySelectorAll("[data-pairing]").forEach(function (label) {
        var p = pairs[label.dataset.pairing];
        label.textContent = pair(fieldset, filled[p[0]], filled[p[1]]) + "  ·  " + pair(fieldset, filled[p[2]], filled[p[3]]);
      });
    }
  }

  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("[data-player]")) {
      syncPartners(event.target.form);
    }
  });

  // Entering the pips with the phone's number pad: tapping who went out puts the cursor in the
  // first count, the pad's Next goes to the following one, and only the last one's Done saves,
  // and only once every count is filled. Without JavaScript the server checks the same.
  function pipInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll(".pips input[inputmode=numeric]"));
  }

  function markKeys(form) {
    var inputs = pipInputs(form);
    inputs.forEach(function (input, index) {
      input.enterKeyHint = index === inputs.length - 1 ? "done" : "next";
    });
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches || !event.target.matches(".pips input")) return;
    var form = event.target.form;
    var inputs = pipInputs(form);
    var index = inputs.indexOf(event.target);
    var empty = inputs.filter(function (input) { return input.value.trim() === ""; });
    if (index < inputs.length - 1) {
      event.preventDefault();
      inputs[index + 1].focus();
    } else if (empty.length) {
      event.preventDefault();
      empty[0].focus();
    }
  });

  function focusFirstCount(root) {
    var form = root.querySelector && root.querySelector("form.hand-form");
    if (!form) return;
    var first = pipInputs(form).filter(function (input) { return input.value.trim() === ""; })[0];
    if (first) first.focus({ preventScroll: false });
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "entry" && event.detail.requestConfig.verb === "get") {
      focusFirstCount(document.getElementById("entry"));
    }
  });

  // Setup: choosing a game fills in its rules below (without this script, the server shows
  // the new game's rules before starting).
  function applyPreset(form, key) {
    var node = document.getElementById("preset-switches");
    var values = node && JSON.parse(node.textContent)[key];
    if (!values) return;
    Object.keys(values).forEach(function (name) {
      var value = values[name];
      form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
        if (input.type === "radio") {
          input.checked = value !== null && String(value) === input.value;
        } else if (input.type === "checkbox") {
          input.checked = Boolean(value);
        } else {
          input.value = value === null ? "" : String(value);
        }
      });
    });
    var shown = form.querySelector('[name="rules_of"]');
    if (shown) shown.value = key;
    // Switches that only some games use (All Fives and Bergen) show only for those games.
    form.querySelectorAll("[data-for-presets]").forEach(function (group) {
      group.hidden = group.getAttribute("data-for-presets").split(" ").indexOf(key) === -1;
    });
    // The folded rules' one line names the game now chosen.
    var lines = document.getElementById("preset-lines");
    var line = form.querySelector(".fold-line");
    if (lines && line) line.textContent = JSON.parse(lines.textContent)[key] || "";
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-preset]")) {
      applyPreset(event.target.form, event.target.value);
    }
  });
  // A score tapped during play that cannot reach the server says so on the strip: a tap is
  // not kept on the phone like a hand, so it must be tapped again.
  function tapFailed(event, failed) {
    var elt = event.detail && event.detail.elt;
    var form = elt && elt.closest && elt.closest("form.amounts");
    var note = form && form.querySelector(".net-error");
    if (note) note.hidden = !failed;
  }
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) { tapFailed(event, true); });
  });
  document.addEventListener("htmx:beforeRequest", function (event) { tapFailed(event, false); });

  function init(root) {
    root.querySelectorAll("form").forEach(function (form) {
      syncTiles(form);
      syncPartners(form);
      markKeys(form);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    init(document);
    // Opened from the link of a name (no htmx): the first count is where the thumb goes next.
    if (/[?&]out=/.test(location.search) && location.hash === "#entry") focusFirstCount(document);
  });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt.parentNode || document); });
})();

// === 2. The phone on the table =================================================================

// The phone on the table: it works without signal, stays awake on the match page, shares the
// table's links, and says the count out loud when asked. Where a browser lacks an API, the page
// simply does without it.
(function () {
  "use strict";

  // --- Without signal ----------------------------------------------------------------------

  function worker(message) {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage(message);
    });
  }

  function register() {
    var url = document.body.dataset.serviceWorker;
    if (!url || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(url).catch(function () { /* plain http on the Wi-Fi: online only */ });
  }

  // The hand forms for every seat, so that a hand can be entered with no signal.
  function warmHandForms() {
    var urls = Array.prototype.map.call(document.querySelectorAll("#entry .outs a[hx-get]"), function (link) {
      return new URL(link.getAttribute("hx-get"), location.href).href;
    });
    if (urls.length) worker({ warm: urls });
  }

  function localTime() {
    var time = document.querySelector("[data-drawn-at]");
    if (!time) return;
    var when = new Date(time.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    var options = { hour: "numeric", minute: "2-digit" };
    if (when.toDateString() !== new Date().toDateString()) {
      options.day = "numeric";
      options.month = "short";
    }
    try {
      time.textContent = when.toLocaleString(document.documentElement.lang || undefined, options);
    } catch (error) { /* the server's own rendering stays */ }
  }

  function stale(show) {
    var banner = document.querySelector("[data-stale]");
    if (banner) banner.hidden = !show;
  }

  function isCopy() { return document.body.hasAttribute("data-offline-copy"); }

  // Fresh numbers from the server: the page is no longer a copy, and its time is now.
  function fresh() {
    document.body.removeAttribute("data-offline-copy");
    var time = document.querySelector("[data-drawn-at]");
    if (time) time.setAttribute("datetime", new Date().toISOString());
    localTime();
    stale(!navigator.onLine);
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    var xhr = event.detail.xhr;
    if (!target || (target.id !== "play" && target.id !== "board")) return;
    if (xhr && !xhr.getResponseHeader("X-Offline-Copy") && xhr.status === 200) {
      fresh();
      if (target.id === "play") worker({ refresh: location.href });
    }
  });

  // A form sent with no signal says so beside it. A plain form (a correction, Start, Rematch)
  // is not sent at all: the browser's error page would take what was typed with it. A form
  // that htmx sends (Undo) failed on its way. The hand form has its own queue (part 3).
  // Held once found: put beside a form inside #play, it leaves the page with the next swap.
  var unsentNote = null;
  function unsentNoteOf() {
    unsentNote = unsentNote || document.querySelector("[data-unsent]");
    return unsentNote;
  }
  function unsent(form) {
    var note = unsentNoteOf();
    if (!note) return;
    form.after(note);
    note.hidden = false;
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var note = unsentNoteOf();
    if (note) note.hidden = true;
    if (navigator.onLine || form.hasAttribute("hx-post") || form.method !== "post") return;
    event.preventDefault();
    unsent(form);
  });
  ["htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var elt = event.detail && event.detail.elt;
      var form = elt && elt.closest && elt.closest("form.confirm");
      if (form) unsent(form);
    });
  });

  window.addEventListener("offline", function () { stale(true); });
  window.addEventListener("online", function () {
    if (!isCopy()) { stale(false); return; }
    // A kept copy of the page: the watch page follows the table again by itself, and the match
    // page fetches its play area (part 3 below, after any hand waiting on the phone). Others reload.
    if (document.getElementById("board") || document.getElementById("play")) return;
    location.reload();
  });

  // --- Awake while a match is open ---------------------------------------------------------

  var lock = null;
  function stayAwake() {
    if (lock || document.visibilityState !== "visible" || !document.querySelector("[data-keep-awake]")) return;
    if (!("wakeLock" in navigator)) return; // the screen sleeps as it always did
    lock = "asking";
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; }); // battery saver, or a page in the background
  }
  // The phone lets go of the lock whenever the page is hidden; take it again on return.
  document.addEventListener("visibilitychange", stayAwake);

  // --- Sharing the table -------------------------------------------------------------------

  function copy(text, node) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    // Plain http on the Wi-Fi has no clipboard API: select the link and copy it the old way.
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy"));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-share]");
    if (!button) return;
    var box = button.closest("[data-share-box]");
    var link = box.querySelector("[data-share-url]");
    var done = box.querySelector("[data-share-done]");
    if (navigator.share) {
      navigator.share({ title: document.title, url: link.href }).catch(function () { /* closed */ });
      return;
    }
    copy(link.href, link).then(function () { done.hidden = false; }, function () { done.hidden = true; });
  });

  function shareButtons() {
    document.querySelectorAll("[data-share-actions]").forEach(function (actions) {
      var button = actions.querySelector("[data-share]");
      if (!navigator.share) button.textContent = button.dataset.copyLabel;
      actions.hidden = false;
    });
  }

  // --- The count said out loud -------------------------------------------------------------

  var SAY_KEY = "scorekeeper:say";
  function sayingOn() {
    try { return localStorage.getItem(SAY_KEY) === "on"; } catch (error) { return false; }
  }

  function saySwitch() {
    var label = document.querySelector("[data-say-switch]");
    if (!label || !("speechSynthesis" in window)) return;
    var box = label.querySelector("[data-say-toggle]");
    box.checked = sayingOn();
    label.hidden = false;
    box.addEventListener("change", function () {
      try { localStorage.setItem(SAY_KEY, box.checked ? "on" : "off"); } catch (error) { /* this visit only */ }
    });
  }

  document.addEventListener("htmx:afterSwap", function () {
    var said = document.querySelector("#play [data-say]");
    if (!said) return;
    var text = said.dataset.say;
    said.removeAttribute("data-say");
    if (!sayingOn() || !("speechSynthesis" in window)) return;
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || "en";
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  });

  document.addEventListener("DOMContentLoaded", function () {
    register();
    localTime();
    stale(isCopy() || !navigator.onLine);
    stayAwake();
    shareButtons();
    saySwitch();
    warmHandForms();
  });
})();

// === What parts 3 and 4 keep on the phone: storage, and a form's values =======================

var kept = (function () {
  "use strict";

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (error) { return null; }
  }
  function store(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* full or off: the form still holds it */ }
  }
  function drop(key) {
    try { localStorage.removeItem(key); } catch (error) { /* nothing kept */ }
  }

  // A form's values by name, each a list (as FormData gives them), but for the names in `skip`.
  function valuesOf(form, skip) {
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (skip.indexOf(name) < 0) (values[name] = values[name] || []).push(String(value));
    });
    return values;
  }

  // Kept values back into a form, but for the names in `skip`. A box or a radio's value is its
  // choice (who led, who blocked): only whether it is chosen changes. The tile pickers recount
  // and grey out the tiles taken by another hand.
  function fill(form, values, skip) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || skip.indexOf(field.name) >= 0 || field.type === "submit" || field.type === "button") return;
      var given = values[field.name];
      if (field.type === "checkbox" || field.type === "radio") {
        field.checked = Boolean(given && given.indexOf(field.value) >= 0);
        if (field.checked && field.closest("details")) field.closest("details").open = true;
      } else {
        field.value = given ? given[0] : "";
      }
    });
    form.querySelectorAll(".tile-grid").forEach(function (grid) {
      var box = grid.querySelector("input:checked");
      if (box) box.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  return { load: load, store: store, drop: drop, valuesOf: valuesOf, fill: fill };
})();


// === 3. Never lose a typed hand ================================================================

// Never lose a typed hand. The hand being typed is kept on the phone (per match) until it is
// saved or discarded. A save that cannot reach the server (no signal, or a proxy's 502, 503 or
// 504) joins the hands waiting on the phone, in order, each with its number and token; the table
// plays on, and the next hand takes the next number. The waiting hands go out one at a time, in
// order, when the signal returns or on the next visit; the token makes the server record each
// once, however many times it is sent. What became of each the server says in its answer's
// X-Hand header (views.save_hand): saved; taken or stale (another phone changed the match: the
// rest wait until the player sends them as the next hands or discards them); undone or refused
// (the hand comes back into the form as typed).
(function () {
  "use strict";

  var PREFIX = "scorekeeper:hand:";
  var WAITING = "scorekeeper:waiting:";
  var SAVE_WAIT_MS = 20000;
  var RETRY_MS = 15000;
  var inFlight = null; // the token of the save on its way, so that a second one is not sent
  var opening = null; // the hand form asked for to restore a hand, once per page
  var discarded = null; // the last waiting hand discarded, and where it stood: it can come back

  function play() { return document.getElementById("play"); }
  function handForm() { return document.querySelector("#entry form.hand-form"); }
  function serverNext() { var p = play(); return p ? Number(p.dataset.nextHand) : 0; }
  function storageKey() { return PREFIX + location.pathname; }

  // --- The hands waiting on the phone ----------------------------------------------------------

  // { hands: [{number, token, out, action, values}], held: true when another phone changed the
  // match and the player is to say what becomes of them }
  function queue() { return kept.load(WAITING + location.pathname) || { hands: [], held: false }; }
  function keepQueue(q) {
    if (q.hands.length) kept.store(WAITING + location.pathname, q);
    else kept.drop(WAITING + location.pathname);
    showWaiting(q);
  }
  function waiting() { return queue().hands; }

  // The next hand's number counts the hands waiting on the phone.
  function nextHand() {
    var hands = waiting();
    var last = hands.length ? hands[hands.length - 1].number + 1 : 0;
    return Math.max(serverNext(), last);
  }

  function enqueue(draft) {
    var q = queue();
    if (!q.hands.some(function (hand) { return hand.token === draft.token; })) {
      q.hands.push({ number: draft.number, token: draft.token, out: draft.out, action: draft.action, values: draft.values });
    }
    keepQueue(q);
    kept.drop(storageKey());
  }

  // Renumbered to follow the hands the server has: after another phone's hand, or a discard.
  function renumber(q) {
    q.hands.forEach(function (hand, index) { hand.number = serverNext() + index; });
    return q;
  }

  function whoOf(out) {
    var link = document.querySelector('#entry .outs a[href^="?out=' + out + '&"]');
    return link ? link.textContent.trim() : String(out);
  }
  function pipsOf(values) {
    var total = 0;
    Object.keys(values).forEach(function (name) {
      if (/^(pips_|pair_|pooled$)/.test(name)) total += parseInt(values[name][0], 10) || 0;
    });
    return total;
  }

  function showWaiting(q) {
    // The sheet counts them in (waiting.js): the score while the signal is away.
    document.dispatchEvent(new CustomEvent("waiting:hands", { detail: { hands: q.hands } }));
    var box = document.querySelector("[data-waiting]");
    var list = box && box.querySelector("[data-waiting-list]");
    var line = box && box.querySelector("[data-waiting-line]");
    if (!list || !line) return;
    list.textContent = "";
    q.hands.forEach(function (hand, index) {
      var item = line.content.firstElementChild.cloneNode(true);
      item.querySelector("[data-hand-number]").textContent = String(hand.number);
      item.querySelector("[data-hand-who]").textContent = whoOf(hand.out);
      item.querySelector("[data-hand-pips]").textContent = String(pipsOf(hand.values));
      item.querySelector("[data-discard-waiting]").dataset.index = String(index);
      list.appendChild(item);
    });
    box.hidden = !q.hands.length;
    note("conflict", q.held && q.hands.length > 0);
    var hand = document.querySelector("#play .hand-no");
    if (hand && q.hands.length && !play().querySelector(".banner, .won")) {
      hand.textContent = hand.textContent.replace(/\d+/, String(nextHand()));
    }
  }

  // The waiting hands go out one at a time, the first first.
  function sendNext() {
    var q = queue();
    if (!q.hands.length || q.held || inFlight !== null || !play()) return;
    send(q.hands[0], true);
  }

  // --- The hand being typed --------------------------------------------------------------------

  // Who went out and how the pips are given (per hand or one total) are what the page shows.
  var PAGE_GIVES = ["csrfmiddlewaretoken", "out", "entry"];

  function load() { return kept.load(storageKey()); }
  function store(draft) { kept.store(storageKey(), draft); }
  function clear() {
    kept.drop(storageKey());
    show(null);
  }

  // A fresh token for every new draft: a page kept for use without signal may carry one that
  // has been used already.
  function newToken() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }

  function remember(form) {
    var draft = load();
    var out = form.elements.out.value;
    var number = Number(form.elements.number.value);
    if (!draft || draft.number !== number || waiting().some(function (hand) { return hand.token === draft.token; })) {
      draft = { number: number, token: newToken() };
    }
    form.elements.token.value = draft.token;
    draft.out = out;
    draft.action = form.getAttribute("action");
    draft.values = kept.valuesOf(form, ["csrfmiddlewaretoken"]);
    store(draft);
    return draft;
  }

  function fill(form, draft) {
    kept.fill(form, draft.values, PAGE_GIVES);
    form.elements.number.value = draft.number;
    form.elements.token.value = draft.token;
    refreshPreview(form); // the preview shows these numbers
  }

  // Asked directly, not through the form's change event: htmx may not listen on a new form yet.
  function refreshPreview(form) {
    var preview = form.querySelector("#preview");
    var filled = Array.prototype.some.call(form.querySelectorAll(".pip-field input[type=text]"), function (input) {
      return input.value !== "";
    });
    if (filled && preview && window.htmx) {
      window.htmx.ajax("POST", preview.getAttribute("hx-post"), { source: preview, target: preview, swap: "innerHTML" });
    }
  }

  // The notes at the top: which one shows, and for which hand.
  function show(which, hand) {
    document.querySelectorAll("[data-keep-note]").forEach(function (node) {
      // The waiting hands' own notes are set by showWaiting and the discard buttons.
      if (node.dataset.keepNote === "conflict" || node.dataset.keepNote === "discarded") return;
      node.hidden = node.dataset.keepNote !== which;
      node.querySelectorAll("[data-hand-number]").forEach(function (span) {
        span.textContent = hand ? String(hand.number) : "";
      });
    });
  }
  function note(which, shown) {
    var node = document.querySelector('[data-keep-note="' + which + '"]');
    if (node) node.hidden = !shown;
  }

  // The hand form leaves the page once its hand waits on the phone: the next seat tapped opens
  // the next hand's form.
  function closeForm() {
    var form = handForm();
    if (form) form.remove();
    document.querySelectorAll("#entry .out.chosen").forEach(function (link) {
      link.classList.remove("chosen");
      link.removeAttribute("aria-current");
    });
  }

  function send(hand, fromQueue) {
    if (inFlight === hand.token || !window.htmx || !play()) return;
    show("sending", hand);
    var values = {};
    Object.keys(hand.values).forEach(function (name) {
      values[name] = hand.values[name].length === 1 ? hand.values[name][0] : hand.values[name];
    });
    values.token = hand.token;
    values.number = String(hand.number);
    // Played already, at a table with no signal: a hand that ends the match is not asked about.
    if (fromQueue) values.confirm_end = "1";
    window.htmx.ajax("POST", hand.action, { source: document.body, target: "#play", swap: "outerHTML", values: values });
  }

  // What the page holds now, against what the phone kept.
  function restore() {
    if (!play()) return;
    var old = load();
    if (old && old.queued) enqueue(old); // kept by the one-hand queue of before
    var q = queue();
    showWaiting(q);
    if (q.hands.length && !q.held) {
      show(navigator.onLine ? "sending" : "queued", q.hands[q.hands.length - 1]);
      if (navigator.onLine) sendNext();
    }
    var draft = load();
    var form = handForm();
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
      store(draft);
    }
    if (form && form.elements.out.value === draft.out) {
      fill(form, draft);
      if (!q.hands.length) show("restored", draft);
      return;
    }
    var link = document.querySelector('#entry .outs a[href^="?out=' + draft.out + '&"]');
    if (link && opening !== draft.out) {
      opening = draft.out;
      // The hand form comes back for the same seat, and this runs again. Asked through htmx
      // directly: right after a swap htmx has not taken over the new link yet, and a click
      // would load the whole page again, losing the message that came with the swap.
      if (window.htmx && link.getAttribute("hx-get")) {
        window.htmx.ajax("GET", link.getAttribute("hx-get"), { source: link, target: "#entry", swap: "outerHTML" });
      } else {
        link.click();
      }
    }
  }

  function isSave(detail) {
    var path = (detail.requestConfig && detail.requestConfig.path) || detail.path || "";
    var verb = (detail.requestConfig && detail.requestConfig.verb) || detail.verb || "";
    return verb.toLowerCase() === "post" && /\/hand$/.test(path.split("?")[0]);
  }
  function sentToken(detail) {
    var parameters = (detail.requestConfig && detail.requestConfig.parameters) || {};
    return parameters.get ? parameters.get("token") : parameters.token;
  }

  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.matches("#entry form.hand-form")) remember(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.matches("#entry form.hand-form")) remember(form);
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-discard]");
    if (!button) return;
    clear();
    var form = handForm();
    if (!form) return;
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (field) {
      if (field.type === "checkbox") field.checked = false;
      else if (field.type === "text") field.value = "";
    });
    form.querySelectorAll(".tile-grid input").forEach(function (box) { box.disabled = false; });
    form.elements.token.value = newToken();
    var preview = form.querySelector("#preview");
    if (preview && preview.dataset.empty) preview.textContent = preview.dataset.empty;
  });

  // A waiting hand discarded (the other phone had it right, say): the ones after it move up,
  // and it can be brought back until the next discard.
  function discardAt(index) {
    var q = queue();
    var hand = q.hands.splice(index, 1)[0];
    if (!hand) return;
    discarded = { hands: [hand], index: index };
    keepQueue(renumber(q));
    note("discarded", true);
    restore();
  }
  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target;
    if (!target) return;
    if (target.closest("[data-discard-waiting]")) {
      discardAt(Number(target.closest("[data-discard-waiting]").dataset.index));
    } else if (target.closest("[data-discard-waiting-all]")) {
      var q = queue();
      discarded = { hands: q.hands, index: 0, held: q.held };
      keepQueue({ hands: [], held: false });
      note("discarded", true);
      restore();
    } else if (target.closest("[data-bring-back]")) {
      if (!discarded) return;
      var back = queue();
      Array.prototype.splice.apply(back.hands, [discarded.index, 0].concat(discarded.hands));
      back.held = Boolean(discarded.held || back.held);
      discarded = null;
      keepQueue(back.held ? back : renumber(back));
      note("discarded", false);
      restore();
    } else if (target.closest("[data-send-waiting]")) {
      var held = renumber(queue());
      held.held = false;
      keepQueue(held);
      sendNext();
    }
  });

  // Without signal the preview cannot be worked out: it says so instead of showing old numbers.
  document.addEventListener("htmx:sendError", function (event) {
    var preview = event.target;
    if (preview && preview.id === "preview" && preview.dataset.offline) preview.textContent = preview.dataset.offline;
  });

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (!isSave(detail)) return;
    var token = detail.parameters.get ? detail.parameters.get("token") : detail.parameters.token;
    if (token && token === inFlight) { event.preventDefault(); return; } // already on its way
    var typed = event.target.matches && event.target.matches("#entry form.hand-form");
    if (typed) {
      var draft = remember(event.target);
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
    inFlight = token;
    detail.timeout = SAVE_WAIT_MS;
  });

  // The server answered. What became of the hand is in the answer's X-Hand header.
  var answered = null; // { kind, token } of the last save answered, for the swap that follows
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isSave(event.detail) || event.detail.xhr.status >= 400) return;
    var token = inFlight || sentToken(event.detail);
    inFlight = null;
    var kind = event.detail.xhr.getResponseHeader("X-Hand") || "saved";
    answered = { kind: kind, token: token };
    var q = queue();
    var index = q.hands.map(function (hand) { return hand.token; }).indexOf(token);
    if (index < 0) return; // the hand typed in the form: the page that comes back shows it
    var hand = q.hands[index];
    discarded = null; // the hands have moved on: a discarded one no longer has a place to go back to
    note("discarded", false);
    if (kind === "saved") {
      q.hands.splice(index, 1);
    } else if (kind === "undone" || kind === "refused" || kind === "confirm") {
      // The form comes back with the hand as typed: it is the hand being typed again, and
      // any after it wait until the player says what becomes of them.
      q.hands.splice(index, 1);
      store({ number: hand.number, token: hand.token, out: hand.out, action: hand.action, values: hand.values });
      q.held = q.hands.length > 0;
    } else {
      q.held = true; // taken, stale or over: another phone changed the match
    }
    keepQueue(q);
  });

  function unreachable(event) {
    if (!isSave(event.detail)) return;
    var token = inFlight;
    inFlight = null;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var q = queue();
    var hand = q.hands.filter(function (h) { return h.token === token; })[0];
    var draft = hand ? null : load();
    if (!hand && !draft) return;
    if (status === 403) {
      // The form was made for a cookie this phone no longer has (cleared, or the page open for
      // very long): the page again, with a form of today and the hand as typed (or waiting).
      location.reload();
      return;
    }
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
  document.addEventListener("htmx:sendError", unreachable);
  document.addEventListener("htmx:timeout", unreachable);
  document.addEventListener("htmx:responseError", unreachable);

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target || (target.id !== "play" && target.id !== "entry")) return;
    var form = handForm();
    var copy = event.detail.xhr && event.detail.xhr.getResponseHeader("X-Offline-Copy");
    if (form && (copy || (waiting().length && target.id === "entry"))) form.elements.number.value = nextHand();
    var draft = load();
    if (isSave(event.detail)) {
      var last = answered;
      answered = null;
      if (form && draft && last && last.token === draft.token && last.kind !== "saved") {
        // Refused at a field, or undone on another phone: the form is back with what was
        // typed (and a new token if it was undone); the preview shows it again.
        if (form.elements.token.value !== draft.token) { draft.token = form.elements.token.value; store(draft); }
        show(null);
        refreshPreview(form);
        showWaiting(queue());
        return;
      }
      if (draft && last && last.token === draft.token && last.kind === "saved") kept.drop(storageKey());
      show(null);
      restore();
      return;
    }
    if (form && target.id === "entry" && opening !== form.elements.out.value) {
      if (draft && draft.number === nextHand() && draft.out === form.elements.out.value) {
        fill(form, draft); // the same seat tapped again: what was typed for it stays
      } else {
        remember(form); // a seat tapped: the start of a hand, or a change of mind
      }
      return;
    }
    opening = null;
    restore();
  });

  // Back in signal: the waiting hands go out, and their answers bring the play area up to date;
  // with none waiting, a page kept from before asks for the play area as it is now.
  window.addEventListener("online", function () {
    if (waiting().length) {
      sendNext();
    } else if (play() && document.body.hasAttribute("data-offline-copy") && window.htmx) {
      window.htmx.ajax("GET", location.pathname, { source: document.body, target: "#play", swap: "outerHTML" });
    }
  });
  // A phone can be "online" on a Wi-Fi with no way out: try the waiting hands again now and then.
  setInterval(function () {
    if (navigator.onLine) sendNext();
  }, RETRY_MS);
  window.addEventListener("offline", function () {
    var hands = waiting();
    if (hands.length) show("queued", hands[hands.length - 1]);
  });

  document.addEventListener("DOMContentLoaded", restore);
  // The back gesture may show this page from the browser's memory: bring the hand back too.
  window.addEventListener("pageshow", function (event) { if (event.persisted) restore(); });
})();


// === 4. Never lose a typed correction ==========================================================

// A correction of an old hand is kept on the phone as it is typed (per match and hand number,
// with the match's version the page showed), and put back into the form when the page opens
// again: a reload, the back gesture, or after the browser's error page when the save never
// arrived. Once the match's version has moved on (this correction saved, or another phone's
// change), the kept one is dropped: it is never put over a newer hand.
(function () {
  "use strict";

  var PREFIX = "scorekeeper:fix:";
  // Given by the page itself, not kept: where the form is, and which seat and way of entry it shows.
  var OWN = ["csrfmiddlewaretoken", "out", "entry", "number", "token", "version"];

  function draftForm() { return document.querySelector("form[data-draft]"); }
  function storageKey() { return PREFIX + location.pathname; }
  function versionOf(form) { return Number(form.elements.version.value); }

  var load = kept.load;
  var drop = kept.drop;
  function valuesOf(form) { return kept.valuesOf(form, OWN); }

  function remember(form) {
    var draft = { version: versionOf(form), out: form.elements.out.value, entry: form.elements.entry.value, values: valuesOf(form) };
    kept.store(storageKey(), draft);
  }

  function fill(form, values) { kept.fill(form, values, OWN); }

  function keptUrl(path, draft) {
    return path + "?out=" + encodeURIComponent(draft.out) + "&entry=" + encodeURIComponent(draft.entry);
  }

  function restore() {
    var form = draftForm();
    if (!form) return;
    var draft = load(storageKey());
    if (!draft) return;
    if (draft.version < versionOf(form)) { drop(storageKey()); return; } // saved, or changed since
    if (draft.version !== versionOf(form)) return; // a copy of the page from before the draft
    if (draft.out !== form.elements.out.value || draft.entry !== form.elements.entry.value) {
      // Opened as it was saved (from the score sheet, say): the kept one had chosen its own seat.
      if (!/[?&]out=/.test(location.search)) location.replace(keptUrl(location.pathname, draft));
      return;
    }
    if (JSON.stringify(valuesOf(form)) === JSON.stringify(draft.values)) return; // the page holds it already
    fill(form, draft.values);
    var note = document.querySelector("[data-draft-note]");
    if (note) note.hidden = false;
  }

  // The match page: corrections kept for this match from before its version are done with;
  // one still waiting says so, with the way back to it.
  function sweep() {
    var play = document.getElementById("play");
    var note = document.querySelector("[data-fix-note]");
    if (!play || !play.dataset.version) return;
    var mine = PREFIX + location.pathname + "h/";
    var waiting = null;
    try {
      Object.keys(localStorage).forEach(function (key) {
        if (key.indexOf(mine) !== 0) return;
        var draft = load(key);
        if (!draft || draft.version < Number(play.dataset.version)) { drop(key); return; }
        var number = /^(\d+)\/$/.exec(key.slice(mine.length));
        if (number && (!waiting || Number(number[1]) < Number(waiting.number))) waiting = { number: number[1], draft: draft, path: key.slice(PREFIX.length) };
      });
    } catch (error) { /* nothing kept */ }
    if (!note) return;
    note.hidden = !waiting;
    if (!waiting) return;
    note.querySelector("[data-fix-number]").textContent = waiting.number;
    note.querySelector("[data-fix-link]").href = keptUrl(waiting.path, waiting.draft);
  }

  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var form = event.target.form;
      if (form && form.matches("form[data-draft]")) remember(form);
    });
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-draft-drop]")) drop(storageKey());
  });

  document.addEventListener("DOMContentLoaded", function () { restore(); sweep(); });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "play") sweep();
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { restore(); sweep(); } });
})();
