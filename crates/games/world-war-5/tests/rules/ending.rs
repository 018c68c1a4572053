//! How a game ends: elimination (WW5-ELIM-1), winning (WW5-WIN-1 to WW5-WIN-3, WW5-RULING-2), the
//! turn cap (WW5-END-1) and the outcome (WW5-OUT-1).

use worlds_engine::{Config, Game, Outcome, PlayerSet, SeededRng, Turn};
use worlds_world_war_5::{Continent, Ending, State, WorldWar5};

use super::EU_AS;
use crate::common::*;

/// P1's large on eu-south invades P2's piece on af-northeast and wins, 6+6+6 against 1.
const INVADE: (usize, &str) = (0, "invade af-northeast from eu-south");

/// The position after `steps` (seat, action) from `pieces`, and what the last step told; an
/// invasion rolls 6, 6, 6 against 1.
fn after(
    g: &WorldWar5,
    homes: &[&str],
    pieces: &[(&str, usize, &str)],
    steps: &[(usize, &str)],
) -> (State, Vec<String>) {
    let mut s = position(g, homes, pieces, 0);
    let mut events = Vec::new();
    for &(seat, action) in steps {
        events = if action.starts_with("invade") {
            play(g, &mut s, seat, action, &mut dice(&[6, 6, 6, 1]))
        } else {
            play(g, &mut s, seat, action, &mut SeededRng::new(0))
        };
    }
    (s, told(g, &events))
}

const ELIMINATED_P1: &str = "P1 has no piece left at home and is eliminated; their pieces leave the board";
const ELIMINATED_P2: &str = "P2 has no piece left at home and is eliminated; their pieces leave the board";

#[test]
fn ww5_elim_1_by_your_own_move_every_piece_leaves_and_you_take_no_more_turns() {
    let g = game(3);
    let pieces =
        [("eu-north", 0, "small"), ("sa-south", 0, "medium"), ("as-north", 1, "small"), ("af-south", 2, "small")];
    let (mut s, told) = after(&g, &["eu", "as", "af"], &pieces, &[(0, "move eu-north to na-north")]);
    assert_eq!(told[1], ELIMINATED_P1);
    assert_eq!([at(&s, "na-north"), at(&s, "sa-south")], ["empty", "empty"]);
    assert_eq!(s.players_in(), [p(1), p(2)].into_iter().collect::<PlayerSet>());
    let mut rng = SeededRng::new(0);
    play(&g, &mut s, 1, "build as-southwest", &mut rng);
    play(&g, &mut s, 2, "build af-northwest", &mut rng);
    // P1 is skipped.
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
}

#[test]
fn ww5_elim_1_by_retreat_and_by_shrinking_away() {
    // By retreat: P2 chooses to leave its only home territory.
    let g = game(3);
    let pieces =
        [("eu-north", 0, "small"), ("eu-south", 0, "large"), ("af-northeast", 1, "small"), ("as-north", 2, "small")];
    let (s, told) = after(&g, &["eu", "af", "as"], &pieces, &[INVADE, (1, "retreat au-north")]);
    assert_eq!(told[2], ELIMINATED_P2);
    assert_eq!(at(&s, "au-north"), "empty");
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));

    // By shrinking away: a small with nowhere to retreat is removed.
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-south", 0, "large"),
        ("as-southwest", 0, "small"),
        ("au-north", 0, "small"),
        ("af-northeast", 1, "small"),
        ("af-northwest", 2, "small"),
        ("af-south", 2, "small"),
        ("as-north", 2, "small"),
    ];
    let (s, told) = after(&g, &["eu", "af", "as"], &pieces, &[INVADE]);
    assert_eq!(told[3], ELIMINATED_P2);
    assert_eq!(s.players_in(), [p(0), p(2)].into_iter().collect::<PlayerSet>());
}

#[test]
fn ww5_win_1_holding_another_continent_wins_whether_or_not_it_is_a_home() {
    let g = game(2);
    let pieces = [EU_AS, &[("af-northeast", 0, "small"), ("af-south", 0, "medium")]].concat();
    let (s, told) = after(&g, &["eu", "as"], &pieces, &[(0, "move eu-west to af-northwest")]);
    assert_eq!(told[1], "P1 holds all of Africa and wins");
    assert_eq!(s.ending(), Some(Ending::Conquest { player: p(0), continent: Continent::Africa }));
    assert_eq!(s.step(), None);
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(refused(&g, &s, 1, "build as-north"), "the game is over: P1 holds all of Africa and wins [WW5-WIN-1]");
}

#[test]
fn ww5_win_1_no_win_without_a_piece_at_home() {
    // P1 completes Africa with its last home piece: eliminated at once, so P2 wins instead.
    let g = game(2);
    let pieces =
        [("eu-south", 0, "small"), ("af-northwest", 0, "small"), ("af-south", 0, "small"), ("as-north", 1, "small")];
    let (_, told) = after(&g, &["eu", "as"], &pieces, &[(0, "move eu-south to af-northeast")]);
    assert_eq!(told[1..], [ELIMINATED_P1, "P2 is the last player standing and wins"]);
}

#[test]
fn ww5_win_2_checked_after_the_retreat_and_the_active_player_wins_a_tie() {
    // P2 retreats into au-north and holds all of Australia: P2 wins during P1's turn.
    let g = game(2);
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-south", 0, "large"),
        ("af-northwest", 0, "small"),
        ("as-north", 1, "small"),
        ("as-southwest", 1, "small"),
        ("af-northeast", 1, "small"),
        ("af-south", 1, "medium"),
        ("au-southwest", 1, "medium"),
        ("au-southeast", 1, "medium"),
    ];
    // Had P1 also completed Africa by advancing, both would meet the condition: P1 is active and wins.
    let mut both = pieces.to_vec();
    both[6] = ("af-south", 0, "medium");
    let cases =
        [(&pieces[..], "P2 holds all of Australia and wins", 1), (&both[..], "P1 holds all of Africa and wins", 0)];
    for (pieces, wins, winner) in cases {
        let (mut s, _) = after(&g, &["eu", "as"], pieces, &[INVADE]);
        assert_eq!(legal(&g, &s, 1), ["retreat au-north"]);
        let events = play(&g, &mut s, 1, "retreat au-north", &mut SeededRng::new(0));
        assert_eq!(told(&g, &events)[2], wins);
        assert_eq!(g.outcome(&s).unwrap(), Outcome::single_winner(2, p(winner)));
    }
}

#[test]
fn ww5_win_3_the_last_player_standing_wins() {
    let g = game(2);
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-south", 0, "large"),
        ("as-southwest", 0, "medium"),
        ("au-north", 0, "small"),
        ("af-northeast", 1, "small"),
        ("af-northwest", 0, "small"),
        ("af-south", 0, "medium"),
    ];
    let (_, told) = after(&g, &["eu", "af"], &pieces, &[INVADE]);
    // Removing P2's last home piece eliminates P2; P1 now also holds all of Africa, which is checked first.
    assert_eq!(told[3..], [ELIMINATED_P2, "P1 holds all of Africa and wins"]);

    // P2's only home piece loses and P2 retreats it out of Africa: P2 is out, P1 stands alone.
    let pieces = [("eu-north", 0, "small"), ("eu-south", 0, "large"), ("af-northeast", 1, "small")];
    let (s, told) = after(&g, &["eu", "af"], &pieces, &[INVADE, (1, "retreat as-southwest")]);
    assert_eq!(told[2..], [ELIMINATED_P2, "P1 is the last player standing and wins"]);
    assert_eq!(s.ending(), Some(Ending::LastStanding { player: p(0) }));
}

/// WW5-RULING-2: when the last players are eliminated by the same action, they share a draw.
#[test]
fn ww5_ruling_2_eliminated_together_is_a_shared_draw() {
    let g = game(2);
    let pieces = [("eu-south", 0, "large"), ("af-northeast", 1, "small")];
    let (s, told) = after(&g, &["eu", "af"], &pieces, &[INVADE, (1, "retreat as-southwest")]);
    assert_eq!(told[4], "nobody is left: the game is drawn among P1, P2, eliminated together");
    assert_eq!(g.outcome(&s).unwrap().returns.as_slice(), [0.5, 0.5]);
}

#[test]
fn ww5_end_1_the_turn_cap_draws_among_the_players_still_in() {
    let g = game_with(Config::players(3).with_option("turn_cap", 10));
    let (s, told) = after(&g, &["eu", "as", "af"], EU_AS, &[(0, "grow eu-north")]);
    assert_eq!(told[1], "turn 10 is over: the game is drawn among P1, P2");
    // WW5-OUT-1: the draw is shared among the survivors.
    assert_eq!(g.outcome(&s).unwrap().returns.as_slice(), [0.5, 0.5, 0.0]);
    let err = WorldWar5::new(&Config::players(2).with_option("turn_cap", 0)).unwrap_err();
    assert_eq!(err.to_string(), "option `turn_cap`: must be at least 1");
    let err = WorldWar5::new(&Config::players(2).with_option("cap", 5)).unwrap_err();
    assert!(err.to_string().starts_with("option `cap`: unknown field `cap`"), "{err}");
}

#[test]
fn ww5_out_1_the_winner_returns_one_and_the_others_nothing() {
    let g = game(3);
    let pieces = [
        EU_AS,
        &[("af-northeast", 0, "small"), ("af-south", 0, "medium"), ("sa-east", 2, "small"), ("au-north", 2, "small")],
    ]
    .concat();
    let (s, _) = after(&g, &["eu", "as", "au"], &pieces, &[(0, "move eu-west to af-northwest")]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.returns.as_slice(), [1.0, 0.0, 0.0]);
    assert_eq!(o.ranks.as_slice(), [1, 2, 2]);
    assert_eq!(g.evaluate(&s, p(0)), Some(1.0));
}
