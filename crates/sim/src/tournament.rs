//! Tournaments: every agent in every seat, balanced; ratings and head-to-head results.

use serde::{Deserialize, Serialize};
use skillratings::elo::{EloConfig, EloRating, elo};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};
use worlds_agents::AgentSpec;
use worlds_engine::Config;
use worlds_registry::RegistryError;

use crate::SimError;
use crate::format::{self, Align, Table, json, percent};
use crate::play::{GameRecord, PlayAll};
use crate::stats::Rate;

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rating {
    pub agent: String,
    /// Elo (two players) or Weng-Lin mu (more players); one decimal in JSON.
    #[serde(serialize_with = "json::rating")]
    pub rating: f64,
    /// Weng-Lin sigma; Elo has none. Two decimals in JSON.
    #[serde(serialize_with = "json::measure_opt")]
    pub uncertainty: Option<f64>,
    pub games: usize,
    /// Share of wins (shared wins count as shares).
    pub score: Rate,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct HeadToHead {
    pub agent: String,
    pub opponent: String,
    /// Games in which both played.
    pub games: usize,
    /// How often `agent` finished ahead of `opponent` (ties count half).
    pub rate: Rate,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TournamentResult {
    pub game: String,
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub system: String,
    pub ratings: Vec<Rating>,
    pub head_to_head: Vec<HeadToHead>,
    #[serde(skip)]
    pub records: Vec<GameRecord>,
}

/// The orderings of distinct agents a tournament cycles through: with at least as many agents as
/// seats (and at most eight), every ordering, so each agent meets each other in every seat; else
/// none (a rotation is used, agents repeating).
fn orders(agents: &[AgentSpec], players: usize) -> Vec<Vec<usize>> {
    let k = agents.len();
    let mut orders: Vec<Vec<usize>> = Vec::new();
    if k >= players && k <= 8 {
        fn extend(prefix: &mut Vec<usize>, k: usize, n: usize, out: &mut Vec<Vec<usize>>) {
            if prefix.len() == n {
                out.push(prefix.clone());
                return;
            }
            for a in 0..k {
                if !prefix.contains(&a) {
                    prefix.push(a);
                    extend(prefix, k, n, out);
                    prefix.pop();
                }
            }
        }
        extend(&mut Vec::new(), k, players, &mut orders);
    }
    orders
}

/// The lineup of game `i`: the orderings in turn, or a rotation.
fn lineup(agents: &[AgentSpec], orders: &[Vec<usize>], players: usize, i: usize) -> Vec<AgentSpec> {
    match orders.get(i % orders.len().max(1)) {
        Some(order) => order.iter().map(|&a| agents[a]).collect(),
        None => (0..players).map(|j| agents[(i + j) % agents.len()]).collect(),
    }
}

/// Plays a tournament and rates the agents.
///
/// # Errors
/// An unknown game, a bad config, or fewer than two agents.
pub fn tournament(
    game: &str,
    config: &Config,
    agents: &[AgentSpec],
    games: usize,
    seed: u64,
    progress: impl Fn() + Sync,
) -> Result<TournamentResult, SimError> {
    if agents.len() < 2 {
        return Err(SimError::Setup("a tournament needs at least two agents".into()));
    }
    let names: Vec<String> = agents.iter().map(ToString::to_string).collect();
    if let Some(dup) = names.iter().enumerate().find_map(|(i, n)| names[..i].contains(n).then_some(n)) {
        return Err(SimError::Setup(format!("agent `{dup}` is listed twice")));
    }
    crate::check_games(games)?;
    let info = worlds_registry::find(game)?;
    info.check(config).map_err(RegistryError::from)?;
    let n = config.players;
    let orders = orders(agents, n);
    let lineup = |i: usize| lineup(agents, &orders, n, i);
    let records =
        worlds_registry::with_game(game, config, PlayAll { games: 0..games, lineup, seed, progress, count: &[] })??;
    let index = |name: &str| names.iter().position(|x| x == name).unwrap_or(0);
    let mut counts = vec![0usize; names.len()];
    let mut wins = vec![0.0f64; names.len()];
    for r in &records {
        for (s, name) in r.seats.iter().enumerate() {
            counts[index(name)] += 1;
            wins[index(name)] += r.returns.get(s).copied().unwrap_or(0.0);
        }
    }
    let (system, ratings): (&str, Vec<(f64, Option<f64>)>) = if n == 2 {
        let mut elo_ratings = vec![EloRating::new(); names.len()];
        let cfg = EloConfig::new();
        for r in &records {
            let (a, b) = (index(&r.seats[0]), index(&r.seats[1]));
            if a == b {
                continue;
            }
            let result = match r.ranks[0].cmp(&r.ranks[1]) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (na, nb) = elo(&elo_ratings[a], &elo_ratings[b], &result, &cfg);
            elo_ratings[a] = na;
            elo_ratings[b] = nb;
        }
        ("elo", elo_ratings.iter().map(|r| (r.rating, None)).collect())
    } else {
        let mut wl = vec![WengLinRating::new(); names.len()];
        let cfg = WengLinConfig::new();
        for r in &records {
            let teams: Vec<[WengLinRating; 1]> = r.seats.iter().map(|s| [wl[index(s)]]).collect();
            let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(&r.ranks)
                .map(|(t, &rank)| (&t[..], MultiTeamOutcome::new(usize::from(rank))))
                .collect();
            let updated = weng_lin_multi_team(&input, &cfg);
            let mut seen = vec![false; names.len()];
            for (s, name) in r.seats.iter().enumerate() {
                let i = index(name);
                if !seen[i] {
                    seen[i] = true;
                    if let Some(team) = updated.get(s).and_then(|t| t.first()) {
                        wl[i] = *team;
                    }
                }
            }
        }
        ("weng-lin", wl.iter().map(|r| (r.rating, Some(r.uncertainty))).collect())
    };
    let mut table: Vec<Rating> = names
        .iter()
        .enumerate()
        .map(|(i, name)| Rating {
            agent: name.clone(),
            rating: ratings[i].0,
            uncertainty: ratings[i].1,
            games: counts[i],
            score: Rate::new(wins[i], counts[i]),
        })
        .collect();
    table.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    let mut head_to_head = Vec::new();
    for a in &names {
        for b in names.iter().filter(|b| *b != a) {
            let (mut games, mut ahead) = (0usize, 0.0f64);
            for r in &records {
                let (Some(sa), Some(sb)) = (r.seats.iter().position(|s| s == a), r.seats.iter().position(|s| s == b))
                else {
                    continue;
                };
                games += 1;
                ahead += match r.ranks[sa].cmp(&r.ranks[sb]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
            }
            head_to_head.push(HeadToHead {
                agent: a.clone(),
                opponent: b.clone(),
                games,
                rate: Rate::new(ahead, games),
            });
        }
    }
    Ok(TournamentResult {
        game: game.to_owned(),
        players: n,
        games: records.len(),
        seed,
        system: system.to_owned(),
        ratings: table,
        head_to_head,
        records,
    })
}

impl TournamentResult {
    /// The rating table and head-to-head matrix as Markdown, columns aligned: Elo as a whole
    /// number, Weng-Lin with one decimal, shares as percentages with one decimal.
    pub fn markdown(&self) -> String {
        use std::fmt::Write as _;
        let mut o = String::new();
        let _ = writeln!(
            o,
            "# Tournament: {} · {} players · {} games · seed {}",
            self.game, self.players, self.games, self.seed
        );
        let _ = writeln!(o);
        // Weng-Lin's heading would be too wide for the column: its start is said under the table.
        let (heading, note) = if self.system == "elo" {
            ("rating: Elo (start 1000)", "Elo ratings are updated game by game, from 1000.")
        } else {
            ("rating: mu ± sigma", "Weng-Lin ratings (mu ± sigma) are updated game by game, from 25 ± 8.3.")
        };
        let mut t = Table::new(&[
            ("agent", Align::Left),
            (heading, Align::Right),
            ("games", Align::Right),
            ("win share", Align::Right),
            ("95% interval", Align::Left),
        ]);
        for r in &self.ratings {
            let rating = match r.uncertainty {
                Some(u) => format!("{} ± {}", format::number(r.rating, 1), format::number(u, 1)),
                None => format::number(r.rating, 0),
            };
            t.row([
                r.agent.clone(),
                rating,
                r.games.to_string(),
                percent(r.score.rate),
                format!("{:>6} – {:>6}", percent(r.score.low), percent(r.score.high)),
            ]);
        }
        o.push_str(&t.render());
        let _ = writeln!(o);
        let _ = writeln!(o, "{note}");
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "Head to head: how often the row's agent finished ahead of the column's (ties count half), and in how many games."
        );
        let _ = writeln!(o);
        let names: Vec<&str> = self.ratings.iter().map(|r| r.agent.as_str()).collect();
        let mut columns = vec![("", Align::Left)];
        columns.extend(names.iter().map(|n| (*n, Align::Right)));
        let mut t = Table::new(&columns);
        for a in &names {
            let mut cells = vec![(*a).to_owned()];
            cells.extend(names.iter().map(
                |b| match self.head_to_head.iter().find(|h| h.agent == *a && h.opponent == *b) {
                    Some(h) if h.games > 0 => format!("{} of {}", percent(h.rate.rate), h.games),
                    _ => "—".into(),
                },
            ));
            t.row(cells);
        }
        o.push_str(&t.render());
        o
    }
}
