// cardschool exercise widget: draws the exercise Python describes in `state` and sends
// intents back. It decides nothing: what is offered, right or wrong, the stars, all come
// from Python. Progress is kept in the browser through storage.js (joined before this file
// by widgets/front_end.py): read on render and sent to Python to check, written whenever
// Python sends a new `record`. Every word it shows comes from Python (`state.words`), which
// renders the messages; this file only places them. The page's language is asked for as it
// is drawn (language.js; the page's bar has the switch), and Python draws it again in it.
import { h, keepPresses } from "./dom.js";
import { askLanguage } from "./language.js";
import { heldRecord, joinedClass, keptRecords, readEntry, writeProblem } from "./storage.js";

const faceCache = new WeakMap(); // faces object -> Map(card -> { src, name }): read each SVG once

function faceOf(faces, card) {
  const svg = (faces || {})[card];
  if (!svg) return { img: h("span", { class: "cs-ex-nopic", text: card }), name: card };
  if (!faceCache.has(faces)) faceCache.set(faces, new Map());
  const known = faceCache.get(faces);
  if (!known.has(card)) {
    const reader = document.createElement("template");
    reader.innerHTML = svg.trim();
    const pic = reader.content.firstElementChild;
    const name = (pic && pic.getAttribute("aria-label")) || card;
    known.set(card, { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.trim())}`, name });
  }
  const { src, name } = known.get(card);
  return { img: h("img", { src, alt: "", "aria-hidden": "true", draggable: "false" }), name };
}

export default {
  render({ model, el }) {
    const root = h("section", { class: "cs-ex" });
    const unkeep = keepPresses(root);
    el.appendChild(root);
    let marked = new Set();
    let markedFor = null;
    let storageLine = null;
    let typed = "";

    const send = (intent) => model.send(intent);
    let shownPicture = null;
    let picture = null;

    // the position's picture is parsed once per exercise and kept across redraws
    function pictureNode(label) {
      const html = model.get("picture") || "";
      if (html !== shownPicture || !picture) {
        picture = h("div", { class: "cs-ex-picture", role: "img", "aria-label": label });
        picture.innerHTML = html;
        shownPicture = html;
      }
      picture.setAttribute("aria-label", label); // the page may speak another language now
      return picture;
    }

    function draw() {
      const s = model.get("state") || {};
      if (!s.id) return;
      const faces = model.get("faces");
      const focused = root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
      const here = `${s.index}:${s.id}`;
      if (markedFor !== here) { marked = new Set(); markedFor = here; typed = ""; }
      const rev = s.rev;
      const locked = !!s.done;
      const w = s.words || {};
      const label = w.labels || {};
      root.setAttribute("aria-label", label.exercise || "");

      const stars = s.stars || [];
      // numbers as the learner reads them: a lesson's second box goes on from its first
      const first = Number.isInteger(s.first) ? s.first : 1;
      // the file's exercises as numbered buttons, each with its stars: jump to any of them
      // (Left/Right/Home/End move along the row; Python checks every jump like a click)
      const jump = h("nav", { class: "cs-ex-progress", "aria-label": label.jump },
        stars.map((n, i) => {
          const st = (w.jump || [])[i] || {};
          const here = i === s.index;
          return h("button", { type: "button", class: here ? "cs-ex-here" : null, "data-key": `go:${i}`, "data-index": i,
            "aria-current": here ? "step" : null, "data-stars": n === null || n === undefined ? "" : n,
            "aria-label": st.label,
            onclick: () => { if (!here) send({ type: "go", to: i, rev }); } },
            h("span", { class: "cs-ex-number-label", text: String(first + i) }), h("span", { class: "cs-ex-stars", text: st.mark }));
        }));
      jump.addEventListener("keydown", (event) => {
        const buttons = [...jump.querySelectorAll("button")];
        const at = buttons.indexOf(document.activeElement);
        const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: buttons.length - 1 }[event.key];
        if (at < 0 || to === undefined) return;
        event.preventDefault();
        buttons[Math.max(0, Math.min(buttons.length - 1, to))].focus();
      });
      const head = h("header", { class: "cs-ex-head" },
        h("h3", { text: w.head }),
        h("p", { class: "cs-ex-summary", text: w.summary }),
        jump);

      const picture = pictureNode(label.position);

      const parts = [];
      if (s.kind === "play" || s.kind === "choose" || s.kind === "pick") {
        // choose: mark the cards asked for; pick: pick the cards the move is made of
        const choose = s.kind === "choose" || s.kind === "pick";
        const row = h("div", { class: "cs-ex-hand", role: "group", "aria-label": choose ? label["hand.choose"] : label["hand.play"] },
          (s.hand || []).map((card) => {
            const face = faceOf(faces, card);
            const on = marked.has(card);
            return h("button", {
              type: "button", class: `cs-ex-card${on ? " cs-ex-marked" : ""}`, "data-key": `card:${card}`, "data-card": card,
              "aria-label": (w.cards || {})[card] || face.name, "aria-pressed": choose ? String(on) : null,
              disabled: locked,
              onclick: () => {
                if (choose) { if (marked.has(card)) marked.delete(card); else marked.add(card); draw(); }
                else send({ type: "try", try: card, rev });
              },
            }, face.img, choose ? h("span", { class: "cs-ex-tick", text: on ? label.marked : "" }) : null);
          }));
        parts.push(row);
        if (choose) parts.push(h("button", { type: "button", class: "cs-ex-check", "data-key": "check", disabled: locked,
          "aria-label": (w.checks || [])[marked.size] || w.check, text: w.check,
          onclick: () => send({ type: "try", try: [...marked], rev }) }));
      }
      if ((s.options || []).length) {
        parts.push(h("div", { class: "cs-ex-options", role: "group", "aria-label": s.kind === "play" ? label.moves : label.answers },
          s.options.map((option) => h("button", { type: "button", class: "cs-ex-option", "data-key": `option:${option}`,
            "data-try": option, disabled: locked, "aria-label": (w.options || {})[option], text: (w.option_words || {})[option] || option,
            onclick: () => send({ type: "try", try: option, rev }) }))));
      }
      if (s.kind === "score") {
        const box = h("input", { type: "text", inputmode: "numeric", class: "cs-ex-number", "data-key": "number",
          "aria-label": label.score, disabled: locked, value: typed });
        const submit = () => send({ type: "try", try: box.value.trim(), rev });
        box.addEventListener("input", () => { typed = box.value; });
        box.addEventListener("keydown", (event) => { if (event.key === "Enter") submit(); });
        parts.push(h("div", { class: "cs-ex-score" }, box,
          h("button", { type: "button", class: "cs-ex-check", "data-key": "check", disabled: locked, "aria-label": label["check-score"], text: label.check, onclick: submit })));
      }

      const lines = h("div", { class: "cs-ex-lines", role: "status", "aria-live": "polite" });
      const f = s.feedback;
      if (f) { // Python's words: the sign, right or not, the engine's sentence and its rule
        lines.append(h("p", { class: `cs-ex-feedback ${f.right ? "cs-ex-right" : "cs-ex-wrong"}`, "data-right": String(f.right) },
          h("span", { class: "cs-ex-sign", "aria-hidden": "true", text: f.sign }),
          h("strong", { text: f.verdict }), f.said, f.again ? h("span", { text: f.again }) : null));
      }
      if (w.earned) lines.append(h("p", { class: "cs-ex-earned", text: w.earned }));
      if (s.answer) lines.append(h("p", { class: "cs-ex-answer", text: s.answer })); // Python's sentence: every right answer
      if (w.hint) lines.append(h("p", { class: "cs-ex-hint", text: w.hint }));
      if (s.notice) lines.append(h("p", { class: "cs-ex-notice", text: s.notice }));
      if (storageLine) lines.append(h("p", { class: "cs-ex-storage", text: (w.storage || {})[storageLine] || storageLine }));

      const tools = h("div", { class: "cs-ex-tools", role: "toolbar", "aria-label": label.tools },
        h("button", { type: "button", "data-key": "hint", "aria-label": label.hint, text: label["hint.button"], onclick: () => send({ type: "hint", rev }) }),
        s.can_show ? h("button", { type: "button", "data-key": "show", "aria-label": label.show, text: label["show.button"], onclick: () => send({ type: "show", rev }) }) : null,
        h("button", { type: "button", "data-key": "back", disabled: !s.can_back, "aria-label": label.back, text: label["back.button"], onclick: () => send({ type: "back", rev }) }),
        h("button", { type: "button", "data-key": "next", disabled: !s.can_next, "aria-label": label.next, text: label["next.button"], onclick: () => {
          if (!s.next_below) { send({ type: "next", rev }); return; }
          // the lesson goes on in the next box of exercises below: go there
          const boxes = [...document.querySelectorAll("section.cs-ex")];
          const below = boxes[boxes.indexOf(root) + 1];
          if (!below) return;
          below.scrollIntoView({ block: "start" });
          const target = below.querySelector(".cs-ex-here") || below.querySelector("button");
          if (target) target.focus({ preventScroll: true });
        } }));

      root.replaceChildren(head, h("p", { class: "cs-ex-prompt", text: s.prompt }), picture, ...parts, lines, tools);
      if (focused) {
        const again = [...root.querySelectorAll("[data-key]")].find((n) => n.dataset.key === focused);
        if (again && !again.disabled) again.focus();
        else if (focused !== "number") { const next = root.querySelector('[data-key="next"]:not([disabled])'); if (next) next.focus(); }
      }
    }

    function keep() {
      const record = model.get("record");
      if (!record || !record.file) return;
      storageLine = writeProblem("progress", record.file, record); // a code, said in Python's words
      draw();
    }

    model.on("change:state", draw);
    model.on("change:faces", draw);
    model.on("change:picture", draw);
    model.on("change:record", keep);
    draw();
    askLanguage(model, send);
    // a class joined on this browser (and the class server's address typed there, if any):
    // Python checks it against the class store and records the exercises solved here only if it holds
    const member = joinedClass();
    if (member) send({ ...member, records: keptRecords() });
    model.on("msg:custom", heldRecord); // class records the database refused, kept here
    const file = (model.get("state") || {}).file;
    if (file) {
      const got = readEntry("progress", file);
      storageLine = got.problem;
      if (got.found) send({ type: "progress", record: got.value });
      draw();
    }
    return () => {
      unkeep();
      model.off("change:state", draw);
      model.off("change:faces", draw);
      model.off("change:picture", draw);
      model.off("change:record", keep);
      model.off("msg:custom", heldRecord);
      root.remove();
    };
  },
};
