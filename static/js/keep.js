// Never lose a typed hand. The hand being typed is kept on the phone (per match, per hand
// number) until it is saved or discarded; a save that cannot reach the server stays queued with
// its token and goes out when the signal returns, or on the next visit. The token makes the
// server record it once, however many times it is sent.
(function () {
  "use strict";

  var PREFIX = "scorekeeper:hand:";
  var SAVE_WAIT_MS = 20000;
  var RETRY_MS = 15000;
  var inFlight = null; // the token of the save on its way, so that a second one is not sent
  var opening = null; // the hand form asked for to restore a hand, once per page

  function play() { return document.getElementById("play"); }
  function handForm() { return document.querySelector("#entry form.hand-form"); }
  function nextHand() { var p = play(); return p ? Number(p.dataset.nextHand) : 0; }
  function storageKey() { return PREFIX + location.pathname; }

  function load() {
    try { return JSON.parse(localStorage.getItem(storageKey()) || "null"); } catch (error) { return null; }
  }
  function store(draft) {
    try { localStorage.setItem(storageKey(), JSON.stringify(draft)); } catch (error) { /* full or off: the form still holds it */ }
  }
  function clear() {
    try { localStorage.removeItem(storageKey()); } catch (error) { /* nothing kept */ }
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

  function valuesOf(form) {
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (name === "csrfmiddlewaretoken") return;
      (values[name] = values[name] || []).push(String(value));
    });
    return values;
  }

  function remember(form, queued) {
    var draft = load();
    var out = form.elements.out.value;
    var number = Number(form.elements.number.value);
    if (!draft || draft.number !== number) {
      draft = { number: number, token: newToken(), queued: false };
    }
    form.elements.token.value = draft.token;
    draft.out = out;
    draft.action = form.getAttribute("action");
    draft.values = valuesOf(form);
    if (queued !== undefined) draft.queued = queued;
    store(draft);
    return draft;
  }

  function fill(form, draft) {
    Array.prototype.forEach.call(form.elements, function (field) {
      var values = draft.values[field.name];
      // Who went out and how the pips are given (per hand or one total) are what the page shows.
      if (!field.name || field.name === "csrfmiddlewaretoken" || field.name === "out" || field.name === "entry") return;
      if (field.type === "checkbox" || field.type === "radio") {
        // A radio's value is its choice (who led, who blocked): only whether it is chosen changes.
        field.checked = Boolean(values && values.indexOf(field.value) >= 0);
        if (field.checked && field.closest("details")) field.closest("details").open = true;
      } else if (field.type !== "submit" && field.type !== "button") {
        field.value = values ? values[0] : "";
      }
    });
    form.elements.number.value = draft.number;
    form.elements.token.value = draft.token;
    // The tile pickers recount and grey out taken tiles; the preview shows these numbers.
    form.querySelectorAll(".tile-grid").forEach(function (grid) {
      var box = grid.querySelector("input:checked");
      if (box) box.dispatchEvent(new Event("change", { bubbles: true }));
    });
    refreshPreview(form);
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
  function show(which, draft) {
    document.querySelectorAll("[data-keep-note]").forEach(function (note) {
      note.hidden = note.dataset.keepNote !== which;
      note.querySelectorAll("[data-hand-number]").forEach(function (span) {
        span.textContent = draft ? String(draft.number) : "";
      });
    });
  }

  function send(draft) {
    if (inFlight === draft.token || !window.htmx || !play()) return;
    show("sending", draft);
    var values = {};
    Object.keys(draft.values).forEach(function (name) {
      values[name] = draft.values[name].length === 1 ? draft.values[name][0] : draft.values[name];
    });
    values.token = draft.token;
    values.number = String(draft.number);
    window.htmx.ajax("POST", draft.action, { source: document.body, target: "#play", swap: "outerHTML", values: values });
  }

  // What the page holds now, against what the phone kept.
  function restore() {
    if (!play()) return;
    var draft = load();
    var form = handForm();
    if (!draft) {
      show(null);
      if (form) refreshPreview(form);
      return;
    }
    if (draft.queued) {
      show(navigator.onLine ? "sending" : "queued", draft);
      if (navigator.onLine) send(draft);
      return;
    }
    if (draft.number < nextHand()) { clear(); return; } // saved, here or on another phone
    if (draft.number > nextHand()) {
      // A copy of the page from before this hand: leave the hand be. A fresh page (a hand was
      // undone on another phone) takes it as the hand to enter now.
      if (document.body.hasAttribute("data-offline-copy")) return;
      draft.number = nextHand();
      store(draft);
    }
    if (form && form.elements.out.value === draft.out) {
      fill(form, draft);
      show("restored", draft);
      return;
    }
    var link = document.querySelector('#entry .outs a[href^="?out=' + draft.out + '&"]');
    if (link && opening !== draft.out) {
      opening = draft.out;
      link.click(); // the hand form comes back for the same seat, and this runs again
    }
  }

  function isSave(detail) {
    var path = (detail.requestConfig && detail.requestConfig.path) || detail.path || "";
    var verb = (detail.requestConfig && detail.requestConfig.verb) || detail.verb || "";
    return verb.toLowerCase() === "post" && /\/hand$/.test(path.split("?")[0]);
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
    if (event.target.matches && event.target.matches("#entry form.hand-form")) remember(event.target, true);
    inFlight = token;
    detail.timeout = SAVE_WAIT_MS;
  });

  // The server answered: saved, refused at a field, or told of another phone's hand. Either way
  // the hand is no longer waiting; what is left of it shows in the page that comes back.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isSave(event.detail) || event.detail.xhr.status >= 400) return;
    inFlight = null;
    var draft = load();
    if (draft) { draft.queued = false; store(draft); }
  });

  function unreachable(event) {
    if (!isSave(event.detail)) return;
    inFlight = null;
    var draft = load();
    if (!draft) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status >= 400 && status < 500) {
      draft.queued = false; // refused (an expired page, say): sending it again would not help
      store(draft);
      show("refused", draft);
      return;
    }
    draft.queued = true;
    store(draft);
    show("queued", draft);
  }
  document.addEventListener("htmx:sendError", unreachable);
  document.addEventListener("htmx:timeout", unreachable);
  document.addEventListener("htmx:responseError", unreachable);

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target || (target.id !== "play" && target.id !== "entry")) return;
    var form = handForm();
    var copy = event.detail.xhr && event.detail.xhr.getResponseHeader("X-Offline-Copy");
    if (form && copy) form.elements.number.value = nextHand(); // a kept form: this hand's number
    var draft = load();
    if (isSave(event.detail)) {
      if (form && draft && Number(form.elements.number.value) === draft.number) {
        // Refused at a field: the form is back with what was typed; the preview shows it again.
        show(null);
        refreshPreview(form);
        return;
      }
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

  // Back in signal: the waiting hand goes out, and its answer brings the play area up to date;
  // with none waiting, a page kept from before asks for the play area as it is now.
  window.addEventListener("online", function () {
    var draft = load();
    if (draft && draft.queued) {
      send(draft);
    } else if (play() && document.body.hasAttribute("data-offline-copy") && window.htmx) {
      window.htmx.ajax("GET", location.pathname, { source: document.body, target: "#play", swap: "outerHTML" });
    }
  });
  // A phone can be "online" on a Wi-Fi with no way out: try the waiting hand again now and then.
  setInterval(function () {
    var draft = load();
    if (draft && draft.queued && navigator.onLine && inFlight === null) send(draft);
  }, RETRY_MS);
  window.addEventListener("offline", function () {
    var draft = load();
    if (draft && draft.queued) show("queued", draft);
  });

  document.addEventListener("DOMContentLoaded", restore);
  // The back gesture may show this page from the browser's memory: bring the hand back too.
  window.addEventListener("pageshow", function (event) { if (event.persisted) restore(); });
})();
