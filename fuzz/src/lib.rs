//! Shared drivers of the fuzz targets: one generic function per property, called by each game's
//! target in `fuzz_targets/`.
//!
//! * [`actions`]: the fuzz input plays a match (a seed, then a sequence of choices) and checks that
//!   every listed action is accepted by the checked `apply`, and every unlisted action (or any action
//!   of a player who is not to act) is refused and changes nothing.
//! * [`state_json`]: a state reached by a seeded random game is saved as JSON, mutated as the input
//!   says (text or value), and loaded: whatever loads must round-trip and be playable.
//!
//! Set `WORLDS_FUZZ_TRACE=1` to print every step to stderr, e.g. when replaying a crash artifact with
//! `cargo fuzz run TARGET artifacts/TARGET/crash-…`: the trace is the reproduction.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use arbitrary::Unstructured;
use worlds_engine::{
    Config, Game, MAX_PLAYERS, NoEvents, Player, RuleError, RuleErrorKind, SeededRng, Style, Turn, Viewer,
    derive_seed, next_decider,
};

mod json_mutate;

pub use json_mutate::{mutate_text, mutate_value};

/// A hard cap on the steps one input may take, so a single run stays fast.
const MAX_STEPS: usize = 4000;

/// Whether to print each step (`WORLDS_FUZZ_TRACE` set to anything but `0`).
pub fn tracing() -> bool {
    static TRACE: OnceLock<bool> = OnceLock::new();
    *TRACE.get_or_init(|| std::env::var("WORLDS_FUZZ_TRACE").is_ok_and(|v| v != "0"))
}

macro_rules! trace {
    ($($arg:tt)*) => {
        if $crate::tracing() {
            eprintln!($($arg)*);
        }
    };
}

// ----- configs -----

/// How a target picks its config from the first input bytes.
#[derive(Clone, Copy, Debug)]
pub enum Variant {
    /// Always this variant.
    Fixed(&'static str),
    /// Any of the game's variants, chosen by the input.
    Any,
}

/// The config of a match: the player count (any the game allows), the variant and, when
/// `turn_caps` is set, sometimes a small `turn_cap` option so that short inputs reach the end of
/// the game.
pub fn pick_config<G: Game>(u: &mut Unstructured, variant: Variant, turn_caps: bool) -> Config {
    let info = G::info();
    let span = (info.max_players - info.min_players + 1) as u8;
    let b = u.arbitrary::<u8>().unwrap_or(0);
    let mut config = Config::players(info.min_players + usize::from(b % span));
    match variant {
        Variant::Fixed(v) => config = config.with_variant(v),
        Variant::Any => {
            let k = usize::from(b / span) % info.variants.len();
            config = config.with_variant(info.variants[k].id);
        }
    }
    if turn_caps {
        // Mostly the default cap; sometimes a short game (1–8 turns).
        let c = u.arbitrary::<u8>().unwrap_or(0);
        if c >= 0xc0 {
            config = config.with_option("turn_cap", u64::from(c % 8) + 1);
        }
    }
    config
}

/// The game for a config (built once per config and kept: loading content is not free).
pub fn game_for<G: Game>(config: &Config) -> G {
    thread_local! {
        static GAMES: RefCell<HashMap<String, Box<dyn std::any::Any>>> = RefCell::new(HashMap::new());
    }
    let key = format!("{}:{}", G::info().id, serde_json::to_string(config).unwrap_or_default());
    GAMES.with(|games| {
        let mut games = games.borrow_mut();
        let entry = games.entry(key).or_insert_with(|| {
            let game = G::new(config).unwrap_or_else(|e| panic!("config {config:?} refused: {e}"));
            Box::new(game)
        });
        entry.downcast_ref::<G>().cloned().unwrap_or_else(|| unreachable!("one type per key"))
    })
}

fn label<G: Game>(game: &G) -> String {
    let c = game.config();
    format!(
        "{} · {} players · variant {} · options {}",
        G::info().id,
        c.players,
        c.variant.as_deref().unwrap_or("default"),
        serde_json::Value::Object(c.options.clone())
    )
}

// ----- shared checks -----

/// `turn()` agrees with the legal lists and the outcome: every pending player has a legal action,
/// nobody else has one; the game is over exactly when there is an outcome.
pub fn check_turn<G: Game>(game: &G, state: &G::State, ctx: &dyn Fn() -> String) {
    let n = game.num_players();
    let turn = game.turn(state);
    let pending = turn.players();
    assert_eq!(turn.is_over(), game.outcome(state).is_some(), "turn {turn:?} disagrees with the outcome\n{}", ctx());
    if let Turn::Simultaneous(set) = turn {
        assert!(!set.is_empty(), "a simultaneous turn with nobody pending\n{}", ctx());
    }
    assert!(pending.iter().all(|p| p.index() < n), "pending seat out of range: {pending:?}\n{}", ctx());
    for p in Player::all(n) {
        let legal = game.legal_actions(state, p);
        if pending.contains(p) {
            assert!(!legal.is_empty(), "{p} must act ({turn:?}) but has no legal action\n{}", ctx());
        } else {
            assert!(legal.is_empty(), "{p} is not to act ({turn:?}) but has legal actions {legal:?}\n{}", ctx());
        }
    }
    let d = game.decision(state);
    assert!(!d.rule.is_empty() && !d.text.is_empty(), "the decision says nothing: {d:?}\n{}", ctx());
    if let Some(o) = game.outcome(state) {
        assert_eq!(o.ranks.len(), n, "outcome has the wrong number of seats: {o:?}\n{}", ctx());
    }
}

/// Applies a listed action through the checked `apply`: it must be accepted, agree with
/// `apply_unchecked` on the same random stream, and its code and notation must round-trip.
fn apply_legal<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut SeededRng,
    p: Player,
    a: G::Action,
    ctx: &dyn Fn() -> String,
) {
    let index = game.action_index(a);
    assert!(index < game.num_distinct_actions(), "{a:?} encodes to {index}, out of range\n{}", ctx());
    assert_eq!(game.action_from_index(index), Some(a), "{a:?} does not decode from {index}\n{}", ctx());
    let text = game.format_action(a);
    assert_eq!(game.parse_action(&text), Ok(a), "`{text}` does not parse back to {a:?}\n{}", ctx());
    trace!("  {p} plays `{text}` (code {index})");
    let mut fast = state.clone();
    let mut fast_rng = rng.clone();
    game.apply_unchecked(&mut fast, p, a, &mut fast_rng, &mut NoEvents);
    match game.apply(state, p, a, rng) {
        Ok(events) => {
            for e in &events {
                let _ = game.describe_event(&e.event);
            }
        }
        Err(e) => panic!("{p}: listed action {a:?} (`{text}`, code {index}) refused: {e:?}\n{}", ctx()),
    }
    assert!(fast == *state, "apply and apply_unchecked disagree on {p} {a:?}\n{}", ctx());
    assert!(fast_rng == *rng, "apply and apply_unchecked drew different random values on {p} {a:?}\n{}", ctx());
}

/// Tries an action the checked `apply` must refuse (not in `p`'s legal list, or `p` is not to
/// act): it is refused with the right kind of error, and the state and the random stream are
/// exactly unchanged.
fn expect_refused<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut SeededRng,
    p: Player,
    a: G::Action,
    ctx: &dyn Fn() -> String,
) {
    let before = state.clone();
    let rng_before = rng.clone();
    let turn = game.turn(state);
    trace!("  {p} tries {a:?} (code {}), must be refused", game.action_index(a));
    let result: Result<_, RuleError> = game.apply(state, p, a, rng);
    let e = match result {
        Ok(_) => panic!("{p} {a:?} (code {}) is not listed legal but was accepted\n{}", game.action_index(a), ctx()),
        Err(e) => e,
    };
    assert!(*state == before, "refusing {p} {a:?} changed the state\n{}", ctx());
    assert!(*rng == rng_before, "refusing {p} {a:?} drew random values\n{}", ctx());
    let want = if turn.is_over() {
        RuleErrorKind::GameOver
    } else if turn.players().contains(p) {
        RuleErrorKind::Illegal
    } else {
        RuleErrorKind::NotYourTurn
    };
    assert_eq!(e.kind, want, "{p} {a:?} refused as {:?}, expected {want:?}: {e:?}\n{}", e.kind, ctx());
    assert!(!e.rule.is_empty() && !e.message.is_empty(), "refusal of {p} {a:?} says nothing: {e:?}\n{}", ctx());
}

// ----- property 1: actions -----

/// What an action step did, for the reproduction printed on failure.
#[derive(Clone, Copy, Debug)]
enum Step {
    Legal(usize, usize),
    Refused(usize, usize),
}

/// The `<game>_actions` property (`turn_caps`: the game has a `turn_cap` option to shorten it).
/// Input: config bytes, an 8-byte seed, then a sequence of choices.
pub fn actions<G: Game>(data: &[u8], variant: Variant, turn_caps: bool) {
    let mut u = Unstructured::new(data);
    let config = pick_config::<G>(&mut u, variant, turn_caps);
    let game: G = game_for(&config);
    let seed = u.arbitrary::<u64>().unwrap_or(0);
    let mut rng = SeededRng::new(seed);
    // The bot that picks actions during a run of random steps: its own stream, so the game's
    // random values depend only on the seed and the actions.
    let mut bot = SeededRng::new(derive_seed(seed, 0xB07));
    let (mut state, _) = game.new_game(&mut rng);
    let n = game.num_players();
    let space = game.num_distinct_actions();
    let head = label(&game);
    trace!("{head} · seed {seed}");
    let steps: RefCell<Vec<Step>> = RefCell::new(Vec::new());
    let ctx = || {
        let steps = steps.borrow();
        let shown: Vec<String> = steps
            .iter()
            .map(|s| match *s {
                Step::Legal(p, a) => format!("P{}:{a}", p + 1),
                Step::Refused(p, a) => format!("(P{} refused {a})", p + 1),
            })
            .collect();
        format!("{head} · seed {seed} · {} steps (player:action code): {}", steps.len(), shown.join(" "))
    };
    check_turn(&game, &state, &ctx);

    let mut taken = 0;
    while taken < MAX_STEPS && !u.is_empty() {
        let turn = game.turn(&state);
        let op = u.arbitrary::<u8>().unwrap_or(0);
        if turn.is_over() {
            // A finished game refuses everything, from everyone.
            trace!("game over after {taken} actions");
            let p = Player::from_index(usize::from(op) % MAX_PLAYERS);
            let code = u.int_in_range(0..=space - 1).unwrap_or(0);
            if let Some(a) = game.action_from_index(code) {
                expect_refused(&game, &mut state, &mut rng, p, a, &ctx);
                steps.borrow_mut().push(Step::Refused(p.index(), code));
            }
            break;
        }
        let pending: Vec<Player> = turn.players().iter().collect();
        let p = pending[u.choose_index(pending.len()).unwrap_or(0)];
        let legal = game.legal_actions(&state, p);
        match op % 10 {
            // (a) A listed action chosen by the input.
            0..=3 => {
                let a = legal[u.choose_index(legal.len()).unwrap_or(0)];
                apply_legal(&game, &mut state, &mut rng, p, a, &ctx);
                steps.borrow_mut().push(Step::Legal(p.index(), game.action_index(a)));
                taken += 1;
                check_turn(&game, &state, &ctx);
            }
            // A run of 1–64 random listed actions (reaches deep positions with short inputs); before
            // each, the bot also tries one random code, which must be refused unless listed.
            4 => {
                let k = 1 + usize::from(u.arbitrary::<u8>().unwrap_or(0) % 64);
                for _ in 0..k {
                    let Some(p) = next_decider(game.turn(&state)) else { break };
                    let legal = game.legal_actions(&state, p);
                    let code = bot.below(space as u32) as usize;
                    try_code(&game, &mut state, &mut rng, p, code, &legal, &steps, &ctx);
                    let a = legal[bot.below(legal.len() as u32) as usize];
                    apply_legal(&game, &mut state, &mut rng, p, a, &ctx);
                    steps.borrow_mut().push(Step::Legal(p.index(), game.action_index(a)));
                    taken += 1;
                    check_turn(&game, &state, &ctx);
                }
            }
            // (b) Any action code, for a pending player: refused unless listed.
            5 | 6 => {
                let code = u.int_in_range(0..=space - 1).unwrap_or(0);
                try_code(&game, &mut state, &mut rng, p, code, &legal, &steps, &ctx);
            }
            // (b) A near miss: a listed action's code shifted a little (the same kind of action
            // with other arguments).
            7 => {
                let base = game.action_index(legal[u.choose_index(legal.len()).unwrap_or(0)]);
                let delta = i64::from(u.arbitrary::<i8>().unwrap_or(1));
                let code = (base as i64 + delta).rem_euclid(space as i64) as usize;
                try_code(&game, &mut state, &mut rng, p, code, &legal, &steps, &ctx);
            }
            // (b) Another seat (one that is not to act, or no seat at all) tries something: a
            // listed action of the pending player, or any code.
            _ => {
                let q = Player::from_index(u.int_in_range(0..=MAX_PLAYERS - 1).unwrap_or(0));
                if turn.players().contains(q) {
                    continue;
                }
                let code = if u.arbitrary::<bool>().unwrap_or(false) {
                    game.action_index(legal[u.choose_index(legal.len()).unwrap_or(0)])
                } else {
                    u.int_in_range(0..=space - 1).unwrap_or(0)
                };
                if let Some(a) = game.action_from_index(code) {
                    if q.index() < n {
                        assert!(
                            game.legal_actions(&state, q).is_empty(),
                            "{q} is not to act but has legal actions\n{}",
                            ctx()
                        );
                    }
                    expect_refused(&game, &mut state, &mut rng, q, a, &ctx);
                    steps.borrow_mut().push(Step::Refused(q.index(), code));
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn try_code<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut SeededRng,
    p: Player,
    code: usize,
    legal: &[G::Action],
    steps: &RefCell<Vec<Step>>,
    ctx: &dyn Fn() -> String,
) {
    let Some(a) = game.action_from_index(code) else { return };
    assert_eq!(game.action_index(a), code, "code {code} decodes to {a:?}, which encodes elsewhere\n{}", ctx());
    if legal.contains(&a) {
        return;
    }
    expect_refused(game, state, rng, p, a, ctx);
    steps.borrow_mut().push(Step::Refused(p.index(), code));
}

// ----- property 2: state JSON -----

/// The state saved and loaded back, through the JSON value and through the text.
fn reload<G: Game>(game: &G, state: &G::State) -> Result<G::State, String> {
    let saved = game.save_state(state);
    let by_text = game.load_state(&saved.to_string()).map_err(|e| format!("text: {e}"));
    let by_value = game.load_state_value(saved).map_err(|e| format!("value: {e}"));
    if by_text != by_value {
        return Err(format!("loading the text and the value disagree: {by_text:?} vs {by_value:?}"));
    }
    by_value
}

/// The `<game>_state_json` property (`turn_caps` as for [`actions`]). Input: config bytes, an 8-byte seed, a depth (random
/// actions played from the start), then the mutations to make to the saved JSON.
pub fn state_json<G: Game>(data: &[u8], variant: Variant, turn_caps: bool) {
    let mut u = Unstructured::new(data);
    let config = pick_config::<G>(&mut u, variant, turn_caps);
    let game: G = game_for(&config);
    let seed = u.arbitrary::<u64>().unwrap_or(0);
    let depth = usize::from(u.arbitrary::<u16>().unwrap_or(0) % 1500);
    let head = label(&game);
    trace!("{head} · seed {seed} · depth {depth}");

    let mut rng = SeededRng::new(seed);
    let (mut state, _) = game.new_game(&mut rng);
    let mut buf = Vec::new();
    let played = worlds_engine::random_playout(&game, &mut state, &mut rng, &mut buf, depth);

    // The unmutated state always round-trips exactly.
    let saved = game.save_state(&state);
    let text = saved.to_string();
    let ctx0 = || format!("{head} · seed {seed} · {played} random actions\n{text}");
    assert_eq!(reload(&game, &state).as_ref(), Ok(&state), "the saved state does not load back equal\n{}", ctx0());
    trace!("saved: {text}");

    // Mutate it as the input says: the JSON value, the text, or both.
    let mode = u.arbitrary::<u8>().unwrap_or(0) % 4;
    let (shown, loaded) = if mode < 2 {
        let mut value = saved.clone();
        let count = 1 + usize::from(u.arbitrary::<u8>().unwrap_or(0) % 6);
        for _ in 0..count {
            mutate_value(&mut value, &mut u);
        }
        let shown = value.to_string();
        let by_value = game.load_state_value(value);
        // The text of the same value loads the same way (both go through `from_setup`).
        let by_text = game.load_state(&shown);
        match (&by_value, &by_text) {
            (Ok(a), Ok(b)) => assert!(a == b, "a JSON value and its text load to different states\n{shown}"),
            (Err(_), Err(_)) => {}
            // Found here once: serde_json read a struct enum variant written as a list
            // (`{"last-standing":[0]}`) from text but not from a value; text now loads through a
            // value (crates/engine/src/json.rs, `parse_unique`).
            _ => panic!(
                "loading a JSON value and its text disagree: {:?} vs {:?}\n{shown}",
                by_value.as_ref().err(),
                by_text.as_ref().err()
            ),
        }
        (shown, by_value.or(by_text))
    } else {
        let mut bytes = text.clone().into_bytes();
        if mode == 3 {
            // Value mutations first, then text mutations.
            let mut value = saved.clone();
            mutate_value(&mut value, &mut u);
            bytes = value.to_string().into_bytes();
        }
        let count = 1 + usize::from(u.arbitrary::<u8>().unwrap_or(0) % 4);
        for _ in 0..count {
            mutate_text(&mut bytes, &mut u);
        }
        let shown = String::from_utf8_lossy(&bytes).into_owned();
        let loaded = game.load_state(&shown);
        (shown, loaded)
    };
    let Ok(loaded) = loaded else {
        trace!("refused: {}", loaded.err().map(|e| e.to_string()).unwrap_or_default());
        return;
    };
    trace!("loaded: {shown}");
    let follow = usize::from(u.arbitrary::<u8>().unwrap_or(0) % 8);
    check_loaded(&game, loaded, follow, &mut rng, &|| format!("{head} · mutated from seed {seed}, {played} actions:\n{shown}"));
}

/// A state that loaded from outside is one the game can go on from: it saves to JSON that loads
/// back equal, `turn()` agrees with the legal lists (so everyone to decide has a legal action),
/// every read-only method works on it, and `follow` legal actions apply, each leaving such a state.
pub fn check_loaded<G: Game>(
    game: &G,
    mut state: G::State,
    follow: usize,
    rng: &mut SeededRng,
    ctx: &dyn Fn() -> String,
) {
    let n = game.num_players();
    for step in 0..=follow {
        let at = || format!("{} action(s) after loading: {}", step, ctx());
        assert_eq!(reload(game, &state).as_ref(), Ok(&state), "the loaded state does not load back equal\n{}", at());
        let turn = game.turn(&state);
        if !turn.is_over() {
            assert!(!turn.players().is_empty(), "the game is not over but nobody is to act\n{}", at());
        }
        check_turn(game, &state, &at);
        // Every read-only method is total on a state that loaded.
        for p in Player::all(n) {
            let obs = game.observe(&state, Viewer::Player(p));
            let _ = game.render(&obs, Style::default());
            let mut t = vec![0.0; game.tensor_len()];
            game.write_tensor(&state, p, &mut t);
        }
        let _ = game.render(&game.observe(&state, Viewer::Spectator), Style::default());
        let Some(p) = next_decider(turn) else { break };
        let det = game.determinize(&state, p, &mut rng.clone());
        assert_eq!(reload(game, &det).as_ref(), Ok(&det), "a determinized state does not load back\n{}", at());
        if step == follow {
            break;
        }
        let legal = game.legal_actions(&state, p);
        let a = legal[rng.below(legal.len() as u32) as usize];
        apply_legal(game, &mut state, rng, p, a, &at);
    }
}
