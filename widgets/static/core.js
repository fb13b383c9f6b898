// cardschool card table, the core: draws the state Python computes and sends intents back.
// It never decides what is legal: every mark comes from the state, every click is an intent.
//
// The table is drawn in regions, one file each in table/: the bar (toolbar.js), the seats
// (seats.js), the felt (felt.js), the hand and the moves (hand.js), the status line
// (status.js, with replay.js and confirm.js), the side column (side.js, with hints.js) and
// the end-of-deal breakdown (result.js). This file builds them for a view, puts their nodes
// together and draws each region again only when its part of the state changed.
//
// What a game draws beyond them, its module (in the game's folder) registers as parts of the
// regions: `games.<name> = { bar: {...}, seats: {...}, ... }`, <name> being the state's
// `game` (table/parts.js; each region's file lists its parts). A part's `t` is the table:
// { faces, send, actionOf, clickable, center, corners, badge, revealReplay }.
//
// anywidget loads a module from a blob, where a relative import cannot work, so Python joins
// dom.js (the element builder, `h`), the regions, this file and the other modules into one
// (widgets/front_end.py); the files stay plain ES modules.

import { h, keepPresses } from "./dom.js";
import { ORDER, Faces, cardFace, fan, learnWords, ruleChip, say } from "./table/common.js";
import { addons, games, panels } from "./table/parts.js";
import { toolbar } from "./table/toolbar.js";
import { seats } from "./table/seats.js";
import { felt } from "./table/felt.js";
import { handzone } from "./table/hand.js";
import { replayBar } from "./table/replay.js";
import { confirmBox } from "./table/confirm.js";
import { statusLine } from "./table/status.js";
import { sideColumn } from "./table/side.js";
import { breakdown } from "./table/result.js";

/** What the games' and the add-ons' modules, joined after the core, may use. */
export { ORDER, addons, cardFace, fan, games, h, panels, ruleChip, say };

let tables = 0; // tables drawn on this page, for ids that stay unique

// The page changed language: Python sent the table's words again (`labels`), and the table
// is built anew with them (the game is Python's: nothing of it is lost); a control of the
// bar that had the focus (the language switch) has it again.
function render({ model, el }) {
  let done = build({ model, el, again: false });
  const rebuild = () => {
    const focused = el.contains(document.activeElement) ? document.activeElement : null;
    const which = focused && focused.dataset ? { ...focused.dataset } : null;
    done();
    done = build({ model, el, again: true });
    if (which && which.action) {
      const lang = which.lang ? `[data-lang="${CSS.escape(which.lang)}"]` : "";
      el.querySelector(`[data-action="${CSS.escape(which.action)}"]${lang}`)?.focus();
    }
  };
  model.on("change:labels", rebuild);
  return () => {
    model.off("change:labels", rebuild);
    done();
  };
}

function build({ model, el, again }) {
  learnWords(model.get("labels"));
  const faces = new Faces();
  const seen = {};
  const uid = `cs-t${++tables}`;
  const via = { send: (payload) => model.send(payload) }; // an add-on may wrap it
  // what the regions share: `root` and `table` are set once the regions are built
  const view = {
    model, uid, faces,
    send: (intent) => {
      const rev = (model.get("state") || {}).rev;
      via.send(typeof rev === "number" ? { ...intent, rev } : intent);
    },
    replaying: () => Boolean((model.get("state") || {}).replay),
    draw: () => draw(),
    root: null,
    table: null,
  };

  // ---- the skeleton, built once
  const bar = toolbar(view);
  const places = seats(view);
  const middle = felt(view, places.areas);
  const replay = replayBar(view);
  const confirm = confirmBox(view);
  const status = statusLine(replay, confirm);
  const hand = handzone(view);
  const side = sideColumn(view, hand.mark);
  const result = breakdown(view, { felt: middle.node, handzone: hand.node, side: side.node });
  const root = h("section", { class: "cs-root", "aria-label": say("card-table") },
    bar.node,
    h("div", { class: "cs-main" },
      h("div", { class: "cs-play" }, middle.node, status.node, hand.node, result.node),
      side.node));
  view.root = root;
  // what a game's parts may use and draw into
  view.table = { faces, send: view.send, actionOf: middle.actionOf, clickable: middle.clickable, center: middle.center,
    corners: middle.corners, badge: bar.badge, revealReplay: middle.revealReplay };
  const host = h("div", { class: "cs-host" }, root);
  el.append(host);
  const addonsDone = addons.map((addon) => addon({ model, root, via, again }));
  replay.listen(root);
  const unkeep = keepPresses(root); // a press the next state's redraw replaced still counts
  hand.listen();

  // ---- drawing, one region at a time, only when its part of the state changed
  const regions = [bar.region, places.region, middle.region, ...hand.regions, status.region, side.region,
    result.region, confirm.region];

  const draw = () => {
    const s = model.get("state");
    faces.load(model.get("faces"));
    bar.settle(s);
    if (!s || !s.game) {
      root.classList.add("cs-waiting");
      return;
    }
    root.classList.remove("cs-waiting");
    root.dataset.game = s.game;
    root.dataset.rev = String(s.rev ?? "");
    middle.node.setAttribute("aria-busy", String(Boolean(s.busy)));
    root.classList.toggle("cs-busy", Boolean(s.busy));
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    for (const { name, key, paint } of regions) {
      const now = JSON.stringify(key(s));
      if (seen[name] === now && seen.faces === faces.source) continue;
      seen[name] = now;
      try {
        paint(s);
      } catch (error) {
        console.warn(`cardschool: could not draw ${name}`, error);
      }
    }
    seen.faces = faces.source;
    middle.reveal(s);
    // a control pressed from the keyboard (the stock, a move button) was drawn again: the
    // focus goes to the next control that may be played (a card, a move, the stock), not to
    // the page's body nor a card that cannot be played; while there is none (the bots are
    // moving) it waits on the hand, and moves on when the learner's turn comes
    const lost = focused && !focused.isConnected && !root.contains(document.activeElement);
    if (lost || document.activeElement === hand.hand) {
      const next = hand.firstStop() || middle.node.querySelector('button[data-legal="true"]:not(:disabled)');
      if (next) next.focus();
      else if (lost) hand.hand.focus();
    }
  };

  const redraw = () => draw();
  const refaces = () => {
    for (const key of Object.keys(seen)) delete seen[key];
    draw();
  };
  model.on("change:state", redraw);
  model.on("change:faces", refaces);
  const relarge = () => {
    bar.forgetLarge();
    draw();
  };
  model.on("change:large", relarge);
  model.on("change:speed", redraw);
  draw();
  bar.ask(); // the page's language, once the add-ons numbered what is sent
  return () => {
    bar.dispose();
    unkeep();
    model.off("change:state", redraw);
    model.off("change:faces", refaces);
    model.off("change:large", relarge);
    model.off("change:speed", redraw);
    for (const done of addonsDone) if (typeof done === "function") done();
    host.remove();
  };
}

export default { render };
