// The replay page (`/replay/{id}#TOKEN`): a finished match step by step, as the link's seat (or a
// spectator) saw it: forward, back, first, last, a slider, autoplay, and the arrow keys.

import { SceneView } from "./scene.js";
import { TableView } from "./table.js";
import { h, api, games, seatName, ranking } from "./util.js";

/**
 * @param {HTMLElement} root
 * @param {string} matchId
 * @param {string} token
 */
export async function replayPage(root, matchId, token) {
  const title = h("h1", {}, "Replay");
  const where = h("p", { class: "turn", role: "status", "aria-live": "polite" }, "Loading…");
  const refusal = h("p", { class: "refusal", role: "alert", hidden: true });
  const board = h("div", { class: "board" });
  const view = new SceneView(board);
  const tableBox = h("div", { class: "table-box" });
  const tableView = new TableView(tableBox);
  const events = h("ol", { class: "log", "aria-label": "what this step caused" });
  const slider = /** @type {HTMLInputElement} */ (h("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": "step" }));
  const button = (/** @type {string} */ label, /** @type {string} */ name, /** @type {() => void} */ go) =>
    h("button", { type: "button", class: `step-${name}`, "aria-label": name, onclick: go }, label);
  const play = h("button", { type: "button", class: "step-play", "aria-label": "play" }, "▶ Play");
  const controls = h(
    "div",
    { class: "replay-controls" },
    button("⏮", "first", () => show(0)),
    button("◀", "back", () => show(step - 1)),
    button("▶", "forward", () => show(step + 1)),
    button("⏭", "last", () => show(last)),
    play,
    slider,
  );
  root.replaceChildren(
    h(
      "div",
      { class: "match replay" },
      h("div", { class: "board-column" }, title, where, refusal, board, controls, tableBox),
      h("aside", { class: "side" }, h("section", { class: "panel log-box" }, h("h2", {}, "This step"), events), h("p", {}, h("a", { href: "/" }, "Back to the lobby"))),
    ),
  );

  /** Frames fetched, by step. @type {Map<number, any>} */
  const frames = new Map();
  let step = 0;
  let last = 0;
  let timer = 0;
  const names = new Map((await games().catch(() => [])).map((g) => /** @type {[string, string]} */ ([g.id, g.name])));

  /** @param {number} n */
  async function frame(n) {
    if (!frames.has(n)) frames.set(n, await api("GET", `/api/matches/${matchId}/replay/${n}`, undefined, token));
    return frames.get(n);
  }

  /** @param {number} n */
  async function show(n) {
    n = Math.max(0, Math.min(last, n));
    let f;
    try {
      f = await frame(n);
    } catch (e) {
      refusal.textContent = `The replay cannot be shown: ${e instanceof Error ? e.message : e}`;
      refusal.hidden = false;
      stop();
      return;
    }
    refusal.hidden = true;
    step = n;
    last = f.steps;
    slider.max = String(last);
    slider.value = String(step);
    const name = names.get(f.game) || f.game;
    title.textContent = `${name}: replay`;
    document.title = `${name} replay — Worlds`;
    const what = f.action === null || f.action === undefined ? "the start" : `${seatName(f.player)} played ${f.action}`;
    where.replaceChildren(h("strong", {}, `Step ${step} of ${last}: `), `${what}. `, step === last && f.result && f.result.outcome ? finalLine(f.result.outcome) : f.decision);
    events.replaceChildren(...f.events.map((/** @type {any} */ e) => h("li", { "data-seq": e.seq }, e.text)));
    if (!f.events.length) events.append(h("li", { class: "note" }, step === 0 ? "The match is set up." : "Nothing visible to this link happened."));
    const still = { clickable: new Set(), picked: new Set(), onClick: () => {} };
    if (f.scene) view.render(f.scene, still, `${name}, step ${step}`);
    // A game with no board (its table is everything) draws no empty box.
    board.classList.toggle("no-scene", !f.scene);
    // The link's own seat is the one whose hand the table shows (none for a spectator's link).
    const mine = f.table ? f.table.panels.find((/** @type {any} */ p) => p.hand) : undefined;
    if (f.table) tableView.render(f.table, mine ? mine.seat : null, still);
    else tableView.clear();
    if (step + 1 <= last) frame(step + 1).catch(() => {});
  }

  function stop() {
    window.clearInterval(timer);
    timer = 0;
    play.textContent = "▶ Play";
  }

  play.addEventListener("click", () => {
    if (timer) return stop();
    play.textContent = "⏸ Pause";
    timer = window.setInterval(() => (step >= last ? stop() : show(step + 1)), 700);
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    const go = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last }[e.key];
    if (go !== undefined && e.target !== slider) {
      e.preventDefault();
      show(go);
    }
  });
  await show(0);
}

/** The ranking in one line: "P1 wins (score 1); P2 2nd (0)". @param {any} outcome */
function finalLine(outcome) {
  return `Final: ${ranking(outcome).map((o) => `${o.rank}. ${seatName(o.seat)} (${o.score})`).join(", ")}.`;
}
