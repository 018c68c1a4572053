//! The terminal drawings (WW5-VIEW-1): the compact one shown before every decision, which fits an
//! 80×24 terminal together with the decision's menu, and the full board (`board`). Both are at
//! most 80 columns wide, and both warn of a player one action from winning.

use std::fmt::Write as _;

use worlds_engine::paint::{Colour, bold, clip, dim, pack, pad, paint, wrap};
use worlds_engine::text::or_list;
use worlds_engine::{Player, Style, Turn};

use crate::combat;
use crate::content::Content;
use crate::piece::{Piece, Size};
use crate::state::{Combat, Ending, Step};
use crate::territory::{Continent, Territory};
use crate::view::{Observation, Threat};

/// The width of a terminal line.
const WIDTH: usize = 80;
/// The compact drawing's height at most: with the decision's menu (up to ten lines) and the
/// prompt, it fits a 24-line terminal.
const COMPACT_LINES: usize = 11;

fn continent_name(content: &Content, c: Continent) -> String {
    clip(content.board.continent_name(c), 16)
}

fn player_colour(obs: &Observation, content: &Content, p: Player) -> Colour {
    obs.players.get(p.index()).and_then(|i| i.home).map_or(Colour::White, |c| content.board.colour(c))
}

/// A piece in the full board: `P1 small  ▲`.
fn piece_text(obs: &Observation, content: &Content, piece: Piece, style: Style) -> String {
    let text = format!("{} {:<6} {}", piece.player, piece.size.name(), piece.size.glyph());
    paint(&text, player_colour(obs, content, piece.player), style)
}

/// A piece in the compact drawing: `P1▲▲`.
fn piece_short(obs: &Observation, content: &Content, piece: Piece, style: Style) -> String {
    paint(&format!("{}{}", piece.player, piece.size.glyph()), player_colour(obs, content, piece.player), style)
}

/// A seat in its colour.
fn seat(obs: &Observation, content: &Content, p: Player, style: Style) -> String {
    paint(&p.to_string(), player_colour(obs, content, p), style)
}

/// A seat and its home: `P1 (Europe)`.
fn who(obs: &Observation, content: &Content, p: Player, style: Style) -> String {
    let home = obs.players.get(p.index()).and_then(|i| i.home);
    let label = match home {
        Some(c) => format!("{p} ({})", continent_name(content, c)),
        None => p.to_string(),
    };
    paint(&label, player_colour(obs, content, p), style)
}

fn title(obs: &Observation, style: Style) -> String {
    let turn = if obs.turn == 0 { "setup".to_owned() } else { format!("turn {} of {}", obs.turn, obs.turn_cap) };
    format!("{} · {} board · {turn}", bold("WORLD WAR 5", style), clip(&obs.variant, 20))
}

fn status(obs: &Observation, content: &Content, style: Style) -> String {
    let w = |p| who(obs, content, p, style);
    // A draw names its players by seat only, so the line stays short with six.
    let seats = |among: worlds_engine::PlayerSet| {
        among.iter().map(|p| seat(obs, content, p, style)).collect::<Vec<_>>().join(", ")
    };
    match (obs.ending, obs.stack.last()) {
        (Some(Ending::Conquest { player, continent }), _) => {
            format!("{} wins, holding all of {}", w(player), continent_name(content, continent))
        }
        (Some(Ending::LastStanding { player }), _) => format!("{} wins, the last player standing", w(player)),
        (Some(Ending::TurnCap { among }), _) => format!("drawn at the turn cap among {}", seats(among)),
        (Some(Ending::NobodyLeft { among }), _) => {
            format!("drawn: {} were eliminated together", seats(among))
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

/// The mark of a territory during a retreat: ✕ where the combat was lost, ↩ where the defender
/// may go.
fn marker(obs: &Observation, t: Territory) -> &'static str {
    match obs.stack.last() {
        Some(Step::Retreat { contested, .. }) if *contested == t => "✕",
        _ if obs.retreat_options.contains(&t) => "↩",
        _ => "",
    }
}

fn piece_on(obs: &Observation, t: Territory) -> Option<Piece> {
    obs.board.get(t.index()).and_then(|sq| sq.piece)
}

fn home_of(obs: &Observation, c: Continent) -> Option<Player> {
    obs.players.iter().find(|i| i.home == Some(c)).map(|i| i.seat)
}

/// The continent's name in capitals and its colour.
fn continent_title(content: &Content, c: Continent, max: usize, style: Style) -> String {
    paint(&bold(&clip(&content.board.continent_name(c).to_uppercase(), max), style), content.board.colour(c), style)
}

// ----- warnings -----

/// What a threat would win: `take Australia`, `eliminate P1`.
fn threat_aim(content: &Content, threat: &Threat) -> String {
    match threat {
        Threat::Conquest { continent, .. } => format!("take {}", continent_name(content, *continent)),
        Threat::LastStanding { against, .. } => format!("eliminate {against}"),
    }
}

/// Each threatening player's threats in one sentence: `P2 threatens to take Australia (au-north)
/// or Asia (as-north)`; without the territories when `with_territory` is false.
fn threat_sentences(content: &Content, obs: &Observation, with_territory: bool) -> Vec<String> {
    let mut players: Vec<Player> = obs.threats.iter().map(Threat::player).collect();
    players.dedup();
    let place = |t: Territory| if with_territory { format!(" ({t})") } else { String::new() };
    players
        .into_iter()
        .map(|p| {
            let theirs: Vec<&Threat> = obs.threats.iter().filter(|t| t.player() == p).collect();
            let mut continents = Vec::new();
            let mut aims = Vec::new();
            for threat in &theirs {
                let t = threat.territory();
                match threat {
                    Threat::Conquest { continent, .. } => {
                        continents.push(format!("{}{}", continent_name(content, *continent), place(t)));
                    }
                    Threat::LastStanding { against, .. } => {
                        // Taking the last home territory of the last opponent does both: the
                        // territory is named once.
                        let named = theirs.iter().any(|o| matches!(o, Threat::Conquest { .. }) && o.territory() == t);
                        aims.push(format!("eliminate {against}{}", if named { String::new() } else { place(t) }));
                    }
                }
            }
            if !continents.is_empty() {
                aims.insert(0, format!("take {}", or_list(&continents)));
            }
            format!("{p} threatens to {}", or_list(&aims))
        })
        .collect()
}

/// Sentences packed into lines of at most [`WIDTH`] columns, the first line opening with
/// `Warning:`, each but the last ending in `;`.
fn warning_lines(sentences: &[String]) -> Vec<String> {
    let last = sentences.len().saturating_sub(1);
    let items = sentences.iter().enumerate().map(|(i, s)| if i < last { format!("{s};") } else { s.clone() });
    pack("Warning: ", items, " ", 2, WIDTH)
}

/// The compact drawing's warnings in at most `budget` lines (one at least): one sentence per
/// player, with the territories; when there are too many, without the territories and broken
/// between words, then cut short.
fn compact_warnings(content: &Content, obs: &Observation, budget: usize) -> Vec<String> {
    if obs.threats.is_empty() {
        return Vec::new();
    }
    let lines = warning_lines(&threat_sentences(content, obs, true));
    if lines.len() <= budget && lines.iter().all(|l| l.chars().count() <= WIDTH) {
        return lines;
    }
    let text = format!("Warning: {}", threat_sentences(content, obs, false).join("; "));
    let mut lines = wrap("", &text, 2, WIDTH);
    if lines.len() > budget.max(1) {
        lines.truncate(budget.max(1));
        if let Some(last) = lines.last_mut() {
            *last = format!("{last} …");
        }
    }
    for line in &mut lines {
        *line = clip(line, WIDTH);
    }
    lines
}

/// The full board's warnings, each threat and how: `Warning: P2 threatens to take Australia:
/// invade au-north from as-southeast (42%) or eu-south (9%)`.
fn full_warnings(content: &Content, obs: &Observation) -> Vec<String> {
    let mut lines = Vec::new();
    for threat in &obs.threats {
        let t = threat.territory();
        let defender = piece_on(obs, t);
        let from: Vec<String> = threat
            .from()
            .iter()
            .map(|&f| match (piece_on(obs, f), defender) {
                (Some(a), Some(d)) => {
                    let (num, den) = combat::odds(a.size, d.size);
                    format!("{f} ({}%)", (num * 100 + den / 2) / den)
                }
                _ => f.to_string(),
            })
            .collect();
        let how = if defender.is_some() { "invade" } else { "move to" };
        let text = format!(
            "Warning: {} threatens to {}: {how} {t} from {}",
            threat.player(),
            threat_aim(content, threat),
            or_list(&from)
        );
        lines.extend(wrap("", &text, 2, WIDTH));
    }
    lines
}

// ----- the full board -----

fn last_combat(c: &Combat) -> String {
    let dice = |d: &[u8]| {
        let total: u32 = d.iter().map(|&x| u32::from(x)).sum();
        let faces = d.iter().map(u8::to_string).collect::<Vec<_>>().join("+");
        if d.len() > 1 { format!("{faces} = {total}") } else { faces }
    };
    let verdict = if c.attacker_wins() { "the attacker won" } else { "the defender held" };
    let (num, den) = combat::odds(c.attacker_size, c.defender_size);
    format!(
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
    )
}

/// The whole board: every territory with its name, occupant and connections abroad (on a second
/// line), each player's stash, the warnings and the last combat.
pub fn render(content: &Content, obs: &Observation, style: Style) -> String {
    let board = &content.board;
    let mut out = String::new();
    let _ = writeln!(out, "{}", title(obs, style));
    let _ = writeln!(out, "{}", status(obs, content, style));
    let _ = writeln!(out);

    // Players and stashes: the table as the engine draws it in full.
    for line in crate::table::table(content, obs).draw_in_full(obs.viewer.player(), WIDTH, style) {
        let _ = writeln!(out, "{line}");
    }

    // The board, continent by continent.
    for c in Continent::ALL {
        let _ = writeln!(out);
        let mut head = continent_title(content, c, 30, style);
        if let Some(p) = home_of(obs, c) {
            let _ = write!(head, "  {}", dim(&format!("home of {p}"), style));
        }
        let _ = writeln!(out, "{head}");
        for t in c.territories() {
            let holder = match piece_on(obs, t) {
                Some(piece) => piece_text(obs, content, piece, style),
                None => dim("·", style),
            };
            let mark = match marker(obs, t) {
                "" => String::new(),
                m => format!(" {m}"),
            };
            let name = dim(&clip(board.territory_name(t), 32), style);
            let _ = writeln!(out, "  {} {} {holder}", pad(&format!("{t}{mark}"), 15), pad(&name, 32));
            let links = Territory::in_mask(board.neighbours(t) & !c.mask()).map(|x| x.id()).collect::<Vec<_>>();
            let _ = writeln!(out, "{}{}", " ".repeat(18), dim(&format!("↔ {}", links.join(" ")), style));
        }
    }

    let warnings = full_warnings(content, obs);
    if !warnings.is_empty() {
        let _ = writeln!(out);
    }
    for line in warnings {
        let _ = writeln!(out, "{}", bold(&line, style));
    }
    if let Some(c) = &obs.last_combat {
        let _ = writeln!(out);
        for line in wrap("", &last_combat(c), 2, WIDTH) {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

// ----- the compact drawing -----

/// The stashes in a line (two with five or six players): `stash P1 ▲×3 ▲▲×2 ▲▲▲×3  P2 out`.
fn stash_lines(obs: &Observation, content: &Content, style: Style) -> Vec<String> {
    let entries: Vec<String> = obs
        .players
        .iter()
        .map(|info| {
            let mut label = seat(obs, content, info.seat, style);
            if obs.to_act.players().contains(info.seat) {
                label = bold(&label, style);
            }
            if !info.still_in {
                return format!("{label} {}", dim("out", style));
            }
            let sizes = Size::ALL.map(|z| {
                let text = format!("{}×{}", z.glyph(), info.stash.count(z));
                if info.stash.has(z) { text } else { dim(&text, style) }
            });
            format!("{label} {}", sizes.join(" "))
        })
        .collect();
    let per_line = if entries.len() > 4 { 3 } else { 4 };
    entries
        .chunks(per_line)
        .enumerate()
        .map(|(i, chunk)| format!("{}{}", if i == 0 { "stash " } else { "      " }, chunk.join("  ")))
        .collect()
}

/// A continent in a line: `na NORTH AMERICA  (P1)   north P1▲   southwest ·   southeast P2▲▲`,
/// ✕ and ↩ marking a retreat.
fn continent_line(obs: &Observation, content: &Content, c: Continent, style: Style) -> String {
    let home = match home_of(obs, c) {
        Some(p) => paint(&format!("({p})"), content.board.colour(c), style),
        None => String::new(),
    };
    let mut line =
        format!("{} {} {}", dim(c.id(), style), pad(&continent_title(content, c, 14, style), 14), pad(&home, 5));
    for (i, t) in c.territories().into_iter().enumerate() {
        let direction = t.id().split_once('-').map_or(t.id(), |(_, d)| d);
        let holder = match piece_on(obs, t) {
            Some(piece) => piece_short(obs, content, piece, style),
            None => dim("·", style),
        };
        let mark = match marker(obs, t) {
            "" => String::new(),
            m => bold(m, style),
        };
        let cell = format!("{direction} {holder}{mark}");
        let _ = write!(line, "  {}", if i < 2 { pad(&cell, 16) } else { cell });
    }
    line
}

/// The last combat in a line: `Last combat: P1▲▲▲ eu-south → af-northeast P2▲▲▲: 15 vs 6,
/// attacker won`.
fn combat_line(obs: &Observation, content: &Content, c: &Combat, style: Style) -> String {
    let piece = |player, size| piece_short(obs, content, Piece { player, size }, style);
    format!(
        "{} {} {} → {} {}: {} vs {}, {}",
        dim("Last combat:", style),
        piece(c.attacker, c.attacker_size),
        c.from,
        c.target,
        piece(c.defender, c.defender_size),
        c.attack_total(),
        c.defence_total(),
        if c.attacker_wins() { "attacker won" } else { "defender held" }
    )
}

/// The compact drawing for an 80×24 terminal, in at most [`COMPACT_LINES`] lines: the title, who
/// is to act, the stashes, one line per continent, the warnings, and the last combat if there is
/// room.
pub fn render_compact(content: &Content, obs: &Observation, style: Style) -> String {
    let mut lines = vec![title(obs, style), status(obs, content, style)];
    lines.extend(stash_lines(obs, content, style));
    lines.extend(Continent::ALL.map(|c| continent_line(obs, content, c, style)));
    let budget = COMPACT_LINES.saturating_sub(lines.len());
    lines.extend(compact_warnings(content, obs, budget).iter().map(|line| bold(line, style)));
    if let Some(c) = obs.last_combat.as_ref().filter(|_| lines.len() < COMPACT_LINES) {
        lines.push(combat_line(obs, content, c, style));
    }
    let mut out = String::new();
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use worlds_engine::{Config, Viewer};

    use crate::state::State;

    fn threat(seat: usize, continent: &str, territory: &str) -> Threat {
        Threat::Conquest {
            player: Player::from_index(seat),
            continent: continent.parse().unwrap_or(Continent::Asia),
            territory: territory.parse().unwrap_or(Territory::ALL[0]),
            from: Vec::new(),
        }
    }

    /// Many threats at once (made up: the drawing does not check them) first lose their
    /// territories, then are cut to the lines there are.
    #[test]
    fn many_warnings_shrink_to_the_lines_available() {
        let Ok(content) = Content::new(&Config::players(4), "original") else { panic!("the built-in board") };
        let mut obs = crate::view::observe(&content, &State::empty(4, Player::from_index(0)), Viewer::Spectator);
        obs.threats = vec![threat(0, "sa", "sa-north"), threat(1, "au", "au-north")];
        assert_eq!(
            compact_warnings(&content, &obs, 2),
            ["Warning: P1 threatens to take South America (sa-north);", "  P2 threatens to take Australia (au-north)"]
        );
        assert_eq!(
            compact_warnings(&content, &obs, 1),
            ["Warning: P1 threatens to take South America; P2 threatens to take Australia"]
        );
        obs.threats.extend([threat(1, "af", "af-south"), threat(2, "as", "as-north"), threat(3, "na", "na-north")]);
        assert_eq!(
            compact_warnings(&content, &obs, 2),
            [
                "Warning: P1 threatens to take South America; P2 threatens to take Australia or",
                "  Africa; P3 threatens to take Asia; P4 threatens to take North America"
            ]
        );
        assert_eq!(
            compact_warnings(&content, &obs, 1),
            ["Warning: P1 threatens to take South America; P2 threatens to take Australia or …"]
        );
    }
}
