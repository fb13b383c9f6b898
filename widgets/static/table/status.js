// The status line under the felt: the prompt, the last message (its rule's chip, the other
// sentences folded under "N more"), the replay's bar and Python's questions.
import { h } from "../dom.js";
import { ruleChip, say } from "./common.js";

/** The status line of one view, holding the `replay` bar and the `confirm` box. */
export function statusLine(replay, confirm) {
  const prompt = h("p", { class: "cs-prompt" });
  const message = h("div", { class: "cs-message", "aria-live": "polite", role: "status" });
  const node = h("div", { class: "cs-status" }, prompt, message, replay.node, confirm.node);

  let moreOpen = false; // the fold, as the learner left it
  const paint = (s) => {
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
        h("summary", { text: say("more", { count: more.length }) }),
        h("ul", {}, ...more.map((x) => h("li", {}, x.text, " ", ruleChip(x.rule)))));
      fold.addEventListener("toggle", () => { moreOpen = fold.open; });
      message.append(fold);
    }
    replay.paint(s);
  };
  return { node, region: { name: "status", key: (s) => [s.prompt, s.message, s.replay], paint } };
}
