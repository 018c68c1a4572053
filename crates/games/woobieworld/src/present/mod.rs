//! What a player sees: the observation and the decision in words, the terminal drawings, the
//! browser scene with its geometry and clicks, and the cards' text generated from their steps.

pub mod clicks;
pub mod decision;
pub mod drawing;
pub mod render;
pub mod scene;
pub mod text;
pub mod view;
