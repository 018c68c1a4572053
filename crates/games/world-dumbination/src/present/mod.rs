//! What a player sees: the observation and the decision in words, the table, the terminal drawing,
//! the browser scene with its clicks, and the card texts generated from the content.

pub mod clicks;
pub mod decision;
pub mod render;
pub mod scene;
pub mod table;
pub mod text;
pub mod view;
