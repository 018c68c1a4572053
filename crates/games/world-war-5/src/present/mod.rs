//! What a player sees: the observation and the tensor, the terminal drawing, and the browser scene
//! with the board's geometry.

pub mod drawing;
pub mod render;
pub mod scene;
pub mod view;
