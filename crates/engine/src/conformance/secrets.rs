//! The leak test: nothing a viewer may not know reaches them.

use crate::chance::{SeededRng, derive_seed};
use crate::game::Present;
use crate::play::next_decider;
use crate::player::{Player, Viewer};
use crate::record::MatchDriver;

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
/// compact board, every named view and the scene — at every seventh) or in the events that viewer may see
/// (text and the JSON clients get), for every seat and a spectator.
///
/// # Panics
/// On the first leak, naming the viewer, the secret and where it appeared.
pub fn check_secrets<G: Present>(game: &G, seed: u64, games: usize, max_steps: usize) -> SecretsReport {
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
                    if let Some(scene) = game.scene(&obs) {
                        seen.push(("scene", serde_json::to_string(&scene).unwrap_or_default()));
                    }
                    if let Some(table) = game.table(&obs) {
                        seen.push(("table", serde_json::to_string(&table).unwrap_or_default()));
                        seen.push(("table drawn", table.draw(viewer.player(), 80, style)));
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
