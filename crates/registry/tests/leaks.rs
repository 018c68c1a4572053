//! The leak test, at the layer the command line, the protocol and a server use: over a thousand
//! random games of every registered game with hidden information, nothing a viewer may not know
//! (`Game::secrets`: the cards in other hands, others' face-down choices) reaches that viewer
//! through the session: not in the events it is served (`events_for`), not in its observation,
//! not in its terminal view.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Player, Present, SeededRng, Style, Viewer, derive_seed, next_decider};
use worlds_registry::{Audience, DynSession, DynView, GameVisitor, Session};

/// Plays `games` random games of one configuration; returns (games, steps, secrets checked).
struct Leaks {
    games: usize,
    seed: u64,
    /// Observations and views are checked every this many steps (events at every step).
    every: usize,
}

fn check(viewer: Viewer, secrets: &[String], what: &str, text: &str, ctx: &str) {
    for secret in secrets {
        assert!(
            !text.contains(secret.as_str()),
            "{ctx}: {viewer} may not know `{secret}`, but it is in their {what}:\n{text}"
        );
    }
}

impl GameVisitor for Leaks {
    type Output = (usize, usize, usize);
    fn visit<G: Present>(self, game: G) -> Self::Output {
        let n = game.num_players();
        let viewers: Vec<Viewer> = Player::all(n).map(Viewer::Player).chain([Viewer::Spectator]).collect();
        let (mut steps, mut checked) = (0, 0);
        for g in 0..self.games {
            let seed = derive_seed(self.seed, g as u64);
            let mut session = Session::new(game.clone(), seed);
            let mut bot = SeededRng::new(derive_seed(seed, 1));
            let mut next_seq = vec![0usize; viewers.len()];
            for step in 0.. {
                let state = session.driver().state().clone();
                let ctx = format!("{} seed {seed} step {step}", G::info().id);
                for (k, &viewer) in viewers.iter().enumerate() {
                    let secrets = game.secrets(&state, viewer);
                    checked += secrets.len();
                    for e in session.events_for(Audience::Viewer(viewer), next_seq[k]) {
                        check(viewer, &secrets, "events", &serde_json::to_string(&e).unwrap(), &ctx);
                    }
                    next_seq[k] = session.event_count();
                    if step % self.every == 0 {
                        check(viewer, &secrets, "observation", &session.observe(viewer).to_string(), &ctx);
                        check(viewer, &secrets, "view", &session.render(viewer, Style::default()), &ctx);
                    }
                }
                let Some(p) = next_decider(session.turn()) else { break };
                let legal = session.legal_indices(p);
                let code = legal[bot.below(legal.len() as u32) as usize];
                session.apply_index(p, code).unwrap();
                steps += 1;
            }
        }
        (self.games, steps, checked)
    }
}

/// Every game with hidden information, in its default variant (`default`) or in every other one,
/// at every player count: 100 games each.
fn variants(default: bool) -> usize {
    let mut total = 0;
    for info in worlds_registry::games().into_iter().filter(|info| info.hidden_information) {
        let chosen = if default { &info.variants[..1] } else { &info.variants[1..] };
        for (variant, players) in chosen.iter().flat_map(|v| (info.min_players..=info.max_players).map(move |p| (v, p)))
        {
            let config = Config::players(players).with_variant(variant.id);
            let leaks = Leaks { games: 100, seed: players as u64, every: 10 };
            let (games, steps, checked) = worlds_registry::with_game(info.id, &config, leaks).unwrap();
            assert!(steps > 50 * games, "{} {} {players}p: only {steps} steps", info.id, variant.id);
            assert!(checked > 20 * steps, "{} {} {players}p: only {checked} secrets checked", info.id, variant.id);
            total += games;
        }
    }
    total
}

#[test]
fn no_hidden_card_reaches_a_viewer_through_the_session_in_default_variants() {
    assert!(variants(true) >= 500);
}

#[test]
fn no_hidden_card_reaches_a_viewer_through_the_session_in_other_variants() {
    assert!(variants(false) >= 500);
}
