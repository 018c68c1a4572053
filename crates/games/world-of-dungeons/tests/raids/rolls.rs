//! WOD-RAID-8 to WOD-RAID-14, WOD-CLAIM-1 and WOD-CLAIM-2: rolls, results and claims.

use super::*;

// ---------------------------------------------------------------- WOD-RAID-8 to WOD-RAID-14

/// WOD-RAID-8: the roll is a public event; a window follows with priority from the active player;
/// the roll settles only when the stack is resolved, with the values as they are then (Easy Mode
/// played in answer to a −1 turns a failure into a success).
#[test]
fn wod_raid_8_the_roll_is_answered_then_settled_with_values_after_the_stack() {
    let g = game(3);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["easy-mode"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["-1"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    assert_eq!(holder(&s), Some(1), "the declaration's window: the next player first");
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid));
    let action = g.parse_action("goblin-warrens").unwrap();
    let events = g.apply(&mut s, p(0), action, &mut rng).unwrap();
    assert_eq!(told(&g, &events), ["raiding Goblin Warrens", "the raid die for Goblin Warrens shows -1"]);
    assert!(events.iter().all(|e| e.visibility.is_public()));
    // The roll waits; the window opens with the active player.
    let face = Face::parse("-1").unwrap();
    assert_eq!(s.table().pending.as_slice(), [Item::Roll { at: 0, face }]);
    assert_eq!(holder(&s), Some(0));
    assert_eq!(legal(&g, &s, 0), ["pass", "pass-turn", "pass-until-my-turn", "play easy-mode"]);
    assert_eq!(say(&g, &mut s, 0, "play easy-mode", &mut rng), ["P1 plays Easy Mode"]);
    assert_eq!(say(&g, &mut s, 0, "goblin-warrens", &mut rng), ["Easy Mode targets Goblin Warrens"]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(g.observe(&s, Viewer::Spectator).raid[0].difficulty, 4, "Easy Mode has not resolved yet");
    // P2 passes; P3 and P1 have empty hands and pass on their own.
    assert_eq!(
        say(&g, &mut s, 1, "pass", &mut rng),
        ["P2 passes", "Easy Mode resolves", "Goblin Warrens: party 4 - 1 = 3 against difficulty 3: success"]
    );
    assert_eq!(legal(&g, &s, 0), ["claim"]);
}

/// WOD-RAID-9: a skull fails the raid whatever the totals.
#[test]
fn wod_raid_9_a_skull_fails_whatever_the_totals() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["boar-pasture"]);
    add_guild(&g, &mut t, 0, &["no-life-nate", "raid-mom", "dad-of-three"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["skull"]);
    declare(&g, &mut s, &["boar-pasture"], &["boar-pasture", "boar-pasture", "boar-pasture"], &mut rng);
    assert_eq!(g.observe(&s, Viewer::Spectator).raid[0].xp, 14, "12 more than the difficulty of 2");
    assert_eq!(
        say(&g, &mut s, 0, "boar-pasture", &mut rng),
        ["raiding Boar Pasture", "the raid die for Boar Pasture shows skull", "Boar Pasture: skull, the party wipes"]
    );
    assert_eq!(top(&s), Step::SkullDiscard { at: 0, left: 1 });
    let events = say(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(
        events[..4],
        ["P1 discards Raid Mom after the skull", "Raid Mom leaves P1's guild (skull)", "P1's raid fails", "turn 2: P2"]
    );
    assert_eq!(dungeon_row(&g, &s)[0], "boar-pasture");
    assert!(s.table().seats[p(0)].dungeons.is_empty());
}

/// WOD-RAID-10: any other face succeeds when party experience plus the face reaches the
/// difficulty, and fails one short of it.
#[test]
fn wod_raid_10_success_when_the_sum_reaches_the_difficulty_one_less_fails() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut start = load(&g, &t);
    declare(&g, &mut start, &["goblin-warrens"], &["goblin-warrens"], &mut SeededRng::new(0));
    // 4 + 0 = 4 against 4: success.
    let mut s = start.clone();
    assert_eq!(
        say(&g, &mut s, 0, "goblin-warrens", &mut dice(&g, &["0"]))[2],
        "Goblin Warrens: party 4 + 0 = 4 against difficulty 4: success"
    );
    assert!(s.table().raid[0].won);
    assert_eq!(legal(&g, &s, 0), ["claim"]);
    // 4 − 1 = 3 against 4: failure.
    let mut s = start;
    let events = say(&g, &mut s, 0, "goblin-warrens", &mut dice(&g, &["-1"]));
    assert_eq!(
        events[2..5],
        ["Goblin Warrens: party 4 - 1 = 3 against difficulty 4: failure", "P1's raid fails", "turn 2: P2"]
    );
    assert_eq!(dungeon_row(&g, &s)[0], "goblin-warrens");
    assert_eq!(members(&g, &s, 0), ["dad-of-three"]);
}

/// WOD-RAID-11: after a skull the active player discards a member of that party of their choice,
/// more where a card says so (Elder Wyrm: two; Clicky Clara: one more), never a member of another
/// party.
#[test]
fn wod_raid_11_the_active_player_chooses_the_skull_discards() {
    let g = game(2);
    // Elder Wyrm: a skull here discards two.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["elder-wyrm"]);
    add_guild(&g, &mut t, 0, &["raid-mom", "no-life-nate", "king-aldric"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["skull"]);
    declare(&g, &mut s, &["elder-wyrm"], &["elder-wyrm", "elder-wyrm", "elder-wyrm"], &mut rng);
    say(&g, &mut s, 0, "elder-wyrm", &mut rng);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(g.decision(&s).rule, "WOD-RAID-11");
    assert_eq!(g.decision(&s).text, "P1 discards a member of the party that raided Lair of the Elder Wyrm (2 to go)");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "no-life-nate", "king-aldric"]);
    assert_eq!(
        say(&g, &mut s, 0, "no-life-nate", &mut rng),
        ["P1 discards No-Life Nate after the skull", "No-Life Nate leaves P1's guild (skull)"]
    );
    assert_eq!(g.decision(&s).text, "P1 discards a member of the party that raided Lair of the Elder Wyrm (1 to go)");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "king-aldric"]);
    let events = say(&g, &mut s, 0, "king-aldric", &mut rng);
    assert_eq!(events[2..4], ["P1's raid fails", "turn 2: P2"]);
    assert_eq!(members(&g, &s, 0), ["raid-mom"]);
    let gone = (1u64 << gamer(&g, "no-life-nate")) | (1 << gamer(&g, "king-aldric"));
    assert_eq!(s.table().forum_discard.bits() & gone, gone);
    // Clicky Clara: a skull in her party discards one more; Dad of Three raids elsewhere.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["tutorial-island", "goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["clicky-clara", "dad-of-three", "raid-mom"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["skull"]);
    declare(
        &g,
        &mut s,
        &["tutorial-island", "goblin-warrens"],
        &["tutorial-island", "goblin-warrens", "tutorial-island"],
        &mut rng,
    );
    say(&g, &mut s, 0, "tutorial-island", &mut rng);
    assert_eq!(top(&s), Step::SkullDiscard { at: 0, left: 2 });
    assert_eq!(legal(&g, &s, 0), ["clicky-clara", "raid-mom"]);
    assert_eq!(refused(&g, &s, 0, "dad-of-three").rule, "WOD-TURN-4");
    say(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["clicky-clara"]);
    say(&g, &mut s, 0, "clicky-clara", &mut rng);
    assert_eq!(members(&g, &s, 0), ["dad-of-three"]);
}

/// WOD-RAID-12: a party emptied before its roll (its only member goes AFK in the declaration's
/// window) fails as soon as the stack is empty: no die is rolled.
#[test]
fn wod_raid_12_an_emptied_party_fails_once_the_stack_is_empty() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom"]);
    add_hand(&g, &mut t, 1, &["afk"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(3);
    declare(&g, &mut s, &["goblin-warrens", "boar-pasture"], &["goblin-warrens", "boar-pasture"], &mut rng);
    say(&g, &mut s, 1, "play afk", &mut rng);
    assert_eq!(legal(&g, &s, 1), ["dad-of-three", "raid-mom"]);
    // Both hands are now empty: both pass on their own and the stack resolves.
    let events = say(&g, &mut s, 1, "raid-mom", &mut rng);
    assert_eq!(
        events[..5],
        ["AFK targets Raid Mom", "Raid Mom goes AFK for the turn", "AFK resolves", "P1's raid fails", "turn 2: P2"]
    );
    assert!(!events.iter().any(|e| e.starts_with("raiding") || e.contains("raid die")), "{events:?}");
    assert_eq!(dungeon_row(&g, &s)[..2], ["goblin-warrens", "boar-pasture"]);
    assert_eq!(members(&g, &s, 0), ["dad-of-three", "raid-mom"]);
}

/// WOD-RAID-13: the first failure ends the dungeon phase: no further die, the raid already won
/// fails too, nothing is claimed, no Loot is drawn, dungeons and guildmembers stay.
#[test]
fn wod_raid_13_the_first_failure_fails_every_raid_of_the_turn() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom", "herbalist-fern"]);
    // Four cards against a hand limit of 3: the turn stops at the hand limit, after phase 3.
    add_hand(&g, &mut t, 0, &["comfy-slippers", "guild-banner", "costume-wardrobe", "mechanical-keyboard"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let hand_before = s.table().seats[p(0)].hand.bits();
    let loot_before = s.table().loot_deck.bits();
    let mut rng = dice(&g, &["+2", "-3"]);
    declare(
        &g,
        &mut s,
        &["goblin-warrens", "boar-pasture", "wolf-den"],
        &["goblin-warrens", "boar-pasture", "wolf-den"],
        &mut rng,
    );
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    let events = pass_window(&g, &mut s, &mut rng);
    assert_eq!(events, ["P1 passes", "Goblin Warrens: party 4 + 2 = 6 against difficulty 4: success"]);
    assert!(s.table().raid[0].won);
    say(&g, &mut s, 0, "boar-pasture", &mut rng);
    let events = pass_window(&g, &mut s, &mut rng);
    assert_eq!(events, ["P1 passes", "Boar Pasture: party 3 - 3 = 0 against difficulty 2: failure", "P1's raid fails"]);
    // Wolf Den is never rolled; the phase is over and the hand limit follows.
    assert_eq!(rng.remaining().count(), 0);
    assert!(matches!(top(&s), Step::HandLimit(_)));
    assert!(s.table().raid.is_empty());
    assert_eq!(dungeon_row(&g, &s), ["goblin-warrens", "boar-pasture", "wolf-den"]);
    assert!(s.table().seats[p(0)].dungeons.is_empty());
    assert_eq!(g.vp(&s, p(0)), 0);
    assert_eq!(s.table().seats[p(0)].hand.bits(), hand_before, "no Loot drawn");
    assert_eq!(s.table().loot_deck.bits(), loot_before);
    assert_eq!(members(&g, &s, 0), ["dad-of-three", "raid-mom", "herbalist-fern"]);
}

/// WOD-RAID-14: a guildmember has raided when its party's die is rolled: the count goes up at the
/// roll (not at a reroll, not for a member left out), and Burn-out counts it.
#[test]
fn wod_raid_14_raids_are_counted_at_the_roll() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["no-life-nate", "dad-of-three"]);
    t.turn = 2;
    t.seats[p(0)].guild[0].raids = 1;
    add_hand(&g, &mut t, 0, &["lag-spike"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["-3", "+2"]);
    rng.push([ScriptedValue::Pick(0)]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens", "out"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    let raids = |s: &State| -> Vec<u8> { s.table().seats[p(0)].guild.iter().map(|m| m.raids).collect() };
    assert_eq!(raids(&s), [1, 0]);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(raids(&s), [2, 0], "counted at the roll, before it is settled");
    assert_eq!(
        say(&g, &mut s, 0, "play lag-spike", &mut rng),
        [
            "P1 plays Lag Spike",
            "the raid die for Goblin Warrens shows +2",
            "Lag Spike resolves",
            "Goblin Warrens: party 5 + 2 = 7 against difficulty 4: success"
        ]
    );
    assert_eq!(raids(&s), [2, 0], "a reroll is the same raid");
    // Burn-out 2 is reached: No-Life Nate leaves at the end of the turn, after the claim.
    let events = say(&g, &mut s, 0, "claim", &mut rng);
    let end = events.iter().position(|e| e == "turn 3: P2").unwrap();
    assert_eq!(events[end - 1], "No-Life Nate leaves P1's guild (burn-out)");
    assert_eq!(members(&g, &s, 0), ["dad-of-three"]);
}

// ---------------------------------------------------------------- WOD-CLAIM-1, WOD-CLAIM-2

/// WOD-CLAIM-1: once every declared dungeon is won the active player claims; the claim waits in a
/// window (the next player first), then the dungeons move to the Guild Stash and Loot equal to the
/// sum of their current loot values is drawn (Crab Beach 2 + 1 with a Roleplayer, Goblin Warrens 1).
#[test]
fn wod_claim_1_dungeons_to_the_guild_stash_then_their_loot() {
    let g = game(3);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["crab-beach", "goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["herbalist-fern", "dad-of-three"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0", "0"]);
    rng.push([ScriptedValue::Pick(0); 4]);
    declare(&g, &mut s, &["crab-beach", "goblin-warrens"], &["crab-beach", "goblin-warrens"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "crab-beach", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(g.decision(&s).rule, "WOD-CLAIM-1");
    assert_eq!(legal(&g, &s, 0), ["claim"]);
    assert_eq!(say(&g, &mut s, 0, "claim", &mut rng), ["P1 claims"]);
    assert_eq!(s.table().pending.as_slice(), [Item::Claim { loot: 0 }]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(dungeon_row(&g, &s), ["crab-beach", "goblin-warrens"], "the claim waits");
    let events = say(&g, &mut s, 1, "pass", &mut rng);
    assert_eq!(
        events,
        [
            "P2 passes",
            "P1 claims Crab Beach",
            "P1 claims Goblin Warrens",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
        ]
    );
    assert!(s.table().dungeon_row.is_empty());
    let claimed: Vec<u8> = s.table().seats[p(0)].dungeons.to_vec();
    assert_eq!(claimed, [dungeon(&g, "crab-beach"), dungeon(&g, "goblin-warrens")]);
    assert_eq!(s.table().seats[p(0)].hand.bits(), 0b1111);
    assert_eq!(g.vp(&s, p(0)), 4);
    // Four cards against a hand limit of 3: the turn goes on to the hand limit.
    assert!(matches!(top(&s), Step::HandLimit(_)));
}

/// WOD-CLAIM-2: VP are the claimed dungeons' VP plus modifiers in force, and a stash ability works
/// from the moment its dungeon arrives (Demon Forge: +1 VP per other Boss dungeon).
#[test]
fn wod_claim_2_vp_of_claimed_dungeons_plus_modifiers() {
    let g = game(2);
    let mut t = table(&g);
    add_claimed(&g, &mut t, 0, &["troll-bridge"]);
    add_claimed(&g, &mut t, 1, &["demon-forge", "goblin-warrens"]);
    // Demon Forge with no other Boss dungeon: its printed 5 and Goblin Warrens' 2.
    let s = load(&g, &t);
    assert_eq!((g.vp(&s, p(0)), g.vp(&s, p(1))), (3, 5 + 2));
    // With Elder Wyrm beside it: 6 more, and 1 for the other Boss dungeon.
    add_claimed(&g, &mut t, 1, &["elder-wyrm"]);
    let s = load(&g, &t);
    assert_eq!(g.vp(&s, p(1)), 5 + 2 + 6 + 1);
    // P1 claims Demon Forge next to Troll Bridge: the bonus counts from its arrival.
    let mut t = table(&g);
    add_claimed(&g, &mut t, 0, &["troll-bridge"]);
    set_dungeon_row(&g, &mut t, &["demon-forge"]);
    add_guild(&g, &mut t, 0, &["no-life-nate", "tryhard-tyler"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    assert_eq!(g.vp(&s, p(0)), 3);
    let mut rng = dice(&g, &["0"]);
    declare(&g, &mut s, &["demon-forge"], &["demon-forge", "demon-forge"], &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "demon-forge", &mut rng)[2],
        "The Demon Forge: party 10 + 0 = 10 against difficulty 10: success"
    );
    say(&g, &mut s, 0, "claim", &mut rng);
    assert_eq!(g.vp(&s, p(0)), 3 + 5 + 1);
    assert_eq!(g.observe(&s, Viewer::Spectator).seats[0].vp, 9);
}
