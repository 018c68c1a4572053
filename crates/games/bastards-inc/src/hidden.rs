//! Hidden information (BI-CARD-5, BI-DRAW-4, BI-PLACE-1, BI-BATTLE-2): determinization for the bots
//! and the secrets the leak test looks for.

use worlds_engine::cards::CardSet;
use worlds_engine::{Chance, Player, Viewer};

use crate::aim;
use crate::content::Content;
use crate::ctx::{self, bit};
use crate::deal;
use crate::state::{Deed, Secret, Spot, Stage, State, Step, Table};

/// `k` cards dealt at random from `pool` (taken out of it).
fn sample(pool: &mut u64, k: usize, rng: &mut impl Chance) -> u64 {
    let mut left = CardSet::<1>::from_bits(*pool);
    let dealt = left.deal(k as u32, rng);
    *pool = left.bits();
    dealt.bits()
}

/// A state `viewer` cannot tell from `s`: the others' hands dealt again from the cards he cannot
/// see (their sizes kept), and their hidden choices in progress chosen again at random.
pub fn determinize(c: &Content, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
    let mut d = s.clone();
    let t = &mut d.t;
    let mut pool = t.deck;
    for (q, seat) in t.seats.iter() {
        if q != viewer {
            pool |= seat.hand;
        }
    }
    // A player naming a commission's card is dealt first, from every card the viewer cannot see.
    let naming = match t.stack.top() {
        Some(Step::Commission(m)) if m.kind.is_none() && m.from != viewer => Some(*m),
        _ => None,
    };
    if let Some(m) = naming {
        let q = m.from;
        let size = t.seats[q].hand_size();
        t.seats[q].hand = offerer_hand(c, t, q, m.to, &mut pool, size, rng);
    }
    for q in Player::all(t.players()).filter(|&q| q != viewer) {
        if naming.is_none_or(|m| m.from != q) {
            let size = t.seats[q].hand_size();
            t.seats[q].hand = sample(&mut pool, size, rng);
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
    pool: &mut u64,
    size: usize,
    rng: &mut impl Chance,
) -> u64 {
    let names_one = |t: &Table| (0..c.cards.kinds.len()).any(|kind| deal::offerable(c, t, q, to, kind));
    for _ in 0..32 {
        let mut left = *pool;
        t.seats[q].hand = sample(&mut left, size, rng);
        if names_one(t) {
            *pool = left;
            return t.seats[q].hand;
        }
    }
    let mut public = t.discard;
    for s in t.seats.values() {
        public |= s.table | s.bunker.map_or(0, bit);
    }
    for (kind, k) in c.cards.kinds.iter().enumerate() {
        let first = c.cards.first[kind];
        let copies: u64 = (first..first + k.copies).fold(0, |set, n| set | bit(n)) & !public;
        if copies == 0 || !k.is_business_action() || !aim::can_play(c, t, to, k) {
            continue;
        }
        // A copy the viewer holds is one the offerer has not seen, whatever his hand.
        if copies & !*pool != 0 {
            return sample(pool, size, rng);
        }
        if (pool.count_ones() as usize) <= size {
            continue;
        }
        let Some(kept) = CardSet::<1>::from_bits(copies).draw(rng) else { continue };
        let mut left = *pool & !bit(kept);
        let hand = sample(&mut left, size, rng);
        *pool = left | bit(kept);
        return hand;
    }
    sample(pool, size, rng)
}

fn resample_secret(c: &Content, t: &mut Table, q: Player, rng: &mut impl Chance) {
    let seat = &t.seats[q];
    let old = seat.secret;
    if old.stage == Stage::Idle {
        return;
    }
    let mut s = Secret { stage: old.stage, ..Secret::default() };
    match t.stack.top() {
        Some(Step::Draw) => {
            for k in ctx::cards(seat.hand) {
                if rng.pick(4) == 0 {
                    s.marked |= bit(k);
                }
            }
            if s.stage == Stage::Goodwill {
                s.stage = Stage::Choosing;
            }
            let affordable = (1..=3).filter(|&l| ctx::can_pay(seat, ctx::effort_price(c, l))).count() as u32;
            if rng.pick(2) == 1 && affordable > 0 {
                s.extra = rng.pick(affordable) as u8 + 1;
                s.goodwill = ctx::goodwill_parts(seat, ctx::effort_price(c, s.extra)).0 as u8;
            }
        }
        Some(Step::Lift) => {
            for (i, v) in seat.vps.iter().enumerate() {
                let on_board = matches!(v.at, Spot::Region(_) | Spot::Square(_));
                if on_board && ctx::may_leave(t, q, i) && rng.pick(3) == 0 {
                    s.lift |= 1 << i;
                }
            }
        }
        Some(Step::Battle(_)) if s.stage == Stage::Done => {
            let most = seat.goodwill;
            s.resist = match rng.pick(2) {
                0 => None,
                _ => Some(rng.pick(most.min(12) + 1)),
            };
        }
        _ => s = old,
    }
    t.seats[q].secret = s;
}

/// For the leak test: the card numbers (as JSON writes them) of every card in another player's
/// hand, and the names of designs no copy of which `viewer` can see (a design named by a pending
/// commission is public).
pub fn secrets(c: &Content, s: &State, viewer: Viewer) -> Vec<String> {
    let t = &s.t;
    let me = viewer.player();
    let mut hidden = 0u64;
    for (q, seat) in t.seats.iter() {
        if Some(q) != me {
            hidden |= seat.hand;
        }
    }
    let mut visible = t.discard;
    if let Some(p) = me {
        visible |= t.seats[p].hand;
    }
    for seat in t.seats.values() {
        visible |= seat.table;
        if let Some(b) = seat.bunker {
            visible |= bit(b);
        }
    }
    let mut named = 0u64;
    for step in t.stack.iter() {
        match step {
            Step::Act(a) => match a.deed {
                Deed::Play(k) | Deed::Use(k) => visible |= bit(k),
                Deed::Sell(_) => {}
            },
            Step::Commission(m) => match m.kind {
                Some(k) => named |= bit(k),
                // The offerer's own menu of cards to name comes from what he knows, not from the
                // hands he cannot see.
                None if me == Some(m.from) => named = u64::MAX,
                None => {}
            },
            Step::Window(w) => {
                if let Some((k, _)) = w.card {
                    visible |= bit(k);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for k in ctx::cards(hidden) {
        out.push(format!("\"card\":{k},"));
        out.push(format!("\"card\":{k}}}"));
    }
    for (kind, card) in c.cards.kinds.iter().enumerate() {
        let first = c.cards.first[kind];
        let copies: u64 = (first..first + card.copies).fold(0, |set, n| set | bit(n));
        if copies & hidden != 0 && copies & visible == 0 && named & bit(kind as u32) == 0 {
            out.push(card.name.clone());
        }
    }
    out
}
