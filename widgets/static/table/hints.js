// The hint panel of the side column: a count line, the moves folded under it (opened, it
// stays open), each with its reason and rule's chip, grouped as Python groups them, a
// group's long tail behind "N more"; a hint hovered marks its cards in the hand. With no
// move to make, what to do instead.
import { h } from "../dom.js";
import { ruleChip, say } from "./common.js";

/** The hint panel of one view (`draw(s)` makes it anew); `mark(cards, on)` marks cards of the hand. */
export function hintPanel(mark) {
  let open = false;
  const draw = (s) => {
    const count = s.hints.length;
    const box = h("section", { class: "cs-hints", "aria-label": say("hints") });
    if (!count) {
      const next = s.result && s.result.next;
      box.append(h("h3", { text: say("hints") }), h("p", { class: "cs-hints-none", text: next
        ? say("hints-none-next", { next })
        : say("hints-none") }));
      return box;
    }
    const fold = h("details", { class: "cs-hints-fold", open },
      h("summary", {}, h("h3", { text: s.hints_title })));
    fold.addEventListener("toggle", () => { open = fold.open; });
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
        folded.previousSibling.textContent = say("more", { count: folded.children.length });
      } else list.append(item);
    }
    box.append(fold);
    return box;
  };
  return { draw };
}
