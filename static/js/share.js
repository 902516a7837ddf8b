// Sharing the table's links: the phone's share sheet, or the clipboard where there is none.

function copy(text, node) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain http on the Wi-Fi has no clipboard API: select the link and copy it the old way.
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy"));
}

function share(button) {
  const box = button.closest("[data-share-box]");
  const link = box.querySelector("[data-share-url]");
  const done = box.querySelector("[data-share-done]");
  if (navigator.share) {
    navigator.share({ title: document.title, url: link.href }).catch(() => { /* closed */ });
    return;
  }
  copy(link.href, link).then(() => { done.hidden = false; }, () => { done.hidden = true; });
}

export function onLoad(root) {
  root.querySelectorAll("[data-share-actions]").forEach((actions) => {
    const button = actions.querySelector("[data-share]");
    if (!navigator.share) button.textContent = button.dataset.copyLabel;
    button.addEventListener("click", () => share(button));
    actions.hidden = false;
  });
}
