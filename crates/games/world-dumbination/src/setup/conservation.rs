//! Every component somewhere, exactly once (WD-COMP): each card of the game in one place (a deck, a
//! discard pile, a hand, a card space, the projects, the peace track, the Dumbness cards' piles, or
//! out of the game), the counts of Dumbness cards added and drawn, each player's 14 markers, the
//! First Goals and the target tokens.

use worlds_engine::StateError;

use crate::card::{Card, Deck, Kind, Step as Op};
use crate::content::Content;
use crate::dumb;
use crate::state::{CardSet, MARKERS, Phase, Table, Token};
use crate::validate::bad;

/// Checks that every card, marker and token of the position is where the rules can put it.
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn check(c: &Content, t: &Table) -> Result<(), StateError> {
    cards(c, t)?;
    goals(c, t)?;
    dumbness(c, t)?;
    markers(t)?;
    targets(t)
}

/// WD-COMP-1: each card in one place, each place holding only the cards it can hold, and every
/// Level card somewhere.
fn cards(c: &Content, t: &Table) -> Result<(), StateError> {
    let mut seen = CardSet::EMPTY;
    let mut take = |set: CardSet, path: &str, fits: &dyn Fn(&Card) -> Result<(), String>| {
        for k in set.iter() {
            let Some(card) = c.cards.get(k) else {
                return Err(bad(path, format!("no card has the number {k}")));
            };
            if seen.contains(k) {
                return Err(bad(path, format!("card {k} is in two places")));
            }
            fits(card).map_err(|why| bad(path, format!("card {k} ({}) {why}", card.name)))?;
            seen.insert(k);
        }
        Ok(())
    };
    let level = |l: usize| {
        move |k: &Card| {
            if k.deck.level() == Some(l) { Ok(()) } else { Err(format!("is not a Level {} card (WD-CARD-1)", l + 1)) }
        }
    };
    // Dumbness cards join the decks by the level on their backs, if any (WD-SETUP-10).
    let dumbness = |l: usize| {
        move |k: &Card| match (k.deck, k.back.and_then(Deck::level)) {
            (Deck::Dumbness, None) => Ok(()),
            (Deck::Dumbness, Some(b)) if b == l => Ok(()),
            _ => Err(format!("is no Dumbness card of the Level {} deck (WD-SETUP-10)", l + 1)),
        }
    };
    for l in 0..2 {
        let deck = |k: &Card| level(l)(k).or_else(|_| dumbness(l)(k));
        take(t.decks[l], &format!("decks[{l}]"), &deck)?;
        take(t.discards[l], &format!("discards[{l}]"), &level(l))?;
        take(t.dumb.down[l], &format!("dumb.down[{l}]"), &dumbness(l))?;
    }
    let any_dumbness = |k: &Card| {
        if k.deck == Deck::Dumbness { Ok(()) } else { Err("is not a Dumbness card (WD-DUMB-2)".to_owned()) }
    };
    take(t.dumb.up, "dumb.up", &any_dumbness)?;
    take(t.dumb.spent, "dumb.spent", &any_dumbness)?;
    // Cards leave the game with Alien Ship (WD-CARD-13), and used bombs (WD-NUKE-5).
    let leaving: Vec<&str> = c
        .cards
        .all()
        .iter()
        .flat_map(|k| k.all_steps())
        .filter_map(|s| if let Op::LeaveGame { keyword } = s { Some(keyword.as_str()) } else { None })
        .collect();
    let gone = |k: &Card| {
        if k.is_nuclear_bomb() || leaving.iter().any(|w| k.answers_to(w)) {
            Ok(())
        } else {
            Err("never leaves the game (WD-CARD-13, WD-NUKE-5)".to_owned())
        }
    };
    take(t.dumb.gone, "dumb.gone", &gone)?;
    for (i, spot) in t.peace.iter().enumerate() {
        if let Some((_, k)) = *spot {
            let bomb = |x: &Card| if x.is_nuclear_bomb() { Ok(()) } else { Err("is no Nuclear Bomb".to_owned()) };
            take(CardSet::from_ids([k]), &format!("peace[{i}]"), &bomb)?;
        }
    }
    for (p, seat) in t.seats.iter() {
        // Level 2 cards once the First Goal is completed (WD-CARD-2; the short game has none to
        // complete, WD-VAR-1).
        let held = |k: &Card| match k.deck {
            Deck::Level1 => Ok(()),
            Deck::Level2 if seat.goal_done => Ok(()),
            Deck::Level2 => Err("is a Level 2 card, drawn only once the First Goal is completed (WD-CARD-2)".into()),
            _ => Err("never goes to a hand or a card space (WD-DUMB-6, WD-GOAL-3)".to_owned()),
        };
        take(seat.hand, &format!("seats[{}].hand", p.index()), &held)?;
        for (i, placed) in seat.spaces.iter().enumerate() {
            if let Some(placed) = placed {
                take(CardSet::from_ids([placed.card]), &format!("seats[{}].spaces[{i}]", p.index()), &held)?;
            }
        }
        for (i, card) in t.placement(p).cards.into_iter().enumerate() {
            if let Some(k) = card {
                take(CardSet::from_ids([k]), &format!("placements.chosen[{}].cards[{i}]", p.index()), &held)?;
            }
        }
        let project = |k: &Card| match k.kind {
            Kind::Blue => Ok(()),
            Kind::Dumbness if k.is_won() => Ok(()),
            Kind::FirstGoal if seat.goal == Some(k.number) && seat.goal_done => Ok(()),
            _ => Err("is not a project of this player (WD-CARD-7, WD-GOAL-3, WD-DUMB-4)".to_owned()),
        };
        take(seat.projects, &format!("seats[{}].projects", p.index()), &project)?;
        for (i, set) in seat.sabotaged.iter().enumerate() {
            if let Some(k) = set.minus(seat.projects).iter().next() {
                return Err(bad(
                    format!("seats[{}].sabotaged[{i}]", p.index()),
                    format!("card {k} is not among the projects"),
                ));
            }
        }
        if !seat.sabotaged[0].intersect(seat.sabotaged[1]).is_empty() {
            return Err(bad(
                format!("seats[{}].sabotaged", p.index()),
                "a sabotaged project is not sabotaged again (WD-CARD-8)",
            ));
        }
    }
    for card in c.cards.all().iter().filter(|k| k.deck.level().is_some()) {
        if !seen.contains(card.number) {
            return Err(bad(
                format!("decks[{}]", card.deck.level().unwrap_or(0)),
                format!(
                    "card {} ({}) is nowhere: every card is in a deck, a discard pile, a hand, on a card space, \
                     among the projects, on the peace track or out of the game (WD-COMP-1)",
                    card.number, card.name
                ),
            ));
        }
    }
    // WD-NUKE-5: a bomb fired is out of the game or still on its card space.
    let mut used = t.dumb.gone.iter().filter(|&k| c.cards.get(k).is_some_and(Card::is_nuclear_bomb)).count();
    for seat in t.seats.values() {
        used += seat.spaces.iter().flatten().filter(|x| crate::ctx::used_bomb(c, x)).count();
    }
    if usize::from(t.bombs_fired) > used {
        return Err(bad(
            "bombs_fired",
            format!("{} bombs fired, but only {used} were used (WD-NUKE-5)", t.bombs_fired),
        ));
    }
    Ok(())
}

/// WD-SETUP-8, WD-GOAL-3, WD-VAR-1: the kept First Goals.
fn goals(c: &Content, t: &Table) -> Result<(), StateError> {
    for (p, seat) in t.seats.iter() {
        let at = |f: &str| format!("seats[{}].{f}", p.index());
        if c.short {
            if seat.goal.is_some() || !seat.goal_done || seat.goal_flip.is_some() {
                return Err(bad(at("goal"), "the short game has no First Goals (WD-VAR-1)"));
            }
            continue;
        }
        let Some(g) = seat.goal else {
            if t.phase() != Phase::Setup || seat.goal_done || seat.goal_flip.is_some() {
                return Err(bad(at("goal"), "every player keeps a First Goal at set-up (WD-SETUP-8)"));
            }
            continue;
        };
        if !c.cards.first_goals(seat.nation).contains(&g) {
            return Err(bad(at("goal"), format!("card {g} is not one of {}'s First Goals", seat.nation.name())));
        }
        if seat.goal_done != seat.projects.contains(g) || (seat.goal_done && !seat.goal_shown) {
            return Err(bad(
                at("goal_done"),
                "a completed First Goal was turned and lies among the projects (WD-GOAL-3)",
            ));
        }
        if seat.goal_flip.is_some() && (seat.goal_done || t.round < 2) {
            return Err(bad(
                at("goal_flip"),
                "only a First Goal not yet completed is flipped, from round 2 (WD-GOAL-2)",
            ));
        }
    }
    Ok(())
}

/// WD-SETUP-10, WD-DRAW-2, WD-DUMB: the Dumbness cards added to each deck and drawn from it.
fn dumbness(c: &Content, t: &Table) -> Result<(), StateError> {
    let d = &t.dumb;
    let per = if c.serious { 0 } else { dumb::per_deck(t.seats.len()) };
    let all: CardSet = c.cards.deck(Deck::Dumbness).map(|k| k.number).collect();
    for l in 0..2 {
        if usize::from(d.added[l]) > per {
            return Err(bad(format!("dumb.added[{l}]"), format!("{per} Dumbness cards join each deck (WD-SETUP-10)")));
        }
        let in_deck = t.decks[l].intersect(all).len();
        if in_deck + u32::from(d.drawn[l]) > u32::from(d.added[l]) {
            return Err(bad(
                format!("dumb.drawn[{l}]"),
                format!("{in_deck} in the deck and {} drawn, of {} added (WD-SETUP-10)", d.drawn[l], d.added[l]),
            ));
        }
        if d.down[l].len() > u32::from(d.drawn[l]) {
            return Err(bad(format!("dumb.down[{l}]"), "more face down than were drawn (WD-DRAW-2)"));
        }
    }
    let won: u32 = t.seats.values().map(|s| s.projects.intersect(all).len()).sum();
    let drawn_seen = d.down[0].len() + d.down[1].len() + d.up.len() + d.spent.len() + won;
    let gone = d.gone.intersect(all).len();
    let drawn = u32::from(d.drawn[0]) + u32::from(d.drawn[1]);
    if drawn < drawn_seen || drawn > drawn_seen + gone {
        return Err(bad(
            "dumb.drawn",
            format!("{drawn} drawn, but {drawn_seen} are on the board, won or spent (WD-DRAW-2, WD-DUMB-2)"),
        ));
    }
    for (i, r) in d.rules.iter().enumerate() {
        let path = format!("dumb.rules[{i}]");
        if !d.up.contains(r.card) {
            return Err(bad(path, format!("card {} is not face up on the board", r.card)));
        }
        // A change lasts at most 255 rounds (its card's `rounds`), and ends in phase 7 of `until`.
        if r.until < t.round || r.until - t.round >= u16::from(u8::MAX) {
            return Err(bad(path, format!("the change ends in phase 7 of round {}, so it is over", r.until)));
        }
        if d.rules[..i].iter().any(|o| o.card == r.card && o.kind == r.kind) {
            return Err(bad(path, "the change is in force once"));
        }
    }
    Ok(())
}

/// WD-COMP-2, WD-MARK-4, WD-MARK-5: each player's 14 markers are on the leaderboard, on the board or
/// on the peace track.
fn markers(t: &Table) -> Result<(), StateError> {
    for (p, seat) in t.seats.iter() {
        let board = t.markers.iter().filter(|&&m| m == Some(p)).count();
        let peace = t.peace.iter().flatten().filter(|(q, _)| *q == p).count();
        let all = usize::from(seat.markers) + board + peace;
        if all != usize::from(MARKERS) {
            return Err(bad(
                format!("seats[{}].markers", p.index()),
                format!(
                    "{} on the leaderboard, {board} on the board and {peace} on the peace track make {all}, \
                     not the {MARKERS} markers of a player (WD-COMP-2)",
                    seat.markers
                ),
            ));
        }
        if seat.disarmed && (peace == 0 || !matches!(t.phase(), Phase::Flip | Phase::Move | Phase::Buy)) {
            return Err(bad(
                format!("seats[{}].disarmed", p.index()),
                "a disarmament this round puts a marker on the peace track",
            ));
        }
    }
    for (i, spot) in t.peace.iter().enumerate() {
        if let Some((q, _)) = spot {
            if q.index() >= t.seats.len() {
                return Err(bad(format!("peace[{i}]"), format!("there is no seat {}", q.index())));
            }
            if i > 0 && t.peace[i - 1].is_none() {
                return Err(bad(format!("peace[{i}]"), "peace spots fill from the lowest (WD-PEACE-1)"));
            }
        }
    }
    Ok(())
}

/// WD-COMP-2, WD-ELIM-1, WD-ELIM-3: a target token shows Peace or the nation of another player still
/// in the game.
fn targets(t: &Table) -> Result<(), StateError> {
    for (p, seat) in t.seats.iter() {
        if let Some(Token::Nation(n)) = seat.target
            && !t.seat_of(n).is_some_and(|q| q != p && t.seats[q].in_game())
        {
            return Err(bad(
                format!("seats[{}].target", p.index()),
                format!("{} is no other nation in the game: its tokens left with it (WD-ELIM-1)", n.name()),
            ));
        }
    }
    Ok(())
}
