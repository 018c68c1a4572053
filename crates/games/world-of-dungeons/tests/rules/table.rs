//! WOD-COMP-* and WOD-SETUP-*: the table and setting it up.

use super::*;

// ================================================================ Components

/// WOD-COMP-1: three separate decks; a kicked gamer goes to the Forum discard pile, a discarded
/// Loot card to the Loot discard pile, and a dungeon leaving the row under the Dungeon deck (there
/// is no Dungeon discard pile).
#[test]
fn wod_comp_1_three_decks_two_discard_piles() {
    let g = game(2);
    let (s, _) = start(&g, 3);
    let t = s.table();
    let dungeons = g.content().dungeons.len();
    assert_eq!(t.dungeon_deck.count() + t.dungeon_row.len(), dungeons, "every dungeon is in the deck or the row");
    assert_eq!((t.forum_discard.bits(), t.loot_discard.bits()), (0, 0), "both discard piles start empty");

    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["pizza-party", "easy-mode", "lag-spike"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    set_forum_row(&g, &mut t, &["weekend-wendy"]);
    let mut s = load(&g, &t);
    let (d, x, k) = (dungeon(&g, "angry-beehive"), gamer(&g, "mobile-mia"), lowest_loot(&t));
    let mut rng = script(grind_then_populate(&t, k, d, x));
    play(&g, &mut s, 0, "raid-mom", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    for step in ["skip", "skip", "grind"] {
        play(&g, &mut s, 0, step, &mut rng);
    }
    play(&g, &mut s, 0, "card pizza-party", &mut rng);
    let t = s.table();
    assert_eq!(t.forum_discard.bits(), 1 << gamer(&g, "raid-mom"));
    assert_eq!(t.loot_discard.bits(), 1 << copies(&g, "pizza-party")[0]);
    assert_eq!(t.dungeon_deck.bottom.as_slice(), &[dungeon(&g, "goblin-warrens")]);
    assert_eq!(dungeon_row_ids(&g, t), ["boar-pasture", "wolf-den", "angry-beehive"]);
}

/// WOD-COMP-2: a draw takes a random card of the unordered set (the rng's pick among them, lowest
/// id first); only once that set is empty does it take the bottom list's first card, using no
/// randomness.
#[test]
fn wod_comp_2_unordered_set_first_then_bottom_list_in_order() {
    let g = game(2);
    let mut t = blank(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture"]);
    let (a, b) = (dungeon(&g, "wolf-den"), dungeon(&g, "angry-beehive"));
    let (c, d) = (dungeon(&g, "whelp-nursery"), dungeon(&g, "abandoned-mine"));
    let rest: Vec<u8> = worlds_engine::bits::ones(u128::from(t.dungeon_deck.unseen.bits()))
        .map(|x| x as u8)
        .filter(|x| ![a, b, c, d].contains(x))
        .collect();
    t.dungeon_deck.unseen = CardSet::<1>::from_bits(1 << a | 1 << b);
    t.dungeon_deck.bottom.clear();
    t.dungeon_deck.bottom.extend([c, d].into_iter().chain(rest.iter().copied()));
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    assert!(a < b);
    // Turn 5 ends; turn 6 draws the second of the two unseen dungeons (pick 1).
    let mut rng = picks(&[0, 1, 0]);
    let events = say(&g, &mut s, 0, "grind", &mut rng);
    assert!(events.contains(&"Angry Beehive enters the Dungeon row".to_owned()), "{events:?}");
    // Turn 6 draws the last unseen one.
    let mut rng = picks(&[0, 0, 0]);
    for step in ["skip", "skip", "skip"] {
        play(&g, &mut s, 1, step, &mut rng);
    }
    let events = say(&g, &mut s, 1, "grind", &mut rng);
    assert!(events.contains(&"Wolf Den enters the Dungeon row".to_owned()), "{events:?}");
    assert_eq!(s.table().dungeon_deck.unseen.bits(), 0);
    // Turns 7 and 8: the bottom list's cards in order, without drawing from the rng.
    for (seat, want) in [(0, "Whelp Nursery"), (1, "Abandoned Mine")] {
        let mut rng = picks(&[0, 0]);
        for step in ["skip", "skip", "skip"] {
            play(&g, &mut s, seat, step, &mut rng);
        }
        let events = say(&g, &mut s, seat, "grind", &mut rng);
        assert!(events.contains(&format!("{want} enters the Dungeon row")), "{events:?}");
        assert_eq!(rng.drawn(), 2, "the grind and the Forum draw use the rng; the Dungeon draw does not");
    }
    // The row's oldest cards went under the deck, after the rest, in the order they left.
    let t = s.table();
    let n = t.dungeon_deck.bottom.len();
    let tail: Vec<u8> = t.dungeon_deck.bottom[n - 3..].to_vec();
    assert_eq!(tail, [dungeon(&g, "goblin-warrens"), dungeon(&g, "boar-pasture"), b]);
    assert_eq!(t.dungeon_deck.bottom[0], rest[0]);
}

/// WOD-COMP-3: no deck is refilled: a draw from an empty Loot deck draws nothing and the discard
/// pile stays where it is.
#[test]
fn wod_comp_3_an_empty_deck_is_never_refilled() {
    let g = game(2);
    let mut t = blank(&g);
    add_stash(&g, &mut t, 0, &["auto-clicker"]);
    let last = lowest_loot(&t);
    loot_deck_only(&mut t, &[last]);
    let discard = t.loot_discard.bits();
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let events = say(&g, &mut s, 0, "grind", &mut picks(&[0]));
    assert_eq!(
        events,
        [
            "P1 grinds for Loot",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "the Loot deck is empty",
            "game over: a deck is empty",
        ]
    );
    let t = s.table();
    assert_eq!(t.loot_deck.bits(), 0);
    assert_eq!(t.loot_discard.bits(), discard, "the discard pile is not shuffled back");
    assert_eq!(t.seats[p(0)].hand.bits(), 1 << last);
}

/// WOD-COMP-4: the rows are kept in order of arrival and the Patch Notes row in the order drawn;
/// guilds and Guild Stashes are face up; a hand's size is public, its cards are its owner's.
#[test]
fn wod_comp_4_face_up_areas_and_secret_hands() {
    let g = game(2);
    let mut t = blank(&g);
    set_dungeon_row(&g, &mut t, &["wolf-den", "goblin-warrens"]);
    set_forum_row(&g, &mut t, &["raid-mom", "leroy", "guild-dad"]);
    add_patch(&g, &mut t, &["new-player-experience", "hardcore-nerf"]);
    add_guild(&g, &mut t, 1, &["olde-bard"]);
    add_stash(&g, &mut t, 1, &["extra-bag"]);
    add_claimed(&g, &mut t, 1, &["boar-pasture"]);
    add_hand(&g, &mut t, 0, &["easy-mode", "lag-spike"]);
    add_hand(&g, &mut t, 1, &["afk"]);
    let s = load(&g, &t);
    let o = obs(&g, &s, 0);
    assert_eq!(o.dungeon_row.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["Wolf Den", "Goblin Warrens"]);
    assert_eq!(o.forum_row.iter().map(|x| x.name.as_str()).collect::<Vec<_>>(), ["Raid Mom", "Leroy", "Guild Dad"]);
    assert_eq!(
        o.patch_notes.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
        ["Patch Notes: New Player Experience", "Patch Notes: Hardcore Nerf"]
    );
    assert_eq!(o.seats[1].guild.iter().map(|x| x.name.as_str()).collect::<Vec<_>>(), ["Ye Olde Bard"]);
    assert_eq!(o.seats[1].stash.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Extra Bag Slot"]);
    assert_eq!(o.seats[1].dungeons.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["Boar Pasture"]);
    assert_eq!((o.seats[0].hand_size, o.seats[1].hand_size), (2, 1));
    let mine: Vec<&str> = o.hand.as_ref().unwrap().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(mine, ["Easy Mode", "Lag Spike"]);
    let theirs = serde_json::to_string(&o).unwrap();
    assert!(!theirs.contains("AFK"), "P2's card is not in P1's view");
    assert_eq!(g.observe(&s, Viewer::Spectator).hand, None);
}

/// WOD-COMP-5: a gamer has a name, one type, an experience rating (an integer, 0 or more) and one
/// skill; the Forum row shows them.
#[test]
fn wod_comp_5_a_gamer_has_name_type_experience_and_one_skill() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["raid-mom", "newbie-ned"]);
    let s = load(&g, &t);
    let o = obs(&g, &s, 0);
    let shown: Vec<(&str, &str, u8)> = o.forum_row.iter().map(|x| (x.name.as_str(), x.ty.as_str(), x.xp)).collect();
    assert_eq!(shown, [("Raid Mom", "Leader", 3), ("Newbie Ned", "Noob", 0)]);
    let c = g.content();
    let ned = c.gamer(gamer(&g, "newbie-ned"));
    assert_eq!((ned.ty, ned.xp), (GamerType::Noob, 0));
    assert_eq!(
        ned.skill,
        [
            Passive::Xp {
                n: -1,
                to: Gamers::PartyOthers,
                per_other: None,
                of: None,
                kind: None,
                min_party: None,
                party_has: None
            },
            Passive::Learns { max: 3 },
        ],
        "one skill, which may combine several items"
    );
    assert!(o.forum_row.iter().all(|x| !x.skill.is_empty()), "the skill is shown");
}

/// WOD-COMP-6: a dungeon has a name, Farm or Boss, difficulty, loot, VP, a requirement and
/// abilities; a stash ability works once the dungeon lies in a Guild Stash (and not in the row).
#[test]
fn wod_comp_6_a_dungeon_and_its_stash_ability() {
    let g = game(2);
    let c = g.content();
    let wyrm = c.dungeon(dungeon(&g, "elder-wyrm"));
    assert_eq!(
        (wyrm.name.as_str(), wyrm.kind, wyrm.difficulty, wyrm.loot, wyrm.vp, wyrm.needs),
        ("Lair of the Elder Wyrm", Kind::Boss, 12, 3, 6, Types(GamerType::Leader.bit() | GamerType::Hardcore.bit()))
    );
    assert_eq!(c.dungeon(dungeon(&g, "goblin-warrens")).needs, Types(0), "`*` is the empty set");
    let mut t = blank(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "elder-wyrm", "mushroom-grotto"]);
    let s = load(&g, &t);
    let o = obs(&g, &s, 0);
    let shown: Vec<(&str, &str, u8, u8, u8)> =
        o.dungeon_row.iter().map(|d| (d.name.as_str(), d.kind, d.difficulty, d.loot, d.vp)).collect();
    assert_eq!(
        shown,
        [
            ("Goblin Warrens", "Farm", 4, 1, 2),
            ("Lair of the Elder Wyrm", "Boss", 12, 3, 6),
            ("Mushroom Grotto", "Farm", 3, 1, 2),
        ]
    );
    // Mushroom Grotto's stash ability (grinding draws one more) works only in a Guild Stash.
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    play(&g, &mut s, 0, "grind", &mut picks(&[0]));
    assert_eq!(hand_size(&s, 0), 1, "in the row it does nothing");
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 0, &["mushroom-grotto"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    play(&g, &mut s, 0, "grind", &mut picks(&[0, 0]));
    assert_eq!(hand_size(&s, 0), 2, "in P1's Guild Stash, P1's grind draws two");
}

/// WOD-COMP-7: every Loot card is a Stash card (played into a Guild Stash), an Effect card
/// (played as an Effect) or a Patch Notes card (never held); a design the deck does not have is
/// refused.
#[test]
fn wod_comp_7_three_kinds_of_loot() {
    let g = game(2);
    let c = g.content();
    let count = |kind| c.loot.iter().filter(|&&d| c.defs[usize::from(d)].kind == kind).count();
    assert_eq!(count(LootKind::Stash) + count(LootKind::Effect) + count(LootKind::PatchNotes), c.loot.len());
    assert!([LootKind::Stash, LootKind::Effect, LootKind::PatchNotes].iter().all(|&k| count(k) > 0));
    let mut t = blank(&g);
    add_hand(&g, &mut t, 0, &["easy-mode", "extra-bag"]);
    at_phase(&mut t, Phase::Stash);
    let mut s = load(&g, &t);
    refused(&g, &s, 0, "card easy-mode", illegal("WOD-STASH-1", "Easy Mode is not a Stash card"));
    refused(&g, &s, 0, "play extra-bag", illegal("WOD-EFFECT-1", "Extra Bag Slot is not an Effect card"));
    let before = s.clone();
    let err = g.apply(&mut s, p(0), Action::Play(99), &mut SeededRng::new(0));
    assert_eq!(err.unwrap_err(), illegal("WOD-COMP-7", "the Loot deck has no card design number 99"));
    assert_eq!(s, before);
}

/// WOD-COMP-8: the raid die has six faces, one skull and five numbers; the roll of each face is
/// public.
#[test]
fn wod_comp_8_six_faces_one_skull() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut shown = Vec::new();
    for index in 0..6 {
        let mut s = load(&g, &t);
        let mut rng = script([face(index)]);
        for step in ["goblin-warrens", "done", "goblin-warrens"] {
            play(&g, &mut s, 0, step, &mut rng);
        }
        let events = say(&g, &mut s, 0, "goblin-warrens", &mut rng);
        assert_eq!(events[0], "raiding Goblin Warrens");
        shown.push(events[1].clone());
    }
    assert_eq!(
        shown,
        [
            "the raid die for Goblin Warrens shows skull",
            "the raid die for Goblin Warrens shows -3",
            "the raid die for Goblin Warrens shows -1",
            "the raid die for Goblin Warrens shows 0",
            "the raid die for Goblin Warrens shows +1",
            "the raid die for Goblin Warrens shows +2",
        ]
    );
}

/// WOD-COMP-9: modifiers add up and no experience rating goes below 0: Newbie Ned (0) with
/// Flamebait's −1 counts 0, not −1, so the party has 3 (Flamebait 4 − 1) and a +1 reaches 4.
#[test]
fn wod_comp_9_no_rating_below_zero() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["newbie-ned", "flamebait"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = script([face(4)]);
    for step in ["goblin-warrens", "done", "goblin-warrens", "goblin-warrens"] {
        play(&g, &mut s, 0, step, &mut rng);
    }
    let o = obs(&g, &s, 0);
    assert_eq!(o.seats[0].guild.iter().map(|x| x.xp_now).collect::<Vec<_>>(), [0, 3]);
    let events = say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert!(events.contains(&"Goblin Warrens: party 3 + 1 = 4 against difficulty 4: success".to_owned()), "{events:?}");
}

// ================================================================ Setup

/// WOD-SETUP-1: 2 to 5 players.
#[test]
fn wod_setup_1_two_to_five_players() {
    for n in [0, 1, 6] {
        assert_eq!(
            WorldOfDungeons::new(&Config::players(n)).unwrap_err(),
            ConfigError::PlayerCount { game: "world-of-dungeons", players: n, min: 2, max: 5 }
        );
    }
    for n in 2..=5 {
        let g = game(n);
        let (s, _) = start(&g, 1);
        assert_eq!(s.table().seats.len(), n);
    }
}

/// WOD-SETUP-2: the first player is the rng's pick unless the config names one; turns then go
/// clockwise.
#[test]
fn wod_setup_2_first_player_then_clockwise() {
    let g = game(3);
    let (s, events) = g.new_game(&mut picks(&[2]));
    assert_eq!(s.table().active, p(2));
    assert!(told(&g, &events).contains(&"turn 1: P3".to_owned()));

    let named = game_with(&Config::players(3).with_option("first", 1));
    let (s, events) = named.new_game(&mut picks(&[2]));
    assert_eq!(s.table().active, p(1));
    let events = told(&named, &events);
    assert!(events.contains(&"turn 1: P2".to_owned()));
    let third = &named.content().gamers[2].name;
    assert_eq!(events[0], format!("{third} enters the Forum row"), "the pick went to the first Forum draw");
    assert_eq!(
        WorldOfDungeons::new(&Config::players(3).with_option("first", 3)).unwrap_err(),
        ConfigError::Option { field: "first".into(), reason: "seat 3 does not exist; seats are 0–2".into() }
    );

    // Clockwise: after P3 comes P1.
    let mut t = blank(&g);
    t.active = p(2);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let events = say(&g, &mut s, 2, "grind", &mut SeededRng::new(4));
    assert!(events.contains(&"turn 6: P1".to_owned()), "{events:?}");
    assert_eq!(s.table().active, p(0));
}

/// WOD-SETUP-3: two Forum cards, then two Dungeon cards, the first drawn the older; a Troll drawn
/// now stays in the Forum row.
#[test]
fn wod_setup_3_two_gamers_then_two_dungeons() {
    let g = game_with(&Config::players(2).with_option("first", 0));
    // Setup, then Populate's dungeon and gamer.
    let script = picks_from_full_decks(
        &g,
        &[
            ('f', "flamebait"),
            ('f', "weekend-wendy"),
            ('d', "elder-wyrm"),
            ('d', "goblin-warrens"),
            ('l', "energy-drink"),
            ('l', "energy-drink"),
            ('d', "tutorial-island"),
            ('f', "lunch-break-larry"),
        ],
    );
    let (s, events) = g.new_game(&mut picks(&script));
    let events = told(&g, &events);
    assert_eq!(
        events[..4],
        [
            "Flamebait enters the Forum row",
            "Weekend Wendy enters the Forum row",
            "Lair of the Elder Wyrm enters the Dungeon row",
            "Goblin Warrens enters the Dungeon row",
        ]
    );
    let t = s.table();
    assert_eq!(forum_row_ids(&g, t), ["flamebait", "weekend-wendy", "lunch-break-larry"]);
    assert_eq!(dungeon_row_ids(&g, t), ["elder-wyrm", "goblin-warrens", "tutorial-island"]);
    assert!(t.seats.values().all(|seat| seat.guild.is_empty()), "the Troll joined nobody");
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Kick)], "and opened no window");
}

/// WOD-SETUP-4: from the first player clockwise, each draws until holding one Loot card; a Patch
/// Notes card drawn now goes into force and its drawer draws again.
#[test]
fn wod_setup_4_patch_notes_at_setup_are_replaced() {
    let g = game_with(&Config::players(2).with_option("first", 1));
    let nerf = copies(&g, "hardcore-nerf")[0];
    let purge = copies(&g, "forum-purge")[0];
    let drink = copies(&g, "energy-drink");
    // P2 (first) draws Hardcore Nerf, then an Energy Drink; P1 Forum Purge, then an Energy Drink.
    let script = picks_from_full_decks(
        &g,
        &[
            ('f', "weekend-wendy"),
            ('f', "lunch-break-larry"),
            ('d', "goblin-warrens"),
            ('d', "tutorial-island"),
            ('l', "hardcore-nerf"),
            ('l', "energy-drink"),
            ('l', "forum-purge"),
            ('l', "energy-drink"),
            ('d', "skunk-meadow"),
            ('f', "mobile-mia"),
        ],
    );
    let (s, events) = g.new_game(&mut picks(&script));
    let events = told(&g, &events);
    assert_eq!(
        events[4..15],
        [
            "P2 draws Patch Notes: Hardcore Nerf, in force from now on",
            "P2 draws Energy Drink",
            "P2 draws 1 Loot card",
            "P1 draws Patch Notes: Forum Purge, in force from now on",
            "Weekend Wendy is purged from the Forum",
            "Lunch-Break Larry is purged from the Forum",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "turn 1: P2",
            "Skunk Meadow enters the Dungeon row",
            "Mobile Mia enters the Forum row",
        ]
    );
    let t = s.table();
    assert_eq!(t.patch.as_slice(), &[nerf, purge]);
    assert_eq!((t.seats[p(0)].hand.bits(), t.seats[p(1)].hand.bits()), (1 << drink[1], 1 << drink[0]));
    assert_eq!(t.forum_discard.bits(), 1 << gamer(&g, "weekend-wendy") | 1 << gamer(&g, "lunch-break-larry"));
}
