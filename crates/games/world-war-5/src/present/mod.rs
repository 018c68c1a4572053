//! What a player sees: the observation and the tensor, the table, the terminal drawing, and the
//! browser scene.

pub mod render;
pub mod scene;
pub mod table;
pub mod view;
