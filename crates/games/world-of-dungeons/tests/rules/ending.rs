//! WOD-LOOT-1, WOD-PATCH-*, WOD-WIN-*, WOD-HAND-1, WOD-END-*, WOD-OUT-1: Loot, Patch Notes, the end of the turn and of the game.

use super::*;

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
    let events = play(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, k, d, x)));
    let tail = ["turn 6: P2", "Goblin Warrens enters the Dungeon row", "Weekend Wendy enters the Forum row"];
    let seen = |v: Viewer| texts_for(&g, &events, v);
    let mine: Vec<&str> = ["P1 grinds for Loot", "P1 draws Energy Drink"].into_iter().chain(tail).collect();
    let others: Vec<&str> = ["P1 grinds for Loot", "P1 draws 1 Loot card"].into_iter().chain(tail).collect();
    assert_eq!(seen(Viewer::Player(p(0))), mine);
    assert_eq!(seen(Viewer::Player(p(1))), others);
    assert_eq!(seen(Viewer::Player(p(2))), others);
    assert_eq!(seen(Viewer::Spectator), others);
    assert_eq!(s.table().seats[p(0)].hand.bits(), 1 << k);
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
    let events = play(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, nerf, d, x)));
    let line = "P1 draws Patch Notes: Hardcore Nerf, in force from now on";
    for v in [Viewer::Player(p(0)), Viewer::Player(p(1)), Viewer::Spectator] {
        assert_eq!(texts_for(&g, &events, v)[..2], ["P1 grinds for Loot", line], "shown to all");
    }
    let t2 = s.table();
    assert_eq!(t2.seats[p(0)].hand.bits(), 0, "never in a hand");
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
    let mut rng = script([ScriptedValue::Pick(rank(t.loot_deck.bits(), nerf)), ScriptedValue::Pick(0)]);
    rng.push(populate(&t, d, x));
    let loot_before = t.loot_deck.len();
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
    assert_eq!(s.table().loot_deck.len(), loot_before - 2);
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
    assert_eq!(s.table().forum_discard.bits(), 1 << gamer(&g, "weekend-wendy") | 1 << gamer(&g, "lunch-break-larry"));

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
    for (order, before, row) in [
        (["row-five", "row-two"], &["goblin-warrens", "wolf-den"][..], &["wolf-den", "angry-beehive"][..]),
        (
            ["row-two", "row-five"],
            &["goblin-warrens", "boar-pasture", "wolf-den"][..],
            &["goblin-warrens", "boar-pasture", "wolf-den", "angry-beehive"][..],
        ),
    ] {
        let mut t = before_p1_turn(&g);
        set_dungeon_row(&g, &mut t, before);
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

/// The table as a game that ended at 20 VP leaves it (WOD-WIN-1): no step left.
fn game_over(mut t: Table) -> Table {
    t.steps = worlds_engine::flow::Stack::new();
    t.over = Some(Ending::Vp);
    t
}

/// WOD-WIN-1: 20 VP end the game at the victory check after phase 3, not before: a Stash card
/// worth 2 VP (content of our own: in the built-in deck only claims change VP) takes P1 from 18
/// to 20 VP in phase 2, and the game goes on until the grind ends phase 3.
#[test]
fn wod_win_1_twenty_vp_at_the_victory_check() {
    let extra = "\n[[loot]]\nid = \"trophy\"\nname = \"Trophy\"\nkind = \"stash\"\n\
        stash = [{ is = \"vp\", n = 2 }]\n";
    let mut config = Config::players(2);
    config.content.insert("loot.toml".into(), format!("{}{extra}", worlds_world_of_dungeons::BUILT_IN_LOOT));
    let g = game_with(&config);
    assert!(g.content().vp_outside_claims);
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 0, &["elder-wyrm", "lich-spire", "warlords-pit"]);
    add_hand(&g, &mut t, 0, &["trophy"]);
    let mut s = load(&g, &t);
    assert_eq!(g.vp(&s, p(0)), 18);
    let mut rng = picks(&[0]);
    for step in ["skip", "skip", "card trophy"] {
        play(&g, &mut s, 0, step, &mut rng);
        assert!(!s.is_over(), "no check during phase 2");
    }
    assert_eq!(g.vp(&s, p(0)), 20);
    assert!(load(&g, s.table()) == s, "20 VP before the check: a position play reaches");
    let events = say(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(events.last().unwrap(), "game over: a player has 20 VP");
    assert!(!events.iter().any(|e| e.starts_with("turn ")), "no next turn");
    assert_eq!(s.ending(), Some(Ending::Vp));
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(decision(&g, &s), ("WOD-WIN-1", "a player reached 20 VP".into()));
    refused(
        &g,
        &s,
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
        play(&g, &mut s, 0, step, &mut rng);
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
    t.forum_discard |= t.forum_deck.unseen;
    t.forum_deck.unseen = CardSet::EMPTY;
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
        let s = load(&g, &game_over(t));
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
    assert_eq!(s.table().loot_deck.bits(), 0);
    assert!(!s.is_over(), "Cash shop emptied the Loot deck in phase 2: the game goes on");
    play(&g, &mut s, 0, "skip", &mut rng);
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
    t.active = p(1);
    add_hand(&g, &mut t, 0, &["energy-drink", "pizza-party", "easy-mode", "lag-spike", "afk"]);
    add_hand(&g, &mut t, 1, &["pet-aggro", "wrong-pull", "hard-mode"]);
    add_hand(&g, &mut t, 2, &["report-to-gm", "better-offer", "ninja-loot", "item-decay"]);
    add_stash(&g, &mut t, 2, &["farming-route", "boss-strats"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let mut rng = script(grind_then_populate(&t, lowest_loot(&t), d, x));
    play(&g, &mut s, 1, "grind", &mut rng);
    let mut order = Vec::new();
    for (seat, card) in [(1, "hard-mode"), (2, "ninja-loot"), (0, "afk"), (0, "lag-spike")] {
        assert_eq!(decider(&g, &s), seat);
        order.push(decision(&g, &s));
        if seat == 1 {
            assert_eq!(legal(&g, &s, 1), ["card energy-drink", "card pet-aggro", "card wrong-pull", "card hard-mode"]);
        }
        let events = play(&g, &mut s, seat, &format!("card {card}"), &mut rng);
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
    assert_eq!((t2.active, t2.turn), (p(2), 6));
    assert_eq!([hand_size(&s, 0), hand_size(&s, 1), hand_size(&s, 2)], [3, 3, 3]);
    let discarded =
        ["hard-mode", "ninja-loot", "afk", "lag-spike"].iter().fold(0u128, |m, id| m | 1 << copies(&g, id)[0]);
    assert_eq!(t2.loot_discard.bits(), discarded);
}

/// WOD-END-1: at end of turn, burn-out first, then the turn's Effect cards to the Loot discard
/// pile, their changes lapse, and the joined-this-turn marks and passes for the turn clear.
#[test]
fn wod_end_1_end_of_turn() {
    let g = game(3);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["no-life-nate", "raid-mom", "guild-dad"]);
    let (nate, mom, dad) = (gamer(&g, "no-life-nate"), gamer(&g, "raid-mom"), gamer(&g, "guild-dad"));
    t.seats[p(0)].guild[0].raids = 2;
    t.seats[p(0)].guild[1].joined = true;
    t.seats[p(0)].guild[1].afk = true;
    let power = take_loot(&g, &mut t, "power-leveling");
    let afk = take_loot(&g, &mut t, "afk");
    let picked = |gamer| Picked { gamer: Some(gamer), ..Picked::default() };
    t.played.push(Played { card: power, player: p(0), picked: picked(dad), fate: Fate::Resolved });
    t.played.push(Played { card: afk, player: p(1), picked: picked(mom), fate: Fate::Resolved });
    t.seats[p(1)].standing = Standing::Turn;
    t.seats[p(2)].standing = Standing::UntilMyTurn;
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    assert_eq!(obs(&g, &s, 0).seats[0].guild[2].xp_now, 4, "Guild Dad 2 + Power Leveling 2");
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let events = say(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t, lowest_loot(&t), d, x)));
    assert_eq!(events[3..5], ["No-Life Nate leaves P1's guild (burn-out)", "turn 6: P2"]);
    let t2 = s.table();
    assert_eq!(guild_ids(&g, t2, 0), ["raid-mom", "guild-dad"]);
    assert_eq!(t2.forum_discard.bits(), 1 << nate);
    assert_eq!(t2.loot_discard.bits(), 1 << power | 1 << afk);
    assert!(t2.played.is_empty());
    assert_eq!(obs(&g, &s, 0).seats[0].guild[1].xp_now, 2, "Power Leveling lapsed");
    let m = member(t2, 0, mom);
    assert!(!m.joined && !m.afk);
    assert_eq!(t2.seats[p(1)].standing, Standing::None, "a pass for the rest of the turn clears");
    assert_eq!(t2.seats[p(2)].standing, Standing::UntilMyTurn, "a pass until P3's turn stays");
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
        play(&g, &mut s, 1, step, &mut rng);
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
        let s = load(&g, &game_over(t));
        let o = g.outcome(&s).unwrap();
        let vp: Vec<i64> = (0..3).map(|i| i64::from(g.vp(&s, p(i)))).collect();
        assert_eq!(o.scores.as_slice(), vp.as_slice());
        assert_eq!(o.ranks.as_slice(), &ranks);
        assert_eq!(o.returns.as_slice(), &[1.0, 0.0, 0.0]);
    }
}
