//! Changing the match: each change is stored first and only then kept (and shown). A change the
//! database refuses is undone by reading the match back from the database, and tried again a
//! second later when it is the match's own (a bot's move, a start, an end).

use std::time::Instant;

use serde_json::{Value, json};
use worlds_engine::{ErrorKind as EngineKind, Player, Turn};
use worlds_registry::DynSession;

use super::{Actor, Input, RETRY, Seat, Status, record_of, seats_of};
use crate::error::{Kind, ServerError};
use crate::store::{ActionRow, WriteError};

impl Actor {
    /// Stores the claim of a seat's link (for a player, when known); the match starts when every
    /// human seat is claimed.
    pub(super) async fn claim(&mut self, seat: usize, hash: &str, player: Option<&str>) -> Result<(), ServerError> {
        self.shared.store.claim(&self.id, hash, player).await?;
        if let Some(c) = self.claimed.get_mut(seat) {
            *c = true;
        }
        self.update_status().await;
        Ok(())
    }

    /// Reads which seats are claimed (another server may have seen the claim) and starts the
    /// match when all are.
    pub(super) async fn read_claims(&mut self) {
        if self.status != Status::Waiting {
            return;
        }
        match self.shared.store.claimed_seats(&self.id).await {
            Ok(list) => {
                for s in list {
                    if let Some(c) = self.claimed.get_mut(s) {
                        *c = true;
                    }
                }
            }
            Err(e) => tracing::error!(match_id = %self.id, "could not read the claims: {e}"),
        }
        self.update_status().await;
    }

    /// Applies and stores an action of `player`; returns the sequence number of its first event.
    pub(super) async fn act(&mut self, player: Player, input: Input, from_client: bool) -> Result<usize, ServerError> {
        self.read_claims().await;
        if from_client && self.seats[player.index()] != Seat::Human {
            return Err(ServerError::new(
                Kind::Forbidden,
                format!("{player} is played by the bot {} now; this link can watch", self.seats[player.index()].name()),
            ));
        }
        match self.status {
            Status::Waiting => {
                return Err(ServerError::new(
                    Kind::Conflict,
                    "the match has not started: it starts when every human seat's link has been opened",
                ));
            }
            Status::Finished => {
                return Err(ServerError::new(Kind::Engine(worlds_engine::ErrorKind::GameOver), "the match has ended"));
            }
            Status::Playing => {}
        }
        // Charge the clocks of everyone who was to act, before the action changes who that is.
        let banks = self.charged_banks(player);
        let step = self.step();
        let apply = |session: &mut Box<dyn DynSession>| match &input {
            Input::Text(text) => session.apply(player, text),
            Input::Index(index) => session.apply_index(player, *index),
        };
        let first = match apply(&mut self.session) {
            Ok(first) => first,
            // Another server may have moved the match on: look again before refusing.
            Err(e) if matches!(e.kind(), EngineKind::NotYourTurn | EngineKind::GameOver) => {
                self.refresh().await?;
                if self.step() == step || self.status != Status::Playing {
                    return Err(e.into());
                }
                return Box::pin(self.act(player, input, from_client)).await;
            }
            Err(e) => return Err(e.into()),
        };
        let action = self.session.record().actions.last().map(|a| a.action.clone()).unwrap_or_default();
        let row = ActionRow {
            match_id: self.id.clone(),
            seq: step as i64,
            seat: player.index() as i64,
            action,
            clocks: banks.as_ref().map(|b| serde_json::to_string(b).unwrap_or_default()),
        };
        match self.shared.store.append(row).await {
            Ok(()) => {
                self.shared.metrics.actions.inc();
                self.banks = banks;
                self.since = Instant::now();
                self.update_status().await;
                Ok(first)
            }
            Err(e) => {
                // The action is not stored: the match goes back to what the database holds. When
                // the database cannot be read either, what this task holds is not what is stored,
                // and it leaves memory ([`Actor::lost`]).
                let reloaded = self.reload().await;
                if reloaded.is_ok() {
                    self.sync_all();
                } else {
                    self.lost = true;
                }
                if matches!(e, WriteError::Unavailable(_)) {
                    self.retry = Some(Instant::now() + RETRY);
                }
                match (e, reloaded) {
                    (WriteError::Conflict { seq }, Ok(())) => Err(ServerError::new(
                        Kind::Conflict,
                        format!(
                            "another server stored action {seq} of this match first; the match is reloaded: look again and retry"
                        ),
                    )),
                    (e, _) => Err(e.into()),
                }
            }
        }
    }

    /// Reads the match again from the database (after a failed write, or when another server may
    /// have moved it on). Connections keep their cursors: they were only ever sent stored events.
    pub(super) async fn reload(&mut self) -> Result<(), ServerError> {
        let (row, actions) = self
            .shared
            .store
            .load(&self.id)
            .await?
            .ok_or_else(|| ServerError::new(Kind::NotFound, format!("match {} is gone", self.id)))?;
        let seats = seats_of(&row)?;
        let record = record_of(&row, &actions, &seats)?;
        self.session = worlds_registry::resume(&record)
            .map_err(|e| ServerError::internal(&format!("match {} does not replay", self.id), &e))?;
        self.seats = seats;
        if let (Some(_), Some(last)) = (&self.banks, actions.last().and_then(|a| a.clocks.as_deref())) {
            self.banks = serde_json::from_str(last).ok().or(self.banks.take());
        }
        self.result = row.result.as_deref().and_then(|r| serde_json::from_str(r).ok());
        match row.status.as_str() {
            "finished" => self.status = Status::Finished,
            "playing" if self.status == Status::Waiting => self.status = Status::Playing,
            _ => {}
        }
        if let Some(job) = self.bot.take() {
            job.thinking.abort();
        }
        self.since = Instant::now();
        self.update_status().await;
        Ok(())
    }

    /// Reloads when the database holds more actions than this actor (another server wrote).
    pub(super) async fn refresh(&mut self) -> Result<(), ServerError> {
        self.read_claims().await;
        let stored = self.shared.store.action_count(&self.id).await?;
        if stored as usize != self.step() { self.reload().await } else { Ok(()) }
    }

    /// Moves the status on: waiting → playing once every seat is claimed; → finished at the end.
    /// The new status is kept once stored; when the database refuses it, the match tries again
    /// a second later.
    pub(super) async fn update_status(&mut self) {
        let mut status = self.status;
        let mut result = self.result.clone();
        if status == Status::Waiting && self.claimed.iter().all(|&c| c) {
            status = Status::Playing;
        }
        if status != Status::Finished && self.session.turn() == Turn::Over {
            status = Status::Finished;
            result = self.session.outcome().map(|o| json!({"outcome": o}));
        }
        if status != self.status {
            self.store_status(status, result).await;
        }
    }

    /// Stores a new status (and result), then keeps it; false when the database refused it (the
    /// match tries again a second later).
    pub(super) async fn store_status(&mut self, status: Status, result: Option<Value>) -> bool {
        let text = result.as_ref().map(Value::to_string);
        match self.shared.store.set_status(&self.id, status.as_str(), text.as_deref()).await {
            Ok(()) => {
                if self.status == Status::Waiting && status == Status::Playing {
                    self.since = Instant::now();
                }
                if status != Status::Waiting {
                    self.expires = None;
                }
                self.status = status;
                self.result = result;
                true
            }
            Err(e) => {
                tracing::warn!(match_id = %self.id, "could not store the match's status `{}`: {e}", status.as_str());
                self.retry = Some(Instant::now() + RETRY);
                false
            }
        }
    }

    /// Stores new seats (a bot took over), then keeps them; false when the database refused them.
    pub(super) async fn store_seats(&mut self, seats: Vec<Seat>) -> bool {
        let text = Value::Array(seats.iter().map(Seat::to_json).collect()).to_string();
        match self.shared.store.set_seats(&self.id, &text).await {
            Ok(()) => {
                self.session.set_seats(seats.iter().map(|s| s.name().to_owned()).collect());
                self.seats = seats;
                true
            }
            Err(e) => {
                tracing::warn!(match_id = %self.id, "could not store a takeover: {e}");
                self.retry = Some(Instant::now() + RETRY);
                false
            }
        }
    }
}
