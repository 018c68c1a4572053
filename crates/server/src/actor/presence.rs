//! Who is connected, across servers. On PostgreSQL several servers may hold one match, each with
//! some of its connections: each writes which seats it has a connection for (the `presence`
//! table), and a seat counts as away only when no server that is alive (its heartbeat fresh)
//! has one. So a server that starts, and loads every match being played, does not forfeit the
//! players who are playing on another server. One server holds an SQLite file, and knows.

use std::time::Instant;

use super::{Actor, PRESENCE_CHECK, RETRY};
use crate::app::STALE;

impl Actor {
    /// Reads which seats have a connection on another server that is alive. A seat that had one
    /// and has none now, nor one here, is away from now on.
    pub(super) async fn read_presence(&mut self) {
        if !self.shared.shares_presence() {
            return;
        }
        let stale = i64::try_from(STALE.as_millis()).unwrap_or(i64::MAX);
        let alive_since = crate::store::now_ms().saturating_sub(stale);
        match self.shared.store.present_elsewhere(&self.id, alive_since).await {
            Ok(seats) => {
                for s in 0..self.elsewhere.len() {
                    let there = seats.contains(&s);
                    let here = self.conns.iter().any(|c| c.seat.map(|p| p.index()) == Some(s));
                    if there && !here {
                        self.away[s] = None;
                    } else if !there && self.elsewhere[s] && !here {
                        self.away[s] = Some(Instant::now());
                    }
                    self.elsewhere[s] = there;
                }
            }
            Err(e) => tracing::warn!(match_id = %self.id, "could not read which seats are connected elsewhere: {e}"),
        }
        // A server that is killed announces nothing: while a seat is held elsewhere, look again.
        self.presence_check = self.elsewhere.iter().any(|&e| e).then(|| Instant::now() + PRESENCE_CHECK);
    }

    /// Writes which seats have a connection here, where that changed since the last write.
    pub(super) async fn write_presence(&mut self) {
        if !self.shared.shares_presence() {
            return;
        }
        for s in 0..self.presence_written.len() {
            let here = self.conns.iter().any(|c| c.seat.map(|p| p.index()) == Some(s));
            if here == self.presence_written[s] {
                continue;
            }
            match self.shared.store.set_presence(&self.id, s, here).await {
                Ok(()) => self.presence_written[s] = here,
                Err(e) => {
                    tracing::warn!(match_id = %self.id, "could not store that seat {s} is connected here: {e}");
                    self.retry = Some(Instant::now() + RETRY);
                    return;
                }
            }
        }
    }
}
