//! Invariants under random inputs: any seed, player count and variant keeps the engine's contract
//! (`contract_properties!`); units stand on sea only with sea movement; VP never go down; every
//! position saves and loads back; determinized placements can be finished.

use proptest::prelude::*;
use worlds_engine::{Config, Game, Player, SeededRng};
use worlds_world_dumbination::{CODES, CardStep, WorldDumbination};

fn game(players: usize, variant: &str) -> WorldDumbination {
    WorldDumbination::new(&Config::players(players).with_variant(variant)).unwrap()
}

worlds_engine::contract_properties! {
    game: |players, variant: &str| game(players, variant),
    players: 2usize..=5,
    variants: ["standard", "short", "serious"],
    cases: 12,
    playouts: 1,
    steps: 600,
    codes: CODES,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// WD-BOARD-3, WD-MOVE-6, WD-VP-1: units stand on sea only with sea movement; VP never
    /// decrease; the game ends; positions save and load back.
    #[test]
    fn random_games_keep_units_on_land_and_vp_rising(seed in any::<u64>(), players in 2usize..=5) {
        let g = game(players, "standard");
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut vp: Vec<u16> = s.table().seats.values().map(|x| x.vp).collect();
        let mut buf = Vec::new();
        // Players who have owned a Submarine or an Aircraft Carrier (WD-MOVE-6).
        let sea_cards: Vec<_> = g.content().cards.all().iter()
            .filter(|c| c.effect.iter().any(|e| matches!(e, CardStep::SeaMovement { .. })))
            .map(|c| c.number)
            .collect();
        let mut sailed = [false; 5];
        for step in 0..30_000 {
            for (p, seat) in s.table().seats.values().enumerate() {
                sailed[p] |= sea_cards.iter().any(|&k| seat.projects.contains(k));
                for u in seat.units.iter().filter(|u| u.on_board()) {
                    prop_assert!(
                        g.content().board.cell(u.at).land || sailed[p],
                        "step {}: a unit at sea on {} without sea movement", step, u.at
                    );
                }
            }
            let now: Vec<u16> = s.table().seats.values().map(|x| x.vp).collect();
            prop_assert!(now.iter().zip(&vp).all(|(a, b)| a >= b), "step {}: VP went down: {:?} → {:?}", step, vp, now);
            vp = now;
            if step % 50 == 0 {
                prop_assert_eq!(&g.load_state_value(g.save_state(&s)).unwrap(), &s);
            }
            let Some(p) = g.turn(&s).players().iter().next() else { break };
            buf.clear();
            g.legal_actions_into(&s, p, &mut buf);
            prop_assert!(!buf.is_empty(), "step {}: {} has no legal action", step, p);
            let a = buf[rng.below(buf.len() as u32) as usize];
            g.apply(&mut s, p, a, &mut rng).unwrap();
        }
        prop_assert!(g.turn(&s).is_over());
    }
}

/// WD-INFO-4, WD-DEC-3: a determinization draws others' face-down cards, First Goals, flips and
/// targets of phase 2 together, as a choice they could have made: everyone still placing can
/// finish, and the position loads back (the engine refuses one where someone to decide cannot).
#[test]
fn wd_info_4_determinized_placements_can_be_finished() {
    let mut checked = 0;
    for (players, seed) in [(2, 41), (3, 42), (4, 43), (5, 44)] {
        let g = game(players, "standard");
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        for step in 0..3000 {
            let turn = g.turn(&s);
            if s.table().phase() == worlds_world_dumbination::Phase::Place {
                for viewer in Player::all(players) {
                    let d = g.determinize(&s, viewer, &mut SeededRng::new(step));
                    for q in turn.players().iter() {
                        assert!(!g.legal_actions(&d, q).is_empty(), "{players}p step {step}: {q} cannot finish");
                    }
                    assert_eq!(g.load_state_value(g.save_state(&d)).as_ref(), Ok(&d));
                    checked += 1;
                }
            }
            let Some(p) = turn.players().iter().next() else { break };
            let legal = g.legal_actions(&s, p);
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&mut s, p, a, &mut rng).unwrap();
        }
    }
    assert!(checked > 500, "{checked}");
}
