//! What players see: the observation (everything is public in World War 5), its numeric tensor,
//! and the terminal view (WW5-VIEW-1).

use std::fmt::Write as _;

use serde::Serialize;
use worlds_engine::paint::{Colour, bold, dim, pad, paint};
use worlds_engine::{Decision, MAX_PLAYERS, Player, Style, Turn, Viewer};

use crate::combat;
use crate::content::Content;
use crate::flow;
use crate::piece::{Piece, Size, Stash};
use crate::state::{Combat, Ending, State, Step};
use crate::territory::{Continent, Territory};

/// Everything a viewer knows: in World War 5, everything.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Viewer,
    pub variant: String,
    /// Who decides what, in the game's words (or how the game ended).
    pub decision: Decision,
    /// The pending steps, bottom first (empty once over).
    pub stack: Vec<Step>,
    pub ending: Option<Ending>,
    pub turn: u32,
    pub turn_cap: u32,
    pub first: Player,
    pub active: Player,
    pub to_act: Turn,
    pub players: Vec<PlayerInfo>,
    /// All eighteen territories in board order.
    pub board: Vec<Square>,
    pub last_combat: Option<Combat>,
    /// During a retreat: where the defender may go.
    pub retreat_options: Vec<Territory>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PlayerInfo {
    pub seat: Player,
    pub home: Option<Continent>,
    pub stash: Stash,
    pub still_in: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Square {
    pub territory: Territory,
    pub piece: Option<Piece>,
}

pub fn observe(content: &Content, s: &State, viewer: Viewer) -> Observation {
    Observation {
        viewer,
        variant: content.board.variant().to_owned(),
        decision: flow::decision(content, s),
        stack: s.stack.iter().copied().collect(),
        ending: s.ending,
        turn: s.turn,
        turn_cap: content.turn_cap,
        first: s.first,
        active: s.active,
        to_act: flow::turn(s),
        players: Player::all(s.players())
            .map(|p| PlayerInfo { seat: p, home: s.home(p), stash: s.stash(p), still_in: s.is_in(p) })
            .collect(),
        board: Territory::ALL.into_iter().map(|t| Square { territory: t, piece: s.piece(t) }).collect(),
        last_combat: s.last_combat.clone(),
        retreat_options: match s.step() {
            Some(Step::Retreat { from, contested }) => {
                Territory::in_mask(flow::retreat_options(content, s, from, contested)).collect()
            }
            _ => Vec::new(),
        },
    }
}

// ----- tensor -----

const PER_TERRITORY: usize = MAX_PLAYERS * 3;
const PHASES: usize = 7;
/// Board (owner relative to the viewer × size), homes, who is in, phase, whose decision, the
/// retreat's two territories, and the turn as a fraction of the cap.
pub const TENSOR_LEN: usize = Territory::COUNT * PER_TERRITORY
    + MAX_PLAYERS * 6
    + MAX_PLAYERS
    + PHASES
    + 1
    + MAX_PLAYERS
    + 2 * Territory::COUNT
    + 1;

pub fn write_tensor(content: &Content, s: &State, viewer: Player, out: &mut [f32]) {
    out.fill(0.0);
    let n = s.players();
    // Seats relative to the viewer: 0 is the viewer, 1 the next clockwise, …
    let rel = |p: Player| (p.index() + n - viewer.index() % n) % n;
    let mut set = |i: usize, v: f32| {
        if let Some(x) = out.get_mut(i) {
            *x = v;
        }
    };
    for t in Territory::ALL {
        if let Some(piece) = s.piece(t) {
            set(t.index() * PER_TERRITORY + rel(piece.player) * 3 + piece.size.index(), 1.0);
        }
    }
    let mut at = Territory::COUNT * PER_TERRITORY;
    for p in Player::all(n) {
        if let Some(c) = s.home(p) {
            set(at + rel(p) * 6 + c.index(), 1.0);
        }
        set(at + MAX_PLAYERS * 6 + rel(p), f32::from(u8::from(s.is_in(p))));
    }
    at += MAX_PLAYERS * 7;
    let phase = match s.step() {
        Some(Step::ChooseHome) => 0,
        Some(Step::Place(size)) => 1 + size.index(),
        Some(Step::Play) => 4,
        Some(Step::Retreat { .. }) => 5,
        None => 6,
    };
    set(at + phase, 1.0);
    at += PHASES;
    set(at, f32::from(u8::from(flow::turn(s) == Turn::Decide(viewer))));
    at += 1;
    set(at + rel(s.active), 1.0);
    at += MAX_PLAYERS;
    if let Some(Step::Retreat { from, contested }) = s.step() {
        set(at + contested.index(), 1.0);
        set(at + Territory::COUNT + from.index(), 1.0);
    }
    at += 2 * Territory::COUNT;
    set(at, s.turn as f32 / content.turn_cap as f32);
}

// ----- terminal view -----

fn player_colour(obs: &Observation, content: &Content, p: Player) -> Colour {
    obs.players.get(p.index()).and_then(|i| i.home).map_or(Colour::White, |c| content.board.colour(c))
}

fn piece_text(obs: &Observation, content: &Content, piece: Piece, style: Style) -> String {
    let text = format!("{} {:<6} {}", piece.player, piece.size.name(), piece.size.glyph());
    paint(&text, player_colour(obs, content, piece.player), style)
}

fn who(obs: &Observation, content: &Content, p: Player, style: Style) -> String {
    let home = obs.players.get(p.index()).and_then(|i| i.home);
    let label = match home {
        Some(c) => format!("{p} ({})", content.board.continent_name(c)),
        None => p.to_string(),
    };
    paint(&label, player_colour(obs, content, p), style)
}

fn status(obs: &Observation, content: &Content, style: Style) -> String {
    let w = |p| who(obs, content, p, style);
    match (obs.ending, obs.stack.last()) {
        (Some(Ending::Conquest { player, continent }), _) => {
            format!("{} wins, holding all of {}", w(player), content.board.continent_name(continent))
        }
        (Some(Ending::LastStanding { player }), _) => format!("{} wins, the last player standing", w(player)),
        (Some(Ending::TurnCap { among }), _) => {
            format!("drawn at the turn cap among {}", among.iter().map(w).collect::<Vec<_>>().join(", "))
        }
        (Some(Ending::NobodyLeft { among }), _) => {
            format!("drawn: {} were eliminated together", among.iter().map(w).collect::<Vec<_>>().join(", "))
        }
        (None, Some(Step::ChooseHome)) => format!("{} chooses a home continent", w(obs.active)),
        (None, Some(Step::Place(size))) => format!("{} places their {size} on an empty home territory", w(obs.active)),
        (None, Some(Step::Retreat { contested, .. })) => match obs.to_act {
            Turn::Decide(d) => format!("{} lost {contested} and must choose where to retreat", w(d)),
            _ => String::new(),
        },
        (None, _) => format!("{} to play: grow, build, move or invade", w(obs.active)),
    }
}

pub fn render(content: &Content, obs: &Observation, style: Style) -> String {
    let board = &content.board;
    let mut out = String::new();
    let turn = if obs.turn == 0 { "setup".to_owned() } else { format!("turn {} of {}", obs.turn, obs.turn_cap) };
    let _ = writeln!(out, "{} · {} board · {turn}", bold("WORLD WAR 5", style), obs.variant);
    let _ = writeln!(out, "{}", status(obs, content, style));
    let _ = writeln!(out);

    // Players and stashes.
    for info in &obs.players {
        let stash =
            Size::ALL.iter().map(|&z| format!("{}×{}", z.glyph(), info.stash.count(z))).collect::<Vec<_>>().join("  ");
        let mut line = format!("  {}  stash {stash}", pad(&who(obs, content, info.seat, style), 22));
        if !info.still_in {
            line = format!("  {}  {}", pad(&who(obs, content, info.seat, style), 22), dim("eliminated", style));
        } else if obs.to_act.players().contains(info.seat) {
            line.push_str(&bold("   ◀", style));
        }
        let _ = writeln!(out, "{line}");
    }

    // The board, continent by continent.
    for c in Continent::ALL {
        let _ = writeln!(out);
        let owner = obs.players.iter().find(|i| i.home == Some(c)).map(|i| i.seat);
        let title = board.continent_name(c).to_uppercase();
        let mut head = paint(&bold(&title, style), board.colour(c), style);
        if let Some(p) = owner {
            let _ = write!(head, "  {}", dim(&format!("home of {p}"), style));
        }
        let _ = writeln!(out, "{head}");
        for t in c.territories() {
            let piece = obs.board.get(t.index()).and_then(|sq| sq.piece);
            let holder = match piece {
                Some(piece) => piece_text(obs, content, piece, style),
                None => dim("·", style),
            };
            let links =
                Territory::in_mask(board.neighbours(t) & !c.mask()).map(|x| x.id()).collect::<Vec<_>>().join(" ");
            let name = dim(board.territory_name(t), style);
            let marker = match obs.stack.last() {
                Some(Step::Retreat { contested, .. }) if *contested == t => " ✕",
                _ if obs.retreat_options.contains(&t) => " ↩",
                _ => "",
            };
            let _ = writeln!(
                out,
                "  {} {} {} {}",
                pad(&format!("{}{marker}", t.id()), 15),
                pad(&name, 32),
                pad(&holder, 16),
                dim(&format!("↔ {links}"), style)
            );
        }
    }

    if let Some(c) = &obs.last_combat {
        let _ = writeln!(out);
        let dice = |d: &[u8]| {
            let total: u32 = d.iter().map(|&x| u32::from(x)).sum();
            let faces = d.iter().map(u8::to_string).collect::<Vec<_>>().join("+");
            if d.len() > 1 { format!("{faces} = {total}") } else { faces }
        };
        let verdict = if c.attacker_wins() { "the attacker won" } else { "the defender held" };
        let (num, den) = combat::odds(c.attacker_size, c.defender_size);
        let _ = writeln!(
            out,
            "Last combat: {}'s {} from {} rolled {} against {}'s {} on {} rolling {}: {verdict} (odds were {}%).",
            c.attacker,
            c.attacker_size,
            c.from,
            dice(&c.attack),
            c.defender,
            c.defender_size,
            c.target,
            dice(&c.defence),
            (num * 100 + den / 2) / den
        );
    }
    out
}

/// The compact drawing for an 80×24 terminal.
pub fn render_compact(content: &Content, observation: &Observation, style: Style) -> String {
    render(content, observation, style)
}
