-- Worlds server schema. The same SQL runs on SQLite and PostgreSQL: integers are BIGINT, text is
-- TEXT, JSON is kept as TEXT, times are milliseconds since 1970.

-- People who keep a list of their matches (optional: a seat token alone is enough to play).
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- One row per match. `seats` is a JSON list of {"kind": "human"} or {"kind": "bot", "spec": "…"};
-- `settings` is the match's JSON settings (clock, takeover, disconnect limit); `status` is
-- waiting (human seats unclaimed), playing, or finished; `result` is JSON once finished.
CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed BIGINT NOT NULL,
    seats TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    created_by TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX matches_status ON matches (status);

-- The secret links: one per human seat and one spectator link per match (seat NULL). Only the
-- SHA-256 of each token is stored.
CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat BIGINT,
    player_id TEXT,
    claimed_at BIGINT
);
CREATE INDEX tokens_match ON tokens (match_id);
CREATE INDEX tokens_player ON tokens (player_id);

-- A match is its log: action number `seq` (from 0) taken by `seat`, in text notation, with every
-- seat's clock after it (JSON, when the match has clocks). The key (match_id, seq) makes a second
-- writer of the same step fail.
CREATE TABLE actions (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    clocks TEXT,
    at BIGINT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
