// The browser client end to end, in Debian's Chromium against a real `worlds serve`: people
// playing through invite links, a whole World War 5 match against bots with the mouse, a
// Woobieworld spectator who never sees a hand card, a reload in the middle of a match, refused
// clicks, the replay, and a phone-sized screen.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { startServer, launch, newPage, api, boardInfo, waitForStep, clickElement, clickOnce, rng } from "./lib.mjs";

let server;
let browser;

/** Woobieworld's card names that only one card has (from its content). */
const UNIQUE_CARD_NAMES = (() => {
  const text = readFileSync(new URL("../crates/games/woobieworld/content/cards.toml", import.meta.url), "utf8");
  const counts = new Map();
  for (const m of text.matchAll(/^name = "(.+)"$/gm)) counts.set(m[1], (counts.get(m[1]) || 0) + 1);
  return new Set([...counts].filter(([, n]) => n === 1).map(([name]) => name));
})();

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Creates a match in the lobby of `page`: game, then each seat's choice (you/friend/easy/medium/hard). */
async function createInLobby(page, game, seats) {
  await page.goto(server.url + "/");
  await page.waitForSelector("select[name=seat-0]");
  await page.selectOption("select[name=game]", game);
  await page.selectOption("select[name=players]", String(seats.length));
  for (const [i, choice] of seats.entries()) await page.selectOption(`select[name=seat-${i}]`, choice);
  await page.click("form.new-match button[type=submit]");
}

function noProblems(...pages) {
  for (const p of pages) assert.deepEqual(p.problems, [], "the page logged errors");
}

test("two people play tic-tac-toe to a win through invite links, then step through the replay", async () => {
  const alice = await newPage(browser);
  await createInLobby(alice, "tic-tac-toe", ["you", "friend"]);
  const link = await alice.inputValue(".created .invite input[aria-label=\"P2's link\"]");
  assert.match(link, /\/play\/[a-z0-9]+#[0-9a-f]{32}$/);
  await alice.click("a.open-match");
  await alice.waitForSelector(".turn:has-text('Waiting for P2 to open their invite link')");

  const bob = await newPage(browser);
  await bob.goto(link);
  await alice.waitForSelector(".turn.to-act:has-text('Your turn')");
  await bob.waitForSelector(".turn:has-text('You are P2. Waiting for P1')");

  // X on the top row's first two cells and then the third; O below.
  const moves = [[alice, "a1"], [bob, "a2"], [alice, "b1"], [bob, "b2"], [alice, "c1"]];
  for (const [step, [who, cell]] of moves.entries()) {
    await waitForStep(who, step);
    await who.waitForSelector(`svg.scene [data-id="${cell}"].clickable`);
    await clickElement(who, cell);
    await waitForStep(who, step + 1);
  }
  await alice.waitForSelector(".overlay:not([hidden]) .result h2:has-text('You win!')");
  await bob.waitForSelector(".overlay:not([hidden]) .result h2:has-text('You finished in place 2')");
  const ranking = await alice.$$eval(".result .ranking tbody tr", (rows) => rows.map((r) => r.innerText.replace(/\s+/g, " ").trim()));
  assert.deepEqual(ranking, ["1 1 P1 (you) 1", "2 2 P2 0"]);
  // The winning line is marked on both boards.
  for (const page of [alice, bob]) {
    const marked = await page.$$eval("svg.scene .el.region.marked", (l) => l.map((g) => g.getAttribute("data-id")));
    assert.deepEqual(marked, ["a1", "b1", "c1"]);
  }

  await alice.click(".result a.replay-link");
  await alice.waitForSelector(".turn:has-text('Step 0 of 5')");
  assert.equal(await alice.locator("svg.scene [data-id^='mark-']").count(), 0);
  await alice.click("button.step-forward");
  await alice.waitForSelector(".turn:has-text('Step 1 of 5: P1 played a1')");
  assert.equal(await alice.locator("svg.scene [data-id='mark-a1']").count(), 1);
  await alice.keyboard.press("End");
  await alice.waitForSelector(".turn:has-text('Step 5 of 5: P1 played c1. Final: 1. P1 (1), 2. P2 (0).')");
  await alice.click("button.step-back");
  await alice.waitForSelector(".turn:has-text('Step 4 of 5: P2 played b2')");
  assert.equal(await alice.locator("svg.scene [data-id='mark-c1']").count(), 0);
  noProblems(alice, bob);
  await alice.context().close();
  await bob.context().close();
});

test("a refused click says why, and so does the server for a refused action", async () => {
  const page = await newPage(browser);
  await createInLobby(page, "tic-tac-toe", ["you", "easy"]);
  await page.waitForSelector(".turn.to-act");
  assert.equal(await page.title(), "(Your turn) Tic-tac-toe — Worlds");
  await clickElement(page, "b2");
  await waitForStep(page, 1);
  await page.waitForSelector(".turn.to-act");
  // b2 is taken: the click is refused, with the reason.
  await clickElement(page, "b2");
  const refusal = page.locator(".refusal:not([hidden])");
  await refusal.waitFor();
  assert.equal(
    await refusal.innerText(),
    "b2: nothing you can do there now. Click a highlighted place, or choose from the list of actions.",
  );
  // An action typed in notation goes to the server, which refuses it with its own reason.
  await page.fill("input.notation", "b2");
  await page.press("input.notation", "Enter");
  await page.waitForFunction(() => !document.querySelector(".refusal").textContent.startsWith("b2: nothing"));
  assert.equal(await refusal.innerText(), "`b2` was refused: b2 is already marked [TTT-CELL]");
  // The board did not change.
  assert.equal((await boardInfo(page)).step, 2);
  noProblems(page);
  await page.context().close();
});

test("a second click before the server answers the first sends nothing", async () => {
  const created = await api(server.url, "POST", "/api/matches", { game: "tic-tac-toe", players: 2, seats: ["human", "human"] });
  const page = await newPage(browser);
  // Both seats in this browser, so the match starts at once.
  await page.goto(`${server.url}/play/${created.match}#${created.invites.map((i) => i.token).join(",")}`);
  await page.waitForSelector('svg.scene [data-id="b2"].clickable');
  // Two clicks in one go, as a double click or an impatient tap: the answer to the first cannot
  // arrive between them.
  await page.evaluate(() => {
    const b2 = document.querySelector('svg.scene [data-id="b2"]');
    for (let i = 0; i < 2; i++) b2.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  await waitForStep(page, 1);
  await page.waitForTimeout(300);
  assert.equal(await page.locator(".refusal:not([hidden])").count(), 0, await page.locator(".refusal").innerText());
  assert.deepEqual(await page.$$eval(".log li", (l) => l.map((li) => li.textContent)), ["P1 marks b2"]);
  noProblems(page);
  await page.context().close();
});

test("one person plays World War 5 against two bots to the end by clicking the board", async () => {
  const page = await newPage(browser);
  await createInLobby(page, "world-war-5", ["you", "medium", "medium"]);
  await page.waitForSelector("svg.scene [data-id]");
  const random = rng(5);
  let clicks = 0;
  const deadline = Date.now() + 240000;
  while (!(await page.locator(".overlay:not([hidden]) .result").count())) {
    assert.ok(Date.now() < deadline, `the match did not end in 4 minutes (${clicks} clicks)`);
    const did = await clickOnce(page, random);
    if (did) {
      clicks += 1;
      if (did.startsWith("click") || did === "choice") await page.waitForTimeout(20);
    } else {
      await page.waitForTimeout(50);
    }
  }
  const info = await boardInfo(page);
  assert.equal(info.status, "finished");
  assert.ok(clicks >= 3, `${clicks} clicks`);
  const rows = await page.locator(".result .ranking tbody tr").count();
  assert.equal(rows, 3);
  console.log(`World War 5: ${clicks} clicks, ${info.step} steps; ${await page.locator(".result").innerText()}`);
  noProblems(page);
  await page.context().close();
});

test("a reload in the middle of a match restores the board, the log and the turn", async () => {
  // A seeded match (the bot's moves are the same every run), and moves that win nothing.
  const created = await api(server.url, "POST", "/api/matches", { game: "connect-four", seats: ["human", "random"], seed: 1 });
  const page = await newPage(browser);
  await page.goto(created.invites[0].url);
  for (const column of [0, 2, 4, 6]) {
    await page.waitForSelector(".turn.to-act");
    const step = (await boardInfo(page)).step;
    await clickElement(page, `column-${column}`);
    await waitForStep(page, step + 2);
  }
  await page.waitForSelector(".turn.to-act");
  const snapshot = () =>
    page.evaluate(() => ({
      step: document.querySelector(".board").dataset.step,
      pieces: [...document.querySelectorAll("svg.scene [data-kind=piece]")].map((g) => `${g.getAttribute("data-id")}:${g.querySelector("circle").getAttribute("fill")}`).sort(),
      log: [...document.querySelectorAll(".log li")].map((li) => li.textContent),
      turn: document.querySelector(".turn").textContent,
      actions: [...document.querySelectorAll("button.action")].map((b) => b.dataset.action),
    }));
  const before = await snapshot();
  assert.equal(before.pieces.length, 8);
  await page.reload();
  await page.waitForSelector(".turn.to-act");
  await page.waitForFunction((n) => document.querySelectorAll(".log li").length >= n, before.log.length);
  assert.deepEqual(await snapshot(), before);
  noProblems(page);
  await page.context().close();
});

test("after the server goes away and comes back, the page reconnects by itself and play goes on", async () => {
  const page = await newPage(browser);
  await createInLobby(page, "tic-tac-toe", ["you", "friend"]);
  const link = await page.inputValue(".created .invite input[aria-label=\"P2's link\"]");
  await page.click("a.open-match");
  const friend = await newPage(browser);
  await friend.goto(link);
  await page.waitForSelector(".turn.to-act");
  await clickElement(page, "b2");
  await waitForStep(friend, 1);
  await server.restart();
  // Both pages noticed the drop, and are back without a reload.
  for (const p of [page, friend]) await p.waitForSelector(".log li.note:has-text('Reconnected.')", { timeout: 20000 });
  await friend.waitForSelector(".turn.to-act", { timeout: 20000 });
  await friend.waitForSelector(".connection", { state: "hidden", timeout: 20000 });
  await clickElement(friend, "a1");
  await waitForStep(page, 2, 20000);
  await page.waitForSelector(".turn.to-act");
  assert.deepEqual(
    await page.$$eval("svg.scene [data-kind=piece]", (l) => l.map((g) => g.getAttribute("data-id")).sort()),
    ["mark-a1", "mark-b2"],
  );
  // The log has each event once, and the drop.
  assert.deepEqual(await page.$$eval(".log li", (l) => l.map((li) => li.textContent)), [
    "P1 marks b2",
    "The connection dropped: reconnecting…",
    "Reconnected.",
    "P2 marks a1",
  ]);
  // (Page errors are expected here: the connections refused while the server was away.)
  await page.context().close();
  await friend.context().close();
});

test("a Woobieworld spectator never has a hand card's name in the page, while three players share one browser", async () => {
  // Three human seats in one browser (hot-seat: the screen is handed over between them), and a
  // spectator in another.
  const created = await api(server.url, "POST", "/api/matches", { game: "woobieworld", players: 3, seats: ["human", "human", "human"] });
  const players = await newPage(browser);
  await players.goto(`${server.url}/play/${created.match}#${created.invites.map((i) => i.token).join(",")}`);
  const watcher = await newPage(browser);
  await watcher.goto(created.spectator.url);
  await watcher.waitForSelector(".turn:has-text('Watching')");
  const random = rng(3);
  let checked = 0;
  let handOvers = 0;
  const deadline = Date.now() + 180000;
  for (let actions = 0; actions < 60; ) {
    assert.ok(Date.now() < deadline, `60 actions took more than 3 minutes (${actions} done)`);
    const did = await clickOnce(players, random);
    if (did === "hand-over") {
      handOvers += 1;
      continue;
    }
    if (did === null) {
      if ((await boardInfo(players))?.status === "finished") break;
      await players.waitForTimeout(50);
      continue;
    }
    if (did === "choice" || did.startsWith("click")) actions += 1;
    assert.equal(await players.locator(".refusal:not([hidden])").count(), 0, "a click was refused");
    // The shown player's hand and the spectator's page at the same step (only these clicks move
    // the match, so both pages settle on it).
    let names = { hand: [], step: -1 };
    let html = "";
    for (let tries = 0; ; tries++) {
      assert.ok(tries < 200, "the players' page and the spectator's never showed the same step");
      // While the screen waits to be handed over, no hand is shown: nothing to compare.
      if (await players.locator(".overlay:not([hidden]) .dialog button.primary").count()) break;
      names = await players.evaluate(() => {
        const board = document.querySelector(".board");
        const hand = [...document.querySelectorAll(".table-view .hand .card-title")].map((t) => t.textContent);
        return { hand, step: Number(board.dataset.step) };
      });
      await waitForStep(watcher, names.step);
      html = await watcher.content();
      const [seen, now] = [(await boardInfo(watcher)).step, (await boardInfo(players)).step];
      if (seen === names.step && now === names.step && html.includes(`data-step="${names.step}"`)) break;
      names = { hand: [], step: -1 };
      await players.waitForTimeout(50);
    }
    // A card whose name no other card has cannot be face up anywhere while it is in a hand.
    names.hand = names.hand.filter((n) => UNIQUE_CARD_NAMES.has(n));
    for (const name of names.hand) {
      const at = html.indexOf(name);
      assert.ok(at < 0, `the spectator's page shows \`${name}\` at step ${names.step}: …${html.slice(Math.max(0, at - 300), at + 100)}…`);
    }
    checked += names.hand.length;
  }
  assert.ok(handOvers >= 2, `${handOvers} hand-overs`);
  assert.ok(checked >= 20, `only ${checked} hand card names were checked`);
  noProblems(players, watcher);
  await players.context().close();
  await watcher.context().close();
});

test("World of Dungeons is played by clicks on its table (cards, seats, buttons), none refused", async () => {
  const created = await api(server.url, "POST", "/api/matches", { game: "world-of-dungeons", players: 3, seats: ["human", "greedy", "greedy"], seed: 12 });
  const page = await newPage(browser);
  await page.goto(created.invites[0].url);
  await page.waitForSelector(".table-view [data-id]");
  // All of it is cards: no board, and no empty box where one would be.
  assert.equal(await page.locator("svg.scene [data-id]").count(), 0);
  assert.equal(await page.locator(".board.no-scene").count(), 1);
  const random = rng(12);
  const kinds = new Set();
  const deadline = Date.now() + 180000;
  for (let actions = 0; actions < 80; ) {
    assert.ok(Date.now() < deadline, `80 clicks took more than 3 minutes (${actions} done)`);
    if ((await boardInfo(page)).status === "finished") break;
    const did = await clickOnce(page, random);
    if (!did) {
      await page.waitForTimeout(50);
      continue;
    }
    actions += 1;
    if (did.startsWith("click ")) kinds.add(did.split(" ")[1]);
    await page.waitForTimeout(30);
    // The server refused nothing it listed as legal. (A click on a place that stopped being
    // clickable just before, as the bots moved, gets the page's own "nothing you can do there"
    // instead: a person sees that too.)
    const refusal = page.locator(".refusal:not([hidden])");
    if (await refusal.count()) assert.doesNotMatch(await refusal.innerText(), /was refused/);
  }
  assert.ok(kinds.has("card") && kinds.has("button"), `clicked kinds: ${[...kinds]}`);
  noProblems(page);
  await page.context().close();
});

test("Bastards Inc. is played by clicks on its board (regions, VPs, cards, buttons), none refused", async () => {
  const created = await api(server.url, "POST", "/api/matches", { game: "bastards-inc", players: 3, seats: ["human", "greedy", "greedy"], seed: 21 });
  const page = await newPage(browser);
  await page.goto(created.invites[0].url);
  await page.waitForSelector("svg.scene [data-id]");
  const random = rng(21);
  const kinds = new Set();
  const deadline = Date.now() + 180000;
  for (let actions = 0; actions < 80; ) {
    assert.ok(Date.now() < deadline, `80 clicks took more than 3 minutes (${actions} done)`);
    if ((await boardInfo(page)).status === "finished") break;
    const did = await clickOnce(page, random);
    if (!did) {
      await page.waitForTimeout(50);
      continue;
    }
    actions += 1;
    if (did.startsWith("click ")) kinds.add(did.split(" ")[1]);
    await page.waitForTimeout(30);
    const refusal = page.locator(".refusal:not([hidden])");
    if (await refusal.count()) assert.doesNotMatch(await refusal.innerText(), /was refused/);
  }
  assert.ok(kinds.has("button") && (kinds.has("region") || kinds.has("piece")), `clicked kinds: ${[...kinds]}`);
  noProblems(page);
  await page.context().close();
});

test("with a clock chosen in the lobby, the seat to act sees its time run down", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/");
  await page.waitForSelector("select[name=seat-0]");
  await page.selectOption("select[name=game]", "connect-four");
  await page.selectOption("select[name=seat-1]", "easy");
  await page.selectOption("select[name=clock]", "blitz");
  await page.click("form.new-match button[type=submit]");
  await page.waitForSelector(".turn.to-act");
  const mine = page.locator('.seat[data-seat="0"] .clock');
  await page.waitForFunction(() => /^[23]:\d\d$/.test(document.querySelector('.seat[data-seat="0"] .clock')?.textContent ?? ""));
  assert.equal(await page.locator('.seat[data-seat="0"] .clock.running').count(), 1);
  const first = await mine.innerText();
  await page.waitForFunction((was) => document.querySelector('.seat[data-seat="0"] .clock').textContent !== was, first, { timeout: 5000 });
  // The bot's clock stands while it waits.
  assert.equal(await page.locator('.seat[data-seat="1"] .clock').innerText(), "3:00");
  noProblems(page);
  await page.context().close();
});

test("a link without a token, or with a token that opens nothing, says what to do", async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/play/abc123`);
  await page.waitForSelector("h1:has-text('This link has no token')");
  await page.goto(`${server.url}/play/abc123#${"0".repeat(32)}`);
  const message = page.locator(".connection:not([hidden])");
  await message.waitFor();
  assert.equal(await message.innerText(), "This link does not open a match here: this link opens no match.");
  assert.equal(await page.locator(".turn").innerText(), "Not connected.");
  await page.context().close();
});

test("the lobby and a board fit a phone's screen", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await createInLobby(page, "world-war-5", ["you", "easy"]);
  await page.waitForSelector("svg.scene [data-id]");
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    board: document.querySelector("svg.scene").getBoundingClientRect().width,
  }));
  assert.ok(widths.page <= 390, `the page is ${widths.page} px wide`);
  assert.ok(widths.board >= 340, `the board is ${widths.board} px wide`);
  noProblems(page);
  await page.context().close();
});

test("the table beside the board shows a panel a seat, the player's own hand and the piles, readable on a desktop and a phone", async () => {
  const created = await api(server.url, "POST", "/api/matches", { game: "world-dumbination", players: 3, seats: ["human", "greedy", "greedy"], seed: 4 });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await newPage(browser, { viewport, reducedMotion: "reduce" });
    await page.goto(created.invites[0].url);
    await page.waitForSelector(".table-view .seat-panel");
    const seen = await page.evaluate(() => {
      const panels = [...document.querySelectorAll(".table-view .seat-panel")];
      // Every text of the table as rendered: its element's font size.
      const sizes = [];
      const walker = document.createTreeWalker(document.querySelector(".table-view"), NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.textContent.trim()) sizes.push(parseFloat(getComputedStyle(n.parentElement).fontSize));
      }
      return {
        ids: panels.map((p) => p.dataset.id),
        you: panels.map((p) => p.querySelector(".who").textContent),
        hand: [...document.querySelectorAll(".table-view .hand .card")].map((c) => c.querySelector(".card-kind")?.textContent ?? ""),
        piles: [...document.querySelectorAll(".table-view .pile h3")].map((h) => h.textContent),
        smallest: Math.min(...sizes),
        wide: document.documentElement.scrollWidth,
      };
    });
    assert.deepEqual(seen.ids, ["seat-1", "seat-2", "seat-3"]);
    assert.deepEqual(seen.you, ["P1 North Korea (you)", "P2 Russia", "P3 USA"]);
    // At set-up, the two First Goals on offer (a click on one keeps it), then the five cards dealt.
    assert.equal(seen.hand.length, 7, `the hand: ${seen.hand}`);
    assert.deepEqual(seen.hand.slice(0, 2), ["First Goal on offer (North Korea), cost 6, 3 VP", "First Goal on offer (North Korea), cost 4, 3 VP"]);
    assert.deepEqual(seen.piles, ["Level 1 deck 40", "Level 2 deck 70"]);
    assert.ok(seen.smallest >= 12, `a text of the table is ${seen.smallest} px at ${viewport.width} px wide`);
    assert.ok(seen.wide <= viewport.width, `the page is ${seen.wide} px wide at ${viewport.width}`);
    noProblems(page);
    await page.context().close();
  }
  // A spectator sees the panels and no hand.
  const watcher = await newPage(browser);
  await watcher.goto(created.spectator.url);
  await watcher.waitForSelector(".table-view .seat-panel");
  assert.equal(await watcher.locator(".table-view .hand").count(), 0);
  assert.equal(await watcher.locator(".table-view .who:has-text('(you)')").count(), 0);
  noProblems(watcher);
  await watcher.context().close();
});
