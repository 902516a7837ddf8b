// A tournament round's clock counting down on the page: each <time data-ends-at> shows the
// minutes and seconds left, every second. The server draws the time left at load (without
// JavaScript that stays); when time runs out here, the sentence around the clock says what the
// server says then (data-time-up on it). The page is searched each second, so a clock that an
// htmx swap brings counts too.
function left(endsAt) {
  return Math.max(0, Math.floor((Date.parse(endsAt) - Date.now()) / 1000));
}

function show(clock) {
  const seconds = left(clock.dataset.endsAt);
  const holder = clock.closest("[data-time-up]");
  if (seconds === 0 && holder) {
    holder.textContent = holder.dataset.timeUp;
    return;
  }
  const minutes = Math.floor(seconds / 60);
  const text = `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
  if (clock.textContent !== text) clock.textContent = text;
}

function tick() {
  document.querySelectorAll("time[data-ends-at]").forEach(show);
}

tick();
setInterval(tick, 1000);
