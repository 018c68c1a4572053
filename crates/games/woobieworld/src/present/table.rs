//! The table: what a viewer sees apart from the map, which the terminal, the browser and Python
//! draw by the engine's shared code.

use worlds_engine::present::{self, Count, Panel, Pile, Table};
use worlds_engine::text::capitalise;

use crate::area::Support;
use crate::card::CardType;
use crate::content::Content;
use crate::state::Phase;
use crate::view::{CardView, Choice, Observation, SeatView};

/// What a viewer sees apart from the map: the turn and phase; for each player their home, score,
/// hand size (and hand, for the viewer), the environments they take care of and their face-down
/// choice; the card being resolved, the deck and the discard pile.
pub fn table(c: &Content, obs: &Observation) -> Table {
    // A card's kind says what a plain action does not: its colour, or that it is an environment.
    let face = |v: &CardView| present::Card {
        id: crate::clicks::card_id(v.number),
        name: v.name.clone(),
        kind: c.cards.iter().find(|k| k.number == v.number).and_then(|k| match k.kind {
            CardType::Action => None,
            // "RED ACTION" → "Red action".
            other => Some(capitalise(&other.label().to_lowercase())),
        }),
        text: v.text.clone().unwrap_or_default(),
    };
    let phase = match obs.phase {
        Phase::ChooseHome => "choosing homes",
        Phase::Choose => "choosing cards face down",
        Phase::Upkeep => "upkeep",
        Phase::Support => "support",
        Phase::Industry => "industry",
        Phase::Play => "play",
        Phase::Draw => "draw",
        Phase::Over(_) => "over",
    };
    let panels = obs
        .seats
        .iter()
        .map(|seat| {
            let mine = obs.viewer.player() == Some(seat.seat);
            // States, as Table::changes puts them after a seat ("P2: choice made face down"), then
            // the cards of the hand known to all (a cycle's choice taken back, WOOB-CYCLE-3).
            let mut notes = match &seat.choice {
                Choice::NotChosen => Vec::new(),
                Choice::Chosen => vec!["choice made face down".to_owned()],
                Choice::Card(card) => vec![format!("choice {}", card.name)],
            };
            if !seat.known.is_empty() {
                notes.push(format!(
                    "holds {}",
                    seat.known.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", ")
                ));
            }
            Panel {
                seat: seat.seat,
                faction: seat.home.as_deref().and_then(|id| c.map.find(id)).map(|a| c.map.name(a).to_owned()),
                counts: counts(obs, seat),
                // The environments it takes care of, then its cycle's choice once revealed.
                cards: obs
                    .in_play
                    .iter()
                    .filter(|e| e.caretaker == seat.seat)
                    .map(|e| &e.card)
                    .chain(match &seat.choice {
                        Choice::Card(card) => Some(card),
                        _ => None,
                    })
                    .map(face)
                    .collect(),
                hand: mine.then(|| obs.hand.iter().map(face).collect()),
                acting: obs.to_act.players().contains(seat.seat),
                notes,
            }
        })
        .collect();
    // The card being resolved, with its player and what was chosen so far, first (an
    // environment's upkeep is on its caretaker's panel).
    let resolving = obs.resolving.as_ref().filter(|r| obs.in_play.iter().all(|e| e.card.number != r.card.number));
    let resolving = resolving.map(|r| {
        let mut card = face(&r.card);
        card.kind = Some(card.kind.map_or_else(|| format!("{}'s", r.player), |k| format!("{}'s {k}", r.player)));
        if !r.so_far.is_empty() {
            card.text = format!("{} (So far: {}.)", card.text, r.so_far.join(", "));
        }
        Pile::new("Resolving", 1, vec![card])
    });
    let piles = [
        Pile::new("Deck", usize::from(obs.deck), Vec::new()),
        Pile::new("Discard", obs.discard.len(), obs.discard.iter().map(face).collect()),
    ];
    Table {
        phase: if obs.turn == 0 { format!("Setup · {phase}") } else { format!("Turn {} · {phase}", obs.turn) },
        panels,
        piles: resolving.into_iter().chain(piles).collect(),
        ..Table::default()
    }
}

/// A seat's score and hand size, then, once it has a home, the support there by colour and its
/// Anarchs (R, Y, G, B, A).
fn counts(obs: &Observation, seat: &SeatView) -> Vec<Count> {
    let mut counts = vec![Count::new("Score", seat.score), Count::new("Cards", seat.hand_size)];
    let home = seat.home.as_ref().and_then(|h| obs.areas.iter().find(|v| &v.area == h));
    if let Some(home) = home {
        // By letter, as the board writes support ("2R"): five full names would leave no room on
        // an 80-column line for a seat's notes.
        counts.extend(Support::ALL.iter().zip(home.support).map(|(k, n)| Count::new(k.letter(), n)));
    }
    counts
}
