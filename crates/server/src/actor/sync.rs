//! Bringing a match's connections up to date: the events each may see, then its `state`; and
//! the connections' comings and goings.

use std::time::Instant;

use worlds_engine::{Player, Turn, Viewer};
use worlds_registry::Audience;

use super::{Actor, Conn, Outbound, Seat, Status};
use crate::protocol::{SeatInfo, ServerMessage, TurnInfo};

impl Actor {
    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(s, seat)| SeatInfo {
                seat: s,
                kind: if *seat == Seat::Human { "human".into() } else { "bot".into() },
                bot: match seat {
                    Seat::Bot(name, _) => Some(name.clone()),
                    Seat::Human => None,
                },
                claimed: self.claimed[s],
                connected: *seat != Seat::Human || self.conns.iter().any(|c| c.seat.map(Player::index) == Some(s)),
            })
            .collect()
    }

    /// Brings every connection up to date: the events it has not seen, then the state.
    pub(super) fn sync_all(&mut self) {
        let seats = self.seat_infos();
        let clocks = self.clock_infos();
        let step = self.step();
        let turn = if self.status == Status::Finished { Turn::Over } else { self.session.turn() };
        let turn_info = match turn {
            Turn::Decide(p) => TurnInfo { kind: "decide".into(), players: vec![p.index()] },
            Turn::Simultaneous(set) => {
                TurnInfo { kind: "simultaneous".into(), players: set.iter().map(Player::index).collect() }
            }
            Turn::Over => TurnInfo { kind: "over".into(), players: Vec::new() },
        };
        let decision = self.session.decision().text;
        let outcome = self.session.outcome();
        let count = self.session.event_count();
        let mut dead = Vec::new();
        for i in 0..self.conns.len() {
            let seat = self.conns[i].seat;
            let audience = Audience::Viewer(seat.map_or(Viewer::Spectator, Viewer::Player));
            let mut ok = true;
            for e in self.session.events_for(audience, self.conns[i].cursor) {
                let m = ServerMessage::Event { step, seq: e.seq, text: e.text, event: e.event };
                ok &= self.try_send(i, &m);
            }
            self.conns[i].cursor = count;
            let scene = self.conns[i].scene;
            let legal = match seat {
                Some(p) if self.status == Status::Playing && turn.players().contains(p) => {
                    if scene {
                        self.session.legal_in_scene(p)
                    } else {
                        self.session.legal(p)
                    }
                }
                _ => Vec::new(),
            };
            let (observation, scene) = self.session.observe_json(audience.viewer(), scene);
            let state = ServerMessage::State {
                step,
                status: self.status.as_str().to_owned(),
                turn: turn_info.clone(),
                decision: decision.clone(),
                observation,
                scene,
                legal,
                seats: seats.clone(),
                clocks: clocks.clone(),
                outcome: outcome.clone(),
                result: self.result.clone(),
            };
            ok &= self.try_send(i, &state);
            if !ok {
                dead.push(i);
            }
        }
        for i in dead.into_iter().rev() {
            let c = self.remove_conn(i);
            let _ = c.out.try_send(Outbound::Close(4408, "too slow: messages were not read".into()));
        }
    }

    /// Forgets a connection (it left, or it was closed or too slow); a seat with no connection
    /// left is away from now on (its disconnect limit starts counting).
    pub(super) fn remove_conn(&mut self, i: usize) -> Conn {
        let c = self.conns.swap_remove(i);
        self.shared.metrics.connections.dec();
        if let Some(p) = c.seat
            && !self.conns.iter().any(|o| o.seat == Some(p))
        {
            self.away[p.index()] = Some(Instant::now());
        }
        c
    }

    pub(super) fn send_to(&mut self, i: usize, message: &ServerMessage) {
        let _ = self.try_send(i, message);
    }

    /// Queues a message; false when the connection's queue is full or closed.
    pub(super) fn try_send(&self, i: usize, message: &ServerMessage) -> bool {
        let text = match serde_json::to_string(message) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!("a message did not serialize: {e}");
                return true;
            }
        };
        self.conns[i].out.try_send(Outbound::Text(text)).is_ok()
    }

    pub(super) fn close_all(&mut self, code: u16, reason: &str) {
        for c in self.conns.drain(..) {
            let _ = c.out.try_send(Outbound::Close(code, reason.to_owned()));
            self.shared.metrics.connections.dec();
        }
    }
}
