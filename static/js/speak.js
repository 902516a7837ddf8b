// The count said out loud after a save, when the player has switched it on on this phone.

const SAY_KEY = "scorekeeper:say";

function sayingOn() {
  try { return localStorage.getItem(SAY_KEY) === "on"; } catch (error) { return false; }
}

function saySwitch(label) {
  if (!("speechSynthesis" in window)) return;
  const box = label.querySelector("[data-say-toggle]");
  box.checked = sayingOn();
  label.hidden = false;
  box.addEventListener("change", () => {
    try { localStorage.setItem(SAY_KEY, box.checked ? "on" : "off"); } catch (error) { /* this visit only */ }
  });
}

// What a swapped play area carries in data-say (the page as first drawn says nothing).
function say(said) {
  const text = said.dataset.say;
  said.removeAttribute("data-say");
  if (!sayingOn() || !("speechSynthesis" in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = document.documentElement.lang || "en";
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

export function onLoad(root) {
  root.querySelectorAll("[data-say-switch]").forEach(saySwitch);
  if (root === document.body) return;
  const said = root.querySelector("[data-say]");
  if (said) say(said);
}
