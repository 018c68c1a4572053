//! What a browser draws of World of Dungeons (WOD-VIEW-1 to WOD-VIEW-3, WOD-INFO-2): the table for
//! one viewer, with no board beside it (the rows, the stack and the guilds are all cards); every
//! legal action a click on the acting player's table; no card a viewer may not know on it.
#![allow(clippy::unwrap_used)]

use worlds_engine::present::{Table, with_buttons};
use worlds_engine::{Game, Player, Present, SeededRng, Turn, Viewer, conformance};
use worlds_world_of_dungeons::{Phase, State, Step, WorldOfDungeons};

use crate::common::{
    add_guild, add_hand, add_stash, blank, game, load, p, pass_window, play, set_dungeon_row, set_forum_row,
};
use crate::view::{bot_action, raid_window};

/// What the browser draws for `viewer`: the table with the viewer's buttons (there is no board).
fn table_of(g: &WorldOfDungeons, s: &State, viewer: Viewer) -> Table {
    with_buttons(g, s, &g.observe(s, viewer), viewer).unwrap()
}

/// The ids of everything the browser draws for `viewer`.
fn drawn(g: &WorldOfDungeons, s: &State, viewer: Viewer) -> Vec<String> {
    table_of(g, s, viewer).ids()
}

/// The elements of an action (in its text form) that `seat` may take now, each checked to be drawn
/// for that seat (on the board or the table).
fn clicks(g: &WorldOfDungeons, s: &State, seat: usize, text: &str) -> Vec<String> {
    let action = g.parse_action(text).unwrap();
    assert!(g.legal_actions(s, p(seat)).contains(&action), "`{text}` is not legal for P{}", seat + 1);
    let elements = g.action_elements(s, action);
    let drawn = drawn(g, s, Viewer::Player(p(seat)));
    for id in &elements {
        assert!(drawn.contains(id), "`{text}` names `{id}`, drawn nowhere for P{}", seat + 1);
    }
    elements
}

#[test]
fn every_legal_action_is_a_click_on_the_table() {
    for players in 2..=5 {
        let (games, steps) = (5, 600);
        let report = conformance::check_scenes(&game(players), players as u64, games, steps);
        eprintln!("{players}p: {report:?}");
        // Some games end before their last step; windows offer three passes or more.
        assert!(report.actions > games * steps, "{players} players: {report:?}");
    }
}

/// WOD-VIEW-3: a window after a roll, four players: the table as P2 (who holds priority and a
/// card) and a spectator see it. There is no board: the stack is a pile of cards.
#[test]
fn the_table_of_a_raid_window() {
    let (g, s) = raid_window();
    assert_eq!(g.scene(&g.observe(&s, Viewer::Spectator)), None);
    let mine = table_of(&g, &s, Viewer::Player(p(1)));
    insta::assert_json_snapshot!("table_raid_window_p2", mine);
    let spectator = table_of(&g, &s, Viewer::Spectator);
    insta::assert_json_snapshot!("table_raid_window_spectator", spectator);
    // P2 holds priority: the pass buttons are theirs alone; their hand is face up to them, to a
    // spectator a count.
    let buttons = |t: &Table| t.buttons.iter().map(|b| b.id.clone()).collect::<Vec<_>>();
    assert_eq!(buttons(&mine), ["pass", "pass-turn", "pass-until-my-turn"]);
    assert_eq!(buttons(&spectator), Vec::<String>::new());
    assert_eq!(mine.buttons[0].title, "pass priority once");
    let (theirs, seen) = (&mine.panels[1], &spectator.panels[1]);
    assert_eq!(theirs.hand.as_ref().map(Vec::len), Some(1));
    assert_eq!(seen.hand, None);
    assert_eq!(seen.counts[2].text(), "Hand 1/3");
    // The stack first, the waiting roll at the bottom and the newest card on top; then the Effect
    // card already off it.
    let ids = |k: usize| spectator.piles[k].shown.iter().map(|c| c.id.as_str()).collect::<Vec<_>>();
    assert_eq!((spectator.piles[0].id.as_str(), spectator.piles[0].count), ("stack", 3));
    assert_eq!(ids(0), ["stack-0", "played-1", "played-2"]);
    assert_eq!((spectator.piles[1].name.as_str(), ids(1)), ("Effect cards this turn", vec!["played-0"]));
}

/// WOD-INFO-2: over seeded games, no table of a spectator or another seat names a Loot card in a
/// hand that viewer may not see (unless a copy of the design is in view), while its owner's does.
#[test]
fn wod_info_2_no_table_shows_another_players_hand() {
    let mut checked = 0;
    for players in [2, 3, 5] {
        let g = game(players);
        let c = g.content();
        let mut rng = SeededRng::new(21);
        let (mut s, _) = g.new_game(&mut rng);
        let mut step = 0;
        while let Turn::Decide(decider) = g.turn(&s) {
            if step % 5 == 0 {
                let t = s.table();
                // Designs in view of everyone: discards, Guild Stashes, the turn's Effect cards, Patch
                // Notes.
                let mut public = t.loot_discard.bits();
                for seat in t.seats.values() {
                    public |= seat.stash.bits();
                }
                for pl in &t.played {
                    public |= 1 << pl.card;
                }
                for &k in &t.patch {
                    public |= 1 << k;
                }
                let design = |mask: u128| -> Vec<u8> {
                    (0..128u8).filter(|k| mask & (1 << k) != 0).map(|k| c.def_of(k)).collect()
                };
                let seen = design(public);
                for viewer in Player::all(players).map(Viewer::Player).chain([Viewer::Spectator]) {
                    let own = viewer.player().map_or(0, |me| t.seats[me].hand.bits());
                    // What the browser draws: the table.
                    let json = serde_json::to_string(&table_of(&g, &s, viewer)).unwrap();
                    let others =
                        t.seats.values().enumerate().filter(|(q, _)| viewer.player().map(Player::index) != Some(*q));
                    for (_, seat) in others {
                        for d in design(seat.hand.bits()) {
                            if seen.contains(&d) || design(own).contains(&d) {
                                continue;
                            }
                            let def = &c.defs[usize::from(d)];
                            assert!(!json.contains(&def.name), "step {step}: {viewer} sees `{}`", def.name);
                            assert!(
                                !json.contains(&format!("-{}\"", def.id)),
                                "step {step}: {viewer} sees `{}`",
                                def.id
                            );
                            checked += 1;
                        }
                    }
                    if viewer.player().is_some() {
                        for d in design(own) {
                            assert!(json.contains(&c.defs[usize::from(d)].name), "{viewer}'s own card missing");
                        }
                    } else {
                        // A hand card's id is `loot-…` (the Loot deck's and discard's piles are no cards).
                        let table = g.table(&g.observe(&s, viewer)).unwrap();
                        let piles: Vec<&str> = table.piles.iter().map(|p| p.id.as_str()).collect();
                        let shown = drawn(&g, &s, viewer);
                        let hand = shown.iter().find(|id| id.starts_with("loot-") && !piles.contains(&id.as_str()));
                        assert_eq!(hand, None, "a spectator sees a hand card");
                    }
                }
            }
            step += 1;
            let a = bot_action(&g, &s, decider, &mut rng);
            g.apply(&mut s, decider, a, &mut rng).unwrap();
        }
    }
    assert!(checked > 500, "{checked} hidden cards checked");
}

/// The clicks of each kind of decision in a turn of three players: kick, recruit, Stash card,
/// raid, parties, responses (play, pick a player, a declared dungeon, a stacked card, a guildmember,
/// a type), passes, and a Stash card discarded by Item Decay.
#[test]
fn each_decision_names_what_is_clicked() {
    let g = game(3);
    let mut t = blank(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture"]);
    set_forum_row(&g, &mut t, &["raid-mom"]);
    add_guild(&g, &mut t, 0, &["weekend-wendy", "lunch-break-larry"]);
    add_hand(&g, &mut t, 0, &["energy-drink", "energy-drink", "guild-banner"]);
    add_stash(&g, &mut t, 0, &["extra-bag", "farming-route"]);
    add_hand(&g, &mut t, 1, &["item-decay"]);
    add_hand(&g, &mut t, 2, &["report-to-gm", "respec-scroll"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(5);
    // Phase 2: a guildmember to kick, a gamer to recruit, a Stash card in hand; or skip.
    assert_eq!(clicks(&g, &s, 0, "weekend-wendy"), ["gamer-weekend-wendy"]);
    assert_eq!(clicks(&g, &s, 0, "skip"), ["skip"]);
    play(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(clicks(&g, &s, 0, "raid-mom"), ["gamer-raid-mom"]);
    play(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(clicks(&g, &s, 0, "card guild-banner"), ["loot-guild-banner"]);
    play(&g, &mut s, 0, "skip", &mut rng);
    // Phase 3: grind, or a dungeon to raid; then each guildmember to a party or out.
    assert_eq!(clicks(&g, &s, 0, "grind"), ["grind"]);
    assert_eq!(clicks(&g, &s, 0, "goblin-warrens"), ["dungeon-goblin-warrens"]);
    play(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(clicks(&g, &s, 0, "done"), ["done"]);
    play(&g, &mut s, 0, "done", &mut rng);
    assert_eq!(s.table().steps.top(), Some(&Step::Phase(Phase::Parties { member: 0 })));
    assert_eq!(clicks(&g, &s, 0, "goblin-warrens"), ["gamer-weekend-wendy", "dungeon-goblin-warrens"]);
    assert_eq!(clicks(&g, &s, 0, "out"), ["gamer-weekend-wendy", "out"]);
    play(&g, &mut s, 0, "goblin-warrens", &mut rng);
    play(&g, &mut s, 0, "goblin-warrens", &mut rng);
    // The declaration's window: P2 answers with Item Decay and picks P1.
    assert_eq!(clicks(&g, &s, 1, "pass"), ["pass"]);
    assert_eq!(clicks(&g, &s, 1, "pass-turn"), ["pass-turn"]);
    assert_eq!(clicks(&g, &s, 1, "pass-until-my-turn"), ["pass-until-my-turn"]);
    assert_eq!(clicks(&g, &s, 1, "play item-decay"), ["loot-item-decay"]);
    play(&g, &mut s, 1, "play item-decay", &mut rng);
    assert_eq!(clicks(&g, &s, 1, "P1"), ["seat-1"]);
    play(&g, &mut s, 1, "P1", &mut rng);
    // P3 could cancel it (the first card played this turn), or change a guildmember's type.
    assert_eq!(clicks(&g, &s, 2, "play report-to-gm"), ["loot-report-to-gm"]);
    let mut cancel = s.clone();
    play(&g, &mut cancel, 2, "play report-to-gm", &mut rng);
    assert_eq!(clicks(&g, &cancel, 2, "effect 1"), ["played-0"]);
    // The menu says which card `effect 1` is.
    let effect = g.parse_action("effect 1").unwrap();
    assert_eq!(g.action_hint(&cancel, effect).as_deref(), Some("P2's Item Decay"));
    let mut respec = s.clone();
    play(&g, &mut respec, 2, "play respec-scroll", &mut rng);
    assert_eq!(clicks(&g, &respec, 2, "lunch-break-larry"), ["gamer-lunch-break-larry"]);
    play(&g, &mut respec, 2, "lunch-break-larry", &mut rng);
    assert_eq!(clicks(&g, &respec, 2, "type leader"), ["type-leader"]);
    let types = drawn(&g, &respec, Viewer::Player(p(2))).into_iter().filter(|id| id.starts_with("type-")).count();
    assert_eq!(types, 6);
    play(&g, &mut s, 2, "pass", &mut rng);
    // P1 answers with one of two copies of Energy Drink (either is the same click), on the raid.
    assert_eq!(clicks(&g, &s, 0, "play energy-drink"), ["loot-energy-drink"]);
    assert!(drawn(&g, &s, Viewer::Player(p(0))).iter().any(|id| id == "loot-energy-drink.2"));
    play(&g, &mut s, 0, "play energy-drink", &mut rng);
    assert_eq!(clicks(&g, &s, 0, "goblin-warrens"), ["dungeon-goblin-warrens"]);
    play(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    // Item Decay resolves: P1 chooses which of their two Stash cards goes.
    assert_eq!(clicks(&g, &s, 0, "card extra-bag"), ["stash-P1-extra-bag"]);
    assert_eq!(clicks(&g, &s, 0, "card farming-route"), ["stash-P1-farming-route"]);
}
