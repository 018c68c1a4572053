//! The match's bots: a bot seat to act thinks (on the blocking pool when it searches, at once
//! when it does not), and its answer is applied like a player's action.

use tokio::task::JoinHandle;
use worlds_engine::Player;
use worlds_registry::BotError;

use super::{Actor, Input, Seat, Status};
use crate::error::Kind;

/// A bot's decision in progress, for the step it was asked at.
pub(super) struct BotJob {
    pub(super) step: usize,
    pub(super) player: Player,
    pub(super) thinking: Thinking,
}

/// A bot's thinking.
pub(super) enum Thinking {
    /// A searching bot thinks on the blocking pool, within its time budget.
    Pool(JoinHandle<Result<String, BotError>>),
    /// A bot that does not search (random, greedy: one look at each legal action, as cheap as
    /// listing them) has answered at once; the answer is taken like a pool bot's.
    Ready(Option<Result<String, BotError>>),
}

impl Thinking {
    pub(super) async fn answer(&mut self) -> Result<Result<String, BotError>, tokio::task::JoinError> {
        match self {
            Thinking::Pool(handle) => handle.await,
            Thinking::Ready(answer) => match answer.take() {
                Some(answer) => Ok(answer),
                // Taken already: the job is gone once answered, so this is never awaited again.
                None => std::future::pending().await,
            },
        }
    }

    /// Stops a pool bot (its answer is no longer wanted).
    pub(super) fn abort(&self) {
        if let Thinking::Pool(handle) = self {
            handle.abort();
        }
    }
}

impl Actor {
    /// Starts a bot thinking if a bot seat is to act and none is.
    pub(super) fn start_bot(&mut self) {
        // Not while a write waits to be tried again: the bot's move could not be stored either.
        if self.status != Status::Playing || self.bot.is_some() || self.retry.is_some() {
            return;
        }
        let Some((player, spec)) = self.session.turn().players().iter().find_map(|p| match &self.seats[p.index()] {
            Seat::Bot(_, spec) => Some((p, *spec)),
            Seat::Human => None,
        }) else {
            return;
        };
        let thinking = match self.session.bot_once(player, spec) {
            Ok(task) if spec.searches() => {
                // A search waits for as many permits as it uses threads: the server's bots never
                // search on more threads at once than its policy allows.
                let threads = match spec {
                    worlds_agents::AgentSpec::Mcts(c) => u32::from(c.threads.max(1)),
                    _ => 1,
                };
                let permits = self.shared.searching.clone();
                let max = u32::try_from(self.shared.limits.bots.max_searching.max(1)).unwrap_or(u32::MAX);
                Thinking::Pool(tokio::spawn(async move {
                    let permit = permits.acquire_many_owned(threads.min(max)).await;
                    // The permit stays with the search to its end, even if its answer is no
                    // longer wanted (a search cannot be stopped halfway).
                    let search = tokio::task::spawn_blocking(move || {
                        let _permit = permit;
                        task()
                    });
                    // A blocking task is never cancelled: an error is its panic, passed on as
                    // this task's own (the match logs it).
                    match search.await {
                        Ok(answer) => answer,
                        Err(e) => std::panic::resume_unwind(e.into_panic()),
                    }
                }))
            }
            Ok(task) => Thinking::Ready(Some(task())),
            Err(e) => Thinking::Ready(Some(Err(e))),
        };
        self.bot = Some(BotJob { step: self.step(), player, thinking });
    }

    pub(super) async fn bot_answered(&mut self, answer: Result<Result<String, BotError>, tokio::task::JoinError>) {
        let Some(job) = self.bot.take() else { return };
        if job.step != self.step() || self.status != Status::Playing {
            return; // the match moved on while the bot thought
        }
        match answer {
            Ok(Ok(action)) => match self.act(job.player, Input::Text(action.clone()), false).await {
                Ok(_) => self.sync_all(),
                Err(e) if e.kind == Kind::Conflict => {}
                Err(e) => {
                    tracing::error!(match_id = %self.id, "the bot's action `{action}` for {} failed: {e}", job.player)
                }
            },
            Ok(Err(e)) => tracing::error!(match_id = %self.id, "the bot for {} could not move: {e}", job.player),
            Err(e) => tracing::error!(match_id = %self.id, "the bot for {} panicked: {e}", job.player),
        }
    }
}
