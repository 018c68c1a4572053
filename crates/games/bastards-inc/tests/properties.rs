//! Invariants under random inputs: random games keep the contract, replay and end; any text or
//! action code is read or refused; money and Goodwill
//! never go below 0; the VPs a player controls change only by purchases; no region holds a VP the
//! rules keep out; every position saves and loads back; mutated real positions load only when
//! playable.

use proptest::prelude::*;
use worlds_bastards_inc::{BastardsInc, Event, Spot, State};
use worlds_engine::{Config, Game, SeededRng, conformance};

fn game(players: usize) -> BastardsInc {
    BastardsInc::new(&Config::players(players)).unwrap()
}

/// The VPs controlled by each player.
fn controlled(s: &State) -> Vec<usize> {
    s.table().seats.values().map(|x| x.controlled()).collect()
}

worlds_engine::contract_properties! {
    game: |players, _variant: &str| game(players),
    players: 3usize..=6,
    variants: [""],
    cases: 12,
    playouts: 1,
    steps: 400,
    codes: 1200,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// BI-MONEY-4, BI-COMP-2, BI-BUYVP-1, BI-PLACE-6, BI-BATTLE-4, BI-BATTLE-5: money and Goodwill
    /// never below 0 (a debt would be an arithmetic overflow); a player's VPs change only when he
    /// buys one; no VP is placed into a region at war but by the Prize's holder; after a battle, the
    /// loser has no VP left on that space; positions save and load back.
    #[test]
    fn random_games_keep_money_vps_and_regions_lawful(seed in any::<u64>(), players in 3usize..=6) {
        let g = game(players);
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut buf = Vec::new();
        for step in 0..20_000 {
            if step % 40 == 0 {
                prop_assert_eq!(&g.load_state_value(g.save_state(&s)).unwrap(), &s);
            }
            let Some(p) = g.turn(&s).players().iter().next() else { break };
            buf.clear();
            g.legal_actions_into(&s, p, &mut buf);
            prop_assert!(!buf.is_empty(), "step {}: {} has no legal action", step, p);
            let a = buf[rng.below(buf.len() as u32) as usize];
            let before = s.clone();
            let events = g.apply(&mut s, p, a, &mut rng).unwrap();
            let mut bought = vec![0usize; players];
            for e in &events {
                match &e.event {
                    Event::BoughtVp { player, .. } => bought[player.index()] += 1,
                    Event::Placed { player, dest, .. } => {
                        if let Spot::Region(r) = dest.spot() {
                            // As it stood when the VP went there (an event of the same action may
                            // start a war there afterwards).
                            prop_assert!(
                                !before.table().at_war(r) || before.table().holds_prize(*player),
                                "step {}: {} placed into a region at war", step, player
                            );
                        }
                    }
                    Event::Withdrew { player } => {
                        if let Some(worlds_bastards_inc::Step::Battle(b)) = before.table().stack.top() {
                            prop_assert!(!s.table().seats[*player].has_at(b.dest.spot()), "step {}: the loser stays", step);
                        }
                    }
                    _ => {}
                }
            }
            let (then, now) = (controlled(&before), controlled(&s));
            for q in 0..players {
                prop_assert_eq!(now[q], then[q] + bought[q], "step {}: P{}'s VPs changed without a purchase", step, q + 1);
            }
        }
        prop_assert!(g.turn(&s).is_over());
    }
}

/// Real positions, mutated: whatever loads must play on.
#[test]
fn mutated_positions_load_only_when_playable() {
    for players in [4, 5] {
        let report = conformance::check_state_mutations(&game(players), players as u64, 3, 150);
        eprintln!("{players}p: {report:?}");
    }
}
