// Draws any game's table as HTML beside its board: the phase, the viewer's buttons (choices that
// belong to nothing drawn: pass, done), each seat's panel (its counts, notes and the cards in front
// of it), the viewer's hand, the piles and the lists (a war table, prices), every card with its
// full text.
// A table is data (crates/engine/src/present/mod.rs); what is drawn carries the ids the game's actions
// name (a seat's panel `seat-N`, each card's id, each pile's id), so a legal action is a click here
// as it is on the board, and the page needs nothing of any game.

import { h, seatColour, seatId, seatName } from "./util.js";

/**
 * @typedef {{id: string, name: string, kind?: string, text: string}} Card
 * @typedef {{name: string, value: number, of?: number, detail?: boolean}} Count
 * @typedef {{seat: number, faction?: string, counts: Count[], cards?: Card[], hand?: Card[], acting?: boolean, notes?: string[]}} Panel
 * @typedef {{id: string, name: string, count: number, shown?: Card[], known_bottom?: string[]}} Pile
 * @typedef {{id: string, label: string, title: string, group?: string}} Button
 * @typedef {{id: string, name: string, items: string[]}} List
 * @typedef {{phase: string, panels: Panel[], piles?: Pile[], buttons?: Button[], lists?: List[]}} Table
 * @typedef {{clickable: Set<string>, picked: Set<string>, onClick: (id: string) => void}} Interaction
 */

/** A pile shows this many of its face-up cards before it folds the rest away. */
const PILE_OPEN = 4;

export class TableView {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.root = h("section", { class: "table-view", "aria-label": "the table" });
    container.append(this.root);
    /** Which piles the person unfolded or folded, by id, kept across redraws. @type {Map<string, boolean>} */
    this.unfolded = new Map();
  }

  clear() {
    this.root.replaceChildren();
  }

  /**
   * Draws `table` as `viewer` sees it (null: a spectator), replacing what was drawn.
   * @param {Table} table
   * @param {number | null} viewer
   * @param {Interaction} interaction
   */
  render(table, viewer, interaction) {
    const mine = table.panels.find((p) => p.seat === viewer);
    const parts = [h("p", { class: "phase" }, table.phase)];
    const buttons = table.buttons || [];
    if (buttons.length) {
      // Buttons of a group follow its caption, once.
      const drawn = buttons.flatMap((b, i) => {
        const caption = b.group && (i === 0 || buttons[i - 1].group !== b.group) ? [h("span", { class: "button-group" }, b.group)] : [];
        return [...caption, button(b, interaction)];
      });
      parts.push(h("div", { class: "buttons", role: "group", "aria-label": "your choices" }, ...drawn));
    }
    if (mine && mine.hand) {
      parts.push(
        h(
          "section",
          { class: "hand", "aria-label": "your hand" },
          h("h2", {}, `Your hand (${mine.hand.length})`),
          mine.hand.length ? cardRow(mine.hand, interaction) : h("p", { class: "empty" }, "No cards."),
        ),
      );
    }
    parts.push(h("div", { class: "panels" }, ...table.panels.map((p) => panel(p, viewer, interaction))));
    if (table.piles && table.piles.length) {
      parts.push(h("div", { class: "piles" }, ...table.piles.map((p) => this.pile(p, interaction))));
    }
    const lists = (table.lists || []).filter((l) => l.items.length);
    if (lists.length) {
      parts.push(h("div", { class: "lists" }, ...lists.map(list)));
    }
    this.root.replaceChildren(...parts);
  }

  /** @param {Pile} pile @param {Interaction} interaction */
  pile(pile, interaction) {
    const shown = pile.shown || [];
    const node = h("section", { class: "pile", "data-id": pile.id, "data-kind": "pile" }, h("h3", {}, `${pile.name} `, h("span", { class: "count" }, String(pile.count))));
    target(node, pile.id, `${pile.name}: ${pile.count}`, interaction);
    if (pile.known_bottom && pile.known_bottom.length) {
      node.append(h("p", { class: "known-bottom" }, `Known at the bottom, to be drawn in this order: ${pile.known_bottom.join(", ")}`));
    }
    if (shown.length) {
      // In the game's order (a discard pile's top last); a long pile folds, unless a card in it is
      // to be chosen.
      const cards = shown;
      const needed = cards.some((c) => interaction.clickable.has(c.id) || interaction.picked.has(c.id));
      const open = this.unfolded.get(pile.id) ?? (needed || cards.length <= PILE_OPEN);
      const fold = h("details", { open: open || needed }, h("summary", {}, open ? "Face up" : `Face up: ${cards.map((c) => c.name).join(", ")}`), cardRow(cards, interaction));
      fold.addEventListener("toggle", () => this.unfolded.set(pile.id, /** @type {HTMLDetailsElement} */ (fold).open));
      node.append(fold);
    }
    return node;
  }
}

/** @param {Panel} p @param {number | null} viewer @param {Interaction} interaction */
function panel(p, viewer, interaction) {
  const id = seatId(p.seat);
  const who = [seatName(p.seat), p.faction ? ` ${p.faction}` : "", p.seat === viewer ? " (you)" : ""].join("");
  const node = h(
    "section",
    { class: p.acting ? "seat-panel acting" : "seat-panel", "data-id": id, "data-kind": "seat", "data-seat": String(p.seat), style: `--seat:${seatColour(p.seat)}` },
    h(
      "h3",
      {},
      h("span", { class: "swatch", style: `background:${seatColour(p.seat)}`, "aria-hidden": "true" }, String(p.seat + 1)),
      h("span", { class: "who" }, who),
      p.acting ? h("span", { class: "acting-mark" }, "▶ to decide") : null,
    ),
    h(
      "dl",
      { class: "counts" },
      ...p.counts.map((c) =>
        h("div", c.detail ? { class: "detail" } : {}, h("dt", {}, c.name), h("dd", {}, c.of === undefined ? String(c.value) : `${c.value}/${c.of}`)),
      ),
    ),
  );
  if (p.notes && p.notes.length) node.append(h("ul", { class: "notes" }, ...p.notes.map((n) => h("li", {}, n))));
  if (p.cards && p.cards.length) node.append(cardRow(p.cards, interaction));
  target(node, id, `${who}: ${p.counts.map((c) => `${c.name} ${c.value}`).join(", ")}`, interaction);
  return node;
}

/** A list anyone may read: its name, then its lines. @param {List} l */
function list(l) {
  return h("section", { class: "list", "data-id": l.id }, h("h3", {}, l.name), h("ul", {}, ...l.items.map((item) => h("li", {}, item))));
}

/** A choice that belongs to nothing drawn: its word and what it does. @param {Button} b @param {Interaction} interaction */
function button(b, interaction) {
  const node = h("button", { type: "button", class: "table-button", "data-id": b.id, "data-kind": "button" }, h("strong", {}, b.label), h("small", {}, b.title));
  if (interaction.picked.has(b.id)) node.classList.add("picked");
  if (!interaction.clickable.has(b.id)) {
    /** @type {HTMLButtonElement} */ (node).disabled = true;
    return node;
  }
  node.classList.add("clickable");
  node.addEventListener("click", (ev) => {
    ev.stopPropagation();
    interaction.onClick(b.id);
  });
  return node;
}

/** @param {Card[]} cards @param {Interaction} interaction */
function cardRow(cards, interaction) {
  return h("div", { class: "cards" }, ...cards.map((c) => card(c, interaction)));
}

/** @param {Card} c @param {Interaction} interaction */
function card(c, interaction) {
  const node = h(
    "div",
    { class: "card", "data-id": c.id, "data-kind": "card" },
    c.kind ? h("div", { class: "card-kind" }, c.kind) : null,
    h("div", { class: "card-title" }, c.name),
    c.text ? h("div", { class: "card-text" }, c.text) : null,
  );
  target(node, c.id, [c.name, c.kind, c.text].filter(Boolean).join(" — "), interaction);
  return node;
}

/**
 * Makes `node` a click target when an action names `id` (and marks it when picked).
 * @param {HTMLElement} node @param {string} id @param {string} label @param {Interaction} interaction
 */
function target(node, id, label, interaction) {
  if (interaction.picked.has(id)) node.classList.add("picked");
  if (!interaction.clickable.has(id)) return;
  node.classList.add("clickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (ev) => {
    ev.stopPropagation();
    interaction.onClick(id);
  });
  node.addEventListener("keydown", (ev) => {
    if (ev.target === node && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      interaction.onClick(id);
    }
  });
}
