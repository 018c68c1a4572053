//! Positions from outside: [`Setup`] is a position as plain data (what JSON holds), and
//! [`from_setup`] turns it into a [`State`] only if a game could have reached it. Every refusal
//! names the JSON path of what is wrong.

use serde::{Deserialize, Serialize};
use worlds_engine::flow::Stack;
use worlds_engine::json::{UniqueMap, check_seat_count, check_seats};
use worlds_engine::{ByPlayer, Player, PlayerSet, StateError};

use crate::content::Content;
use crate::flow::retreat_options;
use crate::piece::{Piece, Size};
use crate::state::{Combat, Ending, STACK, State, Step};
use crate::territory::{Continent, Territory};

/// A position of World War 5 as plain data. Territories and continents are named by their ids,
/// exactly (`eu-north`, `eu`); each territory at most once.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The pending steps, bottom first: a setup step or the turn (`"play"`), and on top of the
    /// turn a retreat. Empty once the game is over.
    pub stack: Vec<Step>,
    /// How the game ended (with an empty stack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    pub first: Player,
    pub active: Player,
    /// The turn number: 0 during setup, from 1 once play starts.
    pub turn: u32,
    /// Each seat's home continent (`null` while not chosen).
    pub homes: Vec<Option<Continent>>,
    /// The pieces on the board, by territory id.
    pub board: UniqueMap<Territory, Piece>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_combat: Option<Combat>,
}

impl From<State> for Setup {
    fn from(s: State) -> Setup {
        Setup {
            stack: s.stack.iter().copied().collect(),
            ending: s.ending,
            first: s.first,
            active: s.active,
            turn: s.turn,
            homes: s.homes.values().copied().collect(),
            board: UniqueMap(Territory::ALL.into_iter().filter_map(|t| Some((t, s.piece(t)?))).collect()),
            last_combat: s.last_combat,
        }
    }
}

fn bad<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, StateError> {
    Err(StateError::invalid(field, reason))
}

/// The seats from `first`, clockwise, that have already acted in a setup round led by `first`
/// and now at `active`.
fn before_active(s: &State) -> impl Iterator<Item = Player> + '_ {
    s.first.clockwise_from(s.players()).take_while(move |&p| p != s.active)
}

/// The state a setup describes, if a game with `players` seats and this content could reach it.
///
/// # Errors
/// A [`StateError`] naming the JSON path of what is wrong.
pub fn from_setup(c: &Content, players: usize, j: Setup) -> Result<State, StateError> {
    let n = j.homes.len();
    check_seat_count("homes", n, players)?;
    check_seats(&[("first", j.first), ("active", j.active)], n)?;
    let mut s = State::empty(n, j.first);
    s.active = j.active;
    s.turn = j.turn;
    s.ending = j.ending;
    s.homes = ByPlayer::from_vec(j.homes).ok_or_else(|| StateError::invalid("homes", "too many seats"))?;
    s.stack = stack(&j.stack, j.ending)?;
    for (t, piece) in j.board.0 {
        if piece.player.index() >= n {
            return bad(
                format!("board.{t}"),
                format!("a piece of seat {}, which does not exist", piece.player.index()),
            );
        }
        s.put(t, piece);
    }
    for p in Player::all(n) {
        for size in Size::ALL {
            let on_board = (s.owned_by(p) & s.sized[size.index()]).count_ones();
            if on_board > u32::from(Size::PER_PLAYER) {
                return bad("board", format!("{p} has {on_board} {size} pieces on the board; each player has only 3"));
            }
        }
    }
    s.last_combat = j.last_combat;
    check(c, &s)?;
    Ok(s)
}

/// The stack's shape: one bottom step (setup or the turn), a retreat only on top of the turn,
/// and nothing once the game has ended.
fn stack(steps: &[Step], ending: Option<Ending>) -> Result<Stack<Step, STACK>, StateError> {
    match (steps, ending) {
        ([], Some(_)) => return Ok(Stack::new()),
        (_, Some(_)) => return bad("stack", "a game that has ended has no pending step"),
        ([], None) => return bad("stack", "a game in progress has a pending step (e.g. [\"play\"])"),
        _ => {}
    }
    let mut out = Stack::new();
    for (i, step) in steps.iter().enumerate() {
        let ok = match (i, step) {
            (0, Step::Retreat { .. }) => false,
            (0, _) => true,
            (1, Step::Retreat { .. }) => steps[0] == Step::Play,
            _ => false,
        };
        if !ok || i >= STACK {
            return bad(
                format!("stack[{i}]"),
                "the stack holds a setup step or the turn, and on top of the turn at most a retreat",
            );
        }
        out.push(*step);
    }
    Ok(out)
}

fn check(c: &Content, s: &State) -> Result<(), StateError> {
    let n = s.players();
    for (i, k) in s.homes.values().enumerate() {
        if let Some(k) = k
            && s.homes.values().take(i).any(|h| *h == Some(*k))
        {
            return bad(format!("homes[{i}]"), format!("{} is the home of two players", k.name()));
        }
    }
    // Pieces only for players with a home.
    for p in Player::all(n) {
        if s.owned_by(p) != 0 && s.home(p).is_none() {
            return bad("board", format!("{p} has pieces on the board but no home continent"));
        }
    }
    if let Some(k) = &s.last_combat {
        for (field, p) in [("last_combat.attacker", k.attacker), ("last_combat.defender", k.defender)] {
            if p.index() >= n {
                return bad(field, format!("seat {} does not exist", p.index()));
            }
        }
        if k.attack.len() != usize::from(k.attacker_size.pips())
            || k.defence.len() != usize::from(k.defender_size.pips())
        {
            return bad("last_combat", "a piece rolls as many dice as it has pips (WW5-COMBAT-1)");
        }
        if k.attack.iter().chain(&k.defence).any(|d| !(1..=6).contains(d)) {
            return bad("last_combat", "dice show 1 to 6");
        }
        if k.attacker == k.defender {
            return bad(
                "last_combat.defender",
                format!("{} invaded their own piece; an invasion attacks an enemy piece (WW5-INVADE-1)", k.attacker),
            );
        }
        if !c.board.borders(k.from, k.target) {
            return bad(
                "last_combat.target",
                format!(
                    "{} is not connected to {}; an invasion attacks a connected territory (WW5-INVADE-1)",
                    k.target, k.from
                ),
            );
        }
        if s.in_setup() {
            return bad("last_combat", "combats happen in turns, after setup (WW5-INVADE-1)");
        }
    }
    match s.stack.bottom() {
        Some(Step::ChooseHome) => check_choosing(s),
        Some(Step::Place(size)) => check_placing(s, *size),
        _ => check_play(c, s),
    }
}

fn check_choosing(s: &State) -> Result<(), StateError> {
    if s.occupied() != 0 {
        return bad("board", "no piece is placed before every home is chosen");
    }
    if s.turn != 0 {
        return bad("turn", "turns are counted from the first turn after setup; it is 0 during setup");
    }
    for p in s.first.clockwise_from(s.players()) {
        let should_have = before_active(s).any(|q| q == p);
        if s.home(p).is_some() != should_have {
            return bad(
                format!("homes[{}]", p.index()),
                format!(
                    "homes are chosen in turn order from {} and {} chooses now, so {p} {} a home",
                    s.first,
                    s.active,
                    if should_have { "must have" } else { "cannot have" }
                ),
            );
        }
    }
    Ok(())
}

fn check_placing(s: &State, size: Size) -> Result<(), StateError> {
    if s.turn != 0 {
        return bad("turn", "it is 0 during setup");
    }
    for p in Player::all(s.players()) {
        let Some(home) = s.home(p) else {
            return bad(format!("homes[{}]", p.index()), format!("{p} has no home, but placement has begun"));
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
    Ok(())
}

fn check_play(c: &Content, s: &State) -> Result<(), StateError> {
    if s.turn == 0 || s.turn > c.turn_cap {
        return bad("turn", format!("must be between 1 and the turn cap {}", c.turn_cap));
    }
    for p in Player::all(s.players()) {
        let Some(home) = s.home(p) else {
            return bad(format!("homes[{}]", p.index()), format!("{p} has no home after setup"));
        };
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
    if let Some(ending) = s.ending {
        return check_ending(c, s, ending);
    }
    if !s.is_in(s.active) {
        return bad("active", format!("{} is eliminated and cannot be the active player", s.active));
    }
    if players_in.len() < 2 {
        return bad("board", "fewer than two players are still in, so the game should be over");
    }
    for p in players_in.iter() {
        let own = s.owned_by(p);
        if Continent::ALL.iter().any(|&k| Some(k) != s.home(p) && own & k.mask() == k.mask()) {
            return bad("board", format!("{p} holds another whole continent, so the game should be over (WW5-WIN-1)"));
        }
    }
    if let Some(&Step::Retreat { from, contested }) = s.stack.top() {
        let field = |f: &str| format!("stack[1].retreat.{f}");
        if s.owner_at(from) != Some(s.active) {
            return bad(field("from"), format!("{from} must hold the attacker {}'s piece", s.active));
        }
        match s.owner_at(contested) {
            Some(d) if d != s.active => {}
            _ => return bad(field("contested"), format!("{contested} must hold the defender's piece")),
        }
        if !c.board.borders(from, contested) {
            return bad("stack[1].retreat", format!("{from} is not connected to {contested}"));
        }
        if retreat_options(c, s, from, contested) == 0 {
            return bad(
                "stack[1].retreat",
                format!("nothing borders {contested} that the defender could retreat into"),
            );
        }
        check_retreat_combat(s, from, contested)?;
    }
    Ok(())
}

/// A retreat is pushed right after the combat the attacker won for the contested territory
/// (WW5-COMBAT-3), and nothing happens between the two: that combat is the last one, between the
/// pieces standing there now, and the attacker's total beat the defender's (WW5-COMBAT-2).
fn check_retreat_combat(s: &State, from: Territory, contested: Territory) -> Result<(), StateError> {
    let field = "stack[1].retreat";
    let Some(k) = &s.last_combat else {
        return bad(field, "a retreat follows a combat the attacker won, but there is no `last_combat` (WW5-COMBAT-3)");
    };
    let (Some(attacker_size), Some(defender), Some(defender_size)) =
        (s.size_at(from), s.owner_at(contested), s.size_at(contested))
    else {
        return bad(field, "the attacker and the defender each have a piece there");
    };
    let this = Combat {
        attacker: s.active,
        defender,
        from,
        target: contested,
        attacker_size,
        defender_size,
        attack: k.attack.clone(),
        defence: k.defence.clone(),
    };
    if *k != this {
        return bad(
            "last_combat",
            format!(
                "the pending retreat follows {}'s {attacker_size} invading {contested} from {from} against {defender}'s {defender_size}; the last combat is another one (WW5-COMBAT-3)",
                s.active
            ),
        );
    }
    if !k.attacker_wins() {
        return bad(
            field,
            format!(
                "the attacker lost the combat for {contested} ({} against {}; ties go to the defender), so nothing retreats (WW5-COMBAT-2)",
                k.attack_total(),
                k.defence_total()
            ),
        );
    }
    Ok(())
}

fn check_ending(c: &Content, s: &State, ending: Ending) -> Result<(), StateError> {
    let n = s.players();
    let seat_ok = |p: Player| p.index() < n;
    match ending {
        Ending::Conquest { player, continent } => {
            if !seat_ok(player) {
                return bad("ending.conquest.player", "no such seat");
            }
            if s.owned_by(player) & continent.mask() != continent.mask() || s.home(player) == Some(continent) {
                return bad(
                    "ending.conquest",
                    format!("{player} does not hold all of {}, another continent", continent.name()),
                );
            }
            if !s.is_in(player) {
                return bad("ending.conquest", format!("{player} has no piece at home, so cannot win (WW5-WIN-1)"));
            }
        }
        Ending::LastStanding { player } => {
            if !seat_ok(player) || s.players_in() != PlayerSet::only(player) {
                return bad("ending.last-standing", format!("{player} is not the only player left"));
            }
        }
        Ending::TurnCap { among } => {
            if s.turn != c.turn_cap {
                return bad("turn", format!("the game ended at the turn cap, so this is turn {}", c.turn_cap));
            }
            if among != s.players_in() || among.len() < 2 {
                return bad("ending.turn-cap.among", "the draw is shared among the players still in, at least two");
            }
        }
        Ending::NobodyLeft { among } => {
            if !s.players_in().is_empty() || among.is_empty() || among.iter().any(|p| !seat_ok(p)) {
                return bad("ending.nobody-left", "nobody is left, and the draw is shared among existing seats");
            }
            // Only an invasion can take the last home pieces of two players at once: the
            // attacker's (the player who acted) and the defender's, the last two in.
            let Some(k) = s.last_combat.as_ref().filter(|k| k.attacker == s.active) else {
                return bad(
                    "ending.nobody-left",
                    format!(
                        "the last two players are eliminated together only by an invasion, and {} invaded nobody (WW5-RULING-2)",
                        s.active
                    ),
                );
            };
            if among != [k.attacker, k.defender].into_iter().collect::<PlayerSet>() {
                return bad(
                    "ending.nobody-left.among",
                    format!(
                        "{}'s invasion of {} eliminated both, the last two in, who share the draw (WW5-RULING-2)",
                        k.attacker, k.defender
                    ),
                );
            }
        }
    }
    Ok(())
}
