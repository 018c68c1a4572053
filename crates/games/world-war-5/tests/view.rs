//! WW5-VIEW-1: the terminal drawings, as snapshots (plain and coloured): the compact one shown
//! before every decision fits an 80×24 terminal with the menu, the full board (`board`) is at
//! most 80 columns wide, and both warn of a player one action from winning (WW5-WIN-1, WW5-WIN-3).
#![allow(clippy::unwrap_used)]

use crate::common;

use std::collections::BTreeSet;

use common::*;
use worlds_engine::paint::visible_width;
use worlds_engine::{Config, Game, Player, Present, Scripted, ScriptedValue, SeededRng, Style, Turn, Viewer};
use worlds_world_war_5::{Action, Continent, Ending, State, Step, Territory, Threat, WorldWar5};

const PLAIN: Style = Style { colour: false };
const COLOUR: Style = Style { colour: true };

#[test]
fn ww5_view_1_the_board_by_continent_stashes_turn_and_last_combat() {
    let g = game(3);
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-west", 0, "medium"),
        ("eu-south", 0, "large"),
        ("as-north", 1, "small"),
        ("as-southwest", 1, "medium"),
        ("af-northeast", 1, "large"),
        ("au-north", 2, "small"),
        ("au-southeast", 2, "large"),
    ];
    let mut s = position(&g, &["eu", "as", "au"], &pieces, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 5, 4, 1, 2, 3]));
    let obs = g.observe(&s, Viewer::Spectator);
    insta::assert_snapshot!("retreat_pending", g.render(&obs, Style { colour: false }));
    play(&g, &mut s, 1, "retreat af-northwest", &mut dice(&[]));
    let obs = g.observe(&s, Viewer::Player(p(2)));
    insta::assert_snapshot!("after_the_retreat", g.render(&obs, Style { colour: false }));
}

/// WW5-BOARD-5: a player's pieces use the colour of their home continent (Europe is magenta,
/// bright ANSI 95).
#[test]
fn ww5_board_5_pieces_wear_their_home_colour() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], &[("eu-north", 0, "small"), ("as-north", 1, "large")], 0);
    let text = g.render(&g.observe(&s, Viewer::Spectator), Style { colour: true });
    assert!(text.contains("\x1b[95mP1 small  ▲\x1b[0m"), "{text}");
    assert!(text.contains("\x1b[91mP2 large  ▲▲▲\x1b[0m"), "{text}");
    // The compact drawing too, shorter.
    let text = g.render_compact(&g.observe(&s, Viewer::Spectator), Style { colour: true });
    assert!(text.contains("\x1b[95mP1▲\x1b[0m"), "{text}");
    assert!(text.contains("\x1b[91mP2▲▲▲\x1b[0m"), "{text}");
}

#[test]
fn setup_views_say_who_does_what() {
    let g = game(2);
    let (s, _) = g.new_game(&mut dice(&[2, 5]));
    let text = g.render(&g.observe(&s, Viewer::Spectator), Style::default());
    assert!(text.starts_with("WORLD WAR 5 · original board · setup\nP2 chooses a home continent\n"), "{text}");
    let text = g.render_compact(&g.observe(&s, Viewer::Spectator), Style::default());
    assert!(text.starts_with("WORLD WAR 5 · original board · setup\nP2 chooses a home continent\n"), "{text}");
}

// ----- the drawings, as snapshots -----

/// Four players choosing homes and placing: who does what, and the homes taken so far.
#[test]
fn ww5_view_1_setup_with_four_players() {
    let g = game(4);
    let (mut s, _) = g.new_game(&mut dice(&[2, 5, 3, 1]));
    play(&g, &mut s, 1, "home eu", &mut dice(&[]));
    play(&g, &mut s, 2, "home af", &mut dice(&[]));
    play(&g, &mut s, 3, "home as", &mut dice(&[]));
    play(&g, &mut s, 0, "home na", &mut dice(&[]));
    play(&g, &mut s, 1, "place eu-west", &mut dice(&[]));
    let obs = g.observe(&s, Viewer::Player(p(2)));
    insta::assert_snapshot!("setup_compact", g.render_compact(&obs, PLAIN));
    insta::assert_snapshot!("setup_full", g.render(&obs, PLAIN));
}

/// Four players in play: P1 North America, P2 Europe, P3 Africa, P4 Australia.
fn four_player_game() -> (WorldWar5, State) {
    let g = game(4);
    let pieces = [
        ("na-north", 0, "small"),
        ("na-southwest", 0, "large"),
        ("sa-north", 0, "medium"),
        ("eu-north", 1, "medium"),
        ("eu-west", 1, "small"),
        ("eu-south", 1, "large"),
        ("as-north", 1, "small"),
        ("af-northwest", 2, "large"),
        ("af-south", 2, "small"),
        ("sa-east", 2, "medium"),
        ("au-north", 3, "small"),
        ("au-southeast", 3, "medium"),
        ("as-southeast", 3, "large"),
    ];
    let s = position(&g, &["na", "eu", "af", "au"], &pieces, 2);
    (g, s)
}

/// Mid-game: P3 beats P1 on sa-north, P1 chooses where to retreat (✕ the lost territory, ↩ the
/// places to go), then P4 is to play.
#[test]
fn ww5_view_1_mid_game_with_four_players() {
    let (g, mut s) = four_player_game();
    play(&g, &mut s, 2, "invade sa-north from sa-east", &mut dice(&[6, 5, 1, 2]));
    let obs = g.observe(&s, Viewer::Player(p(0)));
    insta::assert_snapshot!("mid_game_retreat_compact", g.render_compact(&obs, PLAIN));
    play(&g, &mut s, 0, "retreat na-southeast", &mut dice(&[]));
    let obs = g.observe(&s, Viewer::Player(p(3)));
    assert_eq!(obs.threats, []);
    let compact = g.render_compact(&obs, PLAIN);
    // The players' page shows this drawing.
    assert!(include_str!("../docs/players.md").contains(&format!("```\n{compact}```")), "{compact}");
    insta::assert_snapshot!("mid_game_compact", compact);
    insta::assert_snapshot!("mid_game_full", g.render(&obs, PLAIN));
}

// ----- warnings: one action from winning -----

/// P1 Asia (P1's small on au-north), P2 Europe holding two territories of Australia; P2's large
/// on eu-south borders au-north, and the beaten small could retreat to af-northeast.
const AUSTRALIA: &[(&str, usize, &str)] = &[
    ("as-north", 0, "small"),
    ("as-southwest", 0, "medium"),
    ("as-southeast", 0, "large"),
    ("au-north", 0, "small"),
    ("eu-north", 1, "small"),
    ("eu-west", 1, "medium"),
    ("eu-south", 1, "large"),
    ("au-southwest", 1, "medium"),
    ("au-southeast", 1, "small"),
];

fn with(
    pieces: &[(&'static str, usize, &'static str)],
    changes: &[(&'static str, Option<(usize, &'static str)>)],
) -> Vec<(&'static str, usize, &'static str)> {
    let mut out: Vec<_> = pieces.iter().copied().filter(|(t, _, _)| !changes.iter().any(|(c, _)| c == t)).collect();
    out.extend(changes.iter().filter_map(|(t, piece)| piece.map(|(seat, size)| (*t, seat, size))));
    out
}

fn warnings(g: &WorldWar5, s: &State) -> Vec<String> {
    let text = g.render_compact(&g.observe(s, Viewer::Spectator), PLAIN);
    text.lines().skip_while(|l| !l.starts_with("Warning")).map(str::to_owned).collect()
}

/// WW5-WIN-1: holding two territories of Australia, P2 can win by invading the third: the
/// warning names the player, the continent and the territory, in both drawings.
#[test]
fn ww5_win_1_a_player_one_invasion_from_a_continent_is_announced() {
    let g = game(2);
    let s = position(&g, &["as", "eu"], AUSTRALIA, 0);
    let obs = g.observe(&s, Viewer::Player(p(0)));
    assert_eq!(
        obs.threats,
        [Threat::Conquest {
            player: p(1),
            continent: "au".parse().unwrap(),
            territory: t("au-north"),
            from: vec![t("eu-south")]
        }]
    );
    let compact = g.render_compact(&obs, PLAIN);
    assert_eq!(compact.lines().last(), Some("Warning: P2 threatens to take Australia (au-north)"), "{compact}");
    let full = g.render(&obs, PLAIN);
    assert!(
        full.contains("\nWarning: P2 threatens to take Australia: invade au-north from eu-south (97%)\n"),
        "{full}"
    );
    insta::assert_snapshot!("threat_compact", compact);
    insta::assert_snapshot!("threat_full", full);
    // Serialized with the observation.
    let json = serde_json::to_value(&obs).unwrap();
    assert_eq!(
        json["threats"],
        serde_json::json!([{"win": "conquest", "player": 1, "continent": "au", "territory": "au-north", "from": ["eu-south"]}])
    );
}

/// WW5-WIN-1: the same position, changed so that no single action completes Australia.
#[test]
fn ww5_win_1_no_warning_when_no_action_completes_the_continent() {
    let g = game(2);
    let none = |pieces: &[(&'static str, usize, &'static str)]| {
        let s = position(&g, &["as", "eu"], pieces, 0);
        (g.observe(&s, Viewer::Spectator).threats, warnings(&g, &s))
    };
    // Nobody holds two territories of a continent abroad.
    assert_eq!(none(&with(AUSTRALIA, &[("au-southeast", None)])), (vec![], vec![]));
    // The beaten medium cannot retreat (af-northeast is taken) and shrinks to a small from the
    // stash, staying put: the attacker stays where it was (WW5-COMBAT-4).
    let shrinks = with(AUSTRALIA, &[("au-north", Some((0, "medium"))), ("af-northeast", Some((0, "small")))]);
    assert_eq!(none(&shrinks), (vec![], vec![]));
    // eu-south is P2's last piece at home: leaving eliminates P2 before the victory is checked
    // (WW5-ELIM-1).
    let last_at_home = with(AUSTRALIA, &[("eu-north", None), ("eu-west", None)]);
    assert_eq!(none(&last_at_home), (vec![], vec![]));
    // Only pieces inside Australia border au-north, and moving one would leave a hole.
    let from_inside = with(AUSTRALIA, &[("eu-south", None), ("au-north", None)]);
    assert_eq!(none(&from_inside), (vec![], vec![]));
    // Two territories of one's own home are no threat: the home does not count.
    let home =
        [("eu-north", 1, "small"), ("eu-west", 1, "medium"), ("as-north", 0, "small"), ("af-northeast", 1, "large")];
    assert_eq!(none(&home), (vec![], vec![]));
}

/// WW5-WIN-1, WW5-COMBAT-5: with nowhere to retreat, a beaten small is removed and the attacker
/// moves in; an empty third territory is taken by a move.
#[test]
fn ww5_win_1_removal_and_moves_also_complete_a_continent() {
    let g = game(2);
    let removed = with(AUSTRALIA, &[("af-northeast", Some((0, "medium")))]);
    let s = position(&g, &["as", "eu"], &removed, 0);
    assert_eq!(warnings(&g, &s), ["Warning: P2 threatens to take Australia (au-north)"]);
    let full = g.render(&g.observe(&s, Viewer::Spectator), PLAIN);
    assert!(
        full.contains("\nWarning: P2 threatens to take Australia: invade au-north from eu-south (97%)\n"),
        "{full}"
    );

    let empty = with(AUSTRALIA, &[("au-north", None)]);
    let s = position(&g, &["as", "eu"], &empty, 0);
    assert_eq!(warnings(&g, &s), ["Warning: P2 threatens to take Australia (au-north)"]);
    let full = g.render(&g.observe(&s, Viewer::Spectator), PLAIN);
    assert!(full.contains("\nWarning: P2 threatens to take Australia: move to au-north from eu-south\n"), "{full}");
}

/// WW5-WIN-3: P1 is down to one piece at home, and every retreat from it leads abroad: P2 can
/// eliminate P1 from any of three territories, and take Asia (WW5-WIN-1) from one of them.
#[test]
fn ww5_win_3_a_player_one_invasion_from_eliminating_the_last_opponent_is_announced() {
    let g = game(2);
    let pieces = [
        ("as-north", 0, "small"),
        ("eu-north", 1, "large"),
        ("eu-west", 1, "small"),
        ("as-southwest", 1, "small"),
        ("as-southeast", 1, "medium"),
    ];
    let s = position(&g, &["as", "eu"], &pieces, 0);
    assert_eq!(
        g.observe(&s, Viewer::Spectator).threats,
        [
            Threat::Conquest {
                player: p(1),
                continent: "as".parse().unwrap(),
                territory: t("as-north"),
                from: vec![t("eu-north")]
            },
            Threat::LastStanding {
                player: p(1),
                against: p(0),
                territory: t("as-north"),
                from: vec![t("eu-north"), t("as-southwest"), t("as-southeast")]
            }
        ]
    );
    assert_eq!(warnings(&g, &s), ["Warning: P2 threatens to take Asia (as-north) or eliminate P1"]);
    let full = g.render(&g.observe(&s, Viewer::Spectator), PLAIN);
    assert!(
        full.contains(
            "\nWarning: P2 threatens to eliminate P1: invade as-north from eu-north (97%),\n  as-southwest (42%) or as-southeast (84%)\n"
        ),
        "{full}"
    );
    // With as-southeast free, a beaten P1 retreats there and stays in.
    let s = position(&g, &["as", "eu"], &pieces[..4], 0);
    assert_eq!((g.observe(&s, Viewer::Spectator).threats, warnings(&g, &s)), (vec![], vec![]));
}

/// Several threats are packed on the warning lines, one sentence per player.
#[test]
fn warnings_of_several_players_share_the_lines() {
    let g = game(3);
    let pieces = [
        ("as-north", 0, "small"),
        ("as-southwest", 0, "medium"),
        ("au-north", 0, "small"),
        ("eu-north", 1, "small"),
        ("eu-west", 1, "medium"),
        ("eu-south", 1, "large"),
        ("au-southwest", 1, "medium"),
        ("au-southeast", 1, "small"),
        ("sa-north", 1, "small"),
        ("sa-south", 1, "medium"),
        ("na-north", 2, "medium"),
        ("na-southwest", 2, "large"),
        ("af-northwest", 2, "medium"),
        ("af-northeast", 2, "small"),
        ("sa-east", 2, "small"),
    ];
    let s = position(&g, &["as", "eu", "na"], &pieces, 0);
    assert_eq!(
        warnings(&g, &s),
        [
            "Warning: P2 threatens to take South America (sa-east) or Australia (au-north);",
            "  P3 threatens to take Africa (af-south)"
        ]
    );
}

// ----- every position fits the terminal -----

fn t(id: &str) -> Territory {
    id.parse().unwrap()
}

/// Random games, every position, every viewer, both styles: no line of either drawing is wider
/// than 80 columns, and the compact drawing has at most 11 lines.
#[test]
fn ww5_view_1_every_drawing_fits_an_80_column_terminal() {
    let mut positions = 0;
    let mut warned = 0;
    for (seed, players) in (0..36u64).zip([2, 3, 4, 4, 5, 6].into_iter().cycle()) {
        let config = Config::players(players);
        let g = WorldWar5::new(&if seed % 2 == 0 { config } else { config.with_variant("pyramid-arcade") }).unwrap();
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut buf = Vec::new();
        loop {
            positions += 1;
            let viewers = std::iter::once(Viewer::Spectator).chain(Player::all(players).map(Viewer::Player));
            for viewer in viewers {
                let obs = g.observe(&s, viewer);
                warned += usize::from(!obs.threats.is_empty() && viewer == Viewer::Spectator);
                for style in [PLAIN, COLOUR] {
                    let compact = g.render_compact(&obs, style);
                    assert!(compact.lines().count() <= 11, "{} lines:\n{compact}", compact.lines().count());
                    for text in [compact, g.render(&obs, style)] {
                        for line in text.lines() {
                            assert!(visible_width(line) <= 80, "{} columns: {line}\n{text}", visible_width(line));
                        }
                    }
                }
            }
            if worlds_engine::random_playout(&g, &mut s, &mut rng, &mut buf, 1) == 0 {
                break;
            }
        }
    }
    assert!(positions > 3_000 && warned > 200, "{positions} positions, {warned} with warnings");
}

// ----- threats agree with the rules -----

/// Dice that win the combat of `action` for the attacker: sixes against ones.
fn winning_dice(s: &State, action: Action) -> Scripted<SeededRng> {
    let mut faces = Vec::new();
    if let Action::Invade { target, from } = action {
        let pips = |t| s.piece(t).map_or(0, |p| p.size.pips());
        faces.extend(std::iter::repeat_n(6, usize::from(pips(from))));
        faces.extend(std::iter::repeat_n(1, usize::from(pips(target))));
    }
    Scripted::with(faces.into_iter().map(ScriptedValue::Die), SeededRng::new(0))
}

/// The ways `p` has won in `after`, the game over after their action: the continents they hold
/// (WW5-WIN-1) and whether they are the last one in (WW5-WIN-3).
fn wins(after: &State, p: Player) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let won = match after.ending() {
        Some(Ending::Conquest { player, .. } | Ending::LastStanding { player }) => player == p,
        _ => false,
    };
    if !won {
        return out;
    }
    let holds = |c: Continent, q: Player| {
        c.territories().iter().filter(|&&x| after.piece(x).is_some_and(|r| r.player == q)).count()
    };
    let home = after.home(p).unwrap();
    for c in Continent::ALL {
        if c != home && holds(c, p) == 3 {
            out.insert(format!("take {c}"));
        }
    }
    if Player::all(after.players()).all(|q| q == p || after.home(q).is_none_or(|h| holds(h, q) == 0)) {
        out.insert("last standing".to_owned());
    }
    out
}

/// WW5-WIN-1, WW5-WIN-2, WW5-WIN-3: in positions of random games, each player's threats are
/// exactly the actions that, were it their turn, win the game for them whatever the dice
/// allow the defender: a won combat, then every retreat the defender may choose.
#[test]
fn ww5_win_1_threats_are_exactly_the_actions_that_win_if_the_combat_is_won() {
    let mut checked = 0;
    let mut found = 0;
    let mut last_standing = 0;
    for (seed, players) in (0..30u64).zip([2, 3, 4].into_iter().cycle()) {
        let g = game(players);
        let mut rng = SeededRng::new(100 + seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut buf = Vec::new();
        while worlds_engine::random_playout(&g, &mut s, &mut rng, &mut buf, 1) == 1 {
            if s.stack() != [Step::Play] {
                continue;
            }
            let threats = g.observe(&s, Viewer::Spectator).threats;
            let listed: BTreeSet<(Player, String, Territory, Territory)> = threats
                .iter()
                .flat_map(|threat| {
                    let aim = match threat {
                        Threat::Conquest { continent, .. } => format!("take {continent}"),
                        Threat::LastStanding { .. } => "last standing".to_owned(),
                    };
                    threat.from().iter().map(move |&f| (threat.player(), aim.clone(), threat.territory(), f))
                })
                .collect();
            let mut winning = BTreeSet::new();
            for p in s.players_in().iter() {
                let mut json = g.save_state(&s);
                json["active"] = serde_json::json!(p.index());
                let mine = g.load_state_value(json).unwrap();
                for action in g.legal_actions(&mine, p) {
                    let (target, from) = match action {
                        Action::Invade { target, from } => (target, from),
                        Action::Move { from, to } => (to, from),
                        _ => (Territory::ALL[0], Territory::ALL[0]),
                    };
                    let mut after = mine.clone();
                    g.apply(&mut after, p, action, &mut winning_dice(&mine, action)).unwrap();
                    let mut outcomes = Vec::new();
                    match g.turn(&after) {
                        Turn::Decide(d) if d != p => {
                            for retreat in g.legal_actions(&after, d) {
                                let mut then = after.clone();
                                g.apply(&mut then, d, retreat, &mut SeededRng::new(0)).unwrap();
                                outcomes.push(wins(&then, p));
                            }
                        }
                        _ => outcomes.push(wins(&after, p)),
                    }
                    let always = outcomes.iter().skip(1).fold(outcomes[0].clone(), |acc, o| &acc & o);
                    for aim in always {
                        winning.insert((p, aim, target, from));
                    }
                }
            }
            assert_eq!(listed, winning, "{}", serde_json::to_string(&g.save_state(&s)).unwrap());
            checked += 1;
            found += listed.len();
            last_standing += listed.iter().filter(|x| x.1 == "last standing").count();
        }
    }
    assert!(
        checked > 1_000 && found > 100 && last_standing > 10,
        "{checked} positions, {found} threats ({last_standing} last standing)"
    );
}
