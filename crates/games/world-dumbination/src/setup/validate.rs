//! Positions from outside: the plain [`Setup`] (what JSON holds) and [`from_setup`], the only way
//! into a state, refusing what a game could not reach and naming the JSON path. This file checks
//! the table, each leaderboard's numbers and the board; `conservation.rs` that every card, marker
//! and token is somewhere exactly once; `reachable.rs` the phase, the pending steps and the end.

use worlds_engine::{Player, StateError};

use crate::board::{NO_SPACE, SPACES, Space};
use crate::card::Step as Op;
use crate::conservation;
use crate::content::Content;
use crate::reachable;
use crate::state::{BASES, Lying, Phase, Placement, Placing, State, Table, UNITS};
use worlds_engine::secret::Secret;

/// A position as JSON holds it.
pub type Setup = Table;

/// VP no game reaches: the game ends one round after someone reaches the VP goal (WD-END-1), and
/// two rounds cannot score this many (at most 6 Units and 8 Bases of each opponent stand at a time,
/// a Base is worth 5, and a round funds three cards and a few Dumbness cards).
pub const VP_BEYOND_GOAL: u16 = 1000;

/// A position refused: the JSON path of what is wrong, and why.
pub fn bad(path: impl Into<String>, message: impl Into<String>) -> StateError {
    StateError::invalid(path, message)
}

/// Checks a position and makes a state of it.
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn from_setup(c: &Content, players: usize, t: Table) -> Result<State, StateError> {
    table(c, players, &t)?;
    let t = with_placements(t)?;
    for p in Player::all(t.seats.len()) {
        seat(c, &t, p)?;
    }
    resources(c, &t)?;
    board(c, &t)?;
    conservation::check(c, &t)?;
    reachable::check(c, &t)?;
    Ok(State { t })
}

/// The seats, the round, the order track and who is out.
fn table(c: &Content, players: usize, t: &Table) -> Result<(), StateError> {
    if t.seats.len() != players {
        return Err(bad("seats", format!("{} seats for a {players}-player game", t.seats.len())));
    }
    if t.round == 0 {
        return Err(bad("round", "rounds start at 1"));
    }
    if t.round > c.round_cap {
        return Err(bad("round", format!("round {} is past the last round, {} (WD-END-3)", t.round, c.round_cap)));
    }
    let mut order = t.order.clone();
    order.sort_unstable();
    if !order.iter().copied().eq(Player::all(players)) {
        return Err(bad("order", format!("the player order must list each of the {players} seats once")));
    }
    for (p, seat) in t.seats.iter() {
        let path = format!("seats[{}].nation", p.index());
        if !c.in_play.contains(&seat.nation) || t.seat_of(seat.nation) != Some(p) {
            return Err(bad(path, format!("{} is not in play, or taken twice (WD-SETUP-1)", seat.nation.id())));
        }
        if let Some(n) = c.assigned.as_ref().and_then(|a| a.get(p.index()))
            && *n != seat.nation
        {
            return Err(bad(path, format!("the game gives this seat {} (the `nations` option)", n.id())));
        }
    }
    // WD-ELIM, WD-SCORE-3: the eliminated are numbered 1, 2, … in the order they went out.
    let out = t.seats.values().filter(|s| !s.in_game()).count();
    for (p, seat) in t.seats.iter() {
        if let Some(k) = seat.out {
            let path = format!("seats[{}].out", p.index());
            if k == 0 || usize::from(k) > out {
                return Err(bad(path, format!("{out} player(s) are out, numbered 1 to {out} in the order they left")));
            }
            if t.seats.iter().any(|(q, o)| q < p && o.out == Some(k)) {
                return Err(bad(path, format!("two players left the game as number {k}")));
            }
        }
    }
    if out == players {
        return Err(bad("seats", "everyone is out: the last leader left wins (WD-ELIM-4)"));
    }
    Ok(())
}

/// The choices of phase 2 in the table's `placements`, checked for one entry per seat and none
/// revealed (each is laid face down as phase 2 ends). A position saved before `placements` holds
/// each seat's step in `seats[i].placing`, its cards face down on the card spaces, its flip face
/// down and its target on the spot; those are moved into `placements` here.
fn with_placements(mut t: Table) -> Result<Table, StateError> {
    let n = t.seats.len();
    let old = t.seats.values().any(|s| s.placing.is_some());
    if t.placements.players() != 0 {
        if old {
            return Err(bad(
                "placements",
                "choices of phase 2 are in `placements` or, in older saves, in each seat's `placing`: not both",
            ));
        }
        t.placements.check(n).map_err(|why| bad("placements", why))?;
        if t.placements.is_revealed() {
            return Err(bad("placements", "choices of phase 2 are laid face down, never revealed (WD-FLIP-1)"));
        }
        return Ok(t);
    }
    t.placements = Secret::new(n);
    let in_place = t.phase() == Phase::Place;
    for p in Player::all(n) {
        let seat = &mut t.seats[p];
        let Some(step) = seat.placing.take() else { continue };
        if !in_place || !seat.in_game() {
            if step != Placing::Finished {
                return Err(bad(
                    format!("seats[{}].placing", p.index()),
                    "only phase 2 has choices in progress (WD-DEC-3)",
                ));
            }
            continue;
        }
        let mut pl = Placement { step, ..Placement::default() };
        for (card, space) in pl.cards.iter_mut().zip(seat.spaces.iter_mut()) {
            if space.is_some_and(|x| x.lying == Lying::Hidden) {
                *card = space.take().map(|x| x.card);
            }
        }
        if seat.goal_flip == Some(Lying::Hidden) {
            pl.flip = true;
            seat.goal_flip = None;
        }
        // The target was laid as it was chosen; Ego 10 keeps one on the spot (WD-LEAD-3).
        if matches!(step, Placing::Confirm | Placing::Finished) && seat.ego < 10 {
            pl.target = seat.target.take();
            seat.target_turned = false;
        }
        if step == Placing::Finished {
            pl.step = Placing::Confirm;
            t.placements.commit(p, pl);
        } else {
            t.placements.open(p, pl);
        }
    }
    Ok(t)
}

/// One leaderboard's numbers (WD-LEAD, WD-VP-1, WD-LEAD-5).
fn seat(c: &Content, t: &Table, p: Player) -> Result<(), StateError> {
    let seat = &t.seats[p];
    let at = |f: &str| format!("seats[{}].{f}", p.index());
    if seat.ego > 10 || seat.popularity > 10 {
        return Err(bad(at("ego"), "Ego and Popularity run 0–10 (WD-LEAD-1)"));
    }
    if seat.in_game() && (seat.ego == 0 || seat.popularity == 0) {
        return Err(bad(at("ego"), "a player at 0 Ego or Popularity is out of the game (WD-ELIM-1)"));
    }
    let start_vp = if c.short { 5 } else { 0 };
    if seat.vp < start_vp {
        return Err(bad(at("vp"), format!("the short game starts at {start_vp} VP, and VP never go down (WD-VP-1)")));
    }
    if seat.vp > c.end_vp.saturating_add(VP_BEYOND_GOAL) {
        return Err(bad(
            at("vp"),
            format!("no game reaches {} VP: it ends one round after someone reaches {} (WD-END-1)", seat.vp, c.end_vp),
        ));
    }
    if seat.ten_vp != (seat.vp >= 10) {
        return Err(bad(at("ten_vp"), "the +1 Ego is given once, when VP first reach 10 (WD-LEAD-5)"));
    }
    if !seat.in_game() {
        let clean =
            seat.hand.is_empty() && seat.spaces == [None, None] && seat.target.is_none() && seat.goal_flip.is_none();
        if !clean {
            return Err(bad(at("out"), "an eliminated player holds no card, card space or target (WD-ELIM-1)"));
        }
    }
    if seat.target_turned && seat.target.is_none() {
        return Err(bad(at("target_turned"), "no target token lies on the spot"));
    }
    if seat.moved >= 1 << UNITS {
        return Err(bad(at("moved"), format!("a player has {UNITS} Units")));
    }
    if usize::from(seat.sea_used) > UNITS {
        return Err(bad(at("sea_used"), format!("at most {UNITS} Units go to sea in a round")));
    }
    if let Some((i, &o)) = seat.origin.iter().enumerate().find(|(_, o)| **o != NO_SPACE && usize::from(**o) >= SPACES) {
        return Err(bad(at(&format!("origin[{i}]")), format!("space {o} does not exist; spaces are 0–252")));
    }
    // WD-RULING-7: a unit on a hidden move, until the end of phase 5.
    if let Some((u, from)) = seat.hidden {
        let moving = seat.units.get(usize::from(u)).is_some_and(|x| x.on_board());
        if !moving || usize::from(from) >= SPACES || t.phase() != Phase::Move || !seat.hidden_used {
            return Err(bad(at("hidden"), "a hidden move is a Unit of the board moving in phase 5, from a space"));
        }
    }
    Ok(())
}

/// The most resources the players can hold together in `round` (WD-COMP-4): what they started with,
/// and for each round so far each player's greatest income (8 Bases of 10, every resource space, 5
/// for Popularity 10 and the most a card's income change adds up to, 127) and every card's gains
/// once, to each of them. Taking resources from another player only moves them; payments and
/// losses only take them away.
pub fn most_resources(c: &Content, players: usize, round: u16) -> u64 {
    let start: u64 = if c.short { 15 } else { 10 };
    let spaces = c.board.spaces_where(|x| x.resource).count() as u64;
    let income = BASES as u64 * 5 + spaces + 5 + i8::MAX as u64;
    let cards: u64 = c
        .cards
        .all()
        .iter()
        .flat_map(|k| k.all_steps())
        .map(|s| if let Op::Resources { n, .. } = s { u64::from((*n).max(0).unsigned_abs()) } else { 0 })
        .sum();
    players as u64 * (start + u64::from(round) * (income + cards))
}

/// WD-COMP-4: no more resources than the rounds so far can give (a game long enough to reach the
/// counter's end stays there: play saturates, never wraps).
fn resources(c: &Content, t: &Table) -> Result<(), StateError> {
    let most = most_resources(c, t.seats.len(), t.round);
    let all: u64 = t.seats.values().map(|s| u64::from(s.resources)).sum();
    if all > most {
        let p = t.seats.iter().rev().max_by_key(|(_, s)| s.resources).map_or(Player::default(), |(p, _)| p);
        return Err(bad(
            format!("seats[{}].resources", p.index()),
            format!(
                "{all} resources in all by round {}, more than any game gives: at most {most} (WD-COMP-4)",
                t.round
            ),
        ));
    }
    Ok(())
}

/// The pieces, markers, radioactive tokens and lost home spaces (WD-OWN, WD-BOARD-3, WD-NUKE-2).
fn board(c: &Content, t: &Table) -> Result<(), StateError> {
    let mut pieces = [None; SPACES];
    for (p, seat) in t.seats.iter() {
        let at = |f: &str| format!("seats[{}].{f}", p.index());
        for (i, u) in seat.units.iter().enumerate() {
            if u.at == NO_SPACE {
                if u.war != 0 {
                    return Err(bad(at(&format!("units[{i}]")), "a Unit in the supply is at no war"));
                }
                continue;
            }
            let path = at(&format!("units[{i}]"));
            // Units with sea movement may stand at sea (WD-MOVE-6).
            if usize::from(u.at) >= SPACES || t.radioactive[usize::from(u.at)].is_some() {
                return Err(bad(path, format!("space {} takes no unit (radioactive or off the map)", u.at)));
            }
            if u.war > 2 || (u.war > 0 && !c.board.cell(u.at).war) {
                return Err(bad(path, "war is 0, 1 or 2, and only in a war zone (WD-MOVE-7)"));
            }
            if u.war == 2 && t.phase() != Phase::Move {
                return Err(bad(path, "a Unit that went to war this phase 5 is 2; from its end, 1 (WD-MOVE-7)"));
            }
            // A unit on a hidden move may share a space until it is revealed (WD-RULING-7).
            if seat.hidden.is_some_and(|(h, _)| usize::from(h) == i) {
                continue;
            }
            if pieces[usize::from(u.at)].is_some_and(|q| q != p) {
                return Err(bad(path, "pieces of two players never share a space (WD-OWN-1)"));
            }
            pieces[usize::from(u.at)] = Some(p);
        }
        for (i, b) in seat.bases.iter().enumerate() {
            let path = at(&format!("bases[{i}]"));
            if (b.at == NO_SPACE) != (b.strength == 0) {
                return Err(bad(path, "a Base on the board has a strength of 4–10; one in the supply has none"));
            }
            if b.at == NO_SPACE {
                if b.changed {
                    return Err(bad(path, "a Base in the supply was not built or upgraded"));
                }
                continue;
            }
            if ![4, 6, 8, 10].contains(&b.strength) {
                return Err(bad(path, "Bases have strength 4, 6, 8 or 10 (WD-BASE-1)"));
            }
            if usize::from(b.at) >= SPACES || !c.board.cell(b.at).land || t.radioactive[usize::from(b.at)].is_some() {
                return Err(bad(path, format!("space {} takes no Base", b.at)));
            }
            if pieces[usize::from(b.at)].is_some_and(|q| q != p) || seat.bases[..i].iter().any(|o| o.at == b.at) {
                return Err(bad(path, "a space holds one Base, and pieces of one player (WD-OWN-1)"));
            }
            if b.changed && !matches!(t.phase(), Phase::Flip | Phase::Move | Phase::Buy) {
                return Err(bad(path, "the mark of a Base built or upgraded this round goes in phase 7 (WD-BUY-3)"));
            }
            pieces[usize::from(b.at)] = Some(p);
        }
    }
    for (s, &m) in t.markers.iter().enumerate() {
        let Some(m) = m else { continue };
        let path = format!("markers[{s}]");
        let Some(owner) = t.seats.get(m) else {
            return Err(bad(path, format!("there is no seat {}", m.index())));
        };
        if !c.board.cell(s as Space).land || t.radioactive[s].is_some() {
            return Err(bad(path, format!("a marker on space {s}, which is sea or radioactive (WD-BOARD-3)")));
        }
        if pieces[s].is_some_and(|q| q != m) || owner.base_at(s as Space).is_some() {
            return Err(bad(
                path,
                "a marker shares its space with no other player's pieces, nor its own Base (WD-OWN-1)",
            ));
        }
    }
    for (p, seat) in t.seats.iter() {
        for (i, &s) in seat.radioactive.iter().enumerate() {
            let path = format!("seats[{}].radioactive[{i}]", p.index());
            if usize::from(s) >= SPACES || t.radioactive[usize::from(s)] != Some(p) {
                return Err(bad(path, "the token is not on that space of the board"));
            }
            if seat.radioactive[..i].contains(&s) {
                return Err(bad(path, format!("space {s} is listed twice")));
            }
        }
    }
    for (s, &r) in t.radioactive.iter().enumerate() {
        let Some(r) = r else { continue };
        if !t.seats.get(r).is_some_and(|x| x.radioactive.contains(&(s as u8))) {
            return Err(bad("radioactive", format!("space {s}'s token belongs to no seat's list")));
        }
        if !c.board.cell(s as Space).land {
            return Err(bad("radioactive", format!("space {s} is sea: bombs strike land (WD-NUKE-1)")));
        }
    }
    lost(c, t, &pieces)
}

/// WD-OWN-2: the home spaces their nation lost: only home spaces, and every one another player
/// holds (a Base, a marker, a unit whose move ended there) or a bomb struck.
fn lost(c: &Content, t: &Table, pieces: &[Option<Player>; SPACES]) -> Result<(), StateError> {
    for s in t.lost.iter() {
        if c.board.cell(s).home.is_none() {
            return Err(bad("lost", format!("space {s} is no USA or Russia home space (WD-OWN-2)")));
        }
    }
    for (s, &piece) in pieces.iter().enumerate() {
        let Some(home) = c.board.cell(s as Space).home else { continue };
        let nation = t.seat_of(home);
        let foreign = |q: Option<Player>| q.filter(|&q| Some(q) != nation);
        let holder = if let Some(m) = foreign(t.markers[s]) {
            Some(m)
        } else if let Some(q) = foreign(piece) {
            let seat = &t.seats[q];
            let base = seat.base_at(s as Space).is_some();
            let standing = seat.units_seen().any(|(i, u)| usize::from(u.at) == s && Some(i) != t.moving_unit(q));
            (base || standing).then_some(q)
        } else {
            None
        };
        let struck = t.radioactive[s].is_some();
        if (holder.is_some() || struck) && !t.lost.contains(s as Space) {
            return Err(bad(
                "lost",
                format!("space {s} is held by another player or radioactive, so its nation lost it (WD-OWN-2)"),
            ));
        }
    }
    Ok(())
}
