// Choosing an action by clicking the board. Each legal action names the scene elements it
// belongs to, in click order (a piece, then where it goes). Clicks narrow the actions down: an
// action is taken when its last element is clicked and no other action is still possible; when a
// click leaves a choice (grow or build here?) or one action with more to click, the page shows
// the actions left as a small menu.

/**
 * @typedef {{text: string, index: number, hint?: string, elements?: string[]}} Legal
 * @typedef {{kind: "act", action: Legal} | {kind: "choose", actions: Legal[]} | {kind: "more"} | {kind: "miss"}} Outcome
 */

export class Picker {
  constructor() {
    /** @type {Legal[]} */
    this.legal = [];
    /** The elements clicked so far. @type {string[]} */
    this.picked = [];
  }

  /** New legal actions: what was picked is forgotten. @param {Legal[]} legal */
  reset(legal) {
    this.legal = legal;
    this.picked = [];
  }

  /** The actions the clicks so far still allow. */
  candidates() {
    return this.legal.filter((a) => {
      const elements = a.elements || [];
      return elements.length >= this.picked.length && this.picked.every((id, i) => elements[i] === id);
    });
  }

  /** The elements a click may go to next. */
  clickable() {
    const next = new Set();
    for (const a of this.candidates()) {
      const id = (a.elements || [])[this.picked.length];
      if (id !== undefined) next.add(id);
    }
    return next;
  }

  /**
   * A click on element `id`.
   * @param {string} id
   * @returns {Outcome}
   */
  click(id) {
    const back = this.picked.indexOf(id);
    if (back >= 0) {
      // A second click on a picked element takes it (and what followed) back.
      this.picked = this.picked.slice(0, back);
      return { kind: "more" };
    }
    if (!this.clickable().has(id)) return { kind: "miss" };
    this.picked.push(id);
    const left = this.candidates();
    const complete = left.filter((a) => (a.elements || []).length === this.picked.length);
    if (left.length === 1 && complete.length === 1) {
      this.picked = [];
      return { kind: "act", action: left[0] };
    }
    if (left.length === 1 || complete.length > 0) return { kind: "choose", actions: left };
    return { kind: "more" };
  }

  cancel() {
    this.picked = [];
  }
}
