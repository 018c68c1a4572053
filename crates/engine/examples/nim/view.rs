//! What players see: the observation, its tensor and the terminal view.

use serde::Serialize;
use worlds_engine::{Decision, Player, Viewer};

use crate::content::Content;
use crate::flow;
use crate::state::State;

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Viewer,
    pub stones: u8,
    pub decision: Decision,
}

pub fn observe(s: &State, viewer: Viewer) -> Observation {
    Observation { viewer, stones: s.stones, decision: flow::decision(s) }
}

pub const TENSOR_LEN: usize = 2;

pub fn write_tensor(c: &Content, s: &State, p: Player, out: &mut [f32]) {
    out[0] = f32::from(s.stones) / f32::from(c.stones);
    out[1] = f32::from(u8::from(s.to_move == p));
}

pub fn render(o: &Observation) -> String {
    format!("NIM · {} stones: {}\n{}\n", o.stones, "●".repeat(usize::from(o.stones)), o.decision.text)
}
