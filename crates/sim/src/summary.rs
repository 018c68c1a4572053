//! The summary of a run: what a designer asks first (is it balanced?), as JSON and Markdown.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::play::GameRecord;
use crate::stats::{Rate, Spread};

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Group {
    pub name: String,
    pub rate: Rate,
}

/// Everything `summary.json` holds.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Summary {
    pub game: String,
    pub players: usize,
    pub variant: String,
    pub seed: u64,
    pub games: usize,
    /// The agent specs as given, and whether seats were rotated.
    pub agents: Vec<String>,
    pub rotated: bool,
    pub by_seat: Vec<Group>,
    pub by_agent: Vec<Group>,
    pub by_faction: Vec<Group>,
    /// Games with no single winner.
    pub draws: Rate,
    pub turns: Spread,
    pub actions: Spread,
    /// Per seat.
    pub scores: Vec<Spread>,
    /// Win rate of the player who made the first decision, minus the fair share 1/players.
    pub first_mover_advantage: f64,
    pub first_mover: Rate,
    /// Largest minus smallest win rate across seats, and across factions.
    pub seat_spread: f64,
    pub faction_spread: Option<f64>,
    /// How often the heuristic's leader at three quarters of the game won (games with a leader).
    pub decisiveness: Option<Rate>,
    pub lead_changes: Spread,
    /// Mean legal actions per decision.
    pub branching: f64,
    pub millis_per_game: Spread,
}

fn rates<K: Ord + Clone>(items: impl Iterator<Item = (K, f64)>) -> BTreeMap<K, (f64, usize)> {
    let mut out: BTreeMap<K, (f64, usize)> = BTreeMap::new();
    for (k, won) in items {
        let e = out.entry(k).or_default();
        e.0 += won;
        e.1 += 1;
    }
    out
}

fn spread_of(groups: &[Group]) -> f64 {
    let rates: Vec<f64> = groups.iter().map(|g| g.rate.rate).collect();
    let max = rates.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = rates.iter().copied().fold(f64::INFINITY, f64::min);
    if rates.is_empty() { 0.0 } else { max - min }
}

impl Summary {
    /// Summarises the records of a run. A seat's "win" is its return: 1 for a lone win, shared
    /// equally among tied winners.
    pub fn new(
        game: &str,
        players: usize,
        variant: &str,
        seed: u64,
        agents: &[String],
        rotated: bool,
        records: &[GameRecord],
    ) -> Summary {
        let by_seat: Vec<Group> = (0..players)
            .map(|s| {
                let wins: f64 = records.iter().map(|r| r.returns.get(s).copied().unwrap_or(0.0)).sum();
                Group { name: format!("P{}", s + 1), rate: Rate::new(wins, records.len()) }
            })
            .collect();
        let group = |m: BTreeMap<String, (f64, usize)>| -> Vec<Group> {
            m.into_iter().map(|(name, (w, n))| Group { name, rate: Rate::new(w, n) }).collect()
        };
        let by_agent =
            group(rates(records.iter().flat_map(|r| r.seats.iter().cloned().zip(r.returns.iter().copied()))));
        let by_faction = group(rates(
            records.iter().flat_map(|r| r.factions.iter().zip(&r.returns).filter_map(|(f, w)| Some((f.clone()?, *w)))),
        ));
        let draws = records.iter().filter(|r| r.winners.len() != 1).count();
        let first: f64 = records.iter().map(|r| r.returns.get(r.first_mover).copied().unwrap_or(0.0)).sum();
        let first_mover = Rate::new(first, records.len());
        let led: Vec<&GameRecord> = records.iter().filter(|r| r.leader_at_three_quarters.is_some()).collect();
        let decisive: f64 = led
            .iter()
            .map(|r| r.leader_at_three_quarters.map_or(0.0, |l| if r.winners.contains(&l) { 1.0 } else { 0.0 }))
            .sum();
        Summary {
            game: game.to_owned(),
            players,
            variant: variant.to_owned(),
            seed,
            games: records.len(),
            agents: agents.to_vec(),
            rotated,
            seat_spread: spread_of(&by_seat),
            faction_spread: (!by_faction.is_empty()).then(|| spread_of(&by_faction)),
            by_seat,
            by_agent,
            by_faction,
            draws: Rate::new(draws as f64, records.len()),
            turns: Spread::of(records.iter().map(|r| r.turns as f64)),
            actions: Spread::of(records.iter().map(|r| r.actions as f64)),
            scores: (0..players)
                .map(|s| Spread::of(records.iter().filter_map(|r| r.scores.get(s).map(|&x| x as f64))))
                .collect(),
            first_mover_advantage: first_mover.rate - 1.0 / players as f64,
            first_mover,
            decisiveness: (!led.is_empty()).then(|| Rate::new(decisive, led.len())),
            lead_changes: Spread::of(records.iter().map(|r| r.lead_changes as f64)),
            branching: if records.is_empty() {
                0.0
            } else {
                records.iter().map(|r| r.branching).sum::<f64>() / records.len() as f64
            },
            millis_per_game: Spread::of(records.iter().map(|r| r.millis)),
        }
    }

    /// The summary as a Markdown document (also printed by `worlds sim`).
    pub fn markdown(&self) -> String {
        let mut o = String::new();
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let rate = |r: &Rate| format!("{} [{} – {}]", pct(r.rate), pct(r.low), pct(r.high));
        let _ = writeln!(
            o,
            "# {} · {} players · {} · {} games · seed {}",
            self.game, self.players, self.variant, self.games, self.seed
        );
        let _ = writeln!(o);
        let _ =
            writeln!(o, "Agents: {}{}.", self.agents.join(", "), if self.rotated { " (seats rotated)" } else { "" });
        let _ = writeln!(o, "Win rates count a shared win as a share; brackets are 95% Wilson intervals.");
        for (title, groups) in [("seat", &self.by_seat), ("agent", &self.by_agent), ("faction", &self.by_faction)] {
            if groups.is_empty() {
                continue;
            }
            let _ = writeln!(o);
            let _ = writeln!(o, "| {title} | games | win rate [95% interval] |");
            let _ = writeln!(o, "|---|---:|---|");
            for g in groups.iter() {
                let _ = writeln!(o, "| {} | {} | {} |", g.name, g.rate.games, rate(&g.rate));
            }
        }
        let _ = writeln!(o);
        let _ = writeln!(o, "| measure | value |");
        let _ = writeln!(o, "|---|---|");
        let spread = |s: &Spread| {
            format!("mean {:.1}, median {:.0}, 5th–95th percentile {:.0}–{:.0}", s.mean, s.median, s.p5, s.p95)
        };
        let _ = writeln!(o, "| draws (no single winner) | {} |", rate(&self.draws));
        let _ = writeln!(o, "| game length, turns | {} |", spread(&self.turns));
        let _ = writeln!(o, "| game length, actions | {} |", spread(&self.actions));
        let _ = writeln!(
            o,
            "| first-mover win rate | {} (fair share {}; advantage {:+.1} points) |",
            rate(&self.first_mover),
            pct(1.0 / self.players as f64),
            100.0 * self.first_mover_advantage
        );
        let _ = writeln!(o, "| balance: seat win-rate spread | {:.1} points |", 100.0 * self.seat_spread);
        if let Some(f) = self.faction_spread {
            let _ = writeln!(o, "| balance: faction win-rate spread | {:.1} points |", 100.0 * f);
        }
        if let Some(d) = &self.decisiveness {
            let _ = writeln!(o, "| decisiveness: the leader at ¾ of the game wins | {} |", rate(d));
        }
        let _ = writeln!(o, "| lead changes per game | {} |", spread(&self.lead_changes));
        let _ = writeln!(o, "| branching factor (legal actions per decision) | {:.1} |", self.branching);
        let _ = writeln!(
            o,
            "| time per game | mean {:.1} ms, 95th percentile {:.1} ms |",
            self.millis_per_game.mean, self.millis_per_game.p95
        );
        for (s, sc) in self.scores.iter().enumerate() {
            let _ = writeln!(
                o,
                "| P{} score | mean {:.1}, 5th–95th percentile {:.0}–{:.0} |",
                s + 1,
                sc.mean,
                sc.p5,
                sc.p95
            );
        }
        o
    }
}
