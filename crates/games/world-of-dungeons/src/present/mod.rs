//! What a player sees: the observation and the decision in words, the terminal drawings, the
//! browser scene, and the words generated from the content.

pub mod clicks;
pub mod compact;
pub mod decision;
pub mod effect_text;
pub mod render;
pub mod scene;
pub mod status;
pub mod table;
pub mod text;
pub mod view;
pub mod wording;
