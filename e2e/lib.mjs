// What the browser tests share: a real `worlds serve` on a free port with a throwaway SQLite
// file, Debian's Chromium driven by playwright-core, and helpers that act as a person would:
// clicking the highlighted places of the board.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));

/** The `worlds` binary: $WORLDS_BIN, else the workspace's debug build. */
export const WORLDS = process.env.WORLDS_BIN || join(here, "..", "target", "debug", "worlds");

/**
 * Starts `worlds serve` on a free port with a new SQLite file; resolves to {url, stop, restart}.
 * `restart()` stops it and starts it again on the same address and database, as after a crash or
 * an upgrade.
 */
export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "worlds-e2e-"));
  const database = `sqlite://${join(dir, "worlds.db")}`;
  let child;
  let errors = "";
  const run = (listen) =>
    new Promise((resolve, reject) => {
      child = spawn(WORLDS, ["serve", "--listen", listen, "--database", database], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, RUST_LOG: "warn" },
      });
      let out = "";
      child.stderr.on("data", (d) => (errors += d));
      const timer = setTimeout(() => reject(new Error(`worlds serve did not start: ${out}${errors}`)), 30000);
      child.stdout.on("data", (d) => {
        out += d;
        const m = /open (http:\/\/\S+?)\/?\s/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on("exit", (code) => reject(new Error(`worlds serve exited (${code}): ${out}${errors}`)));
    });
  const stopChild = async () => {
    const c = child;
    if (c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGTERM");
    await exited;
  };
  const url = await run("127.0.0.1:0");
  return {
    url,
    errors: () => errors,
    async restart() {
      await stopChild();
      await run(url.replace("http://", ""));
    },
    async stop() {
      await stopChild();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, without a sandbox or any background networking. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page that fails the test on any script error or console error. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on("pageerror", (e) => page.problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") page.problems.push(`console: ${m.text()}`);
  });
  return page;
}

/** Calls the server's HTTP API. */
export async function api(url, method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** The step, status and seat the board shows now. */
export async function boardInfo(page) {
  return page.evaluate(() => {
    const b = document.querySelector(".board");
    return b ? { step: Number(b.dataset.step ?? -1), status: b.dataset.status ?? "", seat: b.dataset.seat ?? "" } : null;
  });
}

/** Waits until the board shows at least `step` (or status `status`). */
export async function waitForStep(page, step, timeout = 15000) {
  await page.waitForFunction((n) => Number(document.querySelector(".board")?.dataset.step ?? -1) >= n, step, { timeout });
}

/**
 * Clicks the element `id` of the board or of the table beside it with the mouse (scrolled into
 * view), at a point where that element (not another drawn over it or inside it) takes the click.
 */
export async function clickElement(page, id) {
  const point = await pointOf(page, id);
  await page.mouse.click(point.x, point.y);
}

/** A point of the element `id` (scrolled into view) where it, not another, takes a click. */
export async function pointOf(page, id) {
  const point = await page.evaluate((id) => {
    const g = document.querySelector(`.board-column [data-id="${CSS.escape(id)}"]`);
    if (!g) return null;
    g.scrollIntoView({ block: "center", inline: "center" });
    const box = g.getBoundingClientRect();
    for (let i = 1; i < 12; i++) {
      for (let j = 1; j < 12; j++) {
        const x = box.left + (box.width * ((i * 7) % 12)) / 12;
        const y = box.top + (box.height * ((j * 5) % 12)) / 12;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest("[data-id]") === g) return { x, y };
      }
    }
    return null;
  }, id);
  if (!point) throw new Error(`no point of \`${id}\` takes a click`);
  return point;
}

/** The clickable elements of the board and the table: their ids and kinds (`data-kind`). */
export function clickableElements(page) {
  return page.$$eval(".board-column .clickable[data-id]", (list) => list.map((g) => ({ id: g.getAttribute("data-id"), kind: g.getAttribute("data-kind") })));
}

/** A small seeded random number generator (so a failing run can be repeated). */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/**
 * Takes one action on `page` by clicking, if it is this page's turn: a hand-over screen is
 * confirmed, a menu of choices answered, else a highlighted element clicked. Returns what it did:
 * "hand-over", "choice", `click KIND ID` (the element's kind read before the click, as the click
 * may redraw it away), or null when there was nothing to do.
 */
export async function clickOnce(page, random) {
  const handOver = page.locator(".overlay:not([hidden]) .dialog button.primary");
  if (await handOver.count()) {
    await handOver.click();
    return "hand-over";
  }
  const choices = page.locator(".choices:not([hidden]) button.choice");
  const n = await choices.count();
  if (n) {
    await choices.nth(random(n)).click();
    return "choice";
  }
  const elements = await clickableElements(page);
  if (!elements.length) return null;
  const { id, kind } = elements[random(elements.length)];
  try {
    await clickElement(page, id);
  } catch (e) {
    return null; // redrawn meanwhile: look again
  }
  return `click ${kind} ${id}`;
}
