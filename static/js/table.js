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

  window.addEventListener("offline", function () { stale(true); });
  window.addEventListener("online", function () {
    if (!isCopy()) { stale(false); return; }
    // A kept copy of the page: the watch page follows the table again by itself, and the match
    // page fetches its play area (keep.js, after any hand waiting on the phone). Others reload.
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
