//! Strength, movement and combat (WD-STR, WD-MOVE, WD-COMBAT), with the rulebook's examples.

use worlds_engine::{Config, Game};
use worlds_world_dumbination::WorldDumbination;

use crate::common::*;

/// Seat 0 is USA, seat 1 Russia, seat 2 North Korea, seat 3 Venezuela, seat 4 Turkey.
pub fn fixed(players: usize) -> WorldDumbination {
    let nations: Vec<&str> = ["usa", "russia", "north-korea", "venezuela", "turkey"][..players].to_vec();
    let nations = if players == 4 { vec!["usa", "russia", "venezuela", "turkey"] } else { nations };
    game_with(&Config::players(players).with_option("nations", serde_json::json!(nations)))
}

/// A cleared board in phase 5 with seat `mover` to move, after `setup` put pieces down.
fn position(
    g: &WorldDumbination,
    mover: usize,
    setup: impl FnOnce(&mut worlds_world_dumbination::Table),
) -> worlds_world_dumbination::State {
    let s = start(g, 1);
    let mut t = table(g, &s);
    clear_board(&mut t);
    // Everyone keeps one piece far away so nobody is neutralized by a test's attack.
    setup(&mut t);
    move_turn(&mut t, p(mover));
    load(g, &t)
}

/// WD-STR-1: a unit on a 4-Base with a 10-Base of its owner at distance 3 has 7; Bases never add up.
#[test]
fn wd_str_1_the_base_giving_the_most_sets_the_strength() {
    let g = fixed(3);
    let s = position(&g, 0, |t| {
        put_base(t, p(0), at(12, 2), 4);
        put_units(t, p(0), at(12, 2), 1);
        put_base(t, p(0), at(15, 2), 10);
    });
    assert_eq!(g.strength(&s, p(0), at(12, 2)), 7);
    assert_eq!(g.strength(&s, p(0), at(15, 2)), 10);
    assert_eq!(g.strength(&s, p(0), at(18, 2)), 7);
}

/// WD-MOVE-3, WD-STR-3 (the rulebook's example): next to a 4-Base a unit has 3; 2 spaces further it has 1; a
/// step onto a space it does not own where it would have 0 is refused.
#[test]
fn wd_str_3_strength_fades_with_distance_and_zero_stops_a_unit() {
    let g = fixed(3);
    let s = position(&g, 0, |t| {
        put_base(t, p(0), at(12, 2), 4);
        put_units(t, p(0), at(13, 2), 1);
        put_units(t, p(0), at(15, 2), 1);
    });
    assert_eq!(g.strength(&s, p(0), at(13, 2)), 3);
    assert_eq!(g.strength(&s, p(0), at(14, 2)), 2);
    assert_eq!(g.strength(&s, p(0), at(15, 2)), 1);
    assert_eq!(g.strength(&s, p(0), at(16, 2)), 0);
    let options = legal(&g, &s, 0);
    // Unit 2 stands on (15, 2): east would be strength 0 on Russian land USA does not own.
    assert!(options.contains(&"move 2 w".to_owned()), "{options:?}");
    assert!(!options.contains(&"move 2 e".to_owned()), "{options:?}");
    let mut s = s;
    act(&g, &mut s, 0, "move 1 e");
    // WD-MARK-1: the unit left the space it began on.
    assert_eq!(legal(&g, &s, 0), ["marker", "no marker"]);
    act(&g, &mut s, 0, "no marker");
    act(&g, &mut s, 0, "move 1 e");
    assert_eq!(s.table().seats[p(0)].units[0].at, at(15, 2));
}

/// WD-MOVE-1: movement is half the strongest Base, whichever Base gives the unit its strength.
#[test]
fn wd_move_1_units_move_half_the_strongest_base() {
    let g = fixed(3);
    let mut s = position(&g, 0, |t| {
        put_base(t, p(0), at(13, 1), 6);
        put_base(t, p(0), at(13, 3), 4);
        put_units(t, p(0), at(13, 3), 1);
    });
    // It leaves its own Base: no marker is offered (WD-MARK-1).
    for _ in 0..3 {
        act(&g, &mut s, 0, "move 1 e");
    }
    assert_eq!(s.table().seats[p(0)].units[0].at, at(16, 3));
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("move 1")), "a fourth step is refused");
}

/// WD-COMBAT-1, WD-COMBAT-2, WD-COMBAT-4, WD-COMBAT-7 (rulebook example): three attackers of 7 against two Units of 8 on their 8-Base:
/// defence 16, legal (21 > 16); the first two committed are lost; +6 VP.
#[test]
fn wd_combat_7_three_sevens_beat_two_eights_on_their_base() {
    let g = fixed(3);
    let x = at(16, 2);
    let mut s = position(&g, 0, |t| {
        put_base(t, p(0), at(15, 2), 8);
        put_units(t, p(0), at(15, 2), 3);
        put_base(t, p(1), x, 8);
        put_units(t, p(1), x, 2);
        put_units(t, p(1), at(20, 2), 1);
    });
    assert_eq!(g.strength(&s, p(0), x), 7);
    assert!(legal(&g, &s, 0).contains(&"C16".to_owned()));
    let events = act(&g, &mut s, 0, "C16");
    assert_eq!(events, ["P1 attacks C16 (Siberia) of P2 (defence 16)"]);
    assert_eq!(act(&g, &mut s, 0, "commit 1"), ["P1 commits a unit: 7 against 16"]);
    assert_eq!(act(&g, &mut s, 0, "commit 2"), ["P1 commits a unit: 14 against 16"]);
    let events = act(&g, &mut s, 0, "commit 3");
    assert_eq!(events[0], "P1 commits a unit: 21 against 16");
    assert!(events.contains(&"P1 loses the unit from C15 (Siberia)".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(0)].vp, 6);
    assert_eq!(s.table().seats[p(0)].units_at(x), 1);
    assert_eq!(s.table().seats[p(0)].units.iter().filter(|u| u.on_board()).count(), 1);
    assert_eq!(s.table().seats[p(1)].units_at(x), 0);
    assert!(s.table().seats[p(1)].base_at(x).is_none());
}

/// WD-COMBAT-8 (rulebook example): two attackers of 5 against a lone 8-Base: one lost, +4 VP.
#[test]
fn wd_combat_8_two_fives_take_a_lone_eight_base() {
    let g = fixed(3);
    let x = at(16, 2);
    let mut s = position(&g, 0, |t| {
        put_base(t, p(0), at(15, 2), 6);
        put_units(t, p(0), at(15, 2), 2);
        put_base(t, p(1), x, 8);
        put_units(t, p(1), at(20, 2), 1);
    });
    assert_eq!(g.strength(&s, p(0), x), 5);
    act(&g, &mut s, 0, "C16");
    act(&g, &mut s, 0, "commit 2");
    act(&g, &mut s, 0, "commit 1");
    assert_eq!(s.table().seats[p(0)].vp, 4);
    assert_eq!(s.table().seats[p(0)].units.iter().filter(|u| u.on_board()).count(), 1);
    assert_eq!(s.table().seats[p(0)].units[0].at, x, "the last unit committed survives and moves in");
    assert!(s.table().seats[p(1)].base_at(x).is_none());
}

/// WD-COMBAT-12: two Units on their 6-Base defend with 12 (not 18); the Base alone with 6; three
/// attackers of 5 win (15 > 12), losing two, +5 VP. WD-COMBAT-3: equal is not enough.
#[test]
fn wd_combat_12_a_base_adds_nothing_to_its_units() {
    let g = fixed(3);
    let x = at(16, 2);
    let mut s = position(&g, 0, |t| {
        put_base(t, p(0), at(15, 2), 6);
        put_units(t, p(0), at(15, 2), 3);
        put_base(t, p(1), x, 6);
        put_units(t, p(1), x, 2);
        put_units(t, p(1), at(20, 2), 1);
    });
    let events = act(&g, &mut s, 0, "C16");
    assert_eq!(events, ["P1 attacks C16 (Siberia) of P2 (defence 12)"]);
    act(&g, &mut s, 0, "commit 1");
    act(&g, &mut s, 0, "commit 2");
    act(&g, &mut s, 0, "commit 3");
    assert_eq!(s.table().seats[p(0)].vp, 5);
    // Two attackers of 5 against 12 could not attack at all (WD-COMBAT-3).
    let s2 = position(&g, 0, |t| {
        put_base(t, p(0), at(15, 2), 6);
        put_units(t, p(0), at(15, 2), 2);
        put_base(t, p(1), x, 6);
        put_units(t, p(1), x, 2);
    });
    assert!(!legal(&g, &s2, 0).contains(&"C16".to_owned()));
    let s3 = position(&g, 0, |t| {
        put_base(t, p(0), at(15, 2), 6);
        put_units(t, p(0), at(15, 2), 1);
        put_base(t, p(1), x, 6);
        put_units(t, p(1), at(20, 2), 1);
    });
    let err = refused(&g, &s3, 0, "C16");
    assert!(err.ends_with("[WD-COMBAT-3]") && err.contains("together 5, not stronger than its defence"), "{err}");
    // A position in the middle of an attack its attackers could not win is none a game reaches:
    // every attacker committed, and still no more than the defence (WD-COMBAT-3).
    let mut attack = position(&g, 0, |t| {
        put_base(t, p(0), at(15, 2), 6);
        put_units(t, p(0), at(15, 2), 3);
        put_base(t, p(1), x, 6);
        put_units(t, p(1), x, 2);
    });
    act(&g, &mut attack, 0, "C16");
    let mut t = table(&g, &attack);
    t.seats[p(0)].units[2] = worlds_world_dumbination::Unit::SUPPLY;
    assert_eq!(
        g.from_setup(t).unwrap_err().to_string(),
        "state field `stack[2]`: the attackers next to the space, together, are not stronger than its defence (WD-COMBAT-3)"
    );
}

/// WD-ELIM-1, WD-CARD-10: an attack on a player on vacation costs the attacker 1 Popularity; when
/// that was their last, they leave the game at once and move no more: the next player moves, and
/// the position saves and loads.
#[test]
fn wd_elim_1_a_player_out_by_their_own_attack_moves_no_more() {
    let g = fixed(3);
    let x = at(16, 2);
    let mut s = position(&g, 0, |t| {
        put_base(t, p(0), at(15, 2), 8);
        put_units(t, p(0), at(15, 2), 3);
        put_units(t, p(0), at(12, 2), 1);
        put_units(t, p(1), x, 1);
        put_units(t, p(1), at(20, 2), 1);
        t.seats[p(0)].popularity = 1;
        let hand = std::mem::take(&mut t.seats[p(1)].hand);
        t.discards[0] = t.discards[0].union(hand);
        t.seats[p(1)].vacation = true;
    });
    act(&g, &mut s, 0, "C16");
    let events = act(&g, &mut s, 0, "commit 1");
    assert!(events.contains(&"P1 attacked P2, who is on vacation, and loses 1 Popularity".to_owned()), "{events:?}");
    assert!(s.table().seats[p(0)].out.is_some(), "{events:?}");
    assert!(!matches!(g.turn(&s), worlds_engine::Turn::Decide(q) if q == p(0)), "P1 is out: {:?}", g.turn(&s));
    assert_eq!(load(&g, s.table()), s);
}
