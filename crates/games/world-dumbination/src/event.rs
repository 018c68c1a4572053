//! What happens, for logs, golden playthroughs and clients; each event with who may see it.

use arrayvec::ArrayVec;
use serde::Serialize;

use crate::board::{NO_SPACE, Space, col_row, row_letter};
use crate::card::CardNo;
use crate::content::Content;
use crate::nation::Nation;
use crate::state::{CardSet, Ending, Phase, Token};

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    Nation {
        player: u8,
        nation: Nation,
    },
    GoalsOffered {
        player: u8,
        goals: [CardNo; 2],
    },
    GoalKept {
        player: u8,
        card: CardNo,
    },
    GoalChosen {
        player: u8,
    },
    Phase {
        round: u16,
        phase: Phase,
    },
    DrewCard {
        player: u8,
        card: CardNo,
    },
    Drew {
        player: u8,
        level: u8,
    },
    Reshuffled {
        level: u8,
    },
    Discarded {
        player: u8,
        card: CardNo,
    },
    Placed {
        player: u8,
        card: CardNo,
        right: bool,
    },
    FlipChosen {
        player: u8,
    },
    TargetChosen {
        player: u8,
        token: Token,
    },
    Finished {
        player: u8,
    },
    Revealed {
        player: u8,
        card: CardNo,
        right: bool,
    },
    GoalFlipped {
        player: u8,
        card: CardNo,
    },
    TargetTurned {
        player: u8,
        token: Token,
    },
    Fined {
        player: u8,
        card: CardNo,
    },
    Order {
        order: ArrayVec<u8, 5>,
    },
    Acts {
        player: u8,
        card: CardNo,
        paid: u16,
    },
    Unused {
        player: u8,
        card: CardNo,
    },
    GoalCompleted {
        player: u8,
        card: CardNo,
    },
    Vp {
        player: u8,
        gained: u16,
        total: u16,
    },
    LastRound {
        player: u8,
        round: u16,
    },
    Track {
        player: u8,
        ego: bool,
        from: u8,
        to: u8,
    },
    LeftDiscarded {
        player: u8,
        card: CardNo,
        unused: bool,
    },
    BombLeaves {
        player: u8,
        card: CardNo,
    },
    Resources {
        player: u8,
        change: i16,
        total: u16,
    },
    Took {
        player: u8,
        from: u8,
        amount: u16,
    },
    Vacation {
        player: u8,
        discarded: CardSet,
    },
    VacationAttacked {
        player: u8,
        victim: u8,
    },
    UnitRemoved {
        player: u8,
        space: Space,
    },
    UnitLost {
        player: u8,
        space: Space,
    },
    BaseReduced {
        player: u8,
        space: Space,
        from: u8,
        to: u8,
    },
    Marker {
        player: u8,
        space: Space,
    },
    Struck {
        player: u8,
        victim: u8,
        space: Space,
        units: u8,
        moved_from: Space,
    },
    ProjectAttacked {
        player: u8,
        victim: u8,
        card: CardNo,
    },
    Sabotaged {
        player: u8,
        victim: u8,
        card: CardNo,
    },
    Disarmed {
        player: u8,
        card: CardNo,
        spot: u8,
        paid: u16,
    },
    Moved {
        player: u8,
        from: Space,
        to: Space,
    },
    Conquered {
        player: u8,
        space: Space,
    },
    AtWar {
        player: u8,
        space: Space,
    },
    StoodUp {
        player: u8,
        space: Space,
    },
    Attack {
        player: u8,
        space: Space,
        victim: u8,
        defence: u16,
    },
    Committed {
        player: u8,
        space: Space,
        total: u16,
        defence: u16,
    },
    Won {
        player: u8,
        space: Space,
        lost: u8,
    },
    BaseBuilt {
        player: u8,
        space: Space,
        paid: u16,
    },
    BaseUpgraded {
        player: u8,
        space: Space,
        to: u8,
        paid: u16,
    },
    UnitBought {
        player: u8,
        space: Space,
        paid: u16,
    },
    Income {
        player: u8,
        amount: u16,
        total: u16,
    },
    Eliminated {
        player: u8,
        overtaker: Option<u8>,
    },
    GameOver {
        ending: Ending,
    },
    /// WD-SETUP-10: how many Dumbness cards joined each Level deck.
    DumbnessAdded {
        level1: u8,
        level2: u8,
    },
    /// WD-DRAW-2: a Dumbness card drawn goes face down onto the board, unseen.
    DumbnessDrawn {
        player: u8,
        level: u8,
    },
    /// WD-DUMB-1: a face-down Dumbness card is turned up.
    DumbnessTurned {
        card: CardNo,
    },
    /// WD-DUMB-1: a Dumbness card on the board resolves.
    DumbnessActs {
        card: CardNo,
    },
    /// WD-DUMB-2, WD-DUMB-5: done, it goes to the Dumbness discard pile.
    DumbnessDone {
        card: CardNo,
    },
    /// WD-DUMB-5: not won or not done, it stays on the board.
    DumbnessStays {
        card: CardNo,
    },
    /// WD-DUMB-3: a bid, and the price now.
    Bid {
        player: u8,
        card: CardNo,
        price: u8,
    },
    /// WD-DUMB-3: a pass in an auction.
    Passed {
        player: u8,
        card: CardNo,
    },
    /// WD-DUMB-4, WD-DUMB-5: a Dumbness card won (paying `price` at auction, 0 when pending).
    DumbnessWon {
        player: u8,
        card: CardNo,
        price: u8,
    },
    /// A temporary rule change ends.
    RuleEnds {
        card: CardNo,
    },
    /// WD-CARD-13: cards leave the game.
    LeftGame {
        cards: CardSet,
    },
    /// `cancel_cards`: a card of `player` that had not acted is discarded without effect.
    Cancelled {
        player: u8,
        card: CardNo,
    },
    /// `hidden_move`: a unit leaves `from` in secret.
    HiddenMove {
        player: u8,
        from: Space,
    },
    /// `hidden_move`: at the end of phase 5 the unit is shown on `to` (back on `from` or to the
    /// supply if an opponent's piece holds its space: WD-RULING-7).
    HiddenRevealed {
        player: u8,
        from: Space,
        to: Space,
    },
    /// `move_base`: a Base moves.
    BaseMoved {
        player: u8,
        from: Space,
        to: Space,
    },
}

/// A space as notation: its row letter and column (`E12`), the map's own coordinates.
pub fn space_name(s: Space) -> String {
    if s == NO_SPACE {
        return "-".into();
    }
    let (col, row) = col_row(s);
    format!("{}{col}", row_letter(row))
}

/// A space with its region, for logs (`E12 (Mexico)`).
pub fn space_long(c: &Content, s: Space) -> String {
    match c.board.region_name(s) {
        Some(r) => format!("{} ({r})", space_name(s)),
        None => space_name(s),
    }
}

/// A card by name (with its number, which orders the cards).
pub fn card_name(c: &Content, k: CardNo) -> String {
    c.cards.get(k).map_or_else(|| format!("card {k}"), |card| format!("{} [{k}]", card.name))
}

fn p(i: u8) -> String {
    format!("P{}", i + 1)
}

fn ending_text(e: Ending) -> &'static str {
    match e {
        Ending::Points => "the round after someone reached the VP goal is over",
        Ending::WorldPeace => "World Peace: the fourth peace spot is filled",
        Ending::LastLeader => "only one leader is left in office",
        Ending::RoundCap => "the round cap is reached",
    }
}

/// One line of English for an event.
pub fn describe(c: &Content, e: &Event) -> String {
    let card = |k: &CardNo| card_name(c, *k);
    let at = |s: &Space| space_long(c, *s);
    match e {
        Event::Nation { player, nation } => format!("{} plays {}", p(*player), nation.name()),
        Event::GoalsOffered { player, goals } => {
            format!("{} may keep {} or {} as First Goal", p(*player), card(&goals[0]), card(&goals[1]))
        }
        Event::GoalKept { player, card: k } => format!("{} keeps {} as First Goal", p(*player), card(k)),
        Event::GoalChosen { player } => format!("{} chooses a First Goal", p(*player)),
        Event::Phase { round, phase } => format!("Round {round}, phase {}", phase.name()),
        Event::DrewCard { player, card: k } => format!("{} draws {}", p(*player), card(k)),
        Event::Drew { player, level } => format!("{} draws a Level {level} card", p(*player)),
        Event::Reshuffled { level } => format!("the Level {level} discard pile is shuffled into a new deck"),
        Event::Discarded { player, card: k } => format!("{} discards {} down to the hand limit", p(*player), card(k)),
        Event::Placed { player, card: k, right } => {
            format!(
                "{} places {} face down on the {} card space",
                p(*player),
                card(k),
                if *right { "right" } else { "left" }
            )
        }
        Event::FlipChosen { player } => format!("{} will flip their First Goal", p(*player)),
        Event::TargetChosen { player, token } => {
            format!("{} puts the {} token on the target spot", p(*player), token.name())
        }
        Event::Finished { player } => format!("{} has finished placing", p(*player)),
        Event::Revealed { player, card: k, right } => {
            format!("{} turns {} on the {} card space", p(*player), card(k), if *right { "right" } else { "left" })
        }
        Event::GoalFlipped { player, card: k } => format!("{} flips their First Goal: {}", p(*player), card(k)),
        Event::TargetTurned { player, token } => format!("{} turns their target: {}", p(*player), token.name()),
        Event::Fined { player, card: k } => format!("{} cannot fund {} and pays a fine of 1", p(*player), card(k)),
        Event::Order { order } => {
            let names: Vec<String> = order.iter().map(|&q| p(q)).collect();
            format!("player order: {}", names.join(", "))
        }
        Event::Acts { player, card: k, paid } => format!("{} uses {} (pays {paid})", p(*player), card(k)),
        Event::Unused { player, card: k } => format!("{}'s {} is discarded without effect", p(*player), card(k)),
        Event::GoalCompleted { player, card: k } => format!("{} completes their First Goal, {}", p(*player), card(k)),
        Event::Vp { player, gained, total } => format!("{} gains {gained} VP ({total})", p(*player)),
        Event::LastRound { player, round } => format!("{} reached the VP goal: round {round} is the last", p(*player)),
        Event::Track { player, ego, from, to } => {
            format!("{}'s {} goes from {from} to {to}", p(*player), if *ego { "Ego" } else { "Popularity" })
        }
        Event::LeftDiscarded { player, card: k, unused } => format!(
            "{}'s left card space is blocked: {} is discarded{}",
            p(*player),
            card(k),
            if *unused { " unused" } else { "" }
        ),
        Event::BombLeaves { player, card: k } => format!("{}'s fired {} leaves the game", p(*player), card(k)),
        Event::Resources { player, change, total } => format!(
            "{} {} {} resources ({total})",
            p(*player),
            if *change >= 0 { "gains" } else { "loses" },
            change.unsigned_abs()
        ),
        Event::Took { player, from, amount } => format!("{} takes {amount} resources from {}", p(*player), p(*from)),
        Event::Vacation { player, discarded } => {
            let names: Vec<String> = discarded.iter().map(|k| card(&k)).collect();
            format!(
                "{} takes a vacation and discards their hand: {}",
                p(*player),
                if names.is_empty() { "nothing".into() } else { names.join(", ") }
            )
        }
        Event::VacationAttacked { player, victim } => {
            format!("{} attacked {}, who is on vacation, and loses 1 Popularity", p(*player), p(*victim))
        }
        Event::UnitRemoved { player, space } => format!("{}'s unit on {} is removed", p(*player), at(space)),
        Event::UnitLost { player, space } => format!("{} loses the unit from {}", p(*player), at(space)),
        Event::BaseReduced { player, space, from, to: 0 } => {
            format!("{}'s {from}-Base on {} is removed", p(*player), at(space))
        }
        Event::BaseReduced { player, space, from, to } => {
            format!("{}'s Base on {} goes from {from} to {to}", p(*player), at(space))
        }
        Event::Marker { player, space } => format!("{} leaves a marker on {}", p(*player), at(space)),
        Event::Struck { player, victim, space, units, moved_from } => {
            let moved = if *moved_from == NO_SPACE {
                String::new()
            } else {
                format!(" (the token on {} moves there)", at(moved_from))
            };
            format!(
                "{} nukes {} of {}: {units} unit(s) and all there are gone; it is radioactive{moved}",
                p(*player),
                at(space),
                p(*victim)
            )
        }
        Event::ProjectAttacked { player, victim, card: k } => {
            format!("{} destroys {}'s project {}", p(*player), p(*victim), card(k))
        }
        Event::Sabotaged { player, victim, card: k } => {
            format!("{} sabotages {}'s project {}", p(*player), p(*victim), card(k))
        }
        Event::Disarmed { player, card: k, spot, paid } => {
            format!("{} disarms {} onto peace spot {spot} (pays {paid})", p(*player), card(k))
        }
        Event::Moved { player, from, to } => format!("{} moves a unit from {} to {}", p(*player), at(from), at(to)),
        Event::Conquered { player, space } => format!("{} conquers {}", p(*player), at(space)),
        Event::AtWar { player, space } => format!("{}'s unit joins the war on {}", p(*player), at(space)),
        Event::StoodUp { player, space } => {
            format!("{}'s unit on {} stands up and holds the war zone", p(*player), at(space))
        }
        Event::Attack { player, space, victim, defence } => {
            format!("{} attacks {} of {} (defence {defence})", p(*player), at(space), p(*victim))
        }
        Event::Committed { player, total, defence, .. } => {
            format!("{} commits a unit: {total} against {defence}", p(*player))
        }
        Event::Won { player, space, lost } => format!("{} takes {} and loses {lost} unit(s)", p(*player), at(space)),
        Event::BaseBuilt { player, space, paid } => {
            format!("{} builds a 4-Base on {} (pays {paid})", p(*player), at(space))
        }
        Event::BaseUpgraded { player, space, to, paid } => {
            format!("{} upgrades the Base on {} to {to} (pays {paid})", p(*player), at(space))
        }
        Event::UnitBought { player, space, paid } => {
            format!("{} puts a new unit on {} (pays {paid})", p(*player), at(space))
        }
        Event::Income { player, amount, total } => format!("{} collects {amount} resources ({total})", p(*player)),
        Event::Eliminated { player, overtaker: Some(o) } => {
            format!("{} is out of the game; {} is the overtaker", p(*player), p(*o))
        }
        Event::Eliminated { player, overtaker: None } => {
            format!("{} is removed from office and out of the game", p(*player))
        }
        Event::GameOver { ending } => format!("game over: {}", ending_text(*ending)),
        Event::DumbnessAdded { level1, level2 } => {
            format!("{level1} Dumbness cards join the Level 1 deck and {level2} the Level 2 deck")
        }
        Event::DumbnessDrawn { player, level } => {
            format!("{} draws a Dumbness card from Level {level}: it goes face down onto the board", p(*player))
        }
        Event::DumbnessTurned { card: k } => format!("the Dumbness card {} is turned up", card(k)),
        Event::DumbnessActs { card: k } => format!("the Dumbness card {} resolves", card(k)),
        Event::DumbnessDone { card: k } => format!("{} is done and goes to the Dumbness discard pile", card(k)),
        Event::DumbnessStays { card: k } => format!("{} stays on the board", card(k)),
        Event::Bid { player, card: k, price } => format!("{} bids {price} for {}", p(*player), card(k)),
        Event::Passed { player, card: k } => format!("{} passes on {}", p(*player), card(k)),
        Event::DumbnessWon { player, card: k, price: 0 } => format!("{} wins {}", p(*player), card(k)),
        Event::DumbnessWon { player, card: k, price } => format!("{} wins {} for {price}", p(*player), card(k)),
        Event::RuleEnds { card: k } => format!("the rule change of {} ends", card(k)),
        Event::LeftGame { cards } => {
            let names: Vec<String> = cards.iter().map(|k| card(&k)).collect();
            format!("{} {} the game", names.join(", "), if names.len() == 1 { "leaves" } else { "leave" })
        }
        Event::Cancelled { player, card: k } => {
            format!("{}'s {} is cancelled and discarded without effect", p(*player), card(k))
        }
        Event::HiddenMove { player, from } => format!("{}'s unit leaves {} on a hidden move", p(*player), at(from)),
        Event::HiddenRevealed { player, from, to } if from == to => {
            format!("{}'s hidden unit is back on {}", p(*player), at(to))
        }
        Event::HiddenRevealed { player, to, .. } if *to == NO_SPACE => {
            format!("{}'s hidden unit found its space taken and goes back to the supply", p(*player))
        }
        Event::HiddenRevealed { player, from, to } => {
            format!("{}'s hidden unit from {} is revealed on {}", p(*player), at(from), at(to))
        }
        Event::BaseMoved { player, from, to } => {
            format!("{} moves the Base on {} to {}", p(*player), at(from), at(to))
        }
    }
}

/// An event as JSON for clients: its serde form with card names and space names added.
pub fn to_value(c: &Content, e: &Event) -> serde_json::Value {
    let mut v = serde_json::to_value(e).unwrap_or(serde_json::Value::Null);
    if let Some(obj) = v.as_object_mut() {
        for key in ["card", "space", "from", "to", "moved_from"] {
            let Some(n) = obj.get(key).and_then(serde_json::Value::as_u64) else { continue };
            let named = match key {
                "card" => card_name(c, n as CardNo),
                "from" | "to"
                    if matches!(e, Event::Track { .. } | Event::BaseReduced { .. } | Event::BaseUpgraded { .. }) =>
                {
                    continue;
                }
                _ => space_name(n as Space),
            };
            obj.insert(format!("{key}_name"), serde_json::Value::String(named));
        }
    }
    v
}
