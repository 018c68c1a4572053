// The lobby (`/`): your name, a new match (game, players, variant, who sits where, clock), its
// invite links to copy, and the matches you have open.

import { h, api, games, player, savePlayer, links, saveLinks, seatName, ApiError } from "./util.js";
import { inviteLine } from "./match.js";

/**
 * Bot strengths and the agent each stands for (docs/agents.md), for a game with or without hidden
 * cards (information-set MCTS where cards are hidden).
 * @type {Record<string, (hidden: boolean) => string>}
 */
const BOTS = {
  easy: () => "random",
  medium: () => "greedy",
  hard: (hidden) => (hidden ? "ismcts:300" : "mcts:300"),
};

/** Clock choices: none, or a bank and an increment per action. */
const CLOCKS = [
  { id: "none", text: "No clock" },
  { id: "blitz", text: "3 min + 2 s", bank_ms: 180000, increment_ms: 2000 },
  { id: "rapid", text: "10 min + 5 s", bank_ms: 600000, increment_ms: 5000 },
  { id: "slow", text: "30 min + 10 s", bank_ms: 1800000, increment_ms: 10000 },
];

/** @param {HTMLElement} root */
export async function lobbyPage(root) {
  document.title = "Worlds";
  const message = h("p", { class: "refusal", role: "alert", hidden: true });
  const identity = h("section", { class: "panel identity" });
  const form = h("form", { class: "panel new-match", "aria-label": "new match" });
  const created = h("section", { class: "panel created", hidden: true, "aria-live": "polite" });
  const mine = h("section", { class: "panel my-matches" }, h("h2", {}, "Your matches"));
  root.replaceChildren(
    h(
      "div",
      { class: "lobby" },
      h("h1", {}, "Worlds"),
      h("p", { class: "intro" }, "Board games with every rule enforced. Start a match against friends or bots."),
      message,
      identity,
      form,
      created,
      mine,
    ),
  );
  /** @param {string} text */
  const fail = (text) => {
    message.textContent = text;
    message.hidden = false;
  };

  drawIdentity(identity, fail, () => drawMine(mine));
  let list = [];
  try {
    list = await games();
  } catch (e) {
    fail(e instanceof ApiError ? e.message : String(e));
    return;
  }
  drawForm(form, list, created, fail, () => drawMine(mine));
  drawMine(mine);
}

/**
 * @param {HTMLElement} box
 * @param {(m: string) => void} fail
 * @param {() => void} changed
 */
function drawIdentity(box, fail, changed) {
  const me = player();
  if (me) {
    const change = h("button", { type: "button", class: "link" }, "change");
    change.addEventListener("click", () => {
      localStorage.removeItem("worlds.player");
      drawIdentity(box, fail, changed);
    });
    box.replaceChildren(h("p", {}, "Playing as ", h("strong", { class: "player-name" }, me.name), " ", change));
    return;
  }
  const name = /** @type {HTMLInputElement} */ (h("input", { type: "text", name: "name", maxlength: 40, placeholder: "your name", "aria-label": "your name" }));
  const save = h("button", { type: "submit" }, "Save");
  const form = h("form", { class: "name-form" }, h("label", {}, "Your name (so your matches are listed here) "), name, save);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const p = await api("POST", "/api/players", { name: name.value });
      savePlayer({ player: p.player, name: p.name, token: p.token });
      drawIdentity(box, fail, changed);
      changed();
    } catch (err) {
      fail(`Your name: ${err instanceof Error ? err.message : err}`);
    }
  });
  box.replaceChildren(form);
}

/**
 * @param {HTMLElement} form
 * @param {any[]} list
 * @param {HTMLElement} created
 * @param {(m: string) => void} fail
 * @param {() => void} changed
 */
function drawForm(form, list, created, fail, changed) {
  const game = /** @type {HTMLSelectElement} */ (h("select", { name: "game", "aria-label": "game" }, ...list.map((g) => h("option", { value: g.id }, g.name))));
  const players = /** @type {HTMLSelectElement} */ (h("select", { name: "players", "aria-label": "players" }));
  const variant = /** @type {HTMLSelectElement} */ (h("select", { name: "variant", "aria-label": "variant" }));
  const clock = /** @type {HTMLSelectElement} */ (h("select", { name: "clock", "aria-label": "clock" }, ...CLOCKS.map((c) => h("option", { value: c.id }, c.text))));
  const summary = h("p", { class: "summary" });
  const seats = h("ol", { class: "seat-choices", "aria-label": "who sits where" });
  const create = h("button", { type: "submit", class: "primary" }, "Create the match");
  const current = () => list.find((g) => g.id === game.value) || list[0];

  const drawSeats = () => {
    const n = Number(players.value);
    const before = [...seats.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const choice = /** @type {HTMLSelectElement} */ (
        h(
          "select",
          { name: `seat-${i}`, "aria-label": `${seatName(i)} is` },
          h("option", { value: "you" }, "You (this browser)"),
          h("option", { value: "friend" }, "A friend (invite link)"),
          h("option", { value: "easy" }, "Bot: easy"),
          h("option", { value: "medium" }, "Bot: medium"),
          h("option", { value: "hard" }, "Bot: hard"),
        )
      );
      choice.value = before[i] || (i === 0 ? "you" : "medium");
      rows.push(h("li", {}, h("span", { class: "seat-name" }, seatName(i)), choice));
    }
    seats.replaceChildren(...rows);
  };
  const drawGame = () => {
    const g = current();
    const was = Number(players.value) || g.min_players;
    players.replaceChildren();
    for (let n = g.min_players; n <= g.max_players; n++) players.append(h("option", { value: n }, `${n} players`));
    players.value = String(Math.min(g.max_players, Math.max(g.min_players, was)));
    variant.replaceChildren(...g.variants.map((/** @type {any} */ v) => h("option", { value: v.id, title: v.description }, `${v.id}: ${v.description}`)));
    variant.parentElement?.toggleAttribute("hidden", g.variants.length === 0);
    summary.textContent = g.summary;
    drawSeats();
  };
  game.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);

  form.replaceChildren(
    h("h2", {}, "New match"),
    h("label", {}, "Game ", game),
    summary,
    h("div", { class: "row" }, h("label", {}, "Players ", players), h("label", {}, "Variant ", variant), h("label", {}, "Clock ", clock)),
    h("fieldset", {}, h("legend", {}, "Who sits where"), seats),
    create,
  );
  const preset = new URLSearchParams(location.search).get("game");
  if (preset && list.some((g) => g.id === preset)) game.value = preset;
  drawGame();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = current();
    const choices = [...seats.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const spec = choices.map((c) => (c === "you" || c === "friend" ? "human" : BOTS[c](g.hidden_information)));
    const picked = CLOCKS.find((c) => c.id === clock.value);
    /** @type {any} */
    const body = { game: g.id, players: choices.length, seats: spec };
    if (g.variants.length) body.variant = variant.value;
    if (picked && picked.bank_ms) body.settings = { clock: { bank_ms: picked.bank_ms, increment_ms: picked.increment_ms }, takeover: "greedy" };
    create.setAttribute("disabled", "");
    try {
      const me = player();
      const answer = await api("POST", "/api/matches", body, me ? me.token : undefined);
      const own = answer.invites.filter((/** @type {any} */ i) => choices[i.seat] === "you");
      const friends = answer.invites.filter((/** @type {any} */ i) => choices[i.seat] === "friend");
      saveLinks(answer.match, { game: g.id, tokens: own.map((/** @type {any} */ i) => i.token), invites: [...friends, answer.spectator] });
      const play = own.length ? `/play/${answer.match}#${own.map((/** @type {any} */ i) => i.token).join(",")}` : answer.spectator.url;
      if (!friends.length) {
        location.assign(play);
        return;
      }
      created.replaceChildren(
        h("h2", {}, `${g.name}: match created`),
        h("p", {}, "Send each friend their link (a link is a seat: keep it secret)."),
        ...friends.map(inviteLine),
        inviteLine(answer.spectator),
        h("p", {}, h("a", { href: play, class: "primary button-link open-match" }, own.length ? "Go to the match" : "Watch the match")),
      );
      created.hidden = false;
      changed();
    } catch (err) {
      fail(`The match was not created: ${err instanceof Error ? err.message : err}`);
    } finally {
      create.removeAttribute("disabled");
    }
  });
}

/** The matches this browser knows, with the server's list when a name was saved. @param {HTMLElement} box */
async function drawMine(box) {
  const known = links();
  const me = player();
  /** @type {Map<string, any>} */
  const rows = new Map();
  for (const [id, info] of Object.entries(known)) rows.set(id, { match: id, game: info.game, status: "", saved_at: info.saved_at || 0 });
  if (me) {
    try {
      const list = await api("GET", "/api/players/me/matches", undefined, me.token);
      for (const m of [...list.open, ...list.finished]) rows.set(m.match, { ...rows.get(m.match), ...m, saved_at: m.updated_at_ms });
    } catch (e) {
      // The list from this browser alone still shows.
    }
  }
  const sorted = [...rows.values()].sort((a, b) => (b.saved_at || 0) - (a.saved_at || 0)).slice(0, 30);
  const gameNames = new Map((await games().catch(() => [])).map((g) => /** @type {[string, string]} */ ([g.id, g.name])));
  const items = sorted.map((m) => {
    const tokens = (known[m.match] && known[m.match].tokens) || [];
    const spectator = ((known[m.match] && known[m.match].invites) || []).find((/** @type {any} */ i) => i.seat === undefined);
    const open = tokens.length ? `/play/${m.match}#${tokens.join(",")}` : spectator ? spectator.url : null;
    const replay = m.status === "finished" && tokens.length ? `/replay/${m.match}#${tokens[0]}` : null;
    return h(
      "li",
      {},
      h("strong", {}, gameNames.get(m.game) || m.game || "a match"),
      ` ${m.match}`,
      m.status ? h("span", { class: `status ${m.status}` }, ` ${m.status}`) : null,
      m.seat !== undefined && m.seat !== null ? ` as ${seatName(m.seat)}` : "",
      " ",
      open ? h("a", { href: open }, m.status === "finished" ? "board" : "open") : h("small", {}, "(its link is not in this browser)"),
      replay ? h("span", {}, " · ", h("a", { href: replay }, "replay")) : null,
    );
  });
  box.replaceChildren(h("h2", {}, "Your matches"), items.length ? h("ul", { class: "match-list" }, ...items) : h("p", {}, "None yet."));
}
