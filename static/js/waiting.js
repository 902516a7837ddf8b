// The hands waiting on the phone, on the score sheet: each a row marked "not sent yet", the
// totals and "to go" with them, and the end of the match when one of them reaches the target.
// The queue (queue.js) says which hands wait with a "waiting:hands" event; the numbers come
// from score.js and the server's description of the match ([data-game]). A swap of #play brings the
// server's sheet, and the queue says again what still waits: nothing here outlives it; an answer
// that swaps parts of it out of band is drawn over again once it settles.
import { advance, handFromForm, playFromForm, startOf } from "./score.js";

function gameOf(play) {
  const data = play.querySelector("[data-waiting-words]").dataset.game;
  return data ? JSON.parse(data) : null;
}

function words(play) {
  return play.querySelector("[data-waiting-words]").dataset;
}

// The rows and marks drawn for the hands that waited before: the server's numbers come back.
function undraw(play) {
  play.querySelectorAll("[data-unsent]").forEach((node) => node.remove());
  play.querySelectorAll("[data-server-text]").forEach((node) => {
    node.textContent = node.dataset.serverText;
    node.removeAttribute("data-server-text");
    node.classList.remove("unsent");
  });
  play.querySelectorAll("[data-waiting-hidden]").forEach((node) => {
    node.hidden = false;
    node.removeAttribute("data-waiting-hidden");
  });
  play.querySelectorAll("[data-waiting-lead]").forEach((node) => {
    node.replaceChildren(...serverLead.get(node));
    node.removeAttribute("data-waiting-lead");
    node.classList.remove("unsent");
  });
  play.querySelectorAll("[data-waiting-end], [data-waiting-totals], [data-waiting-unscored]").forEach((node) => {
    node.hidden = true;
  });
}

// Who leads the next hand, as the hands waiting leave it (score.js, the rules' mirror): the
// server's words for that seat, or for no seat known, one template each in [data-waiting-words]
// (none where the phone does not score the game). Where the phone cannot tell (a hand it does not
// score), the line goes rather than name the wrong player.
const serverLead = new WeakMap();
function sayLead(play, state) {
  const lead = play.querySelector(".status .lead");
  const shapes = play.querySelectorAll("[data-waiting-words] template[data-lead]");
  if (!lead) return;
  if (!state || !shapes.length) {
    hide(lead);
    return;
  }
  const shape = shapes[state.nextLeader === null ? shapes.length - 1 : state.nextLeader];
  serverLead.set(lead, Array.from(lead.childNodes));
  lead.setAttribute("data-waiting-lead", "");
  lead.classList.add("unsent");
  lead.replaceChildren(lead.querySelector(".pip-tile") || "", shape.content.cloneNode(true));
}

function setText(node, text) {
  if (!node) return;
  if (!node.hasAttribute("data-server-text")) node.dataset.serverText = node.textContent;
  node.textContent = text;
  node.classList.add("unsent");
}

function hide(node) {
  if (!node || node.hidden) return;
  node.hidden = true;
  node.setAttribute("data-waiting-hidden", "");
}

// The sheet's body; a sheet with no hand yet gets its table, headed by the scoreboard's names.
function sheetBody(play) {
  const sheet = play.querySelector("#sheet");
  let body = sheet.querySelector("table tbody");
  if (body) return body;
  const table = document.createElement("table");
  table.setAttribute("data-unsent", "");
  const head = table.createTHead().insertRow();
  head.appendChild(document.createElement("th")).textContent = "#";
  play.querySelectorAll(".board .side-name").forEach((name, index) => {
    const cell = head.appendChild(document.createElement("th"));
    cell.className = "side-" + index;
    cell.textContent = name.textContent;
  });
  body = table.createTBody();
  const empty = sheet.querySelector(".empty");
  hide(empty);
  sheet.appendChild(table);
  return body;
}

function addRow(body, number, cells, note) {
  const row = body.insertRow();
  row.className = "unsent";
  row.setAttribute("data-unsent", "");
  const head = row.appendChild(document.createElement("th"));
  head.scope = "row";
  head.textContent = String(number);
  cells.forEach(([points, total]) => {
    const cell = row.insertCell();
    if (points !== null) cell.appendChild(document.createElement("span")).className = "plus";
    if (points !== null) cell.lastChild.textContent = "+" + points;
    if (total !== null) {
      const run = cell.appendChild(document.createElement("span"));
      run.className = "run";
      run.textContent = String(total);
    }
  });
  const line = body.insertRow();
  line.className = "void-note unsent";
  line.setAttribute("data-unsent", "");
  line.insertCell();
  const said = line.insertCell();
  said.colSpan = cells.length;
  said.textContent = note;
}

function draw(hands) {
  const play = document.getElementById("play");
  if (!play || !play.querySelector("#sheet") || !play.querySelector("[data-waiting-words]")) return;
  undraw(play);
  const game = gameOf(play);
  if (!hands.length || !game || game.finished) return;
  const said = words(play);
  const body = sheetBody(play);
  let state = startOf(game);
  let scoring = game.offline;
  let scored = 0;
  let endedWith = null;
  hands.forEach((waiting) => {
    const read = waiting.play ? playFromForm : handFromForm;
    const hand = scoring && !state.finished ? read(game, waiting.values) : null;
    if (!hand) {
      // Not a number the phone can vouch for: the server scores it, and those after it.
      scoring = false;
      addRow(body, waiting.number, game.sides.map(() => [null, null]), said.whenSent);
      return;
    }
    const next = advance(game, state, hand);
    state = next.state;
    scored += 1;
    addRow(body, waiting.number, next.added.map((points, side) => [points || null, state.totals[side]]), said.notSent);
    if (state.finished) endedWith = waiting.number;
  });
  if (scored) {
    const board = play.querySelector(".board");
    state.totals.forEach((total, side) => {
      const box = board.querySelector(".side-" + side);
      setText(box.querySelector(".side-total"), String(total));
      const toGo = box.querySelector(".side-to-go");
      if (toGo) setText(toGo, toGo.textContent.replace(/\d+/, String(Math.max(0, game.target - total))));
    });
    play.querySelector("[data-waiting-totals]").hidden = false;
  }
  // A hand's end among them moves the lead on; scores during play alone leave it. It moves what
  // the next hand is worth too (a set counted in games won): score.js does not keep that rule,
  // so the line goes while such a hand waits rather than say the worth of the hand before.
  if (hands.some((waiting) => !waiting.play)) {
    sayLead(play, scored === hands.length ? state : null);
    hide(play.querySelector(".status .worth"));
    unsayWorth(play);
  }
  if (scored < hands.length && endedWith === null) play.querySelector("[data-waiting-unscored]").hidden = false;
  if (endedWith !== null) {
    const end = play.querySelector("[data-waiting-end]");
    end.querySelectorAll("[data-hand-number]").forEach((span) => { span.textContent = String(endedWith); });
    end.hidden = false;
    // The table has played its last hand: no form for another until the server says otherwise.
    hide(play.querySelector("#entry"));
    hide(play.querySelector(".status"));
  }
}

// The hand form's preview likewise (a form drawn by the server, or kept on the phone for use
// without signal, knows no hand waiting): how the hand ended, in the server's words without its
// worth ([data-outcome]), and nothing above Save.
function unsayWorth(play) {
  const said = play.querySelector("[data-preview] [data-outcome]");
  if (!said || said.hidden) return;
  const outcome = document.createElement("bdi");
  outcome.setAttribute("data-unsent", "");
  outcome.className = "unsent";
  outcome.textContent = said.dataset.outcome;
  said.after(outcome);
  hide(said);
  hide(play.querySelector("#preview-short"));
}

// The last hands the queue said wait: drawn again after a save's answer swapped parts of the
// sheet and the board out of band (a new row lands after the waiting ones, new totals without
// them), as after a swap of all of #play.
let lastHands = [];
document.addEventListener("waiting:hands", (event) => {
  lastHands = event.detail.hands;
  draw(lastHands);
});
document.addEventListener("htmx:afterSettle", (event) => {
  const target = event.detail.target;
  if (lastHands.length && target && target.isConnected && target.matches("[data-play]")) draw(lastHands);
  // A seat's form, or its preview, come in while a hand's end waits.
  const play = document.getElementById("play");
  const part = event.target;
  if (play && part.closest && play.contains(part) && lastHands.some((hand) => !hand.play)) unsayWorth(play);
});
