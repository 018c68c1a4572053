//! Hidden information (WOOB-HAND-1): what a viewer cannot know, dealt again for the bots
//! (`determinize`), and the names and ids a viewer must never be shown (`secrets`, for the leak
//! test and undo).

use worlds_engine::{Chance, Player, Viewer};

use crate::card::{CardId, CardSet};
use crate::content::Content;
use crate::state::State;

/// A state `viewer` cannot tell from `s`.
pub fn determinize(c: &Content, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
    // The viewer cannot tell which unseen action cards are in the deck and which in the others'
    // hands (or chosen face down this cycle): deal those again at random, same sizes. Cards
    // known to all stay with their holder, but a holder who has chosen face down may have
    // chosen one of them: the choice is made again among the holder's cards. Environments
    // never sit in hands.
    let mut d = s.clone();
    let n = s.players();
    let mut pool = s.deck - c.environments;
    for p in Player::all(n).filter(|&p| p != viewer) {
        pool |= (s.hand(p) | s.hidden_choice(p).map_or(CardSet::EMPTY, CardId::set)) - s.known[p];
    }
    d.deck = s.deck & c.environments;
    for p in Player::all(n).filter(|&p| p != viewer) {
        let choice = s.hidden_choice(p);
        let known = s.known_to_all(p);
        let held = s.hand(p).len() + u32::from(choice.is_some());
        // The pool always holds enough: it has every card of the others the viewer cannot place.
        let mut cards = known | pool.deal(held.saturating_sub(known.len()), rng);
        if choice.is_some()
            && let Some(card) = cards.draw(rng)
            && let Some(c) = d.cycle.as_mut()
        {
            c.chosen.commit(p, CardId(card));
        }
        d.hands[p] = cards;
    }
    d.deck |= pool;
    d
}

/// WOOB-HAND-1: the cards in other hands that are not known to all, and other players' cards
/// chosen face down and not yet revealed: by name, and as a card id in event JSON (followed by
/// the `,` or `}` that ends it, so card 3 is not found in card 33).
pub fn secrets(c: &Content, s: &State, viewer: Viewer) -> Vec<String> {
    let me = viewer.player();
    let mut hidden = CardSet::EMPTY;
    for (p, &hand) in s.hands.iter() {
        if Some(p) != me {
            hidden |= hand - s.known[p];
        }
    }
    if let Some(k) = &s.cycle {
        for (p, card) in k.chosen.hidden_from(viewer) {
            // A card known to all may be named; which of them was chosen is the secret.
            hidden |= card.set() - s.known[p];
        }
    }
    CardId::in_set(hidden)
        .flat_map(|id| {
            let json = format!("\"card\":{}", id.index());
            [c.card(id).name.clone(), format!("{json},"), format!("{json}}}")]
        })
        .collect()
}
