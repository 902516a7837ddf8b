// The tile picker: the checked tiles of a hand fill in its pip count, and a tile given to one
// hand cannot be picked for another. Without this script the count is typed.

// Found by data-tile-grid; each grid names the count it fills in data-for.
function syncTiles(form) {
  const grids = form.querySelectorAll("[data-tile-grid]");
  const taken = {};
  grids.forEach((grid) => {
    grid.querySelectorAll("input:checked").forEach((box) => { taken[box.value] = grid; });
  });
  grids.forEach((grid) => {
    grid.querySelectorAll("input[type=checkbox]").forEach((box) => {
      box.disabled = Boolean(taken[box.value] && taken[box.value] !== grid);
    });
  });
}

function countTiles(grid) {
  let total = 0;
  let any = false;
  grid.querySelectorAll("input:checked").forEach((box) => {
    any = true;
    box.value.split("-").forEach((half) => { total += parseInt(half, 10); });
  });
  const field = document.getElementById(grid.dataset.for);
  if (field) {
    field.value = any ? String(total) : "";
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

function watch(grid) {
  grid.addEventListener("change", () => {
    countTiles(grid);
    syncTiles(grid.closest("form"));
  });
}

// The tiles of a form all free again (a discarded draft).
export function freeTiles(form) {
  form.querySelectorAll("[data-tile-grid] input").forEach((box) => { box.disabled = false; });
}

export function onLoad(root) {
  // A picker whose tiles the server does not count (a player's own page) shows only with this
  // script, which fills in the count from them.
  root.querySelectorAll("[data-tile-picker][hidden]").forEach((picker) => { picker.hidden = false; });
  const grids = root.querySelectorAll("[data-tile-grid]");
  grids.forEach(watch);
  new Set(Array.from(grids, (grid) => grid.closest("form"))).forEach((form) => form && syncTiles(form));
}
