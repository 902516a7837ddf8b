// Scoring the hands that wait on the phone without signal, from the server's description of the
// match (scorekeeper/offline_game.py). Pure functions, no page: what they give is shown as "not
// sent yet" and replaced by the server's sheet when the hands arrive. The server's rules package
// is the original; tests/browser/test_score_js.py checks these against it on random hands.

const WENT_OUT = "went_out";
const BLOCKED = "blocked";

function sideOf(game, seat) {
  return game.sides.findIndex((seats) => seats.includes(seat));
}

function zero(game) {
  return game.sides.map(() => 0);
}

function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

// The first of the seats with the fewest pips (Python's min() keeps the first of level ones).
function lightestSeat(seats, held) {
  return seats.reduce((best, seat) => (held[seat] < held[best] ? seat : best));
}

function pipsOf(hand, seat) {
  return hand.pips[seat] || 0;
}

function won(game, seat, points) {
  const sidePoints = zero(game);
  const side = sideOf(game, seat);
  sidePoints[side] = points;
  return { side, seat, sidePoints };
}

function nobody(game) {
  return { side: null, seat: null, sidePoints: zero(game) };
}

// --- Block games (rules/block.py) ----------------------------------------------------------------

function blockBlockedWinner(game, held) {
  const partnership = game.sides[0].length > 1;
  if (partnership && game.blocked_rule === "lighter_pair") {
    const totals = game.sides.map((seats) => sum(seats.map((seat) => held[seat])));
    const lightest = Math.min(...totals);
    if (totals.filter((total) => total === lightest).length > 1) return null;
    return lightestSeat(game.sides[totals.indexOf(lightest)], held);
  }
  const lightest = Math.min(...held);
  const level = held.map((pips, seat) => seat).filter((seat) => held[seat] === lightest);
  const side = sideOf(game, level[0]);
  if (level.some((seat) => sideOf(game, seat) !== side)) return null;
  return level[0];
}

function scoreBlock(game, hand) {
  if (hand.ending === BLOCKED && hand.pair_pips) {
    const totals = game.sides.map((seats, side) => hand.pair_pips[side]);
    const lightest = Math.min(...totals);
    if (totals.filter((total) => total === lightest).length > 1) return nobody(game);
    const side = totals.indexOf(lightest);
    const counted = totals.filter((total, other) => game.count_rule === "every_hand" || other !== side);
    return won(game, game.sides[side][0], sum(counted));
  }
  let seat = hand.went_out;
  let bonus = 0;
  if (hand.ending === WENT_OUT) {
    bonus = hand.capicu ? game.capicu_bonus : 0;
  } else {
    const held = Array.from({ length: game.seats }, (unused, other) => pipsOf(hand, other));
    seat = blockBlockedWinner(game, held);
    if (seat === null) return nobody(game);
  }
  if (hand.pooled !== null && hand.pooled !== undefined) return won(game, seat, bonus + hand.pooled);
  return won(game, seat, bonus + sum(game.counted_by_winner[seat].map((other) => pipsOf(hand, other))));
}

// --- All Fives and Bergen (rules/scoring_end.py, all_fives.py, bergen.py) -------------------------

function scoringBlockedWinner(game, hand) {
  const held = (seat) => pipsOf(hand, seat);
  const weights = game.sides.map((seats) => sum(seats.map(held)));
  let candidates = game.sides.map((seats, side) => side);
  if (game.doubles_lose_count) {
    const doubles = hand.holding_doubles || [];
    const without = candidates.filter((side) => !game.sides[side].some((seat) => doubles.includes(seat)));
    if (without.length) candidates = without;
  }
  const lightest = Math.min(...candidates.map((side) => weights[side]));
  const level = candidates.filter((side) => weights[side] === lightest);
  if (level.length > 1) return null;
  const seats = game.sides[level[0]];
  return seats.reduce((best, seat) => (held(seat) < held(best) ? seat : best));
}

export function nearestFive(pips) {
  return Math.floor((pips + 2) / 5) * 5;
}

function rounded(rounding, counted, own) {
  if (rounding === "each_hand") {
    return Math.max(0, sum(counted.map(nearestFive)) - sum(own.map(nearestFive)));
  }
  const raw = sum(counted) - sum(own);
  return rounding === "nearest_five" ? nearestFive(raw) : raw;
}

function scoreScoringGame(game, hand) {
  const seat = hand.ending === WENT_OUT ? hand.went_out : scoringBlockedWinner(game, hand);
  if (seat === null) return nobody(game);
  if (game.won_hand_points !== null) return won(game, seat, game.won_hand_points);
  const side = sideOf(game, seat);
  const counted = [];
  for (let other = 0; other < game.seats; other += 1) {
    if (sideOf(game, other) !== side) counted.push(pipsOf(hand, other));
  }
  const own = hand.ending === BLOCKED && game.blocked_pays_difference ? game.sides[side].map((mine) => pipsOf(hand, mine)) : [];
  return won(game, seat, rounded(game.rounding, counted, own));
}

// --- One hand, and the match -------------------------------------------------------------------

// What one hand's end scores: each side's points, the side that won it (null: nobody) and who
// leads the next hand (null: whoever holds the double). `leader` is who the sheet knows led.
export function scoreHand(game, hand, leader = null) {
  const led = leader !== null && leader !== undefined ? leader : hand.led_by ?? null;
  const result = game.scores_plays ? scoreScoringGame(game, hand) : scoreBlock(game, hand);
  let leadsNext = result.side === null ? led : result.seat;
  if (game.lead_rule === "turn_passes") leadsNext = led === null ? null : (led + 1) % game.seats;
  return { sidePoints: result.sidePoints, side: result.side, leadsNext };
}

// The side that took the match: of those past the line, the highest; if level, the hand's winner.
function matchWinner(totals, side) {
  const best = Math.max(...totals);
  if (side !== null && totals[side] === best) return side;
  return totals.indexOf(best);
}

// The match as the server last sent it: the start of the phone's own count.
export function startOf(game) {
  return { totals: game.totals.slice(), nextLeader: game.next_leader, finished: game.finished, winner: null };
}

// The match after one more hand: its scores during play (All Fives, Bergen), each of which may
// end the match at once, then its end. Gives the new state and what the hand added per side.
export function advance(game, state, hand) {
  if (state.finished) throw new Error("the match has ended");
  const totals = state.totals.slice();
  const added = zero(game);
  for (const play of hand.plays || []) {
    const side = sideOf(game, play.seat);
    totals[side] += play.points;
    added[side] += play.points;
    if (totals[side] >= game.target) {
      return { state: { totals, nextLeader: null, finished: true, winner: side }, added, result: null };
    }
  }
  if (!hand.ending) return { state: { ...state, totals }, added, result: null };
  const result = scoreHand(game, hand, state.nextLeader);
  result.sidePoints.forEach((points, side) => {
    totals[side] += points;
    added[side] += points;
  });
  const finished = Math.max(...totals) >= game.target;
  return {
    state: {
      totals,
      nextLeader: finished ? null : result.leadsNext,
      finished,
      winner: finished ? matchWinner(totals, result.side) : null,
    },
    added,
    result,
  };
}

// --- What the hand form sent -----------------------------------------------------------------------

function whole(value) {
  return typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

// The hand a saved form describes ({name: [values]}, as the phone keeps it), or null where it is
// not complete or not possible: the server would refuse it, so the phone shows no number for it.
export function handFromForm(game, values) {
  const one = (name) => (values[name] ? values[name][0] : undefined);
  const out = one("out");
  const hand = { pips: {}, capicu: Boolean(one("capicu")), pooled: null, pair_pips: null, holding_doubles: [] };
  if (out === "blocked") {
    hand.ending = BLOCKED;
    hand.went_out = null;
  } else {
    const seat = whole(out);
    if (seat === null || seat >= game.seats) return null;
    hand.ending = WENT_OUT;
    hand.went_out = seat;
  }
  if (one("led_by") !== undefined && one("led_by") !== "") {
    hand.led_by = whole(one("led_by"));
    if (hand.led_by === null || hand.led_by >= game.seats) return null;
  }
  for (let seat = 0; seat < game.seats; seat += 1) {
    if (one("double_" + seat)) hand.holding_doubles.push(seat);
    const given = one("pips_" + seat);
    if (given === undefined || given === "") continue;
    const pips = whole(given);
    if (pips === null || pips > game.max_pips_in_hand || (seat === hand.went_out && pips !== 0)) return null;
    hand.pips[seat] = pips;
  }
  if (sum(Object.values(hand.pips)) > game.max_pips_in_set) return null;
  if (one("pooled") !== undefined) {
    hand.pooled = whole(one("pooled"));
    if (hand.pooled === null || hand.ending !== WENT_OUT) return null;
    if (hand.pooled > game.max_pips_in_hands[game.needed_by_winner[hand.went_out].length]) return null;
    return hand;
  }
  if (one("pair_0") !== undefined) {
    hand.pair_pips = game.sides.map((seats, side) => whole(one("pair_" + side) || ""));
    if (hand.ending !== BLOCKED || hand.pair_pips.some((pips) => pips === null || pips > game.max_pips_in_hands[2])) return null;
    return hand;
  }
  const needed = hand.ending === BLOCKED ? game.sides.flat() : game.needed_by_winner[hand.went_out];
  if (needed.some((seat) => hand.pips[seat] === undefined)) return null;
  return hand;
}

// A score tapped during play that waits on the phone ({seat: [..], points: [..]}), as a hand of
// that one play and no end yet, or null where the server would refuse it.
export function playFromForm(game, values) {
  const seat = whole(values.seat ? values.seat[0] : undefined);
  const points = whole(values.points ? values.points[0] : undefined);
  if (seat === null || seat >= game.seats || !points || !game.scores_plays) return null;
  return { plays: [{ seat, points }], ending: null };
}
