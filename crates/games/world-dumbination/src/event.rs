//! What happens, for logs, golden playthroughs and clients; each event with who may see it.

use arrayvec::ArrayVec;
use serde::Serialize;
use worlds_engine::Player;

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
        player: Player,
        nation: Nation,
    },
    GoalsOffered {
        player: Player,
        goals: [CardNo; 2],
    },
    GoalKept {
        player: Player,
        card: CardNo,
    },
    GoalChosen {
        player: Player,
    },
    Phase {
        round: u16,
        phase: Phase,
    },
    DrewCard {
        player: Player,
        card: CardNo,
    },
    Drew {
        player: Player,
        level: u8,
    },
    Reshuffled {
        level: u8,
    },
    Discarded {
        player: Player,
        card: CardNo,
    },
    Placed {
        player: Player,
        card: CardNo,
        right: bool,
    },
    FlipChosen {
        player: Player,
    },
    TargetChosen {
        player: Player,
        token: Token,
    },
    Finished {
        player: Player,
    },
    Revealed {
        player: Player,
        card: CardNo,
        right: bool,
    },
    GoalFlipped {
        player: Player,
        card: CardNo,
    },
    TargetTurned {
        player: Player,
        token: Token,
    },
    Fined {
        player: Player,
        card: CardNo,
    },
    Order {
        order: ArrayVec<Player, 5>,
    },
    Acts {
        player: Player,
        card: CardNo,
        paid: u16,
    },
    Unused {
        player: Player,
        card: CardNo,
    },
    GoalCompleted {
        player: Player,
        card: CardNo,
    },
    Vp {
        player: Player,
        gained: u16,
        total: u16,
    },
    LastRound {
        player: Player,
        round: u16,
    },
    Track {
        player: Player,
        ego: bool,
        from: u8,
        to: u8,
    },
    LeftDiscarded {
        player: Player,
        card: CardNo,
        unused: bool,
    },
    BombLeaves {
        player: Player,
        card: CardNo,
    },
    Resources {
        player: Player,
        change: i16,
        total: u16,
    },
    Took {
        player: Player,
        from: Player,
        amount: u16,
    },
    Vacation {
        player: Player,
        discarded: CardSet,
    },
    VacationAttacked {
        player: Player,
        victim: Player,
    },
    UnitRemoved {
        player: Player,
        space: Space,
    },
    UnitLost {
        player: Player,
        space: Space,
    },
    BaseReduced {
        player: Player,
        space: Space,
        from: u8,
        to: u8,
    },
    Marker {
        player: Player,
        space: Space,
    },
    Struck {
        player: Player,
        victim: Player,
        space: Space,
        units: u8,
        moved_from: Space,
    },
    ProjectAttacked {
        player: Player,
        victim: Player,
        card: CardNo,
    },
    Sabotaged {
        player: Player,
        victim: Player,
        card: CardNo,
    },
    Disarmed {
        player: Player,
        card: CardNo,
        spot: u8,
        paid: u16,
    },
    Moved {
        player: Player,
        from: Space,
        to: Space,
    },
    Conquered {
        player: Player,
        space: Space,
    },
    AtWar {
        player: Player,
        space: Space,
    },
    StoodUp {
        player: Player,
        space: Space,
    },
    Attack {
        player: Player,
        space: Space,
        victim: Player,
        defence: u16,
    },
    Committed {
        player: Player,
        space: Space,
        total: u16,
        defence: u16,
    },
    Won {
        player: Player,
        space: Space,
        lost: u8,
    },
    BaseBuilt {
        player: Player,
        space: Space,
        paid: u16,
    },
    BaseUpgraded {
        player: Player,
        space: Space,
        to: u8,
        paid: u16,
    },
    UnitBought {
        player: Player,
        space: Space,
        paid: u16,
    },
    Income {
        player: Player,
        amount: u16,
        total: u16,
    },
    Eliminated {
        player: Player,
        overtaker: Option<Player>,
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
        player: Player,
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
        player: Player,
        card: CardNo,
        price: u8,
    },
    /// WD-DUMB-3: a pass in an auction.
    Passed {
        player: Player,
        card: CardNo,
    },
    /// WD-DUMB-4, WD-DUMB-5: a Dumbness card won (paying `price` at auction, 0 when pending).
    DumbnessWon {
        player: Player,
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
        player: Player,
        card: CardNo,
    },
    /// `hidden_move`: a unit leaves `from` in secret.
    HiddenMove {
        player: Player,
        from: Space,
    },
    /// `hidden_move`: at the end of phase 5 the unit is shown on `to` (back on `from` or to the
    /// supply if an opponent's piece holds its space: WD-RULING-7).
    HiddenRevealed {
        player: Player,
        from: Space,
        to: Space,
    },
    /// `move_base`: a Base moves.
    BaseMoved {
        player: Player,
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

/// A card space by its side.
fn side(right: bool) -> &'static str {
    if right { "right" } else { "left" }
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
        Event::Nation { player, nation } => format!("{} plays {}", player, nation.name()),
        Event::GoalsOffered { player, goals } => {
            format!("{} may keep {} or {} as First Goal", player, card(&goals[0]), card(&goals[1]))
        }
        Event::GoalKept { player, card: k } => format!("{} keeps {} as First Goal", player, card(k)),
        Event::GoalChosen { player } => format!("{} chooses a First Goal", player),
        Event::Phase { round, phase } => format!("Round {round}, phase {}", phase.name()),
        Event::DrewCard { player, card: k } => format!("{} draws {}", player, card(k)),
        Event::Drew { player, level } => format!("{} draws a Level {level} card", player),
        Event::Reshuffled { level } => format!("the Level {level} discard pile is shuffled into a new deck"),
        Event::Discarded { player, card: k } => format!("{} discards {} down to the hand limit", player, card(k)),
        Event::Placed { player, card: k, right } => {
            format!("{} places {} face down on the {} card space", player, card(k), side(*right))
        }
        Event::FlipChosen { player } => format!("{} will flip their First Goal", player),
        Event::TargetChosen { player, token } => {
            format!("{} puts the {} token on the target spot", player, token.name())
        }
        Event::Finished { player } => format!("{} has finished placing", player),
        Event::Revealed { player, card: k, right } => {
            format!("{} turns {} on the {} card space", player, card(k), side(*right))
        }
        Event::GoalFlipped { player, card: k } => format!("{} flips their First Goal: {}", player, card(k)),
        Event::TargetTurned { player, token } => format!("{} turns their target: {}", player, token.name()),
        Event::Fined { player, card: k } => format!("{} cannot fund {} and pays a fine of 1", player, card(k)),
        Event::Order { order } => {
            let names: Vec<String> = order.iter().map(Player::to_string).collect();
            format!("player order: {}", names.join(", "))
        }
        Event::Acts { player, card: k, paid } => format!("{} uses {} (pays {paid})", player, card(k)),
        Event::Unused { player, card: k } => format!("{}'s {} is discarded without effect", player, card(k)),
        Event::GoalCompleted { player, card: k } => format!("{} completes their First Goal, {}", player, card(k)),
        Event::Vp { player, gained, total } => format!("{} gains {gained} VP ({total})", player),
        Event::LastRound { player, round } => format!("{} reached the VP goal: round {round} is the last", player),
        Event::Track { player, ego, from, to } => {
            format!("{}'s {} goes from {from} to {to}", player, if *ego { "Ego" } else { "Popularity" })
        }
        Event::LeftDiscarded { player, card: k, unused } => format!(
            "{}'s left card space is blocked: {} is discarded{}",
            player,
            card(k),
            if *unused { " unused" } else { "" }
        ),
        Event::BombLeaves { player, card: k } => format!("{}'s fired {} leaves the game", player, card(k)),
        Event::Resources { player, change, total } => format!(
            "{} {} {} resources ({total})",
            player,
            if *change >= 0 { "gains" } else { "loses" },
            change.unsigned_abs()
        ),
        Event::Took { player, from, amount } => format!("{} takes {amount} resources from {}", player, from),
        Event::Vacation { player, discarded } => {
            let names: Vec<String> = discarded.iter().map(|k| card(&k)).collect();
            format!(
                "{} takes a vacation and discards their hand: {}",
                player,
                if names.is_empty() { "nothing".into() } else { names.join(", ") }
            )
        }
        Event::VacationAttacked { player, victim } => {
            format!("{} attacked {}, who is on vacation, and loses 1 Popularity", player, victim)
        }
        Event::UnitRemoved { player, space } => format!("{}'s unit on {} is removed", player, at(space)),
        Event::UnitLost { player, space } => format!("{} loses the unit from {}", player, at(space)),
        Event::BaseReduced { player, space, from, to: 0 } => {
            format!("{}'s {from}-Base on {} is removed", player, at(space))
        }
        Event::BaseReduced { player, space, from, to } => {
            format!("{}'s Base on {} goes from {from} to {to}", player, at(space))
        }
        Event::Marker { player, space } => format!("{} leaves a marker on {}", player, at(space)),
        Event::Struck { player, victim, space, units, moved_from } => {
            let moved = if *moved_from == NO_SPACE {
                String::new()
            } else {
                format!(" (the token on {} moves there)", at(moved_from))
            };
            format!(
                "{} nukes {} of {}: {units} unit(s) and all there are gone; it is radioactive{moved}",
                player,
                at(space),
                victim
            )
        }
        Event::ProjectAttacked { player, victim, card: k } => {
            format!("{} destroys {}'s project {}", player, victim, card(k))
        }
        Event::Sabotaged { player, victim, card: k } => {
            format!("{} sabotages {}'s project {}", player, victim, card(k))
        }
        Event::Disarmed { player, card: k, spot, paid } => {
            format!("{} disarms {} onto peace spot {spot} (pays {paid})", player, card(k))
        }
        Event::Moved { player, from, to } => format!("{} moves a unit from {} to {}", player, at(from), at(to)),
        Event::Conquered { player, space } => format!("{} conquers {}", player, at(space)),
        Event::AtWar { player, space } => format!("{}'s unit joins the war on {}", player, at(space)),
        Event::StoodUp { player, space } => {
            format!("{}'s unit on {} stands up and holds the war zone", player, at(space))
        }
        Event::Attack { player, space, victim, defence } => {
            format!("{} attacks {} of {} (defence {defence})", player, at(space), victim)
        }
        Event::Committed { player, total, defence, .. } => {
            format!("{} commits a unit: {total} against {defence}", player)
        }
        Event::Won { player, space, lost } => format!("{} takes {} and loses {lost} unit(s)", player, at(space)),
        Event::BaseBuilt { player, space, paid } => {
            format!("{} builds a 4-Base on {} (pays {paid})", player, at(space))
        }
        Event::BaseUpgraded { player, space, to, paid } => {
            format!("{} upgrades the Base on {} to {to} (pays {paid})", player, at(space))
        }
        Event::UnitBought { player, space, paid } => {
            format!("{} puts a new unit on {} (pays {paid})", player, at(space))
        }
        Event::Income { player, amount, total } => format!("{} collects {amount} resources ({total})", player),
        Event::Eliminated { player, overtaker: Some(o) } => {
            format!("{} is out of the game; {} is the overtaker", player, o)
        }
        Event::Eliminated { player, overtaker: None } => {
            format!("{} is removed from office and out of the game", player)
        }
        Event::GameOver { ending } => format!("game over: {}", ending_text(*ending)),
        Event::DumbnessAdded { level1, level2 } => {
            format!("{level1} Dumbness cards join the Level 1 deck and {level2} the Level 2 deck")
        }
        Event::DumbnessDrawn { player, level } => {
            format!("{} draws a Dumbness card from Level {level}: it goes face down onto the board", player)
        }
        Event::DumbnessTurned { card: k } => format!("the Dumbness card {} is turned up", card(k)),
        Event::DumbnessActs { card: k } => format!("the Dumbness card {} resolves", card(k)),
        Event::DumbnessDone { card: k } => format!("{} is done and goes to the Dumbness discard pile", card(k)),
        Event::DumbnessStays { card: k } => format!("{} stays on the board", card(k)),
        Event::Bid { player, card: k, price } => format!("{} bids {price} for {}", player, card(k)),
        Event::Passed { player, card: k } => format!("{} passes on {}", player, card(k)),
        Event::DumbnessWon { player, card: k, price: 0 } => format!("{} wins {}", player, card(k)),
        Event::DumbnessWon { player, card: k, price } => format!("{} wins {} for {price}", player, card(k)),
        Event::RuleEnds { card: k } => format!("the rule change of {} ends", card(k)),
        Event::LeftGame { cards } => {
            let names: Vec<String> = cards.iter().map(|k| card(&k)).collect();
            format!("{} {} the game", names.join(", "), if names.len() == 1 { "leaves" } else { "leave" })
        }
        Event::Cancelled { player, card: k } => {
            format!("{}'s {} is cancelled and discarded without effect", player, card(k))
        }
        Event::HiddenMove { player, from } => format!("{}'s unit leaves {} on a hidden move", player, at(from)),
        Event::HiddenRevealed { player, from, to } if from == to => {
            format!("{}'s hidden unit is back on {}", player, at(to))
        }
        Event::HiddenRevealed { player, to, .. } if *to == NO_SPACE => {
            format!("{}'s hidden unit found its space taken and goes back to the supply", player)
        }
        Event::HiddenRevealed { player, from, to } => {
            format!("{}'s hidden unit from {} is revealed on {}", player, at(from), at(to))
        }
        Event::BaseMoved { player, from, to } => {
            format!("{} moves the Base on {} to {}", player, at(from), at(to))
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
