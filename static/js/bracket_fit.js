// The brackets on a TV ([data-fit]): the largest type, up to a little over the screen's own, at
// which they fit their pane without scrolling, found by halving the range. A bracket too big
// for that at the type a room away can read (16 entrants and more) first folds the rounds that
// are over ([data-played], said in [data-folded]), then shows the rest a part at a time: page k
// of n holds the k-th n-th of each round's matches, so each part is a whole corner of the
// bracket, its later rounds beside it; the part shown turns with the clock, as the standings
// do. A phone (the page scrolls, the pane as tall as its content) keeps the type of the CSS.
const FIT_EM = [0.3, 1.3];
// The least type for the bracket's names: 0.9 of the screen's, about 3 % of its height.
const LEGIBLE_EM = 0.9;
const TURN_MS = 8000;
const TV = window.matchMedia("(min-width: 48rem)");

function fits(box) {
  return box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight;
}

// Whether a round's match `index` of `count` shows on `page` of `pages`.
function shownOn(index, count, pages, page) {
  if (count >= pages) return Math.floor((index * pages) / count) === page;
  return index === Math.floor((page * count) / pages);
}

function lay(box, layout, page) {
  box.toggleAttribute("data-paged", layout.folded || layout.pages > 1);
  box.querySelectorAll(".bracket-lane").forEach((lane) => {
    const rounds = [...lane.children];
    rounds.forEach((round, index) => {
      round.hidden =
        (layout.folded && round.hasAttribute("data-played")) ||
        (layout.cut > 0 && index >= rounds.length - layout.cut && index > 0);
    });
  });
  box.querySelectorAll(".bracket-round").forEach((round) => {
    const cells = [...round.querySelectorAll(".bracket-match")];
    cells.forEach((cell, index) => {
      cell.hidden = !shownOn(index, cells.length, layout.pages, page);
    });
  });
  box.querySelectorAll("[data-folded]").forEach((note) => {
    note.hidden = !layout.folded;
  });
  const part = box.querySelector("[data-bracket-part]");
  if (part) {
    part.hidden = layout.pages < 2;
    part.textContent = `${page + 1} / ${layout.pages}`;
  }
}

// Whether every page of the layout fits at the box's type now.
function fitsEvery(box, layout) {
  for (let page = 0; page < layout.pages; page += 1) {
    lay(box, layout, page);
    if (!fits(box)) return false;
  }
  return true;
}

// The largest type in [low, high] at which the layout fits (low if none does).
function largest(box, layout, low, high) {
  let [fitting, over] = [low, high];
  for (let step = 0; step < 8; step += 1) {
    const middle = (fitting + over) / 2;
    box.style.fontSize = `${middle}em`;
    if (fitsEvery(box, layout)) fitting = middle;
    else over = middle;
  }
  return fitting;
}

// The fewest pages that fit at the legible type, rounds over folded when there are any.
function paged(box) {
  const rounds = [...box.querySelectorAll(".bracket-round")];
  const most = Math.max(...rounds.map((round) => round.querySelectorAll(".bracket-match").length));
  const folded = rounds.some((round) => round.hasAttribute("data-played"));
  box.style.fontSize = `${LEGIBLE_EM}em`;
  // Too wide even so: the last rounds (no one in them yet) wait off the screen.
  let cut = 0;
  const longest = Math.max(...[...box.querySelectorAll(".bracket-lane")].map((l) => l.children.length));
  for (; cut < longest - 1; cut += 1) {
    lay(box, { folded, pages: 1, cut }, 0);
    if (box.scrollWidth <= box.clientWidth) break;
  }
  let layout = { folded, pages: 1, cut };
  while (layout.pages < most && !fitsEvery(box, layout)) {
    layout = { folded, pages: layout.pages * 2, cut };
  }
  return layout;
}

function pageNow(layout) {
  return Math.floor(Date.now() / TURN_MS) % layout.pages;
}

const layouts = new WeakMap();

export function fit() {
  document.querySelectorAll("[data-fit]").forEach((box) => {
    box.style.fontSize = "";
    let layout = { folded: false, pages: 1, cut: 0 };
    if (TV.matches) {
      let size = largest(box, layout, ...FIT_EM);
      if (size < LEGIBLE_EM) {
        layout = paged(box);
        size = largest(box, layout, LEGIBLE_EM, FIT_EM[1]);
      }
      box.style.fontSize = `${size}em`;
    }
    layouts.set(box, layout);
    box.dataset.pageCount = String(layout.pages);
    turn();
    box.dataset.fitted = "";
  });
}

// The part of each paged bracket the clock says, shown.
export function turn() {
  document.querySelectorAll("[data-fit]").forEach((box) => {
    const layout = layouts.get(box);
    if (!layout) return;
    const page = pageNow(layout);
    lay(box, layout, page);
    box.dataset.page = String(page);
  });
}
