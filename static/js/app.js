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
        label.textContent = filled[p[0]] + " & " + filled[p[1]] + "  ·  " + filled[p[2]] + " & " + filled[p[3]];
      });
    }
  }

  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("[data-player]")) {
      syncPartners(event.target.form);
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
    });
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt.parentNode || document); });
})();
