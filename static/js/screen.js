// The big screen pages through its lists by itself: each [data-pages] box longer than the
// screen shows one screenful after another, turning every few seconds. The page shown is read
// from the clock, so the server's redraw every few seconds (htmx) keeps the turn.
const TURN_MS = 8000;

function turn() {
  document.querySelectorAll("[data-pages]").forEach((box) => {
    const pages = Math.ceil(box.scrollHeight / Math.max(1, box.clientHeight));
    const page = pages > 1 ? Math.floor(Date.now() / TURN_MS) % pages : 0;
    box.dataset.page = String(page);
    box.scrollTop = page * box.clientHeight;
  });
}

turn();
setInterval(turn, 1000);
document.addEventListener("htmx:afterSettle", turn);
