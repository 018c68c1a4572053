//! What players see: the observation (everything is public in World War 5), its numeric tensor,
//! the heuristic, and the terminal view (WW5-VIEW-1).

use std::fmt::Write as _;

use serde::Serialize;
use worlds_engine::paint::{Colour, bold, dim, pad, paint};
use worlds_engine::{Game, MAX_PLAYERS, Player, Style, Turn, Viewer};

use crate::combat;
use crate::piece::{Piece, Size, Stash};
use crate::rules::WorldWar5;
use crate::state::{Combat, Ending, Phase, State};
use crate::territory::{Continent, Territory};

/// Everything a viewer knows: in World War 5, everything.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Viewer,
    pub variant: String,
    pub phase: Phase,
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

pub(crate) fn observe(game: &WorldWar5, s: &State, viewer: Viewer) -> Observation {
    Observation {
        viewer,
        variant: game.board().variant().to_owned(),
        phase: s.phase,
        turn: s.turn,
        turn_cap: game.turn_cap(),
        first: s.first,
        active: s.active,
        to_act: game.turn(s),
        players: Player::all(s.players())
            .map(|p| PlayerInfo { seat: p, home: s.home(p), stash: s.stash(p), still_in: s.is_in(p) })
            .collect(),
        board: Territory::ALL.into_iter().map(|t| Square { territory: t, piece: s.piece(t) }).collect(),
        last_combat: s.last_combat.clone(),
        retreat_options: match s.phase {
            Phase::Retreat { from, contested } => {
                Territory::in_mask(game.retreat_options(s, from, contested)).collect()
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

pub(crate) fn write_tensor(game: &WorldWar5, s: &State, viewer: Player, out: &mut [f32]) {
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
    let phase = match s.phase {
        Phase::ChooseHome => 0,
        Phase::Place(size) => 1 + size.index(),
        Phase::Play => 4,
        Phase::Retreat { .. } => 5,
        Phase::Over(_) => 6,
    };
    set(at + phase, 1.0);
    at += PHASES;
    set(at, f32::from(u8::from(game.turn(s) == Turn::Decide(viewer))));
    at += 1;
    set(at + rel(s.active), 1.0);
    at += MAX_PLAYERS;
    if let Phase::Retreat { from, contested } = s.phase {
        set(at + contested.index(), 1.0);
        set(at + Territory::COUNT + from.index(), 1.0);
    }
    at += 2 * Territory::COUNT;
    set(at, s.turn as f32 / game.turn_cap() as f32);
}

// ----- heuristic -----

/// A cheap estimate of `player`'s chances: their share of the strength of the players still in,
/// where strength counts pips on the board and, more steeply, progress towards holding another
/// continent.
pub(crate) fn evaluate(game: &WorldWar5, s: &State, player: Player) -> f64 {
    if let Some(outcome) = game.outcome(s) {
        return outcome.returns.get(player).copied().unwrap_or(0.0);
    }
    let strength = |p: Player| {
        if !s.is_in(p) {
            return 0.0;
        }
        let own = s.owned_by(p);
        let pips: u32 = Size::ALL.iter().map(|z| (own & s.sized[z.index()]).count_ones() * u32::from(z.pips())).sum();
        let best = Continent::ALL
            .iter()
            .filter(|&&c| Some(c) != s.home(p))
            .map(|c| (own & c.mask()).count_ones())
            .max()
            .unwrap_or(0);
        let home = (own & s.home_mask(p)).count_ones();
        f64::from(pips) + 1.5 * f64::from(best * best) + f64::from(home)
    };
    let total: f64 = Player::all(s.players()).map(strength).sum();
    if total <= 0.0 { 0.0 } else { strength(player) / total }
}

// ----- terminal view -----

fn player_colour(obs: &Observation, game: &WorldWar5, p: Player) -> Colour {
    obs.players.get(p.index()).and_then(|i| i.home).map_or(Colour::White, |c| game.board().colour(c))
}

fn piece_text(obs: &Observation, game: &WorldWar5, piece: Piece, style: Style) -> String {
    let text = format!("{} {:<6} {}", piece.player, piece.size.name(), piece.size.glyph());
    paint(&text, player_colour(obs, game, piece.player), style)
}

fn who(obs: &Observation, game: &WorldWar5, p: Player, style: Style) -> String {
    let home = obs.players.get(p.index()).and_then(|i| i.home);
    let label = match home {
        Some(c) => format!("{p} ({})", game.board().continent_name(c)),
        None => p.to_string(),
    };
    paint(&label, player_colour(obs, game, p), style)
}

fn status(obs: &Observation, game: &WorldWar5, style: Style) -> String {
    let w = |p| who(obs, game, p, style);
    match obs.phase {
        Phase::ChooseHome => format!("{} chooses a home continent", w(obs.active)),
        Phase::Place(size) => format!("{} places their {size} on an empty home territory", w(obs.active)),
        Phase::Play => format!("{} to play: grow, build, move or invade", w(obs.active)),
        Phase::Retreat { contested, .. } => match obs.to_act {
            Turn::Decide(d) => format!("{} lost {contested} and must choose where to retreat", w(d)),
            _ => String::new(),
        },
        Phase::Over(Ending::Conquest { player, continent }) => {
            format!("{} wins, holding all of {}", w(player), game.board().continent_name(continent))
        }
        Phase::Over(Ending::LastStanding { player }) => format!("{} wins, the last player standing", w(player)),
        Phase::Over(Ending::TurnCap { among }) => {
            format!("drawn at the turn cap among {}", among.iter().map(w).collect::<Vec<_>>().join(", "))
        }
        Phase::Over(Ending::NobodyLeft { among }) => {
            format!("drawn: {} were eliminated together", among.iter().map(w).collect::<Vec<_>>().join(", "))
        }
    }
}

pub(crate) fn render(game: &WorldWar5, obs: &Observation, style: Style) -> String {
    let board = game.board();
    let mut out = String::new();
    let turn = if obs.turn == 0 { "setup".to_owned() } else { format!("turn {} of {}", obs.turn, obs.turn_cap) };
    let _ = writeln!(out, "{} · {} board · {turn}", bold("WORLD WAR 5", style), obs.variant);
    let _ = writeln!(out, "{}", status(obs, game, style));
    let _ = writeln!(out);

    // Players and stashes.
    for info in &obs.players {
        let stash =
            Size::ALL.iter().map(|&z| format!("{}×{}", z.glyph(), info.stash.count(z))).collect::<Vec<_>>().join("  ");
        let mut line = format!("  {}  stash {stash}", pad(&who(obs, game, info.seat, style), 22));
        if !info.still_in {
            line = format!("  {}  {}", pad(&who(obs, game, info.seat, style), 22), dim("eliminated", style));
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
                Some(piece) => piece_text(obs, game, piece, style),
                None => dim("·", style),
            };
            let links =
                Territory::in_mask(board.neighbours(t) & !c.mask()).map(|x| x.id()).collect::<Vec<_>>().join(" ");
            let name = dim(board.territory_name(t), style);
            let marker = match obs.phase {
                Phase::Retreat { contested, .. } if contested == t => " ✕",
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
