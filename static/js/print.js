// The print pages' Print button (the browser's own menu prints them too).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
