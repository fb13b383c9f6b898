// A question Python asks before it acts (a new deal in mid-match): its answer is an intent.
// The safe answer has the focus; Escape gives it too.
import { h } from "../dom.js";

/** The question box of one view, and its region. */
export function confirmBox(view) {
  const { send, uid } = view;
  const node = h("div", { class: "cs-confirm", role: "alertdialog", "aria-modal": "false", hidden: true });
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    send({ type: "confirm", answer: false });
  });

  const paint = (s) => {
    const c = s.confirm;
    node.replaceChildren();
    node.hidden = !c;
    if (!c) return;
    const question = h("p", { class: "cs-confirm-question", id: `${uid}-question`, text: c.question });
    const no = h("button", { type: "button", class: "cs-btn", "data-action": "confirm-no",
      onclick: () => send({ type: "confirm", answer: false }) }, c.no);
    node.setAttribute("aria-labelledby", question.id);
    node.append(question, h("div", { class: "cs-confirm-buttons" },
      h("button", { type: "button", class: "cs-btn cs-legal", "data-action": "confirm-yes",
        onclick: () => send({ type: "confirm", answer: true }) }, c.yes), no));
    no.focus(); // the safe answer first: Enter keeps the match, Shift+Tab reaches the other
  };
  return { node, region: { name: "confirm", key: (s) => [s.confirm], paint } };
}
