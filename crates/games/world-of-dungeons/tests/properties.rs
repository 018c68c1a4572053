//! Invariants under random inputs: random games end, the response stack always empties, no card
//! is ever in two places and the card total is constant, any action applies or is refused with
//! nothing changed, mutated real positions load only when playable.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use worlds_engine::{Config, Game, Player, SeededRng, Turn, conformance};
use worlds_world_of_dungeons::{Fate, Step, WorldOfDungeons};

fn game(players: usize) -> WorldOfDungeons {
    WorldOfDungeons::new(&Config::players(players)).unwrap()
}

/// Every card of the three decks, counted once wherever it is (the loader refuses a card in two
/// places, so a saved copy of every position that loads back proves it).
fn card_total(g: &WorldOfDungeons, s: &worlds_world_of_dungeons::State) -> usize {
    let t = g.to_setup(s);
    let seats: usize = t
        .seats
        .iter()
        .map(|p| p.hand.0.count_ones() as usize + p.stash.0.count_ones() as usize + p.guild.len() + p.dungeons.len())
        .sum();
    let played = t.played.iter().filter(|p| p.fate != Fate::Detached).count();
    // A Troll's forced join and a Stash play hold their card on the stack.
    let waiting = t
        .pending
        .iter()
        .filter(|i| {
            matches!(
                i,
                worlds_world_of_dungeons::Item::Recruit { troll: true, .. }
                    | worlds_world_of_dungeons::Item::Stash { .. }
            )
        })
        .count();
    t.dungeon_deck.count()
        + t.forum_deck.count()
        + t.loot_deck.0.count_ones() as usize
        + t.dungeon_row.len()
        + t.forum_row.len()
        + t.forum_discard.0.count_ones() as usize
        + t.loot_discard.0.count_ones() as usize
        + t.patch.len()
        + played
        + waiting
        + seats
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn any_seed_keeps_the_contract(seed in any::<u64>(), players in 2usize..=5) {
        conformance::check(&game(players), &conformance::Settings { seed, playouts: 2, deep_playouts: 1, ..Default::default() });
    }

    /// Random games end (by VP, an empty deck or the turn cap); at every step the card total is
    /// that of the content and every position saves and loads back (no card in two places); the
    /// response stack is empty whenever no window is open and nothing is resolving.
    #[test]
    fn random_games_end_with_every_card_in_one_place(seed in any::<u64>(), players in 2usize..=5) {
        let g = game(players);
        let c = g.content();
        let total = c.dungeons.len() + c.gamers.len() + c.loot.len();
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut buf = Vec::new();
        for step in 0..20_000 {
            prop_assert_eq!(card_total(&g, &s), total, "step {}", step);
            let t = g.to_setup(&s);
            let open = t.steps.iter().any(|x| matches!(x, Step::Window(_) | Step::Resolve { .. } | Step::Pick { .. }));
            prop_assert!(open || t.pending.is_empty(), "step {}: the stack waits with no window: {:?}", step, t.pending);
            if step % 25 == 0 {
                prop_assert_eq!(&g.load_state_value(g.save_state(&s)).unwrap(), &s);
            }
            let Turn::Decide(p) = g.turn(&s) else { break };
            g.legal_actions_into(&s, p, &mut buf);
            prop_assert!(!buf.is_empty(), "step {}: {} has no legal action", step, p);
            let a = buf[rng.below(buf.len() as u32) as usize];
            g.apply(&mut s, p, a, &mut rng).unwrap();
        }
        prop_assert!(g.outcome(&s).is_some(), "the game did not end");
    }

    #[test]
    fn replays_are_identical(seed in any::<u64>(), players in 2usize..=5) {
        conformance::check_replay(&game(players), seed, 1, 100_000);
    }

    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,40}") {
        let g = game(3);
        if let Ok(a) = g.parse_action(&text) {
            prop_assert_eq!(g.parse_action(&g.format_action(a)), Ok(a));
        }
    }

    #[test]
    fn any_action_on_any_state_applies_or_is_refused(seed in any::<u64>(), steps in 0usize..400, code in 0usize..400, seat in 0usize..5) {
        let g = game(4);
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut buf = Vec::new();
        worlds_engine::random_playout(&g, &mut s, &mut rng, &mut buf, steps);
        let Some(action) = g.action_from_index(code) else { return Ok(()) };
        let before = s.clone();
        match g.apply(&mut s, Player::from_index(seat), action, &mut rng) {
            Ok(_) => prop_assert!(g.legal_actions(&before, Player::from_index(seat)).contains(&action)),
            Err(_) => prop_assert_eq!(s, before),
        }
    }

    /// Real positions, mutated: whatever loads saves and loads back equal, offers legal actions to
    /// whoever must decide, and plays on with every legal action accepted.
    #[test]
    fn mutated_positions_load_only_when_playable(seed in any::<u64>(), players in 2usize..=5) {
        conformance::check_state_mutations(&game(players), seed, 30, 40);
    }
}
