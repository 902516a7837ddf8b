// The page's one script. offline.js looks after every page (the service worker, the age of a
// kept copy, a form that cannot be sent) and comes at once; each other module comes only when
// its element turns up in what htmx.onLoad hands over (the page, or a part swapped in), and is
// then handed that part. Every form works without them.
import "./offline.js";

// Each job: where it is wanted, and its module. In the order they look at a part: the waiting
// hands' sheet (waiting.js) listens before the queue (saves.js) says which hands wait. The match
// page ([data-play]) asks for the hand form's modules with the page: a form swapped in later is
// handed to them at once, before a thumb can type into it.
const JOBS = [
  ["[data-tile-grid], [data-play]", () => import("./tiles.js")],
  ["[data-pips], [data-play]", () => import("./keys.js")],
  ["form[data-draft], [data-draft-drop], [data-play]", () => import("./keep.js")],
  ["[data-waiting-words]", () => import("./waiting.js")],
  ["form[data-hand-save], [data-discard], [data-play]", () => import("./hand.js")],
  ["[data-play]", () => import("./saves.js")],
  ["[data-keep-awake]", () => import("./awake.js")],
  ["[data-share-actions]", () => import("./share.js")],
  ["[data-say-switch], [data-say]", () => import("./speak.js")],
  ["time[data-ends-at]", () => import("./clock.js")],
  ["form[data-keep-typed]", () => import("./typed.js")],
  ["[data-photo-count]", () => import("./photo.js")],
];

const loaded = new Map();

function handOver(root, jobs) {
  jobs.forEach((job) => {
    const module = loaded.get(job);
    if (module.onLoad) module.onLoad(root);
  });
}

window.htmx.onLoad((root) => {
  if (!root.querySelector) return;
  const jobs = JOBS.filter(([where]) => root.matches(where) || root.querySelector(where));
  // Loaded already (a part swapped in): handed over at once, as htmx settles it.
  if (jobs.every((job) => loaded.has(job))) {
    handOver(root, jobs);
    return;
  }
  const loading = jobs.map((job) => job[1]().then((module) => loaded.set(job, module)));
  Promise.all(loading).then(() => handOver(root, jobs));
});
