//! Positions from outside: the plain [`Setup`] (what JSON holds) and [`from_setup`], the only way
//! into a state, refusing what a game could not reach and naming the JSON path.

use worlds_engine::StateError;

use crate::board::{NO_SPACE, SPACES};
use crate::card::Deck;
use crate::content::Content;
use crate::state::{CardSet, MARKERS, NOBODY, Phase, State, Step, Table};

/// A position as JSON holds it.
pub type Setup = Table;

fn bad(path: impl Into<String>, message: impl Into<String>) -> StateError {
    StateError::invalid(path, message)
}

/// Checks a position and makes a state of it.
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn from_setup(c: &Content, players: usize, t: Table) -> Result<State, StateError> {
    if t.seats.len() != players {
        return Err(bad("seats", format!("{} seats for a {players}-player game", t.seats.len())));
    }
    if t.round == 0 {
        return Err(bad("round", "rounds start at 1"));
    }
    let mut order: Vec<u8> = t.order.to_vec();
    order.sort_unstable();
    if order != (0..players as u8).collect::<Vec<_>>() {
        return Err(bad("order", format!("the player order must list each of the {players} seats once")));
    }
    let mut seen = CardSet::EMPTY;
    let mut take = |set: CardSet, path: &str| -> Result<(), StateError> {
        for k in set.iter() {
            if c.cards.get(k).is_none() {
                return Err(bad(path, format!("no card has the number {k}")));
            }
            if seen.contains(k) {
                return Err(bad(path, format!("card {k} is in two places")));
            }
            seen.insert(k);
        }
        Ok(())
    };
    for (l, deck) in [Deck::Level1, Deck::Level2].into_iter().enumerate() {
        for (name, set) in [("decks", t.decks[l]), ("discards", t.discards[l])] {
            let path = format!("{name}[{l}]");
            take(set, &path)?;
            // Dumbness cards join the decks (WD-SETUP-10) but never a discard pile (WD-DUMB-2).
            let fits = |x: &crate::card::Card| x.deck == deck || (name == "decks" && x.deck == Deck::Dumbness);
            if let Some(k) = set.iter().find(|&k| c.cards.get(k).is_some_and(|x| !fits(x))) {
                return Err(bad(path, format!("card {k} is not a Level {} card", l + 1)));
            }
        }
    }
    let d = &t.dumb;
    for (name, set) in
        [("dumb.down[0]", d.down[0]), ("dumb.down[1]", d.down[1]), ("dumb.up", d.up), ("dumb.spent", d.spent)]
    {
        take(set, name)?;
        if let Some(k) = set.iter().find(|&k| c.cards.get(k).is_some_and(|x| x.deck != Deck::Dumbness)) {
            return Err(bad(name, format!("card {k} is not a Dumbness card")));
        }
    }
    take(d.gone, "dumb.gone")?;
    for (i, r) in d.rules.iter().enumerate() {
        if !d.up.contains(r.card) {
            return Err(bad(format!("dumb.rules[{i}]"), format!("card {} is not face up on the board", r.card)));
        }
    }
    let mut pieces = [NOBODY; SPACES];
    let mut markers_used = [0u8; 5];
    for (s, &m) in t.markers.iter().enumerate() {
        if m == NOBODY {
            continue;
        }
        if usize::from(m) >= players {
            return Err(bad(format!("markers[{s}]"), format!("there is no seat {m}")));
        }
        if !c.board.cell(s as u8).land || t.radioactive[s] != NOBODY {
            return Err(bad("markers", format!("a marker on space {s}, which is sea or radioactive (WD-BOARD-3)")));
        }
        markers_used[usize::from(m)] += 1;
    }
    for (i, spot) in t.peace.iter().enumerate() {
        if let Some((q, k)) = spot {
            if usize::from(*q) >= players {
                return Err(bad(format!("peace[{i}]"), format!("there is no seat {q}")));
            }
            if i > 0 && t.peace[i - 1].is_none() {
                return Err(bad(format!("peace[{i}]"), "peace spots fill from the lowest (WD-PEACE-1)"));
            }
            if !c.cards.get(*k).is_some_and(|x| x.is_nuclear_bomb()) {
                return Err(bad(format!("peace[{i}]"), format!("card {k} is no Nuclear Bomb")));
            }
            markers_used[usize::from(*q)] += 1;
        }
    }
    for (p, seat) in t.seats.iter().enumerate() {
        let at = |f: &str| format!("seats[{p}].{f}");
        if !c.in_play.contains(&seat.nation) || t.seats[..p].iter().any(|o| o.nation == seat.nation) {
            return Err(bad(at("nation"), format!("{} is not in play, or taken twice (WD-SETUP-1)", seat.nation.id())));
        }
        if seat.ego > 10 || seat.popularity > 10 {
            return Err(bad(at("ego"), "Ego and Popularity run 0–10 (WD-LEAD-1)"));
        }
        if seat.in_game() && (seat.ego == 0 || seat.popularity == 0) {
            return Err(bad(at("ego"), "a player at 0 Ego or Popularity is out of the game (WD-ELIM-1)"));
        }
        take(seat.hand, &at("hand"))?;
        if let Some(k) = seat.hand.iter().find(|&k| c.cards.get(k).is_some_and(|x| x.deck == Deck::Dumbness)) {
            return Err(bad(at("hand"), format!("card {k} is a Dumbness card, never held (WD-DUMB-6)")));
        }
        take(seat.projects, &at("projects"))?;
        if let Some(k) = seat.projects.iter().find(|&k| {
            c.cards
                .get(k)
                .is_some_and(|x| x.deck != Deck::FirstGoal && x.kind != crate::card::Kind::Blue && !x.is_won())
        }) {
            return Err(bad(at("projects"), format!("card {k} is not a project")));
        }
        for (i, placed) in seat.spaces.iter().enumerate() {
            if let Some(placed) = placed {
                let mut one = CardSet::EMPTY;
                one.insert(placed.card);
                take(one, &at(&format!("spaces[{i}]")))?;
            }
        }
        if let Some(g) = seat.goal
            && !c.cards.first_goals(seat.nation).contains(&g)
        {
            return Err(bad(at("goal"), format!("card {g} is not one of {}'s First Goals", seat.nation.name())));
        }
        if usize::from(seat.markers) + usize::from(markers_used[p]) > usize::from(MARKERS) {
            return Err(bad(at("markers"), format!("more than {MARKERS} markers in all (WD-COMP-2)")));
        }
        for (i, u) in seat.units.iter().enumerate() {
            if u.at == NO_SPACE {
                continue;
            }
            let path = at(&format!("units[{i}]"));
            // Units with sea movement may stand at sea (WD-MOVE-6).
            if usize::from(u.at) >= SPACES || t.radioactive[usize::from(u.at)] != NOBODY {
                return Err(bad(path, format!("space {} takes no unit (radioactive or off the map)", u.at)));
            }
            if u.war > 2 || (u.war > 0 && !c.board.cell(u.at).land) {
                return Err(bad(path, "war is 0, 1 or 2, and only on land"));
            }
            // A unit on a hidden move may share a space until it is revealed (WD-RULING-7).
            let hidden = seat.hidden.is_some_and(|(h, _)| usize::from(h) == i);
            if hidden {
                continue;
            }
            if pieces[usize::from(u.at)] != NOBODY && pieces[usize::from(u.at)] != p as u8 {
                return Err(bad(path, "pieces of two players never share a space (WD-OWN-1)"));
            }
            pieces[usize::from(u.at)] = p as u8;
        }
        for (i, b) in seat.bases.iter().enumerate() {
            let path = at(&format!("bases[{i}]"));
            if (b.at == NO_SPACE) != (b.strength == 0) {
                return Err(bad(path, "a Base on the board has a strength of 4–10; one in the supply has none"));
            }
            if b.at == NO_SPACE {
                continue;
            }
            if ![4, 6, 8, 10].contains(&b.strength) {
                return Err(bad(path, "Bases have strength 4, 6, 8 or 10 (WD-BASE-1)"));
            }
            if usize::from(b.at) >= SPACES || !c.board.cell(b.at).land || t.radioactive[usize::from(b.at)] != NOBODY {
                return Err(bad(path, format!("space {} takes no Base", b.at)));
            }
            if (pieces[usize::from(b.at)] != NOBODY && pieces[usize::from(b.at)] != p as u8)
                || seat.bases[..i].iter().any(|o| o.at == b.at)
            {
                return Err(bad(path, "a space holds one Base, and pieces of one player (WD-OWN-1)"));
            }
            pieces[usize::from(b.at)] = p as u8;
        }
        for (i, &s) in seat.radioactive.iter().enumerate() {
            if usize::from(s) >= SPACES || t.radioactive[usize::from(s)] != p as u8 {
                return Err(bad(at(&format!("radioactive[{i}]")), "the token is not on that space of the board"));
            }
        }
    }
    for (s, &r) in t.radioactive.iter().enumerate() {
        if r != NOBODY && !t.seats.get(usize::from(r)).is_some_and(|x| x.radioactive.contains(&(s as u8))) {
            return Err(bad("radioactive", format!("space {s}'s token belongs to no seat's list")));
        }
    }
    match t.stack.bottom() {
        Some(Step::Phase { .. }) => {}
        _ => return Err(bad("stack[0]", "the bottom step is a phase")),
    }
    for (i, step) in t.stack.iter().enumerate() {
        let path = format!("stack[{i}]");
        let seat = match step {
            Step::Phase { .. } if i > 0 => return Err(bad(path, "only the bottom step is a phase")),
            Step::Phase { phase, .. } if *phase == Phase::Setup && c.short => {
                return Err(bad(path, "the short game has no First Goals (WD-VAR-1)"));
            }
            Step::Phase { .. } => None,
            Step::Draw { seat } | Step::Discard { seat } | Step::Move { seat, .. } | Step::Attack { seat, .. } => {
                Some(*seat)
            }
            Step::Marker { seat, .. } | Step::Buy { seat, .. } | Step::MoveBase { seat, .. } => Some(*seat),
            Step::Auction { card, turn, .. } => {
                let auctioned = c.cards.get(*card).is_some_and(|k| k.min_bid.is_some());
                if !(t.dumb.up.contains(*card) && auctioned) {
                    return Err(bad(path, format!("card {card} is no auctioned Dumbness card on the board")));
                }
                t.order.get(usize::from(*turn)).copied()
            }
            Step::Act(a) => {
                match c.program(a.card, a.gain) {
                    Some(program) if program.holds(&a.cursor) => {}
                    _ => return Err(bad(path, format!("card {} has no step {}", a.card, a.cursor.pc))),
                }
                Some(a.seat)
            }
        };
        if let Some(s) = seat
            && usize::from(s) >= players
        {
            return Err(bad(path, format!("there is no seat {s}")));
        }
    }
    Ok(State { t })
}
