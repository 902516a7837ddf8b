// The page's one script: each module does one job, finding its elements by data attributes in
// what htmx.onLoad hands it. Every form works without them.
import "./tiles.js";
import "./keys.js";
import "./setup.js";
import "./keep.js";
import "./waiting.js";
import "./hand.js";
import "./queue.js";
import "./saves.js";
import "./offline.js";
import "./awake.js";
import "./share.js";
import "./speak.js";
