//! What a player sees: the observation and the decision in words, the table, the terminal
//! drawings, and the browser scene with its clicks.

pub mod clicks;
pub mod decision;
pub mod render;
pub mod scene;
pub mod table;
pub mod view;
