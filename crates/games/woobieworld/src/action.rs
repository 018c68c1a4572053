//! The atomic decisions of Woobieworld and their stable integer encoding (text notation is in
//! `notation.rs`).

use serde::{Deserialize, Serialize};
use worlds_engine::{ActionCode, MAX_PLAYERS, Player};

use crate::area::{Area, Colour, Support};
use crate::card::CardId;

/// One decision.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// WOOB-SETUP-2 / WOOB-SUPPORT-2: a land area becomes your home, with one coloured support.
    Home { area: Area, colour: Colour },
    /// WOOB-SUPPORT-1: take one coloured support from the pile to your home.
    Gain(Colour),
    /// WOOB-SUPPORT-1: move one Anarch to a neighbouring area.
    MoveAnarch { from: Area, to: Area },
    /// WOOB-INDUSTRY-1.
    PlaceIndustry { colour: Colour, area: Area },
    /// WOOB-INDUSTRY-1: the industry phase is optional.
    SkipIndustry,
    /// WOOB-PLAY-1.
    Play(CardId),
    /// WOOB-PLAY-5 / WOOB-CYCLE-3: discard without effect.
    Discard(CardId),
    /// WOOB-CYCLE-1: choose a card face down.
    Commit(CardId),
    /// A card's choice of an area (also a moved industry's destination).
    Area(Area),
    /// A card's choice of an industry.
    Industry { area: Area, colour: Colour },
    /// A card's choice of a player.
    Player(Player),
    /// A card's choice of a colour (also an industry's colour).
    Colour(Colour),
    /// One piece of support to gain, lose or move, where the card leaves its kind open.
    Pick(Support),
    /// One branch of an OR card (0-based; `option 1` in notation).
    Branch(u8),
    /// An environment in play to discard.
    Environment(CardId),
}

const A: usize = Area::MAX;
const C: usize = CardId::MAX;
const HOME: usize = 0;
const GAIN: usize = HOME + A * 4;
const MOVE_ANARCH: usize = GAIN + 4;
const PLACE_INDUSTRY: usize = MOVE_ANARCH + A * A;
const SKIP_INDUSTRY: usize = PLACE_INDUSTRY + 4 * A;
const PLAY: usize = SKIP_INDUSTRY + 1;
const DISCARD: usize = PLAY + C;
const COMMIT: usize = DISCARD + C;
const AREA: usize = COMMIT + C;
const INDUSTRY: usize = AREA + A;
const PLAYER: usize = INDUSTRY + A * 4;
const COLOUR: usize = PLAYER + MAX_PLAYERS;
const PICK: usize = COLOUR + 4;
const BRANCH: usize = PICK + 5;
const ENVIRONMENT: usize = BRANCH + 4;

impl ActionCode for Action {
    const COUNT: usize = ENVIRONMENT + C;

    fn index(self) -> usize {
        match self {
            Action::Home { area, colour } => HOME + area.index() * 4 + colour.index(),
            Action::Gain(c) => GAIN + c.index(),
            Action::MoveAnarch { from, to } => MOVE_ANARCH + from.index() * A + to.index(),
            Action::PlaceIndustry { colour, area } => PLACE_INDUSTRY + colour.index() * A + area.index(),
            Action::SkipIndustry => SKIP_INDUSTRY,
            Action::Play(c) => PLAY + c.index(),
            Action::Discard(c) => DISCARD + c.index(),
            Action::Commit(c) => COMMIT + c.index(),
            Action::Area(a) => AREA + a.index(),
            Action::Industry { area, colour } => INDUSTRY + area.index() * 4 + colour.index(),
            Action::Player(p) => PLAYER + p.index(),
            Action::Colour(c) => COLOUR + c.index(),
            Action::Pick(s) => PICK + s.index(),
            Action::Branch(b) => BRANCH + usize::from(b),
            Action::Environment(c) => ENVIRONMENT + c.index(),
        }
    }

    fn from_index(i: usize) -> Option<Action> {
        let area = Area::from_index;
        let colour = |k: usize| Colour::ALL[k % 4];
        let card = CardId::from_index;
        Some(match i {
            _ if i < GAIN => Action::Home { area: area((i - HOME) / 4)?, colour: colour(i - HOME) },
            _ if i < MOVE_ANARCH => Action::Gain(colour(i - GAIN)),
            _ if i < PLACE_INDUSTRY => {
                Action::MoveAnarch { from: area((i - MOVE_ANARCH) / A)?, to: area((i - MOVE_ANARCH) % A)? }
            }
            _ if i < SKIP_INDUSTRY => Action::PlaceIndustry {
                colour: colour((i - PLACE_INDUSTRY) / A),
                area: area((i - PLACE_INDUSTRY) % A)?,
            },
            _ if i < PLAY => Action::SkipIndustry,
            _ if i < DISCARD => Action::Play(card(i - PLAY)?),
            _ if i < COMMIT => Action::Discard(card(i - DISCARD)?),
            _ if i < AREA => Action::Commit(card(i - COMMIT)?),
            _ if i < INDUSTRY => Action::Area(area(i - AREA)?),
            _ if i < PLAYER => Action::Industry { area: area((i - INDUSTRY) / 4)?, colour: colour(i - INDUSTRY) },
            _ if i < COLOUR => Action::Player(Player::new(i - PLAYER)?),
            _ if i < PICK => Action::Colour(colour(i - COLOUR)),
            _ if i < BRANCH => Action::Pick(*Support::ALL.get(i - PICK)?),
            _ if i < ENVIRONMENT => Action::Branch((i - BRANCH) as u8),
            _ if i < Action::COUNT => Action::Environment(card(i - ENVIRONMENT)?),
            _ => return None,
        })
    }
}
