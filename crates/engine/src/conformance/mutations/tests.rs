//! The mutation mechanism's own tests: the hooks run where they say and failures say why.

use std::cell::Cell as Counter;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::json;

use super::{Draw, MutationSettings, changed, check_state_mutations, check_state_mutations_with, mutate};
use crate::SeededRng;
use crate::reference::{Cell, TicTacToe, TicTacToeState};
use crate::{Config, Game};

fn ttt() -> TicTacToe {
    TicTacToe::new(&Config::players(2)).unwrap()
}

fn marks(s: &TicTacToeState) -> usize {
    (0..9).filter(|&i| Cell::new(i).and_then(|c| s.cell(c)).is_some()).count()
}

/// The panic message of `f`, which must panic.
fn failure(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("no check failed");
    payload.downcast_ref::<String>().cloned().unwrap_or_default()
}

/// The default settings are the plain check: the same positions, so the same counts.
#[test]
fn the_default_settings_are_the_plain_check() {
    let game = ttt();
    for seed in 0..3 {
        let plain = check_state_mutations(&game, seed, 200, 9);
        let with = check_state_mutations_with(
            &game,
            &MutationSettings { seed, positions: 200, follow: 9, ..MutationSettings::default() },
        );
        assert_eq!(plain, with);
    }
}

/// The invariants see every position before it is mutated, every one that loads and every one
/// after a followed action; the check across actions sees every followed action.
#[test]
fn the_invariants_see_every_position() {
    let game = ttt();
    let (states, actions) = (Counter::new(0), Counter::new(0));
    let count = |_: &TicTacToeState| {
        states.set(states.get() + 1);
        Ok(())
    };
    let each = |_: &TicTacToeState, _: &TicTacToeState| {
        actions.set(actions.get() + 1);
        Ok(())
    };
    let how = MutationSettings {
        seed: 4,
        positions: 100,
        follow: 3,
        invariants: Some(&count),
        each_action: Some(&each),
        ..MutationSettings::default()
    };
    let report = check_state_mutations_with(&game, &how);
    assert!(report.loaded > 0, "{report:?}");
    // One call before mutating, one on loading, one after each action.
    assert_eq!(states.get(), report.tried + report.loaded + actions.get());
    assert!(actions.get() > 0);
}

/// A broken invariant fails with the game, the mutation, the seed, the step, the invariant's
/// words and the mutated JSON.
#[test]
fn a_broken_invariant_names_where_and_why() {
    let game = ttt();
    let id = TicTacToe::info().id;
    // Empty boards (no action before saving) pass; two actions after loading, two marks.
    let few = |s: &TicTacToeState| if marks(s) < 2 { Ok(()) } else { Err(format!("{} marks", marks(s))) };
    let how = MutationSettings { seed: 7, positions: 50, depth: 1, invariants: Some(&few), ..Default::default() };
    let why = failure(|| {
        check_state_mutations_with(&game, &how);
    });
    assert!(why.starts_with(&format!("{id} mutation ")), "{why}");
    assert!(why.contains("(seed 7), 2 actions after loading: 2 marks\n{\"rows\":"), "{why}");
    // Broken before any mutation: the invariant (or the game) is wrong, not the loader.
    let never = |_: &TicTacToeState| Err("never".to_string());
    let how = MutationSettings { seed: 7, invariants: Some(&never), ..Default::default() };
    let why = failure(|| {
        check_state_mutations_with(&game, &how);
    });
    assert!(why.starts_with(&format!("{id} mutation 0 (seed 7): the position before mutating breaks")), "{why}");
    assert!(why.contains("an invariant: never\n{\"rows\":"), "{why}");
    // Broken across an action: the action is named.
    let still = |a: &TicTacToeState, b: &TicTacToeState| {
        if marks(a) == marks(b) { Ok(()) } else { Err("a mark was added".to_string()) }
    };
    let how = MutationSettings { seed: 7, each_action: Some(&still), ..Default::default() };
    let why = failure(|| {
        check_state_mutations_with(&game, &how);
    });
    assert!(why.contains("(seed 7), action 1 after loading (P"), "{why}");
    assert!(why.contains("a mark was added\n{\"rows\":"), "{why}");
}

/// The game's own mutation is one in four; its values, bit flips, early positions and second
/// mutations change what is tried; every setting keeps a seed's positions the same.
#[test]
fn a_games_own_mutations_are_used() {
    let game = ttt();
    let calls = Counter::new(0);
    let full = |json: &mut serde_json::Value, _: &mut SeededRng| {
        calls.set(calls.get() + 1);
        *json = json!({"rows": ["XOX", "XOO", "OXX"]});
    };
    let base = MutationSettings { seed: 3, positions: 400, follow: 2, ..MutationSettings::default() };
    let plain = check_state_mutations_with(&game, &base);
    let own = MutationSettings { own: Some(&full), ..base };
    let with_own = check_state_mutations_with(&game, &own);
    assert!((60..140).contains(&calls.get()), "{} of 400", calls.get());
    assert!(with_own.loaded > plain.loaded, "{with_own:?} {plain:?}");
    let values = [json!("XXO"), json!(".O."), json!(3)];
    let varied: [MutationSettings<'_, TicTacToeState>; 6] = [
        MutationSettings { values: &values, ..MutationSettings { own: None, ..own } },
        MutationSettings { bits: true, ..base },
        MutationSettings { early: Some(2), ..base },
        MutationSettings { twice: true, ..base },
        MutationSettings { draw: Draw::EveryPosition, ..base },
        MutationSettings { draw: Draw::Loaded, ..base },
    ];
    for how in &varied {
        let report = check_state_mutations_with(&game, how);
        assert_eq!(report, check_state_mutations_with(&game, how), "{how:?}");
    }
    // Drawing has its own random stream: the same positions with it as without.
    assert_eq!(check_state_mutations_with(&game, &varied[4]), plain);
    assert_eq!(check_state_mutations_with(&game, &varied[5]), plain);
    assert_ne!(check_state_mutations_with(&game, &varied[2]), plain);
    assert_ne!(check_state_mutations_with(&game, &varied[3]), plain);
}

/// The game's numbers replace numbers, its words strings and keys; bit flips reach bits the
/// engine's own numbers do not.
#[test]
fn the_games_values_and_bit_flips_are_tried() {
    let values = [json!(77), json!("tigers")];
    let how: MutationSettings<'_, ()> = MutationSettings { values: &values, bits: true, ..Default::default() };
    let mut rng = SeededRng::new(1);
    let numbers: Vec<_> = (0..300).map(|_| changed(&json!(0), &[], &how, &mut rng)).collect();
    assert!(numbers.contains(&json!(77)));
    assert!(numbers.iter().any(|n| n.as_u64().is_some_and(|x| x > 1 << 20)), "no high bit flipped");
    let strings: Vec<_> = (0..300).map(|_| changed(&json!("meek"), &[], &how, &mut rng)).collect();
    assert!(strings.contains(&json!("tigers")) && strings.contains(&json!("MEEK")));
    let root = json!({"board": {"meek": 1}});
    let moved = (0..300).map(|_| mutate(&root, &how, &mut rng)).any(|m| m == json!({"board": {"tigers": 1}}));
    assert!(moved, "no entry moved to a key among the words");
    // Without them, never.
    let plain: MutationSettings<'_, ()> = MutationSettings::default();
    let numbers: Vec<_> = (0..300).map(|_| changed(&json!(0), &[], &plain, &mut rng)).collect();
    assert!(!numbers.contains(&json!(77)));
    assert!(numbers.iter().filter_map(serde_json::Value::as_i64).all(|x| x <= 1 << 20));
}
