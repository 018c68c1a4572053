//! A saved match to step through one step at a time (a browser's replay page): replayed once,
//! keeping the match every [`EVERY`] steps, so that any step is reached by replaying at most
//! [`EVERY`] actions from the nearest kept position, not the whole match.

use worlds_engine::{Logged, Match, MatchDriver, Present, ReplayError};

use crate::session::seen_step;
use crate::shown::{Audience, ReplayFrame};
use crate::{GameVisitor, RegistryError, with_game};

/// How many steps apart positions are kept.
pub const EVERY: usize = 32;

/// A saved match, ready to be shown at any step.
pub trait DynReplay: Send + Sync {
    /// The number of the last step (the number of actions).
    fn last(&self) -> usize;

    /// Step `step` as `audience` sees it (none past the end), and how many actions were replayed
    /// to reach it (at most [`EVERY`]).
    ///
    /// # Errors
    /// An action of the record that no longer applies (it did when the replay was made).
    fn frame(&self, audience: Audience, step: usize) -> Result<(Option<ReplayFrame>, usize), RegistryError>;
}

/// Replays `record` once, keeping a position every [`EVERY`] steps.
///
/// # Errors
/// An unknown game, a bad config, or an action of the log that does not apply.
pub fn replay_checkpoints(record: &Match) -> Result<Box<dyn DynReplay>, RegistryError> {
    struct Build<'a>(&'a Match);
    impl GameVisitor for Build<'_> {
        type Output = Result<Box<dyn DynReplay>, RegistryError>;
        fn visit<G: Present>(self, game: G) -> Self::Output {
            Ok(Box::new(Checkpoints::new(game, self.0)?))
        }
    }
    with_game(&record.game, &record.config, Build(record))?
}

struct Checkpoints<G: Present> {
    game: G,
    record: Match,
    /// The events of the setup (step 0).
    setup: Vec<Logged<G::Event>>,
    /// The match at steps 0, EVERY, 2 × EVERY, …
    kept: Vec<MatchDriver<G>>,
    /// `seqs[s]`: the sequence number of step `s`'s first event.
    seqs: Vec<usize>,
}

impl<G: Present> Checkpoints<G> {
    fn new(game: G, record: &Match) -> Result<Checkpoints<G>, RegistryError> {
        let mut head = record.clone();
        head.actions.clear();
        let mut setup = Vec::new();
        let mut driver = MatchDriver::resume(game.clone(), &head, |_, events| setup.extend(events))?;
        let mut kept = vec![driver.clone()];
        let mut seqs = vec![0, setup.len()];
        for step in 0..record.actions.len() {
            let events = apply(&mut driver, record, step)?;
            seqs.push(seqs[seqs.len() - 1] + events.len());
            if (step + 1) % EVERY == 0 {
                kept.push(driver.clone());
            }
        }
        seqs.pop();
        Ok(Checkpoints { game, record: record.clone(), setup, kept, seqs })
    }
}

/// Applies action `step` of `record` (with the random values scripted before it).
fn apply<G: Present>(
    driver: &mut MatchDriver<G>,
    record: &Match,
    step: usize,
) -> Result<Vec<Logged<G::Event>>, ReplayError> {
    for s in record.scripted.iter().filter(|s| s.before == step) {
        driver.script(s.values.clone());
    }
    let entry = &record.actions[step];
    driver.apply_text(entry.player, &entry.action).map_err(|error| ReplayError::Action {
        step,
        player: entry.player,
        action: entry.action.clone(),
        error,
    })
}

impl<G: Present> DynReplay for Checkpoints<G> {
    fn last(&self) -> usize {
        self.record.actions.len()
    }

    fn frame(&self, audience: Audience, step: usize) -> Result<(Option<ReplayFrame>, usize), RegistryError> {
        if step > self.last() {
            return Ok((None, 0));
        }
        let game = &self.game;
        let seq = self.seqs[step];
        let (driver, (player, action, seen), applied) = match step.checked_sub(1) {
            None => (self.kept[0].clone(), seen_step(game, audience, None, None, &self.setup, seq), 0),
            Some(k) => {
                // From the position kept at or before step k, to step k, then its action.
                let from = k / EVERY;
                let mut driver = self.kept[from].clone();
                for j in from * EVERY..k {
                    apply(&mut driver, &self.record, j)?;
                }
                let before = driver.state().clone();
                let events = apply(&mut driver, &self.record, k)?;
                let seen = seen_step(game, audience, Some(&before), self.record.actions.get(k), &events, seq);
                (driver, seen, k - from * EVERY + 1)
            }
        };
        let state = driver.state();
        let observation = game.observe(state, audience.viewer());
        let scene = game.scene(&observation).and_then(|s| serde_json::to_value(s).ok());
        let table = game.table(&observation).and_then(|t| serde_json::to_value(t).ok());
        let frame = ReplayFrame { player, action, events: seen, decision: game.decision(state).text, scene, table };
        Ok((Some(frame), applied))
    }
}

#[cfg(test)]
mod tests {
    use worlds_engine::{Config, Player, Viewer};

    use super::{EVERY, replay_checkpoints};
    use crate::Audience;

    /// Every step of a long match, shown from the kept positions, is the step the full replay
    /// shows, reached by replaying at most EVERY actions.
    #[test]
    fn each_step_is_the_full_replays_step_for_every_audience() {
        // World Dumbination: long, and with simultaneous secret choices (shown only to their player).
        let (mut session, _) = crate::open("world-dumbination", &Config::players(3), 7).unwrap();
        let mut rng = worlds_engine::SeededRng::new(3);
        while session.turn() != worlds_engine::Turn::Over && session.record().actions.len() < 3 * EVERY + 5 {
            let p = session.turn().players().iter().next().unwrap();
            let legal = session.legal(p);
            let pick = &legal[rng.below(legal.len() as u32) as usize];
            session.apply(p, &pick.text).unwrap();
        }
        let record = session.record().clone();
        let replay = replay_checkpoints(&record).unwrap();
        assert_eq!(replay.last(), record.actions.len());
        for audience in [
            Audience::All,
            Audience::Viewer(Viewer::Spectator),
            Audience::Viewer(Viewer::Player(Player::from_index(1))),
        ] {
            for step in 0..=replay.last() + 1 {
                let (frame, applied) = replay.frame(audience, step).unwrap();
                let (full, last) = crate::replay_frame(&record, audience, step).unwrap();
                assert_eq!(last, replay.last());
                assert_eq!(frame, full, "step {step}");
                assert!(applied <= EVERY, "step {step}: {applied} actions replayed");
            }
        }
    }
}
