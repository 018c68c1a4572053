//! Who sits in each seat: a person at the keyboard or a bot, as `--seats` or a saved match says.

use anyhow::{Context as _, bail};
use worlds_agents::AgentSpec;

/// Who sits in a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Seat {
    Human,
    Bot(AgentSpec),
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Bot(spec) => spec.fmt(f),
        }
    }
}

/// The seats as given in `source` (`--seats`, or the saved match's seats), the last repeating.
pub(super) fn parse_seats(given: &[String], players: usize, source: &str) -> anyhow::Result<Vec<Seat>> {
    if given.len() > players {
        bail!("{source} lists {} seats for {players} players", given.len());
    }
    let mut seats = Vec::with_capacity(players);
    for text in given {
        seats.push(match text.trim() {
            "human" | "me" => Seat::Human,
            other => Seat::Bot(
                other.parse().with_context(|| format!("{source}: `{other}` is neither `human` nor an agent"))?,
            ),
        });
    }
    if seats.is_empty() {
        seats.push(Seat::Human);
        seats.push(Seat::Bot(AgentSpec::Random));
    }
    while seats.len() < players {
        let last = seats.last().copied().unwrap_or(Seat::Bot(AgentSpec::Random));
        seats.push(last);
    }
    seats.truncate(players);
    Ok(seats)
}
