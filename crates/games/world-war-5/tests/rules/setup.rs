//! The components (WW5-COMP-1), the board (WW5-BOARD-1) and the setup (WW5-SETUP-1 to WW5-SETUP-4).

use serde_json::json;
use worlds_engine::{Config, Game, SeededRng, Turn};
use worlds_world_war_5::{Continent, Size, Stash, Step, WorldWar5};

use super::EU_AS;
use crate::common::*;

#[test]
fn ww5_comp_1_nine_pyramids_each_and_the_stash_is_what_is_off_the_board() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], EU_AS, 0);
    assert_eq!(s.stash(p(0)), Stash([2, 2, 2]));
    let mut s2 = s.clone();
    play(&g, &mut s2, 0, "grow eu-north", &mut SeededRng::new(0));
    // The small returns to the stash; a medium leaves it.
    assert_eq!(s2.stash(p(0)), Stash([3, 1, 2]));
    // Never more than three of a size on the board.
    let mut too_many = position_json(&["eu", "as"], EU_AS, 0);
    for t in ["na-north", "na-southwest", "na-southeast"] {
        too_many["board"][t] = json!({"player": 0, "size": "large"});
    }
    let err = g.load_state_value(too_many).unwrap_err();
    assert_eq!(err.to_string(), "state field `board`: P1 has 4 large pieces on the board; each player has only 3");
}

#[test]
fn ww5_board_1_a_territory_holds_at_most_one_piece() {
    let g = game(2);
    let s =
        position(&g, &["eu", "as"], &[("eu-north", 0, "small"), ("eu-west", 0, "small"), ("as-north", 1, "small")], 0);
    assert_eq!(
        refused(&g, &s, 0, "move eu-north to eu-west"),
        "eu-west holds P1's small; you can only move into an empty territory [WW5-MOVE-1]"
    );
    assert_eq!(
        refused(&g, &s, 0, "build eu-north"),
        "eu-north holds P1's small; a territory holds at most one piece (WW5-BOARD-1) [WW5-BUILD-1]"
    );
}

#[test]
fn ww5_setup_1_two_to_six_players_with_a_warning_above_four() {
    for n in [0, 1, 7] {
        let err = WorldWar5::new(&Config::players(n)).unwrap_err();
        assert_eq!(err.to_string(), format!("world-war-5 is for 2–6 players, not {n}"));
    }
    let info = <WorldWar5 as Game>::info();
    for n in 2..=6 {
        assert!(WorldWar5::new(&Config::players(n)).is_ok());
        assert_eq!(info.is_long_game(n), n > 4);
    }
}

#[test]
fn ww5_setup_2_highest_roller_starts_and_tied_highest_roll_again() {
    let g = game(3);
    // P1 4, P2 6, P3 6: P2 and P3 roll again, 2 and 5: P3 starts.
    let (s, events) = g.new_game(&mut dice(&[4, 6, 6, 2, 5]));
    assert_eq!(
        told(&g, &events),
        [
            "P1 rolls 4 for first player",
            "P2 rolls 6 for first player",
            "P3 rolls 6 for first player",
            "P2, P3 tie and roll again",
            "P2 rolls 2 for first player",
            "P3 rolls 5 for first player",
            "P3 goes first",
        ]
    );
    assert_eq!(s.first_player(), p(2));
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));
}

#[test]
fn ww5_setup_3_homes_are_chosen_in_turn_order_and_never_twice() {
    let g = game(3);
    let (mut s, _) = g.new_game(&mut dice(&[1, 2, 6]));
    assert_eq!(s.step(), Some(Step::ChooseHome));
    assert_eq!(legal(&g, &s, 2), ["home na", "home sa", "home eu", "home af", "home as", "home au"]);
    let err = refused(&g, &s, 0, "home eu");
    assert_eq!(err, "it is not your decision now: P3 chooses a home continent [WW5-SETUP-3]");
    let mut rng = SeededRng::new(0);
    play(&g, &mut s, 2, "home eu", &mut rng);
    // Clockwise from the first player: P3, then P1, then P2.
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(refused(&g, &s, 0, "home europe"), "Europe is already P3's home [WW5-SETUP-3]");
    assert_eq!(refused(&g, &s, 0, "grow eu-north"), "choose a home continent first, e.g. `home eu` [WW5-SETUP-3]");
    play(&g, &mut s, 0, "home as", &mut rng);
    play(&g, &mut s, 1, "home af", &mut rng);
    assert_eq!(s.home(p(0)), Some(Continent::Asia));
    assert_eq!(s.step(), Some(Step::Place(Size::Small)));
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));
}

#[test]
fn ww5_setup_3_a_config_may_assign_homes() {
    let g = game_with(Config::players(2).with_option("homes", json!(["au", "na"])));
    let (s, events) = g.new_game(&mut dice(&[3, 5]));
    assert_eq!(told(&g, &events)[3..], ["P1 makes Australia home", "P2 makes North America home"]);
    assert_eq!(s.step(), Some(Step::Place(Size::Small)));
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    let twice = WorldWar5::new(&Config::players(2).with_option("homes", json!(["au", "au"])));
    assert_eq!(twice.unwrap_err().to_string(), "option `homes`: Australia is given twice");
    let short = WorldWar5::new(&Config::players(3).with_option("homes", json!(["au", "na"])));
    assert_eq!(short.unwrap_err().to_string(), "option `homes`: 2 homes given for 3 players");
}

#[test]
fn ww5_setup_4_smalls_then_mediums_then_larges_in_turn_order() {
    let g = game_with(Config::players(2).with_option("homes", json!(["eu", "as"])));
    let (mut s, _) = g.new_game(&mut dice(&[2, 5]));
    let mut rng = SeededRng::new(0);
    // P2 won the roll-off, so P2 places first each round.
    assert_eq!(legal(&g, &s, 1), ["place as-north", "place as-southwest", "place as-southeast"]);
    assert_eq!(refused(&g, &s, 1, "place eu-north"), "eu-north is not on your home continent [WW5-SETUP-4]");
    assert_eq!(
        refused(&g, &s, 1, "build as-north"),
        "players are placing their small pieces: place yours on an empty home territory, e.g. `place as-north` [WW5-SETUP-4]"
    );
    for (seat, text) in [
        (1, "place as-north"),
        (0, "place eu-south"),
        (1, "place as-southwest"),
        (0, "place eu-north"),
        (1, "place as-southeast"),
    ] {
        play(&g, &mut s, seat, text, &mut rng);
    }
    assert_eq!(s.step(), Some(Step::Place(Size::Large)));
    assert_eq!(
        refused(&g, &s, 0, "place eu-south"),
        "eu-south already holds a piece; place your large on an empty home territory [WW5-SETUP-4]"
    );
    assert_eq!(legal(&g, &s, 0), ["place eu-west"]);
    play(&g, &mut s, 0, "place eu-west", &mut rng);
    assert_eq!(
        [at(&s, "eu-south"), at(&s, "eu-north"), at(&s, "eu-west"), at(&s, "as-southeast")],
        ["P1 small", "P1 medium", "P1 large", "P2 large"]
    );
    assert_eq!(s.step(), Some(Step::Play));
    assert_eq!(s.turn_number(), 1);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
}
