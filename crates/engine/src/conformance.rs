//! The conformance kit: one call checks that a game keeps the whole contract.
//!
//! Every game's test suite calls [`check`] (and [`check_replay`], [`check_state_mutations`],
//! [`check_secrets`] and [`check_layout`]); a failure panics with the seed, the step and what
//! broke, so it can be reproduced.
//!
//! ```
//! use worlds_engine::{conformance, reference::ConnectFour, Config, Game};
//! let game = ConnectFour::new(&Config::players(2)).unwrap();
//! conformance::check(&game, &conformance::Settings { playouts: 20, ..Default::default() });
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use crate::chance::{SeededRng, derive_seed};
use crate::game::{Game, NoEvents, Turn};
use crate::play::{next_decider, random_playout};
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
fn reload<G: Game>(game: &G, state: &G::State) -> Result<G::State, String> {
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

// ----- mutated positions -----

/// What [`check_state_mutations`] saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MutationReport {
    /// Mutated positions tried.
    pub tried: usize,
    /// Of those, how many loaded (and so passed every check below).
    pub loaded: usize,
}

/// Every node of a JSON tree, as paths of object keys and array indices.
fn nodes(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(path.clone());
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                path.push(Value::String(k.clone()));
                nodes(child, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                path.push(Value::from(i));
                nodes(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn node_mut<'a>(root: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    let mut v = root;
    for key in path {
        v = match (v, key) {
            (Value::Object(m), Value::String(k)) => m.get_mut(k)?,
            (Value::Array(a), Value::Number(i)) => a.get_mut(usize::try_from(i.as_u64()?).ok()?)?,
            _ => return None,
        };
    }
    Some(v)
}

/// Every leaf value of a tree (to borrow realistic replacement values from).
fn leaves(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Object(m) => m.values().for_each(|c| leaves(c, out)),
        Value::Array(a) => a.iter().for_each(|c| leaves(c, out)),
        leaf => out.push(leaf.clone()),
    }
}

/// A changed value: realistic neighbours of numbers, other values of the position, case changes,
/// other types.
fn changed(v: &Value, pool: &[Value], rng: &mut SeededRng) -> Value {
    let pick = rng.below(pool.len().max(1) as u32) as usize;
    let borrowed = || pool.get(pick).cloned();
    match (v, rng.below(4)) {
        (Value::Number(n), 0 | 1) => {
            let x = n.as_i64().unwrap_or(0);
            let deltas = [1, -1, 2, -2, 100, 127, 128, 200, 255, 256, 1 << 20];
            let d = deltas[rng.below(deltas.len() as u32) as usize];
            if rng.below(2) == 0 { Value::from(x.saturating_add(d)) } else { Value::from(d) }
        }
        (Value::String(s), 0) => Value::String(s.to_uppercase()),
        (Value::String(s), 1) => Value::String(format!("{s}x")),
        (Value::Bool(b), 0 | 1) => Value::Bool(!b),
        (Value::Array(a), 0) if !a.is_empty() => {
            let mut a = a.clone();
            a.reverse();
            Value::Array(a)
        }
        (_, 2) => borrowed().unwrap_or(Value::Null),
        _ => [Value::Null, Value::from(0), Value::from(-1), Value::from("x"), Value::Array(Vec::new())]
            [rng.below(5) as usize]
            .clone(),
    }
}

/// One random mutation of a real position: drop a field or an element, duplicate one (a map entry
/// under another spelling of its key), change a value, or swap two elements.
fn mutate(root: &Value, rng: &mut SeededRng) -> Value {
    let mut out = root.clone();
    let mut all = Vec::new();
    nodes(root, &mut Vec::new(), &mut all);
    let mut pool = Vec::new();
    leaves(root, &mut pool);
    let path = all[rng.below(all.len() as u32) as usize].clone();
    let Some(parent_path) = path.split_last().map(|(_, p)| p.to_vec()) else {
        return changed(root, &pool, rng);
    };
    let Some(key) = path.last().cloned() else { return out };
    let kind = rng.below(4);
    let Some(parent) = node_mut(&mut out, &parent_path) else { return out };
    match (parent, key) {
        (Value::Object(m), Value::String(k)) => match kind {
            0 => {
                m.remove(&k);
            }
            1 => {
                if let Some(v) = m.get(&k).cloned() {
                    m.insert(k.to_uppercase(), v);
                }
            }
            _ => {
                if let Some(v) = m.get_mut(&k) {
                    *v = changed(v, &pool, rng);
                }
            }
        },
        (Value::Array(a), Value::Number(i)) => {
            let i = i.as_u64().and_then(|i| usize::try_from(i).ok()).unwrap_or(0).min(a.len().saturating_sub(1));
            match kind {
                0 if !a.is_empty() => {
                    a.remove(i);
                }
                1 if !a.is_empty() => {
                    let v = a[i].clone();
                    a.insert(i, v);
                }
                2 if a.len() > 1 => {
                    let j = rng.below(a.len() as u32) as usize;
                    a.swap(i, j);
                }
                _ => {
                    if let Some(v) = a.get_mut(i) {
                        *v = changed(v, &pool, rng);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// Feeds realistic bad input: positions from seeded random games, saved as JSON and mutated (a
/// field dropped, an element duplicated, a key spelled another way, a value changed). Whatever
/// loads must be a position the game can go on from: it saves and loads back equal and, unless the
/// game is over, everyone to decide has a legal action; then up to `follow` random actions are
/// applied through the checked path, each accepted, each leaving a state that loads back equal.
///
/// # Panics
/// On the first mutated position that loads but breaks one of these, with the JSON.
pub fn check_state_mutations<G: Game>(game: &G, seed: u64, positions: usize, follow: usize) -> MutationReport {
    let mut report = MutationReport::default();
    let mut rng = SeededRng::new(seed);
    let mut buf = Vec::new();
    for i in 0..positions {
        let (mut state, _) = game.new_game(&mut rng);
        let depth = rng.below(400) as usize;
        random_playout(game, &mut state, &mut rng, &mut buf, depth);
        let json = game.save_state(&state);
        let mutated = mutate(&json, &mut rng);
        report.tried += 1;
        let Ok(mut loaded) = game.load_state_value(mutated.clone()) else { continue };
        report.loaded += 1;
        let ctx = format!("{} mutation {i} (seed {seed})", G::info().id);
        let shown = serde_json::to_string(&mutated).unwrap_or_default();
        for step in 0..=follow {
            assert_eq!(
                reload(game, &loaded).as_ref(),
                Ok(&loaded),
                "{ctx}, {step} actions after loading: does not load back\n{shown}"
            );
            let turn = game.turn(&loaded);
            if turn.is_over() {
                assert!(game.outcome(&loaded).is_some(), "{ctx}: over without an outcome\n{shown}");
                break;
            }
            assert!(!turn.players().is_empty(), "{ctx}: nobody is to act\n{shown}");
            for p in turn.players().iter() {
                assert!(!game.legal_actions(&loaded, p).is_empty(), "{ctx}: {p} must act but cannot\n{shown}");
            }
            if step == follow {
                break;
            }
            let Some(p) = next_decider(turn) else { break };
            let legal = game.legal_actions(&loaded, p);
            let a = legal[rng.below(legal.len() as u32) as usize];
            if let Err(e) = game.apply(&mut loaded, p, a, &mut rng) {
                panic!("{ctx}, {step} actions after loading: legal {a:?} refused: {e}\n{shown}");
            }
        }
    }
    report
}

// ----- secrets -----

/// What [`check_secrets`] looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SecretsReport {
    pub games: usize,
    pub steps: usize,
    /// Secrets that existed (summed over steps and viewers), so a test can see the check had work.
    pub secrets: usize,
}

/// The leak test: over seeded random games, nothing any viewer may not know ([`Game::secrets`])
/// appears in that viewer's observation (its JSON at every step; its drawings — the board, the
/// compact board and every named view — at every seventh) or in the events that viewer may see
/// (text and the JSON clients get), for every seat and a spectator.
///
/// # Panics
/// On the first leak, naming the viewer, the secret and where it appeared.
pub fn check_secrets<G: Game>(game: &G, seed: u64, games: usize, max_steps: usize) -> SecretsReport {
    let mut report = SecretsReport::default();
    let n = game.num_players();
    let viewers: Vec<Viewer> = Player::all(n).map(Viewer::Player).chain([Viewer::Spectator]).collect();
    for g in 0..games {
        let game_seed = derive_seed(seed, g as u64);
        let (mut driver, mut events) = MatchDriver::new(game.clone(), game_seed);
        let mut bot = SeededRng::new(derive_seed(game_seed, 0xB07));
        for step in 0..=max_steps {
            let state = driver.state();
            for &viewer in &viewers {
                let secrets = game.secrets(state, viewer);
                report.secrets += secrets.len();
                if secrets.is_empty() {
                    continue;
                }
                let obs = game.observe(state, viewer);
                let mut seen: Vec<(&str, String)> =
                    vec![("observation", serde_json::to_string(&obs).unwrap_or_default())];
                // The drawings are made from the observation alone, so they can show only what it
                // holds, but perhaps in another form (a card's number drawn as its name): drawn at
                // every seventh step, which keeps the check fast and still meets every phase.
                if step % 7 == 0 {
                    let style = crate::game::Style::default();
                    seen.push(("board", game.render(&obs, style)));
                    seen.push(("compact board", game.render_compact(&obs, style)));
                    for v in G::info().views {
                        seen.push(("view", game.render_view(&obs, v.name, style).unwrap_or_default()));
                    }
                }
                for e in events.iter().filter(|e| e.visibility.visible_to(viewer)) {
                    seen.push(("event", game.describe_event(&e.event)));
                    seen.push(("event JSON", game.event_value(&e.event).to_string()));
                }
                for secret in &secrets {
                    for (what, text) in &seen {
                        assert!(
                            !text.contains(secret.as_str()),
                            "{} seed {game_seed} step {step}: {viewer} may not know `{secret}`, but it is in their {what}:\n{text}",
                            G::info().id
                        );
                    }
                }
            }
            report.steps += 1;
            let Some(p) = next_decider(driver.turn()) else { break };
            let legal = game.legal_actions(driver.state(), p);
            let a = legal[bot.below(legal.len() as u32) as usize];
            events = driver.apply(p, a).unwrap_or_else(|e| panic!("seed {game_seed}: {e}"));
        }
        report.games += 1;
    }
    report
}

// ----- the layout of a game crate -----

/// The modules a source file refers to through `crate::` (an item of the crate root counts as
/// `lib`).
fn references(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in source.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                group[..end].split(',').map(|item| item.trim()).collect()
            } else {
                vec![rest]
            };
            for name in names {
                let ident: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if ident.is_empty() {
                    continue;
                }
                let module = if ident.starts_with(char::is_uppercase) { "lib".to_owned() } else { ident };
                if !out.contains(&module) {
                    out.push(module);
                }
            }
        }
    }
    out
}

/// Checks the layout of a game crate (`docs/adding-a-game.md`): the files in `src` import each
/// other in one direction only, and none is longer than `max_lines`. `lib.rs` declares and uses
/// every module, so a module that refers to an item of the crate root (`crate::Game`) makes a
/// loop; other references are read from `crate::` paths.
///
/// # Errors
/// The first cycle found (as a path of modules) and every file that is too long.
pub fn check_layout(src: &Path, max_lines: usize) -> Result<(), String> {
    let mut graph: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    let entries = std::fs::read_dir(src).map_err(|e| format!("{}: {e}", src.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let lines = text.lines().count();
        if lines > max_lines {
            problems.push(format!("{} has {lines} lines (at most {max_lines})", path.display()));
        }
        let module = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let refs = references(&text).into_iter().filter(|m| *m != module).collect();
        graph.insert(module, refs);
    }
    let modules: Vec<String> = graph.keys().filter(|m| *m != "lib").cloned().collect();
    graph.entry("lib".to_owned()).or_default().extend(modules);
    // Depth-first search for a cycle.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(2) => return None,
            Some(1) => {
                let start = path.iter().position(|p| p == m).unwrap_or(0);
                let mut cycle = path[start..].to_vec();
                cycle.push(m.to_owned());
                return Some(cycle);
            }
            _ => {}
        }
        state.insert(m.to_owned(), 1);
        path.push(m.to_owned());
        for next in graph.get(m).into_iter().flatten() {
            if graph.contains_key(next)
                && let Some(c) = visit(next, graph, state, path)
            {
                return Some(c);
            }
        }
        path.pop();
        state.insert(m.to_owned(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut state, &mut Vec::new()) {
            problems.insert(0, format!("modules import each other in a loop: {}", cycle.join(" → ")));
            break;
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_read_paths_groups_and_root_items() {
        let src = "use crate::state::{State, Phase};\nuse crate::{action::Action, Woobieworld};\n// crate::view in a comment\nlet x = crate::flow::turn(s);";
        assert_eq!(references(src), ["state", "action", "lib", "flow"]);
    }

    #[test]
    fn a_loop_between_modules_is_found() {
        let dir = std::env::temp_dir().join(format!("worlds-layout-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod c;\npub struct Game;\n").unwrap();
        std::fs::write(dir.join("a.rs"), "use crate::b::B;\n").unwrap();
        std::fs::write(dir.join("b.rs"), "pub struct B;\n").unwrap();
        std::fs::write(dir.join("c.rs"), "use crate::a;\n").unwrap();
        assert_eq!(check_layout(&dir, 600), Ok(()));
        // b reaches back to the game in lib.rs, which uses a, which uses b.
        std::fs::write(dir.join("b.rs"), "use crate::Game;\npub struct B;\n").unwrap();
        let err = check_layout(&dir, 600).unwrap_err();
        assert_eq!(err, "modules import each other in a loop: a → b → lib → a");
        assert!(check_layout(&dir, 1).unwrap_err().contains("lines (at most 1)"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
