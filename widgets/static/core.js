// cardschool card table, the core: draws the state Python computes and sends intents back.
// It never decides what is legal: every mark comes from the state, every click is an intent.
//
// The core draws what every game has (the bar, the seats, the hand, the buttons, the status
// line, the side panel, the end-of-deal breakdown) and asks the state's game for the rest
// through hooks. Each game module (mille.js, mililla.js) imports what it needs from here and
// registers its hooks: `games.<name> = { ... }`, <name> being the state's `game`. anywidget
// loads a module from a blob, where a relative import cannot work, so Python joins dom.js (the
// element builder, `h`), this file and the game modules into one (widgets/front_end.py); the
// files stay plain ES modules.
//
// The hooks, all optional (NO_HOOKS below is what a game that leaves one out gets):
//   title                  the heading when the state has none
//   selects                a click on a hand card picks it (aria-pressed) instead of playing it
//   onFelt                 names of actions the game draws on the felt, not in the button row
//   badge(s, t)            fills t.badge, the heading's badge (shown when not empty)
//   center(s, t)           draws the middle of the felt (t.center) and its corners (t.corners)
//   underSeat(s, seat, t)  a node drawn under a seat's box, or null
//   knownLabel(s, seat)    the label over the cards of a seat that everyone knows
//   side(s, t)             a node drawn under the scores, or null
//   redraw.bar / .seats / .side (s)  the game's parts of the state that region is drawn from
//                          (a region is drawn again only when its parts changed)
// `s` is the state, `seat` one of s.seats, `t` the table: { faces, send, actionOf, clickable,
// center, corners, badge, revealReplay }.

import { h } from "./dom.js";

/** The element builder (dom.js), for the game and add-on modules joined after the core. */
export { h };

export const ORDER = ["south", "west", "north", "east"];

/** The game modules' hooks, by game name; each game module adds its own. */
export const games = {};

/** Panels other modules add to every table (review.js): each is { key(s): the part of the
 * state it is drawn from, tool(t): a node for the toolbar, side(s, t) and result(s, t): a node
 * for the side panel and for the end-of-deal breakdown, or null; drawTool(s, node): update
 * the toolbar node }. */
export const panels = [];
/** Add-ons run once per view: `addon({ model, root, via })` may wrap `via.send` and returns
 * its cleanup (saves.js: the game kept in the browser, a lost kernel noticed). */
export const addons = [];

const NO_HOOKS = {
  title: "",
  selects: false,
  onFelt: [],
  badge() {},
  center() {},
  underSeat: () => null,
  knownLabel: () => "Known cards",
  side: () => null,
  redraw: {},
};

const resolved = new Map();
let tables = 0; // tables drawn on this page, for ids that stay unique

/** The hooks of a game: its module's own, the defaults for the others (worked out once). */
function hooksOf(name) {
  if (!resolved.has(name)) {
    if (!Object.hasOwn(games, name)) console.warn(`cardschool: this table has no front end for ${name}`);
    resolved.set(name, { ...NO_HOOKS, ...games[name] });
  }
  return resolved.get(name);
}

// Card pictures: each SVG string becomes an image URL once; a picture is a cheap <img>
// (the browser decodes each face once and caches it; inline SVG trees, with dozens of
// elements per card, made every redraw of a full table slow to lay out and paint).
class Faces {
  constructor() {
    this.source = null;
    this.urls = new Map();
    this.names = new Map();
  }
  load(faces) {
    if (faces === this.source) return;
    this.source = faces;
    this.urls.clear();
    this.names.clear();
    const reader = document.createElement("template");
    for (const [text, svg] of Object.entries(faces || {})) {
      reader.innerHTML = svg.trim();
      const pic = reader.content.firstElementChild;
      if (!pic) continue;
      this.names.set(text, pic.getAttribute("aria-label") || text);
      this.urls.set(text, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.trim())}`);
    }
  }
  picture(text) {
    const url = this.urls.get(text);
    if (!url) return h("span", { class: "cs-nopic", text });
    return h("img", { src: url, alt: "", "aria-hidden": "true", draggable: "false", decoding: "sync" });
  }
  name(text) {
    return this.names.get(text) || text;
  }
}

export function ruleChip(rule) {
  return rule ? h("span", { class: "cs-rule", title: "Rule id in the rulebook", text: rule }) : null;
}

export function cardFace(faces, text, cls = "") {
  return h("span", { class: `cs-face ${cls}` }, faces.picture(text));
}

export function fan(faces, cards, cls, label) {
  const row = h("div", { class: `cs-fan ${cls}`, role: "group", "aria-label": label });
  row.style.setProperty("--n", Math.max(cards.length, 1));
  for (const text of cards) row.append(cardFace(faces, text));
  return row;
}

function render({ model, el }) {
  const faces = new Faces();
  const seen = {};
  const uid = `cs-t${++tables}`;

  const replaying = () => Boolean((model.get("state") || {}).replay);
  const via = { send: (payload) => model.send(payload) }; // an add-on may wrap it
  const send = (intent) => {
    const rev = (model.get("state") || {}).rev;
    via.send(typeof rev === "number" ? { ...intent, rev } : intent);
  };
  // help: the glossary (the cards' codes and the words), when the page gives its link
  const glossaryLink = (link) => (typeof link === "string" && /^(\.\.\/)*[a-z0-9-]+\.ipynb$/.test(link)
    ? h("a", { class: "cs-btn cs-ghost cs-glossary", href: link, target: "_blank", rel: "noopener",
      title: "The cards' codes and the words of the games" }, "Glossary")
    : null);
  const button = (action, label, intent, extra = {}) =>
    h("button", { type: "button", class: "cs-btn", "data-action": action, onclick: () => send(intent), ...extra }, label);

  // ---- the skeleton, built once
  const title = h("h2", { class: "cs-title" });
  const badge = h("div", { class: "cs-badge" }); // the game's to fill (hooks.badge)
  const codeShown = h("span", { class: "cs-code" });
  const codeInput = h("input", {
    type: "text", class: "cs-code-input", "aria-label": "Deal code", placeholder: "Deal code",
    maxlength: 40, spellcheck: "false",
  });
  // why the last code was refused, next to the box (Python's words), and what the code on
  // show means (its suffix in words), under the bar
  const codeError = h("span", { class: "cs-code-error", role: "alert" });
  // what a deal code is: said behind a "?" beside the code, not on every table of a page
  const codeAbout = h("p", { class: "cs-code-about", id: `${uid}-code-about`, hidden: true });
  let aboutOpen = false;
  const codeHelp = h("button", { type: "button", class: "cs-btn cs-ghost cs-code-help", "data-action": "code-help",
    "aria-expanded": "false", "aria-controls": codeAbout.id, "aria-label": "What is a deal code?",
    title: "What is a deal code?", onclick: () => { aboutOpen = !aboutOpen; showAbout(); } }, "?");
  const showAbout = () => {
    codeHelp.setAttribute("aria-expanded", String(aboutOpen));
    codeAbout.hidden = !aboutOpen || !codeAbout.textContent;
  };
  const dealCode = () => send({ type: "new-deal", code: codeInput.value.trim() || null });
  codeInput.addEventListener("keydown", (e) => { if (e.key === "Enter") dealCode(); });
  // the slider's bounds come with the state (s.limits: Python's own, never copied here)
  const speed = h("input", { type: "range", "data-action": "speed", "aria-label": "Bot delay in milliseconds" });
  speed.addEventListener("change", () => send({ type: "speed", ms: Number(speed.value) }));
  // Projector mode is a matter of this screen only: Python sets the default, the button
  // toggles it here without telling Python (the browser sends intents, nothing else).
  let largeHere = null;
  const isLarge = () => (largeHere === null ? Boolean(model.get("large")) : largeHere);
  const large = h("button", { type: "button", class: "cs-btn cs-ghost", "data-action": "large", "aria-pressed": "false",
    onclick: () => { largeHere = !isLarge(); draw(); } }, "Large");
  const tools = {
    hint: button("hint", "Hints", { type: "hint" }, { "aria-pressed": "false" }),
    coach: button("coach", "Coach", { type: "coach" }, { "aria-pressed": "false" }),
    undo: button("undo", "Undo", { type: "undo" }),
    redo: button("redo", "Redo", { type: "redo" }),
    replay: h("button", { type: "button", class: "cs-btn", "data-action": "replay", "aria-pressed": "false",
      onclick: () => send({ type: "replay", go: replaying() ? "close" : "open" }) }, "Replay"),
  };
  const panelTools = panels.map((p) => (p.tool ? p.tool({ send, replaying }) : null));
  const bar = h("header", { class: "cs-bar" },
    h("div", { class: "cs-heading" }, title, badge),
    h("div", { class: "cs-tools", role: "toolbar", "aria-label": "Table tools" },
      tools.hint, tools.coach, tools.undo, tools.redo, tools.replay, ...panelTools,
      button("new-deal", "New deal", { type: "new-deal", code: null }),
      h("span", { class: "cs-codebox" }, codeShown, codeHelp, codeInput,
        h("button", { type: "button", class: "cs-btn", "data-action": "deal-code", onclick: dealCode }, "Deal"), codeError),
      h("label", { class: "cs-speed" }, h("span", { text: "Bot delay" }), speed),
      large, glossaryLink(model.get("glossary"))),
    codeAbout);
  const areas = {};
  for (const pos of ORDER) areas[pos] = h("div", { class: `cs-seat-area cs-${pos}` });
  const center = h("div", { class: "cs-center" });
  const corners = { tl: h("div", { class: "cs-corner cs-tl" }), tr: h("div", { class: "cs-corner cs-tr" }) };
  const felt = h("div", { class: "cs-felt" }, corners.tl, areas.north, corners.tr, areas.west, center, areas.east, areas.south);
  const prompt = h("p", { class: "cs-prompt" });
  const message = h("div", { class: "cs-message", "aria-live": "polite", role: "status" });
  // the replay's controls: Python keeps the cursor, these only ask it to move
  const replayAt = h("span", { class: "cs-replay-at", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
  const replayGo = {
    start: button("replay-start", "« Start", { type: "replay", go: "start" }, { "aria-label": "Replay: back to the start" }),
    back: button("replay-back", "◀ Back", { type: "replay", go: "back" }, { "aria-label": "Replay: one move back" }),
    forward: button("replay-forward", "Forward ▶", { type: "replay", go: "forward" }, { "aria-label": "Replay: one move forward" }),
    end: button("replay-end", "End »", { type: "replay", go: "end" }, { "aria-label": "Replay: to the last move" }),
  };
  const replayBar = h("div", { class: "cs-replay", role: "group", "aria-label": "Replay controls", hidden: true },
    replayGo.start, replayGo.back, replayAt, replayGo.forward, replayGo.end,
    button("replay-close", "Close replay", { type: "replay", go: "close" }));
  // a question Python asks before it acts (a new deal in mid-match): its answer is an intent
  const confirm = h("div", { class: "cs-confirm", role: "alertdialog", "aria-modal": "false", hidden: true });
  confirm.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    send({ type: "confirm", answer: false });
  });
  const hand = h("div", { class: "cs-hand", role: "toolbar", "aria-label": "Your hand" });
  const actions = h("div", { class: "cs-actions", role: "group", "aria-label": "Moves" });
  // it scrolls when long: a tab stop, so the keyboard can scroll it too
  const side = h("aside", { class: "cs-side", "aria-label": "Scores, hints and log", tabindex: "0" });
  const result = h("div", { class: "cs-result", hidden: true });
  const handzone = h("div", { class: "cs-handzone" }, hand, actions);
  const root = h("section", { class: "cs-root", "aria-label": "Card table" },
    bar,
    h("div", { class: "cs-main" },
      h("div", { class: "cs-play" }, felt, h("div", { class: "cs-status" }, prompt, message, replayBar, confirm),
        handzone, result),
      side));
  const host = h("div", { class: "cs-host" }, root);
  el.append(host);
  const addonsDone = addons.map((addon) => addon({ model, root, via }));

  // ---- keyboard: during a replay, arrows step through it (Home, End: to its ends)
  const replayKeys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
  root.addEventListener("keydown", (event) => {
    if (!replaying() || !(event.key in replayKeys) || event.target.matches("input, select, textarea")) return;
    event.preventDefault();
    send({ type: "replay", go: replayKeys[event.key] });
  });

  // ---- keyboard: arrows move over the hand (one tab stop), Enter/Space press the card
  hand.addEventListener("keydown", (event) => {
    if (replaying()) return; // the replay's keys, above
    const cards = [...hand.querySelectorAll("button.cs-card")];
    const at = cards.indexOf(document.activeElement);
    if (at < 0) return;
    const moves = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: cards.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = cards[Math.max(0, Math.min(cards.length - 1, moves[event.key]))];
    cards.forEach((c) => c.setAttribute("tabindex", c === next ? "0" : "-1"));
    next.focus();
  });

  // ---- drawing, one region at a time, only when its part of the state changed
  const drawBar = (s) => {
    const game = hooksOf(s.game);
    title.textContent = s.title || game.title;
    root.setAttribute("aria-label", `Card table: ${title.textContent}`);
    codeShown.textContent = s.code ? `Deal ${s.code}` : "";
    const box = s.codebox || { example: "", about: "", error: "" };
    codeInput.placeholder = box.example ? `e.g. ${box.example}` : "Deal code";
    codeError.textContent = box.error;
    codeInput.setAttribute("aria-invalid", String(Boolean(box.error)));
    codeAbout.textContent = box.about;
    codeHelp.hidden = !box.about;
    showAbout();
    tools.hint.setAttribute("aria-pressed", String(s.hints !== null && s.hints !== undefined));
    tools.coach.setAttribute("aria-pressed", String(Boolean(s.coach)));
    tools.undo.disabled = !s.can_undo;
    tools.redo.disabled = !s.can_redo;
    tools.replay.setAttribute("aria-pressed", String(Boolean(s.replay)));
    badge.replaceChildren();
    game.badge(s, table);
    panels.forEach((p, i) => p.drawTool?.(s, panelTools[i]));
  };

  const drawSeats = (s) => {
    const game = hooksOf(s.game);
    for (const pos of ORDER) areas[pos].replaceChildren();
    for (const seat of s.seats) {
      const mine = seat.seat === s.seat;
      const parts = [seat.name, mine ? null : seat.kind === "human" ? "player" : `${seat.kind} bot`,
        seat.team === null ? null : (seat.team === teamOf(s) ? (mine ? "your team" : "your partner") : "opponent"),
        seat.dealer ? "dealer" : null, `${seat.hand_size} cards`, seat.to_move ? "to play" : null, seat.note || null];
      const box = h("div", { class: `cs-seat${seat.to_move ? " cs-to-move" : ""}${mine ? " cs-mine" : ""}`, "data-seat": seat.seat,
        role: "group", "aria-label": parts.filter(Boolean).join(", ") },
        h("div", { class: "cs-nameplate" },
          seat.team === null ? null : h("span", { class: `cs-team cs-team-${seat.team}`, title: `Team ${seat.team === 0 ? "A" : "B"}` }),
          h("span", { class: "cs-name", text: seat.name }),
          mine ? null : h("span", { class: "cs-kind", text: seat.kind === "human" ? "player" : seat.kind }),
          seat.dealer ? h("span", { class: "cs-dealer", title: "Dealer", text: "D" }) : null,
          seat.to_move ? h("span", { class: "cs-turn", text: s.busy && !mine ? "thinking…" : "to play" }) : null,
          seat.note ? h("span", { class: "cs-note", text: seat.note }) : null));
      if (!mine && seat.open.length) { // a replay of a finished deal: the hand face up
        box.append(h("div", { class: "cs-open" },
          fan(faces, seat.open, "cs-mini", `${seat.name}'s hand: ${seat.open.map((c) => faces.name(c)).join(", ")}`)));
      } else if (!mine) {
        const backs = Array(Math.min(seat.hand_size, 12)).fill("back");
        box.append(h("div", { class: "cs-backs-row" }, fan(faces, backs, "cs-backs", `${seat.hand_size} cards`),
          h("span", { class: "cs-count", text: String(seat.hand_size) })));
      }
      if (seat.known.length && !seat.open.length) {
        const what = game.knownLabel(s, seat);
        box.append(h("div", { class: "cs-known" }, h("span", { class: "cs-small-label", text: what }),
          fan(faces, seat.known, "cs-mini", `${what}: ${seat.known.map((c) => faces.name(c)).join(", ")}`)));
      }
      (areas[seat.position] || areas.south).append(box);
      const under = game.underSeat(s, seat, table);
      if (under) areas[seat.position].append(under);
    }
  };

  const teamOf = (s) => (s.seats.find((x) => x.seat === s.seat) || {}).team;

  const actionOf = (s, name) => (s.actions || []).find((a) => a.action === name);

  const clickable = (s, name, attrs, ...children) => {
    const act = actionOf(s, name);
    if (!act) return h("div", { ...attrs, role: "group" }, ...children);
    return h("button", { ...attrs, type: "button", "data-action": name, "data-legal": String(act.legal), title: act.why || act.label,
      "aria-label": `${attrs["aria-label"]}. ${act.label}`, class: `${attrs.class}${act.legal ? " cs-legal" : ""}`,
      onclick: () => send({ type: "action", action: name }) }, ...children);
  };

  // the next replay drawn is scrolled into view if it is out of it (a review's moment,
  // clicked in the side panel: on a phone the felt is far above)
  let revealing = false;
  const revealReplay = () => { revealing = true; };
  const reveal = (s) => {
    if (!revealing || !s.replay) return;
    revealing = false;
    const box = felt.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight - 80) felt.scrollIntoView({ block: "start" });
  };

  // what a game's hooks may use and draw into
  const table = { faces, send, actionOf, clickable, center, corners, badge, revealReplay };

  const drawCenter = (s) => {
    center.replaceChildren();
    corners.tl.replaceChildren();
    corners.tr.replaceChildren();
    center.className = `cs-center cs-center-${s.game}`;
    hooksOf(s.game).center(s, table);
  };

  const drawHand = (s) => {
    const game = hooksOf(s.game);
    const active = document.activeElement;
    const hadFocus = hand.contains(active) ? Number(active.dataset.index) : null;
    hand.replaceChildren();
    hand.style.setProperty("--n", Math.max(s.hand.length, 1));
    let stop = s.hand.findIndex((c) => c.legal);
    if (hadFocus !== null) stop = Math.min(hadFocus, s.hand.length - 1);
    if (stop < 0) stop = 0;
    s.hand.forEach((card, index) => {
      hand.append(h("button", {
        type: "button", class: `cs-card${card.legal ? " cs-legal" : ""}${card.selected ? " cs-selected" : ""}`,
        "aria-label": card.name, "data-card": card.card, "data-legal": String(card.legal), "data-index": index,
        "aria-pressed": game.selects ? String(Boolean(card.selected)) : null, title: card.why || card.name,
        tabindex: index === stop ? "0" : "-1",
        onclick: () => send({ type: "card", card: card.card, index }),
      }, faces.picture(card.card), card.legal ? h("span", { class: "cs-mark", "aria-hidden": "true", text: "✓" }) : null));
    });
    if (!s.hand.length) hand.append(h("span", { class: "cs-empty", text: "No cards in hand" }));
    if (hadFocus !== null) (hand.querySelector('button[tabindex="0"]') || actions.querySelector("button") || hand).focus?.();
  };

  const drawActions = (s) => {
    const onFelt = hooksOf(s.game).onFelt;
    actions.replaceChildren();
    for (const act of s.actions || []) {
      if (onFelt.includes(act.action)) continue;
      actions.append(h("button", { type: "button", class: `cs-btn cs-move${act.legal ? " cs-legal" : ""}`, "data-action": act.action,
        "data-legal": String(act.legal), title: act.why || act.label,
        onclick: () => send({ type: "action", action: act.action }) }, act.label));
    }
  };

  let moreOpen = false; // the status line's fold, as the learner left it
  const drawStatus = (s) => {
    prompt.textContent = s.prompt || "";
    const m = s.message;
    message.className = `cs-message${m ? ` cs-${m.kind}` : ""}`;
    message.replaceChildren();
    if (m) message.append(h("span", { class: "cs-message-text", text: m.text }), ruleChip(m.rule) || "");
    // the other sentences (the bots' other moves): folded, one line each with its chip; a
    // fold opened stays open for the next line, until the learner closes it
    const more = (m && m.more) || [];
    if (more.length) {
      const fold = h("details", { class: "cs-message-more", open: moreOpen },
        h("summary", { text: `${more.length} more` }),
        h("ul", {}, ...more.map((x) => h("li", {}, x.text, " ", ruleChip(x.rule)))));
      fold.addEventListener("toggle", () => { moreOpen = fold.open; });
      message.append(fold);
    }
    const r = s.replay;
    const focused = replayBar.contains(document.activeElement);
    replayBar.hidden = !r;
    if (r) {
      replayAt.textContent = `Move ${r.position} of ${r.steps}`;
      replayGo.start.disabled = replayGo.back.disabled = r.position === 0;
      replayGo.forward.disabled = replayGo.end.disabled = r.position === r.steps;
      // a button just disabled drops the focus: keep it in the bar, so the keys still work
      const still = document.activeElement;
      if (focused && (!replayBar.contains(still) || still.disabled)) replayAt.focus();
    }
  };

  // the hint panel: a count line, the moves folded under it (opened, it stays open); with
  // no move to make, what to do instead
  let hintsOpen = false;
  const drawHints = (s) => {
    const count = s.hints.length;
    const box = h("section", { class: "cs-hints", "aria-label": "Hints" });
    if (!count) {
      const next = s.result && s.result.next;
      box.append(h("h3", { text: "Hints" }), h("p", { class: "cs-hints-none", text: next
        ? `No move to make now: press “${next}” to go on.`
        : "No move to make now: your moves show here on your turn." }));
      return box;
    }
    const fold = h("details", { class: "cs-hints-fold", open: hintsOpen },
      h("summary", {}, h("h3", { text: `Hints: ${count} legal move${count === 1 ? "" : "s"}` })));
    fold.addEventListener("toggle", () => { hintsOpen = fold.open; });
    let group = null;
    let list = null;
    let folded = null; // the group's long tail, behind "N more"
    for (const hint of s.hints) {
      if (hint.group !== group || !list) {
        group = hint.group;
        if (group) fold.append(h("h4", { text: group }));
        list = h("ul");
        folded = null;
        fold.append(list);
      }
      const item = h("li", {}, h("strong", { text: hint.move }), " — ", hint.text, " ", ruleChip(hint.rule));
      item.addEventListener("mouseenter", () => mark(hint.cards, true));
      item.addEventListener("mouseleave", () => mark(hint.cards, false));
      if (hint.more) {
        if (!folded) {
          folded = h("ul");
          fold.append(h("details", { class: "cs-more" }, h("summary"), folded));
        }
        folded.append(item);
        folded.previousSibling.textContent = `${folded.children.length} more`;
      } else list.append(item);
    }
    box.append(fold);
    return box;
  };

  const drawSide = (s) => {
    side.replaceChildren();
    const sc = s.scores;
    const scores = h("table", { class: "cs-scores" },
      h("caption", { text: `Scores — ${sc.match_word || "game"} to ${sc.target.toLocaleString("en")}` }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "cs-sr", text: "Score" })), ...sc.labels.map((l) => h("th", { scope: "col", text: l })))),
      h("tbody", {}, h("tr", {}, h("th", { scope: "row", text: "Total" }), ...sc.totals.map((v) => h("td", { text: String(v) }))),
        sc.deal ? h("tr", {}, h("th", { scope: "row", text: sc.deal_label || "This deal" }), ...sc.deal.map((v) => h("td", { text: String(v) }))) : null));
    side.append(scores);
    const more = hooksOf(s.game).side(s, table);
    if (more) side.append(more);
    if (s.coach) {
      side.append(h("section", { class: "cs-coach", "aria-label": "Coach" }, h("h3", { text: "Coach" }),
        h("p", {}, s.coach.move ? [h("strong", { text: s.coach.move }), " — "] : null, s.coach.text, " ",
          ruleChip(s.coach.rule))));
    }
    if (s.hints) side.append(drawHints(s));
    for (const p of panels) side.append(p.side?.(s, table) || "");
    const entries = s.log || [];
    const shown = entries.slice(-s.limits.log); // numbered by their place in the whole log
    const start = (s.log_first || 1) + entries.length - shown.length;
    const log = h("ol", { class: "cs-log", "aria-label": "What happened", start, tabindex: "0" }, // scrolls: a tab stop
      ...shown.map((e) => h("li", {}, e.text, " ", ruleChip(e.rule))));
    side.append(h("section", { class: "cs-logbox" }, h("h3", { text: "Log" }), log));
    // scrolled in the next frame: reading scrollHeight now would force a layout mid-draw
    requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
  };

  const mark = (cards, on) => {
    for (const text of cards || []) {
      const b = hand.querySelector(`button[data-card="${CSS.escape(text)}"]`);
      if (b) b.classList.toggle("cs-hinted", on);
    }
  };

  const drawResult = (s) => {
    const r = s.result;
    result.replaceChildren();
    result.hidden = !r;
    felt.inert = Boolean(r); // while the breakdown is on show, only its button can be reached
    handzone.inert = Boolean(r);
    if (!r) return;
    const wide = r.lines.some((l) => Array.isArray(l.value));
    const rows = r.lines.map((l) => h("tr", {}, h("th", { scope: "row" }, l.label, " ", ruleChip(l.rule)),
      ...(Array.isArray(l.value) ? l.value : [l.value]).map((v) => h("td", { text: String(v) }))));
    const columns = s.scores.labels.map((l) => h("th", { scope: "col", text: l }));
    const corner = h("th", { scope: "col" }, h("span", { class: "cs-sr", text: "Line" }));
    const head = wide ? h("thead", {}, h("tr", {}, corner, ...columns)) : null;
    const next = r.next
      ? h("button", { type: "button", class: "cs-btn cs-legal", "data-action": "next", onclick: () => send({ type: "next" }) }, r.next)
      : null;
    result.append(h("div", { class: "cs-result-card", role: "dialog", "aria-label": r.title },
      h("h3", { text: r.title }), h("table", { class: "cs-breakdown" }, head, h("tbody", {}, ...rows)),
      ...panels.map((p) => p.result?.(s, table) || null), next));
    if (next && !side.contains(document.activeElement)) next.focus(); // not away from a side panel
  };

  const drawConfirm = (s) => {
    const c = s.confirm;
    confirm.replaceChildren();
    confirm.hidden = !c;
    if (!c) return;
    const question = h("p", { class: "cs-confirm-question", id: `${uid}-question`, text: c.question });
    const no = h("button", { type: "button", class: "cs-btn", "data-action": "confirm-no",
      onclick: () => send({ type: "confirm", answer: false }) }, c.no);
    confirm.setAttribute("aria-labelledby", question.id);
    confirm.append(question, h("div", { class: "cs-confirm-buttons" },
      h("button", { type: "button", class: "cs-btn cs-legal", "data-action": "confirm-yes",
        onclick: () => send({ type: "confirm", answer: true }) }, c.yes), no));
    no.focus(); // the safe answer first: Enter keeps the match, Shift+Tab reaches the other
  };

  // the game's own parts of the state a region is drawn from (null when it has none)
  const extra = (s, region) => {
    const key = hooksOf(s.game).redraw[region];
    return key ? key(s) : null;
  };
  const regions = [
    ["bar", (s) => [s.title, s.game, s.code, s.codebox, s.can_undo, s.can_redo, s.hints !== null, Boolean(s.coach), Boolean(s.replay),
      extra(s, "bar"), panels.map((p) => p.key(s))], drawBar],
    ["seats", (s) => [s.game, s.seat, s.seats, s.busy, extra(s, "seats")], drawSeats],
    ["center", (s) => [s.game, s.table, s.seats, s.actions], drawCenter],
    ["hand", (s) => [s.game, s.hand], drawHand],
    ["actions", (s) => [s.game, s.actions], drawActions],
    ["status", (s) => [s.prompt, s.message, s.replay], drawStatus],
    ["side", (s) => [s.game, s.scores, s.coach, s.hints, s.result && s.result.next, s.log, s.log_first, s.limits.log, extra(s, "side"),
      panels.map((p) => p.key(s))], drawSide],
    ["result", (s) => [s.result, s.scores.labels, panels.map((p) => p.key(s))], drawResult],
    ["confirm", (s) => [s.confirm], drawConfirm],
  ];

  const draw = () => {
    const s = model.get("state");
    faces.load(model.get("faces"));
    root.classList.toggle("cs-large", isLarge());
    large.setAttribute("aria-pressed", String(isLarge()));
    if (s && s.limits) { // before the value: a range input clamps its value to its bounds
      speed.min = String(s.limits.speed_min);
      speed.max = String(s.limits.speed_max);
      speed.step = String(s.limits.speed_step);
    }
    speed.value = String(model.get("speed"));
    if (!s || !s.game) {
      root.classList.add("cs-waiting");
      return;
    }
    root.classList.remove("cs-waiting");
    root.dataset.game = s.game;
    root.dataset.rev = String(s.rev ?? "");
    felt.setAttribute("aria-busy", String(Boolean(s.busy)));
    root.classList.toggle("cs-busy", Boolean(s.busy));
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    for (const [name, key, paint] of regions) {
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
    reveal(s);
    // a control pressed from the keyboard (the stock, a move button) was drawn again: the
    // focus goes to the hand, where the next decision is, not to the page's body
    if (focused && !focused.isConnected && !root.contains(document.activeElement)) {
      (hand.querySelector('button[tabindex="0"]') || actions.querySelector("button") || felt.querySelector("button"))?.focus();
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
    largeHere = null;
    draw();
  };
  model.on("change:large", relarge);
  model.on("change:speed", redraw);
  draw();
  return () => {
    model.off("change:state", redraw);
    model.off("change:faces", refaces);
    model.off("change:large", relarge);
    model.off("change:speed", redraw);
    for (const done of addonsDone) if (typeof done === "function") done();
    host.remove();
  };
}

export default { render };
