//! The cards (WD-CARD-3 and the spec's "Content to design"): their fields, steps and conditions, and
//! the validated set of all cards: First Goals, Level 1, Level 2 and Dumbness cards. Reading and
//! checking the card file is `card_file.rs`.

use serde::{Deserialize, Serialize};

use crate::board::Flag;
use crate::nation::Nation;

/// A card's priority number (WD-CARD-3), unique over all cards, 0..=150; also its id in actions.
pub type CardNo = u8;
/// The highest card number.
pub const MAX_NUMBER: CardNo = 150;
/// The card file's name in error messages.
pub const CARDS_FILE: &str = "cards.toml";
/// No card at this number, in [`Cards`]' index (and a First Goal not yet found while parsing).
pub(crate) const NO_CARD: u8 = 255;

/// Which deck a card belongs to (WD-CARD-1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// Mostly political cards; the only deck before a player's First Goal is completed.
    Level1,
    /// Mostly military cards (WD-CARD-2).
    Level2,
    /// The nations' First Goals (WD-GOAL), two per nation.
    FirstGoal,
    /// WD-DUMB: cards that join the Level decks at set-up (WD-SETUP-10) and act from the board.
    Dumbness,
}

impl Deck {
    /// Every deck, in file order.
    pub const ALL: [Deck; 4] = [Deck::Level1, Deck::Level2, Deck::FirstGoal, Deck::Dumbness];

    /// The Level deck's index in [`crate::state::Table::decks`]: 0 for Level 1, 1 for Level 2.
    pub const fn level(self) -> Option<usize> {
        match self {
            Deck::Level1 => Some(0),
            Deck::Level2 => Some(1),
            _ => None,
        }
    }

    /// The id used in the card file: `level1`, `level2`, `first_goal`.
    pub const fn id(self) -> &'static str {
        match self {
            Deck::Level1 => "level1",
            Deck::Level2 => "level2",
            Deck::FirstGoal => "first_goal",
            Deck::Dumbness => "dumbness",
        }
    }

    /// How many cards the deck holds and how many of them are Green, Brown and Blue (WD-COMP-1 and
    /// "Content to design"); the First Goal deck holds only First Goals.
    pub const fn quota(self) -> (usize, [usize; 3]) {
        match self {
            Deck::Level1 => (50, [16, 20, 14]),
            Deck::Level2 => (65, [12, 32, 21]),
            Deck::FirstGoal => (10, [0, 0, 0]),
            Deck::Dumbness => (15, [0, 0, 0]),
        }
    }
}

/// A card's type (WD-CARD-6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// An action on its player, for the round.
    Green,
    /// An action on the target, for the round.
    Brown,
    /// A project, lasting while owned (WD-CARD-7).
    Blue,
    /// A First Goal (WD-GOAL).
    FirstGoal,
    /// A Dumbness card (WD-DUMB), red.
    Dumbness,
}

impl Kind {
    /// The type's name in rules text: `Green`, `Brown`, `Blue`, `First Goal`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Green => "Green",
            Kind::Brown => "Brown",
            Kind::Blue => "Blue",
            Kind::FirstGoal => "First Goal",
            Kind::Dumbness => "Dumbness",
        }
    }

    /// Whether the card can be owned beside a leaderboard, so that income, unit strength, movement
    /// and hand limit changes may last while it is owned (Blue cards, First Goals, and Dumbness cards
    /// won by auction or pending, WD-DUMB-4) rather than for the round (Green and Brown cards).
    pub const fn is_lasting(self) -> bool {
        matches!(self, Kind::Blue | Kind::FirstGoal | Kind::Dumbness)
    }
}

/// Whom a step acts on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Who {
    /// The card's player (`self` in the file).
    Me,
    /// The target (WD-PLACE-5); Brown cards only.
    Target,
    /// Every player in the game, the card's player included.
    EachPlayer,
    /// Every other player in the game.
    EachOpponent,
}

/// A number of a player's that Dumbness cards compare or test (WD-DUMB-7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stat {
    Vp,
    Ego,
    Popularity,
    Income,
    Resources,
    /// Their markers on the peace track.
    PeaceMarkers,
    /// Spaces they own.
    Spaces,
    /// Their Units on the board.
    Units,
    /// Their strongest Base (0 with none).
    Base,
}

impl Stat {
    pub const ALL: [Stat; 9] = [
        Stat::Vp,
        Stat::Ego,
        Stat::Popularity,
        Stat::Income,
        Stat::Resources,
        Stat::PeaceMarkers,
        Stat::Spaces,
        Stat::Units,
        Stat::Base,
    ];

    /// The name in the card file: `vp`, `ego`, `popularity`, `income`, `resources`, `peace_markers`,
    /// `spaces`, `units`, `base`.
    pub const fn id(self) -> &'static str {
        match self {
            Stat::Vp => "vp",
            Stat::Ego => "ego",
            Stat::Popularity => "popularity",
            Stat::Income => "income",
            Stat::Resources => "resources",
            Stat::PeaceMarkers => "peace_markers",
            Stat::Spaces => "spaces",
            Stat::Units => "units",
            Stat::Base => "base",
        }
    }
}

/// The players a Dumbness card acts on, or the one who wins a pending card (WD-DUMB-7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pick {
    /// Every player in the game.
    Each,
    /// The player with the lowest value (a tie: the earliest in player order).
    Lowest(Stat),
    /// The player with the highest value (a tie: the earliest in player order).
    Highest(Stat),
    /// Every player whose value is at most n.
    AtMost(Stat, u8),
    /// Every player whose value is at least n.
    AtLeast(Stat, u8),
}

/// WD-DUMB-5: a Dumbness card that stays on the board until a player qualifies for it, checked in
/// each phase 3. The winner takes it as an auction's winner does, without paying.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pending {
    /// Who qualifies: with `AtMost`/`AtLeast` every such player, with `Lowest`/`Highest` the one.
    pub pick: Pick,
    /// With several qualifying (or tied), nobody wins this time (Nobel Peace Prize) instead of the
    /// earliest in player order.
    pub tie_nobody: bool,
}

/// A temporary rule change of a Dumbness card (`rule {kind, rounds}`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    /// No unit attacks (WD-COMBAT-1).
    NoAttacks,
    /// Brown cards cost n more (or less, never below 0) to place and to fund.
    BrownCost(i8),
    /// Resource spaces add nothing to income (WD-BOARD-4).
    NoResourceIncome,
    /// Every unit's movement changes by n (WD-MOVE-1).
    Movement(i8),
}

/// Which units `remove_units` may pick.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Filter {
    /// Any Unit of the target.
    Any,
    /// A Unit of the target not standing on a Base.
    NotOnBase,
    /// Within this distance of one of the card player's units.
    Near(u8),
    /// On a sea space.
    AtSea,
}

/// One step of a card's effect or lose/gain (the spec's "Effect vocabulary", Part 1 steps).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// Ego ±n (WD-LEAD-1).
    Ego { who: Who, n: i8 },
    /// Popularity ±n.
    Popularity { who: Who, n: i8 },
    /// The card's player picks one list (Olympics).
    Choose(Vec<Vec<Step>>),
    /// Resources ±n, never below 0 (WD-COMP-4).
    Resources { who: Who, n: i8 },
    /// Loses half of their resources, rounded down.
    LoseHalfResources { who: Who },
    /// Takes n resources from the target, as far as they have them.
    TakeResources { n: u8 },
    /// Income, unit strength and movement changes: for the round on Green/Brown cards, while the
    /// project lasts on Blue cards and First Goals.
    Income { who: Who, n: i8 },
    /// Unit strength ±n (WD-STR-2).
    UnitStrength { who: Who, n: i8 },
    /// Movement ±n (WD-MOVE-1).
    Movement { who: Who, n: i8 },
    /// One Base of the target, chosen by the card's player, loses 2 per step (removed below 4).
    ReduceBase { steps: u8 },
    /// Removes Units of the target, chosen by the card's player.
    RemoveUnits { count: u8, filter: Filter },
    /// The Nuclear Bomb's strike (WD-NUKE).
    NuclearStrike,
    /// One project of the target is discarded (WD-CARD-8).
    AttackProject,
    /// One project of the target has no effect until the end of the next round (WD-CARD-8).
    SabotageProject,
    /// Take a Vacation (WD-CARD-10).
    Vacation,
    /// Hand limit ±n while the project lasts (WD-CARD-9).
    HandLimit { n: i8 },
    /// Builds a 4-Base without paying (WD-BUY-2).
    FreeBase,
    /// Puts a Unit on a Base without paying (WD-BUY-4).
    FreeUnit,
    /// While the project lasts, `units` units a round may step onto sea spaces; with
    /// `may_end_at_sea` they may end there (Submarine), otherwise they must end on land (Aircraft
    /// Carrier, WD-MOVE-9).
    SeaMovement { units: u8, may_end_at_sea: bool },
    /// While the project lasts, one unit a round moves in secret in phase 5 (WD-INFO-2).
    HiddenMove,
    /// While the project lasts, once a round at the start of phase 6, one own Base moves up to
    /// `range` spaces.
    MoveBase { range: u8 },
    /// The target's cards that have not acted yet this round are discarded without effect or fine.
    CancelCards,
    /// Dumbness only: a temporary rule change for this round and `rounds - 1` more.
    Rule { kind: RuleKind, rounds: u8 },
    /// Dumbness only (Alien Ship, WD-CARD-13): every card with this name or keyword leaves the game.
    LeaveGame { keyword: String },
}

impl Step {
    /// The step's name in the card file (`do = "..."`).
    pub const fn name(&self) -> &'static str {
        match self {
            Step::Ego { .. } => "ego",
            Step::Popularity { .. } => "popularity",
            Step::Choose(_) => "choose",
            Step::Resources { .. } => "resources",
            Step::LoseHalfResources { .. } => "lose_half_resources",
            Step::TakeResources { .. } => "take_resources",
            Step::Income { .. } => "income",
            Step::UnitStrength { .. } => "unit_strength",
            Step::Movement { .. } => "movement",
            Step::ReduceBase { .. } => "reduce_base",
            Step::RemoveUnits { .. } => "remove_units",
            Step::NuclearStrike => "nuclear_strike",
            Step::AttackProject => "attack_project",
            Step::SabotageProject => "sabotage_project",
            Step::Vacation => "vacation",
            Step::HandLimit { .. } => "hand_limit",
            Step::FreeBase => "free_base",
            Step::FreeUnit => "free_unit",
            Step::SeaMovement { .. } => "sea_movement",
            Step::HiddenMove => "hidden_move",
            Step::MoveBase { .. } => "move_base",
            Step::CancelCards => "cancel_cards",
            Step::Rule { .. } => "rule",
            Step::LeaveGame { .. } => "leave_game",
        }
    }

    /// Whom the step acts on, for the steps that say so.
    pub const fn who(&self) -> Option<Who> {
        match *self {
            Step::Ego { who, .. }
            | Step::Popularity { who, .. }
            | Step::Resources { who, .. }
            | Step::LoseHalfResources { who }
            | Step::Income { who, .. }
            | Step::UnitStrength { who, .. }
            | Step::Movement { who, .. } => Some(who),
            _ => None,
        }
    }

    /// Whether the step acts on the target (so only a Brown card may have it).
    pub const fn acts_on_target(&self) -> bool {
        matches!(
            self,
            Step::ReduceBase { .. }
                | Step::RemoveUnits { .. }
                | Step::NuclearStrike
                | Step::AttackProject
                | Step::SabotageProject
                | Step::TakeResources { .. }
                | Step::CancelCards
        ) || matches!(self.who(), Some(Who::Target))
    }
}

/// A need (WD-CARD-4) or condition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Cond {
    /// Ego n or more.
    EgoAtLeast(u8),
    /// Ego n or less.
    EgoAtMost(u8),
    /// Popularity n or more.
    PopularityAtLeast(u8),
    /// Popularity n or less.
    PopularityAtMost(u8),
    /// A Base of at least this strength.
    BaseAtLeast(u8),
    /// At least n of the player's Units on the board.
    UnitsAtLeast(u8),
    /// Income (WD-INCOME-1) n or more.
    IncomeAtLeast(u8),
    /// At least n spaces owned.
    SpacesAtLeast(u8),
    /// At least n resource spaces owned.
    ResourceSpacesAtLeast(u8),
    /// At least n spaces with this flag owned.
    FlagsAtLeast { flag: Flag, n: u8 },
    /// A marker or Base of the player on every wall space.
    Wall,
    /// Owns a project whose name is this or that has this keyword.
    Owns(String),
    /// No attack by the player so far (WD-COMBAT-11).
    NoAttack,
    /// At least n of the player's markers on the peace track.
    PeaceMarkersAtLeast(u8),
    /// The round is n or later.
    RoundAtLeast(u8),
}

/// A validated card.
#[derive(Clone, PartialEq, Debug)]
pub struct Card {
    /// The priority number (WD-CARD-3).
    pub number: CardNo,
    /// A unique slug (lowercase letters, digits, dashes), used in notation.
    pub id: String,
    /// The printed name; unique except for the Nuclear Bomb copies.
    pub name: String,
    pub deck: Deck,
    /// The type (`type` in the file).
    pub kind: Kind,
    /// Resources paid to fund the card, 0 to 12.
    pub cost: u8,
    /// VP scored when funded; 0 on Green and Brown cards.
    pub vp: u8,
    /// All must hold to place and to use the card (WD-CARD-4).
    pub need: Vec<Cond>,
    /// Changes to the card player's own Ego, Popularity or unit strength (WD-CARD-5).
    pub lose_gain: Vec<Step>,
    /// True exactly on Brown cards.
    pub target: bool,
    /// Card names or keywords this card works with (WD-CARD-12).
    pub link: Vec<String>,
    /// 1, or 2 on the Nuclear Bomb (WD-NUKE-4).
    pub rounds: u8,
    /// First Goals only (WD-GOAL-2); none on Build a Wall.
    pub corruption: Option<u8>,
    /// Marks other cards may name, such as `genius`.
    pub keywords: Vec<String>,
    /// First Goals only.
    pub nation: Option<Nation>,
    /// What the card does, in order, before its lose/gain (WD-FLIP-3).
    pub effect: Vec<Step>,
    /// A one-line joke, not rules.
    pub flavour: Option<String>,
    /// Dumbness cards: the deck named on the back (WD-SETUP-10), if any.
    pub back: Option<Deck>,
    /// Dumbness cards: the "crazy" mark (WD-DUMB-6).
    pub crazy: bool,
    /// Dumbness cards: auctioned from this minimum bid (WD-DUMB-3).
    pub min_bid: Option<u8>,
    /// Dumbness cards: won by whoever first qualifies (WD-DUMB-5).
    pub pending: Option<Pending>,
    /// Dumbness cards that are neither auctioned nor pending: the players the effect acts on, one
    /// at a time in player order, each as `self` (WD-DUMB-7).
    pub players: Pick,
    /// The line of the card's `[[card]]` in its file.
    pub line: usize,
}

impl Card {
    /// Whether the card is a Nuclear Bomb: its effect is exactly one nuclear strike.
    pub fn is_nuclear_bomb(&self) -> bool {
        matches!(self.effect.as_slice(), [Step::NuclearStrike])
    }

    /// Whether a Dumbness card is won and owned (by auction or pending), rather than acting on the
    /// players from the board.
    pub fn is_won(&self) -> bool {
        self.min_bid.is_some() || self.pending.is_some()
    }

    /// Whether income, strength, movement and hand-limit changes of this card last while it is
    /// owned (WD-CARD-7, WD-DUMB-4) rather than for the round.
    pub fn is_lasting(&self) -> bool {
        match self.kind {
            Kind::Dumbness => self.is_won(),
            k => k.is_lasting(),
        }
    }

    /// Whether the card has this keyword (case-insensitive).
    pub fn has_keyword(&self, k: &str) -> bool {
        self.keywords.iter().any(|x| x.eq_ignore_ascii_case(k))
    }

    /// Whether a link or an `owns` need naming `s` means this card: its name or one of its keywords.
    pub fn answers_to(&self, s: &str) -> bool {
        self.name.eq_ignore_ascii_case(s) || self.has_keyword(s)
    }

    /// Every step of the card, effect first, then lose/gain, with the steps inside each `choose`
    /// after the `choose` itself.
    pub fn all_steps(&self) -> Vec<&Step> {
        fn walk<'a>(steps: &'a [Step], out: &mut Vec<&'a Step>) {
            for s in steps {
                out.push(s);
                if let Step::Choose(options) = s {
                    options.iter().for_each(|o| walk(o, out));
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.effect, &mut out);
        walk(&self.lose_gain, &mut out);
        out
    }
}

/// All cards of a card file, validated.
#[derive(Clone, PartialEq, Debug)]
pub struct Cards {
    /// Sorted by number.
    cards: Vec<Card>,
    /// Number -> position in `cards`, [`NO_CARD`] for none.
    index: [u8; MAX_NUMBER as usize + 1],
    /// Each nation's two First Goals, in file order.
    goals: [[CardNo; 2]; 5],
}

impl Cards {
    /// Puts validated cards in number order and indexes them; `goals` are each nation's two First
    /// Goals in [`Nation::ALL`] order (the parser checks all of this).
    pub(crate) fn new(mut cards: Vec<Card>, goals: [[CardNo; 2]; 5]) -> Cards {
        cards.sort_by_key(|c| c.number);
        let mut index = [NO_CARD; MAX_NUMBER as usize + 1];
        for (i, c) in cards.iter().enumerate() {
            if let Some(slot) = index.get_mut(usize::from(c.number)) {
                *slot = i as u8;
            }
        }
        Cards { cards, index, goals }
    }

    /// The card with this number.
    pub fn get(&self, n: CardNo) -> Option<&Card> {
        let i = *self.index.get(usize::from(n))?;
        self.cards.get(usize::from(i))
    }

    /// All cards, by number.
    pub fn all(&self) -> &[Card] {
        &self.cards
    }

    /// The cards of one deck, by number.
    pub fn deck(&self, d: Deck) -> impl Iterator<Item = &Card> + '_ {
        self.cards.iter().filter(move |c| c.deck == d)
    }

    /// A nation's two First Goals, in file order.
    pub fn first_goals(&self, n: Nation) -> [CardNo; 2] {
        self.goals[n.index()]
    }

    /// The card with this id or name, case-insensitive (ids first; a shared name, as the Nuclear
    /// Bombs have, gives the lowest-numbered card).
    pub fn by_id(&self, id: &str) -> Option<&Card> {
        let id = id.trim();
        self.cards
            .iter()
            .find(|c| c.id.eq_ignore_ascii_case(id))
            .or_else(|| self.cards.iter().find(|c| c.name.eq_ignore_ascii_case(id)))
    }

    /// The numbers in 0..=150 no card uses.
    pub fn free_numbers(&self) -> Vec<CardNo> {
        (0..=MAX_NUMBER).filter(|&n| self.get(n).is_none()).collect()
    }
}

/// Temporary or lasting changes from cards (WD-CARD-6, WD-CARD-7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mods {
    #[serde(default)]
    pub income: i8,
    #[serde(default)]
    pub strength: i8,
    #[serde(default)]
    pub movement: i8,
    #[serde(default)]
    pub hand_limit: i8,
}

impl Mods {
    pub fn add(&mut self, o: Mods) {
        self.income = self.income.saturating_add(o.income);
        self.strength = self.strength.saturating_add(o.strength);
        self.movement = self.movement.saturating_add(o.movement);
        self.hand_limit = self.hand_limit.saturating_add(o.hand_limit);
    }
}
