// Small helpers every page uses: building DOM and SVG, talking to the HTTP API, the seats'
// colours and letters, and what this browser remembers (its player and its links).

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An HTML element: `h("button", {class: "x", onclick: f}, "text", child)`.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(node, attrs);
  return node;
}

/** @param {Element} node @param {Record<string, any>} attrs */
function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

/** A seat's name as the games write it: seat 0 is "P1". @param {number} seat */
export const seatName = (seat) => `P${seat + 1}`;

/** The id of a seat's panel on the table, as actions name it (the engine's `present::seat_id`). @param {number} seat */
export const seatId = (seat) => `seat-${seat + 1}`;

/**
 * Each seat's colour (Okabe and Ito's palette, told apart by colour-blind players too); every
 * piece also carries its seat's number.
 */
const SEAT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

/** @param {number | undefined} seat */
export const seatColour = (seat) => (seat === undefined ? "#555" : SEAT_COLOURS[seat % SEAT_COLOURS.length]);

/**
 * The fills of the colours a scene names (soft, so pieces and text stand out on them).
 * @type {Record<string, string>}
 */
export const NAMED_FILLS = {
  red: "#f1b5ab",
  green: "#b9dfb0",
  yellow: "#f4e4a1",
  blue: "#a9cbe9",
  magenta: "#dfb6dc",
  cyan: "#aee0e0",
  white: "#f8f7f2",
  grey: "#d3d3d0",
};

/** The same colours, strong, for text. @type {Record<string, string>} */
export const NAMED_INKS = {
  red: "#a3271a",
  green: "#2c6e23",
  yellow: "#7d6400",
  blue: "#1d5592",
  magenta: "#7f2d7a",
  cyan: "#1f6f70",
  white: "#555",
  grey: "#444",
};

/** The same colours for pieces (strong, with the text colour that reads on each). @type {Record<string, [string, string]>} */
export const NAMED_PIECES = {
  red: ["#d1392b", "#fff"],
  green: ["#2f8f46", "#fff"],
  yellow: ["#f0c419", "#1f2328"],
  blue: ["#2c6db3", "#fff"],
  magenta: ["#a2479c", "#fff"],
  cyan: ["#25a3a8", "#fff"],
  white: ["#fafafa", "#1f2328"],
  grey: ["#8a8a86", "#fff"],
};

/** An error the server explained: its `kind` and sentence. */
export class ApiError extends Error {
  /** @param {string} message @param {string} kind @param {number} status */
  constructor(message, kind, status) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

/**
 * Calls the HTTP API; throws an ApiError with the server's sentence when it refuses.
 * @param {string} method
 * @param {string} path
 * @param {any} [body]
 * @param {string} [token] sent as `Authorization: Bearer`
 */
export async function api(method, path, body, token) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError("The server does not answer: check that `worlds serve` is running.", "unavailable", 0);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch (e) {
    json = null;
  }
  if (!response.ok) {
    const message = json && json.error ? json.error.message || json.error : text || response.statusText;
    throw new ApiError(String(message), (json && json.error && json.error.kind) || "error", response.status);
  }
  return json;
}

/** The list of games the server holds, fetched once. @type {Promise<any[]> | null} */
let gamesPromise = null;
export function games() {
  if (!gamesPromise) gamesPromise = api("GET", "/api/games").then((r) => r.games);
  return gamesPromise;
}

// What this browser remembers, in localStorage: its player (`worlds.player`: id, name, token) and
// the links of matches opened here (`worlds.links`: match id → {game, tokens, seats, invites}).

/** @returns {{player: string, name: string, token: string} | null} */
export function player() {
  return read("worlds.player");
}

/** @param {{player: string, name: string, token: string}} p */
export function savePlayer(p) {
  localStorage.setItem("worlds.player", JSON.stringify(p));
}

/** @returns {Record<string, any>} */
export function links() {
  return read("worlds.links") || {};
}

/** Remembers a match's links (merged with what is known). @param {string} id @param {any} info */
export function saveLinks(id, info) {
  const all = links();
  all[id] = { ...(all[id] || {}), ...info, saved_at: Date.now() };
  localStorage.setItem("worlds.links", JSON.stringify(all));
}

/** @param {string} key */
function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch (e) {
    return null;
  }
}

/**
 * A finished match's seats from first place to last (tied places by seat).
 * @param {{ranks: number[], scores: number[]}} outcome
 * @returns {{seat: number, rank: number, score: number}[]}
 */
export function ranking(outcome) {
  const order = outcome.ranks.map((rank, seat) => ({ seat, rank, score: outcome.scores[seat] }));
  return order.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
}

/** Milliseconds as m:ss (h:mm:ss past an hour). @param {number} ms */
export function clock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const ss = String(seconds).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** Whether the person asked for less motion. */
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
