// cardschool's one element builder, shared by every front end (the table's core, the
// exercise, the landing page, the class page). widgets/front_end.py joins this file in
// front of each module that uses it, its `export` word dropped, since a module loaded
// from a blob cannot reach its neighbours.
//
//   h("button", { class: "cs-btn", text: "Deal", onclick: go, disabled: false }, child, ...)
//
// attrs: `class` sets the class name, `text` the text content (never parsed as markup),
// `on<event>` adds a listener; any other key becomes an attribute (true: present and
// empty; null, undefined and false: left out). Children may be nodes, strings or arrays
// of them; null, undefined and false are skipped.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  // JupyterLab runs its notebook shortcuts ("b": a new cell, arrows: another cell) on keys
  // pressed in a focused element unless that element itself opts out: every control does
  if (tag === "button" || tag === "input") node.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

// A press on a button and its release on the button drawn in its place is a click on the
// new one. The front ends draw anew what changed: when Python's state arrives between the
// learner's press and release, the pressed button is replaced, and the browser, seeing the
// release on another node, makes no click at all (the learner's press is lost). When the
// button under the release is the same control (an equal node: same attributes, same text)
// and can be pressed, it is clicked; a control that changed (another card, now disabled) is
// not. A mouse only: a finger's tap is clicked where it is lifted, on the new button already.
// Returns what stops it.
export function keepPresses(root) {
  let pressed = null;
  const press = (event) => {
    const mouse = event.pointerType === "mouse" && event.button === 0;
    const button = mouse && event.target.closest ? event.target.closest("button") : null;
    pressed = button && root.contains(button) ? { node: button, copy: button.cloneNode(true) } : null;
  };
  const release = (event) => {
    const was = pressed;
    pressed = null;
    if (!was || was.node.isConnected || event.button !== 0) return; // not replaced: the browser clicks
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const now = under && under.closest ? under.closest("button") : null;
    if (now && root.contains(now) && !now.disabled && now.isEqualNode(was.copy)) now.click();
  };
  root.addEventListener("pointerdown", press, true);
  document.addEventListener("pointerup", release, true);
  return () => {
    root.removeEventListener("pointerdown", press, true);
    document.removeEventListener("pointerup", release, true);
  };
}
