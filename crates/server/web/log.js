// The match's log: one line per event the viewer may see, from the events' own text, newest at
// the bottom; the list scrolls to the newest unless the reader scrolled up.

import { h } from "./util.js";

export class Log {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.list = h("ol", { class: "log", "aria-live": "polite", "aria-label": "what happened" });
    container.append(this.list);
    /** The sequence numbers shown. @type {Set<number>} */
    this.seen = new Set();
  }

  /** Adds an event once (a reconnect may send it again). @param {number} seq @param {string} text */
  add(seq, text) {
    if (this.seen.has(seq)) return;
    this.seen.add(seq);
    const list = this.list;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
    list.append(h("li", { "data-seq": seq }, text));
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  /** Adds a line that is not an event (the match started, the connection dropped). @param {string} text */
  note(text) {
    this.list.append(h("li", { class: "note" }, text));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
