// The review of a finished deal: the Review button beside Replay, its panel in the side
// column (progress while Python runs it, then the moments), and a line in the end-of-deal
// breakdown. Python runs the review and keeps it (s.review, widgets/review.py): this module
// only draws it and asks; a moment's click asks Python to open the replay at that move, and
// brings the replay into view (on a phone the panel is far below the felt). Its words are
// Python's (the table's labels, `table:front.review*`), the summary and moments too.
import { h, panels, say } from "./core.js";

const line = (r) => r.summary || say("review-looking", { done: r.done, total: r.total || "…" });

const progress = (r) =>
  r.summary ? null : h("progress", { class: "cs-review-progress", max: Math.max(r.total, 1), value: r.done,
    "aria-label": say("review-progress", { done: r.done, total: r.total }) });

panels.push({
  key: (s) => s.review || null,
  tool: ({ send }) => h("button", {
    type: "button", class: "cs-btn", "data-action": "review", "aria-pressed": "false",
    onclick: (event) => send({ type: "review", go: event.currentTarget.getAttribute("aria-pressed") === "true" ? "close" : "open" }),
  }, say("review")),
  drawTool: (s, button) => button.setAttribute("aria-pressed", String(Boolean(s.review && s.review.shown))),
  side: (s, t) => {
    const r = s.review;
    if (!r || !r.shown) return null;
    const box = h("section", { class: "cs-review", "aria-label": say("review-of-deal") },
      h("h3", { text: say("review") }), h("p", { class: "cs-review-line", role: "status", text: line(r) }), progress(r));
    if (r.moments.length) {
      box.append(h("ol", { class: "cs-review-moments" }, ...r.moments.map((m, index) => h("li", {},
        h("button", { type: "button", class: "cs-btn cs-review-moment", "data-moment": index, "data-position": m.position,
          onclick: () => { t.send({ type: "review", go: "moment", moment: index }); t.revealReplay(); } },
          say("review-moment", { number: m.position + 1, played: m.played })),
        h("p", { class: "cs-review-better", text: m.better }),
        h("p", { text: m.reason }),
        h("p", { class: "cs-review-figures", text: m.figures })))));
    }
    return box;
  },
  result: (s, t) => {
    const r = s.review;
    if (r) return h("p", { class: "cs-review-line", "data-review": "line", text: line(r) });
    const button = h("button", { type: "button", class: "cs-btn", "data-action": "review-deal",
      onclick: () => t.send({ type: "review", go: "open" }) }, say("review-deal"));
    const [before, after = ""] = say("review-offer").split("{button}"); // the button where Python's words put it
    return h("p", { class: "cs-review-line" }, before, button, after);
  },
});
