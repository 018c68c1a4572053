//! WOD-DATA-1: bad content is refused with file, line and reason; saved positions (validate.rs).

use super::*;

// ---------------------------------------------------------------- WOD-DATA-1: content errors

#[test]
fn wod_data_1_replacement_files_load() {
    let renamed = BUILT_IN_FORUM.replacen("name = \"Leroy\"", "name = \"Leeroy\"", 1);
    let c = load_with(FORUM_FILE, &renamed).unwrap();
    assert_eq!(gamer(&c, "leroy").name, "Leeroy");
    assert_eq!(
        error_with("cards.toml", ""),
        content_error(
            "cards.toml",
            None,
            "World of Dungeons reads only die.toml, forum.toml, dungeons.toml, loot.toml"
        )
    );
}

#[test]
fn wod_data_1_malformed_file() {
    let bad = BUILT_IN_FORUM.replacen("xp = 5", "xp = = 5", 1);
    let err = error_with(FORUM_FILE, &bad);
    let ConfigError::Content { file, line, reason } = &err else { panic!("{err:?}") };
    assert_eq!((file.as_str(), *line), (FORUM_FILE, Some(line_of(&bad, "xp = = 5"))), "{err}");
    assert_eq!(reason, "extra `=`, expected nothing");
}

#[test]
fn wod_data_1_unknown_gamer_type() {
    let bad = BUILT_IN_FORUM.replacen("type = \"troll\"\n", "type = \"wizard\"\n", 1);
    assert_eq!(
        error_with(FORUM_FILE, &bad),
        content_error(
            FORUM_FILE,
            Some(line_of(&bad, "\"wizard\"")),
            "unknown variant `wizard`, expected one of `casual`, `hardcore`, `leader`, `roleplayer`, `noob`, `troll`"
        )
    );
    // A type in a skill: the error names the gamer.
    let bad = BUILT_IN_FORUM.replacen("with = { type = \"troll\" }", "with = { type = \"goblin\" }", 1);
    assert_eq!(
        error_with(FORUM_FILE, &bad),
        content_error(
            FORUM_FILE,
            Some(line_of(&bad, "\"goblin\"")),
            "gamer shy-shelby: unknown variant `goblin`, expected one of `casual`, `hardcore`, `leader`, `roleplayer`, `noob`, `troll`"
        )
    );
    // A type in a dungeon's requirement, too.
    let bad = BUILT_IN_DUNGEONS.replacen("needs = [\"troll\"]", "needs = [\"trolls\"]", 1);
    assert_eq!(
        error_with(DUNGEONS_FILE, &bad),
        content_error(
            DUNGEONS_FILE,
            Some(line_of(&bad, "\"trolls\"")),
            "unknown variant `trolls`, expected one of `casual`, `hardcore`, `leader`, `roleplayer`, `noob`, `troll`"
        )
    );
}

#[test]
fn wod_data_1_unknown_field() {
    // A field of a card.
    let bad = BUILT_IN_DUNGEONS.replacen("vp = 6\n", "vp = 6\nmusic = \"epic\"\n", 1);
    let err = error_with(DUNGEONS_FILE, &bad);
    let ConfigError::Content { file, line, reason } = &err else { panic!("{err:?}") };
    assert_eq!((file.as_str(), *line), (DUNGEONS_FILE, Some(line_of(&bad, "music = "))), "{err}");
    assert!(reason.starts_with("unknown field `music`, expected one of `id`, `name`, `kind`"), "{reason}");
    // A field of an ability: the error names the card and the line of the item.
    let bad =
        BUILT_IN_FORUM.replacen("{ is = \"claim-loot\", n = -1 }", "{ is = \"claim-loot\", n = -1, loudly = true }", 1);
    assert_eq!(
        error_with(FORUM_FILE, &bad),
        content_error(FORUM_FILE, Some(line_of(&bad, "loudly")), "gamer gankz: unknown field `loudly`, expected `n`")
    );
    // An unknown effect step and an unknown timing.
    let bad = BUILT_IN_LOOT.replacen("{ do = \"reroll\" }", "{ do = \"rollback\" }", 1);
    let err = error_with(LOOT_FILE, &bad);
    let ConfigError::Content { file, line, reason } = &err else { panic!("{err:?}") };
    assert_eq!((file.as_str(), *line), (LOOT_FILE, Some(line_of(&bad, "rollback"))), "{err}");
    assert!(reason.starts_with("loot lag-spike: unknown variant `rollback`, expected one of"), "{reason}");
    let bad = BUILT_IN_LOOT.replacen("timing = \"roll\"", "timing = \"whenever\"", 1);
    let err = error_with(LOOT_FILE, &bad);
    let ConfigError::Content { file, line, reason } = &err else { panic!("{err:?}") };
    assert_eq!((file.as_str(), *line), (LOOT_FILE, Some(line_of(&bad, "whenever"))), "{err}");
    assert!(reason.starts_with("unknown variant `whenever`, expected one of `any`, `raid`, `roll`"), "{reason}");
}

#[test]
fn wod_data_1_number_out_of_range() {
    let bad = BUILT_IN_FORUM.replacen("xp = 5", "xp = 12", 1);
    assert_eq!(
        error_with(FORUM_FILE, &bad),
        content_error(
            FORUM_FILE,
            Some(line_of(&bad, "xp = 12")),
            "gamer no-life-nate: `xp` is 12; it must be from 0 to 9"
        )
    );
}

#[test]
fn wod_data_1_wont_play_names_a_missing_gamer() {
    let bad = BUILT_IN_FORUM.replacen("with = { gamer = \"gankz\" }", "with = { gamer = \"gank\" }", 1);
    // The error points at the gamer's entry: its `[[gamer]]` line, just above its id.
    let entry = line_of(&bad, "id = \"lady-moonwhisper\"") - 1;
    assert_eq!(bad.lines().nth(entry - 1), Some("[[gamer]]"));
    assert_eq!(
        error_with(FORUM_FILE, &bad),
        content_error(
            FORUM_FILE,
            Some(entry),
            "gamer lady-moonwhisper: will not play with `gank`, but no gamer has that id"
        )
    );
}

#[test]
fn wod_data_1_die_needs_six_faces_and_one_skull() {
    let five = BUILT_IN_DIE.replace(
        "faces = [\"skull\", \"-3\", \"-1\", \"0\", \"+1\", \"+2\"]",
        "faces = [\"skull\", \"-3\", \"0\", \"+1\", \"+2\"]",
    );
    assert_ne!(five, BUILT_IN_DIE);
    assert_eq!(
        error_with(DIE_FILE, &five),
        content_error(
            DIE_FILE,
            Some(line_of(&five, "faces = [")),
            "the raid die has 5 faces; it needs exactly 6 (WOD-COMP-8)"
        )
    );
    let two_skulls = "# two skulls\nfaces = [\"skull\", \"skull\", \"-1\", \"0\", \"+1\", \"+2\"]\n";
    assert_eq!(
        error_with(DIE_FILE, two_skulls),
        content_error(DIE_FILE, Some(2), "the raid die has 2 skulls; it needs exactly one (WOD-COMP-8)")
    );
    let no_skull = "faces = [\"-2\", \"-3\", \"-1\", \"0\", \"+1\", \"+2\"]\n";
    assert_eq!(
        error_with(DIE_FILE, no_skull),
        content_error(DIE_FILE, Some(1), "the raid die has 0 skulls; it needs exactly one (WOD-COMP-8)")
    );
    let bad_face = "faces = [\"skull\", \"-3\", \"-1\", \"0\", \"+1\", \"+12\"]\n";
    let err = error_with(DIE_FILE, bad_face);
    let ConfigError::Content { file, line, reason } = &err else { panic!("{err:?}") };
    assert_eq!((file.as_str(), *line), (DIE_FILE, Some(1)), "{err}");
    assert!(reason.contains("`+12` is not a die face"), "{reason}");
}

#[test]
fn wod_data_1_decks_too_small() {
    let forum = first_entries(BUILT_IN_FORUM, "[[gamer]]", 2);
    assert_eq!(
        error_with(FORUM_FILE, &forum),
        content_error(FORUM_FILE, None, "2 gamers; the Forum deck needs at least 3 for setup and the first turn")
    );
    assert_eq!(load_with(FORUM_FILE, &first_entries(BUILT_IN_FORUM, "[[gamer]]", 3)).unwrap().gamers.len(), 3);
    let dungeons = first_entries(BUILT_IN_DUNGEONS, "[[dungeon]]", 2);
    assert_eq!(
        error_with(DUNGEONS_FILE, &dungeons),
        content_error(
            DUNGEONS_FILE,
            None,
            "2 dungeons; the Dungeon deck needs at least 3 for setup and the first turn"
        )
    );
    assert_eq!(
        load_with(DUNGEONS_FILE, &first_entries(BUILT_IN_DUNGEONS, "[[dungeon]]", 3)).unwrap().dungeons.len(),
        3
    );
    // Four playable cards (Energy Drink, down to 4 copies) and every Patch Notes card: too few to play.
    let energy = first_entries(BUILT_IN_LOOT, "[[loot]]", 1);
    assert!(energy.contains("id = \"energy-drink\"") && energy.contains("copies = 5\n"));
    let patch_notes = &BUILT_IN_LOOT[BUILT_IN_LOOT.find("[[loot]]\nid = \"hardcore-nerf\"").unwrap()..];
    let loot = format!("{energy}{patch_notes}").replacen("copies = 5\n", "copies = 4\n", 1);
    assert_eq!(
        error_with(LOOT_FILE, &loot),
        content_error(
            LOOT_FILE,
            None,
            "4 Loot cards that are not Patch Notes; the deck needs at least 5 for setup and the first turn"
        )
    );
    let five = loot.replacen("copies = 4\n", "copies = 5\n", 1);
    assert_eq!(load_with(LOOT_FILE, &five).unwrap().loot.len(), 11);
}

/// WOD-DATA-1: more Patch Notes cards than the Patch Notes row can hold (32) are refused: every one
/// of them may come into force.
#[test]
fn wod_data_1_more_patch_notes_than_the_row_holds_are_refused() {
    let nerf = &BUILT_IN_LOOT[BUILT_IN_LOOT.find("[[loot]]\nid = \"hardcore-nerf\"").unwrap()..];
    let nerf = &nerf[..nerf[1..].find("[[loot]]").map_or(nerf.len(), |i| i + 1)];
    assert!(nerf.contains("kind = \"patch-notes\""), "{nerf}");
    let design = |id: &str, copies: usize| {
        nerf.replacen("hardcore-nerf", id, 1).replacen(
            "kind = \"patch-notes\"",
            &format!("kind = \"patch-notes\"\ncopies = {copies}"),
            1,
        )
    };
    // The built-in 6, and 20 + 7 (or 6) more.
    let with = |last: usize| format!("{BUILT_IN_LOOT}\n{}\n{}", design("nerf-again", 20), design("nerf-thrice", last));
    assert_eq!(
        error_with(LOOT_FILE, &with(7)),
        content_error(LOOT_FILE, None, "33 Patch Notes cards; the Patch Notes row holds at most 32")
    );
    assert_eq!(load_with(LOOT_FILE, &with(6)).unwrap().patch_cards.count_ones(), 32);
}

// ---------------------------------------------------------------- saved positions (validate.rs)
//
// Regressions found by `properties::mutated_positions_load_only_when_playable` once the retuned
// decks changed its random positions.

/// WOD-RESP-6: a cancelled Effect card stays on the stack until its turn to resolve (and then does
/// nothing), so a position saved while a card above it waits for a choice loads back.
#[test]
fn wod_resp_6_a_cancelled_card_still_on_the_stack_saves_and_loads() {
    use crate::common::{add_guild, add_hand, add_stash, blank, decider, load, p, say};
    use worlds_engine::{Game, SeededRng};
    use worlds_world_of_dungeons::{Fate, Item, Step};
    let g = crate::common::game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["afk", "item-decay"]);
    add_hand(&g, &mut t, 1, &["report-to-gm"]);
    add_stash(&g, &mut t, 1, &["comfy-slippers", "extra-bag"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    // P1 plays AFK, then Item Decay on P2 above it; P2 reports the AFK (the bottom card).
    for (seat, text) in [
        (0, "play afk"),
        (0, "dad-of-three"),
        (1, "pass"),
        (0, "play item-decay"),
        (0, "P2"),
        (1, "play report-to-gm"),
        (1, "effect 1"),
    ] {
        say(&g, &mut s, seat, text, &mut rng);
    }
    let t = s.table();
    assert_eq!(t.played.iter().map(|p| p.fate).collect::<Vec<_>>(), [Fate::Cancelled, Fate::Waiting, Fate::Resolved]);
    assert_eq!(t.pending.as_slice(), [Item::Card { played: 0 }], "the cancelled AFK still waits on the stack");
    assert!(matches!(t.steps.top(), Some(Step::Resolve { played: 1, pc: 0 })), "Item Decay waits for P2's choice");
    assert_eq!(decider(&g, &s), 1);
    // Saved here, the position loads back unchanged (it was refused: "pending[0]: refers to
    // nothing that waits").
    let loaded = load(&g, &g.to_setup(&s));
    assert_eq!(loaded, s);
    // And play goes on from it: P2 discards a Stash card, then the cancelled AFK does nothing.
    let mut s = loaded;
    assert_eq!(
        say(&g, &mut s, 1, "card extra-bag", &mut rng),
        ["P2 discards Extra Bag Slot from their Guild Stash", "Item Decay resolves"]
    );
    assert!(s.table().pending.is_empty());
    assert!(!s.table().seats[p(0)].guild[0].afk, "the cancelled AFK did nothing");
}

/// WOD-RAID-2: the parties are asked for member by member, skipping AFK members, so a saved
/// position that asks an AFK member (who could answer nothing) is refused.
#[test]
fn wod_raid_2_a_saved_position_asking_an_afk_member_for_its_party_is_refused() {
    use crate::common::{add_guild, at_phase, blank, legal, load, p, set_dungeon_row};
    use worlds_engine::{Game, StateError};
    use worlds_world_of_dungeons::{Declared, Phase};
    let g = crate::common::game(2);
    let mut t = blank(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "mobile-mia"]);
    t.raid.push(Declared { dungeon: g.content().find_dungeon("goblin-warrens").unwrap(), face: None, won: false });
    t.seats[p(0)].guild[0].afk = true;
    let afk = crate::common::take_loot(&g, &mut t, "afk");
    let picked = worlds_world_of_dungeons::Picked { gamer: Some(t.seats[p(0)].guild[0].gamer), ..Default::default() };
    t.played.push(worlds_world_of_dungeons::Played {
        card: afk,
        player: p(1),
        picked,
        fate: worlds_world_of_dungeons::Fate::Resolved,
    });
    at_phase(&mut t, Phase::Parties { member: 1 });
    // Asked of the next member, who must fill the declared dungeon's party: loads and plays.
    assert_eq!(legal(&g, &load(&g, &t), 0), ["goblin-warrens"]);
    at_phase(&mut t, Phase::Parties { member: 0 });
    let err = g.load_state_value(serde_json::to_value(&t).unwrap()).unwrap_err();
    assert_eq!(
        err,
        StateError::Invalid { field: "steps[0]".into(), reason: "an AFK guildmember is never put in a party".into() }
    );
}

/// WOD-RULING-7, WOD-DATA-1: content whose cards could fill a guild beyond the 12 a guild holds is
/// refused, naming the file and the line of a card that raises the guild limit. The bound is the
/// guild limit with every bonus together (3 + Guild Hall Upgrade's), one recruit over it and the 5
/// Trolls: the built-in cards reach 10; a Guild Hall Upgrade of +3 reaches 12 and loads, one of
/// +4 would let a guild reach 13.
#[test]
fn wod_ruling_7_content_that_could_overfill_a_guild_is_refused() {
    let upgrade = "stash = [{ is = \"guild-limit\", n = 1 }]";
    assert!(BUILT_IN_LOOT.contains(upgrade));
    let three = BUILT_IN_LOOT.replacen(upgrade, "stash = [{ is = \"guild-limit\", n = 3 }]", 1);
    assert!(load_with(LOOT_FILE, &three).is_ok());
    let four = BUILT_IN_LOOT.replacen(upgrade, "stash = [{ is = \"guild-limit\", n = 4 }]", 1);
    assert_eq!(
        error_with(LOOT_FILE, &four),
        content_error(
            LOOT_FILE,
            Some(line_of(&four, "id = \"guild-hall-upgrade\"")),
            "a guild could hold 13 guildmembers, more than the 12 a guild can hold: a guild limit of up to 7 \
             (3 + guild-hall-upgrade +4), one recruit over it and 5 Trolls (WOD-RULING-7)"
        )
    );
    // Two copies of the +3 card: the copies count.
    let copies = three.replacen("name = \"Guild Hall Upgrade\"", "name = \"Guild Hall Upgrade\"\ncopies = 2", 1);
    let ConfigError::Content { file, reason, .. } = error_with(LOOT_FILE, &copies) else { panic!() };
    assert_eq!(file, LOOT_FILE);
    assert!(reason.starts_with("a guild could hold 15 guildmembers"), "{reason}");
}
