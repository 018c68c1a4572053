//! What the server reads: tokens, matches and their logs, players, presence. Every read goes
//! through the pool (several connections); every write through the writer ([`super::writer`]).

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{ActionRow, ListedMatch, MatchRow, Store, TokenRow};

impl Store {
    /// What a token (by hash) opens.
    ///
    /// # Errors
    /// A database failure.
    pub async fn token(&self, hash: &str) -> sqlx::Result<Option<TokenRow>> {
        let row = sqlx::query("SELECT match_id, seat, player_id, claimed_at FROM tokens WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| {
            Ok(TokenRow {
                match_id: r.try_get("match_id")?,
                seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as usize),
                player_id: r.try_get("player_id")?,
                claimed: r.try_get::<Option<i64>, _>("claimed_at")?.is_some(),
            })
        })
        .transpose()
    }

    /// Which seats of a match are claimed.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claimed_seats(&self, match_id: &str) -> sqlx::Result<Vec<usize>> {
        let rows =
            sqlx::query("SELECT seat FROM tokens WHERE match_id = $1 AND seat IS NOT NULL AND claimed_at IS NOT NULL")
                .bind(match_id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter().map(|r| r.try_get::<i64, _>("seat").map(|s| s as usize)).collect()
    }

    /// A match's row.
    ///
    /// # Errors
    /// A database failure.
    pub async fn match_row(&self, id: &str) -> sqlx::Result<Option<MatchRow>> {
        let row = sqlx::query("SELECT * FROM matches WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(match_row).transpose()
    }

    /// A match and its actions in order.
    ///
    /// # Errors
    /// A database failure.
    pub async fn load(&self, id: &str) -> sqlx::Result<Option<(MatchRow, Vec<ActionRow>)>> {
        let Some(row) = sqlx::query("SELECT * FROM matches WHERE id = $1").bind(id).fetch_optional(&self.pool).await?
        else {
            return Ok(None);
        };
        let m = match_row(&row)?;
        let actions = self.actions_since(id, 0).await?;
        Ok(Some((m, actions)))
    }

    /// The actions of a match from `seq` on.
    ///
    /// # Errors
    /// A database failure.
    pub async fn actions_since(&self, id: &str, seq: i64) -> sqlx::Result<Vec<ActionRow>> {
        let rows = sqlx::query(
            "SELECT match_id, seq, seat, action, clocks FROM actions WHERE match_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    match_id: r.try_get("match_id")?,
                    seq: r.try_get("seq")?,
                    seat: r.try_get("seat")?,
                    action: r.try_get("action")?,
                    clocks: r.try_get("clocks")?,
                })
            })
            .collect()
    }

    /// How many actions a match has stored.
    ///
    /// # Errors
    /// A database failure.
    pub async fn action_count(&self, id: &str) -> sqlx::Result<i64> {
        sqlx::query("SELECT COUNT(*) AS n FROM actions WHERE match_id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?
            .try_get("n")
    }

    /// The ids of the matches being played.
    ///
    /// # Errors
    /// A database failure.
    pub async fn playing(&self) -> sqlx::Result<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM matches WHERE status = 'playing' ORDER BY created_at")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// The player (id, name) a player token names.
    ///
    /// # Errors
    /// A database failure.
    pub async fn player(&self, hash: &str) -> sqlx::Result<Option<(String, String)>> {
        let row = sqlx::query("SELECT id, name FROM players WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get("id")?, r.try_get("name")?))).transpose()
    }

    /// The matches a player created or sits in, newest first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn player_matches(&self, player: &str) -> sqlx::Result<Vec<ListedMatch>> {
        let rows = sqlx::query(
            "SELECT m.id, m.game, m.status, m.result, m.updated_at, t.seat \
             FROM matches m LEFT JOIN tokens t ON t.match_id = m.id AND t.player_id = $1 AND t.seat IS NOT NULL \
             WHERE t.player_id = $1 OR m.created_by = $1 ORDER BY m.updated_at DESC, m.id",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ListedMatch {
                    id: r.try_get("id")?,
                    game: r.try_get("game")?,
                    seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as usize),
                    status: r.try_get("status")?,
                    result: r.try_get("result")?,
                    updated_at: r.try_get("updated_at")?,
                })
            })
            .collect()
    }

    /// The seats of a match connected on another server that is alive (its heartbeat newer
    /// than `alive_since`, milliseconds since 1970).
    ///
    /// # Errors
    /// A database failure.
    pub async fn present_elsewhere(&self, match_id: &str, alive_since: i64) -> sqlx::Result<Vec<usize>> {
        let rows = sqlx::query(
            "SELECT DISTINCT p.seat FROM presence p JOIN servers s ON s.id = p.server_id \
             WHERE p.match_id = $1 AND p.server_id <> $2 AND s.seen_at >= $3",
        )
        .bind(match_id)
        .bind(&*self.instance)
        .bind(alive_since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get::<i64, _>("seat").map(|s| usize::try_from(s).unwrap_or(usize::MAX))).collect()
    }

    /// The ids of matches waiting for players since before `created_before` (milliseconds since
    /// 1970), oldest first, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn waiting_since(&self, created_before: i64, limit: i64) -> sqlx::Result<Vec<String>> {
        let rows = sqlx::query(
            "SELECT id FROM matches WHERE status = 'waiting' AND created_at < $1 ORDER BY created_at LIMIT $2",
        )
        .bind(created_before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Whether the database answers (for `/healthz`).
    ///
    /// # Errors
    /// A database failure.
    pub async fn ping(&self) -> sqlx::Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}

fn match_row(r: &AnyRow) -> sqlx::Result<MatchRow> {
    Ok(MatchRow {
        id: r.try_get("id")?,
        game: r.try_get("game")?,
        config: r.try_get("config")?,
        seed: r.try_get::<i64, _>("seed")? as u64,
        seats: r.try_get("seats")?,
        settings: r.try_get("settings")?,
        status: r.try_get("status")?,
        result: r.try_get("result")?,
        created_by: r.try_get("created_by")?,
        created_at: r.try_get("created_at")?,
    })
}
