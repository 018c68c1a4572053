//! What a player sees: the observation and the decision in words, the table (there is no board
//! beside it: the rows, the stack and the guilds are all cards), its terminal drawings and clicks,
//! and the words generated from the content.

pub mod clicks;
pub mod compact;
pub mod decision;
pub mod effect_text;
pub mod render;
pub mod status;
pub mod table;
pub mod text;
pub mod view;
pub mod wording;
