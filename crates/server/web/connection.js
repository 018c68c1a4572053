// One link's WebSocket to the server: joins with the link's token (asking for scenes), sends
// actions, hands every server message to the page, and reconnects by itself after a drop,
// asking only for the events it has not seen (`last_seq`).

/** Kinds of errors after which trying again cannot help: the link is wrong. */
const FATAL = new Set(["unauthorized", "forbidden", "not_found"]);

export class Connection {
  /**
   * @param {string} token the link's token (after `#`)
   * @param {{message: (m: any) => void, status: (s: "connecting" | "open" | "lost" | "closed", why?: string) => void}} on
   */
  constructor(token, on) {
    this.token = token;
    this.on = on;
    /** The last event sequence number received (for a reconnect). @type {number | null} */
    this.lastSeq = null;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.nextId = 1;
    /** @type {any} the last `welcome` */
    this.welcome = null;
    /** @type {any} the last `state` */
    this.state = null;
  }

  open() {
    if (this.stopped) return;
    this.on.status("connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    let fatal = "";
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "join", token: this.token, last_seq: this.lastSeq, scene: true }));
    };
    ws.onmessage = (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (message.type === "welcome") {
        this.attempt = 0;
        this.welcome = message;
        this.on.status("open");
      } else if (message.type === "event") {
        if (this.lastSeq !== null && message.seq <= this.lastSeq) return;
        this.lastSeq = message.seq;
      } else if (message.type === "state") {
        this.state = message;
      } else if (message.type === "error" && message.id === undefined && FATAL.has(message.kind)) {
        fatal = message.message;
      }
      this.on.message(message);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (fatal || this.stopped) {
        this.stopped = true;
        this.on.status("closed", fatal || e.reason);
        return;
      }
      this.on.status("lost", e.reason);
      // Back off: 0.5 s, 1 s, 2 s, then every 4 s.
      const delay = Math.min(4000, 500 * 2 ** this.attempt);
      this.attempt += 1;
      setTimeout(() => this.open(), delay);
    };
  }

  /**
   * Sends an action in text notation; returns the request's id (it comes back in `ack` or `error`),
   * or null when the connection is down.
   * @param {string} text
   */
  act(text) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ type: "act", id, action: text }));
    return id;
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}
