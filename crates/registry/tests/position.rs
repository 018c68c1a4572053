//! Bare positions (`DynPosition`) and batches (`DynBatch`), the layer under the Python bindings:
//! no secret in a viewer's observation or view, saved positions that go on exactly as the
//! original, and batch rows that step exactly as positions do.
#![allow(clippy::unwrap_used)]

use serde_json::json;
use worlds_engine::{Config, ErrorKind, Player, SeededRng, Style, Viewer, next_decider};
use worlds_registry::{BatchError, DynPosition, StepRows, new_batch, new_position, position_from_json};

fn random_step(p: &mut dyn DynPosition, rng: &mut SeededRng) -> bool {
    let Some(player) = next_decider(p.turn()) else { return false };
    let legal = p.legal_indices(player);
    let code = legal[rng.below(legal.len() as u32) as usize];
    p.apply_index(player, code).unwrap();
    true
}

#[test]
fn no_secret_reaches_a_viewer_through_a_positions_observation_or_view() {
    for info in worlds_registry::games().into_iter().filter(|i| i.hidden_information) {
        let n = info.min_players;
        let viewers: Vec<Viewer> = Player::all(n).map(Viewer::Player).chain([Viewer::Spectator]).collect();
        let mut checked = 0;
        for seed in 0..10 {
            let mut p = new_position(info.id, &Config::players(n), seed).unwrap();
            let mut rng = SeededRng::new(seed);
            for step in 0.. {
                if step % 7 == 0 {
                    for &viewer in &viewers {
                        let secrets = p.secrets(viewer);
                        let (observation, view) = (p.observe(viewer).to_string(), p.render(viewer, Style::default()));
                        for secret in &secrets {
                            assert!(
                                !observation.contains(secret.as_str()),
                                "{} seed {seed} step {step}: {viewer} sees `{secret}` in the observation",
                                info.id
                            );
                            assert!(
                                !view.contains(secret.as_str()),
                                "{} seed {seed} step {step}: {viewer} sees `{secret}` in the view",
                                info.id
                            );
                        }
                        checked += secrets.len();
                    }
                }
                if !random_step(p.as_mut(), &mut rng) {
                    break;
                }
            }
        }
        assert!(checked > 1000, "{}: only {checked} secrets checked", info.id);
    }
}

#[test]
fn a_saved_position_goes_on_exactly_as_the_original() {
    for info in worlds_registry::games() {
        let config = Config::players(info.min_players);
        let mut original = new_position(info.id, &config, 3).unwrap();
        let mut rng = SeededRng::new(8);
        for _ in 0..25 {
            random_step(original.as_mut(), &mut rng);
        }
        let saved = original.to_json();
        let mut copy = position_from_json(saved.clone()).unwrap();
        assert_eq!(copy.to_json(), saved, "{}", info.id);
        // The same random actions from here: the same dice, the same end.
        let (mut a, mut b) = (SeededRng::new(1), SeededRng::new(1));
        while random_step(original.as_mut(), &mut a) {
            assert!(random_step(copy.as_mut(), &mut b), "{}: the copy ended first", info.id);
        }
        assert_eq!(copy.to_json(), original.to_json(), "{}", info.id);
        assert_eq!(copy.outcome(), original.outcome(), "{}", info.id);
    }
}

#[test]
fn a_saved_position_with_a_wrong_field_is_refused_with_its_path() {
    let p = new_position("world-war-5", &Config::players(2), 1).unwrap();
    let mut saved = p.to_json();
    saved["random"] = json!({"seed": 1, "drawn": "many"});
    let e = position_from_json(saved).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::BadState);
    assert!(e.to_string().starts_with("state field `random.drawn`: invalid type: string \"many\""), "{e}");
    let mut saved = p.to_json();
    saved["extra"] = json!(1);
    assert!(position_from_json(saved).err().unwrap().to_string().contains("unknown field `extra`"));
    let mut saved = p.to_json();
    saved["state"]["turn"] = json!("soon");
    let e = position_from_json(saved).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::BadState);
    assert!(e.to_string().starts_with("state field `state.turn`"), "{e}");
}

#[test]
fn a_refused_action_changes_nothing_and_a_copy_is_independent() {
    let mut p = new_position("connect-four", &Config::players(2), 1).unwrap();
    for _ in 0..6 {
        p.apply_index(next_decider(p.turn()).unwrap(), 0).unwrap();
    }
    let before = p.to_json();
    let e = p.apply_index(Player::from_index(0), 0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IllegalAction);
    let e = p.apply_index(Player::from_index(0), 7).unwrap_err();
    assert_eq!(e.to_string(), "action code 7 is not an action of this game; codes are 0–6");
    assert_eq!(p.to_json(), before);
    let mut copy = p.clone_position();
    copy.apply_index(Player::from_index(0), 3).unwrap();
    assert_eq!(p.to_json(), before);
    assert_eq!(copy.steps(), 7);
    assert_eq!(p.legal_indices(Player::from_index(0)), vec![1, 2, 3, 4, 5, 6]);
    let mut mask = vec![9i8; 7];
    p.legal_mask_into(Player::from_index(0), &mut mask);
    assert_eq!(mask, [0, 1, 1, 1, 1, 1, 1]);
}

#[test]
fn each_batch_row_steps_as_its_position_does_and_ended_games_start_again() {
    for info in worlds_registry::games() {
        let config = Config::players(info.min_players);
        let n = 6;
        let mut batch = new_batch(info.id, &config, n, 4).unwrap();
        let (t, a, p) = (batch.tensor_len(), batch.num_distinct_actions(), batch.num_players());
        let mut buf = StepRows::of(batch.as_ref());
        batch.reset(4, buf.buffers()).unwrap();
        let mut rng = SeededRng::new(2);
        let mut ended = 0;
        for _ in 0..400 {
            let mut twins: Vec<Box<dyn DynPosition>> = (0..n).map(|i| batch.position(i).unwrap()).collect();
            let actions: Vec<i64> = buf
                .masks
                .chunks(a)
                .map(|row| {
                    let legal: Vec<usize> = (0..a).filter(|&c| row[c] == 1).collect();
                    legal[rng.below(legal.len() as u32) as usize] as i64
                })
                .collect();
            let seats = buf.players.clone();
            batch.step(&actions, buf.buffers()).unwrap();
            for (i, twin) in twins.iter_mut().enumerate() {
                let seat = next_decider(twin.turn()).unwrap();
                assert_eq!(seats[i], seat.index() as i64);
                twin.apply_index(seat, actions[i] as usize).unwrap();
                let rewards = &buf.rewards[i * p..(i + 1) * p];
                if buf.done[i] {
                    ended += 1;
                    let returns: Vec<f32> = twin.outcome().unwrap().returns.values().map(|&r| r as f32).collect();
                    assert_eq!(rewards, returns.as_slice(), "{}", info.id);
                    assert_eq!(batch.position(i).unwrap().steps(), 0, "{}: game {i} did not start again", info.id);
                    continue;
                }
                assert!(rewards.iter().all(|&r| r == 0.0));
                let seat = next_decider(twin.turn()).unwrap();
                assert_eq!(buf.players[i], seat.index() as i64, "{}", info.id);
                let mut tensor = vec![0.0; t];
                twin.write_tensor(seat, &mut tensor);
                assert_eq!(&buf.observations[i * t..(i + 1) * t], tensor.as_slice(), "{}", info.id);
                assert_eq!(batch.position(i).unwrap().to_json(), twin.to_json(), "{}", info.id);
            }
        }
        assert_eq!(batch.finished(), ended);
    }
}

#[test]
fn a_batch_refuses_an_illegal_action_or_wrong_buffers_and_moves_no_game() {
    let mut batch = new_batch("tic-tac-toe", &Config::players(2), 3, 1).unwrap();
    let mut buf = StepRows::of(batch.as_ref());
    batch.reset(1, buf.buffers()).unwrap();
    batch.step(&[4, 4, 0], buf.buffers()).unwrap();
    let before: Vec<_> = (0..3).map(|i| batch.position(i).unwrap().to_json()).collect();
    let e = batch.step(&[0, 4, 1], buf.buffers()).unwrap_err();
    assert_eq!(
        e,
        BatchError::Illegal {
            env: 1,
            action: "action b2 (code 4)".into(),
            player: Player::from_index(1),
            legal: "0, 1, 2, 3, 5, 6, 7, 8".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "game 1: action b2 (code 4) is not a legal action for P2 now; the legal codes are 0, 1, 2, 3, 5, 6, 7, 8"
    );
    assert_eq!(batch.step(&[0, 1], buf.buffers()).unwrap_err(), BatchError::Count { given: 2, envs: 3 });
    let mut short = StepRows { observations: vec![0.0; 54], ..buf.clone() };
    assert_eq!(
        batch.step(&[0, 1, 2], short.buffers()).unwrap_err(),
        BatchError::Buffer { name: "observations", len: 54, need: 81 }
    );
    let after: Vec<_> = (0..3).map(|i| batch.position(i).unwrap().to_json()).collect();
    assert_eq!(after, before);
    assert_eq!(
        new_batch("tic-tac-toe", &Config::players(2), 0, 1).err().unwrap().to_string(),
        "a batch needs at least one game"
    );
}
