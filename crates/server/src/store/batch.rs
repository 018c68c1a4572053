//! One batch of writes as SQL: sorted by kind, each kind in a few multi-row statements, all in
//! one transaction.

use std::collections::{HashMap, HashSet};

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::{Any, AnyConnection, Connection, Row};

use super::writer::Job;
use super::{ActionRow, CHANGES, MatchRow, Write, now_ms};

/// The most rows in one statement.
const CHUNK: usize = 64;

/// A batch's writes sorted by kind. A match's writes are queued one at a time (each waits for
/// the one before), so a batch holds at most one write of each match; where a batch holds two
/// writes of one row anyway, they are merged as running them in order would leave the row.
#[derive(Default)]
struct Sorted<'a> {
    players: Vec<(&'a str, &'a str, &'a str)>,
    matches: Vec<&'a MatchRow>,
    tokens: Vec<(&'a str, &'a str, Option<usize>)>,
    /// By token: the first claim's player that is known.
    claims: Vec<(&'a str, Option<&'a str>)>,
    /// By match: the last status written.
    statuses: Vec<(&'a str, &'a str, Option<&'a str>)>,
    /// By match: the last seats written.
    seats: Vec<(&'a str, &'a str)>,
    actions: Vec<&'a ActionRow>,
    /// The matches of the claims.
    claimed: Vec<&'a str>,
    /// By (match, seat, server): whether the seat is connected there now (the last write).
    presence: Vec<(&'a str, i64, &'a str, bool)>,
    /// The server whose row says it is alive.
    heartbeat: Option<&'a str>,
    /// The servers stopping (their rows and presence go).
    gone: Vec<&'a str>,
    /// Servers not seen since this time go.
    forget: Option<i64>,
}

impl<'a> Sorted<'a> {
    fn new(batch: &'a [Job]) -> Sorted<'a> {
        let mut s = Sorted::default();
        let (mut claim_at, mut status_at, mut seats_at) = (HashMap::new(), HashMap::new(), HashMap::new());
        let mut presence_at = HashMap::new();
        for job in batch {
            match &job.write {
                Write::Action(row) => s.actions.push(row),
                Write::Match(m, tokens) => {
                    s.matches.push(m);
                    s.tokens.extend(tokens.iter().map(|(hash, seat)| (hash.as_str(), m.id.as_str(), *seat)));
                }
                Write::Claim { match_id, hash, player } => match claim_at.get(hash.as_str()) {
                    Some(&i) => {
                        let claim: &mut (&str, Option<&str>) = &mut s.claims[i];
                        claim.1 = claim.1.or(player.as_deref());
                    }
                    None => {
                        claim_at.insert(hash.as_str(), s.claims.len());
                        s.claims.push((hash, player.as_deref()));
                        s.claimed.push(match_id);
                    }
                },
                Write::Status { id, status, result } => {
                    let row = (id.as_str(), status.as_str(), result.as_deref());
                    match status_at.get(id.as_str()) {
                        Some(&i) => s.statuses[i] = row,
                        None => {
                            status_at.insert(id.as_str(), s.statuses.len());
                            s.statuses.push(row);
                        }
                    }
                }
                Write::Seats { id, seats } => match seats_at.get(id.as_str()) {
                    Some(&i) => s.seats[i] = (id.as_str(), seats.as_str()),
                    None => {
                        seats_at.insert(id.as_str(), s.seats.len());
                        s.seats.push((id, seats));
                    }
                },
                Write::Player { id, hash, name } => s.players.push((id, hash, name)),
                Write::Presence { match_id, seat, server, here } => {
                    let row = (match_id.as_str(), *seat as i64, server.as_str(), *here);
                    match presence_at.get(&(row.0, row.1, row.2)) {
                        Some(&i) => s.presence[i] = row,
                        None => {
                            presence_at.insert((row.0, row.1, row.2), s.presence.len());
                            s.presence.push(row);
                        }
                    }
                }
                Write::Heartbeat { server } => s.heartbeat = Some(server),
                Write::Gone { server } => s.gone.push(server),
                Write::Forget { before } => s.forget = Some(s.forget.map_or(*before, |b| b.max(*before))),
            }
        }
        s
    }
}

/// Commits a batch in one transaction, each kind of write in as few statements as it takes
/// (players, matches, their tokens, claims, statuses, seats, presence, the heartbeat, then
/// actions); returns the (match, sequence) of the actions stored (one already stored by another
/// writer is skipped).
///
/// With `notify` (this server's name, on PostgreSQL), the transaction also announces the
/// matches it changed on the [`CHANGES`] channel, so other servers holding them read them
/// again; PostgreSQL delivers the notice when (and only if) the transaction commits.
///
/// # Errors
/// Any statement's error, or the commit's. The connection may then be in any state (SQLite may
/// have rolled the transaction back by itself, sqlx's count of open transactions may be off): the
/// caller must not use it again.
pub(super) async fn commit(
    conn: &mut AnyConnection,
    batch: &[Job],
    notify: Option<&str>,
) -> sqlx::Result<HashSet<(String, i64)>> {
    let s = Sorted::new(batch);
    let now = now_ms();
    let mut tx = conn.begin().await?;
    let conn: &mut AnyConnection = &mut tx;
    chunked(
        conn,
        &s.players,
        now,
        &|n| {
            format!("INSERT INTO players (id, token_hash, name, created_at) VALUES {}", rows(n, 3, "($1, $2, $3, $0)"))
        },
        &|q, p| q.bind(p.0).bind(p.1).bind(p.2),
    )
    .await?;
    chunked(conn, &s.matches, now, &|n| format!(
        "INSERT INTO matches (id, game, config, seed, seats, settings, status, result, created_by, created_at, updated_at) VALUES {}",
        rows(n, 8, "($1, $2, $3, $4, $5, $6, $7, NULL, $8, $0, $0)")
    ), &|q, m| {
        q.bind(&m.id)
            .bind(&m.game)
            .bind(&m.config)
            .bind(m.seed as i64)
            .bind(&m.seats)
            .bind(&m.settings)
            .bind(&m.status)
            .bind(m.created_by.as_deref())
    })
    .await?;
    chunked(
        conn,
        &s.tokens,
        now,
        &|n| {
            format!(
                "INSERT INTO tokens (token_hash, match_id, seat, player_id, claimed_at) VALUES {}",
                rows(n, 3, "($1, $2, $3, NULL, NULL)")
            )
        },
        &|q, t| q.bind(t.0).bind(t.1).bind(t.2.map(|s| s as i64)),
    )
    .await?;
    // Claiming again keeps the first claim's time and fills in the player if it had none.
    chunked(conn, &s.claims, now, &|n| format!(
        "UPDATE tokens SET claimed_at = COALESCE(claimed_at, $1), player_id = COALESCE(player_id, CASE token_hash {} END) \
         WHERE token_hash IN ({})",
        rows(n, 2, "WHEN $1 THEN $2").replace(", ", " "),
        rows(n, 2, "$1")
    ), &|q, c| q.bind(c.0).bind(c.1))
    .await?;
    chunked(
        conn,
        &s.statuses,
        now,
        &|n| {
            format!(
                "UPDATE matches SET status = CASE id {} END, result = CASE id {} END, updated_at = $1 WHERE id IN ({})",
                rows(n, 3, "WHEN $1 THEN $2").replace(", ", " "),
                rows(n, 3, "WHEN $1 THEN $3").replace(", ", " "),
                rows(n, 3, "$1")
            )
        },
        &|q, st| q.bind(st.0).bind(st.1).bind(st.2),
    )
    .await?;
    chunked(
        conn,
        &s.seats,
        now,
        &|n| {
            format!(
                "UPDATE matches SET seats = CASE id {} END, updated_at = $1 WHERE id IN ({})",
                rows(n, 2, "WHEN $1 THEN $2").replace(", ", " "),
                rows(n, 2, "$1")
            )
        },
        &|q, st| q.bind(st.0).bind(st.1),
    )
    .await?;
    let (here, left): (Vec<&(&str, i64, &str, bool)>, Vec<_>) = s.presence.iter().partition(|p| p.3);
    chunked(
        conn,
        &here,
        now,
        &|n| {
            format!(
                "INSERT INTO presence (match_id, seat, server_id, since) VALUES {} ON CONFLICT DO NOTHING",
                rows(n, 3, "($1, $2, $3, $0)")
            )
        },
        &|q, p: &&(&str, i64, &str, bool)| q.bind(p.0).bind(p.1).bind(p.2),
    )
    .await?;
    chunked(
        conn,
        &left,
        now,
        &|n| {
            format!(
                "DELETE FROM presence WHERE $1 IS NOT NULL AND ({})",
                rows(n, 3, "(match_id = $1 AND seat = $2 AND server_id = $3)").replace(", ", " OR ")
            )
        },
        &|q, p: &&(&str, i64, &str, bool)| q.bind(p.0).bind(p.1).bind(p.2),
    )
    .await?;
    if let Some(server) = s.heartbeat {
        sqlx::query(
            "INSERT INTO servers (id, started_at, seen_at) VALUES ($1, $2, $2) \
             ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at",
        )
        .bind(server)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    let mut vacated = Vec::new();
    for server in &s.gone {
        let rows = sqlx::query("DELETE FROM presence WHERE server_id = $1 RETURNING match_id")
            .bind(*server)
            .fetch_all(&mut *conn)
            .await?;
        for r in rows {
            vacated.push(r.try_get::<String, _>("match_id")?);
        }
        sqlx::query("DELETE FROM servers WHERE id = $1").bind(*server).execute(&mut *conn).await?;
    }
    if let Some(before) = s.forget {
        sqlx::query("DELETE FROM presence WHERE server_id IN (SELECT id FROM servers WHERE seen_at < $1)")
            .bind(before)
            .execute(&mut *conn)
            .await?;
        sqlx::query("DELETE FROM servers WHERE seen_at < $1").bind(before).execute(&mut *conn).await?;
    }
    let stored = chunked(
        conn,
        &s.actions,
        now,
        &|n| {
            format!(
                "INSERT INTO actions (match_id, seq, seat, action, clocks, at) VALUES {} \
         ON CONFLICT (match_id, seq) DO NOTHING RETURNING match_id, seq",
                rows(n, 5, "($1, $2, $3, $4, $5, $0)")
            )
        },
        &|q, a| q.bind(&a.match_id).bind(a.seq).bind(a.seat).bind(&a.action).bind(a.clocks.as_deref()),
    )
    .await?;
    let stored: sqlx::Result<HashSet<(String, i64)>> =
        stored.iter().map(|r| Ok((r.try_get::<String, _>("match_id")?, r.try_get::<i64, _>("seq")?))).collect();
    if let Some(me) = notify {
        let changed = s.actions.iter().map(|a| a.match_id.as_str()).chain(s.claimed.iter().copied());
        let changed = changed.chain(s.statuses.iter().map(|st| st.0)).chain(s.seats.iter().map(|st| st.0));
        let changed = changed.chain(s.presence.iter().map(|p| p.0)).chain(vacated.iter().map(String::as_str));
        for payload in notices(me, changed) {
            sqlx::query("SELECT pg_notify($1, $2)").bind(CHANGES).bind(payload).execute(&mut *conn).await?;
        }
    }
    tx.commit().await?;
    stored
}

/// The notices announcing the matches `changed`: `NAME ID ID …`, each id once, each notice
/// under PostgreSQL's limit of 8,000 bytes.
fn notices<'a>(me: &str, changed: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out: Vec<String> = Vec::new();
    for id in changed.filter(|id| seen.insert(*id)) {
        match out.last_mut() {
            Some(notice) if notice.len() + 1 + id.len() < 7_900 => {
                notice.push(' ');
                notice.push_str(id);
            }
            _ => out.push(format!("{me} {id}")),
        }
    }
    out
}

type AnyQuery<'q> = sqlx::query::Query<'q, Any, AnyArguments>;

/// `n` copies of `shape`, joined by ", ", numbering its placeholders: `$0` is the batch's time
/// (`$1` in the statement), and `$1`…`$k` are the row's `k` values (`$2`… in the statement).
fn rows(n: usize, k: usize, shape: &str) -> String {
    let mut out = String::new();
    for row in 0..n {
        if row > 0 {
            out.push_str(", ");
        }
        let mut rest = shape;
        while let Some(at) = rest.find('$') {
            out.push_str(&rest[..at]);
            let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
            let i: usize = rest[at + 1..at + 1 + digits].parse().unwrap_or(0);
            let number = if i == 0 { 1 } else { 1 + row * k + i };
            out.push_str(&format!("${number}"));
            rest = &rest[at + 1 + digits..];
        }
        out.push_str(rest);
    }
    out
}

/// Runs one statement per chunk of `items`, in a few fixed sizes (a power of two, at most
/// [`CHUNK`] rows), so each statement is prepared once per connection and then taken from the
/// cache: preparing one with hundreds of placeholders costs more than running it. `sql(n)` is
/// the statement for `n` rows; `$1` is `now`, then each row's values are bound by `bind`.
async fn chunked<'q, T>(
    conn: &mut AnyConnection,
    items: &'q [T],
    now: i64,
    sql: &dyn Fn(usize) -> String,
    bind: &dyn Fn(AnyQuery<'q>, &'q T) -> AnyQuery<'q>,
) -> sqlx::Result<Vec<AnyRow>> {
    let mut out = Vec::new();
    let mut rest = items;
    while !rest.is_empty() {
        let size = if rest.len() >= CHUNK { CHUNK } else { 1 << rest.len().ilog2() };
        let (chunk, after) = rest.split_at(size);
        // Only placeholders are generated into the text; every value is bound.
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql(size))).bind(now);
        for item in chunk {
            query = bind(query, item);
        }
        out.extend(query.fetch_all(&mut *conn).await?);
        rest = after;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{notices, rows};

    #[test]
    fn notices_name_each_changed_match_once_under_the_size_limit() {
        assert_eq!(notices("me", ["m1", "m2", "m1"].into_iter()), ["me m1 m2"]);
        assert!(notices("me", std::iter::empty()).is_empty());
        let ids: Vec<String> = (0..1_000).map(|i| format!("match{i:05}")).collect();
        let out = notices("me", ids.iter().map(String::as_str));
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(|n| n.len() < 8_000 && n.starts_with("me ")));
        let back: Vec<&str> = out.iter().flat_map(|n| n.split(' ').skip(1)).collect();
        assert_eq!(back, ids);
    }

    #[test]
    fn rows_number_each_rows_values_after_the_time() {
        assert_eq!(rows(2, 3, "($1, $2, $3, $0)"), "($2, $3, $4, $1), ($5, $6, $7, $1)");
        assert_eq!(rows(1, 5, "($1, $5, $0)"), "($2, $6, $1)");
        assert_eq!(rows(3, 2, "WHEN $1 THEN $2").replace(", ", " "), "WHEN $2 THEN $3 WHEN $4 THEN $5 WHEN $6 THEN $7");
        assert_eq!(rows(2, 12, "$12"), "$13, $25");
    }
}
