//! The object-safe session: everything a server or Python bindings need, nothing game-specific.
#![allow(clippy::unwrap_used)]

use serde_json::json;
use worlds_engine::{Config, ErrorKind, Player, Turn, Viewer};
use worlds_registry::{Audience, RegistryError};

fn p(i: usize) -> Player {
    Player::from_index(i)
}

#[test]
fn actions_by_code_tensors_and_decisions_through_the_session() {
    let (mut s, setup) = worlds_registry::open("tic-tac-toe", &Config::players(2), 1).unwrap();
    assert_eq!(setup, 0);
    assert_eq!(s.num_distinct_actions(), 9);
    assert_eq!(s.legal_indices(p(0)), (0..9).collect::<Vec<_>>());
    assert_eq!(s.decision().text, "P1 (X) marks a cell");
    let from = s.apply_index(p(0), 4).unwrap();
    assert_eq!(s.events_for(Audience::All, from)[0].text, "P1 marks b2");
    let t = s.observation_tensor(p(1));
    assert_eq!(t.len(), 27);
    // P2's planes: empty cells, own marks, the opponent's: b2 is the opponent's.
    assert_eq!((t[4], t[9 + 4], t[18 + 4]), (0.0, 0.0, 1.0));
    let err = s.apply_index(p(1), 12).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BadRequest);
    assert_eq!(err.to_string(), "action code 12 is not an action of this game; codes are 0–8");
    assert_eq!(s.apply_index(p(1), 4).unwrap_err().to_string(), "b2 is already marked [TTT-CELL]");
}

#[test]
fn a_cloned_session_is_independent_and_plays_on_identically() {
    let (mut a, _) = worlds_registry::open("world-war-5", &Config::players(2), 9).unwrap();
    let first = match a.turn() {
        Turn::Decide(q) => q,
        other => panic!("{other:?}"),
    };
    a.apply(first, "home eu").unwrap();
    let mut b = a.clone_session();
    assert_eq!(b.state(), a.state());
    assert_eq!(b.events_for(Audience::All, 0), a.events_for(Audience::All, 0));
    let second = first.next(2);
    b.apply(second, "home as").unwrap();
    assert_ne!(b.state(), a.state(), "the clone moved on alone");
    a.apply(second, "home as").unwrap();
    assert_eq!(b.state(), a.state());
    assert_eq!(b.record(), a.record());
}

#[test]
fn a_forced_decision_is_named_and_still_taken_as_a_decision() {
    // P2 lost af-northeast and can only retreat into au-north.
    let position = json!({"stack": ["play", {"retreat": {"from": "eu-south", "contested": "af-northeast"}}],
        "first": 0, "active": 0, "turn": 5, "homes": ["eu", "as"],
        "board": {"eu-north": {"player": 0, "size": "small"}, "eu-south": {"player": 0, "size": "large"},
            "af-northwest": {"player": 0, "size": "small"}, "as-north": {"player": 1, "size": "small"},
            "as-southwest": {"player": 1, "size": "small"}, "af-northeast": {"player": 1, "size": "small"},
            "af-south": {"player": 1, "size": "medium"}, "au-southwest": {"player": 1, "size": "medium"},
            "au-southeast": {"player": 1, "size": "medium"}},
        // The combat P1 just won for af-northeast (WW5-COMBAT-3: a retreat follows a won combat).
        "last_combat": {"attacker": 0, "defender": 1, "from": "eu-south", "target": "af-northeast",
            "attacker_size": "large", "defender_size": "small", "attack": [6, 6, 6], "defence": [1]}});
    let mut s = worlds_registry::load("world-war-5", &Config::players(2), position, 1).unwrap();
    assert_eq!(s.forced(p(1)).as_deref(), Some("retreat au-north"));
    assert_eq!(s.forced(p(0)), None, "P1 has nothing to decide");
    assert_eq!(s.turn(), Turn::Decide(p(1)), "still P2's decision, not skipped");
    let from = s.apply(p(1), "retreat au-north").unwrap();
    assert_eq!(s.record().actions.len(), 1, "and it is in the log");
    assert_eq!(
        s.events_for(Audience::from(Viewer::Spectator), from)[0].text,
        "P2 retreats from af-northeast to au-north"
    );
    // Two choices: not forced.
    let (s, _) = worlds_registry::open("tic-tac-toe", &Config::players(2), 1).unwrap();
    assert_eq!(s.forced(p(0)), None);
}

#[test]
fn registry_errors_have_kinds() {
    let unknown = worlds_registry::open("chess", &Config::players(2), 1).err().unwrap();
    assert_eq!(unknown.kind(), ErrorKind::UnknownGame);
    let bad = worlds_registry::open("world-war-5", &Config::players(9), 1).err().unwrap();
    assert_eq!(bad.kind(), ErrorKind::BadConfig);
    let state = worlds_registry::load("tic-tac-toe", &Config::players(2), json!({"rows": 3}), 1).err().unwrap();
    assert!(matches!(state, RegistryError::State(_)));
    assert_eq!(state.kind(), ErrorKind::BadState);
    let mut content = Config::players(2);
    content.content.insert("board.toml".into(), "nonsense = [".into());
    assert_eq!(worlds_registry::open("world-war-5", &content, 1).err().unwrap().kind(), ErrorKind::BadContent);
}

#[test]
fn each_game_brings_its_own_players_page() {
    for info in worlds_registry::games() {
        let title = info.page.lines().next().unwrap_or_default();
        assert!(title.starts_with("# ") && title.contains(info.name), "{}: {title}", info.id);
    }
}

#[test]
fn an_event_hidden_from_one_seat_names_only_the_matchs_other_seats() {
    let (session, _) = worlds_registry::open("woobieworld", &Config::players(2), 3).unwrap();
    let events = session.events_for(Audience::All, 0);
    // P1's hand size is told to everyone but P1: in a two-player match, that is P2 and spectators.
    let dealt = events.iter().find(|e| e.event["type"] == "dealt" && e.event["player"] == 0).unwrap();
    assert_eq!(serde_json::to_value(dealt.visibility).unwrap(), json!({"players": [1], "spectators": true}));
    assert!(!Audience::from(p(0)).sees(dealt.visibility));
    assert!(Audience::from(p(1)).sees(dealt.visibility));
    assert!(Audience::Viewer(Viewer::Spectator).sees(dealt.visibility));
    // Public events stay public.
    let first = events.iter().find(|e| e.event["type"] == "first-player").unwrap();
    assert_eq!(serde_json::to_value(first.visibility).unwrap(), json!("public"));
}

/// A secret simultaneous choice (World Dumbination's First Goal, kept face down) stays its
/// player's in a replay: others see that the player acted, not what they chose.
#[test]
fn a_replay_hides_another_players_simultaneous_choice() {
    let config = Config::players(2).with_option("nations", json!(["usa", "russia"]));
    let (mut session, _) = worlds_registry::open("world-dumbination", &config, 3).unwrap();
    session.apply(p(0), "america-first").unwrap();
    session.apply(p(1), "back-in-the-ussr").unwrap();
    let record = session.record().clone();
    let frame =
        |audience: Audience, step: usize| worlds_registry::replay_frame(&record, audience, step).unwrap().0.unwrap();
    let mine = frame(Audience::from(p(0)), 1);
    assert_eq!((mine.player, mine.action.as_deref()), (Some(p(0)), Some("america-first")));
    let theirs = frame(Audience::from(p(1)), 1);
    assert_eq!((theirs.player, theirs.action), (Some(p(0)), None));
    assert_eq!(frame(Audience::Viewer(Viewer::Spectator), 2).action, None);
    assert_eq!(frame(Audience::All, 2).action.as_deref(), Some("back-in-the-ussr"));
}

/// A session and a bare position answer `legal_indices` alike: the codes ascending, each once,
/// the same set as the listed actions' codes, in every game over a random playout.
#[test]
fn legal_indices_are_ascending_and_once_each_in_every_game() {
    for info in worlds_registry::games() {
        let (mut s, _) = worlds_registry::open(info.id, &Config::players(info.min_players), 5).unwrap();
        for step in 0..150 {
            let Some(player) = s.turn().players().iter().next() else { break };
            let codes = s.legal_indices(player);
            assert!(codes.windows(2).all(|w| w[0] < w[1]), "{} step {step}: {codes:?}", info.id);
            let mut listed: Vec<usize> = s.legal(player).iter().map(|a| a.index).collect();
            listed.sort_unstable();
            listed.dedup();
            assert_eq!(codes, listed, "{} step {step}", info.id);
            s.apply_index(player, codes[(step * 7) % codes.len()]).unwrap();
        }
    }
}
