//! Bringing a match's connections up to date: the events each may see, then its `state`; and
//! the connections' comings and goings. A `state` is serialized once for every connection that
//! sees the same one (the same seat, or every spectator, with or without the scene).

use std::collections::HashMap;
use std::time::Instant;

use worlds_engine::{Player, Turn, Viewer};
use worlds_registry::Audience;

use super::{Actor, Conn, Seat, Status};
use crate::outbox::{TOO_SLOW, Text};
use crate::protocol::{SeatInfo, ServerMessage, TurnInfo};

/// Who sees the same `state`: a seat (or `None`, a spectator), with or without the scene.
type Sight = (Option<Player>, bool);

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
                connected: *seat != Seat::Human
                    || self.elsewhere[s]
                    || self.conns.iter().any(|c| c.seat.map(Player::index) == Some(s)),
            })
            .collect()
    }

    /// Brings every connection up to date: the events it has not seen, then the state.
    pub(super) fn sync_all(&mut self) {
        let mut states = HashMap::new();
        let mut slow = Vec::new();
        for i in 0..self.conns.len() {
            if !self.sync_conn(i, false, &mut states) {
                slow.push(i);
            }
        }
        for i in slow.into_iter().rev() {
            self.too_slow(i);
        }
    }

    /// Brings connection `i` up to date (a connection that just joined: `joining`, its history is
    /// not held to the queue's limit).
    pub(super) fn sync_one(&mut self, i: usize, joining: bool) {
        if !self.sync_conn(i, joining, &mut HashMap::new()) {
            self.too_slow(i);
        }
    }

    /// Queues connection `i`'s missing events and the state; false when it does not keep up.
    fn sync_conn(&mut self, i: usize, joining: bool, states: &mut HashMap<Sight, Text>) -> bool {
        let step = self.step();
        let seat = self.conns[i].seat;
        let audience = Audience::Viewer(seat.map_or(Viewer::Spectator, Viewer::Player));
        let mut ok = true;
        for e in self.session.events_for(audience, self.conns[i].cursor) {
            let m = ServerMessage::Event { step, seq: e.seq, text: e.text, event: e.event };
            ok &= self.send_text(i, &m, !joining);
        }
        self.conns[i].cursor = self.session.event_count();
        let sight = (seat, self.conns[i].scene);
        let text = match states.get(&sight) {
            Some(text) => text.clone(),
            None => {
                let text: Text = serialize(&self.state_message(sight)).into();
                states.insert(sight, text.clone());
                text
            }
        };
        ok && self.conns[i].out.send_state(text, !joining)
    }

    /// The `state` message for a sight.
    fn state_message(&self, (seat, scene): Sight) -> ServerMessage {
        let turn = if self.status == Status::Finished { Turn::Over } else { self.session.turn() };
        let turn_info = match turn {
            Turn::Decide(p) => TurnInfo { kind: "decide".into(), players: vec![p.index()] },
            Turn::Simultaneous(set) => {
                TurnInfo { kind: "simultaneous".into(), players: set.iter().map(Player::index).collect() }
            }
            Turn::Over => TurnInfo { kind: "over".into(), players: Vec::new() },
        };
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
        let viewer = seat.map_or(Viewer::Spectator, Viewer::Player);
        let shown = self.session.observe_json(viewer, scene);
        ServerMessage::State {
            step: self.step(),
            status: self.status.as_str().to_owned(),
            turn: turn_info,
            decision: self.session.decision().text,
            observation: shown.observation,
            scene: shown.scene,
            table: shown.table,
            legal,
            seats: self.seat_infos(),
            clocks: self.clock_infos(),
            outcome: self.session.outcome(),
            result: self.result.clone(),
        }
    }

    /// Closes a connection that does not read its messages fast enough.
    pub(super) fn too_slow(&mut self, i: usize) {
        let c = self.remove_conn(i);
        // Counted once, whoever sees it first (this match, or the connection's own task).
        if c.out.close(TOO_SLOW.0, TOO_SLOW.1) {
            self.shared.metrics.slow_clients.inc();
        }
    }

    /// Forgets a connection (it left, or it was closed or too slow); a seat with no connection
    /// left here is away from now on (its disconnect limit starts counting, unless another
    /// server holds one of its connections).
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

    /// Queues a message for connection `i` (`bounded`: held to the queue's limit); false when it
    /// does not keep up.
    pub(super) fn send_text(&self, i: usize, message: &ServerMessage, bounded: bool) -> bool {
        self.conns[i].out.send(serialize(message).into(), bounded)
    }

    pub(super) fn close_all(&mut self, code: u16, reason: &str) {
        for c in self.conns.drain(..) {
            let _ = c.out.close(code, reason);
            self.shared.metrics.connections.dec();
        }
    }
}

fn serialize(message: &ServerMessage) -> String {
    serde_json::to_string(message).unwrap_or_else(|e| {
        tracing::error!("a message did not serialize: {e}");
        String::from("{}")
    })
}
