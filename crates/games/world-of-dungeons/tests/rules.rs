//! The table, the turn, phases 1 and 2, Loot and Patch Notes, the end of the turn and of the game,
//! and what players may know, rule by rule (WOD-COMP-*, WOD-SETUP-*, WOD-TURN-*, WOD-POP-*,
//! WOD-GUILD-1, WOD-KICK-*, WOD-RECRUIT-*, WOD-STASH-*, WOD-LOOT-1, WOD-PATCH-*, WOD-WIN-*,
//! WOD-HAND-1, WOD-END-*, WOD-OUT-1, WOD-INFO-*), and refused input: positions built on a blank
//! table, draws and dice scripted, exact legal lists, errors, event texts and states.
#![allow(clippy::unwrap_used)]

use serde_json::json;
use worlds_engine::{
    Config, ConfigError, Game, RuleError, RuleErrorKind, Scripted, ScriptedValue, SeededRng, StateError, Turn, Viewer,
};
use worlds_world_of_dungeons::{
    Action, DEFAULT_TURN_CAP, Ending, Fate, GamerType, Gamers, Kind, LootKind, Member, Observation, Passive, Phase,
    Picked, Played, Standing, State, Step, Table, Types, WorldOfDungeons,
};

use crate::common::*;

// ---------------------------------------------------------------- helpers

fn obs(g: &WorldOfDungeons, s: &State, seat: usize) -> Observation {
    g.observe(s, Viewer::Player(p(seat)))
}

/// The picks that make the next Populate draw this dungeon, then this gamer.
fn populate(t: &Table, dungeon: u8, gamer: u8) -> [ScriptedValue; 2] {
    [
        ScriptedValue::Pick(rank(u128::from(t.dungeon_deck.unseen.0), dungeon)),
        ScriptedValue::Pick(rank(u128::from(t.forum_deck.unseen.0), gamer)),
    ]
}

/// The picks of a grind that draws this Loot card, then of the next Populate.
fn grind_then_populate(t: &Table, loot: u8, dungeon: u8, gamer: u8) -> Vec<ScriptedValue> {
    let mut v = vec![ScriptedValue::Pick(rank(t.loot_deck.0, loot))];
    v.extend(populate(t, dungeon, gamer));
    v
}

/// The rule ID and the text of the decision now.
fn decision(g: &WorldOfDungeons, s: &State) -> (&'static str, String) {
    let d = g.decision(s);
    (d.rule, d.text)
}

fn illegal(rule: &'static str, message: &str) -> RuleError {
    RuleError { kind: RuleErrorKind::Illegal, rule, message: message.to_owned() }
}

/// Refuses `text` for `seat` with exactly `error`, and leaves the state as it was.
fn refused(g: &WorldOfDungeons, s: &mut State, seat: usize, text: &str, error: RuleError) {
    let before = s.clone();
    let got = try_act(g, s, seat, text, &mut SeededRng::new(0)).unwrap_err();
    assert_eq!(got, error, "`{text}` by P{}", seat + 1);
    assert_eq!(*s, before, "a refused action changed the state");
}

fn member(t: &Table, seat: usize, g: u8) -> Member {
    *t.seats[seat].guild.iter().find(|m| m.gamer == g).unwrap()
}

fn guild_ids(g: &WorldOfDungeons, t: &Table, seat: usize) -> Vec<String> {
    t.seats[seat].guild.iter().map(|m| g.content().gamer(m.gamer).id.clone()).collect()
}

fn forum_row_ids(g: &WorldOfDungeons, t: &Table) -> Vec<String> {
    t.forum_row.iter().map(|&x| g.content().gamer(x).id.clone()).collect()
}

fn dungeon_row_ids(g: &WorldOfDungeons, t: &Table) -> Vec<String> {
    t.dungeon_row.iter().map(|&x| g.content().dungeon(x).id.clone()).collect()
}

fn hand_size(s: &State, seat: usize) -> u32 {
    s.table().seats[seat].hand.0.count_ones()
}

/// The picks that draw these cards in this order from full decks (a new game): each a Forum
/// (`'f'`), Dungeon (`'d'`) or Loot (`'l'`, the lowest copy of a design left) card by id.
fn picks_from_full_decks(g: &WorldOfDungeons, draws: &[(char, &str)]) -> Vec<u32> {
    let c = g.content();
    let (mut forum, mut dungeons, mut loot) = (u128::from(c.all_gamers()), u128::from(c.all_dungeons()), c.all_loot());
    draws
        .iter()
        .map(|&(deck, id)| {
            let (mask, card) = match deck {
                'f' => (&mut forum, gamer(g, id)),
                'd' => (&mut dungeons, dungeon(g, id)),
                _ => {
                    let card = copies(g, id).into_iter().find(|&k| loot & (1 << k) != 0).unwrap();
                    (&mut loot, card)
                }
            };
            let r = rank(*mask, card);
            *mask &= !(1 << card);
            r
        })
        .collect()
}

/// Every Loot card but `keep` goes to the Loot discard pile.
fn loot_deck_only(t: &mut Table, keep: &[u8]) {
    let keep = keep.iter().fold(0u128, |m, &k| m | 1 << k);
    t.loot_discard.0 |= t.loot_deck.0 & !keep;
    t.loot_deck.0 &= keep;
}

/// The Loot card with the lowest id still in the Loot deck.
fn lowest_loot(t: &Table) -> u8 {
    t.loot_deck.0.trailing_zeros() as u8
}

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
    assert_eq!((t.forum_discard.0, t.loot_discard.0), (0, 0), "both discard piles start empty");

    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["pizza-party", "easy-mode", "lag-spike"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    set_forum_row(&g, &mut t, &["weekend-wendy"]);
    let mut s = load(&g, &t);
    let (d, x, k) = (dungeon(&g, "angry-beehive"), gamer(&g, "mobile-mia"), lowest_loot(&t));
    let mut rng = script(grind_then_populate(&t, k, d, x));
    act(&g, &mut s, 0, "raid-mom", &mut rng);
    for step in ["skip", "skip", "grind"] {
        act(&g, &mut s, 0, step, &mut rng);
    }
    act(&g, &mut s, 0, "card pizza-party", &mut rng);
    let t = s.table();
    assert_eq!(t.forum_discard.0, 1 << gamer(&g, "raid-mom"));
    assert_eq!(t.loot_discard.0, 1 << copies(&g, "pizza-party")[0]);
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
    let rest: Vec<u8> = worlds_engine::bits::ones(u128::from(t.dungeon_deck.unseen.0))
        .map(|x| x as u8)
        .filter(|x| ![a, b, c, d].contains(x))
        .collect();
    t.dungeon_deck.unseen.0 = 1 << a | 1 << b;
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
        act(&g, &mut s, 1, step, &mut rng);
    }
    let events = say(&g, &mut s, 1, "grind", &mut rng);
    assert!(events.contains(&"Wolf Den enters the Dungeon row".to_owned()), "{events:?}");
    assert_eq!(s.table().dungeon_deck.unseen.0, 0);
    // Turns 7 and 8: the bottom list's cards in order, without drawing from the rng.
    for (seat, want) in [(0, "Whelp Nursery"), (1, "Abandoned Mine")] {
        let mut rng = picks(&[0, 0]);
        for step in ["skip", "skip", "skip"] {
            act(&g, &mut s, seat, step, &mut rng);
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
    let discard = t.loot_discard.0;
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
    assert_eq!(t.loot_deck.0, 0);
    assert_eq!(t.loot_discard.0, discard, "the discard pile is not shuffled back");
    assert_eq!(t.seats[0].hand.0, 1 << last);
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
    act(&g, &mut s, 0, "grind", &mut picks(&[0]));
    assert_eq!(hand_size(&s, 0), 1, "in the row it does nothing");
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 0, &["mushroom-grotto"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "grind", &mut picks(&[0, 0]));
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
    refused(&g, &mut s, 0, "card easy-mode", illegal("WOD-STASH-1", "Easy Mode is not a Stash card"));
    refused(&g, &mut s, 0, "play extra-bag", illegal("WOD-EFFECT-1", "Extra Bag Slot is not an Effect card"));
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
            act(&g, &mut s, 0, step, &mut rng);
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
        act(&g, &mut s, 0, step, &mut rng);
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
    assert_eq!(s.table().active, 2);
    assert!(texts(&g, &events).contains(&"turn 1: P3".to_owned()));

    let named = game_with(&Config::players(3).with_option("first", 1));
    let (s, events) = named.new_game(&mut picks(&[2]));
    assert_eq!(s.table().active, 1);
    let events = texts(&named, &events);
    assert!(events.contains(&"turn 1: P2".to_owned()));
    let third = &named.content().gamers[2].name;
    assert_eq!(events[0], format!("{third} enters the Forum row"), "the pick went to the first Forum draw");
    assert_eq!(
        WorldOfDungeons::new(&Config::players(3).with_option("first", 3)).unwrap_err(),
        ConfigError::Option { field: "first".into(), reason: "seat 3 does not exist; seats are 0–2".into() }
    );

    // Clockwise: after P3 comes P1.
    let mut t = blank(&g);
    t.active = 2;
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let events = say(&g, &mut s, 2, "grind", &mut SeededRng::new(4));
    assert!(events.contains(&"turn 6: P1".to_owned()), "{events:?}");
    assert_eq!(s.table().active, 0);
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
    let events = texts(&g, &events);
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
    assert!(t.seats.iter().all(|seat| seat.guild.is_empty()), "the Troll joined nobody");
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
    let events = texts(&g, &events);
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
    assert_eq!((t.seats[0].hand.0, t.seats[1].hand.0), (1 << drink[1], 1 << drink[0]));
    assert_eq!(t.forum_discard.0, 1 << gamer(&g, "weekend-wendy") | 1 << gamer(&g, "lunch-break-larry"));
}

// ================================================================ The turn

/// WOD-TURN-1: Populate, Kick, Recruit, Play Stash, Dungeon, the victory check, the hand limit,
/// end of turn; then the next player.
#[test]
fn wod_turn_1_the_order_of_a_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers", "mechanical-keyboard", "guild-banner"]);
    t.active = 1;
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let mut rng = script(grind_then_populate(&t, lowest_loot(&t), d, x));
    let events = say(&g, &mut s, 1, "grind", &mut rng);
    assert_eq!(
        events[3..],
        ["turn 6: P1", "Goblin Warrens enters the Dungeon row", "Weekend Wendy enters the Forum row"]
    );
    let mut seen = vec![decision(&g, &s).0];
    for step in ["skip", "skip", "skip"] {
        act(&g, &mut s, 0, step, &mut rng);
        seen.push(decision(&g, &s).0);
    }
    let mut rng = picks(&[0, 0, 0]);
    act(&g, &mut s, 0, "grind", &mut rng);
    seen.push(decision(&g, &s).0);
    assert_eq!(seen, ["WOD-KICK-1", "WOD-RECRUIT-1", "WOD-STASH-1", "WOD-DUNG-1", "WOD-HAND-1"]);
    let events = say(&g, &mut s, 0, "card comfy-slippers", &mut rng);
    assert_eq!(events[0], "P1 discards Comfy Slippers");
    assert_eq!(events[1], "turn 7: P2");
    assert_eq!((s.table().active, decision(&g, &s).0), (1, "WOD-KICK-1"));
}

/// WOD-TURN-2: a gamer recruited this turn is marked as joined this turn until the turn ends.
#[test]
fn wod_turn_2_joined_this_turn_until_end_of_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    set_forum_row(&g, &mut t, &["guild-dad", "olde-bard"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(2);
    act(&g, &mut s, 0, "guild-dad", &mut rng);
    let (mom, dad) = (gamer(&g, "raid-mom"), gamer(&g, "guild-dad"));
    assert!(member(s.table(), 0, dad).joined);
    assert!(!member(s.table(), 0, mom).joined);
    assert!(obs(&g, &s, 1).seats[0].guild[1].joined, "the mark is public");
    act(&g, &mut s, 0, "skip", &mut rng);
    act(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(s.table().active, 1);
    assert!(!member(s.table(), 0, dad).joined, "the mark cleared at end of turn");
}

/// WOD-TURN-3: a turn does not start with a Loot draw: Populate draws a dungeon and a gamer only.
#[test]
fn wod_turn_3_no_loot_draw_at_the_start_of_a_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_hand(&g, &mut t, 1, &["easy-mode"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let mut rng = script(grind_then_populate(&t, lowest_loot(&t), d, x));
    let events = say(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(
        events,
        [
            "P1 grinds for Loot",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "turn 6: P2",
            "Goblin Warrens enters the Dungeon row",
            "Weekend Wendy enters the Forum row",
        ]
    );
    assert_eq!((hand_size(&s, 0), hand_size(&s, 1)), (1, 1));
    assert_eq!(rng.drawn(), 3, "one Loot pick (the grind), one Dungeon pick, one Forum pick");
}

/// WOD-TURN-4: every decision belongs to exactly one player; anyone else is refused.
#[test]
fn wod_turn_4_one_decider_at_a_time() {
    for (players, seed) in [(2, 11), (3, 12), (5, 13)] {
        let g = game(players);
        let (mut s, _) = start(&g, seed);
        let mut rng = SeededRng::new(seed);
        for _ in 0..600 {
            let Turn::Decide(who) = g.turn(&s) else {
                assert!(s.is_over(), "only a finished game has no single decider");
                break;
            };
            for q in 0..players {
                if q != who.index() {
                    assert!(g.legal_actions(&s, p(q)).is_empty());
                    let err = g.apply(&mut s.clone(), p(q), Action::Pass, &mut rng);
                    assert_eq!(err.unwrap_err().kind, RuleErrorKind::NotYourTurn);
                }
            }
            let legal = g.legal_actions(&s, who);
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&mut s, who, a, &mut rng).unwrap();
        }
    }
}

/// WOD-TURN-4 (refused input): an action while another player holds priority is refused with the
/// rule of the window, and nothing changes.
#[test]
fn wod_turn_4_an_action_while_another_player_holds_priority() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["guild-dad"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["guild-banner"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "guild-dad", &mut SeededRng::new(0));
    assert_eq!(decider(&g, &s), 1);
    for text in ["pass", "skip", "grind"] {
        refused(
            &g,
            &mut s,
            0,
            text,
            RuleError {
                kind: RuleErrorKind::NotYourTurn,
                rule: "WOD-RESP-4",
                message: "it is not your decision now: P2 holds priority: play an Effect card or pass".into(),
            },
        );
    }
}

/// WOD-COMP-4 (refused input): a response with a card not in hand is refused, and nothing
/// changes.
#[test]
fn wod_comp_4_a_response_with_a_card_not_in_hand() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["guild-dad"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "guild-dad", &mut SeededRng::new(0));
    assert_eq!(decider(&g, &s), 1);
    refused(&g, &mut s, 1, "play invite-declined", illegal("WOD-COMP-4", "Invite Declined is not in your hand"));
}

// ================================================================ Phase 1: Populate

/// A table where P2 is at the Dungeon step and grinds, so that P1's turn 6 starts with Populate.
fn before_p1_turn(g: &WorldOfDungeons) -> Table {
    let mut t = blank(g);
    t.active = 1;
    at_phase(&mut t, Phase::Dungeon);
    t
}

/// P2 grinds; P1's turn starts by drawing `dungeon` and `gamer`. Returns the events and the rng.
fn p2_grinds(g: &WorldOfDungeons, t: &Table, d: &str, x: &str) -> (State, Vec<String>, Scripted<SeededRng>) {
    let mut s = load(g, t);
    let mut rng = script(grind_then_populate(t, lowest_loot(t), dungeon(g, d), gamer(g, x)));
    let events = say(g, &mut s, 1, "grind", &mut rng);
    (s, events, rng)
}

/// WOD-POP-1: before any decision, the active player draws a dungeon, then a gamer.
#[test]
fn wod_pop_1_a_dungeon_then_a_gamer_before_any_decision() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    set_forum_row(&g, &mut t, &["raid-mom"]);
    let (s, events, rng) = p2_grinds(&g, &t, "wolf-den", "guild-dad");
    assert_eq!(events[3..], ["turn 6: P1", "Wolf Den enters the Dungeon row", "Guild Dad enters the Forum row"]);
    assert_eq!(rng.drawn(), 3);
    assert_eq!((decider(&g, &s), decision(&g, &s).0), (0, "WOD-KICK-1"), "the first decision comes after both draws");
    assert_eq!(dungeon_row_ids(&g, s.table()), ["goblin-warrens", "wolf-den"]);
    assert_eq!(forum_row_ids(&g, s.table()), ["raid-mom", "guild-dad"]);
}

/// WOD-POP-2: a drawn card enters as the newest; a row already at its limit (3, unless a card
/// changes it) puts its oldest card at the bottom of its deck.
#[test]
fn wod_pop_2_a_full_row_puts_its_oldest_card_under_the_deck() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    let (s, events, _) = p2_grinds(&g, &t, "angry-beehive", "guild-dad");
    assert_eq!(
        events[3..],
        [
            "turn 6: P1",
            "Angry Beehive enters the Dungeon row",
            "Goblin Warrens goes to the bottom of the Dungeon deck",
            "Guild Dad enters the Forum row",
            "Weekend Wendy goes to the bottom of the Forum deck",
        ]
    );
    let t2 = s.table();
    assert_eq!(dungeon_row_ids(&g, t2), ["boar-pasture", "wolf-den", "angry-beehive"]);
    assert_eq!(forum_row_ids(&g, t2), ["lunch-break-larry", "mobile-mia", "guild-dad"]);
    assert_eq!(t2.dungeon_deck.bottom.as_slice(), &[dungeon(&g, "goblin-warrens")]);
    assert_eq!(t2.forum_deck.bottom.as_slice(), &[gamer(&g, "weekend-wendy")]);

    // Expansion Launch sets the Dungeon row's limit to 4: the fourth dungeon fits.
    add_patch(&g, &mut t, &["expansion-launch"]);
    let (s, events, _) = p2_grinds(&g, &t, "angry-beehive", "guild-dad");
    assert_eq!(
        events[3..],
        [
            "turn 6: P1",
            "Angry Beehive enters the Dungeon row",
            "Guild Dad enters the Forum row",
            "Weekend Wendy goes to the bottom of the Forum deck",
        ]
    );
    assert_eq!(dungeon_row_ids(&g, s.table()), ["goblin-warrens", "boar-pasture", "wolf-den", "angry-beehive"]);
    assert!(s.table().dungeon_deck.bottom.is_empty());
}

/// WOD-POP-3: the new card is drawn before the oldest moves: from a deck whose unseen cards are
/// gone, the bottom list's first card comes up and the oldest goes under after it; and a Troll
/// drawn while the Forum row is full leaves the row as it was.
#[test]
fn wod_pop_3_draw_first_then_the_oldest_moves() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    let last = gamer(&g, "guild-dad");
    free_gamer(&mut t, last);
    t.forum_discard.0 |= t.forum_deck.unseen.0;
    t.forum_deck.unseen.0 = 0;
    t.forum_deck.bottom.push(last);
    let d = dungeon(&g, "goblin-warrens");
    let mut s = load(&g, &t);
    let mut rng = script([
        ScriptedValue::Pick(rank(t.loot_deck.0, lowest_loot(&t))),
        ScriptedValue::Pick(rank(u128::from(t.dungeon_deck.unseen.0), d)),
    ]);
    let events = say(&g, &mut s, 1, "grind", &mut rng);
    assert_eq!(
        events[5..],
        ["Guild Dad enters the Forum row", "Weekend Wendy goes to the bottom of the Forum deck"],
        "drawn first (from the bottom list), then the oldest moves"
    );
    assert_eq!(rng.drawn(), 2, "the bottom list's card comes without the rng");
    assert_eq!(forum_row_ids(&g, s.table()), ["lunch-break-larry", "mobile-mia", "guild-dad"]);
    assert_eq!(s.table().forum_deck.bottom.as_slice(), &[gamer(&g, "weekend-wendy")]);

    // A Troll arrives while three gamers are still in the row: nothing moves.
    let mut t = before_p1_turn(&g);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    let (s, events, _) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    assert_eq!(events.last().unwrap(), "the Troll Flamebait must join P1's guild");
    assert_eq!(forum_row_ids(&g, s.table()), ["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    assert!(s.table().forum_deck.bottom.is_empty());
}

/// WOD-POP-4: a Troll drawn in phase 1 joins the active player's guild after its window (priority
/// first to the player after the active player), even over the guild limit; the Forum row is left
/// untouched.
#[test]
fn wod_pop_4_a_troll_joins_even_a_full_guild_after_its_window() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard"]);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["guild-banner"]);
    let (mut s, events, mut rng) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    assert_eq!(
        events[3..],
        ["turn 6: P1", "Goblin Warrens enters the Dungeon row", "the Troll Flamebait must join P1's guild"]
    );
    assert_eq!(guild_ids(&g, s.table(), 0), ["raid-mom", "guild-dad", "olde-bard"], "not yet: it waits");
    assert_eq!(decider(&g, &s), 1, "priority starts with the player after the active player");
    assert_eq!(say(&g, &mut s, 1, "pass", &mut rng), ["P2 passes"]);
    assert_eq!(say(&g, &mut s, 0, "pass", &mut rng), ["P1 passes", "Flamebait joins P1's guild"]);
    let t2 = s.table();
    assert_eq!(guild_ids(&g, t2, 0), ["raid-mom", "guild-dad", "olde-bard", "flamebait"]);
    assert!(member(t2, 0, gamer(&g, "flamebait")).joined);
    assert_eq!(forum_row_ids(&g, t2), ["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    assert!(t2.forum_deck.bottom.is_empty());
    assert_eq!(decision(&g, &s), ("WOD-KICK-3", "P1 must kick a guildmember: the guild is over its limit".into()));
}

/// WOD-POP-4: a cancelled Troll join puts the Troll in the Forum row as its newest card (the
/// oldest going under the deck), and recruiting stays allowed.
#[test]
fn wod_pop_4_a_cancelled_troll_enters_the_forum_row() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["invite-declined"]);
    let (mut s, _, mut rng) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    assert_eq!(legal(&g, &s, 1), ["pass", "pass-turn", "pass-until-my-turn", "play invite-declined"]);
    assert_eq!(say(&g, &mut s, 1, "play invite-declined", &mut rng), ["P2 plays Invite Declined"]);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        [
            "P1 passes",
            "P2 passes",
            "Invite Declined resolves",
            "P1's recruit of Flamebait is cancelled",
            "Flamebait enters the Forum row",
            "Weekend Wendy goes to the bottom of the Forum deck",
        ]
    );
    let t2 = s.table();
    assert_eq!(guild_ids(&g, t2, 0), ["raid-mom", "guild-dad"]);
    assert_eq!(forum_row_ids(&g, t2), ["lunch-break-larry", "mobile-mia", "flamebait"]);
    assert!(!t2.used.troll_joined);
    act(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["lunch-break-larry", "mobile-mia", "flamebait", "skip"]);
}

/// WOD-POP-5: Populate opens no window (except after a Troll): the active player's Kick step
/// comes next, and nobody else may answer.
#[test]
fn wod_pop_5_populate_opens_no_window() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["afk"]);
    add_hand(&g, &mut t, 1, &["afk"]);
    let (s, _, _) = p2_grinds(&g, &t, "goblin-warrens", "guild-dad");
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Kick)]);
    assert!(s.table().pending.is_empty());
    assert_eq!(decider(&g, &s), 0);
    assert!(legal(&g, &s, 1).is_empty(), "P2 holds an `any` card but gets no window");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "skip", "play afk"]);
}

// ================================================================ Phase 2: Guild management

/// WOD-GUILD-1: Kick, Recruit, Play Stash, each at most once and in this order; a step once left
/// is not offered again.
#[test]
fn wod_guild_1_kick_recruit_stash_in_order() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    set_forum_row(&g, &mut t, &["olde-bard", "weekend-wendy"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_hand(&g, &mut t, 0, &["extra-bag", "comfy-slippers"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(5);
    assert_eq!(decision(&g, &s).0, "WOD-KICK-1");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "guild-dad", "skip"]);
    act(&g, &mut s, 0, "guild-dad", &mut rng);
    assert_eq!(decision(&g, &s).0, "WOD-RECRUIT-1");
    assert_eq!(legal(&g, &s, 0), ["olde-bard", "weekend-wendy", "skip"], "no second kick");
    refused(
        &g,
        &mut s,
        0,
        "raid-mom",
        illegal("WOD-RECRUIT-2", "recruit a gamer of the Forum row, while your guild is under its guild limit"),
    );
    act(&g, &mut s, 0, "olde-bard", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(decision(&g, &s).0, "WOD-STASH-1");
    assert_eq!(legal(&g, &s, 0), ["card comfy-slippers", "card extra-bag", "skip"], "no second recruit");
    refused(&g, &mut s, 0, "weekend-wendy", illegal("WOD-TURN-4", "that is not one of the choices now"));
    act(&g, &mut s, 0, "card extra-bag", &mut rng);
    assert_eq!(decision(&g, &s).0, "WOD-DUNG-1");
    assert_eq!(legal(&g, &s, 0), ["grind", "goblin-warrens"]);
}

/// WOD-KICK-1: a kicked guildmember goes to the Forum discard pile, and an Effect card attached to
/// it to the Loot discard pile.
#[test]
fn wod_kick_1_kick_to_the_forum_discard_pile() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    add_hand(&g, &mut t, 0, &["respec-scroll"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(5);
    act(&g, &mut s, 0, "play respec-scroll", &mut rng);
    act(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "type noob", &mut rng),
        ["Scroll of Respec targets Noob", "Scroll of Respec resolves"]
    );
    assert_eq!(decision(&g, &s).0, "WOD-KICK-1", "the Kick step is asked again after the window");
    assert_eq!(
        say(&g, &mut s, 0, "raid-mom", &mut rng),
        [
            "P1 kicks Raid Mom",
            "Scroll of Respec goes to the Loot discard pile with its gamer",
            "Raid Mom leaves P1's guild (kicked)",
        ]
    );
    let t2 = s.table();
    let respec = copies(&g, "respec-scroll")[0];
    assert_eq!(t2.forum_discard.0, 1 << gamer(&g, "raid-mom"));
    assert_eq!(t2.loot_discard.0, 1 << respec);
    assert_eq!(t2.played[0].fate, Fate::Detached);
    assert_eq!(guild_ids(&g, t2, 0), ["guild-dad"]);
}

/// A Troll (Flamebait) joins P1's guild in phase 1 after both players pass.
fn troll_joined(g: &WorldOfDungeons, mut t: Table) -> (State, Scripted<SeededRng>) {
    add_hand(g, &mut t, 0, &["comfy-slippers"]);
    add_hand(g, &mut t, 1, &["guild-banner"]);
    let (mut s, _, mut rng) = p2_grinds(g, &t, "goblin-warrens", "flamebait");
    assert_eq!(pass_window(g, &mut s, &mut rng), ["P2 passes", "P1 passes", "Flamebait joins P1's guild"]);
    (s, rng)
}

/// WOD-KICK-2: a guildmember that joined this turn cannot be kicked.
#[test]
fn wod_kick_2_a_gamer_that_joined_this_turn_cannot_be_kicked() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    let (mut s, _) = troll_joined(&g, t);
    assert_eq!(guild_ids(&g, s.table(), 0), ["raid-mom", "flamebait"]);
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "skip"]);
    refused(
        &g,
        &mut s,
        0,
        "flamebait",
        illegal("WOD-KICK-2", "you can kick only a guildmember of yours that did not join this turn"),
    );
}

/// WOD-KICK-3: a guild over its limit must kick (Skip is not offered) if any guildmember may be
/// kicked; one kick is all, even if the guild stays over its limit.
#[test]
fn wod_kick_3_over_the_limit_a_kick_is_compulsory() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard", "weekend-wendy", "lunch-break-larry"]);
    set_forum_row(&g, &mut t, &["mobile-mia"]);
    let mut s = load(&g, &t);
    assert_eq!(decision(&g, &s), ("WOD-KICK-3", "P1 must kick a guildmember: the guild is over its limit".into()));
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "guild-dad", "olde-bard", "weekend-wendy", "lunch-break-larry"]);
    refused(&g, &mut s, 0, "skip", illegal("WOD-KICK-3", "your guild is over its limit: you must kick a guildmember"));
    act(&g, &mut s, 0, "raid-mom", &mut SeededRng::new(0));
    assert_eq!(s.table().seats[0].guild.len(), 4);
    assert_eq!(decision(&g, &s).0, "WOD-RECRUIT-1", "one kick is all");
    assert_eq!(legal(&g, &s, 0), ["skip"]);

    // Over the limit, but every guildmember joined this turn: nobody may be kicked, so no kick.
    for m in t.seats[0].guild.iter_mut() {
        m.joined = true;
    }
    let s = load(&g, &t);
    assert_eq!(decision(&g, &s).0, "WOD-KICK-1");
    assert_eq!(legal(&g, &s, 0), ["skip"]);
}

/// WOD-KICK-4: a kick takes effect at once and opens no window.
#[test]
fn wod_kick_4_a_kick_opens_no_window() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    add_hand(&g, &mut t, 1, &["better-offer", "invite-declined"]);
    let mut s = load(&g, &t);
    assert_eq!(
        say(&g, &mut s, 0, "raid-mom", &mut SeededRng::new(0)),
        ["P1 kicks Raid Mom", "Raid Mom leaves P1's guild (kicked)"]
    );
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Recruit)]);
    assert!(s.table().pending.is_empty());
    assert_eq!(decider(&g, &s), 0);
}

/// WOD-KICK-4: a card played at the Kick step that takes a guildmember away leaves the step
/// unused: it is asked again, compulsory only if the guild is still over its limit.
#[test]
fn wod_kick_4_the_kick_is_asked_again_after_a_window() {
    let g = game(2);
    for (guild, still_over) in [
        (&["raid-mom", "guild-dad", "olde-bard", "weekend-wendy"][..], false),
        (&["raid-mom", "guild-dad", "olde-bard", "weekend-wendy", "mobile-mia"][..], true),
    ] {
        let mut t = blank(&g);
        add_guild(&g, &mut t, 0, guild);
        add_hand(&g, &mut t, 0, &["respec-scroll"]);
        add_hand(&g, &mut t, 1, &["better-offer"]);
        let mut s = load(&g, &t);
        let mut rng = SeededRng::new(0);
        assert_eq!(decision(&g, &s).0, "WOD-KICK-3");
        for step in ["play respec-scroll", "raid-mom", "type leader"] {
            act(&g, &mut s, 0, step, &mut rng);
        }
        act(&g, &mut s, 1, "play better-offer", &mut rng);
        assert_eq!(
            say(&g, &mut s, 1, "guild-dad", &mut rng),
            [
                "A Better Offer targets Guild Dad",
                "Guild Dad moves from P1's guild to P2's",
                "A Better Offer resolves",
                "Scroll of Respec resolves",
            ]
        );
        assert_eq!(guild_ids(&g, s.table(), 1), ["guild-dad"]);
        assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Kick)], "the step is not used up");
        let mut want: Vec<String> = guild.iter().filter(|id| **id != "guild-dad").map(|id| (*id).to_owned()).collect();
        if still_over {
            assert_eq!(decision(&g, &s).0, "WOD-KICK-3");
        } else {
            assert_eq!(decision(&g, &s).0, "WOD-KICK-1");
            want.push("skip".into());
        }
        assert_eq!(legal(&g, &s, 0), want);
    }
}

/// WOD-RECRUIT-1: a recruited gamer leaves the Forum row (the rest keeps its order) once the
/// window closes; a cancelled recruit, or one whose gamer has left the row, does nothing and still
/// uses up the step.
#[test]
fn wod_recruit_1_recruit_cancelled_recruit_and_a_gamer_gone() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["olde-bard", "weekend-wendy", "leroy"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Recruit);

    let mut t1 = t.clone();
    add_hand(&g, &mut t1, 1, &["guild-banner"]);
    let mut s = load(&g, &t1);
    let mut rng = SeededRng::new(0);
    assert_eq!(say(&g, &mut s, 0, "weekend-wendy", &mut rng), ["P1 recruits Weekend Wendy"]);
    assert_eq!(forum_row_ids(&g, s.table()), ["olde-bard", "weekend-wendy", "leroy"], "it waits");
    assert_eq!(pass_window(&g, &mut s, &mut rng), ["P2 passes", "P1 passes", "Weekend Wendy joins P1's guild"]);
    assert_eq!(forum_row_ids(&g, s.table()), ["olde-bard", "leroy"]);
    assert_eq!(guild_ids(&g, s.table(), 0), ["weekend-wendy"]);
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Stash)]);

    let mut t2 = t.clone();
    add_hand(&g, &mut t2, 1, &["invite-declined"]);
    let mut s = load(&g, &t2);
    act(&g, &mut s, 0, "weekend-wendy", &mut rng);
    assert_eq!(say(&g, &mut s, 1, "play invite-declined", &mut rng), ["P2 plays Invite Declined"]);
    assert_eq!(
        say(&g, &mut s, 0, "pass", &mut rng),
        ["P1 passes", "Invite Declined resolves", "P1's recruit of Weekend Wendy is cancelled"]
    );
    assert_eq!(forum_row_ids(&g, s.table()), ["olde-bard", "weekend-wendy", "leroy"]);
    assert!(s.table().seats[0].guild.is_empty());
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Stash)], "the step is used up");

    let mut t3 = t.clone();
    add_hand(&g, &mut t3, 1, &["free-trial-invite"]);
    let mut s = load(&g, &t3);
    act(&g, &mut s, 0, "leroy", &mut rng);
    act(&g, &mut s, 1, "play free-trial-invite", &mut rng);
    act(&g, &mut s, 1, "leroy", &mut rng);
    act(&g, &mut s, 1, "P2", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "pass", &mut rng),
        [
            "P1 passes",
            "Leroy joins P2's guild",
            "Free Trial Invite resolves",
            "Leroy has left the Forum row: P1's recruit does nothing"
        ],
        "P1's recruit then finds Leroy gone and does nothing"
    );
    assert!(s.table().seats[0].guild.is_empty());
    assert_eq!(guild_ids(&g, s.table(), 1), ["leroy"]);
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Stash)]);
}

/// WOD-RECRUIT-2: recruiting only while the guild holds fewer guildmembers than its guild limit
/// (3, unless a card changes it).
#[test]
fn wod_recruit_2_only_under_the_guild_limit() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard"]);
    set_forum_row(&g, &mut t, &["weekend-wendy"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["skip"]);
    refused(
        &g,
        &mut s,
        0,
        "weekend-wendy",
        illegal("WOD-RECRUIT-2", "recruit a gamer of the Forum row, while your guild is under its guild limit"),
    );
    add_stash(&g, &mut t, 0, &["guild-hall-upgrade"]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["weekend-wendy", "skip"], "Guild Hall Upgrade: a guild limit of 4");
}

/// WOD-RECRUIT-3: no recruiting in a turn in which a Troll joined in phase 1.
#[test]
fn wod_recruit_3_no_recruit_after_a_troll_joined() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    set_forum_row(&g, &mut t, &["weekend-wendy"]);
    let (mut s, mut rng) = troll_joined(&g, t);
    act(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(s.table().seats[0].guild.len(), 2, "under the limit");
    assert_eq!(legal(&g, &s, 0), ["skip"]);
    refused(
        &g,
        &mut s,
        0,
        "weekend-wendy",
        illegal("WOD-RECRUIT-3", "a Troll joined your guild this turn: no recruiting"),
    );
}

/// WOD-RECRUIT-4: the guild limit never stops a Troll, but it does stop a card that says so (Free
/// Trial Invite joins only a guild under its limit).
#[test]
fn wod_recruit_4_the_limit_binds_cards_not_trolls() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard"]);
    add_guild(&g, &mut t, 1, &["lady-moonwhisper", "sir-reginald"]);
    set_forum_row(&g, &mut t, &["newbie-ned", "weekend-wendy"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["free-trial-invite"]);
    let (mut s, _, mut rng) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    act(&g, &mut s, 1, "play free-trial-invite", &mut rng);
    act(&g, &mut s, 1, "newbie-ned", &mut rng);
    assert_eq!(legal(&g, &s, 1), ["P2"], "P1's full guild is no target");
    act(&g, &mut s, 1, "P2", &mut rng);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        [
            "P1 passes",
            "P2 passes",
            "Newbie Ned joins P2's guild",
            "Free Trial Invite resolves",
            "Flamebait joins P1's guild",
        ]
    );
    assert_eq!(guild_ids(&g, s.table(), 0), ["raid-mom", "guild-dad", "olde-bard", "flamebait"]);
    assert_eq!(guild_ids(&g, s.table(), 1), ["lady-moonwhisper", "sir-reginald", "newbie-ned"]);
}

/// WOD-STASH-1: one Stash card a turn, from hand into the Guild Stash, at once (no window).
#[test]
fn wod_stash_1_one_stash_card_a_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_hand(&g, &mut t, 0, &["extra-bag", "guild-hall-upgrade", "easy-mode"]);
    add_hand(&g, &mut t, 1, &["report-to-gm"]);
    at_phase(&mut t, Phase::Stash);
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["card extra-bag", "card guild-hall-upgrade", "skip"]);
    refused(&g, &mut s, 0, "card easy-mode", illegal("WOD-STASH-1", "Easy Mode is not a Stash card"));
    assert_eq!(
        say(&g, &mut s, 0, "card extra-bag", &mut SeededRng::new(0)),
        ["P1 puts Extra Bag Slot in their Guild Stash"]
    );
    let t2 = s.table();
    assert_eq!(t2.seats[0].stash.0, 1 << copies(&g, "extra-bag")[0]);
    assert_eq!(t2.steps.as_slice(), &[Step::Phase(Phase::Dungeon)], "no window");
    refused(
        &g,
        &mut s,
        0,
        "card guild-hall-upgrade",
        illegal("WOD-STASH-2", "a Stash card is played only at the Play Stash step, one a turn"),
    );
}

/// WOD-STASH-2: Stash cards are played at the Play Stash step only; one in a Guild Stash works
/// for the rest of the game, is attached to no gamer, and leaves only when a card says so.
#[test]
fn wod_stash_2_a_stash_card_works_until_a_card_removes_it() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["guild-hall-upgrade", "comfy-slippers", "pizza-party", "lag-spike"]);
    add_stash(&g, &mut t, 0, &["extra-bag"]);
    add_hand(&g, &mut t, 1, &["item-decay", "guild-banner"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(3);
    refused(
        &g,
        &mut s,
        0,
        "card guild-hall-upgrade",
        illegal("WOD-STASH-2", "a Stash card is played only at the Play Stash step, one a turn"),
    );
    // A kick leaves the Guild Stash alone: nothing is attached.
    act(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(s.table().seats[0].stash.0, 1 << copies(&g, "extra-bag")[0]);
    act(&g, &mut s, 0, "skip", &mut rng);
    act(&g, &mut s, 0, "skip", &mut rng);
    // Extra Bag Slot: a hand limit of 4, so 5 cards discard 1.
    let t1 = s.table().clone();
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    act(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t1, lowest_loot(&t1), d, x)));
    assert_eq!(decision(&g, &s), ("WOD-HAND-1", "P1 discards down to the hand limit (1 to go)".into()));
    act(&g, &mut s, 0, "card comfy-slippers", &mut rng);
    assert_eq!(s.table().active, 1);
    // P2's turn: Item Decay takes it out.
    act(&g, &mut s, 1, "play item-decay", &mut rng);
    assert_eq!(say(&g, &mut s, 1, "P1", &mut rng), ["Item Decay targets P1"]);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        ["P1 passes", "P2 passes", "P1 discards Extra Bag Slot from their Guild Stash", "Item Decay resolves"]
    );
    assert_eq!(s.table().seats[0].stash.0, 0);
    assert!(s.table().loot_discard.0 & (1 << copies(&g, "extra-bag")[0]) != 0);
    assert_eq!(obs(&g, &s, 0).seats[0].hand_limit, 3);
}

// ================================================================ Loot and Patch Notes

/// WOD-LOOT-1: a drawn Loot card goes into its drawer's hand; only the drawer sees which card.
#[test]
fn wod_loot_1_a_drawn_card_is_seen_by_its_drawer_only() {
    let g = game(3);
    let mut t = blank(&g);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let k = lowest_loot(&t);
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let events = act(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, k, d, x)));
    let tail = ["turn 6: P2", "Goblin Warrens enters the Dungeon row", "Weekend Wendy enters the Forum row"];
    let seen = |v: Viewer| texts_for(&g, &events, v);
    let mine: Vec<&str> = ["P1 grinds for Loot", "P1 draws Energy Drink"].into_iter().chain(tail).collect();
    let others: Vec<&str> = ["P1 grinds for Loot", "P1 draws 1 Loot card"].into_iter().chain(tail).collect();
    assert_eq!(seen(Viewer::Player(p(0))), mine);
    assert_eq!(seen(Viewer::Player(p(1))), others);
    assert_eq!(seen(Viewer::Player(p(2))), others);
    assert_eq!(seen(Viewer::Spectator), others);
    assert_eq!(s.table().seats[0].hand.0, 1 << k);
}

/// WOD-PATCH-1: a Patch Notes card drawn is shown to all, never enters a hand, goes face up at the
/// end of the Patch Notes row and takes effect at once.
#[test]
fn wod_patch_1_patch_notes_go_into_force_at_once() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["no-life-nate"]);
    add_patch(&g, &mut t, &["casual-friendly"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    assert_eq!(obs(&g, &s, 0).seats[0].guild[0].xp_now, 5);
    let nerf = copies(&g, "hardcore-nerf")[0];
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let events = act(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, nerf, d, x)));
    let line = "P1 draws Patch Notes: Hardcore Nerf, in force from now on";
    for v in [Viewer::Player(p(0)), Viewer::Player(p(1)), Viewer::Spectator] {
        assert_eq!(texts_for(&g, &events, v)[..2], ["P1 grinds for Loot", line], "shown to all");
    }
    let t2 = s.table();
    assert_eq!(t2.seats[0].hand.0, 0, "never in a hand");
    assert_eq!(t2.patch.as_slice(), &[copies(&g, "casual-friendly")[0], nerf], "at the end of the row");
    assert_eq!(obs(&g, &s, 1).seats[0].guild[0].xp_now, 4, "every Hardcore −1, at once");
}

/// WOD-PATCH-2: outside setup, a Patch Notes card counts as one of the cards drawn and is not
/// replaced: a grind of two cards that draws one brings one card into the hand.
#[test]
fn wod_patch_2_outside_setup_patch_notes_count_as_drawn() {
    let g = game(2);
    let mut t = blank(&g);
    add_stash(&g, &mut t, 0, &["auto-clicker"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let nerf = copies(&g, "hardcore-nerf")[0];
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let mut rng = script([ScriptedValue::Pick(rank(t.loot_deck.0, nerf)), ScriptedValue::Pick(0)]);
    rng.push(populate(&t, d, x));
    let loot_before = t.loot_deck.0.count_ones();
    let events = say(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(
        events[..4],
        [
            "P1 grinds for Loot",
            "P1 draws Patch Notes: Hardcore Nerf, in force from now on",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
        ]
    );
    assert_eq!(events[4], "turn 6: P2", "no third draw");
    assert_eq!(hand_size(&s, 0), 1);
    assert_eq!(s.table().loot_deck.0.count_ones(), loot_before - 2);
}

/// WOD-PATCH-3: an immediate effect is done once (Forum Purge empties the Forum row); lasting
/// effects accumulate.
#[test]
fn wod_patch_3_immediate_and_lasting_effects() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let purge = copies(&g, "forum-purge")[0];
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "mobile-mia"));
    let events = say(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, purge, d, x)));
    assert_eq!(
        events,
        [
            "P1 grinds for Loot",
            "P1 draws Patch Notes: Forum Purge, in force from now on",
            "Weekend Wendy is purged from the Forum",
            "Lunch-Break Larry is purged from the Forum",
            "turn 6: P2",
            "Goblin Warrens enters the Dungeon row",
            "Mobile Mia enters the Forum row",
        ]
    );
    assert_eq!(forum_row_ids(&g, s.table()), ["mobile-mia"], "done once: the next gamer stays");
    assert_eq!(s.table().forum_discard.0, 1 << gamer(&g, "weekend-wendy") | 1 << gamer(&g, "lunch-break-larry"));

    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["no-life-nate", "leroy"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "elder-wyrm"]);
    add_patch(&g, &mut t, &["hardcore-nerf", "casual-friendly", "new-player-experience"]);
    let o = obs(&g, &load(&g, &t), 0);
    assert_eq!(o.seats[0].guild.iter().map(|x| x.xp_now).collect::<Vec<_>>(), [4, 2]);
    assert_eq!(o.dungeon_row.iter().map(|d| d.difficulty_now).collect::<Vec<_>>(), [3, 12]);
}

/// WOD-PATCH-3: where two lasting effects contradict (two settings of the Dungeon row's limit),
/// the later one wins.
#[test]
fn wod_patch_3_the_later_of_two_contradicting_effects_wins() {
    let extra = "\n[[loot]]\nid = \"row-five\"\nname = \"Patch Notes: Row Five\"\nkind = \"patch-notes\"\n\
        lasting = [{ is = \"row-limit\", row = \"dungeon\", set = 5 }]\n\n\
        [[loot]]\nid = \"row-two\"\nname = \"Patch Notes: Row Two\"\nkind = \"patch-notes\"\n\
        lasting = [{ is = \"row-limit\", row = \"dungeon\", set = 2 }]\n";
    let mut config = Config::players(2);
    config.content.insert("loot.toml".into(), format!("{}{extra}", worlds_world_of_dungeons::BUILT_IN_LOOT));
    let g = game_with(&config);
    for (order, row) in [
        (["row-five", "row-two"], &["wolf-den", "angry-beehive"][..]),
        (["row-two", "row-five"], &["goblin-warrens", "boar-pasture", "wolf-den", "angry-beehive"][..]),
    ] {
        let mut t = before_p1_turn(&g);
        set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
        add_patch(&g, &mut t, &order);
        let (s, _, _) = p2_grinds(&g, &t, "angry-beehive", "weekend-wendy");
        assert_eq!(dungeon_row_ids(&g, s.table()), row, "in force: {order:?}");
    }
}

/// WOD-PATCH-4: Patch Notes open no window and cannot be cancelled.
#[test]
fn wod_patch_4_patch_notes_open_no_window() {
    let g = game(2);
    let mut t = blank(&g);
    add_hand(&g, &mut t, 1, &["report-to-gm", "invite-declined", "afk"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let nerf = copies(&g, "hardcore-nerf")[0];
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let events = say(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, nerf, d, x)));
    assert_eq!(events[2], "turn 6: P2", "straight on: nobody was asked");
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Kick)]);
    assert!(s.table().played.is_empty());
    assert_eq!(s.table().patch.as_slice(), &[nerf]);
}

// ================================================================ End of the turn and of the game

/// P1's Guild Stash worth 20 VP (no VP abilities).
const TWENTY: [&str; 4] = ["elder-wyrm", "lich-spire", "warlords-pit", "goblin-warrens"];

/// WOD-WIN-1: 20 VP end the game at the victory check after phase 3, not before.
#[test]
fn wod_win_1_twenty_vp_at_the_victory_check() {
    let g = game(2);
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 0, &TWENTY);
    let mut s = load(&g, &t);
    assert_eq!(g.vp(&s, p(0)), 20);
    let mut rng = picks(&[0]);
    for step in ["skip", "skip", "skip"] {
        act(&g, &mut s, 0, step, &mut rng);
        assert!(!s.is_over(), "no check during phase 2");
    }
    let events = say(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(events.last().unwrap(), "game over: a player has 20 VP");
    assert!(!events.iter().any(|e| e.starts_with("turn ")), "no next turn");
    assert_eq!(s.ending(), Some(Ending::Vp));
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(decision(&g, &s), ("WOD-WIN-1", "a player reached 20 VP".into()));
    refused(
        &g,
        &mut s,
        1,
        "pass",
        RuleError {
            kind: RuleErrorKind::GameOver,
            rule: "WOD-WIN-1",
            message: "the game is over: a player reached 20 VP".into(),
        },
    );
}

/// WOD-WIN-1: after a claim resolves, the victory check sees the new VP.
#[test]
fn wod_win_1_a_claim_reaching_twenty_ends_the_game() {
    let g = game(2);
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 0, &TWENTY[..3]);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = script([face(5), ScriptedValue::Pick(0)]);
    for step in ["goblin-warrens", "done", "goblin-warrens", "goblin-warrens"] {
        act(&g, &mut s, 0, step, &mut rng);
    }
    assert_eq!(
        say(&g, &mut s, 0, "claim", &mut rng),
        [
            "P1 claims",
            "P1 claims Goblin Warrens",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "game over: a player has 20 VP",
        ]
    );
    assert_eq!(g.vp(&s, p(0)), 20);
}

/// WOD-WIN-1: an empty deck at the victory check ends the game.
#[test]
fn wod_win_1_an_empty_deck_at_the_victory_check() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["weekend-wendy"]);
    t.forum_discard.0 |= t.forum_deck.unseen.0;
    t.forum_deck.unseen.0 = 0;
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let events = say(&g, &mut s, 0, "grind", &mut picks(&[0]));
    assert_eq!(
        events,
        ["P1 grinds for Loot", "P1 draws Energy Drink", "P1 draws 1 Loot card", "game over: a deck is empty"]
    );
    assert_eq!(decision(&g, &s), ("WOD-WIN-1", "the Forum deck ran out".into()));
}

/// WOD-WIN-2: the most VP win, whoever reached 20; players tied for the most share the win.
#[test]
fn wod_win_2_most_vp_wins_ties_share() {
    let g = game(2);
    let other = ["giant-kings-hall", "kraken-depths", "escort-quest", "minotaur-labyrinth", "boar-pasture"];
    for (extra, p2_vp, winners) in [("angry-beehive", 20, vec![0, 1]), ("wolf-den", 22, vec![1])] {
        let mut t = blank(&g);
        add_claimed(&g, &mut t, 0, &TWENTY);
        add_claimed(&g, &mut t, 1, &other);
        add_claimed(&g, &mut t, 1, &[extra]);
        at_phase(&mut t, Phase::Dungeon);
        let mut s = load(&g, &t);
        act(&g, &mut s, 0, "grind", &mut picks(&[0]));
        let o = g.outcome(&s).unwrap();
        assert_eq!(o.scores.as_slice(), &[20, p2_vp]);
        let got: Vec<usize> = o.winners().iter().map(|x| x.index()).collect();
        assert_eq!(got, winners);
        let share = 1.0 / winners.len() as f64;
        let want: Vec<f64> = (0..2).map(|i| if winners.contains(&i) { share } else { 0.0 }).collect();
        assert_eq!(o.returns.as_slice(), want.as_slice());
    }
}

/// WOD-WIN-3: a deck running out at another moment ends the game only at the next victory
/// check; until then its draws draw nothing.
#[test]
fn wod_win_3_a_deck_runs_out_mid_turn() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["whale-wallace"]);
    let last = lowest_loot(&t);
    loot_deck_only(&mut t, &[last]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    let mut rng = picks(&[0]);
    assert_eq!(
        say(&g, &mut s, 0, "whale-wallace", &mut rng),
        [
            "P1 recruits Whale Wallace",
            "Whale Wallace joins P1's guild",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card"
        ]
    );
    assert_eq!(s.table().loot_deck.0, 0);
    assert!(!s.is_over(), "Cash shop emptied the Loot deck in phase 2: the game goes on");
    act(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "grind", &mut rng),
        ["P1 grinds for Loot", "the Loot deck is empty", "game over: a deck is empty"]
    );
    assert_eq!(hand_size(&s, 0), 1);
    assert_eq!(decision(&g, &s), ("WOD-WIN-1", "the Loot deck ran out".into()));
}

/// WOD-HAND-1: players over their hand limit discard, one chosen card per decision, clockwise from
/// the active player; the cards go face up to the Loot discard pile; Guild Stashes do not count.
#[test]
fn wod_hand_1_discard_down_clockwise_from_the_active_player() {
    let g = game(3);
    let mut t = blank(&g);
    t.active = 1;
    add_hand(&g, &mut t, 0, &["energy-drink", "pizza-party", "easy-mode", "lag-spike", "afk"]);
    add_hand(&g, &mut t, 1, &["pet-aggro", "wrong-pull", "hard-mode"]);
    add_hand(&g, &mut t, 2, &["report-to-gm", "better-offer", "ninja-loot", "item-decay"]);
    add_stash(&g, &mut t, 2, &["farming-route", "boss-strats"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let mut rng = script(grind_then_populate(&t, lowest_loot(&t), d, x));
    act(&g, &mut s, 1, "grind", &mut rng);
    let mut order = Vec::new();
    for (seat, card) in [(1, "hard-mode"), (2, "ninja-loot"), (0, "afk"), (0, "lag-spike")] {
        assert_eq!(decider(&g, &s), seat);
        order.push(decision(&g, &s));
        if seat == 1 {
            assert_eq!(legal(&g, &s, 1), ["card energy-drink", "card pet-aggro", "card wrong-pull", "card hard-mode"]);
        }
        let events = act(&g, &mut s, seat, &format!("card {card}"), &mut rng);
        assert!(events[0].visibility.is_public(), "the discard is face up");
        assert_eq!(
            g.describe_event(&events[0].event),
            format!("P{} discards {}", seat + 1, g.content().defs[usize::from(def(&g, card))].name)
        );
    }
    assert_eq!(
        order,
        [
            ("WOD-HAND-1", "P2 discards down to the hand limit (1 to go)".to_owned()),
            ("WOD-HAND-1", "P3 discards down to the hand limit (1 to go)".to_owned()),
            ("WOD-HAND-1", "P1 discards down to the hand limit (2 to go)".to_owned()),
            ("WOD-HAND-1", "P1 discards down to the hand limit (1 to go)".to_owned()),
        ]
    );
    let t2 = s.table();
    assert_eq!((t2.active, t2.turn), (2, 6));
    assert_eq!([hand_size(&s, 0), hand_size(&s, 1), hand_size(&s, 2)], [3, 3, 3]);
    let discarded =
        ["hard-mode", "ninja-loot", "afk", "lag-spike"].iter().fold(0u128, |m, id| m | 1 << copies(&g, id)[0]);
    assert_eq!(t2.loot_discard.0, discarded);
}

/// WOD-END-1: at end of turn, burn-out first, then the turn's Effect cards to the Loot discard
/// pile, their changes lapse, and the joined-this-turn marks and passes for the turn clear.
#[test]
fn wod_end_1_end_of_turn() {
    let g = game(3);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["no-life-nate", "raid-mom", "guild-dad"]);
    let (nate, mom, dad) = (gamer(&g, "no-life-nate"), gamer(&g, "raid-mom"), gamer(&g, "guild-dad"));
    t.seats[0].guild[0].raids = 2;
    t.seats[0].guild[1].joined = true;
    t.seats[0].guild[1].afk = true;
    let power = take_loot(&g, &mut t, "power-leveling");
    let afk = take_loot(&g, &mut t, "afk");
    let picked = |gamer| Picked { gamer: Some(gamer), ..Picked::default() };
    t.played.push(Played { card: power, player: 0, picked: picked(dad), fate: Fate::Resolved });
    t.played.push(Played { card: afk, player: 1, picked: picked(mom), fate: Fate::Cancelled });
    t.seats[1].standing = Standing::Turn;
    t.seats[2].standing = Standing::UntilMyTurn;
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    assert_eq!(obs(&g, &s, 0).seats[0].guild[2].xp_now, 4, "Guild Dad 2 + Power Leveling 2");
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let events = say(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, lowest_loot(&t), d, x)));
    assert_eq!(events[3..5], ["No-Life Nate leaves P1's guild (burn-out)", "turn 6: P2"]);
    let t2 = s.table();
    assert_eq!(guild_ids(&g, t2, 0), ["raid-mom", "guild-dad"]);
    assert_eq!(t2.forum_discard.0, 1 << nate);
    assert_eq!(t2.loot_discard.0, 1 << power | 1 << afk);
    assert!(t2.played.is_empty());
    assert_eq!(obs(&g, &s, 0).seats[0].guild[1].xp_now, 2, "Power Leveling lapsed");
    let m = member(t2, 0, mom);
    assert!(!m.joined && !m.afk);
    assert_eq!(t2.seats[1].standing, Standing::None, "a pass for the rest of the turn clears");
    assert_eq!(t2.seats[2].standing, Standing::UntilMyTurn, "a pass until P3's turn stays");
}

/// WOD-END-2: a game still going at the end of the turn cap (config `turn_cap`, 200 by default)
/// ends there and is decided by VP.
#[test]
fn wod_end_2_the_turn_cap() {
    assert_eq!((game(2).content().turn_cap, DEFAULT_TURN_CAP), (DEFAULT_TURN_CAP, 200));
    assert_eq!(
        WorldOfDungeons::new(&Config::players(2).with_option("turn_cap", 0)).unwrap_err(),
        ConfigError::Option { field: "turn_cap".into(), reason: "must be at least 1".into() }
    );
    let g = game_with(&Config::players(2).with_option("turn_cap", 6));
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 1, &["goblin-warrens"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let (d, x) = (dungeon(&g, "wolf-den"), gamer(&g, "weekend-wendy"));
    let events = say(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, lowest_loot(&t), d, x)));
    assert!(events.contains(&"turn 6: P2".to_owned()), "turn 5 was not the last");
    let mut rng = picks(&[0]);
    for step in ["skip", "skip", "skip"] {
        act(&g, &mut s, 1, step, &mut rng);
    }
    let events = say(&g, &mut s, 1, "grind", &mut rng);
    assert_eq!(events.last().unwrap(), "game over: the turn cap");
    assert_eq!(s.ending(), Some(Ending::TurnCap));
    assert_eq!(decision(&g, &s), ("WOD-END-2", "the turn cap was reached".into()));
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.scores.as_slice(), &[0, 2]);
    assert_eq!(o.returns.as_slice(), &[0.0, 1.0]);
}

/// WOD-OUT-1: scores are VP; the ranking is by VP with tied players sharing a place; the winners
/// share 1.
#[test]
fn wod_out_1_scores_ranks_and_returns() {
    let g = game(3);
    let ten = ["minotaur-labyrinth", "troll-bridge", "wolf-den"];
    for (p2, p3, ranks) in [
        (&["giant-kings-hall", "kraken-depths", "escort-quest", "boar-pasture"][..], &ten[..], [1, 2, 3]),
        (&ten[..], &["giant-kings-hall", "kraken-depths"][..], [1, 2, 2]),
    ] {
        let mut t = blank(&g);
        add_claimed(&g, &mut t, 0, &TWENTY);
        add_claimed(&g, &mut t, 1, p2);
        add_claimed(&g, &mut t, 2, p3);
        at_phase(&mut t, Phase::Dungeon);
        let mut s = load(&g, &t);
        act(&g, &mut s, 0, "grind", &mut picks(&[0]));
        let o = g.outcome(&s).unwrap();
        let vp: Vec<i64> = (0..3).map(|i| i64::from(g.vp(&s, p(i)))).collect();
        assert_eq!(o.scores.as_slice(), vp.as_slice());
        assert_eq!(o.ranks.as_slice(), &ranks);
        assert_eq!(o.returns.as_slice(), &[1.0, 0.0, 0.0]);
    }
}

// ================================================================ Information

/// A position with something in every public place.
fn busy_table(g: &WorldOfDungeons) -> Table {
    let mut t = blank(g);
    add_guild(g, &mut t, 0, &["no-life-nate", "raid-mom"]);
    t.seats[0].guild[0].raids = 1;
    t.seats[0].guild[1].joined = true;
    add_stash(g, &mut t, 1, &["extra-bag"]);
    add_claimed(g, &mut t, 1, &["goblin-warrens"]);
    set_dungeon_row(g, &mut t, &["wolf-den"]);
    set_forum_row(g, &mut t, &["guild-dad"]);
    let (wendy, boar, leroy) = (gamer(g, "weekend-wendy"), dungeon(g, "boar-pasture"), gamer(g, "leroy"));
    free_gamer(&mut t, wendy);
    t.forum_deck.bottom.push(wendy);
    free_dungeon(&mut t, boar);
    t.dungeon_deck.bottom.push(boar);
    free_gamer(&mut t, leroy);
    t.forum_discard.0 |= 1 << leroy;
    let pizza = take_loot(g, &mut t, "pizza-party");
    t.loot_discard.0 |= 1 << pizza;
    add_patch(g, &mut t, &["hardcore-nerf"]);
    let afk = take_loot(g, &mut t, "afk");
    let mom = gamer(g, "raid-mom");
    t.played.push(Played {
        card: afk,
        player: 1,
        picked: Picked { gamer: Some(mom), ..Picked::default() },
        fate: Fate::Resolved,
    });
    t.seats[1].standing = Standing::Turn;
    add_hand(g, &mut t, 0, &["easy-mode", "lag-spike"]);
    add_hand(g, &mut t, 1, &["report-to-gm"]);
    t
}

/// An observation as JSON without whose it is and the viewer's own hand.
fn public_part(o: &Observation) -> serde_json::Value {
    let mut v = serde_json::to_value(o).unwrap();
    let obj = v.as_object_mut().unwrap();
    obj.remove("viewer");
    obj.remove("hand");
    v
}

/// WOD-INFO-1: the rows, the Patch Notes row, guilds with their counters, marks and attached
/// cards, Guild Stashes, both discard piles, deck counts and bottoms, hand sizes, standing passes,
/// the Effect cards played and VP are public: every viewer sees them alike.
#[test]
fn wod_info_1_public_information_is_the_same_for_every_viewer() {
    let g = game(2);
    let s = load(&g, &busy_table(&g));
    let spectator = g.observe(&s, Viewer::Spectator);
    for seat in 0..2 {
        assert_eq!(public_part(&obs(&g, &s, seat)), public_part(&spectator), "P{}", seat + 1);
    }
    let o = spectator;
    assert_eq!((o.seats[0].hand_size, o.seats[1].hand_size), (2, 1));
    assert_eq!((o.seats[0].vp, o.seats[1].vp), (0, 2));
    assert_eq!(o.forum_bottom, ["Weekend Wendy"]);
    assert_eq!(o.dungeon_bottom, ["Boar Pasture"]);
    assert_eq!(o.forum_discard, ["Leroy"]);
    assert_eq!(o.loot_discard, ["Pizza Party"]);
    assert_eq!(o.patch_notes.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Patch Notes: Hardcore Nerf"]);
    let nate = &o.seats[0].guild[0];
    assert_eq!((nate.raids, nate.burnout, nate.xp_now), (1, Some(2), 4));
    assert!(o.seats[0].guild[1].joined);
    assert_eq!(o.seats[0].guild[1].attached, ["AFK"]);
    assert_eq!(o.seats[1].stash.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Extra Bag Slot"]);
    assert_eq!(o.seats[1].standing_pass, Some("for the rest of the turn"));
    let c = g.content();
    assert_eq!((o.dungeon_deck, o.forum_deck), (c.dungeons.len() - 2, c.gamers.len() - 4), "bottoms included");
}

/// WOD-INFO-2: the cards of a hand are seen by their owner only: two positions that differ only
/// in which unseen card P1 holds look the same to everyone else; a discarded card becomes public.
#[test]
fn wod_info_2_a_hand_is_secret() {
    let g = game(2);
    let mut t1 = blank(&g);
    add_hand(&g, &mut t1, 1, &["report-to-gm"]);
    let mut t2 = t1.clone();
    add_hand(&g, &mut t1, 0, &["easy-mode", "pizza-party", "afk", "hard-mode"]);
    add_hand(&g, &mut t2, 0, &["lag-spike", "pizza-party", "afk", "hard-mode"]);
    at_phase(&mut t1, Phase::Dungeon);
    at_phase(&mut t2, Phase::Dungeon);
    let (s1, s2) = (load(&g, &t1), load(&g, &t2));
    assert_eq!(obs(&g, &s1, 1), obs(&g, &s2, 1));
    assert_eq!(g.observe(&s1, Viewer::Spectator), g.observe(&s2, Viewer::Spectator));
    assert_ne!(obs(&g, &s1, 0), obs(&g, &s2, 0));
    // P1 grinds to 5 cards and discards one: now everyone sees which.
    let mut s = s1;
    act(&g, &mut s, 0, "grind", &mut picks(&[0]));
    assert!(obs(&g, &s, 1).loot_discard.is_empty());
    act(&g, &mut s, 0, "card easy-mode", &mut picks(&[0, 0]));
    assert_eq!(obs(&g, &s, 1).loot_discard, ["Easy Mode"]);
}

/// WOD-INFO-3: determinization re-deals the Loot cards the viewer has not seen among the other
/// hands and the Loot deck: hand sizes, the viewer's hand and everything public stay; no Patch
/// Notes card is dealt into a hand.
#[test]
fn wod_info_3_determinization() {
    let g = game(3);
    let mut t = busy_table(&g);
    add_hand(&g, &mut t, 2, &["lucky-respawn", "ninja-loot", "better-offer"]);
    let s = load(&g, &t);
    let patch = g.content().patch_cards;
    let unseen = |x: &Table| x.loot_deck.0 | x.seats[1].hand.0 | x.seats[2].hand.0;
    let mut changed = false;
    for seed in 0..40 {
        let d = g.determinize(&s, p(0), &mut SeededRng::new(seed));
        let dt = d.table();
        for seat in 0..3 {
            assert_eq!(dt.seats[seat].hand.0.count_ones(), t.seats[seat].hand.0.count_ones(), "hand sizes kept");
            assert_eq!(dt.seats[seat].hand.0 & patch, 0, "no Patch Notes in a hand");
        }
        assert_eq!(dt.seats[0].hand.0, t.seats[0].hand.0, "the viewer's hand kept");
        assert_eq!(unseen(dt), unseen(&t), "only the unseen cards are re-dealt");
        assert_eq!(dt.loot_deck.0 & patch, t.loot_deck.0 & patch, "the unseen Patch Notes stay in the deck");
        assert_eq!(obs(&g, &d, 0), obs(&g, &s, 0), "everything the viewer sees is kept");
        assert_eq!(load(&g, dt), d, "a determinized position is a valid one");
        changed |= dt.seats[1].hand.0 != t.seats[1].hand.0 || dt.seats[2].hand.0 != t.seats[2].hand.0;
    }
    assert!(changed, "the other hands are dealt again");
}

// ================================================================ Saved positions refused

fn invalid(field: &str, reason: &str) -> StateError {
    StateError::Invalid { field: field.into(), reason: reason.into() }
}

/// A saved position, as JSON, to mutate.
fn saved(g: &WorldOfDungeons) -> serde_json::Value {
    let mut t = blank(g);
    set_forum_row(g, &mut t, &["raid-mom"]);
    add_guild(g, &mut t, 0, &["guild-dad"]);
    add_hand(g, &mut t, 0, &["easy-mode"]);
    g.save_state(&load(g, &t))
}

/// WOD-COMP-4: a saved position with a card in two places is refused, naming the second place.
#[test]
fn wod_comp_4_a_saved_position_with_a_card_in_two_places() {
    let g = game(2);
    let base = saved(&g);
    assert!(g.load_state(&base.to_string()).is_ok());
    let mom = gamer(&g, "raid-mom");
    let mut j = base.clone();
    j["seats"][1]["guild"] = json!([{ "gamer": mom }]);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("seats[1].guild[0]", "this card is also somewhere else")
    );
    let mut j = base.clone();
    let in_deck = j["loot_deck"][0].clone();
    j["seats"][1]["hand"] = json!([in_deck]);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("seats[1].hand", "a card here is also somewhere else")
    );
    let mut j = base;
    j["dungeon_row"] = json!([0]);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("dungeon_row[0]", "this card is also somewhere else")
    );
}

/// WOD-PATCH-1: a saved position with a Patch Notes card in a hand is refused.
#[test]
fn wod_patch_1_a_saved_position_with_patch_notes_in_a_hand() {
    let g = game(2);
    let mut j = saved(&g);
    let nerf = copies(&g, "hardcore-nerf")[0];
    let deck: Vec<u64> = j["loot_deck"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    j["loot_deck"] = json!(deck.iter().filter(|&&k| k != u64::from(nerf)).collect::<Vec<_>>());
    let mut hand: Vec<u64> = j["seats"][0]["hand"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    hand.push(u64::from(nerf));
    j["seats"][0]["hand"] = json!(hand);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("seats[0].hand", "a hand holds Loot cards of the deck, never Patch Notes")
    );
}

/// WOD-TURN-1: a saved position whose step stack could not arise in a turn is refused.
#[test]
fn wod_turn_1_a_saved_position_with_a_step_that_cannot_be_there() {
    let g = game(2);
    let base = saved(&g);
    assert_eq!(base["steps"], json!([{ "phase": "kick" }]));
    for (steps, field, reason) in [
        (json!([{ "phase": "kick" }, { "phase": "recruit" }]), "steps[1]", "this step cannot be here"),
        (json!([{ "skull-discard": { "at": 0, "left": 1 } }]), "steps[0]", "the bottom step is a phase of the turn"),
        (
            json!([{ "phase": "dungeon" }, { "skull-discard": { "at": 0, "left": 1 } }]),
            "steps[1]",
            "this step cannot be here",
        ),
        (json!([{ "phase": { "parties": { "member": 1 } } }]), "steps[0]", "this step cannot be here"),
    ] {
        let mut j = base.clone();
        j["steps"] = steps.clone();
        assert_eq!(g.load_state(&j.to_string()).unwrap_err(), invalid(field, reason), "{steps}");
    }
}
