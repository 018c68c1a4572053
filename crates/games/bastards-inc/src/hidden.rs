//! Hidden information (BI-CARD-5, BI-DRAW-4, BI-PLACE-1, BI-BATTLE-2): determinization for the bots
//! and the secrets the leak test looks for.

use worlds_engine::{Chance, Player, Viewer};

use crate::aim;
use crate::card::CardSet;
use crate::content::Content;
use crate::ctx;
use crate::deal;
use crate::state::{Choice, Deed, Stage, State, Step, Table};

/// A state `viewer` cannot tell from `s`: the others' hands dealt again from the cards he cannot
/// see (their sizes kept), and their hidden choices in progress chosen again at random.
pub fn determinize(c: &Content, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
    let mut d = s.clone();
    let t = &mut d.t;
    let mut pool = t.seats.iter().filter(|&(q, _)| q != viewer).fold(t.deck, |set, (_, seat)| set | seat.hand);
    // A player naming a commission's card is dealt first, from every card the viewer cannot see.
    let naming = match t.stack.top() {
        Some(Step::Commission(m)) if m.kind.is_none() && m.from != viewer => Some(*m),
        _ => None,
    };
    if let Some(m) = naming {
        let q = m.from;
        let size = t.seats[q].hand.len();
        t.seats[q].hand = offerer_hand(c, t, q, m.to, &mut pool, size, rng);
    }
    for q in Player::all(t.players()).filter(|&q| q != viewer) {
        if naming.is_none_or(|m| m.from != q) {
            t.seats[q].hand = pool.deal(t.seats[q].hand.len(), rng);
        }
        resample_secret(c, t, q, rng);
    }
    t.deck = pool;
    d
}

/// BI-DEAL-4: a player naming the card of his commission had one to name, and everyone knows it;
/// his hand dealt again must leave him one: a business card design the named player could play,
/// with a copy he has not seen (BI-DEAL-4 offers only those). Hands are tried at random; should
/// none do, a copy of such a design in `pool` is kept out of his hand.
fn offerer_hand(
    c: &Content,
    t: &mut Table,
    q: Player,
    to: Player,
    pool: &mut CardSet,
    size: u32,
    rng: &mut impl Chance,
) -> CardSet {
    let names_one = |t: &Table| (0..c.cards.kinds.len()).any(|kind| deal::offerable(c, t, q, to, kind));
    for _ in 0..32 {
        let mut left = *pool;
        t.seats[q].hand = left.deal(size, rng);
        if names_one(t) {
            *pool = left;
            return t.seats[q].hand;
        }
    }
    let public = t.face_up();
    for (kind, k) in c.cards.kinds.iter().enumerate() {
        let mut copies = c.cards.copies(kind) - public;
        if copies.is_empty() || !k.is_business_action() || !aim::can_play(c, t, to, k) {
            continue;
        }
        // A copy the viewer holds is one the offerer has not seen, whatever his hand.
        if !(copies - *pool).is_empty() {
            return pool.deal(size, rng);
        }
        if pool.len() <= size {
            continue;
        }
        let Some(kept) = copies.draw(rng) else { continue };
        pool.remove(kept);
        let hand = pool.deal(size, rng);
        pool.insert(kept);
        return hand;
    }
    pool.deal(size, rng)
}

/// `q`'s hidden choice drawn again: what he may have marked, bought or lifted, or resisted with,
/// as far as he has got (open or made).
fn resample_secret(c: &Content, t: &mut Table, q: Player, rng: &mut impl Chance) {
    let Some(old) = t.choices.get(q) else { return };
    let stage = t.stage(q);
    let seat = &t.seats[q];
    let mut s = Choice::default();
    match t.stack.top() {
        Some(Step::Draw) => {
            for k in seat.hand.iter() {
                if rng.pick(4) == 0 {
                    s.marked.insert(k);
                }
            }
            let affordable = (1..=3).filter(|&l| ctx::can_pay(seat, ctx::effort_price(c, l))).count() as u32;
            if rng.pick(2) == 1 && affordable > 0 {
                s.extra = rng.pick(affordable) as u8 + 1;
                s.goodwill = ctx::goodwill_parts(seat, ctx::effort_price(c, s.extra)).0 as u8;
            }
        }
        Some(Step::Lift) => {
            for i in (0..crate::state::VPS).filter(|&i| ctx::may_lift(t, q, i)) {
                if rng.pick(3) == 0 {
                    s.lift |= 1 << i;
                }
            }
        }
        Some(Step::Battle(_)) if stage == Stage::Done => {
            let most = seat.goodwill;
            s.resist = match rng.pick(2) {
                0 => None,
                _ => Some(rng.pick(most.min(12) + 1)),
            };
        }
        _ => s = old,
    }
    if t.choices.is_open(q) {
        t.choices.open(q, s);
    } else {
        t.choices.commit(q, s);
    }
}

/// For the leak test: the card numbers (as JSON writes them) of every card in another player's
/// hand, and the names of designs no copy of which `viewer` can see (a design named by a pending
/// commission is public).
pub fn secrets(c: &Content, s: &State, viewer: Viewer) -> Vec<String> {
    let t = &s.t;
    let me = viewer.player();
    let hidden = t.seats.iter().filter(|&(q, _)| Some(q) != me).fold(CardSet::EMPTY, |set, (_, seat)| set | seat.hand);
    let mut visible = t.face_up() | me.map_or(CardSet::EMPTY, |p| t.seats[p].hand);
    let mut named = CardSet::EMPTY;
    for step in t.stack.iter() {
        match step {
            Step::Act(a) => match a.deed {
                Deed::Play(k) | Deed::Use(k) => {
                    visible.insert(k);
                }
                Deed::Sell(_) => {}
            },
            Step::Commission(m) => match m.kind {
                Some(k) => {
                    named.insert(k);
                }
                // The offerer's own menu of cards to name comes from what he knows, not from the
                // hands he cannot see.
                None if me == Some(m.from) => named = !CardSet::EMPTY,
                None => {}
            },
            Step::Window(w) => {
                if let Some((k, _)) = w.card {
                    visible.insert(k);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for k in hidden.iter() {
        out.push(format!("\"card\":{k},"));
        out.push(format!("\"card\":{k}}}"));
    }
    for (kind, card) in c.cards.kinds.iter().enumerate() {
        let copies = c.cards.copies(kind);
        if !(copies & hidden).is_empty() && (copies & visible).is_empty() && !named.contains(kind as u8) {
            out.push(card.name.clone());
        }
    }
    out
}
