// The camera button beside a count (photo/button.html): the photo is shrunk on the phone to at
// most 1600 px on its long side, sent at once, and the server's answer (the photo drawn back,
// a number per half) shows under the button; "Use this count" puts the halves' sum into the
// field. Nothing goes into the field before that tap. Without signal it says the count needs
// the server. Without this script the button's own submit posts the form to the same address.

const LONGEST = 1600;

// The photo as a JPEG at most LONGEST px on its long side; the file itself if it is a JPEG no
// longer than that already (compressed a second time, its pips' edges blur and the count can
// change) or if the phone cannot draw it (the server then says what it could not read).
function shrink(file) {
  if (!window.createImageBitmap) return Promise.resolve(file);
  return createImageBitmap(file, { imageOrientation: "from-image" }).then((bitmap) => {
    const scale = Math.min(1, LONGEST / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.type === "image/jpeg") {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return new Promise((resolve) => {
      canvas.toBlob((blob) => resolve(blob || file), "image/jpeg", 0.85);
    });
  }, () => file);
}

function csrfToken(box) {
  const form = box.closest("form");
  const field = form && form.querySelector("input[name=csrfmiddlewaretoken]");
  if (field) return field.value;
  try {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  } catch (error) {
    return "";
  }
}

function say(box, words) {
  box.querySelector("[data-photo-status]").textContent = words;
}

function send(box, file) {
  const answer = box.querySelector("[data-photo-answer]");
  if (!navigator.onLine) {
    say(box, box.dataset.needsServer);
    return;
  }
  say(box, box.dataset.counting);
  answer.replaceChildren();
  shrink(file)
    .then((photo) => {
      const data = new FormData();
      data.append("photo", photo, "photo.jpg");
      // The most pips a half of the table's set holds: a half read above it comes back marked.
      const most = box.querySelector("[data-photo-most]");
      if (most) data.append("photo_most", most.value);
      data.append("csrfmiddlewaretoken", csrfToken(box));
      return fetch(box.dataset.url, {
        method: "POST",
        body: data,
        credentials: "same-origin",
        headers: { "HX-Request": "true", "X-CSRFToken": csrfToken(box) },
      });
    })
    .then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    })
    .then((html) => {
      answer.innerHTML = html;
      say(box, "");
      // The answer from its top: the drawing to check, then its halves (its room is kept from
      // the drawing's size before it loads; the save bar stuck to the bottom would hide it).
      if (answer.querySelector(".photo-overlay")) answer.scrollIntoView({ block: "start" });
    })
    .catch(() => say(box, box.dataset.needsServer));
}

// The halves' sum; null while a half read above the set's most is still unchosen ("?").
function halvesSum(answer) {
  let sum = 0;
  for (const half of answer.querySelectorAll("[data-photo-half]")) {
    if (half.value === "") return null;
    sum += Number(half.value) || 0;
  }
  return sum;
}

// The halves as the player left them, summed into the count's field as if typed; never a half
// the set cannot have: until each marked half is chosen, it says so and goes to the first one.
function use(box) {
  const answer = box.querySelector("[data-photo-answer]");
  const field = document.getElementById(box.dataset.for);
  if (!field) return;
  const sum = halvesSum(answer);
  if (sum === null) {
    const result = answer.querySelector("[data-photo-result]");
    const said = answer.querySelector("[data-photo-pick-said]");
    if (said && result) {
      said.textContent = result.dataset.photoPick;
      said.hidden = false;
    }
    const unchosen = Array.from(answer.querySelectorAll("[data-photo-half]")).find(
      (half) => half.value === "",
    );
    if (unchosen) unchosen.focus();
    return;
  }
  say(box, "");
  field.value = String(sum);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
  answer.replaceChildren();
  field.focus();
  return true;
}

// A double tap's second tap lands where the button was; with the answer gone and the page
// moved to the field, whatever lies there now (the capicú switch, the save) would take it.
// A tap that near, that soon after, is the same tap and goes nowhere.
const ECHO_PX = 40;
const ECHO_MS = 700;

function swallowEcho(tap) {
  if (!tap.detail) return; // Enter on the button: no finger, no second tap
  const echo = (next) => {
    document.removeEventListener("click", echo, true);
    const near = Math.hypot(next.clientX - tap.clientX, next.clientY - tap.clientY) < ECHO_PX;
    if (next.detail && near && next.timeStamp - tap.timeStamp < ECHO_MS) {
      next.preventDefault();
      next.stopPropagation();
    }
  };
  document.addEventListener("click", echo, true);
}

function attach(box) {
  if (box.dataset.photoReady) return;
  box.dataset.photoReady = "1";
  const file = box.querySelector("[data-photo-file]");
  // The script sends the photo itself: the form keeps no file (nor its name in a draft).
  file.removeAttribute("name");
  // Gone, not hidden: a hidden submit button would still be the form's default one, and Enter on
  // the last count would post the hand to the photo count instead of saving it.
  box.querySelector("[data-photo-send]").remove();
  file.addEventListener("change", () => {
    if (file.files && file.files[0]) send(box, file.files[0]);
    file.value = "";
  });
  box.addEventListener("change", (event) => {
    if (!event.target.matches("[data-photo-half]")) return;
    const sum = box.querySelector("[data-photo-sum]");
    const counted = box.querySelector("[data-photo-total]");
    const halves = halvesSum(box.querySelector("[data-photo-answer]"));
    const now = halves === null ? "?" : String(halves);
    if (sum) sum.textContent = now;
    // The line of the count as it came back says another total once a half is put right: the
    // button's sum is the one to read, so the line steps aside until the halves add up to it.
    if (sum && counted) counted.hidden = now !== counted.dataset.photoTotal;
  });
  box.addEventListener("click", (event) => {
    if (!event.target.closest("[data-photo-use]")) return;
    event.preventDefault();
    if (use(box)) swallowEcho(event);
  });
}

export function onLoad(root) {
  const boxes = root.matches("[data-photo-count]") ? [root] : [];
  boxes.concat(Array.from(root.querySelectorAll("[data-photo-count]"))).forEach(attach);
}
