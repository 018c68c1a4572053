// The match page (`/play/{id}#TOKEN`, or `#TOKEN1,TOKEN2` for several seats sharing this browser):
// the board drawn from the scene, the legal actions as clicks on it and as a keyboard list, whose
// turn it is and why, the log, seats and clocks, a hand-over screen between seats that hide
// cards from each other, and the result. A spectator link shows the same without the actions.

import { Connection } from "./connection.js";
import { SceneView } from "./scene.js";
import { TableView } from "./table.js";
import { Picker } from "./picker.js";
import { Log } from "./log.js";
import { h, api, games, seatName, seatId, seatColour, clock, player, saveLinks, links, ranking } from "./util.js";

/**
 * @param {HTMLElement} root
 * @param {string} matchId
 * @param {string[]} tokens
 */
export async function matchPage(root, matchId, tokens) {
  const page = new MatchPage(root, matchId, tokens);
  await page.start();
  return page;
}

class MatchPage {
  /** @param {HTMLElement} root @param {string} matchId @param {string[]} tokens */
  constructor(root, matchId, tokens) {
    this.matchId = matchId;
    this.tokens = tokens;
    /** @type {any[]} */
    this.gameList = [];
    /** One per link. @type {Seat[]} */
    this.seats = [];
    /** The link whose view is on screen. @type {Seat | null} */
    this.shown = null;
    /** The seat whose hand-over was confirmed (hot-seat). @type {number | null | undefined} */
    this.revealed = undefined;
    this.picker = new Picker();
    /** Requests sent and not yet answered: id → action text. @type {Map<number, string>} */
    this.pending = new Map();
    /** The step shown when an action was last sent: until a newer step or a refusal arrives, the
     * board and the table take no clicks (a second click would act on what the first changed).
     * @type {number | null} */
    this.sentAt = null;
    this.resultShownAt = -1;
    /** Which seat, step and actions the picker was set for. */
    this.pickerKey = "";
    this.clockTimer = 0;

    this.turn = h("p", { class: "turn", role: "status", "aria-live": "polite" }, "Connecting…");
    this.refusal = h("p", { class: "refusal", role: "alert", hidden: true });
    this.connection = h("p", { class: "connection", role: "status", hidden: true });
    this.board = h("div", { class: "board" });
    this.sceneView = new SceneView(this.board);
    this.flash = h("p", { class: "flash", "aria-hidden": "true" });
    this.choices = h("div", { class: "choices", hidden: true, role: "dialog", "aria-label": "choose an action" });
    this.board.append(this.choices);
    this.tableBox = h("div", { class: "table-box" });
    this.tableView = new TableView(this.tableBox);
    this.seatList = h("ul", { class: "seats", "aria-label": "players" });
    this.notation = h("input", {
      class: "notation",
      type: "text",
      placeholder: "type an action and press Enter",
      "aria-label": "type an action in notation",
      autocomplete: "off",
      spellcheck: "false",
    });
    this.actionList = h("ul", { class: "actions", "aria-label": "legal actions" });
    this.actionsBox = h(
      "section",
      { class: "panel actions-box" },
      h("h2", {}, "Your actions"),
      h("form", { class: "notation-form", onsubmit: (/** @type {Event} */ e) => this.typed(e) }, this.notation),
      this.actionList,
    );
    this.logBox = h("section", { class: "panel log-box" }, h("h2", {}, "Log"));
    this.invites = h("section", { class: "panel invites", hidden: true });
    this.overlay = h("div", { class: "overlay", hidden: true });
    this.title = h("h1", { class: "match-title" }, "Match");
    root.replaceChildren(
      h(
        "div",
        { class: "match" },
        h("div", { class: "board-column" }, this.title, this.turn, this.connection, this.refusal, this.flash, this.board, this.tableBox),
        h("aside", { class: "side" }, this.seatList, this.invites, this.actionsBox, this.logBox),
      ),
      this.overlay,
    );
    this.notation.addEventListener("input", () => this.renderActions());
    this.actionList.addEventListener("keydown", (e) => this.arrowKeys(e));
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.cancelPick();
    });
    this.board.addEventListener("click", () => this.cancelPick());
    this.choices.addEventListener("click", (e) => e.stopPropagation());
  }

  async start() {
    try {
      this.gameList = await games();
    } catch (e) {
      this.gameList = [];
    }
    const me = player();
    for (const token of this.tokens) {
      const seat = new Seat(this, token);
      this.seats.push(seat);
      if (me) {
        // Claims the seat for this browser's player, so it shows in their list of matches.
        api("POST", "/api/claim", { token }, me.token).catch(() => {});
      }
      seat.conn.open();
    }
    this.shown = this.seats[0] || null;
    if (this.shown) this.logBox.append(this.shown.log.list);
    this.clockTimer = window.setInterval(() => this.renderClocks(), 250);
  }

  /** The game's entry in `/api/games`. */
  game() {
    const id = this.shown && this.shown.conn.welcome ? this.shown.conn.welcome.game : "";
    return this.gameList.find((g) => g.id === id) || { id, name: id, hidden_information: false };
  }

  /** A message from one of the links. @param {Seat} seat @param {any} m */
  message(seat, m) {
    if (m.type === "welcome") {
      seat.seat = m.seat === undefined ? null : m.seat;
      const game = this.gameList.find((g) => g.id === m.game);
      const name = game ? game.name : m.game;
      document.title = `${name} — Worlds`;
      this.title.textContent = name;
      const known = links()[this.matchId] || {};
      const mine = new Set([...(known.tokens || []), seat.conn.token]);
      saveLinks(this.matchId, { game: m.game, tokens: [...mine] });
    } else if (m.type === "event") {
      seat.log.add(m.seq, m.text);
      if (seat === this.shown && !this.needsHandOver()) this.flashEvent(m.text);
    } else if (m.type === "state") {
      const before = this.shown;
      this.choose();
      // Redraw for news of the seat on screen, or when the screen passes to another seat (whose
      // state may have come first).
      if (seat === this.shown || this.shown !== before) this.render();
    } else if (m.type === "ack") {
      this.pending.delete(m.id);
      this.refusal.hidden = true;
    } else if (m.type === "error") {
      const action = m.id === undefined ? undefined : this.pending.get(m.id);
      if (m.id !== undefined) this.pending.delete(m.id);
      this.sentAt = null;
      const st = this.shown && this.shown.conn.state;
      if (st) this.renderScene(st);
      this.refuse(action ? `\`${action}\` was refused: ${m.message}` : m.message);
    }
  }

  /** Connection news from one of the links. @param {Seat} seat @param {string} status @param {string} [why] */
  status(seat, status, why) {
    // The log keeps the drops and returns, once each.
    if (status === "lost" && !seat.lost) {
      seat.lost = true;
      seat.log.note("The connection dropped: reconnecting…");
    } else if (status === "open" && seat.lost) {
      seat.lost = false;
      seat.log.note("Reconnected.");
    }
    if (seat !== this.shown) return;
    // An action sent before a drop may be lost with it: the board takes clicks again.
    this.sentAt = null;
    if (status === "lost") {
      this.connection.textContent = "Connection lost: reconnecting…";
      this.connection.hidden = false;
    } else if (status === "closed") {
      this.connection.textContent = `This link does not open a match here: ${why || "closed"}.`;
      this.connection.hidden = false;
      this.turn.textContent = "Not connected.";
    } else if (status === "open") {
      this.connection.hidden = true;
    }
  }

  /** Shows the link that is to act (several seats in one browser take turns on one screen). */
  choose() {
    const toAct = this.seats.find((s) => s.conn.state && s.seat !== null && s.conn.state.legal.length > 0);
    if (!toAct || toAct === this.shown) return;
    const previous = this.shown;
    this.shown = toAct;
    if (previous) previous.log.list.remove();
    this.logBox.append(toAct.log.list);
    this.picker.cancel();
    this.hideChoices();
  }

  /** Whether the screen must be handed over before the shown seat's view appears. */
  needsHandOver() {
    const humansHere = this.seats.filter((s) => s.seat !== null).length;
    return humansHere > 1 && this.game().hidden_information && this.shown !== null && this.revealed !== this.shown.seat;
  }

  render() {
    const seat = this.shown;
    const st = seat && seat.conn.state;
    if (!seat || !st || seat.seat === undefined) return;
    if (this.needsHandOver()) {
      this.handOver(seat);
      return;
    }
    // The picker works on the legal actions on screen: other actions (a new step, another seat
    // handed the screen) start the clicks over.
    const legal = st.status === "playing" ? st.legal : [];
    const key = `${seat.seat}|${st.step}|${legal.map((/** @type {any} */ a) => a.text).join("|")}`;
    if (key !== this.pickerKey) {
      this.pickerKey = key;
      this.picker.reset(legal);
      this.hideChoices();
    }
    this.renderTurn(seat, st);
    // For tests and tools: which step and status the board shows.
    this.board.dataset.step = String(st.step);
    this.board.dataset.status = st.status;
    this.board.dataset.seat = seat.seat === null ? "spectator" : String(seat.seat);
    this.renderScene(st);
    this.renderActions();
    this.renderSeats(st);
    this.renderInvites(st);
    if (st.status === "finished" && this.resultShownAt !== st.step) {
      this.resultShownAt = st.step;
      this.showResult(seat, st);
    }
  }

  /** @param {Seat} seat @param {any} st */
  renderTurn(seat, st) {
    const who = seat.seat === null ? "Watching" : `You are ${seatName(seat.seat ?? 0)}`;
    let line;
    if (st.status === "waiting") {
      const open = st.seats.filter((/** @type {any} */ x) => x.kind === "human" && !x.claimed).map((/** @type {any} */ x) => seatName(x.seat));
      line = `Waiting for ${open.join(", ") || "players"} to open their invite link.`;
    } else if (st.status === "finished") {
      line = `The match is over: ${st.decision}.`;
    } else if (st.legal.length) {
      line = `Your turn: ${st.decision}.`;
    } else {
      const names = st.turn.players.map((/** @type {number} */ p) => {
        const info = st.seats.find((/** @type {any} */ x) => x.seat === p);
        return info && info.kind === "bot" ? `${seatName(p)} (bot)` : seatName(p);
      });
      line = `Waiting for ${names.join(" and ") || "the game"}: ${st.decision}.`;
    }
    this.turn.replaceChildren(h("strong", {}, `${who}. `), line);
    const toAct = st.status === "playing" && st.legal.length > 0;
    this.turn.classList.toggle("to-act", toAct);
    // The tab's title says so too, for a player looking at another tab.
    document.title = `${toAct ? "(Your turn) " : ""}${this.game().name} — Worlds`;
  }

  /** The board and the table beside it, with the legal actions' targets clickable. @param {any} st */
  renderScene(st) {
    const clickable = st.status === "playing" && !this.waiting(st) ? this.picker.clickable() : new Set();
    const interaction = { clickable, picked: new Set(this.picker.picked), onClick: (/** @type {string} */ id) => this.clicked(id) };
    if (st.scene) this.sceneView.render(st.scene, interaction, `${this.game().name}: ${st.decision}`);
    else this.sceneView.svg.replaceChildren();
    // A game with no board (its table is everything) draws no empty box.
    this.board.classList.toggle("no-scene", !st.scene);
    if (st.table) this.tableView.render(st.table, this.shown ? (this.shown.seat ?? null) : null, interaction);
    else this.tableView.clear();
  }

  /** Whether an action sent from the step on screen is still on its way. @param {any} st */
  waiting(st) {
    return this.sentAt !== null && this.sentAt === st.step;
  }

  /** A click on the board's or the table's element `id`. @param {string} id */
  clicked(id) {
    const st = this.shown && this.shown.conn.state;
    if (!st || this.waiting(st)) return;
    const name = targetName(st, id);
    if (st.status !== "playing" || st.legal.length === 0) {
      if (st.status === "finished") this.refuse("The match is over.");
      else if (st.status === "waiting") this.refuse("The match has not started: it waits for every invited player.");
      else this.refuse(`Not your turn: ${st.decision}.`);
      return;
    }
    const before = this.picker.picked.length;
    const outcome = this.picker.click(id);
    if (outcome.kind === "act") {
      this.hideChoices();
      this.send(outcome.action.text);
    } else if (outcome.kind === "choose") {
      this.showChoices(outcome.actions);
    } else if (outcome.kind === "miss") {
      const picked = this.picker.picked.join(" then ");
      this.refuse(
        before
          ? `${name}: not possible after ${picked}. Click a highlighted place, or press Esc to start over.`
          : `${name}: nothing you can do there now. Click a highlighted place, or choose from the list of actions.`,
      );
      return;
    } else {
      this.hideChoices();
    }
    this.refusal.hidden = true;
    this.renderScene(st);
  }

  cancelPick() {
    if (!this.picker.picked.length && this.choices.hidden) return;
    this.picker.cancel();
    this.hideChoices();
    const st = this.shown && this.shown.conn.state;
    if (st) this.renderScene(st);
  }

  /** @param {any[]} actions */
  showChoices(actions) {
    const buttons = actions.map((a) =>
      h("button", { type: "button", class: "choice", "data-action": a.text, onclick: () => this.send(a.text) }, a.text, a.hint ? h("small", {}, ` ${a.hint}`) : null),
    );
    const cancel = h("button", { type: "button", class: "cancel", onclick: () => this.cancelPick() }, "Cancel (Esc)");
    this.choices.replaceChildren(h("p", {}, "Choose:"), ...buttons, cancel);
    this.choices.hidden = false;
    buttons[0]?.focus();
  }

  hideChoices() {
    this.choices.hidden = true;
    this.choices.replaceChildren();
  }

  /** Sends an action of the shown seat. @param {string} text */
  send(text) {
    const seat = this.shown;
    if (!seat) return;
    this.hideChoices();
    this.picker.cancel();
    const id = seat.conn.act(text);
    if (id === null) {
      this.refuse("Not connected: the action was not sent. It can be sent again once the connection is back.");
      return;
    }
    this.pending.set(id, text);
    this.refusal.hidden = true;
    const st = seat.conn.state;
    if (st) {
      this.sentAt = st.step;
      this.renderScene(st);
    }
  }

  /** @param {string} message */
  refuse(message) {
    this.refusal.textContent = message;
    this.refusal.hidden = false;
  }

  /** The notation box: sends what was typed as it is (the server says what is wrong with it). @param {Event} e */
  typed(e) {
    e.preventDefault();
    const text = /** @type {HTMLInputElement} */ (this.notation).value.trim();
    if (!text) return;
    /** @type {HTMLInputElement} */ (this.notation).value = "";
    this.send(text);
    this.renderActions();
  }

  renderActions() {
    const st = this.shown && this.shown.conn.state;
    const spectator = !this.shown || this.shown.seat === null;
    this.actionsBox.hidden = spectator;
    if (!st || spectator) return;
    const filter = /** @type {HTMLInputElement} */ (this.notation).value.trim().toLowerCase();
    const legal = st.status === "playing" ? st.legal : [];
    const shown = legal.filter((/** @type {any} */ a) => !filter || a.text.toLowerCase().includes(filter));
    const items = shown.slice(0, 200).map((/** @type {any} */ a) =>
      h(
        "li",
        {},
        h("button", { type: "button", class: "action", "data-action": a.text, onclick: () => this.send(a.text) }, h("code", {}, a.text), a.hint ? h("span", { class: "hint" }, a.hint) : null),
      ),
    );
    if (shown.length > 200) items.push(h("li", { class: "more" }, `and ${shown.length - 200} more: type to narrow the list`));
    if (!legal.length) items.push(h("li", { class: "none" }, st.status === "playing" ? "Nothing to decide now." : "No actions."));
    else if (!shown.length) items.push(h("li", { class: "none" }, "No action matches: press Enter to send it anyway."));
    this.actionList.replaceChildren(...items);
  }

  /** Up and down arrows move through the list of actions. @param {KeyboardEvent} e */
  arrowKeys(e) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const buttons = [...this.actionList.querySelectorAll("button")];
    const at = buttons.indexOf(/** @type {any} */ (document.activeElement));
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + (e.key === "ArrowDown" ? 1 : -1)))];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  /** @param {any} st */
  renderSeats(st) {
    this.clocks = { at: performance.now(), list: st.clocks || [] };
    const items = st.seats.map((/** @type {any} */ x) => {
      const mine = this.seats.some((s) => s.seat === x.seat);
      const kind = x.kind === "bot" ? `bot ${x.bot}` : mine ? "you" : x.claimed ? "human" : "invited";
      const toAct = st.turn.players.includes(x.seat) && st.status === "playing";
      const rank = st.outcome ? ` · place ${st.outcome.ranks[x.seat]}` : "";
      return h(
        "li",
        { class: toAct ? "seat to-act" : "seat", "data-seat": x.seat },
        h("span", { class: "swatch", style: `background:${seatColour(x.seat)}` }, String(x.seat + 1)),
        h("span", { class: "who" }, `${seatName(x.seat)} `, h("small", {}, kind + rank)),
        x.kind === "human" && !x.connected && x.claimed ? h("small", { class: "away" }, " away") : null,
        h("span", { class: "clock", "data-clock": x.seat }),
      );
    });
    this.seatList.replaceChildren(...items);
    this.renderClocks();
  }

  renderClocks() {
    if (!this.clocks) return;
    const elapsed = performance.now() - this.clocks.at;
    for (const c of this.clocks.list) {
      const node = this.seatList.querySelector(`[data-clock="${c.seat}"]`);
      if (!node) continue;
      const left = c.running ? c.remaining_ms - elapsed : c.remaining_ms;
      node.textContent = clock(left);
      node.classList.toggle("running", c.running);
      node.classList.toggle("low", left < 30000);
    }
  }

  /** While seats are free, the links this browser knows (from creating the match). @param {any} st */
  renderInvites(st) {
    const known = links()[this.matchId];
    const invites = (known && known.invites) || [];
    if (st.status !== "waiting" || !invites.length) {
      this.invites.hidden = true;
      return;
    }
    this.invites.hidden = false;
    this.invites.replaceChildren(h("h2", {}, "Invite links"), ...invites.map((/** @type {any} */ i) => inviteLine(i)));
  }

  /** The latest event in a line over the board, with a rolling die for a roll. @param {string} text */
  flashEvent(text) {
    const die = /\brol(?:l|ls|led)\b[^0-9]*([1-6])\b/i.exec(text);
    const item = h("span", { class: die ? "flash-item die" : "flash-item" }, die ? h("span", { class: "die-face" }, "⚀⚁⚂⚃⚄⚅"[Number(die[1]) - 1]) : null, text);
    this.flash.replaceChildren(item);
  }

  /** @param {Seat} seat */
  handOver(seat) {
    const name = seatName(/** @type {number} */ (seat.seat));
    this.board.classList.add("hidden-for-hand-over");
    this.overlay.replaceChildren(
      h(
        "div",
        { class: "dialog" },
        h("h2", {}, `Pass the screen to ${name}`),
        h("p", {}, `${name}'s cards stay hidden until ${name} is at the screen.`),
        h(
          "button",
          {
            type: "button",
            class: "primary",
            onclick: () => {
              this.revealed = seat.seat;
              this.overlay.hidden = true;
              this.board.classList.remove("hidden-for-hand-over");
              this.logBox.hidden = false;
              this.render();
            },
          },
          `I am ${name}: show my view`,
        ),
      ),
    );
    this.logBox.hidden = true;
    this.flash.replaceChildren();
    this.sceneView.svg.replaceChildren();
    this.tableView.clear();
    this.actionList.replaceChildren();
    this.overlay.hidden = false;
    this.overlay.querySelector("button")?.focus();
  }

  /** @param {Seat} seat @param {any} st */
  showResult(seat, st) {
    const rows = [];
    if (st.outcome) {
      for (const o of ranking(st.outcome)) {
        const me = this.seats.some((s) => s.seat === o.seat);
        rows.push(
          h(
            "tr",
            { class: me ? "me" : "" },
            h("td", {}, String(o.rank)),
            h("td", {}, h("span", { class: "swatch", style: `background:${seatColour(o.seat)}` }, String(o.seat + 1)), ` ${seatName(o.seat)}${me ? " (you)" : ""}`),
            h("td", {}, String(o.score)),
          ),
        );
      }
    }
    const forfeit = st.result && st.result.forfeit !== undefined ? h("p", {}, `${seatName(st.result.forfeit)} forfeited (${st.result.reason}).`) : null;
    let headline = "The match is over";
    if (st.outcome && seat.seat !== null && seat.seat !== undefined) {
      const rank = st.outcome.ranks[seat.seat];
      const firsts = st.outcome.ranks.filter((/** @type {number} */ r) => r === 1).length;
      headline = rank === 1 ? (firsts > 1 ? "A shared win" : "You win!") : `You finished in place ${rank}`;
    }
    this.overlay.replaceChildren(
      h(
        "div",
        { class: "dialog result", role: "dialog", "aria-label": "result" },
        h("h2", {}, headline),
        h("p", {}, st.decision),
        forfeit,
        rows.length ? h("table", { class: "ranking" }, h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Player"), h("th", {}, "Score"))), h("tbody", {}, ...rows)) : null,
        h(
          "p",
          { class: "links" },
          h("a", { href: `/replay/${this.matchId}#${seat.conn.token}`, class: "replay-link" }, "Watch the replay"),
          " · ",
          h("a", { href: "/" }, "New match"),
          " · ",
          h("button", { type: "button", onclick: () => (this.overlay.hidden = true) }, "See the board"),
        ),
      ),
    );
    this.overlay.hidden = false;
  }
}

/** One link of this page and what it received. */
class Seat {
  /** @param {MatchPage} page @param {string} token */
  constructor(page, token) {
    /** The seat (null: a spectator; undefined until welcomed). @type {number | null | undefined} */
    this.seat = undefined;
    this.log = new Log(document.createElement("div"));
    /** Whether the connection dropped and is not back yet. */
    this.lost = false;
    this.conn = new Connection(token, {
      message: (m) => page.message(this, m),
      status: (st, why) => page.status(this, st, why),
    });
  }
}

/** An invite link with a copy button. @param {{seat?: number, url: string}} invite */
export function inviteLine(invite) {
  const who = invite.seat === undefined ? "Spectators" : seatName(invite.seat);
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "text", readonly: true, value: invite.url, "aria-label": `${who}'s link` }));
  const button = h("button", { type: "button", class: "copy" }, "Copy");
  button.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(invite.url);
      button.textContent = "Copied";
    } catch (e) {
      document.execCommand("copy");
      button.textContent = "Copied";
    }
    setTimeout(() => (button.textContent = "Copy"), 1500);
  });
  return h("div", { class: "invite" }, h("label", {}, who), input, button);
}

/**
 * What a person calls the target `id` of the board or the table: a scene element's label, a
 * card's or a pile's name, a seat's name.
 * @param {any} st @param {string} id
 */
function targetName(st, id) {
  const element = st.scene ? st.scene.elements.find((/** @type {any} */ e) => e.id === id) : null;
  if (element) return element.label || element.id;
  const table = st.table;
  if (!table) return id;
  for (const p of table.panels) {
    if (seatId(p.seat) === id) return seatName(p.seat);
    const card = [...(p.cards || []), ...(p.hand || [])].find((c) => c.id === id);
    if (card) return card.name;
  }
  for (const pile of table.piles || []) {
    if (pile.id === id) return pile.name;
    const card = (pile.shown || []).find((/** @type {any} */ c) => c.id === id);
    if (card) return card.name;
  }
  return id;
}
