//! The match's clocks: time banks charged to the human seats that are to act, and what happens to
//! a seat that runs out of time or stays away past the limit (a bot takes over, or it forfeits).

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use worlds_engine::Player;

use super::{Actor, Seat, Status};
use crate::protocol::ClockInfo;

impl Actor {
    /// The time banks after charging the time since the decision began to the human seats that
    /// were to act, and adding the increment to `actor`.
    pub(super) fn charged_banks(&self, actor: Player) -> Option<Vec<u64>> {
        let clock = self.settings.clock?;
        let mut banks = self.banks.clone()?;
        let elapsed = self.since.elapsed().as_millis() as u64;
        for p in self.session.turn().players().iter() {
            if self.seats[p.index()] == Seat::Human {
                banks[p.index()] = banks[p.index()].saturating_sub(elapsed);
            }
        }
        banks[actor.index()] = banks[actor.index()].saturating_add(clock.increment_ms);
        Some(banks)
    }

    /// The next moment a clock runs out or an absent seat's limit passes.
    pub(super) fn deadline(&self) -> Option<Instant> {
        if self.status != Status::Playing {
            return None;
        }
        let mut next: Option<Instant> = None;
        let mut consider = |at: Instant| next = Some(next.map_or(at, |n| n.min(at)));
        if let Some(banks) = &self.banks {
            for p in self.session.turn().players().iter() {
                if self.seats[p.index()] == Seat::Human {
                    consider(self.since + Duration::from_millis(banks[p.index()]));
                }
            }
        }
        if let Some(limit) = self.settings.disconnect_limit_s {
            for (s, away) in self.away.iter().enumerate() {
                if let (Seat::Human, Some(at)) = (&self.seats[s], away) {
                    consider(*at + Duration::from_secs(limit));
                }
            }
        }
        next
    }

    /// A seat that ran out of time or stayed away too long is taken over by a bot, or forfeits.
    pub(super) async fn timeouts(&mut self) {
        let now = Instant::now();
        let mut late: Vec<(usize, &str)> = Vec::new();
        if let Some(banks) = &self.banks {
            for p in self.session.turn().players().iter() {
                if self.seats[p.index()] == Seat::Human && self.since + Duration::from_millis(banks[p.index()]) <= now {
                    late.push((p.index(), "time"));
                }
            }
        }
        if let Some(limit) = self.settings.disconnect_limit_s {
            for (s, away) in self.away.iter().enumerate() {
                if let (Seat::Human, Some(at)) = (&self.seats[s], away)
                    && *at + Duration::from_secs(limit) <= now
                    && !late.iter().any(|(l, _)| *l == s)
                {
                    late.push((s, "disconnected"));
                }
            }
        }
        if late.is_empty() {
            return;
        }
        match self.settings.takeover.as_deref().map(Seat::parse) {
            Some(Ok(bot)) => {
                for &(s, why) in &late {
                    tracing::info!(match_id = %self.id, "seat {s} is taken over by {} ({why})", bot.name());
                    self.seats[s] = bot.clone();
                    self.away[s] = None;
                    if let Some(banks) = self.banks.as_mut() {
                        banks[s] = banks[s].max(1);
                    }
                }
                let seats = Value::Array(self.seats.iter().map(Seat::to_json).collect()).to_string();
                if let Err(e) = self.shared.store.set_seats(&self.id, &seats).await {
                    tracing::error!(match_id = %self.id, "could not store the takeover: {e}");
                }
                self.session.set_seats(self.seats.iter().map(|s| s.name().to_owned()).collect());
            }
            _ => {
                let (s, why) = late[0];
                if why == "time"
                    && let Some(banks) = self.banks.as_mut()
                {
                    banks[s] = 0;
                }
                self.status = Status::Finished;
                self.result = Some(json!({"forfeit": s, "reason": why}));
                if let Some(job) = self.bot.take() {
                    job.thinking.abort();
                }
                let result = self.result.as_ref().map(Value::to_string);
                if let Err(e) = self.shared.store.set_status(&self.id, "finished", result.as_deref()).await {
                    tracing::error!(match_id = %self.id, "could not store the forfeit: {e}");
                }
            }
        }
        self.sync_all();
    }

    pub(super) fn clock_infos(&self) -> Option<Vec<ClockInfo>> {
        let banks = self.banks.as_ref()?;
        let to_act = self.session.turn().players();
        let elapsed = self.since.elapsed().as_millis() as u64;
        Some(
            banks
                .iter()
                .enumerate()
                .map(|(s, &bank)| {
                    let running = self.status == Status::Playing
                        && self.seats[s] == Seat::Human
                        && Player::new(s).is_some_and(|p| to_act.contains(p));
                    ClockInfo {
                        seat: s,
                        remaining_ms: if running { bank.saturating_sub(elapsed) } else { bank },
                        running,
                    }
                })
                .collect(),
        )
    }
}
