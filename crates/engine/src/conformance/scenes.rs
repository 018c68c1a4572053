//! Scenes keep their promises: every element id is unique, in the scene and in the table the
//! browser draws beside it (or in the table alone, for a game with no board), and every legal
//! action names elements that the acting player's scene or table holds (so the browser can offer
//! it as a click).

use crate::chance::{SeededRng, derive_seed};
use crate::game::Present;
use crate::play::next_decider;
use crate::player::{Player, Viewer};
use crate::record::MatchDriver;
use crate::scene::Kind;

/// What [`check_scenes`] looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScenesReport {
    /// Scenes, or tables of a game with no board, looked at.
    pub scenes: usize,
    /// Legal actions whose elements were found in the scene or the table.
    pub actions: usize,
}

/// Over seeded random games, at every step: each seat's and a spectator's scene and table
/// ([`crate::present::Table::ids`]) have unique ids between them, the scene's hands and piles
/// list only its cards, and each legal action of a player to decide names at least one element,
/// all of them in that player's scene or table.
///
/// # Panics
/// On the first broken promise, naming the step, the viewer and the element or action.
pub fn check_scenes<G: Present>(game: &G, seed: u64, games: usize, max_steps: usize) -> ScenesReport {
    let mut report = ScenesReport::default();
    let n = game.num_players();
    for g in 0..games {
        let game_seed = derive_seed(seed, g as u64);
        let (mut driver, _) = MatchDriver::new(game.clone(), game_seed);
        let mut bot = SeededRng::new(derive_seed(game_seed, 0x5CE));
        for step in 0..=max_steps {
            let state = driver.state();
            for viewer in Player::all(n).map(Viewer::Player).chain([Viewer::Spectator]) {
                let observation = game.observe(state, viewer);
                let (scene, table) =
                    (game.scene(&observation), crate::present::with_buttons(game, state, &observation, viewer));
                if scene.is_none() && table.is_none() {
                    return report;
                }
                report.scenes += 1;
                let scene = scene.unwrap_or(crate::scene::Scene { width: 0.0, height: 0.0, elements: Vec::new() });
                let mut ids = std::collections::HashSet::new();
                for e in &scene.elements {
                    assert!(ids.insert(e.id.clone()), "game {g} step {step}, {viewer:?}: two elements `{}`", e.id);
                }
                for id in table.map(|t| t.ids()).unwrap_or_default() {
                    let new = ids.insert(id.clone());
                    assert!(new, "game {g} step {step}, {viewer:?}: `{id}` is drawn twice (scene and table, or table)");
                }
                let card_ids: std::collections::HashSet<&str> = scene
                    .elements
                    .iter()
                    .filter(|c| matches!(c.kind, Kind::Card { .. }))
                    .map(|c| c.id.as_str())
                    .collect();
                for e in &scene.elements {
                    let Kind::Pile { cards, .. } = &e.kind else { continue };
                    for card in cards {
                        let is_card = card_ids.contains(card.as_str());
                        assert!(
                            is_card,
                            "game {g} step {step}, {viewer:?}: `{}` lists `{card}`, no card of the scene",
                            e.id
                        );
                    }
                }
                let Viewer::Player(p) = viewer else { continue };
                for action in game.legal_actions(state, p) {
                    let elements = game.action_elements(state, action);
                    let text = game.format_action(action);
                    assert!(!elements.is_empty(), "game {g} step {step}: `{text}` of {p} names no element");
                    for id in &elements {
                        assert!(
                            ids.contains(id),
                            "game {g} step {step}: `{text}` of {p} names `{id}`, which {p}'s scene and table lack"
                        );
                    }
                    report.actions += 1;
                }
            }
            let Some(p) = next_decider(driver.turn()) else { break };
            let legal = game.legal_actions(driver.state(), p);
            let action = legal[bot.below(legal.len() as u32) as usize];
            if let Err(e) = driver.apply(p, action) {
                panic!("game {g} step {step}: a legal action failed: {e}");
            }
        }
    }
    report
}
