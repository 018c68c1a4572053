//! One test per rule of Part 1, named after its ID, by theme.

mod board_play;
pub mod combat;
mod dumbness;
mod end;
mod peace;
mod positions;
mod round;
mod sea;
mod setup;

use worlds_engine::{Game, SeededRng};

use crate::common::*;

/// WD-END-3: random games always end, at every player count.
#[test]
fn wd_end_3_random_games_end() {
    for players in 2..=5 {
        let g = game(players);
        for seed in 0..3 {
            let mut s = start(&g, seed);
            let mut rng = SeededRng::new(seed);
            let mut steps = 0;
            while !g.turn(&s).is_over() {
                let who = g.turn(&s).players().iter().next().unwrap();
                let legal = g.legal_actions(&s, who);
                assert!(!legal.is_empty(), "{players}p seed {seed}: {who} has nothing to do at {:?}", s.table().stack);
                let a = legal[(steps * 7919 + seed as usize) % legal.len()];
                g.apply(&mut s, who, a, &mut rng).unwrap();
                steps += 1;
                assert!(steps < 200_000, "{players}p seed {seed}: no end");
            }
            eprintln!("{players}p seed {seed}: {steps} actions, round {}, {:?}", s.table().round, s.table().over);
        }
    }
}
