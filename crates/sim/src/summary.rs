//! The summary of a run: what a designer asks first (is it balanced?), as JSON and Markdown.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::format::{self, Align, Table, json, percent, points};
use crate::play::GameRecord;
use crate::stats::{Rate, Spread};

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Group {
    pub name: String,
    pub rate: Rate,
}

/// The scores of one agent, over every seat it played.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ScoreGroup {
    pub name: String,
    pub scores: Spread,
}

/// Everything `summary.json` holds. Shares (win rates, spreads, the first-mover advantage) are
/// fractions of 1 written with four decimals; other measures with two.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Summary {
    pub game: String,
    pub players: usize,
    pub variant: String,
    pub seed: u64,
    pub games: usize,
    /// The agent specs as given (the last fills the remaining seats), and whether seats were
    /// rotated.
    pub agents: Vec<String>,
    pub rotated: bool,
    pub by_seat: Vec<Group>,
    /// By win rate, highest first.
    pub by_agent: Vec<Group>,
    /// By win rate, highest first.
    pub by_faction: Vec<Group>,
    /// Games with no single winner.
    pub draws: Rate,
    pub turns: Spread,
    pub actions: Spread,
    /// Per seat; empty (and left out of the JSON) for a game that keeps no scores of its own,
    /// only a win or a loss (World War 5, connect-four): see [`Summary::has_scores`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<Spread>,
    /// Per agent, in the order of `by_agent`; empty when the game keeps no scores.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores_by_agent: Vec<ScoreGroup>,
    /// Win rate of the player who made the first decision, minus the fair share 1/players.
    #[serde(serialize_with = "json::share")]
    pub first_mover_advantage: f64,
    pub first_mover: Rate,
    /// Largest minus smallest win rate across seats, and across factions.
    #[serde(serialize_with = "json::share")]
    pub seat_spread: f64,
    #[serde(serialize_with = "json::share_opt")]
    pub faction_spread: Option<f64>,
    /// How often the heuristic's leader at three quarters of the game won (games with a leader).
    pub decisiveness: Option<Rate>,
    pub lead_changes: Spread,
    /// Mean legal actions per decision.
    #[serde(serialize_with = "json::measure")]
    pub branching: f64,
    pub millis_per_game: Spread,
    /// With `--count`: each counted action, most taken first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counted: Vec<Counted>,
    /// How the games ended (the game's words), most frequent first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub endings: Vec<(String, Rate)>,
    /// What the game counts in a finished game ([`worlds_engine::Game::measures`]), in its order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measures: Vec<Measured>,
}

/// Whether the records carry scores of the game's own: a game without them scores 1 for a win
/// and 0 otherwise, so its scores say nothing the win rates do not.
fn keeps_scores(records: &[GameRecord]) -> bool {
    records.iter().any(|r| r.scores.iter().enumerate().any(|(s, &x)| x != i64::from(r.winners.contains(&s))))
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
        // Highest win rate first; equal rates by name.
        let group = |m: BTreeMap<String, (f64, usize)>| -> Vec<Group> {
            let mut groups: Vec<Group> =
                m.into_iter().map(|(name, (w, n))| Group { name, rate: Rate::new(w, n) }).collect();
            groups.sort_by(|a, b| b.rate.rate.total_cmp(&a.rate.rate).then_with(|| a.name.cmp(&b.name)));
            groups
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
        let scored = keeps_scores(records);
        let scores_by_agent = if scored {
            by_agent
                .iter()
                .map(|g| ScoreGroup {
                    name: g.name.clone(),
                    scores: Spread::of(records.iter().flat_map(|r| {
                        r.seats.iter().zip(&r.scores).filter(|(a, _)| **a == g.name).map(|(_, &x)| x as f64)
                    })),
                })
                .collect()
        } else {
            Vec::new()
        };
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
            scores: if scored {
                (0..players)
                    .map(|s| Spread::of(records.iter().filter_map(|r| r.scores.get(s).map(|&x| x as f64))))
                    .collect()
            } else {
                Vec::new()
            },
            scores_by_agent,
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
            counted: Counted::of(records),
            measures: Measured::of(records),
            endings: {
                let mut counts: BTreeMap<String, usize> = BTreeMap::new();
                for r in records {
                    if let Some(e) = &r.ending {
                        *counts.entry(e.clone()).or_default() += 1;
                    }
                }
                let mut endings: Vec<(String, Rate)> =
                    counts.into_iter().map(|(e, k)| (e, Rate::new(k as f64, records.len()))).collect();
                endings.sort_by(|a, b| b.1.wins.total_cmp(&a.1.wins).then_with(|| a.0.cmp(&b.0)));
                endings
            },
        }
    }

    /// Whether the game keeps scores of its own (Woobieworld does; World War 5 and connect-four
    /// only win or lose).
    pub fn has_scores(&self) -> bool {
        !self.scores.is_empty()
    }

    /// Who sat where: the specs as given, the last filling the remaining seats.
    pub fn lineup(&self) -> Vec<&str> {
        (0..self.players)
            .filter_map(|j| self.agents.get(j.min(self.agents.len().saturating_sub(1))))
            .map(String::as_str)
            .collect()
    }

    /// The summary as a Markdown document (also printed by `worlds sim`): aligned tables,
    /// percentages with one decimal.
    pub fn markdown(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "# {} · {} players · {} · {} games · seed {}",
            self.game, self.players, self.variant, self.games, self.seed
        );
        let _ = writeln!(o);
        let lineup = self.lineup();
        if lineup.windows(2).all(|w| w[0] == w[1]) {
            let _ = writeln!(o, "Every seat: {}.", lineup.first().unwrap_or(&"no agent"));
        } else {
            let _ = writeln!(
                o,
                "Seats P1 to P{}: {}{}.",
                self.players,
                lineup.join(", "),
                if self.rotated { ", rotated every game so each plays every seat equally often" } else { "" }
            );
        }
        let _ = writeln!(
            o,
            "Win rates count a shared win as a share; intervals are 95% Wilson intervals; the fair share is {}.",
            percent(1.0 / self.players as f64)
        );
        // Both ends padded to the width of `100.0%`, so the dashes line up.
        let interval = |r: &Rate| format!("{:>6} – {:>6}", percent(r.low), percent(r.high));
        for (title, groups) in [("seat", &self.by_seat), ("agent", &self.by_agent), ("faction", &self.by_faction)] {
            // One agent in every seat: its win rate is the fair share, said already.
            if groups.is_empty() || (title == "agent" && groups.len() < 2) {
                continue;
            }
            let mut t = Table::new(&[
                (title, Align::Left),
                ("games", Align::Right),
                ("win rate", Align::Right),
                ("95% interval", Align::Left),
            ]);
            for g in groups.iter() {
                t.row([g.name.clone(), g.rate.games.to_string(), percent(g.rate.rate), interval(&g.rate)]);
            }
            let _ = writeln!(o);
            o.push_str(&t.render());
            if title == "agent" {
                let many: Vec<String> = groups
                    .iter()
                    .filter_map(|g| {
                        let seats = lineup.iter().filter(|a| **a == g.name).count();
                        (seats > 1).then(|| format!("{} sat in {seats} seats of every game", g.name))
                    })
                    .collect();
                if !many.is_empty() {
                    let _ = writeln!(o);
                    let _ = writeln!(o, "{}: each seat counts as a game.", many.join("; "));
                }
            }
        }
        let whole = |x: f64| if x.fract() == 0.0 { format!("{x:.0}") } else { format::number(x, 1) };
        let spread = |s: &Spread| {
            format!(
                "mean {}, median {}, 5th–95th percentile {}–{}",
                format::number(s.mean, 1),
                whole(s.median),
                whole(s.p5),
                whole(s.p95)
            )
        };
        let ms = |x: f64| format::number(x, if x < 10.0 { 2 } else { 1 });
        let mut t = Table::new(&[("measure", Align::Left), ("value", Align::Left)]);
        t.row(["draws (no single winner)".to_owned(), format::rate(&self.draws)]);
        t.row(["game length, turns".to_owned(), spread(&self.turns)]);
        t.row(["game length, actions".to_owned(), spread(&self.actions)]);
        t.row([
            "first-mover win rate".to_owned(),
            format!(
                "{} vs fair {}: {}",
                format::rate(&self.first_mover),
                percent(1.0 / self.players as f64),
                points(self.first_mover_advantage)
            ),
        ]);
        t.row([
            "balance: seat win-rate spread".to_owned(),
            format!("{} (highest minus lowest)", points(self.seat_spread).trim_start_matches('+')),
        ]);
        if let Some(f) = self.faction_spread {
            t.row([
                "balance: faction win-rate spread".to_owned(),
                format!("{} (highest minus lowest)", points(f).trim_start_matches('+')),
            ]);
        }
        if let Some(d) = &self.decisiveness {
            t.row(["decisiveness: leader at ¾ of the game wins".to_owned(), format::rate(d)]);
        }
        t.row(["lead changes per game".to_owned(), spread(&self.lead_changes)]);
        t.row(["branching: legal actions per decision".to_owned(), format::number(self.branching, 1)]);
        t.row([
            "time per game".to_owned(),
            format!("mean {} ms, 95th percentile {} ms", ms(self.millis_per_game.mean), ms(self.millis_per_game.p95)),
        ]);
        let _ = writeln!(o);
        o.push_str(&t.render());
        if !self.counted.is_empty() {
            let _ = writeln!(o);
            let _ = writeln!(
                o,
                "Counted actions: how often taken, and the win rate of a seat that took it in a game (fair: {}):",
                percent(1.0 / self.players as f64)
            );
            let _ = writeln!(o);
            let mut c = Table::new(&[
                ("action", Align::Left),
                ("per game", Align::Right),
                ("games with it", Align::Right),
                ("takers win", Align::Right),
                ("95% interval", Align::Left),
            ]);
            for row in &self.counted {
                c.row([
                    row.action.clone(),
                    format::number(row.per_game, 2),
                    percent(row.games.rate),
                    percent(row.takers_win.rate),
                    format!("{} – {}", percent(row.takers_win.low), percent(row.takers_win.high)),
                ]);
            }
            o.push_str(&c.render());
        }
        if !self.measures.is_empty() {
            let _ = writeln!(o);
            let _ = writeln!(o, "Measures as the game counts them, per game (a yes-or-no measure is 1 or 0):");
            let _ = writeln!(o);
            let mut m = Table::new(&[
                ("measure", Align::Left),
                ("mean", Align::Right),
                ("median", Align::Right),
                ("5th–95th percentile", Align::Right),
                ("min–max", Align::Right),
                ("games above 0", Align::Right),
                ("95% interval", Align::Left),
            ]);
            for x in &self.measures {
                let v = &x.values;
                m.row([
                    x.name.clone(),
                    format::number(v.mean, 2),
                    whole(v.median),
                    format!("{}–{}", whole(v.p5), whole(v.p95)),
                    format!("{}–{}", whole(v.min), whole(v.max)),
                    percent(x.above_zero.rate),
                    format!("{} – {}", percent(x.above_zero.low), percent(x.above_zero.high)),
                ]);
            }
            o.push_str(&m.render());
        }
        if !self.endings.is_empty() {
            let _ = writeln!(o);
            let mut e = Table::new(&[
                ("how the game ended", Align::Left),
                ("share", Align::Right),
                ("95% interval", Align::Left),
            ]);
            for (text, rate) in self.endings.iter().take(ENDINGS_SHOWN) {
                e.row([text.clone(), percent(rate.rate), format!("{} – {}", percent(rate.low), percent(rate.high))]);
            }
            if let Some(rest) = self.endings.get(ENDINGS_SHOWN..).filter(|r| !r.is_empty()) {
                let k: f64 = rest.iter().map(|(_, r)| r.wins).sum();
                let r = Rate::new(k, self.games);
                e.row([
                    format!("{} other endings (all of them in summary.json)", rest.len()),
                    percent(r.rate),
                    format!("{} – {}", percent(r.low), percent(r.high)),
                ]);
            }
            o.push_str(&e.render());
        }
        if self.has_scores() {
            let _ = writeln!(o);
            let _ = writeln!(o, "Scores as the game counts them:");
            let score_row = |t: &mut Table, name: &str, s: &Spread| {
                t.row([
                    name.to_owned(),
                    format::number(s.mean, 1),
                    whole(s.median),
                    format!("{}–{}", whole(s.p5), whole(s.p95)),
                ]);
            };
            let columns = |first| {
                Table::new(&[
                    (first, Align::Left),
                    ("mean score", Align::Right),
                    ("median", Align::Right),
                    ("5th–95th percentile", Align::Right),
                ])
            };
            let mut t = columns("seat");
            for (s, sc) in self.scores.iter().enumerate() {
                score_row(&mut t, &format!("P{}", s + 1), sc);
            }
            let _ = writeln!(o);
            o.push_str(&t.render());
            if self.scores_by_agent.len() > 1 {
                let mut t = columns("agent");
                for g in &self.scores_by_agent {
                    score_row(&mut t, &g.name, &g.scores);
                }
                let _ = writeln!(o);
                o.push_str(&t.render());
            }
        }
        o
    }
}

/// The most frequent endings the Markdown summary lists one by one; the rest share a row.
const ENDINGS_SHOWN: usize = 12;

/// A measure the game counts in each finished game ([`worlds_engine::Game::measures`]).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Measured {
    pub name: String,
    /// Over the games that report it.
    pub values: Spread,
    /// The share of those games where it is above 0 (for a yes-or-no measure, where it is yes).
    pub above_zero: Rate,
}

impl Measured {
    /// The measures of a run, in the order the game reports them.
    pub fn of(records: &[GameRecord]) -> Vec<Measured> {
        let mut names: Vec<&str> = Vec::new();
        for r in records {
            for (name, _) in &r.measures {
                if !names.contains(&name.as_str()) {
                    names.push(name);
                }
            }
        }
        names
            .into_iter()
            .map(|name| {
                let values: Vec<f64> = records
                    .iter()
                    .filter_map(|r| r.measures.iter().find(|(n, _)| n == name).map(|&(_, x)| x))
                    .collect();
                Measured {
                    name: name.to_owned(),
                    above_zero: Rate::new(values.iter().filter(|&&x| x > 0.0).count() as f64, values.len()),
                    values: Spread::of(values),
                }
            })
            .collect()
    }
}

/// A counted action (`worlds sim --count`): how often it was taken, and how the seats that took it
/// fared.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Counted {
    pub action: String,
    /// Times taken per game, all seats together.
    #[serde(serialize_with = "json::measure")]
    pub per_game: f64,
    /// The share of games in which some seat took it.
    pub games: Rate,
    /// The win rate (shares counted fractionally) of the seats that took it at least once in a game.
    pub takers_win: Rate,
}

impl Counted {
    /// The counted actions of a run, most taken first.
    pub fn of(records: &[GameRecord]) -> Vec<Counted> {
        let mut keys: BTreeMap<&str, (u64, usize, f64, usize)> = BTreeMap::new();
        for r in records {
            for (action, by_seat) in &r.counted {
                let e = keys.entry(action.as_str()).or_default();
                e.0 += by_seat.iter().map(|&k| u64::from(k)).sum::<u64>();
                e.1 += 1;
                for (seat, &k) in by_seat.iter().enumerate() {
                    if k > 0 {
                        e.2 += r.returns.get(seat).copied().unwrap_or(0.0);
                        e.3 += 1;
                    }
                }
            }
        }
        let n = records.len().max(1);
        let mut out: Vec<Counted> = keys
            .into_iter()
            .map(|(action, (total, games, won, takers))| Counted {
                action: action.to_owned(),
                per_game: total as f64 / n as f64,
                games: Rate::new(games as f64, records.len()),
                takers_win: Rate::new(won, takers),
            })
            .collect();
        out.sort_by(|a, b| b.per_game.total_cmp(&a.per_game).then_with(|| a.action.cmp(&b.action)));
        out
    }
}
