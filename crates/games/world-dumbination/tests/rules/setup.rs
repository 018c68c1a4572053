//! Set-up (WD-SETUP, WD-VAR-1, WD-COMP).

use worlds_engine::{Config, Game, Viewer};
use worlds_world_dumbination::{Nation, Phase, Token, WorldDumbination, nations_in_play};

use crate::common::*;
use crate::rules::combat::fixed;

fn nations(g: &WorldDumbination, seed: u64) -> Vec<Nation> {
    start(g, seed).table().seats.values().map(|s| s.nation).collect()
}

/// WD-SETUP-1: the nations of each player count, drawn by seed or given by the config.
#[test]
fn wd_setup_1_nations_by_player_count() {
    use Nation::*;
    assert_eq!(nations_in_play(2), [Usa, Russia]);
    assert_eq!(nations_in_play(3), [Usa, Russia, NorthKorea]);
    assert_eq!(nations_in_play(4), [Usa, Russia, Venezuela, Turkey]);
    assert_eq!(nations_in_play(5), [Usa, Russia, NorthKorea, Venezuela, Turkey]);
    for players in 2..=5 {
        let mut seen = nations(&game(players), 3);
        seen.sort();
        let mut want = nations_in_play(players);
        want.sort();
        assert_eq!(seen, want);
    }
    assert_eq!(nations(&fixed(3), 1), [Usa, Russia, NorthKorea]);
    let err = WorldDumbination::new(
        &Config::players(3).with_option("nations", serde_json::json!(["usa", "turkey", "russia"])),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "option `nations[1]`: turkey is not in play with 3 players (WD-SETUP-1: usa, russia, north-korea)"
    );
}

/// WD-SETUP-2, WD-SETUP-6: with 2 players, Blue has 4-Bases with 1 Unit on the USA and Turkey
/// start spaces, Red on Russia and Venezuela; incomes 7 and 6; targets are the opponent or Peace.
#[test]
fn wd_setup_2_two_player_coalitions() {
    let g = fixed(2);
    let s = start(&g, 1);
    let board = &g.content().board;
    for (p, (a, b)) in [(Nation::Usa, Nation::Turkey), (Nation::Russia, Nation::Venezuela)].into_iter().enumerate() {
        let seat = &s.table().seats[worlds_engine::Player::from_index(p)];
        let bases: Vec<_> = seat.bases.iter().filter(|x| x.on_board()).map(|x| (x.at, x.strength)).collect();
        assert_eq!(bases, [(board.start(a), 4), (board.start(b), 4)]);
        assert_eq!(seat.units_at(board.start(a)), 1);
        assert_eq!(seat.units_at(board.start(b)), 1);
    }
    assert_eq!(g.income(&s, p(0)), 7);
    assert_eq!(g.income(&s, p(1)), 6);
    let mut t = table(&g, &s);
    to_place(&mut t);
    t.placements.draft_mut(p(0)).unwrap().step = worlds_world_dumbination::Placing::Target;
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["target russia", "target peace"]);
    let _ = Token::Peace;
}

/// WD-SETUP-3, WD-SETUP-4, WD-SETUP-5, WD-SETUP-6, WD-SETUP-7, WD-COMP-2: 5 players.
#[test]
fn wd_setup_3_five_players_start_with_a_base_two_units_and_their_values() {
    let g = fixed(5);
    let s = start(&g, 1);
    let board = &g.content().board;
    let incomes: Vec<u16> = (0..5).map(|q| g.income(&s, p(q))).collect();
    // USA 5, Russia 4, North Korea 2, Venezuela 2, Turkey 2 (WD-SETUP-6).
    assert_eq!(incomes, [5, 4, 2, 2, 2]);
    for (q, seat) in s.table().seats.values().enumerate() {
        let start_space = board.start(seat.nation);
        assert_eq!(seat.base_at(start_space).map(|b| seat.bases[b].strength), Some(4), "P{}", q + 1);
        assert_eq!(seat.units_at(start_space), 2);
        assert_eq!(seat.units.iter().filter(|u| u.on_board()).count(), 2);
        assert_eq!((seat.resources, seat.vp), (10, 0), "WD-SETUP-5");
        let leader = g.content().leaders[seat.nation.index()];
        assert_eq!((seat.ego, seat.popularity), (leader.ego, leader.popularity));
    }
    // WD-SETUP-4: USA marks its 3 resource home spaces, Russia its 2.
    assert_eq!(s.table().seats[p(0)].markers, 11);
    assert_eq!(s.table().seats[p(1)].markers, 12);
    assert_eq!(s.table().markers.iter().filter(|&&m| m == Some(p(0))).count(), 3);
    // WD-SETUP-7: North Korea, Russia, USA, Turkey, Venezuela.
    assert_eq!(s.table().order.as_slice(), [p(2), p(1), p(0), p(4), p(3)]);
}

/// WD-SETUP-8, WD-SETUP-9: five Level 1 cards each, then a simultaneous, secret First Goal choice.
#[test]
fn wd_setup_8_first_goals_are_chosen_in_secret_at_once() {
    let g = fixed(3);
    let mut s = start(&g, 2);
    assert_eq!(s.table().phase(), Phase::Setup);
    for seat in s.table().seats.values() {
        assert_eq!(seat.hand.len(), 5);
        assert!(
            seat.hand.iter().all(|k| g.content().cards.get(k).unwrap().deck == worlds_world_dumbination::Deck::Level1)
        );
    }
    assert_eq!(g.turn(&s).players().len(), 3);
    assert_eq!(legal(&g, &s, 0), ["build-a-wall", "america-first"]);
    act(&g, &mut s, 0, "build-a-wall");
    let seen_by_2 = g.observe(&s, Viewer::Player(p(1)));
    assert_eq!(seen_by_2.seats[p(0)].goal, None);
    assert_eq!(
        g.observe(&s, Viewer::Player(p(0))).seats[p(0)].goal.as_ref().map(|c| c.name.as_str()),
        Some("Build a Wall")
    );
    act(&g, &mut s, 1, "red-army-parade");
    act(&g, &mut s, 2, "nuclear-power");
    assert_eq!(s.table().phase(), Phase::Place);
}

/// WD-VAR-1: the short game: no First Goals, 15 resources and 5 VP, both card spaces from round 1.
#[test]
fn wd_var_1_the_short_game() {
    let g = game_with(&Config::players(3).with_variant("short"));
    let s = start(&g, 1);
    assert_eq!(s.table().phase(), Phase::Place);
    for seat in s.table().seats.values() {
        assert_eq!((seat.resources, seat.vp, seat.goal, seat.goal_done), (15, 5, None, true));
    }
}
