//! The state: each company (plan, attributes, reserve, VPs, hand, cards in front), the board
//! (Stuff levels, war counters and markers), the decks, the halo, and the engine's stack of pending
//! rule steps. Plain data ([`Table`]) shared with `validate.rs`, which checks it before anything
//! outside the crate can make a state of it.

use serde::{Deserialize, Serialize};
use worlds_engine::flow::{Round, Stack};
use worlds_engine::program::Cursor;
use worlds_engine::secret::Secret;
use worlds_engine::{ByPlayer, Player, PlayerSet};

pub use crate::choice::{Choice, OldChoice, Stage};

use crate::attr::{Attr, Entry};
use crate::card::{CardNo, CardSet};

/// BI-COMP-2: four VPs in each colour.
pub const VPS: usize = 4;
/// BI-COMP-4: three war counters.
pub const COUNTERS: u32 = 3;
/// BI-SETUP-1: at most six players.
pub const SEATS: usize = 6;

/// Where a VP is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// Not bought yet (BI-SETUP-3, BI-BUYVP-1).
    #[default]
    Supply,
    /// BI-LOUNGE-1.
    Lounge,
    /// Lifted, waiting to be placed (BI-PLACE-1).
    Lifted,
    /// In a region (by index).
    Region(u8),
    /// On a Media square (by index).
    Square(u8),
}

/// A VP: where it stands, how it entered its region (BI-REGION-3) and its black money
/// (BI-BLACK-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vp {
    pub at: Spot,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<Entry>,
    #[serde(default, skip_serializing_if = "crate::choice::is_default")]
    pub black: u32,
}

impl Vp {
    pub const SUPPLY: Vp = Vp { at: Spot::Supply, entry: None, black: 0 };
    pub const LOUNGE: Vp = Vp { at: Spot::Lounge, entry: None, black: 0 };

    /// Controlled by its player (bought): anywhere but the supply (BI-DRAW-1).
    pub fn controlled(self) -> bool {
        self.at != Spot::Supply
    }
}

/// A company: its Business Plan and everything in front of its player.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    /// The Business Plan (by index in the plans file).
    pub plan: u8,
    /// Corruption, Crime, Media, Technology (BI-PLAN-1).
    pub attrs: [u8; 4],
    pub billions: u32,
    pub goodwill: u32,
    pub vps: [Vp; VPS],
    pub hand: CardSet,
    /// Business Opportunities in front of the player (BI-BO-3), and those turned sideways.
    #[serde(default)]
    pub table: CardSet,
    #[serde(default)]
    pub sideways: CardSet,
    /// The Bunker card in front of the player (BI-BUNKER-1), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bunker: Option<CardNo>,
    /// Extra effort bought for the next action (BI-EFFORT-1), by attribute.
    #[serde(default)]
    pub bonus: [u8; 4],
    /// Only in a position saved before the table's `choices`: this seat's hidden choice.
    #[serde(default, skip_serializing)]
    pub secret: Option<OldChoice>,
}

impl Seat {
    pub fn controlled(&self) -> usize {
        self.vps.iter().filter(|v| v.controlled()).count()
    }

    /// An attribute with the bonus bought for the next action, never above 6 (BI-EFFORT-3).
    pub fn value(&self, a: Attr) -> u8 {
        (self.attrs[a.index()] + self.bonus[a.index()]).min(6)
    }

    /// The VPs at a spot.
    pub fn at(&self, spot: Spot) -> impl Iterator<Item = usize> + '_ {
        self.vps.iter().enumerate().filter(move |(_, v)| v.at == spot).map(|(i, _)| i)
    }

    /// The first VP at a spot.
    pub fn first_at(&self, spot: Spot) -> Option<usize> {
        self.vps.iter().position(|v| v.at == spot)
    }

    pub fn has_at(&self, spot: Spot) -> bool {
        self.vps.iter().any(|v| v.at == spot)
    }

    pub fn hand_size(&self) -> usize {
        self.hand.len() as usize
    }
}

/// The phases of a game turn (BI-TURN-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Draw,
    Place,
    Events,
    War,
    Business,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draw => "1 draw Action cards",
            Phase::Place => "2 place VPs",
            Phase::Events => "3 events",
            Phase::War => "4 war",
            Phase::Business => "5 business",
        }
    }
}

/// Where a VP is placed (BI-PLACE-3, BI-PLACE-7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dest {
    Lounge,
    Region { region: u8, by: Entry },
    Square(u8),
}

impl Dest {
    /// The spot a VP placed here stands on.
    pub fn spot(self) -> Spot {
        match self {
            Dest::Lounge => Spot::Lounge,
            Dest::Region { region, .. } => Spot::Region(region),
            Dest::Square(q) => Spot::Square(q),
        }
    }
}

/// A Battle of Goodwill in progress (BI-BATTLE-1..5): the newcomer and where he goes; the
/// occupants' resistance once revealed (`total`), when the newcomer must decide.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    pub seat: Player,
    pub dest: Dest,
    /// The occupants when the battle began.
    #[serde(with = "by_bit")]
    pub occupants: PlayerSet,
    /// Once revealed: the resisters and the Goodwill they paid together.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "by_bit::revealed")]
    pub revealed: Option<(PlayerSet, u32)>,
}

/// A set of seats as saved games hold it: one number, by bit.
pub mod by_bit {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
    use worlds_engine::{Player, PlayerSet};

    pub fn bits(set: PlayerSet) -> u8 {
        set.iter().fold(0, |bits, p| bits | 1 << p.index())
    }

    fn set<E: Error>(bits: u8) -> Result<PlayerSet, E> {
        worlds_engine::bits::ones(bits)
            .map(|q| Player::new(q).ok_or_else(|| E::custom(format!("no seat {q}"))))
            .collect()
    }

    pub fn serialize<S: Serializer>(set: &PlayerSet, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(bits(*set))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PlayerSet, D::Error> {
        set(u8::deserialize(d)?)
    }

    /// A set of seats and an amount.
    pub mod revealed {
        use super::*;

        pub fn serialize<S: Serializer>(v: &Option<(PlayerSet, u32)>, s: S) -> Result<S::Ok, S::Error> {
            v.map(|(set, n)| (bits(set), n)).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<(PlayerSet, u32)>, D::Error> {
            Option::<(u8, u32)>::deserialize(d)?.map(|(b, n)| Ok((set(b)?, n))).transpose()
        }
    }
}

/// The war window of one region (BI-WAR-2, BI-CARD-2): the die, the modifiers played, and how many
/// players (clockwise from the starting player) were asked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Window {
    pub region: u8,
    pub die: u8,
    #[serde(default)]
    pub modifier: i8,
    #[serde(default)]
    pub asked: u8,
    /// A war card being played, waiting for its player's choice at the cursor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<(CardNo, Cursor)>,
}

/// What a player did so far in his deal window (BI-DEAL-2) and whether it is closed (he bought
/// extra effort, so he is about to act).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    #[serde(default)]
    pub gift: bool,
    #[serde(default)]
    pub commission: bool,
    #[serde(default)]
    pub closed: bool,
}

/// What an act is aimed at: nothing, a player, a region, a VP (seat, index) or a card in front of
/// a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    #[default]
    None,
    Player(Player),
    Region(u8),
    Vp(Player, u8),
    Card(CardNo),
}

/// A joint venture's side payment (BI-DEAL-5): the owner gives or takes Billions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    #[default]
    None,
    Give(u32),
    Take(u32),
}

/// A commission offered (BI-DEAL-4): by whom, to whom, for which card design and target; the
/// amount set aside once chosen.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commission {
    pub from: Player,
    pub to: Player,
    /// The card's design, once named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<u8>,
    #[serde(default)]
    pub target: Target,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
}

/// What a player does in an [`Act`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deed {
    /// Play an Action card from the hand (BI-ACT-1, BI-CARD-2).
    Play(CardNo),
    /// Use a Business Opportunity from the hand or from the table (BI-BO-1).
    Use(CardNo),
    /// Sell Stuff with a VP (BI-SELL-1).
    Sell(u8),
}

/// Where an act has got to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActStage {
    /// Its player chooses the card's target.
    Target,
    /// Its player fills a Business Opportunity's slot (0 or 1).
    Slot(u8),
    /// Its player chooses a joint venture's side payment.
    Side,
    /// The partner accepts or declines the joint venture.
    Partner,
    /// Journalism (BI-JOURN-3): the actor offers hush money to the `asked`-th player after him.
    Hush(u8),
    /// The journalist exposes or keeps quiet, for this hush money.
    Expose(u8, u32),
    /// Its player chooses the Goodwill part of the cost (BI-MONEY-1).
    Goodwill,
    /// The effect runs, waiting for a choice at the cursor.
    Run(Cursor),
}

/// An act announced and being carried out: a card played, a Business Opportunity used, Stuff sold.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Act {
    pub seat: Player,
    pub deed: Deed,
    pub stage: ActStage,
    /// The card's target; for a Business Opportunity, its first slot's VP.
    #[serde(default)]
    pub target: Target,
    /// A Business Opportunity's second slot's VP.
    #[serde(default)]
    pub second: Target,
    #[serde(default)]
    pub side: Side,
    /// Played for a commission: the offerer and the money set aside.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission: Option<(Player, u32)>,
    /// The Goodwill part of the cost, once chosen.
    #[serde(default)]
    pub goodwill: u32,
}

impl Act {
    /// `seat`'s act, nothing chosen for it yet.
    pub fn new(seat: Player, deed: Deed) -> Act {
        Act {
            seat,
            deed,
            stage: ActStage::Target,
            target: Target::None,
            second: Target::None,
            side: Side::None,
            commission: None,
            goodwill: 0,
        }
    }
}

/// A pending rule step: the bottom one is the phase in progress; steps above it decide first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// BI-DRAW-4: every player's hidden discards and extra effort.
    Draw,
    /// BI-PLACE-1: every player's hidden lifts.
    Lift,
    /// BI-PLACE-2: the `turn`-th turn of the placement order (0 … 2n−1).
    Place {
        turn: u8,
    },
    Battle(Battle),
    /// BI-EVENT-1: the event revealed, its effect running from the cursor.
    Events {
        event: u8,
        cursor: Cursor,
    },
    /// BI-WAR-1: the regions whose war was resolved this phase, by bit.
    War {
        done: u8,
    },
    Window(Window),
    /// BI-BUS-2, BI-BUS-3: the round of action turns and the holder's deal window.
    Business {
        round: Round,
        deal: Deal,
    },
    /// BI-EFFORT-1: a bonus bought; its player chooses the Goodwill part of its price.
    Effort {
        seat: Player,
        attr: Attr,
        level: u8,
    },
    /// BI-DEAL-3: a gift to `to`, its amount still to choose.
    Gift {
        from: Player,
        to: Player,
    },
    Commission(Commission),
    Act(Act),
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// BI-END-1: someone reached the money target.
    Money,
    /// BI-END-2: the turn cap.
    TurnCap,
    /// BI-WAR-4: Nuclear Apocalypse.
    Apocalypse,
}

/// The last war resolved, for the view (BI-VIEW-2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarRoll {
    pub region: u8,
    pub die: u8,
    pub total: i8,
    pub row: u8,
}

/// Counts for a designer's summary.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// Peace Nobel Prizes bought (BI-BUYNOBEL-1).
    #[serde(default)]
    pub prizes: u16,
    /// Wars that broke out.
    #[serde(default)]
    pub wars: u16,
    /// Illegal acts exposed.
    #[serde(default)]
    pub exposed: u16,
    /// Joint ventures carried out.
    #[serde(default)]
    pub ventures: u16,
}

/// The whole position as plain data.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub turn: u16,
    /// The starting player, who has the sign (BI-SIGN-1).
    pub start: Player,
    pub seats: ByPlayer<Seat>,
    /// Each region's Stuff level (BI-BOARD-3).
    pub stuff: [u8; 6],
    /// Regions with a war counter, a natural-disaster marker, a famine marker (by bit).
    #[serde(default)]
    pub war: u8,
    #[serde(default)]
    pub disaster: u8,
    #[serde(default)]
    pub famine: u8,
    /// The face-down deck and the discard pile (BI-COMP-3).
    pub deck: CardSet,
    #[serde(default)]
    pub discard: CardSet,
    /// The Event deck and the used Event cards (BI-EVENT-3).
    pub events: CardSet,
    #[serde(default)]
    pub used: CardSet,
    /// The holder of the Peace Nobel Prize (BI-HALO-1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halo: Option<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_event: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_war: Option<WarRoll>,
    /// BI-DEAL-5: joint ventures proposed this Business phase, by partner seat: the cards.
    #[serde(default)]
    pub proposed: [CardSet; SEATS],
    #[serde(default)]
    pub stats: Stats,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<Ending>,
    pub stack: Stack<Step, 6>,
    /// The hidden simultaneous choices being made (BI-DRAW-4, BI-PLACE-1, BI-BATTLE-2).
    #[serde(default)]
    pub choices: Secret<Choice>,
}

impl Table {
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// How far `p`'s hidden choice has got.
    pub fn stage(&self, p: Player) -> Stage {
        match self.choices.get(p) {
            None => Stage::Idle,
            Some(c) if self.choices.is_open(p) && c.paying => Stage::Goodwill,
            Some(_) if self.choices.is_open(p) => Stage::Choosing,
            Some(_) => Stage::Done,
        }
    }

    /// `p`'s hidden choice as the rules see it; nothing chosen when he makes none.
    pub fn choice(&self, p: Player) -> Choice {
        self.choices.get(p).unwrap_or_default()
    }

    /// The hidden choices start again: the seats `only` begin one (every seat at the draw and the
    /// lifts, a battle's occupants), the others make none.
    pub fn open_choices(&mut self, only: PlayerSet) {
        self.choices = Secret::new(self.players());
        for p in only.iter() {
            self.choices.open(p, Choice::default());
        }
    }

    pub fn phase(&self) -> Phase {
        match self.stack.bottom() {
            Some(Step::Draw) => Phase::Draw,
            Some(Step::Lift | Step::Place { .. }) => Phase::Place,
            Some(Step::Events { .. }) => Phase::Events,
            Some(Step::War { .. }) => Phase::War,
            _ => Phase::Business,
        }
    }

    pub fn at_war(&self, r: u8) -> bool {
        self.war & (1 << r) != 0
    }

    /// BI-COMP-4: war counters on the board.
    pub fn counters(&self) -> u32 {
        self.war.count_ones()
    }

    /// A crisis: a war counter, natural-disaster or famine marker anywhere (spec terms).
    pub fn crisis(&self) -> bool {
        self.war | self.disaster | self.famine != 0
    }

    pub fn holds_prize(&self, p: Player) -> bool {
        self.halo == Some(p)
    }

    /// The cards everyone sees: the discard pile, and the cards in front of the players, their
    /// Bunkers too (BI-CARD-5).
    pub fn face_up(&self) -> CardSet {
        self.seats.values().fold(self.discard, |set, s| set | s.table | CardSet::from_ids(s.bunker))
    }

    /// The players other than `p` with a VP at a spot.
    pub fn others_at(&self, p: Player, spot: Spot) -> PlayerSet {
        self.seats.iter().filter(|&(q, seat)| q != p && seat.has_at(spot)).map(|(q, _)| q).collect()
    }
}

/// A position of Bastards Inc. Made only by `start` and `from_setup` (which checks it).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub(crate) t: Table,
}

impl State {
    /// The position as plain data, to read.
    pub fn table(&self) -> &Table {
        &self.t
    }
}
