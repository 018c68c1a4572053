//! The pinned cards of the spec in play: they do what they say.

use super::*;

// ================================================================ the pinned cards in play

/// WOD-RAID-7, WOD-DATA-2 (`raid-mom`): each other member of her party +1, herself and members
/// outside the party unchanged; the party's experience is the sum.
#[test]
fn wod_raid_7_raid_mom_gives_each_other_member_of_her_party_plus_1() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "raid-mom", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", None);
    let o = look(&g, &load(&g, &t));
    assert_eq!(xp_now(&o, 0, "Raid Mom"), 3);
    assert_eq!(xp_now(&o, 0, "Whale Wallace"), 4);
    assert_eq!(xp_now(&o, 0, "Dad of Three"), 4);
    assert_eq!(o.raid[0].xp, 7);
}

/// WOD-RAID-7 (`flamebait`): each other member of its party −1.
#[test]
fn wod_raid_7_flamebait_takes_1_from_each_other_member_of_its_party() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "flamebait", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", None);
    let o = look(&g, &load(&g, &t));
    assert_eq!(xp_now(&o, 0, "Flamebait"), 4);
    assert_eq!(xp_now(&o, 0, "Whale Wallace"), 2);
    assert_eq!(xp_now(&o, 0, "Dad of Three"), 4);
    assert_eq!(o.raid[0].xp, 6);
}

/// WOD-RAID-7 (`leroy`): his party −2 in a Boss dungeon, nothing in a Farm dungeon.
#[test]
fn wod_raid_7_leroy_costs_his_party_2_in_boss_dungeons_only() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["hydra-marsh", "goblin-warrens"]);
    member(&g, &mut t, 0, "leroy", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", Some(1));
    let o = look(&g, &load(&g, &t));
    assert_eq!(o.raid[0].xp, 1 + 3 - 2);
    assert_eq!(o.raid[1].xp, 4);
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "leroy", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    assert_eq!(look(&g, &load(&g, &t)).raid[0].xp, 4);
}

/// WOD-RAID-7, WOD-RAID-4 (`weekend-wendy`): +1 in a Farm dungeon; no legal raid of a Boss dungeon
/// she alone could meet the requirement of, where another Casual could.
#[test]
fn wod_raid_4_weekend_wendy_gets_1_in_farms_and_cannot_raid_bosses() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["kobold-mines"]);
    member(&g, &mut t, 0, "weekend-wendy", Some(0));
    assert_eq!(xp_now(&look(&g, &load(&g, &t)), 0, "Weekend Wendy"), 3);
    let (boss, farm) = (dungeon(&g, "clockwork-colossus"), dungeon(&g, "kobold-mines"));
    for (who, expected) in [
        ("weekend-wendy", vec![Action::Grind, Action::Dungeon(farm)]),
        ("mobile-mia", vec![Action::Grind, Action::Dungeon(boss), Action::Dungeon(farm)]),
    ] {
        let mut t = blank(&g);
        row(&g, &mut t, &["clockwork-colossus", "kobold-mines"]);
        member(&g, &mut t, 0, who, None);
        t.steps = Stack::with(Step::Phase(Phase::Dungeon));
        assert_eq!(g.legal_actions(&load(&g, &t), p(0)), expected, "{who}");
    }
}

/// End-of-turn burn-out (`no-life-nate`, Burn-out 2): its burn-out is 2 (3 with Vacation Days); at
/// the end of a turn in which it has raided twice it goes to the Forum discard pile, after once it
/// stays.
#[test]
fn wod_end_1_no_life_nate_burns_out_after_2_raids() {
    let g = game();
    let mut t = blank(&g);
    member(&g, &mut t, 0, "no-life-nate", None);
    assert_eq!(look(&g, &load(&g, &t)).seats[0].guild[0].burnout, Some(2));
    let k = take(&g, &mut t, "vacation-days");
    t.seats[p(0)].stash.insert(k);
    assert_eq!(look(&g, &load(&g, &t)).seats[0].guild[0].burnout, Some(3));
    for (raids, gone) in [(2, true), (1, false)] {
        let mut t = blank(&g);
        member(&g, &mut t, 0, "no-life-nate", None);
        t.seats[p(0)].guild[0].raids = raids;
        t.steps = Stack::with(Step::Phase(Phase::Dungeon));
        let mut s = load(&g, &t);
        // The grind draws the lowest card of the Loot deck (an Effect card).
        act(&g, &mut s, 0, Action::Grind, &mut Scripted::with([ScriptedValue::Pick(0)], SeededRng::new(3)));
        assert_eq!(discarded(&s, &g, "no-life-nate"), gone, "after {raids} raids");
        assert_eq!(guild_names(&s, &g, 0).is_empty(), gone, "after {raids} raids");
    }
}

/// WOD-RAID-7 (`olde-bard`): +1 per other Roleplayer in his party.
#[test]
fn wod_raid_7_olde_bard_gets_1_per_other_roleplayer_in_his_party() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "olde-bard", Some(0));
    member(&g, &mut t, 0, "lorekeeper-lyra", Some(0));
    member(&g, &mut t, 0, "king-aldric", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    let o = look(&g, &load(&g, &t));
    assert_eq!(xp_now(&o, 0, "Ye Olde Bard"), 2 + 2);
    assert_eq!(xp_now(&o, 0, "Lorekeeper Lyra"), 3);
    assert_eq!(o.raid[0].xp, 4 + 3 + 2 + 3);
}

/// WOD-RAID-4 (`olde-bard`, `lady-moonwhisper`, `gankz`): who will not play with whom cannot join
/// that party, whichever of the two was placed first; others can.
#[test]
fn wod_raid_4_olde_bard_lady_moonwhisper_and_gankz_refuse_their_party() {
    let g = game();
    let gw = Action::Dungeon(dungeon(&g, "goblin-warrens"));
    assert_eq!(second_member_choices(&g, "flamebait", "olde-bard"), vec![Action::Out]);
    assert_eq!(second_member_choices(&g, "flamebait", "sir-reginald"), vec![gw, Action::Out]);
    assert_eq!(second_member_choices(&g, "gankz", "lady-moonwhisper"), vec![Action::Out]);
    assert_eq!(second_member_choices(&g, "lady-moonwhisper", "gankz"), vec![Action::Out]);
    assert_eq!(second_member_choices(&g, "flamebait", "lady-moonwhisper"), vec![gw, Action::Out]);
    assert_eq!(second_member_choices(&g, "lady-moonwhisper", "flamebait"), vec![gw, Action::Out]);
}

/// WOD-CLAIM-1 (`gankz`): a claim with it in a party draws 1 fewer Loot.
#[test]
fn wod_claim_1_gankz_makes_a_claim_draw_1_fewer_loot() {
    let g = game();
    assert_eq!(claim_draws(&g, "troll-bridge", &["gankz"], None), 1);
    assert_eq!(claim_draws(&g, "troll-bridge", &["flamebait"], None), 2);
}

/// WOD-RAID-7 (`skunk-meadow`): Casuals +1 while raiding it, other types not.
#[test]
fn wod_raid_7_skunk_meadow_gives_casuals_1() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["skunk-meadow"]);
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "lorekeeper-lyra", Some(0));
    let o = look(&g, &load(&g, &t));
    assert_eq!(xp_now(&o, 0, "Whale Wallace"), 4);
    assert_eq!(xp_now(&o, 0, "Lorekeeper Lyra"), 3);
    assert_eq!(o.raid[0].xp, 7);
}

/// WOD-RAID-3 (`tutorial-island`, `troll-bridge`, `goblin-warrens`): a Noob or a Troll is needed,
/// `*` needs nothing.
#[test]
fn wod_raid_3_tutorial_island_needs_a_noob_and_troll_bridge_a_troll() {
    let g = game();
    let (ti, tb, gw) = (dungeon(&g, "tutorial-island"), dungeon(&g, "troll-bridge"), dungeon(&g, "goblin-warrens"));
    for (who, expected) in [
        ("whale-wallace", vec![Action::Grind, Action::Dungeon(gw)]),
        ("leroy", vec![Action::Grind, Action::Dungeon(ti), Action::Dungeon(gw)]),
        ("gankz", vec![Action::Grind, Action::Dungeon(tb), Action::Dungeon(gw)]),
    ] {
        let mut t = blank(&g);
        row(&g, &mut t, &["tutorial-island", "troll-bridge", "goblin-warrens"]);
        member(&g, &mut t, 0, who, None);
        t.steps = Stack::with(Step::Phase(Phase::Dungeon));
        assert_eq!(g.legal_actions(&load(&g, &t), p(0)), expected, "{who}");
    }
}

/// WOD-RAID-11 (`elder-wyrm`): a skull there discards two members; elsewhere one.
#[test]
fn wod_raid_11_elder_wyrm_skull_discards_two_members() {
    let g = game();
    assert_eq!(skull_at(&g, "elder-wyrm"), vec!["Mobile Mia"]);
    assert_eq!(skull_at(&g, "goblin-warrens"), vec!["Dad of Three", "Mobile Mia"]);
}

/// WOD-EFFECT-3 (`easy-mode`): the declared dungeon's difficulty −1 for the turn.
#[test]
fn wod_effect_3_easy_mode_lowers_a_declared_dungeons_difficulty() {
    let g = game();
    let mut s = goblin_raid(&g, &["easy-mode"], &[]);
    let mut rng = SeededRng::new(1);
    act(&g, &mut s, 0, Action::Play(def(&g, "easy-mode")), &mut rng);
    act(&g, &mut s, 0, Action::Dungeon(dungeon(&g, "goblin-warrens")), &mut rng);
    let o = look(&g, &s);
    assert_eq!(o.raid[0].difficulty, 3);
    assert_eq!(o.dungeon_row[0].difficulty_now, 3);
}

/// WOD-RAID-8, WOD-RAID-10 (`lag-spike`): after a skull, the reroll's +2 is the face settled:
/// 3 + 2 reaches difficulty 4, and the raid shows the face rolled last.
#[test]
fn wod_raid_8_lag_spike_rerolls_the_waiting_roll() {
    let g = game();
    let mut s = goblin_raid(&g, &["lag-spike"], &[]);
    let mut rng = Scripted::with([ScriptedValue::Die(6), ScriptedValue::Die(5)], SeededRng::new(1));
    act(&g, &mut s, 0, Action::Dungeon(dungeon(&g, "goblin-warrens")), &mut rng);
    assert_eq!(look(&g, &s).raid[0].rolled.as_deref(), Some("skull"));
    act(&g, &mut s, 0, Action::Play(def(&g, "lag-spike")), &mut rng);
    let o = look(&g, &s);
    assert!(o.raid[0].won);
    assert_eq!(o.raid[0].rolled.as_deref(), Some("+2"));
    assert_eq!(s.table().steps.top(), Some(&Step::Phase(Phase::Claim)));
}

/// WOD-RESP-6 (`report-to-gm`): answering Pet Aggro, it cancels it: the party keeps its 3.
#[test]
fn wod_resp_6_report_to_gm_cancels_an_effect_card_on_the_stack() {
    let g = game();
    let gw = dungeon(&g, "goblin-warrens");
    for (answer, xp) in [(true, 3), (false, 2)] {
        let mut s = goblin_raid(&g, &["pet-aggro"], &["report-to-gm"]);
        let mut rng = SeededRng::new(1);
        act(&g, &mut s, 0, Action::Play(def(&g, "pet-aggro")), &mut rng);
        act(&g, &mut s, 0, Action::Dungeon(gw), &mut rng);
        if answer {
            act(&g, &mut s, 1, Action::Play(def(&g, "report-to-gm")), &mut rng);
            act(&g, &mut s, 1, Action::Stacked(0), &mut rng);
        } else {
            act(&g, &mut s, 1, Action::Pass, &mut rng);
        }
        assert!(s.table().pending.is_empty());
        assert_eq!(look(&g, &s).raid[0].xp, xp, "answered: {answer}");
    }
}

/// WOD-EFFECT-1 (`better-offer`): another player's guildmember moves into your guild; not
/// playable while your guild is at its limit.
#[test]
fn wod_effect_1_better_offer_poaches_a_guildmember() {
    let g = game();
    let mut t = blank(&g);
    member(&g, &mut t, 0, "whale-wallace", None);
    member(&g, &mut t, 1, "dad-of-three", None);
    hand(&g, &mut t, 0, "better-offer");
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(1);
    act(&g, &mut s, 0, Action::Play(def(&g, "better-offer")), &mut rng);
    act(&g, &mut s, 0, Action::Gamer(gamer(&g, "dad-of-three")), &mut rng);
    assert_eq!(guild_names(&s, &g, 0), vec!["Whale Wallace", "Dad of Three"]);
    assert!(guild_names(&s, &g, 1).is_empty());
    assert!(s.table().seats[p(0)].guild[1].joined);
    member(&g, &mut t, 0, "mobile-mia", None);
    member(&g, &mut t, 0, "weekend-wendy", None);
    let full = load(&g, &t);
    assert!(!g.legal_actions(&full, p(0)).contains(&Action::Play(def(&g, "better-offer"))));
}

/// WOD-RECRUIT-1 (`invite-declined`): the recruit is cancelled, the gamer stays in the Forum row.
#[test]
fn wod_recruit_1_invite_declined_cancels_the_recruit() {
    let g = game();
    let mut t = blank(&g);
    forum(&g, &mut t, &["whale-wallace", "dad-of-three"]);
    hand(&g, &mut t, 1, "invite-declined");
    t.steps = Stack::with(Step::Phase(Phase::Recruit));
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(1);
    let whale = gamer(&g, "whale-wallace");
    act(&g, &mut s, 0, Action::Gamer(whale), &mut rng);
    act(&g, &mut s, 1, Action::Play(def(&g, "invite-declined")), &mut rng);
    assert!(guild_names(&s, &g, 0).is_empty());
    assert_eq!(s.table().forum_row.as_slice(), [whale, gamer(&g, "dad-of-three")]);
    assert_eq!(s.table().steps.top(), Some(&Step::Phase(Phase::Stash)));
}

/// WOD-RAID-2 (`afk`): the guildmember leaves its party and is barred from parties this turn.
#[test]
fn wod_raid_2_afk_takes_a_guildmember_out_of_its_party() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", Some(0));
    hand(&g, &mut t, 0, "afk");
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(1);
    act(&g, &mut s, 0, Action::Play(def(&g, "afk")), &mut rng);
    act(&g, &mut s, 0, Action::Gamer(gamer(&g, "dad-of-three")), &mut rng);
    let o = look(&g, &s);
    assert_eq!(o.raid[0].party, vec!["Whale Wallace"]);
    assert_eq!(o.raid[0].xp, 3);
    let dad = &s.table().seats[p(0)].guild[1];
    assert!(dad.afk);
    assert_eq!(dad.party, None);
}

/// WOD-PATCH-1 (`hardcore-nerf`, `new-player-experience`, `casual-friendly`): lasting changes in
/// force from the Patch Notes row.
#[test]
fn wod_patch_1_lasting_patch_notes_change_experience_and_difficulty() {
    let g = game();
    let mut t = blank(&g);
    member(&g, &mut t, 0, "no-life-nate", None);
    member(&g, &mut t, 0, "leroy", None);
    member(&g, &mut t, 0, "whale-wallace", None);
    row(&g, &mut t, &["goblin-warrens", "troll-bridge"]);
    let plain = look(&g, &load(&g, &t));
    for id in ["hardcore-nerf", "new-player-experience", "casual-friendly"] {
        let k = take(&g, &mut t, id);
        t.patch.push(k);
    }
    let o = look(&g, &load(&g, &t));
    for (name, before, after) in [("No-Life Nate", 5, 4), ("Leroy", 1, 2), ("Whale Wallace", 3, 3)] {
        assert_eq!(xp_now(&plain, 0, name), before, "{name}");
        assert_eq!(xp_now(&o, 0, name), after, "{name}");
    }
    assert_eq!(plain.dungeon_row.iter().map(|d| d.difficulty_now).collect::<Vec<_>>(), [4, 7]);
    assert_eq!(o.dungeon_row.iter().map(|d| d.difficulty_now).collect::<Vec<_>>(), [3, 7]);
}

/// WOD-PATCH-1 (`loot-table-buff`): every Boss dungeon's loot +1, so a Troll Bridge claim draws 3.
#[test]
fn wod_patch_1_loot_table_buff_adds_1_loot_to_boss_claims() {
    let g = game();
    assert_eq!(claim_draws(&g, "troll-bridge", &["flamebait"], Some("loot-table-buff")), 3);
    assert_eq!(claim_draws(&g, "goblin-warrens", &["flamebait"], Some("loot-table-buff")), 1);
}

/// WOD-POP-2, WOD-PATCH-1 (`expansion-launch`): the Dungeon row holds 4.
#[test]
fn wod_pop_2_expansion_launch_makes_the_dungeon_row_hold_4() {
    let g = game();
    assert_eq!(row_after_next_populate(&g, None), 3);
    assert_eq!(row_after_next_populate(&g, Some("expansion-launch")), 4);
}

/// WOD-PATCH-1, WOD-PATCH-2 (`forum-purge`): drawn by a grind, it goes into force at once: the
/// Forum row goes to the Forum discard pile, and it is not replaced by another draw.
#[test]
fn wod_patch_1_forum_purge_discards_the_forum_row() {
    let g = game();
    let mut t = blank(&g);
    forum(&g, &mut t, &["whale-wallace", "dad-of-three"]);
    t.steps = Stack::with(Step::Phase(Phase::Dungeon));
    let purge = (0..g.content().loot.len() as u8).find(|&k| g.content().def_of(k) == def(&g, "forum-purge")).unwrap();
    let rank = (t.loot_deck.bits() & ((1u128 << purge) - 1)).count_ones();
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, Action::Grind, &mut Scripted::with([ScriptedValue::Pick(rank)], SeededRng::new(2)));
    assert!(discarded(&s, &g, "whale-wallace"));
    assert!(discarded(&s, &g, "dad-of-three"));
    assert_eq!(s.table().patch.as_slice(), [purge]);
    assert_eq!(s.table().seats[p(0)].hand.bits(), 0);
}

/// WOD-RAID-7, WOD-DATA-2: party experience "of" a type works only on a party that includes that
/// type, as its text says ("Your parties with a Leader +2 experience"; regression: `of` was read
/// and then ignored, so every party got the bonus).
#[test]
fn wod_raid_7_party_experience_of_a_type_needs_that_type_in_the_party() {
    let loot = "[[loot]]\nid = \"war-drums\"\nname = \"War Drums\"\nkind = \"stash\"\ncopies = 5\n\
                stash = [{ is = \"party-xp\", n = 2, of = \"leader\" }]\n";
    let g = game_on(&[("loot.toml", loot.into())]);
    assert_eq!(g.loot_text(def(&g, "war-drums")), "Your parties with a Leader +2 experience.");
    for (party, xp) in [(&["whale-wallace"][..], 3), (&["whale-wallace", "raid-mom"][..], 4 + 3 + 2)] {
        let mut t = blank(&g);
        raid(&g, &mut t, &["goblin-warrens"]);
        for id in party {
            member(&g, &mut t, 0, id, Some(0));
        }
        let k = take(&g, &mut t, "war-drums");
        t.seats[p(0)].stash.insert(k);
        assert_eq!(look(&g, &load(&g, &t)).raid[0].xp, xp, "{party:?}");
    }
}
