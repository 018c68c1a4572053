//! What a player sees: the observation and the tensor, the terminal drawing, and the browser
//! scene.

pub mod render;
pub mod scene;
pub mod view;
