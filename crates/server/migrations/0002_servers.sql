-- The servers using this database, and which seats of which matches have a connection on which
-- server, so that several servers sharing PostgreSQL judge a player's absence together (one
-- server on SQLite uses them the same way). Times are milliseconds since 1970 by each server's
-- clock.

-- Each running server: written at its start and every few seconds after (its heartbeat, which
-- is also the server's check that the database takes writes), removed when it stops.
CREATE TABLE servers (
    id TEXT PRIMARY KEY,
    started_at BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);

-- A seat with at least one open connection on a server. A row of a server whose heartbeat is
-- stale counts for nothing (that server was killed).
CREATE TABLE presence (
    match_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    server_id TEXT NOT NULL,
    since BIGINT NOT NULL,
    PRIMARY KEY (match_id, seat, server_id)
);
CREATE INDEX presence_server ON presence (server_id);

-- When a match was created is read to let waiting matches expire.
DROP INDEX matches_status;
CREATE INDEX matches_status_created ON matches (status, created_at);
