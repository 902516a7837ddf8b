// The big screen shows each list a screenful at a time: the items ([data-page-item]) of each
// [data-pages] box are cut into pages that fit under its headings, and one page shows at a
// time, turning every few seconds. The page shown is read from the clock, so the server's
// redraw every few seconds (htmx) keeps the turn.
const TURN_MS = 8000;

function pagesOf(box, items) {
  items.forEach((item) => {
    item.hidden = false;
  });
  // The room under the headings: from the first item to the bottom of the box.
  const first = items[0].getBoundingClientRect().top;
  const room = box.getBoundingClientRect().bottom - first;
  const pages = [[]];
  let start = first;
  items.forEach((item) => {
    const { top, bottom } = item.getBoundingClientRect();
    const page = pages[pages.length - 1];
    if (page.length && bottom - start > room) {
      pages.push([item]);
      start = top;
    } else {
      page.push(item);
    }
  });
  return balanced(items, pages, room);
}

// As many pages, shared evenly (8 and 8 rows rather than 15 and 1) where each still fits.
function balanced(items, pages, room) {
  const size = Math.ceil(items.length / pages.length);
  const even = [];
  for (let at = 0; at < items.length; at += size) even.push(items.slice(at, at + size));
  const fits = even.every((page) => {
    const top = page[0].getBoundingClientRect().top;
    return page[page.length - 1].getBoundingClientRect().bottom - top <= room;
  });
  return fits ? even : pages;
}

function turn() {
  document.querySelectorAll("[data-pages]").forEach((box) => {
    const items = [...box.querySelectorAll("[data-page-item]")];
    if (!items.length) return;
    const pages = pagesOf(box, items);
    const page = pages.length > 1 ? Math.floor(Date.now() / TURN_MS) % pages.length : 0;
    box.dataset.page = String(page);
    box.dataset.pageCount = String(pages.length);
    pages.forEach((shown, index) => {
      shown.forEach((item) => {
        item.hidden = index !== page;
      });
    });
  });
}

// The brackets on a TV ([data-fit]): the largest type, up to a little over the screen's own, at
// which they fit their pane without scrolling, found by halving the range. A phone (the page
// scrolls, the pane as tall as its content) keeps the type of the CSS.
const FIT_EM = [0.3, 1.3];
const TV = window.matchMedia("(min-width: 48rem)");

function fits(box) {
  return box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight;
}

function fit() {
  document.querySelectorAll("[data-fit]").forEach((box) => {
    box.style.fontSize = "";
    if (TV.matches) {
      let [low, high] = FIT_EM;
      for (let step = 0; step < 8; step += 1) {
        const middle = (low + high) / 2;
        box.style.fontSize = `${middle}em`;
        if (fits(box)) low = middle;
        else high = middle;
      }
      box.style.fontSize = `${low}em`;
    }
    box.dataset.fitted = "";
  });
}

fit();
turn();
setInterval(turn, 1000);
// Fitted as soon as htmx swaps the screen in, before it is painted at the CSS's size.
document.addEventListener("htmx:afterSwap", fit);
document.addEventListener("htmx:afterSettle", turn);
window.addEventListener("resize", () => {
  fit();
  turn();
});
