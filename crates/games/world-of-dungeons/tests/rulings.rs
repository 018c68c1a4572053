//! Our own rulings (docs/rulings/world-of-dungeons.md, WOD-RULING-N), one test each.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Game, SeededRng};
use worlds_world_of_dungeons::Phase;

use crate::common::*;
use crate::raids::{declare, dice, holder, members, table};

/// WOD-RULING-1: copies of one Loot design are one choice. A hand holding two Energy Drinks offers
/// one `play energy-drink`, and a Stash step with two copies of a Stash card offers one `card …`.
#[test]
fn wod_ruling_1_copies_of_a_design_are_one_choice() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["energy-drink", "energy-drink", "soulstone", "soulstone"]);
    at_phase(&mut t, Phase::Stash);
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["card soulstone", "skip"]);
    let mut rng = dice(&g, &["+2"]);
    say(&g, &mut s, 0, "skip", &mut rng);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "play energy-drink"]);
    // Playing it takes one copy out of the hand; the other stays.
    say(&g, &mut s, 0, "play energy-drink", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    let hand: Vec<String> = worlds_engine::bits::ones(s.table().seats[p(0)].hand.bits())
        .map(|k| g.content().def(k as u8).id.clone())
        .collect();
    assert_eq!(hand, ["energy-drink", "soulstone", "soulstone"]);
}

/// WOD-RULING-2: a skull that discards more members than its party holds discards the whole party
/// (one chosen member per decision), then the raid fails.
#[test]
fn wod_ruling_2_a_skull_discards_at_most_the_whole_party() {
    let g = game(2);
    let mut t = table(&g);
    // A skull in Clicky Clara's party discards one more: two, from a party of one.
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["clicky-clara", "raid-mom"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["skull"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens", "out"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(g.decision(&s).text, "P1 discards a member of the party that raided Goblin Warrens (1 to go)");
    assert_eq!(legal(&g, &s, 0), ["clicky-clara"]);
    let events = say(&g, &mut s, 0, "clicky-clara", &mut rng);
    assert!(events.contains(&"P1's raid fails".to_owned()), "{events:?}");
    assert_eq!(members(&g, &s, 0), ["raid-mom"]);
}

/// WOD-RULING-3: item decay against a player with exactly one Stash card discards it without
/// asking them (a choice with one possibility is no decision); with two, they choose.
#[test]
fn wod_ruling_3_one_stash_card_is_discarded_without_a_decision() {
    let g = game(2);
    let mut t = table(&g);
    set_forum_row(&g, &mut t, &["shy-shelby"]);
    add_hand(&g, &mut t, 0, &["item-decay", "item-decay"]);
    add_stash(&g, &mut t, 1, &["soulstone"]);
    at_phase(&mut t, Phase::Kick);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(1);
    say(&g, &mut s, 0, "play item-decay", &mut rng);
    say(&g, &mut s, 0, "P2", &mut rng);
    let events = pass_window(&g, &mut s, &mut rng);
    assert_eq!(events[events.len() - 2..], ["P2 discards Soulstone from their Guild Stash", "Item Decay resolves"]);
    assert_eq!(s.table().seats[p(1)].stash.bits(), 0);
    assert_eq!(holder(&s), None, "back at P1's kick step");
}

/// WOD-RULING-4: a once-per-game Stash face ("your skull counts as 0") works on its own when the
/// face comes up, and the card goes to the Loot discard pile at once.
#[test]
fn wod_ruling_4_a_once_per_game_face_is_used_when_it_comes_up() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["tutorial-island"]);
    add_guild(&g, &mut t, 0, &["leroy"]);
    add_stash(&g, &mut t, 0, &["soulstone"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let soulstone = s.table().seats[p(0)].stash.bits();
    let mut rng = dice(&g, &["skull"]);
    declare(&g, &mut s, &["tutorial-island"], &["tutorial-island"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    // Nobody holds a card: the window after the roll closes at once (WOD-RESP-9).
    let events = say(&g, &mut s, 0, "tutorial-island", &mut rng);
    assert!(events.contains(&"at Tutorial Island the skull counts as 0".to_owned()), "{events:?}");
    assert!(events.contains(&"P1 discards Soulstone from their Guild Stash".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(0)].stash.bits(), 0);
    assert_eq!(s.table().loot_discard.bits() & soulstone, soulstone);
}
