// The little JavaScript there is. Every form works without it; this only makes entry quicker.
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

  // Two partners joined as the page's language joins them (Spanish "e" before an i-sound).
  function pair(fieldset, first, second) {
    var bare = second.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/^h/, "");
    var iSound = bare.length > 1 && bare[0] === "i" && "aeiouy".indexOf(bare[1]) < 0;
    var pattern = (iSound ? fieldset.dataset.pairI : fieldset.dataset.pair) || "%(a)s & %(b)s";
    return pattern.replace("%(a)s", first).replace("%(b)s", second);
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
