//! What every object-safe holder of a position offers, whatever the game and whatever else it
//! keeps (a match's record and events in [`crate::DynSession`], a bare position with its own
//! random stream in [`crate::DynPosition`]): who is to act and on what, the result, what a viewer
//! may know as JSON, tensors and drawings. Written once here, for anything that holds a game and
//! one of its states ([`Holds`]).

use serde_json::Value;
use worlds_engine::present::Table;
use worlds_engine::{Config, Decision, Game, GameInfo, Outcome, Player, Present, Style, Turn, Viewer};

/// One position of some game, read-only, behind an object-safe interface.
pub trait DynView {
    fn info(&self) -> &'static GameInfo;
    fn config(&self) -> &Config;
    fn num_players(&self) -> usize;
    fn turn(&self) -> Turn;
    /// Who must decide what, in the game's words (or how it ended).
    fn decision(&self) -> Decision;
    fn outcome(&self) -> Option<Outcome>;
    /// How many action codes the game has (codes are `0..num_distinct_actions()`).
    fn num_distinct_actions(&self) -> usize;
    /// The length of [`DynView::write_tensor`]'s output.
    fn tensor_len(&self) -> usize;
    /// `player`'s observation as numbers, for learning agents, into `out`
    /// ([`DynView::tensor_len`] long).
    fn write_tensor(&self, player: Player, out: &mut [f32]);
    /// `player`'s observation as numbers, in a new vector.
    fn observation_tensor(&self, player: Player) -> Vec<f32> {
        let mut out = vec![0.0; self.tensor_len()];
        self.write_tensor(player, &mut out);
        out
    }
    /// What `viewer` may know, as JSON.
    fn observe(&self, viewer: Viewer) -> Value;
    /// The terminal view for `viewer`: the whole board.
    fn render(&self, viewer: Viewer, style: Style) -> String;
    /// The compact drawing for an 80×24 terminal ([`worlds_engine::Present::render_compact`]).
    fn render_compact(&self, viewer: Viewer, style: Style) -> String;
    /// The game's extra drawing `name` for `viewer` (`None` for a name it does not have).
    fn render_view(&self, viewer: Viewer, name: &str, style: Style) -> Option<String>;
    /// What `viewer` sees apart from the board ([`worlds_engine::Present::table`]), if the game
    /// describes it.
    fn table(&self, viewer: Viewer) -> Option<Table>;
    /// What `viewer` may not know now, as the texts a leak would show.
    fn secrets(&self, viewer: Viewer) -> Vec<String>;
}

/// A holder of a game and one of its states: all [`DynView`] needs.
pub(crate) trait Holds {
    type Game: Present;
    fn game(&self) -> &Self::Game;
    fn state(&self) -> &<Self::Game as Game>::State;
}

impl<T: Holds> DynView for T {
    fn info(&self) -> &'static GameInfo {
        <T::Game as Game>::info()
    }

    fn config(&self) -> &Config {
        self.game().config()
    }

    fn num_players(&self) -> usize {
        self.game().num_players()
    }

    fn turn(&self) -> Turn {
        self.game().turn(self.state())
    }

    fn decision(&self) -> Decision {
        self.game().decision(self.state())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game().outcome(self.state())
    }

    fn num_distinct_actions(&self) -> usize {
        self.game().num_distinct_actions()
    }

    fn tensor_len(&self) -> usize {
        self.game().tensor_len()
    }

    fn write_tensor(&self, player: Player, out: &mut [f32]) {
        self.game().write_tensor(self.state(), player, out);
    }

    fn observe(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.game().observe(self.state(), viewer)).unwrap_or(Value::Null)
    }

    fn render(&self, viewer: Viewer, style: Style) -> String {
        let game = self.game();
        game.render(&game.observe(self.state(), viewer), style)
    }

    fn render_compact(&self, viewer: Viewer, style: Style) -> String {
        let game = self.game();
        game.render_compact(&game.observe(self.state(), viewer), style)
    }

    fn render_view(&self, viewer: Viewer, name: &str, style: Style) -> Option<String> {
        let game = self.game();
        game.render_view(&game.observe(self.state(), viewer), name, style)
    }

    fn table(&self, viewer: Viewer) -> Option<Table> {
        let game = self.game();
        game.table(&game.observe(self.state(), viewer))
    }

    fn secrets(&self, viewer: Viewer) -> Vec<String> {
        self.game().secrets(self.state(), viewer)
    }
}
