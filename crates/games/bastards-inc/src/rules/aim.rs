//! What an act may aim at and whether it can be done at all: an Action card's legal targets and
//! cost (BI-CARD-3, BI-CARD-4), a Business Opportunity's slots and joint-venture partners (BI-BO-1,
//! BI-JV-1, BI-DEAL-5). A choice is offered only when the act it starts can be finished
//! (BI-RULING-4).

use worlds_engine::Player;

use crate::attr::{Attr, Entry};
use crate::card::{Card, CardNo, Cost, KindNo, Op, TargetKind};
use crate::content::Content;
use crate::ctx;
use crate::state::{Spot, Table, Target, VPS};

/// What playing a card of design `k` costs `p` now (BI-CARD-3); "twice the new value" of the
/// attribute it raises.
pub fn cost(t: &Table, p: Player, k: &Card) -> u32 {
    match k.cost {
        Cost::Free => 0,
        Cost::Fixed(n) => u32::from(n),
        Cost::TwiceNew(a) => 2 * (u32::from(t.seats[p].attrs[a.index()]) + 1),
    }
}

/// Whether `p` could play a card of design `k` now, target aside: its cost paid (BI-CARD-3), an
/// attribute it raises below 6, no second bunker (BI-BUNKER-1), a VP left to gain (BI-COMP-2).
pub fn playable(t: &Table, p: Player, k: &Card) -> bool {
    let seat = &t.seats[p];
    if !ctx::can_pay(seat, cost(t, p, k)) {
        return false;
    }
    if let Cost::TwiceNew(a) = k.cost
        && seat.attrs[a.index()] >= 6
    {
        return false;
    }
    if k.has(|op| *op == Op::Bunker) && seat.bunker.is_some() {
        return false;
    }
    if k.has(|op| *op == Op::NewVp) && !seat.has_at(Spot::Supply) {
        return false;
    }
    true
}

/// The legal targets of a card of design `k` for its player `p` (BI-CARD-3, BI-CARD-4).
pub fn targets(c: &Content, t: &Table, p: Player, k: &Card, out: &mut impl FnMut(Target)) {
    let n = t.players();
    match k.target {
        TargetKind::None => {}
        TargetKind::Player => {
            for q in Player::all(n).filter(|&q| q != p) {
                out(Target::Player(q));
            }
        }
        TargetKind::Region(f) => {
            for r in 0..crate::board::REGIONS as u8 {
                let ok = f.war.is_none_or(|w| t.at_war(r) == w)
                    && f.superpower.is_none_or(|s| (r == c.board.superpower) == s)
                    && (!f.counter_free || t.counters() < crate::state::COUNTERS)
                    && (!f.sellable || ctx::sellable(c, t, p, r))
                    && (!f.no_own_vp || !t.seats[p].has_at(Spot::Region(r)));
                if ok {
                    out(Target::Region(r));
                }
            }
        }
        TargetKind::Vp(f) => {
            // BI-CARD-4: an effect never moves a VP out of a region at war.
            let moves = k.has(|op| *op == Op::Lounge);
            for q in Player::all(n).filter(|&q| (q == p) == f.own) {
                for (i, v) in t.seats[q].vps.iter().enumerate() {
                    let Spot::Region(r) = v.at else { continue };
                    let ok = (!f.crime || v.entry == Some(Entry::Crime))
                        && (!f.black || v.black > 0)
                        && f.war.is_none_or(|w| t.at_war(r) == w)
                        && !(moves && t.at_war(r));
                    if ok {
                        out(Target::Vp(q, i as u8));
                    }
                }
            }
        }
        TargetKind::Opportunity(f) => {
            for q in Player::all(n).filter(|&q| (q == p) == f.own) {
                let seat = &t.seats[q];
                for card in seat.table.iter() {
                    let upright = !seat.sideways.contains(card);
                    if f.upright.is_none_or(|u| u == upright) {
                        out(Target::Card(card));
                    }
                }
            }
        }
    }
}

/// Whether `target` is one of the legal targets of `k` for `p`.
pub fn is_target(c: &Content, t: &Table, p: Player, k: &Card, target: Target) -> bool {
    let mut found = false;
    targets(c, t, p, k, &mut |x| found |= x == target);
    found
}

/// Whether `p` can play a card of design `k` now on some legal target (or needs none).
pub fn can_play(c: &Content, t: &Table, p: Player, k: &Card) -> bool {
    if !playable(t, p, k) {
        return false;
    }
    if k.target == TargetKind::None {
        return true;
    }
    let mut any = false;
    targets(c, t, p, k, &mut |_| any = true);
    any
}

/// Whether a VP stands where slot `s` of Business Opportunity `k` needs it (BI-BO-1).
fn fits(t: &Table, k: &Card, s: usize, q: Player, i: usize) -> bool {
    let Some(slot) = k.slots.get(s) else { return false };
    match t.seats[q].vps[i].at {
        Spot::Region(r) => slot.region.map_or(t.at_war(r), |need| need == r),
        _ => false,
    }
}

/// Whether `q` may be proposed a joint venture in `card` by its owner now (BI-DEAL-5).
fn may_propose(t: &Table, card: CardNo, q: Player) -> bool {
    !t.proposed[q.index()].contains(card)
}

/// The VPs that can fill slot `s` of `card` (design `k`) for its owner `p`, when `taken` filled
/// the other slot (or `None` yet): his own VPs, and for a two-slot card a partner's VP when the
/// other slot is (or can be) his own (BI-JV-1).
pub fn slot_options(
    t: &Table,
    p: Player,
    card: CardNo,
    k: &Card,
    s: usize,
    taken: Target,
    out: &mut impl FnMut(Target),
) {
    let two = k.slots.len() == 2;
    let other = 1 - s;
    let partner_taken = matches!(taken, Target::Vp(q, _) if q != p);
    for q in Player::all(t.players()) {
        for i in 0..VPS {
            if !fits(t, k, s, q, i) || taken == Target::Vp(q, i as u8) {
                continue;
            }
            let ok = if q == p {
                // The other slot must still be fillable: by another own VP, or a partner's.
                !two || taken != Target::None
                    || Player::all(t.players()).any(|q2| {
                        (0..VPS).any(|j| {
                            fits(t, k, other, q2, j) && !(q2 == p && j == i) && (q2 == p || may_propose(t, card, q2))
                        })
                    })
            } else {
                two && !partner_taken
                    && may_propose(t, card, q)
                    && (taken != Target::None || (0..VPS).any(|j| fits(t, k, other, p, j)))
            };
            if ok {
                out(Target::Vp(q, i as u8));
            }
        }
    }
}

/// Whether `p` can use Business Opportunity `card` now: its attribute minimum met (with the
/// bonus, BI-EFFORT-1) and its slots fillable (BI-BO-1, BI-JV-1).
pub fn can_use(c: &Content, t: &Table, p: Player, card: CardNo) -> bool {
    let k = c.cards.card(card);
    if let Some((a, n)) = k.requires
        && t.seats[p].value(a) < n
    {
        return false;
    }
    let mut any = false;
    slot_options(t, p, card, k, 0, Target::None, &mut |_| any = true);
    any
}

/// Whether some copy of design `kind` might be in `q`'s hand as far as `p` knows: not every copy
/// is in the discard pile, in `p`'s hand or in front of a player (BI-CARD-5).
pub fn might_hold(c: &Content, t: &Table, p: Player, kind: KindNo) -> bool {
    !c.cards.copies(usize::from(kind)).is_subset(t.face_up() | t.seats[p].hand)
}

/// The value an attribute must beat to launder in region `r` (BI-LAUNDER-1).
pub fn launders(c: &Content, t: &Table, p: Player, r: u8, a: Attr) -> bool {
    matches!(a, Attr::Corruption | Attr::Crime) && t.seats[p].value(a) > c.board.region(r).minimum(a)
}
