//! Hidden information (WOD-INFO-2, WOD-INFO-3): the unseen Loot cards dealt again for the bots
//! (`determinize`), and the names and ids a viewer must never be shown (`secrets`, for the leak
//! test and undo).

use worlds_engine::cards::CardSet;
use worlds_engine::{Chance, Player, Viewer};

use crate::content::Content;
use crate::state::{Item, State};

/// WOD-INFO-3: the Loot cards the viewer has not seen (other hands and the Loot deck) are dealt
/// again, hand sizes kept; Patch Notes stay in the deck.
pub fn determinize(c: &Content, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
    let mut d = s.clone();
    let patch = CardSet::<2>::from_bits(c.patch_cards);
    let others =
        d.t.seats.values_mut().enumerate().filter(|&(p, _)| p != viewer.index()).map(|(_, seat)| &mut seat.hand);
    let deck = (s.t.loot_deck - patch).redeal(others, rng);
    d.t.loot_deck = s.t.loot_deck.intersect(patch) | deck;
    d
}

/// WOD-INFO-2: the names of Loot designs in other hands that the viewer cannot see anywhere
/// (a design with a copy in view is no secret by name), and the ids of hidden cards.
pub fn secrets(c: &Content, s: &State, viewer: Viewer) -> Vec<String> {
    let me = viewer.player();
    let t = &s.t;
    let mut hidden = 0u128;
    let mut seen = t.loot_discard.bits();
    for (p, seat) in t.seats.iter() {
        if Some(p) == me {
            seen |= seat.hand.bits();
        } else {
            hidden |= seat.hand.bits();
        }
        seen |= seat.stash.bits();
    }
    // Face up: the turn's Effect cards, a Stash card waiting on the stack, the Patch Notes.
    let stashed = t.pending.iter().filter_map(|i| if let Item::Stash { card } = i { Some(*card) } else { None });
    let shown = t.played.iter().map(|p| p.card).chain(stashed).chain(t.patch.iter().copied());
    seen |= shown.fold(0u128, |set, k| set | 1 << k);
    let seen_defs = worlds_engine::bits::ones(seen).fold(0u64, |set, k| set | 1 << c.def_of(k as u8));
    let mut out = Vec::new();
    let mut named = 0u64;
    for k in worlds_engine::bits::ones(hidden) {
        // By id, as a number in JSON (followed by what ends it, so card 3 is not found in 33).
        out.push(format!("\"card\":{k},"));
        out.push(format!("\"card\":{k}}}"));
        let def = c.def_of(k as u8);
        if seen_defs & (1 << def) == 0 && named & (1 << def) == 0 {
            named |= 1 << def;
            let d = &c.defs[usize::from(def)];
            out.push(d.name.clone());
            out.push(format!("\"{}\"", d.id));
            out.push(format!("play {}", d.id));
            out.push(format!("card {}", d.id));
        }
    }
    out
}
