//! Hidden information (WD-INFO-2, WD-INFO-4): determinization for the bots and the secrets the leak
//! test looks for.

use worlds_engine::{Chance, Viewer};

use crate::card::CardNo;
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::place;
use crate::state::{CardSet, Lying, State, Token};

/// The cards of `set` of a level (0 or 1).
fn level_of(c: &Content, set: CardSet, l: usize) -> CardSet {
    let mut out = CardSet::EMPTY;
    for k in set.iter().filter(|&k| ctx::level(c, k) == Some(l)) {
        out.insert(k);
    }
    out
}

fn take(pool: &mut CardSet, rng: &mut impl Chance) -> Option<CardNo> {
    let k = pool.nth(rng.pick(pool.len() as u32) as usize)?;
    pool.remove(k);
    Some(k)
}

/// WD-INFO-4 (Part 1), WD-RULING-1: others' hands (keeping how many cards of each level each holds), their
/// face-down cards (each, where it can be, one whose need its player meets), the decks, others'
/// kept First Goals (one of their nation's two until completed) and unturned target tokens.
pub fn determinize(c: &Content, s: &State, viewer: usize, rng: &mut impl Chance) -> State {
    let mut d = s.clone();
    let t = &mut d.t;
    let map = Map::new(c, &s.t);
    let mut pool = [t.decks[0], t.decks[1]];
    for (p, seat) in t.seats.iter().enumerate() {
        if p == viewer {
            continue;
        }
        for (l, set) in pool.iter_mut().enumerate() {
            *set = set.union(level_of(c, seat.hand, l));
        }
        for placed in seat.spaces.iter().flatten().filter(|x| x.lying == Lying::Hidden) {
            if let Some(l) = ctx::level(c, placed.card) {
                pool[l].insert(placed.card);
            }
        }
    }
    for p in 0..t.seats.len() {
        if p == viewer {
            continue;
        }
        for i in 0..2 {
            let Some(placed) = t.seats[p].spaces[i].filter(|x| x.lying == Lying::Hidden) else { continue };
            let Some(l) = ctx::level(c, placed.card) else { continue };
            // A few tries for a card its player could have placed; otherwise the last one drawn.
            let mut chosen = None;
            for _ in 0..8 {
                let Some(k) = take(&mut pool[l], rng) else { break };
                let fits = place::fits(c, &s.t, &map, p, k);
                if let Some(old) = chosen.replace(k) {
                    pool[l].insert(old);
                }
                if fits {
                    break;
                }
            }
            let peace = t.seats[p].target == Some(Token::Peace);
            if let (Some(k), Some(pl)) = (chosen, t.seats[p].spaces[i].as_mut()) {
                pl.card = k;
                pl.peace = peace && c.cards.get(k).is_some_and(|x| x.is_nuclear_bomb());
            }
        }
        let hand = t.seats[p].hand;
        let mut dealt = CardSet::EMPTY;
        for (l, set) in pool.iter_mut().enumerate() {
            for _ in 0..level_of(c, hand, l).len() {
                if let Some(k) = take(set, rng) {
                    dealt.insert(k);
                }
            }
        }
        t.seats[p].hand = dealt;
        let seat = &mut t.seats[p];
        if seat.goal.is_some() && !seat.goal_done && !seat.goal_shown {
            let goals = c.cards.first_goals(seat.nation);
            seat.goal = Some(goals[rng.pick(2) as usize]);
        }
    }
    t.decks = pool;
    // Unturned target tokens of others.
    for p in 0..t.seats.len() {
        if p == viewer || t.seats[p].target_turned || t.seats[p].target.is_none() {
            continue;
        }
        let options: Vec<Token> = ctx::tokens(t, p).collect();
        if let Some(&tok) = options.get(rng.pick(options.len() as u32) as usize) {
            let seat = &mut t.seats[p];
            seat.target = Some(tok);
            for pl in seat.spaces.iter_mut().flatten().filter(|x| x.lying == Lying::Hidden) {
                pl.peace = tok == Token::Peace && c.cards.get(pl.card).is_some_and(|x| x.is_nuclear_bomb());
            }
        }
    }
    d
}

/// WD-INFO-2: for the leak test, the numbers (as JSON writes them) of every card `viewer` may not
/// see (others' hands, face-down cards and kept First Goals), and their names where the name is
/// the card's alone (and no other name holds it).
pub fn secrets(c: &Content, s: &State, viewer: Viewer) -> Vec<String> {
    let t = &s.t;
    let me = viewer.player().map(|p| p.index());
    let mut hidden = CardSet::EMPTY;
    for (p, seat) in t.seats.iter().enumerate() {
        if Some(p) == me {
            continue;
        }
        hidden = hidden.union(seat.hand);
        for placed in seat.spaces.iter().flatten().filter(|x| x.lying == Lying::Hidden) {
            hidden.insert(placed.card);
        }
        if let Some(g) = seat.goal.filter(|_| !seat.goal_done && !seat.goal_shown) {
            hidden.insert(g);
        }
    }
    let mut out = Vec::new();
    for k in hidden.iter() {
        out.push(format!("\"number\":{k},"));
        out.push(format!("\"card\":{k},"));
        out.push(format!("\"card\":{k}}}"));
        // A name is a secret only if no other card's name holds it ("Propaganda" is in "Propaganda
        // Film Studio").
        if let Some(card) = c.cards.get(k)
            && c.cards.all().iter().filter(|x| x.name.contains(&card.name) || x.id.contains(&card.id)).count() == 1
        {
            out.push(card.name.clone());
            out.push(card.id.clone());
        }
    }
    out
}
