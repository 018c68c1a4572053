//! The conformance kit: one call checks that a game keeps the whole contract.
//!
//! Every game's test suite calls [`check`] (and [`check_replay`], [`check_state_mutations`],
//! [`check_secrets`], [`check_secret_choices`], [`check_observation_is_information`] and
//! [`check_layout`]); a failure panics with the seed, the step and what
//! broke, so it can be reproduced.
//!
//! ```
//! use worlds_engine::{conformance, reference::ConnectFour, Config, Game};
//! let game = ConnectFour::new(&Config::players(2)).unwrap();
//! conformance::check(&game, &conformance::Settings { playouts: 20, ..Default::default() });
//! ```

use std::fmt::Write as _;

use crate::chance::{SeededRng, derive_seed};
use crate::game::{Game, NoEvents, Turn};
use crate::play::next_decider;
use crate::player::{Player, Viewer};
use crate::record::{MatchDriver, replay};

/// How hard to check.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Seed of the first playout; playout `i` uses `derive_seed(seed, i)`.
    pub seed: u64,
    /// Random playouts to run to the end.
    pub playouts: usize,
    /// Of those, how many get the expensive checks at every step (every action applied, illegal
    /// actions refused, JSON round trip, determinization).
    pub deep_playouts: usize,
    /// A playout longer than this fails ("every game ends").
    pub max_steps: usize,
    /// Illegal actions tried per deep step when the action space is too large to try them all.
    pub illegal_samples: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { seed: 0, playouts: 1000, deep_playouts: 20, max_steps: 100_000, illegal_samples: 64 }
    }
}

/// What the kit saw, for a test to print or assert on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub playouts: usize,
    pub actions: usize,
    pub longest: usize,
    /// How often each seat was among the winners.
    pub wins: Vec<usize>,
    pub shared: usize,
}

/// Runs every contract check on `settings.playouts` seeded random playouts.
///
/// # Panics
/// When the game breaks the contract, with the seed and step to reproduce it.
pub fn check<G: Game>(game: &G, settings: &Settings) -> Report {
    let n = game.num_players();
    let mut report = Report { wins: vec![0; n], ..Report::default() };
    for i in 0..settings.playouts {
        let seed = derive_seed(settings.seed, i as u64);
        let deep = i < settings.deep_playouts;
        let steps = playout(game, seed, deep, settings, &mut report);
        report.playouts += 1;
        report.actions += steps;
        report.longest = report.longest.max(steps);
    }
    report
}

fn playout<G: Game>(game: &G, seed: u64, deep: bool, settings: &Settings, report: &mut Report) -> usize {
    let mut rng = SeededRng::new(seed);
    let (mut state, _) = game.new_game(&mut rng);
    let ctx = |step: usize| format!("{} seed {seed} step {step}", G::info().id);
    assert_eq!(reload(game, &state), Ok(state.clone()), "{}: the start state does not load back", ctx(0));
    let mut legal = Vec::new();
    for step in 0..=settings.max_steps {
        let turn = game.turn(&state);
        check_turn(game, &state, turn, &ctx(step));
        if turn == Turn::Over {
            let outcome = game.outcome(&state).unwrap_or_else(|| panic!("{}: over without an outcome", ctx(step)));
            for p in outcome.winners().iter() {
                report.wins[p.index()] += 1;
            }
            report.shared += usize::from(outcome.is_shared());
            return step;
        }
        if deep {
            deep_checks(game, &state, turn, settings, &mut rng, &ctx(step));
        }
        let player = next_decider(turn).unwrap_or_else(|| panic!("{}: nobody to act", ctx(step)));
        legal.clear();
        game.legal_actions_into(&state, player, &mut legal);
        let action = legal[rng.below(legal.len() as u32) as usize];

        // Checked and unchecked application agree, on the same random stream.
        let mut fast = state.clone();
        let mut fast_rng = rng.clone();
        game.apply_unchecked(&mut fast, player, action, &mut fast_rng, &mut NoEvents);
        let events = game
            .apply(&mut state, player, action, &mut rng)
            .unwrap_or_else(|e| panic!("{}: legal action {action:?} refused: {e}", ctx(step)));
        assert_eq!(fast, state, "{}: apply and apply_unchecked disagree on {action:?}", ctx(step));
        assert!(rng == fast_rng, "{}: apply and apply_unchecked drew different random values", ctx(step));
        for e in &events {
            let _ = game.describe_event(&e.event);
        }
    }
    panic!("{}: the game did not end within {} actions", ctx(settings.max_steps), settings.max_steps);
}

/// The state saved as JSON and loaded back through the game's checks.
pub(crate) fn reload<G: Game>(game: &G, state: &G::State) -> Result<G::State, String> {
    game.load_state_value(game.save_state(state)).map_err(|e| e.to_string())
}

fn check_turn<G: Game>(game: &G, state: &G::State, turn: Turn, ctx: &str) {
    let n = game.num_players();
    let pending = turn.players();
    assert_eq!(turn == Turn::Over, game.outcome(state).is_some(), "{ctx}: turn {turn:?} disagrees with outcome");
    let decision = game.decision(state);
    assert!(!decision.rule.is_empty() && !decision.text.is_empty(), "{ctx}: the decision says nothing: {decision:?}");
    if let Turn::Simultaneous(set) = turn {
        assert!(!set.is_empty(), "{ctx}: a simultaneous turn with nobody pending");
    }
    for p in Player::all(n) {
        let legal = game.legal_actions(state, p);
        if pending.contains(p) {
            assert!(!legal.is_empty(), "{ctx}: {p} must act but has no legal action");
        } else {
            assert!(legal.is_empty(), "{ctx}: {p} is not pending but has legal actions {legal:?}");
        }
    }
    assert!(pending.iter().all(|p| p.index() < n), "{ctx}: pending seat out of range {pending:?}");
    if let Some(outcome) = game.outcome(state) {
        assert_eq!(outcome.ranks.len(), n, "{ctx}: outcome has the wrong number of seats");
        assert!(outcome.ranks.values().all(|&r| r >= 1 && usize::from(r) <= n), "{ctx}: bad ranks {outcome:?}");
        let total: f64 = outcome.returns.values().sum();
        assert!((0.0..=1.0 + 1e-9).contains(&total), "{ctx}: returns sum to {total}");
    }
}

fn deep_checks<G: Game>(game: &G, state: &G::State, turn: Turn, settings: &Settings, rng: &mut SeededRng, ctx: &str) {
    let n = game.num_players();
    let pending = turn.players();

    // JSON round trip, through validation.
    let json = game.save_state(state).to_string();
    let back = game.load_state(&json).unwrap_or_else(|e| panic!("{ctx}: state does not load back: {e}\n{json}"));
    assert_eq!(&back, state, "{ctx}: JSON round trip changed the state");

    // One player's simultaneous choice never changes what another pending player may do.
    if let Turn::Simultaneous(set) = turn {
        for p in set.iter() {
            for a in game.legal_actions(state, p) {
                let mut after = state.clone();
                game.apply_unchecked(&mut after, p, a, &mut rng.clone(), &mut NoEvents);
                for q in set.iter().filter(|&q| q != p) {
                    assert!(
                        game.turn(&after).players().contains(q),
                        "{ctx}: {p} choosing {a:?} ended {q}'s pending simultaneous decision"
                    );
                    assert_eq!(
                        game.legal_actions(&after, q),
                        game.legal_actions(state, q),
                        "{ctx}: {p} choosing {a:?} changed what {q} may choose"
                    );
                }
            }
        }
    }

    for p in Player::all(n) {
        let legal = game.legal_actions(state, p);
        for &a in &legal {
            // Every legal action checks, encodes and prints round-trip, and applies.
            assert_eq!(game.check(state, p, a), Ok(()), "{ctx}: {p} {a:?} is listed legal but refused");
            let index = game.action_index(a);
            assert!(index < game.num_distinct_actions(), "{ctx}: {a:?} encodes to {index}, out of range");
            assert_eq!(game.action_from_index(index), Some(a), "{ctx}: {a:?} does not decode from {index}");
            let text = game.format_action(a);
            assert_eq!(game.parse_action(&text), Ok(a), "{ctx}: `{text}` does not parse back to {a:?}");
            let mut child = state.clone();
            let mut r = rng.clone();
            game.apply_unchecked(&mut child, p, a, &mut r, &mut NoEvents);
        }
        // Illegal actions are refused and change nothing.
        let space = game.num_distinct_actions();
        let candidates: Vec<usize> = if space <= 4 * settings.illegal_samples.max(1) {
            (0..space).collect()
        } else {
            (0..settings.illegal_samples).map(|_| rng.below(space as u32) as usize).collect()
        };
        for index in candidates {
            let Some(a) = game.action_from_index(index) else { continue };
            if legal.contains(&a) {
                continue;
            }
            let mut tried = state.clone();
            let mut r = rng.clone();
            let result = game.apply(&mut tried, p, a, &mut r);
            assert!(result.is_err(), "{ctx}: {p} {a:?} is not listed legal but was accepted");
            assert_eq!(&tried, state, "{ctx}: refusing {p} {a:?} changed the state");
            let kind = result.err().map(|e| e.kind);
            if !pending.contains(p) {
                assert_ne!(
                    kind,
                    Some(crate::error::RuleErrorKind::Illegal),
                    "{ctx}: {p} is not to act, but {a:?} was refused as illegal, not as out of turn"
                );
            } else {
                assert_eq!(
                    kind,
                    Some(crate::error::RuleErrorKind::Illegal),
                    "{ctx}: {p} must act, but {a:?} was not refused as illegal"
                );
            }
        }

        // Determinization is indistinguishable to the viewer.
        let det = game.determinize(state, p, rng);
        assert_eq!(reload(game, &det), Ok(det.clone()), "{ctx}: determinized state for {p} does not load back");
        let viewer = Viewer::Player(p);
        assert_eq!(
            game.observe(&det, viewer),
            game.observe(state, viewer),
            "{ctx}: determinization for {p} changes what {p} observes"
        );
        let len = game.tensor_len();
        let (mut t1, mut t2) = (vec![0.0; len], vec![0.0; len]);
        game.write_tensor(state, p, &mut t1);
        game.write_tensor(&det, p, &mut t2);
        assert_eq!(t1, t2, "{ctx}: determinization for {p} changes {p}'s tensor");
        assert!(t1.iter().all(|v| v.is_finite()), "{ctx}: tensor has non-finite values");
        assert_eq!(game.legal_actions(&det, p), legal, "{ctx}: determinization for {p} changes {p}'s legal actions");
        assert_eq!(
            game.turn(&det).players().contains(p),
            pending.contains(p),
            "{ctx}: determinization changes whether {p} acts"
        );
    }
    let _ = game.observe(state, Viewer::Spectator);
}

/// Plays `matches` random matches through a [`MatchDriver`] and checks that replaying each one's
/// record (also after a JSON round trip) reproduces every state and every event.
///
/// # Panics
/// On the first difference, with the seed and step.
pub fn check_replay<G: Game>(game: &G, seed: u64, matches: usize, max_steps: usize) {
    for i in 0..matches {
        let match_seed = derive_seed(seed, i as u64);
        let (mut driver, setup) = MatchDriver::new(game.clone(), match_seed);
        let mut states = vec![driver.state().clone()];
        let mut events = vec![setup];
        let mut bot = SeededRng::new(derive_seed(match_seed, 0xB07));
        let mut legal = Vec::new();
        for _ in 0..max_steps {
            let Some(p) = next_decider(driver.turn()) else { break };
            legal.clear();
            game.legal_actions_into(driver.state(), p, &mut legal);
            let a = legal[bot.below(legal.len() as u32) as usize];
            events.push(driver.apply(p, a).unwrap_or_else(|e| panic!("seed {match_seed}: {e}")));
            states.push(driver.state().clone());
        }
        let json = serde_json::to_string(driver.record()).expect("matches serialize");
        let record = serde_json::from_str(&json).expect("matches load");
        let replayed = replay(game, &record).unwrap_or_else(|e| panic!("seed {match_seed}: replay failed: {e}"));
        for (step, (a, b)) in states.iter().zip(&replayed.states).enumerate() {
            assert_eq!(a, b, "seed {match_seed}: replay differs at state {step}");
        }
        assert_eq!(states.len(), replayed.states.len(), "seed {match_seed}: replay has a different length");
        assert_eq!(events, replayed.events, "seed {match_seed}: replay produced different events");
    }
}

/// Plays one seeded random game and writes its full text log: every action in notation and every
/// event, as a golden playthrough to check in.
pub fn playthrough<G: Game>(game: &G, seed: u64, max_steps: usize) -> String {
    let (mut driver, setup) = MatchDriver::new(game.clone(), seed);
    let mut out = String::new();
    let variant = G::info().check(game.config()).map_or("?", |v| v.id);
    let _ = writeln!(out, "# {} · {} players · variant {variant} · seed {seed}", G::info().id, game.num_players());
    for e in &setup {
        let _ = writeln!(out, "  {}", game.describe_event(&e.event));
    }
    let mut bot = SeededRng::new(derive_seed(seed, 0xB07));
    for step in 1..=max_steps {
        let Some(p) = next_decider(driver.turn()) else { break };
        let legal = game.legal_actions(driver.state(), p);
        let a = legal[bot.below(legal.len() as u32) as usize];
        let _ = writeln!(out, "{step:>4}. {p}: {}", game.format_action(a));
        for e in driver.apply(p, a).unwrap_or_else(|e| panic!("{e}")) {
            let _ = writeln!(out, "      {}", game.describe_event(&e.event));
        }
    }
    match driver.outcome() {
        Some(o) => {
            let _ = writeln!(out, "result: ranks {:?}, scores {:?}", o.ranks.as_slice(), o.scores.as_slice());
        }
        None => {
            let _ = writeln!(out, "result: unfinished after {max_steps} actions");
        }
    }
    out
}

mod information;
mod layout;
mod mutations;
mod pages;
mod scenes;
mod secrets;

pub use information::{InformationReport, check_observation_is_information, check_secret_choices};
pub use layout::{check_file_lengths, check_layout};
pub use mutations::{
    ActionInvariant, Draw, Invariant, MutationReport, MutationSettings, OwnMutation, check_state_mutations,
    check_state_mutations_with,
};
pub use pages::{check_generated_page, fill_generated};
pub use scenes::{ScenesReport, check_scenes};
pub use secrets::{SecretsReport, check_secrets};
