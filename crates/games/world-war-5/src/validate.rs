//! Is a state (e.g. one read from JSON) possible in this game? Every check names its field.

use worlds_engine::{Game as _, Player, StateError};

use crate::piece::Size;
use crate::rules::WorldWar5;
use crate::state::{Ending, Phase, State};
use crate::territory::Continent;

fn bad(field: impl Into<String>, reason: impl Into<String>) -> Result<(), StateError> {
    Err(StateError::invalid(field, reason))
}

/// The seats from `first`, clockwise, that have already acted in a setup round led by `first`
/// and now at `active`.
fn before_active(s: &State) -> impl Iterator<Item = Player> + '_ {
    s.first.clockwise_from(s.players()).take_while(move |&p| p != s.active)
}

pub(crate) fn validate(game: &WorldWar5, s: &State) -> Result<(), StateError> {
    let n = s.players();
    if n != game.config().players {
        return bad("homes", format!("{n} seats given, but this game has {} players", game.config().players));
    }

    for (i, c) in s.homes.values().enumerate() {
        if let Some(c) = c
            && s.homes.values().take(i).any(|h| *h == Some(*c))
        {
            return bad("homes", format!("{} is the home of two players", c.name()));
        }
    }
    // Pieces only for players with a home.
    for p in Player::all(n) {
        if s.owned_by(p) != 0 && s.home(p).is_none() {
            return bad("board", format!("{p} has pieces on the board but no home continent"));
        }
    }
    if let Some(c) = &s.last_combat {
        for (field, p) in [("last_combat.attacker", c.attacker), ("last_combat.defender", c.defender)] {
            if p.index() >= n {
                return bad(field, format!("seat {} does not exist", p.index()));
            }
        }
        if c.attack.len() != usize::from(c.attacker_size.pips())
            || c.defence.len() != usize::from(c.defender_size.pips())
        {
            return bad("last_combat", "a piece rolls as many dice as it has pips (WW5-COMBAT-1)");
        }
        if c.attack.iter().chain(&c.defence).any(|d| !(1..=6).contains(d)) {
            return bad("last_combat", "dice show 1 to 6");
        }
    }
    match s.phase {
        Phase::ChooseHome => {
            if s.occupied() != 0 {
                return bad("board", "no piece is placed before every home is chosen");
            }
            if s.turn != 0 {
                return bad("turn", "turns are counted from the first turn after setup; it is 0 during setup");
            }
            for p in s.first.clockwise_from(n) {
                let should_have = before_active(s).any(|q| q == p);
                if s.home(p).is_some() != should_have {
                    return bad(
                        "homes",
                        format!(
                            "homes are chosen in turn order from {} and {} chooses now, so {p} {} a home",
                            s.first,
                            s.active,
                            if should_have { "must have" } else { "cannot have" }
                        ),
                    );
                }
            }
        }
        Phase::Place(size) => {
            if s.turn != 0 {
                return bad("turn", "it is 0 during setup");
            }
            for p in Player::all(n) {
                let Some(home) = s.home(p) else {
                    return bad("homes", format!("{p} has no home, but placement has begun"));
                };
                if s.owned_by(p) & !home.mask() != 0 {
                    return bad("board", format!("{p} has a piece off their home continent during setup"));
                }
                let placed_now = before_active(s).any(|q| q == p);
                for other in Size::ALL {
                    let expected = other < size || (other == size && placed_now);
                    let count = (s.owned_by(p) & s.sized[other.index()]).count_ones();
                    if count != u32::from(expected) {
                        return bad(
                            "board",
                            format!(
                                "during the placement of {size} pieces, {p} should have {} {other} on the board, not {count}",
                                u32::from(expected)
                            ),
                        );
                    }
                }
            }
        }
        Phase::Play | Phase::Retreat { .. } | Phase::Over(_) => {
            if s.turn == 0 || s.turn > game.turn_cap() {
                return bad("turn", format!("must be between 1 and the turn cap {}", game.turn_cap()));
            }
            for p in Player::all(n) {
                let Some(home) = s.home(p) else { return bad("homes", format!("{p} has no home after setup")) };
                let own = s.owned_by(p);
                if own != 0 && own & home.mask() == 0 {
                    return bad(
                        "board",
                        format!(
                            "{p} has no piece at home but pieces elsewhere; an eliminated player's pieces leave the board (WW5-ELIM-1)"
                        ),
                    );
                }
            }
            let players_in = s.players_in();
            match s.phase {
                Phase::Over(ending) => validate_ending(s, ending)?,
                _ => {
                    if !s.is_in(s.active) {
                        return bad("active", format!("{} is eliminated and cannot be the active player", s.active));
                    }
                    if players_in.len() < 2 {
                        return bad("board", "fewer than two players are still in, so the game should be over");
                    }
                    for p in players_in.iter() {
                        let own = s.owned_by(p);
                        if Continent::ALL.iter().any(|&c| Some(c) != s.home(p) && own & c.mask() == c.mask()) {
                            return bad(
                                "board",
                                format!("{p} holds another whole continent, so the game should be over (WW5-WIN-1)"),
                            );
                        }
                    }
                }
            }
            if let Phase::Retreat { from, contested } = s.phase {
                if s.owner_at(from) != Some(s.active) {
                    return bad("phase.retreat.from", format!("{from} must hold the attacker {}'s piece", s.active));
                }
                match s.owner_at(contested) {
                    Some(d) if d != s.active => {}
                    _ => return bad("phase.retreat.contested", format!("{contested} must hold the defender's piece")),
                }
                if !game.board().borders(from, contested) {
                    return bad("phase.retreat", format!("{from} is not connected to {contested}"));
                }
                if game.retreat_options(s, from, contested) == 0 {
                    return bad(
                        "phase.retreat",
                        format!("nothing borders {contested} that the defender could retreat into"),
                    );
                }
            }
        }
    }
    Ok(())
}

fn validate_ending(s: &State, ending: Ending) -> Result<(), StateError> {
    let n = s.players();
    let seat_ok = |p: Player| p.index() < n;
    match ending {
        Ending::Conquest { player, continent } => {
            if !seat_ok(player) {
                return bad("phase.over.conquest.player", "no such seat");
            }
            if s.owned_by(player) & continent.mask() != continent.mask() || s.home(player) == Some(continent) {
                return bad(
                    "phase.over.conquest",
                    format!("{player} does not hold all of {}, another continent", continent.name()),
                );
            }
        }
        Ending::LastStanding { player } => {
            if !seat_ok(player) || s.players_in() != worlds_engine::PlayerSet::only(player) {
                return bad("phase.over.last-standing", format!("{player} is not the only player left"));
            }
        }
        Ending::TurnCap { among } | Ending::NobodyLeft { among } => {
            if among.is_empty() || among.iter().any(|p| !seat_ok(p)) {
                return bad("phase.over", "a draw is shared among existing seats");
            }
        }
    }
    Ok(())
}
