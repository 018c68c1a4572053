//! Finished matches' replays, kept between requests: the browser's replay page asks for one step
//! at a time, and each request replaying the whole match would cost the square of its length to
//! step through. A match is replayed once into positions kept every few steps
//! ([`worlds_registry::replay_checkpoints`]); the last few matches asked for stay in memory.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use prometheus_client::metrics::counter::Counter;
use worlds_engine::Match;
use worlds_registry::{Audience, DynReplay, ReplayFrame};

use crate::error::ServerError;

/// How many matches' replays stay in memory.
const KEEP: usize = 16;

/// The replays kept, most recently used last.
#[derive(Default)]
pub struct Cache {
    kept: Mutex<VecDeque<(String, Arc<dyn DynReplay>)>>,
    /// Actions replayed to answer requests (building a replay counts each of its actions once).
    pub applied: Counter,
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cache").field("applied", &self.applied.get()).finish_non_exhaustive()
    }
}

impl Cache {
    /// Step `step` of finished match `id` as `audience` sees it, and the number of its last step;
    /// `record` (awaited only when the match is not kept) reads the match.
    ///
    /// # Errors
    /// A stored match that does not read or replay.
    pub async fn frame(
        &self,
        id: &str,
        record: impl Future<Output = Result<Match, ServerError>>,
        audience: Audience,
        step: usize,
    ) -> Result<(Option<ReplayFrame>, usize), ServerError> {
        let replay = match self.kept(id) {
            Some(replay) => replay,
            None => {
                let record = record.await?;
                let actions = record.actions.len();
                let replay: Arc<dyn DynReplay> =
                    tokio::task::spawn_blocking(move || worlds_registry::replay_checkpoints(&record).map(Arc::from))
                        .await
                        .map_err(|e| ServerError::internal(&format!("replaying match {id}"), &e))?
                        .map_err(|e| ServerError::internal(&format!("match {id} does not replay"), &e))?;
                self.applied.inc_by(actions as u64);
                self.keep(id, replay.clone());
                replay
            }
        };
        let last = replay.last();
        let (frame, applied) = tokio::task::spawn_blocking(move || replay.frame(audience, step))
            .await
            .map_err(|e| ServerError::internal(&format!("replaying match {id}"), &e))?
            .map_err(|e| ServerError::internal(&format!("match {id} does not replay"), &e))?;
        self.applied.inc_by(applied as u64);
        Ok((frame, last))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(String, Arc<dyn DynReplay>)>> {
        self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn kept(&self, id: &str) -> Option<Arc<dyn DynReplay>> {
        let mut kept = self.lock();
        let i = kept.iter().position(|(k, _)| k == id)?;
        let entry = kept.remove(i)?;
        let replay = entry.1.clone();
        kept.push_back(entry);
        Some(replay)
    }

    fn keep(&self, id: &str, replay: Arc<dyn DynReplay>) {
        let mut kept = self.lock();
        kept.retain(|(k, _)| k != id);
        kept.push_back((id.to_owned(), replay));
        while kept.len() > KEEP {
            kept.pop_front();
        }
    }
}
