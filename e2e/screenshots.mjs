// Makes docs/screenshots/: each game's board and table in the browser mid-match, the lobby, and World War 5
// on a phone-sized screen. Run from the repository (after `cargo build -p worlds`):
//   cd e2e && npm ci && npm run screenshots
// Each match has a fixed seed and the person's clicks come from a seeded generator, so the
// pictures change only when the client or a game's scene does.

import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startServer, launch, newPage, api, clickOnce, rng } from "./lib.mjs";

const out = fileURLToPath(new URL("../docs/screenshots/", import.meta.url));
mkdirSync(out, { recursive: true });

/** Each game: players (seat 0 is the person, the others bots), the seed, how many clicks. */
const GAMES = [
  { game: "tic-tac-toe", seats: ["human", "greedy"], seed: 3, clicks: 2 },
  { game: "connect-four", seats: ["human", "greedy"], seed: 3, clicks: 6 },
  { game: "world-war-5", seats: ["human", "greedy", "greedy"], seed: 11, clicks: 9 },
  { game: "woobieworld", seats: ["human", "greedy", "greedy"], seed: 5, clicks: 14 },
  { game: "world-of-dungeons", seats: ["human", "greedy", "greedy"], seed: 8, clicks: 16 },
  { game: "world-dumbination", seats: ["human", "greedy", "greedy"], seed: 4, clicks: 12 },
  { game: "bastards-inc", seats: ["human", "greedy", "greedy", "greedy"], seed: 6, clicks: 14 },
];

const server = await startServer();
const browser = await launch();
try {
  for (const { game, seats, seed, clicks } of GAMES) {
    const created = await api(server.url, "POST", "/api/matches", { game, players: seats.length, seats, seed });
    const page = await newPage(browser, { reducedMotion: "reduce" });
    await page.goto(created.invites[0].url);
    // The board, or the table of a game that is all cards.
    await page.waitForSelector(".board-column [data-id]");
    const random = rng(seed);
    for (let done = 0; done < clicks; ) {
      await page.waitForSelector(".turn.to-act, .overlay:not([hidden])", { timeout: 20000 });
      const did = await clickOnce(page, random);
      if (did === "choice" || (did && did.startsWith("click"))) done += 1;
      await page.waitForTimeout(150);
    }
    // Wait for the person's turn again, so the board shows what can be clicked.
    await page.waitForSelector(".turn.to-act", { timeout: 20000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}${game}.png` });
    console.log(`docs/screenshots/${game}.png`);
    if (game === "world-war-5") {
      const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, reducedMotion: "reduce" });
      await phone.goto(created.spectator.url);
      await phone.waitForSelector("svg.scene [data-id]");
      await phone.waitForTimeout(300);
      await phone.screenshot({ path: `${out}world-war-5-phone.png`, fullPage: true });
      console.log("docs/screenshots/world-war-5-phone.png");
      await phone.context().close();
    }
    if (page.problems.length) throw new Error(`${game}: ${page.problems.join("; ")}`);
    await page.context().close();
  }
  const lobby = await newPage(browser, { reducedMotion: "reduce" });
  await lobby.goto(server.url + "/");
  await lobby.waitForSelector("select[name=seat-0]");
  await lobby.selectOption("select[name=game]", "world-war-5");
  await lobby.selectOption("select[name=players]", "3");
  await lobby.selectOption("select[name=seat-1]", "friend");
  await lobby.screenshot({ path: `${out}lobby.png` });
  console.log("docs/screenshots/lobby.png");
} finally {
  await browser.close();
  await server.stop();
}
