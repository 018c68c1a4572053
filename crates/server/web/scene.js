// Draws any game's scene as SVG. A scene is data (crates/engine/src/scene.rs): regions with their
// outlines, pieces, texts, links, buttons, cards, piles and tracks, each with a stable id (the
// panels, hands and other piles are the table's, table.js).
// Elements that a legal action names are drawn clickable; a piece or card whose id moved since the
// last drawing slides from where it was (no slide when the person asked for less motion).

import { s, seatColour, NAMED_FILLS, NAMED_INKS, NAMED_PIECES, reducedMotion } from "./util.js";

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{id: string, kind: string, label?: string, title?: string, owner?: number, colour?: string, marked?: boolean, [k: string]: any}} Element
 * @typedef {{width: number, height: number, elements: Element[]}} Scene
 * @typedef {{clickable: Set<string>, picked: Set<string>, onClick: (id: string) => void}} Interaction
 */

export class SceneView {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.svg = /** @type {SVGSVGElement} */ (s("svg", { class: "scene", role: "img" }));
    container.append(this.svg);
    /** Where each piece and card was last drawn, by id. @type {Map<string, Point>} */
    this.positions = new Map();
  }

  /**
   * Draws `scene`, replacing what was drawn.
   * @param {Scene} scene
   * @param {Interaction} interaction
   * @param {string} [caption] what the picture shows, for screen readers
   */
  render(scene, interaction, caption) {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${scene.width} ${scene.height}`);
    svg.setAttribute("aria-label", caption || "the board");
    svg.append(defs());
    const radii = pieceRadii(scene);
    /** Where pieces stand and how big they are, so region names keep clear of them. */
    const pieces = scene.elements.filter((e) => e.kind === "piece").map((e) => ({ at: /** @type {Point} */ (e.at), r: radii.get(e.id) || 10 }));
    const moved = [];
    const positions = new Map();
    for (const e of scene.elements) {
      const g = /** @type {SVGGElement} */ (s("g", { "data-id": e.id, "data-kind": e.kind, class: `el ${e.kind}` }));
      drawElement(g, e, radii.get(e.id) || 10, pieces);
      const title = e.title || e.label;
      if (title) {
        const t = s("title");
        t.textContent = title;
        g.prepend(t);
      }
      if (e.marked) g.classList.add("marked");
      if (e.kind === "pile") g.dataset.cards = e.cards.join(" ");
      if (interaction.picked.has(e.id)) g.classList.add("picked");
      if (interaction.clickable.has(e.id)) {
        g.classList.add("clickable");
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", title || e.id);
        g.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") {
            ev.preventDefault();
            interaction.onClick(e.id);
          }
        });
      } else if (["piece", "text", "link"].includes(e.kind)) {
        // Clicks go through to the region beneath.
        g.classList.add("inert");
      }
      g.addEventListener("click", (ev) => {
        ev.stopPropagation();
        interaction.onClick(e.id);
      });
      svg.append(g);
      if (e.kind === "text" && interaction.clickable.has(e.id)) {
        // A text to click gets a box: something to aim at, and to highlight.
        const box = /** @type {SVGGraphicsElement} */ (g.querySelector("text")).getBBox();
        g.insertBefore(s("rect", { x: box.x - 6, y: box.y - 3, width: box.width + 12, height: box.height + 6, rx: 5, class: "button-shape" }), g.querySelector("text"));
      }
      const at = e.kind === "piece" || e.kind === "card" ? e.at : null;
      if (at) {
        positions.set(e.id, at);
        const was = this.positions.get(e.id);
        if (was && (was.x !== at.x || was.y !== at.y)) moved.push({ g, dx: was.x - at.x, dy: was.y - at.y });
      }
    }
    this.positions = positions;
    if (moved.length && !reducedMotion()) slide(moved);
  }
}

/**
 * Slides moved elements from where they were (a transition: input is never blocked).
 * @param {{g: SVGGElement, dx: number, dy: number}[]} moved
 */
function slide(moved) {
  for (const { g, dx, dy } of moved) {
    g.style.transform = `translate(${dx}px, ${dy}px)`;
  }
  // Let the browser take the starting position, then transition to the new one.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      for (const { g } of moved) {
        g.classList.add("sliding");
        g.style.transform = "";
      }
    }),
  );
}

function defs() {
  const d = s("defs");
  const back = s("pattern", { id: "card-back", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  back.append(s("rect", { width: 8, height: 8, fill: "#34495e" }), s("rect", { width: 4, height: 8, fill: "#3f5a73" }));
  d.append(back);
  return d;
}

/**
 * @param {SVGGElement} g @param {Element} e @param {number} r the piece radius
 * @param {{at: Point, r: number}[]} pieces
 */
function drawElement(g, e, r, pieces) {
  switch (e.kind) {
    case "region":
      return drawRegion(g, e, pieces);
    case "piece":
      return drawPiece(g, e, r);
    case "text":
      return g.append(text(e.at.x, e.at.y, e.label || "", { size: e.size, fill: ink(e), anchor: "middle", bold: e.marked }));
    case "link":
      return g.append(s("line", { x1: e.from.x, y1: e.from.y, x2: e.to.x, y2: e.to.y, class: "link-line" }));
    case "button":
      return drawButton(g, e);
    case "card":
      return drawCard(g, e);
    case "pile":
      return drawCaption(g, e);
    case "track":
      return drawTrack(g, e);
    default:
      return undefined;
  }
}

/** The colour of an element's text: its owner's, its own, or ink. @param {Element} e */
function ink(e) {
  if (e.owner !== undefined) return seatColour(e.owner);
  if (e.colour) return NAMED_INKS[e.colour] || "#222";
  return "#222";
}

/**
 * @param {number} x @param {number} y @param {string} content
 * @param {{size?: number, fill?: string, anchor?: string, bold?: boolean, italic?: boolean, cls?: string}} [o]
 */
function text(x, y, content, o = {}) {
  const t = s("text", {
    x,
    y,
    "font-size": o.size || 14,
    fill: o.fill || "#222",
    "text-anchor": o.anchor || "start",
    "dominant-baseline": "middle",
    "font-weight": o.bold ? "bold" : null,
    "font-style": o.italic ? "italic" : null,
    class: o.cls || "label",
  });
  t.textContent = content;
  return t;
}

/** The corners of a pointy-top hexagon. @param {number} cx @param {number} cy @param {number} r @returns {Point[]} */
function hexPoints(cx, cy, r) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    out.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return out;
}

/** @param {Point[]} points */
const pointsAttr = (points) => points.map((p) => `${p.x},${p.y}`).join(" ");

/** The centroid of a polygon (its area's centre). @param {Point[]} points @returns {Point} */
function centroid(points) {
  let [a, cx, cy] = [0, 0, 0];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const q = points[(i + 1) % points.length];
    const cross = p.x * q.y - q.x * p.y;
    a += cross;
    cx += (p.x + q.x) * cross;
    cy += (p.y + q.y) * cross;
  }
  if (Math.abs(a) < 1e-9) {
    const n = points.length || 1;
    return { x: points.reduce((/** @type {number} */ t, p) => t + p.x, 0) / n, y: points.reduce((/** @type {number} */ t, p) => t + p.y, 0) / n };
  }
  return { x: cx / (3 * a), y: cy / (3 * a) };
}

/** @param {SVGGElement} g @param {Element} e @param {{at: Point, r: number}[]} pieces */
function drawRegion(g, e, pieces) {
  const shape = e.shape;
  const fill = e.colour ? NAMED_FILLS[e.colour] || "#eee" : e.owner !== undefined ? tint(seatColour(e.owner)) : "#f4f1ea";
  const attrs = { class: "region-shape", fill, stroke: e.owner !== undefined ? seatColour(e.owner) : null };
  let labelAt;
  if (shape.shape === "rect") {
    g.append(s("rect", { ...attrs, x: shape.x, y: shape.y, width: shape.w, height: shape.h }));
    labelAt = { x: shape.x + 5, y: shape.y + 11, anchor: "start", size: 11 };
  } else if (shape.shape === "circle") {
    g.append(s("circle", { ...attrs, cx: shape.cx, cy: shape.cy, r: shape.r }));
    labelAt = { x: shape.cx, y: shape.cy + shape.r * 0.62, anchor: "middle", size: Math.max(9, Math.min(14, shape.r / 3)) };
  } else if (shape.shape === "hex") {
    g.append(s("polygon", { ...attrs, points: pointsAttr(hexPoints(shape.cx, shape.cy, shape.r)) }));
    labelAt = { x: shape.cx, y: shape.cy + shape.r * 0.55, anchor: "middle", size: Math.max(8, Math.min(13, shape.r / 3)) };
  } else if (shape.shape === "polygon") {
    g.append(s("polygon", { ...attrs, points: pointsAttr(shape.points) }));
    const c = centroid(shape.points);
    labelAt = { x: c.x, y: c.y + 22, anchor: "middle", size: 11 };
    // A piece standing on the name pushes it down, under the piece.
    const half = ((e.label || "").length * 11 * 0.55) / 2;
    for (const p of pieces) {
      const dx = Math.max(0, Math.abs(p.at.x - labelAt.x) - half);
      const dy = Math.max(0, Math.abs(p.at.y - labelAt.y) - 7);
      if (Math.hypot(dx, dy) < p.r && insidePolygon(shape.points, p.at)) labelAt.y = Math.max(labelAt.y, p.at.y + p.r + 9);
    }
  }
  if (e.label && labelAt) {
    g.append(text(labelAt.x, labelAt.y, e.label, { size: labelAt.size, anchor: labelAt.anchor, cls: "label region-label" }));
  }
}

/** A seat's colour, pale (for an owned region). @param {string} hex */
function tint(hex) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (/** @type {number} */ c) => Math.round(c + (255 - c) * 0.75);
  return `rgb(${mix(n >> 16)}, ${mix((n >> 8) & 255)}, ${mix(n & 255)})`;
}

/** @param {SVGGElement} g @param {Element} e @param {number} r */
function drawPiece(g, e, r) {
  const { x, y } = e.at;
  // A piece of its own colour (a supporter of a colour), else its owner's.
  const [colour, onColour] = e.colour && NAMED_PIECES[e.colour] ? NAMED_PIECES[e.colour] : [seatColour(e.owner), "#fff"];
  const token = e.token || { type: "disc" };
  // Its label (a count), else its owner's number: colours are never the only clue.
  const mark = e.label !== undefined ? e.label : e.owner !== undefined ? String(e.owner + 1) : "";
  if (token.type === "glyph") {
    g.append(text(x, y + r * 0.08, token.text, { size: r * 1.7, fill: colour, anchor: "middle", bold: true, cls: "glyph" }));
    return;
  }
  if (token.type === "disc") {
    g.append(s("circle", { cx: x, cy: y, r, fill: colour, class: "token" }));
  } else if (token.type === "cube") {
    const side = r * 1.5;
    g.append(s("rect", { x: x - side / 2, y: y - side / 2, width: side, height: side, rx: side / 8, fill: colour, class: "token" }));
  } else if (token.type === "pyramid") {
    const size = Math.max(1, Math.min(3, token.size || 1));
    const half = r * (0.5 + 0.25 * size);
    const top = y - half * 1.1;
    const base = y + half * 0.75;
    g.append(s("polygon", { points: pointsAttr([{ x, y: top }, { x: x + half, y: base }, { x: x - half, y: base }]), fill: colour, class: "token" }));
    // Pips for its size, under its number.
    for (let i = 0; i < size; i++) {
      g.append(s("circle", { cx: x + (i - (size - 1) / 2) * half * 0.32, cy: base - half * 0.22, r: half * 0.08, fill: onColour }));
    }
    if (mark) g.append(text(x, y + half * 0.05, mark, { size: half * 0.62, fill: onColour, anchor: "middle", bold: true, cls: "mark" }));
    return;
  }
  if (mark) g.append(text(x, y + r * 0.05, mark, { size: r * (mark.length > 2 ? 0.7 : 0.95), fill: onColour, anchor: "middle", bold: true, cls: "mark" }));
}

/** @param {SVGGElement} g @param {Element} e */
function drawButton(g, e) {
  const label = e.label || e.id;
  const w = Math.max(60, label.length * 9 + 26);
  const hgt = 32;
  g.append(s("rect", { x: e.at.x - w / 2, y: e.at.y - hgt / 2, width: w, height: hgt, rx: 7, class: "button-shape" }));
  g.append(text(e.at.x, e.at.y + 1, label, { size: 15, anchor: "middle", bold: true, cls: "label button-label" }));
}

/**
 * Splits `content` into lines of at most `width` units at a font size of `size`.
 * @param {string} content @param {number} width @param {number} size
 */
function wrap(content, width, size) {
  const most = Math.max(4, Math.floor(width / (size * 0.52)));
  const lines = [];
  let line = "";
  for (const word of content.split(/\s+/)) {
    if (!word) continue;
    if (line && line.length + 1 + word.length > most) {
      lines.push(line);
      line = "";
    }
    line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** @param {SVGGElement} g @param {Element} e */
function drawCard(g, e) {
  const { x, y } = e.at;
  const { w, h } = e;
  const face = e.face;
  const edge = e.owner !== undefined ? seatColour(e.owner) : null;
  if (!face) {
    g.append(s("rect", { x, y, width: w, height: h, rx: Math.min(w, h) / 12, fill: "url(#card-back)", class: "card-shape back", stroke: edge }));
    return;
  }
  const fill = e.colour ? NAMED_FILLS[e.colour] || "#fffdf7" : "#fffdf7";
  g.append(s("rect", { x, y, width: w, height: h, rx: Math.min(w, h) / 12, fill, class: "card-shape", stroke: edge }));
  const pad = Math.max(3, w / 18);
  const titleSize = Math.max(8, Math.min(15, w / 8.5));
  const bodySize = Math.max(7, Math.min(12, w / 11));
  let cursor = y + pad + titleSize * 0.7;
  const bottom = y + h - pad;
  for (const line of wrap(face.title, w - 2 * pad, titleSize).slice(0, 2)) {
    g.append(text(x + pad, cursor, line, { size: titleSize, bold: true, cls: "label card-title" }));
    cursor += titleSize * 1.15;
  }
  if (face.kind) {
    g.append(text(x + pad, cursor, face.kind, { size: bodySize, italic: true, fill: "#555", cls: "label card-kind" }));
    cursor += bodySize * 1.3;
  }
  const numbers = face.numbers || [];
  const numbersTop = numbers.length ? bottom - bodySize * 1.2 * Math.ceil(numbers.length / 2) : bottom;
  if (face.text) {
    for (const line of wrap(face.text, w - 2 * pad, bodySize)) {
      if (cursor + bodySize > numbersTop) break;
      g.append(text(x + pad, cursor, line, { size: bodySize, cls: "label card-text" }));
      cursor += bodySize * 1.2;
    }
  }
  numbers.forEach((/** @type {[string, number]} */ [name, value], /** @type {number} */ i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const nx = col === 0 ? x + pad : x + w - pad;
    const ny = numbersTop + bodySize * 0.6 + row * bodySize * 1.2;
    g.append(text(nx, ny, `${name} ${value}`, { size: bodySize, bold: true, anchor: col === 0 ? "start" : "end", cls: "label card-number" }));
  });
}

/** A pile's caption, centred on its point: its label, or how many it holds. @param {SVGGElement} g @param {Element} e */
function drawCaption(g, e) {
  const words = `${e.count} ${e.count === 1 ? "card" : "cards"}`;
  // A label with numbers of its own ("Guild 1 of 3") is shown as it is; another gets the count.
  const content = e.label ? (/\d/.test(e.label) ? e.label : `${e.label} (${e.count})`) : words;
  const { x, y } = e.at;
  const width = content.length * 14 * 0.55;
  g.append(s("rect", { x: x - width / 2 - 19, y: y - 9, width: 13, height: 18, rx: 2, fill: "url(#card-back)", class: "card-shape back" }));
  g.append(text(x, y, content, { size: 14, fill: ink(e), bold: e.marked, anchor: "middle" }));
}

/** @param {SVGGElement} g @param {Element} e */
function drawTrack(g, e) {
  const { x, y } = e.at;
  const length = Math.max(1, e.length);
  const step = e.w / length;
  // Marks on one value stack upwards: the label goes over the highest stack.
  const stacks = new Map();
  for (const m of e.marks || []) stacks.set(m.value, (stacks.get(m.value) || 0) + 1);
  const highest = Math.max(1, ...stacks.values());
  if (e.label) g.append(text(x, y - 16 - 13 * (highest - 1), e.label, { size: 13, fill: ink(e), bold: true }));
  g.append(s("line", { x1: x, y1: y, x2: x + e.w, y2: y, class: "track-line" }));
  const every = length <= 12 ? 1 : length <= 30 ? 5 : 10;
  for (let v = 0; v <= length; v++) {
    const major = v % every === 0;
    g.append(s("line", { x1: x + v * step, y1: y - (major ? 5 : 3), x2: x + v * step, y2: y + (major ? 5 : 3), class: "track-tick" }));
    if (major) g.append(text(x + v * step, y + 14, String(v), { size: 9, anchor: "middle", fill: "#666" }));
  }
  /** How many marks already sit on each value (they stack upwards). @type {Map<number, number>} */
  const seen = new Map();
  for (const m of e.marks || []) {
    const v = Math.max(0, Math.min(length, m.value));
    const k = seen.get(v) || 0;
    seen.set(v, k + 1);
    const cx = x + v * step;
    const cy = y - k * 13;
    g.append(s("circle", { cx, cy, r: 6.5, fill: seatColour(m.seat), class: "token" }));
    g.append(text(cx, cy + 0.5, String(m.seat + 1), { size: 8.5, fill: "#fff", anchor: "middle", bold: true, cls: "mark" }));
  }
}

/**
 * The radius of each piece: every piece of a kind the same size, small enough for each to fit the
 * region it stands on and keep clear of its neighbours.
 * @param {Scene} scene
 * @returns {Map<string, number>}
 */
function pieceRadii(scene) {
  const radii = new Map();
  const pieces = scene.elements.filter((e) => e.kind === "piece");
  if (!pieces.length) return radii;
  const regions = scene.elements.filter((e) => e.kind === "region");
  const fallback = Math.max(scene.width, scene.height) / 40;
  /** The smallest radius each kind of token needs: every piece of a kind is drawn that size. */
  const smallest = new Map();
  for (const p of pieces) {
    let fit = Infinity;
    for (const region of regions) {
      const room = roomIn(region.shape, p.at);
      if (room !== null) fit = Math.min(fit, room * 0.8);
    }
    let r = Number.isFinite(fit) ? fit : fallback;
    for (const q of pieces) {
      if (q === p) continue;
      const d = Math.hypot(q.at.x - p.at.x, q.at.y - p.at.y);
      if (d > 0) r = Math.min(r, d * 0.46);
    }
    r = Math.max(4, Math.min(r, Math.max(scene.width, scene.height) / 8));
    const kind = (p.token && p.token.type) || "disc";
    smallest.set(kind, Math.min(smallest.get(kind) ?? Infinity, r));
  }
  for (const p of pieces) radii.set(p.id, smallest.get((p.token && p.token.type) || "disc"));
  return radii;
}

/**
 * How far `p` is from the edge of `shape`, when inside it (else null).
 * @param {any} shape @param {Point} p @returns {number | null}
 */
function roomIn(shape, p) {
  if (shape.shape === "rect") {
    const inside = p.x >= shape.x && p.x <= shape.x + shape.w && p.y >= shape.y && p.y <= shape.y + shape.h;
    return inside ? Math.min(p.x - shape.x, shape.x + shape.w - p.x, p.y - shape.y, shape.y + shape.h - p.y) : null;
  }
  if (shape.shape === "circle") {
    const d = Math.hypot(p.x - shape.cx, p.y - shape.cy);
    return d <= shape.r ? shape.r - d : null;
  }
  const points = shape.shape === "hex" ? hexPoints(shape.cx, shape.cy, shape.r) : shape.points;
  if (!points || points.length < 3 || !insidePolygon(points, p)) return null;
  let best = Infinity;
  for (let i = 0; i < points.length; i++) best = Math.min(best, segmentDistance(p, points[i], points[(i + 1) % points.length]));
  return best;
}

/** @param {Point[]} points @param {Point} p */
function insidePolygon(points, p) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i];
    const b = points[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The distance from `p` to the segment from `a` to `b`. @param {Point} p @param {Point} a @param {Point} b */
function segmentDistance(p, a, b) {
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
