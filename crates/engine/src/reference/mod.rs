//! Two tiny reference games that exercise the engine and let us compare its speed with other
//! frameworks.

mod connect_four;
mod tic_tac_toe;

pub use connect_four::{Column, ConnectFour, State as ConnectFourState};
pub use tic_tac_toe::{Cell, State as TicTacToeState, TicTacToe};

/// Events of the reference games.
pub mod events {
    pub use super::connect_four::Event as ConnectFourEvent;
    pub use super::tic_tac_toe::Event as TicTacToeEvent;
}
