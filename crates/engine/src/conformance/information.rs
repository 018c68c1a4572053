//! What a viewer may know, checked by structure rather than by looking for card names:
//!
//! - [`check_secret_choices`]: at a simultaneous decision, a seat's different secret choices look
//!   the same to everyone else until they are revealed;
//! - [`check_observation_is_information`]: a seat's observation is a function of what it knows
//!   only, so positions that differ only in what it cannot know (determinizations) look the same
//!   to it.
//!
//! "Look the same" is everything a viewer is given: the observation's JSON, the tensor, the
//! drawings (board, compact board, named views), the scene, and the events it may see.

use crate::chance::{SeededRng, derive_seed};
use crate::game::{Logged, Present, Style, Turn};
use crate::play::next_decider;
use crate::player::{Player, Viewer};

/// What the structural checks looked at, so a test can see they had work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InformationReport {
    pub games: usize,
    pub steps: usize,
    /// Pairs of positions compared for a viewer.
    pub comparisons: usize,
}

/// Everything `viewer` is given of `state`, as text: observation JSON, tensor (for a seat),
/// drawings, scene and table (when `drawings`), each labelled.
fn shown<G: Present>(game: &G, state: &G::State, viewer: Viewer, drawings: bool) -> Vec<(&'static str, String)> {
    let obs = game.observe(state, viewer);
    let mut out = vec![("observation", serde_json::to_string(&obs).unwrap_or_default())];
    if let Viewer::Player(p) = viewer {
        let mut tensor = vec![0.0f32; game.tensor_len()];
        game.write_tensor(state, p, &mut tensor);
        out.push(("tensor", format!("{tensor:?}")));
        out.push(("legal actions", format!("{:?}", game.legal_actions(state, p))));
    }
    if drawings {
        let style = Style::default();
        out.push(("board", game.render(&obs, style)));
        out.push(("compact board", game.render_compact(&obs, style)));
        for v in G::info().views {
            out.push(("view", game.render_view(&obs, v.name, style).unwrap_or_default()));
        }
        if let Some(scene) = game.scene(&obs) {
            out.push(("scene", serde_json::to_string(&scene).unwrap_or_default()));
        }
        if let Some(table) = game.table(&obs) {
            out.push(("table", serde_json::to_string(&table).unwrap_or_default()));
            out.push(("table drawn", table.draw(viewer.player(), 80, style)));
        }
    }
    out
}

/// Whether `after` is still the simultaneous decision of `before`, not yet revealed: the same
/// rule, with nobody pending who was not (a seat that finished choosing has left the set; a seat
/// taking one step of a longer secret sequence is still in it).
fn same_decision<G: Present>(game: &G, before: &G::State, after: &G::State) -> bool {
    let (Turn::Simultaneous(was), Turn::Simultaneous(now)) = (game.turn(before), game.turn(after)) else {
        return false;
    };
    now.iter().all(|p| was.contains(p)) && game.decision(before).rule == game.decision(after).rule
}

/// The events `viewer` may see, as the text and JSON a client gets.
fn seen_events<G: Present>(game: &G, events: &[Logged<G::Event>], viewer: Viewer) -> Vec<String> {
    events
        .iter()
        .filter(|e| e.visibility.visible_to(viewer))
        .flat_map(|e| [game.describe_event(&e.event), game.event_value(&e.event).to_string()])
        .collect()
}

/// Asserts that `viewer` is given the same of `a` and `b`.
fn assert_same<G: Present>(
    game: &G,
    a: &G::State,
    b: &G::State,
    viewer: Viewer,
    drawings: bool,
    ctx: &dyn Fn() -> String,
) {
    for ((what, x), (_, y)) in shown(game, a, viewer, drawings).into_iter().zip(shown(game, b, viewer, drawings)) {
        assert!(x == y, "{}: {viewer} is given different {what}s:\n{x}\n---\n{y}", ctx());
    }
}

fn viewers(n: usize) -> Vec<Viewer> {
    Player::all(n).map(Viewer::Player).chain([Viewer::Spectator]).collect()
}

/// Plays `games` seeded random games; at every simultaneous decision, for each seat to choose,
/// applies different choices of that seat (up to `choices`, on the same random stream) and asserts
/// that every other seat and a spectator is given exactly the same: observation, tensor, drawings
/// (at every third such decision), scene, and the events of the choice. The same holds while the
/// others who are still to choose then choose alike, until the last choice reveals them all.
/// Whether the seat is still choosing after its choice (a step of a longer secret sequence) or has
/// chosen is shown to all: choices are compared with one that leaves the seat alike.
///
/// # Panics
/// On the first difference, naming the seats, the choices and what differed.
pub fn check_secret_choices<G: Present>(
    game: &G,
    seed: u64,
    games: usize,
    max_steps: usize,
    choices: usize,
) -> InformationReport {
    let mut report = InformationReport::default();
    let n = game.num_players();
    let all = viewers(n);
    let mut decisions = 0usize;
    for g in 0..games {
        let game_seed = derive_seed(seed, g as u64);
        let mut rng = SeededRng::new(game_seed);
        let (mut state, _) = game.new_game(&mut rng);
        for step in 0..=max_steps {
            let turn = game.turn(&state);
            if let Turn::Simultaneous(set) = turn {
                decisions += 1;
                let drawings = decisions % 3 == 1;
                for p in set.iter() {
                    let legal = game.legal_actions(&state, p);
                    if legal.len() < 2 {
                        continue;
                    }
                    // Choices spread over the list, each against the first that leaves the seat
                    // alike pending or done: whether a seat has finished choosing is shown to all
                    // ("has chosen"), what it chose is not.
                    let step_by = (legal.len() / choices.max(1)).max(1);
                    let picks: Vec<usize> = (0..legal.len()).step_by(step_by).take(choices + 1).collect();
                    let chance = SeededRng::new(derive_seed(game_seed, step as u64));
                    let mut firsts: Vec<(bool, usize)> = Vec::new();
                    for &k in &picks {
                        let mut after = state.clone();
                        game.apply(&mut after, p, legal[k], &mut chance.clone()).unwrap_or_else(|e| panic!("{e}"));
                        // The choices are revealed when the last of them is made.
                        if !same_decision(game, &state, &after) {
                            continue;
                        }
                        let pending = game.turn(&after).players().contains(p);
                        if !firsts.iter().any(|&(status, _)| status == pending) {
                            firsts.push((pending, k));
                            continue;
                        }
                        let Some(&(_, first)) = firsts.iter().find(|&&(status, _)| status == pending) else { continue };
                        let (a, b) = (legal[first], legal[k]);
                        let (mut sa, mut sb) = (state.clone(), state.clone());
                        let (mut ra, mut rb) = (chance.clone(), chance.clone());
                        let ea = game.apply(&mut sa, p, a, &mut ra).unwrap_or_else(|e| panic!("{e}"));
                        let eb = game.apply(&mut sb, p, b, &mut rb).unwrap_or_else(|e| panic!("{e}"));
                        let ctx = || {
                            format!(
                                "{} seed {game_seed} step {step}: {p} choosing {} or {}",
                                G::info().id,
                                game.format_action(a),
                                game.format_action(b)
                            )
                        };
                        for &v in all.iter().filter(|&&v| v != Viewer::Player(p)) {
                            assert_same(game, &sa, &sb, v, drawings, &ctx);
                            let (xa, xb) = (seen_events(game, &ea, v), seen_events(game, &eb, v));
                            assert!(xa == xb, "{}: {v} is told different events: {xa:?} / {xb:?}", ctx());
                            report.comparisons += 1;
                        }
                        // The others still to choose choose alike; nothing is revealed before the
                        // last of them.
                        let mut r = chance.clone();
                        while let Turn::Simultaneous(rest) = game.turn(&sa) {
                            let Some(q) = rest.iter().find(|&q| q != p) else { break };
                            let mut next_a = sa.clone();
                            let choice = game.legal_actions(&sa, q)[0];
                            let (mut r1, mut r2) = (r.clone(), r.clone());
                            let e1 = game.apply(&mut next_a, q, choice, &mut r1).unwrap_or_else(|e| panic!("{e}"));
                            if !same_decision(game, &sa, &next_a) {
                                break;
                            }
                            let mut next_b = sb.clone();
                            let e2 = game.apply(&mut next_b, q, choice, &mut r2).unwrap_or_else(|e| panic!("{e}"));
                            for &v in all.iter().filter(|&&v| v != Viewer::Player(p)) {
                                assert_same(game, &next_a, &next_b, v, false, &ctx);
                                let (xa, xb) = (seen_events(game, &e1, v), seen_events(game, &e2, v));
                                assert!(xa == xb, "{}: after {q} chose, {v} is told different events", ctx());
                                report.comparisons += 1;
                            }
                            sa = next_a;
                            sb = next_b;
                            r = r1;
                        }
                    }
                }
            }
            report.steps += 1;
            let Some(p) = next_decider(turn) else { break };
            let legal = game.legal_actions(&state, p);
            let a = legal[rng.below(legal.len() as u32) as usize];
            game.apply(&mut state, p, a, &mut rng).unwrap_or_else(|e| panic!("seed {game_seed} step {step}: {e}"));
        }
        report.games += 1;
    }
    report
}

/// Plays `games` seeded random games; at every `every`-th step, for every seat, makes two
/// determinizations of the position for that seat (it cannot tell them from the real one) and
/// asserts that the seat is given exactly the same of all three: observation, tensor, legal
/// actions, and (at every third checked step) drawings and scene. A seat's view may depend only
/// on what it knows.
///
/// # Panics
/// On the first difference.
pub fn check_observation_is_information<G: Present>(
    game: &G,
    seed: u64,
    games: usize,
    max_steps: usize,
    every: usize,
) -> InformationReport {
    let mut report = InformationReport::default();
    let n = game.num_players();
    let mut checked = 0usize;
    for g in 0..games {
        let game_seed = derive_seed(seed, g as u64);
        let mut rng = SeededRng::new(game_seed);
        let (mut state, _) = game.new_game(&mut rng);
        for step in 0..=max_steps {
            if step % every.max(1) == 0 {
                checked += 1;
                let drawings = checked % 3 == 1;
                for p in Player::all(n) {
                    let mut r1 = SeededRng::new(derive_seed(game_seed, (step * n + p.index()) as u64));
                    let mut r2 = SeededRng::new(derive_seed(game_seed ^ 0x5EC2E7, (step * n + p.index()) as u64));
                    let d1 = game.determinize(&state, p, &mut r1);
                    let d2 = game.determinize(&state, p, &mut r2);
                    let ctx = || format!("{} seed {game_seed} step {step}: two determinizations for {p}", G::info().id);
                    assert_same(game, &d1, &d2, Viewer::Player(p), drawings, &ctx);
                    let ctx = || format!("{} seed {game_seed} step {step}: a determinization for {p}", G::info().id);
                    assert_same(game, &state, &d1, Viewer::Player(p), drawings, &ctx);
                    report.comparisons += 2;
                }
            }
            report.steps += 1;
            let turn = game.turn(&state);
            let Some(p) = next_decider(turn) else { break };
            let legal = game.legal_actions(&state, p);
            let a = legal[rng.below(legal.len() as u32) as usize];
            game.apply(&mut state, p, a, &mut rng).unwrap_or_else(|e| panic!("seed {game_seed} step {step}: {e}"));
        }
        report.games += 1;
    }
    report
}
