// The screen stays awake while a match is open ([data-keep-awake]); where the browser lacks
// the Wake Lock API, the screen sleeps as it always did.

let lock = null;

function stayAwake() {
  if (lock || document.visibilityState !== "visible" || !document.querySelector("[data-keep-awake]")) return;
  if (!("wakeLock" in navigator)) return;
  lock = "asking";
  navigator.wakeLock.request("screen").then((sentinel) => {
    lock = sentinel;
    sentinel.addEventListener("release", () => { lock = null; });
  }).catch(() => { lock = null; }); // battery saver, or a page in the background
}

// The phone lets go of the lock whenever the page is hidden; take it again on return.
document.addEventListener("visibilitychange", stayAwake);
export function onLoad(root) { if (root === document.body) stayAwake(); }
