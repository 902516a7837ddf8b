// The big screen shows each list a screenful at a time: the items ([data-page-item]) of each
// [data-pages] box are cut into pages that fit under its headings, and one page shows at a
// time, turning every few seconds. The page shown is read from the clock, so the server's
// redraw every few seconds (htmx) keeps the turn. The brackets fit their pane (bracket_fit.js).
import { fit, turn as turnBrackets } from "./bracket_fit.js";

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

fit();
turn();
setInterval(() => {
  turn();
  turnBrackets();
}, 1000);
// Fitted as soon as htmx swaps the screen in, before it is painted at the CSS's size.
document.addEventListener("htmx:afterSwap", fit);
document.addEventListener("htmx:afterSettle", turn);
window.addEventListener("resize", () => {
  fit();
  turn();
});
