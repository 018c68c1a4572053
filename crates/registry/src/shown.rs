//! What a session hands out, game by game alike: whom events are for ([`Audience`]), events,
//! legal actions and replay steps as viewers get them, and why an undo or a bot's move fails.

use serde::Serialize;
use serde_json::Value;
use worlds_engine::{Player, Viewer, Visibility};

/// Who events and views are for: one viewer (a seat or a spectator), or everything (tools and
/// tests that hold the whole match anyway).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Audience {
    /// Every event, whoever may see it.
    All,
    Viewer(Viewer),
}

impl Audience {
    /// Whether an event with this visibility reaches the audience.
    pub fn sees(self, visibility: Visibility) -> bool {
        match self {
            Audience::All => true,
            Audience::Viewer(v) => visibility.visible_to(v),
        }
    }

    /// The viewer whose observation this audience gets (everything: a spectator's view).
    pub fn viewer(self) -> Viewer {
        match self {
            Audience::All => Viewer::Spectator,
            Audience::Viewer(v) => v,
        }
    }
}

impl From<Viewer> for Audience {
    fn from(v: Viewer) -> Audience {
        Audience::Viewer(v)
    }
}

impl From<Player> for Audience {
    fn from(p: Player) -> Audience {
        Audience::Viewer(Viewer::Player(p))
    }
}

/// An event as the dynamic layer reports it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct EventView {
    /// Its place in the match's event log, from 0 (setup events first): a client that has seen
    /// up to `seq` asks for the events since `seq + 1`.
    pub seq: usize,
    /// One line of English.
    pub text: String,
    /// The game's own event, as JSON.
    pub event: Value,
    pub visibility: Visibility,
}

/// One legal action, for menus and the protocol.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LegalAction {
    /// Text notation, accepted back by [`DynSession::apply`].
    pub text: String,
    /// The stable integer code, accepted back by [`DynSession::apply_index`].
    pub index: usize,
    /// A note for people (e.g. the odds of an attack).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The scene elements it belongs to (a click on one takes it); filled by
    /// [`DynSession::legal_in_scene`] only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub elements: Vec<String>,
}

/// One step of a replayed match: the action, what it caused, and the view after it.
#[derive(Clone, PartialEq, Debug)]
pub struct ReplayStep {
    /// `None` for the starting position.
    pub player: Option<Player>,
    /// `None` for the starting position, and for another player's secret simultaneous choice.
    pub action: Option<String>,
    /// The events of the step its audience may see.
    pub events: Vec<EventView>,
    pub view: String,
}

/// One step of a replayed match for a browser: the action, what it caused, what is decided next,
/// and the scene after it.
#[derive(Clone, PartialEq, Debug)]
pub struct ReplayFrame {
    /// `None` for the starting position.
    pub player: Option<Player>,
    /// `None` for the starting position, and for another player's secret simultaneous choice.
    pub action: Option<String>,
    /// The events of the step its audience may see.
    pub events: Vec<EventView>,
    /// What is being decided after the step, in the game's words.
    pub decision: String,
    /// The scene after the step, when the game draws one.
    pub scene: Option<Value>,
    /// The table after the step ([`worlds_engine::present::Table`]), when the game describes one.
    pub table: Option<Value>,
}

/// What one viewer is shown of a match as JSON, for a client: the observation, and for a browser
/// the scene ([`worlds_engine::scene::Scene`]) and the table ([`worlds_engine::present::Table`]),
/// each `None` for a game without one or a client that did not ask.
#[derive(Debug)]
pub struct ShownJson {
    pub observation: Box<serde_json::value::RawValue>,
    pub scene: Option<Box<serde_json::value::RawValue>>,
    pub table: Option<Box<serde_json::value::RawValue>>,
}

/// Why a player's last decision cannot be taken back.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum UndoError {
    #[error("{0} has made no decision yet")]
    NothingToUndo(Player),
    #[error("there was a chance step since {0}'s last decision (a die roll or a card drawn): it stands")]
    Chance(Player),
    #[error("something hidden was revealed to {0} since their last decision: it stands")]
    Revealed(Player),
    #[error("the match does not replay: {0}")]
    Replay(String),
}

/// Why a bot could not move.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BotError {
    #[error("{0} has nothing to decide now")]
    NotToAct(Player),
    #[error("the bot found no legal action for {0}")]
    NoAction(Player),
}

impl BotError {
    pub fn kind(&self) -> worlds_engine::ErrorKind {
        match self {
            BotError::NotToAct(_) => worlds_engine::ErrorKind::NotToAct,
            BotError::NoAction(_) => worlds_engine::ErrorKind::Internal,
        }
    }
}
