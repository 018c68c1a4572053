// The client's entry: reads the address and draws its page. `/` is the lobby,
// `/play/{id}#TOKEN` a match (or `#TOKEN1,TOKEN2` for seats sharing this browser), and
// `/replay/{id}#TOKEN` a finished match step by step.

import { lobbyPage } from "./lobby.js";
import { matchPage } from "./match.js";
import { replayPage } from "./replay.js";
import { h } from "./util.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const path = location.pathname.split("/").filter(Boolean);
const tokens = location.hash.slice(1).split(",").map((t) => t.trim()).filter(Boolean);

function noToken() {
  root.replaceChildren(
    h(
      "div",
      { class: "panel" },
      h("h1", {}, "This link has no token"),
      h("p", {}, "A match's link ends with # and its secret token. Ask whoever invited you for the whole link, or "),
      h("a", { href: "/" }, "start a match of your own"),
      ".",
    ),
  );
}

if (path[0] === "play" && path[1]) {
  if (tokens.length) matchPage(root, path[1], tokens);
  else noToken();
} else if (path[0] === "replay" && path[1]) {
  if (tokens.length) replayPage(root, path[1], tokens[0]);
  else noToken();
} else {
  lobbyPage(root);
}

// Another link to the same page differs only after `#`: open it as the new link it is.
window.addEventListener("hashchange", () => location.reload());
