//! The match's clocks and timers: time banks charged to the human seats that are to act; what
//! happens to a seat that runs out of time or stays away past the limit (a bot takes over, or it
//! forfeits); a match that waits for players past its expiry; and a write to try again.

use std::time::{Duration, Instant};

use serde_json::json;
use worlds_engine::Player;

use super::{Actor, Seat, Status};
use crate::protocol::ClockInfo;

impl Actor {
    /// The time banks after charging the time since the decision began to the human seats that
    /// were to act, and adding the increment to `actor`.
    pub(super) fn charged_banks(&self, actor: Player) -> Option<Vec<u64>> {
        let clock = self.settings.clock?;
        let mut banks = self.banks.clone()?;
        let elapsed = u64::try_from(self.since.elapsed().as_millis()).unwrap_or(u64::MAX);
        for p in self.session.turn().players().iter() {
            if self.seats[p.index()] == Seat::Human {
                banks[p.index()] = banks[p.index()].saturating_sub(elapsed);
            }
        }
        banks[actor.index()] = banks[actor.index()].saturating_add(clock.increment_ms);
        Some(banks)
    }

    /// When seat `s`'s bank runs out (`None`: not within any time an `Instant` can hold).
    fn out_of_time(&self, banks: &[u64], s: usize) -> Option<Instant> {
        self.since.checked_add(Duration::from_millis(banks[s]))
    }

    /// When absent seat `s` passes the disconnect limit, if it is away and there is a limit.
    fn gone_too_long(&self, s: usize) -> Option<Instant> {
        let limit = self.settings.disconnect_limit_s?;
        let away = self.away[s]?;
        if self.seats[s] != Seat::Human || self.elsewhere[s] {
            return None;
        }
        away.checked_add(Duration::from_secs(limit))
    }

    /// The next moment something is due: a write to try again (then nothing else until it is
    /// stored), a clock running out, an absent seat's limit, a check of the seats connected
    /// elsewhere, or a waiting match's expiry.
    pub(super) fn deadline(&self) -> Option<Instant> {
        if let Some(at) = self.retry {
            return Some(at);
        }
        let mut next: Option<Instant> = None;
        let mut consider = |at: Option<Instant>| {
            if let Some(at) = at {
                next = Some(next.map_or(at, |n| n.min(at)));
            }
        };
        match self.status {
            Status::Playing => {
                if let Some(banks) = &self.banks {
                    for p in self.session.turn().players().iter() {
                        if self.seats[p.index()] == Seat::Human {
                            consider(self.out_of_time(banks, p.index()));
                        }
                    }
                }
                for s in 0..self.seats.len() {
                    consider(self.gone_too_long(s));
                }
                consider(self.presence_check);
            }
            Status::Waiting => {
                consider(self.expires);
                consider(self.idle_waiting());
            }
            Status::Finished => {}
        }
        next
    }

    /// When a match waiting for players with nobody connected leaves memory.
    pub(super) fn idle_waiting(&self) -> Option<Instant> {
        (self.status == Status::Waiting && self.conns.is_empty()).then(|| self.active + self.shared.limits.idle_waiting)
    }

    /// Whatever is due now.
    pub(super) async fn timers(&mut self) {
        let now = Instant::now();
        if self.retry.is_some_and(|at| at <= now) {
            self.retry = None;
            self.update_status().await;
            self.write_presence().await;
            if self.retry.is_some() {
                return;
            }
        }
        if self.presence_check.is_some_and(|at| at <= now) {
            self.read_presence().await;
        }
        if self.status == Status::Waiting && self.expires.is_some_and(|at| at <= now) {
            self.expire().await;
            return;
        }
        self.timeouts().await;
    }

    /// A match nobody joined in time ends unplayed.
    async fn expire(&mut self) {
        let hours = self.shared.limits.waiting_expiry.as_secs() / 3600;
        tracing::info!(match_id = %self.id, "the match expired: its seats were not all claimed within {hours} h");
        if self.store_status(Status::Finished, Some(json!({"expired": true}))).await {
            self.sync_all();
        }
    }

    /// A seat that ran out of time or stayed away too long is taken over by a bot, or forfeits.
    async fn timeouts(&mut self) {
        if self.status != Status::Playing {
            return;
        }
        let now = Instant::now();
        let late_by_time = |actor: &Actor| -> Vec<usize> {
            let Some(banks) = &actor.banks else { return Vec::new() };
            actor
                .session
                .turn()
                .players()
                .iter()
                .map(Player::index)
                .filter(|&s| actor.seats[s] == Seat::Human && actor.out_of_time(banks, s).is_some_and(|at| at <= now))
                .collect()
        };
        let away_too_long = |actor: &Actor| -> Vec<usize> {
            (0..actor.seats.len()).filter(|&s| actor.gone_too_long(s).is_some_and(|at| at <= now)).collect()
        };
        if !away_too_long(self).is_empty() {
            // Another server may hold the seat's connection: look before judging it away.
            self.read_presence().await;
        }
        let mut late: Vec<(usize, &str)> = late_by_time(self).into_iter().map(|s| (s, "time")).collect();
        for s in away_too_long(self) {
            if !late.iter().any(|(l, _)| *l == s) {
                late.push((s, "disconnected"));
            }
        }
        if late.is_empty() {
            return;
        }
        match self.settings.takeover.as_deref().map(Seat::parse) {
            Some(Ok(bot)) => {
                let mut seats = self.seats.clone();
                for &(s, why) in &late {
                    tracing::info!(match_id = %self.id, "seat {s} is taken over by {} ({why})", bot.name());
                    seats[s] = bot.clone();
                }
                if self.store_seats(seats).await {
                    for &(s, _) in &late {
                        self.away[s] = None;
                        if let Some(banks) = self.banks.as_mut() {
                            banks[s] = banks[s].max(1);
                        }
                    }
                }
            }
            _ => {
                let (s, why) = late[0];
                if self.store_status(Status::Finished, Some(json!({"forfeit": s, "reason": why}))).await {
                    if why == "time"
                        && let Some(banks) = self.banks.as_mut()
                    {
                        banks[s] = 0;
                    }
                    if let Some(job) = self.bot.take() {
                        job.thinking.abort();
                    }
                }
            }
        }
        self.sync_all();
    }

    pub(super) fn clock_infos(&self) -> Option<Vec<ClockInfo>> {
        let banks = self.banks.as_ref()?;
        let to_act = self.session.turn().players();
        let elapsed = u64::try_from(self.since.elapsed().as_millis()).unwrap_or(u64::MAX);
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
