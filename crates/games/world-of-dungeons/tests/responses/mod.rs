//! Effect cards and response windows, rule by rule (WOD-EFFECT-1 to WOD-EFFECT-5, WOD-RESP-1 to
//! WOD-RESP-11): who holds priority when, what may be played, the stack resolving last in first
//! out, and what a refused action leaves behind. Positions come from `common` and `raids.rs`.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Game, RuleErrorKind, SeededRng, Turn, Viewer};
use worlds_world_of_dungeons::{Action, Fate, Item, Phase, Standing, State, Step, WorldOfDungeons};

use crate::common::{
    CardSet, add_guild, add_hand, add_stash, at_phase, game, gamer, legal, load, p, pass_window, refused, say,
    set_dungeon_row, set_forum_row, take_loot, told,
};
use crate::raids::{declare, dice, holder, lowest_draws, members, table, top, xp_now};

/// The seats that have passed in the open window since its top item.
pub(super) fn passed(s: &State) -> Vec<usize> {
    match s.table().steps.top() {
        Some(Step::Window(round)) => round.passed().iter().map(|x| x.index()).collect(),
        _ => panic!("no window is open"),
    }
}

/// The fates of the Effect cards played this turn, in order.
pub(super) fn fates(s: &State) -> Vec<Fate> {
    s.table().played.iter().map(|x| x.fate).collect()
}

pub(super) fn hand_size(s: &State, seat: usize) -> u32 {
    s.table().seats[p(seat)].hand.len()
}

/// The declaration's window of a 3-player raid on Goblin Warrens by Dad of Three: P1 holds Report to
/// GM and Easy Mode, P2 Pet Aggro and a Stash card, P3 a Stash card. P2 holds priority.
pub(super) fn stacked_window(g: &WorldOfDungeons) -> State {
    let mut t = table(g);
    set_dungeon_row(g, &mut t, &["goblin-warrens"]);
    add_guild(g, &mut t, 0, &["dad-of-three"]);
    add_hand(g, &mut t, 0, &["report-to-gm", "easy-mode"]);
    add_hand(g, &mut t, 1, &["pet-aggro", "comfy-slippers"]);
    add_hand(g, &mut t, 2, &["guild-banner"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(g, &t);
    declare(g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut SeededRng::new(0));
    s
}

mod effects;
mod windows;
