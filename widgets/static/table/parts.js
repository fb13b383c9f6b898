// What other modules register with the table: each game's parts of the regions, the panels
// every table draws, the add-ons run once per view. core.js passes `games`, `panels` and
// `addons` on to the modules joined after it (the games' own, review.js, saves.js).
//
// A game module registers `games.<name> = { <region>: { ...its parts } }`, <name> being the
// state's `game`. Each region's file says at its top which parts it reads; a part left out
// is the region's default. The regions with parts: bar, seats, felt, hand, actions, side.

/** The games' parts of the regions, by game name; each game module adds its own. */
export const games = {};

/** Panels other modules add to every table (review.js): each is { key(s): the part of the
 * state it is drawn from, tool(t): a node for the toolbar, side(s, t) and result(s, t): a node
 * for the side panel and for the end-of-deal breakdown, or null; drawTool(s, node): update
 * the toolbar node }. */
export const panels = [];

/** Add-ons run once per view: `addon({ model, root, via })` may wrap `via.send` and returns
 * its cleanup (saves.js: the game kept in the browser, a lost kernel noticed). */
export const addons = [];

const resolved = new Map();
const warned = new Set();

/** A game's parts of one region: its module's own, `defaults` for the others (worked out
 * once per game and region). */
export function partsOf(name, region, defaults) {
  const key = `${name}\n${region}`;
  if (!resolved.has(key)) {
    if (!Object.hasOwn(games, name) && !warned.has(name)) {
      warned.add(name);
      console.warn(`cardschool: this table has no front end for ${name}`);
    }
    resolved.set(key, { ...defaults, ...((games[name] || {})[region] || {}) });
  }
  return resolved.get(key);
}
