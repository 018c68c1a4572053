//! The atomic decisions of Woobieworld, their stable integer encoding and their text notation.

use serde::{Deserialize, Serialize};
use worlds_engine::{MAX_PLAYERS, NotationError, Player};

use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::content::Content;

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

impl Action {
    pub const COUNT: usize = ENVIRONMENT + C;

    pub fn index(self) -> usize {
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

    pub fn from_index(i: usize) -> Option<Action> {
        let area = |k: usize| Area::from_index(k);
        let colour = |k: usize| Colour::ALL[k % 4];
        let card = |k: usize| CardId::from_index(k);
        Some(match i {
            _ if i < GAIN => Action::Home { area: area((i - HOME) / 4), colour: colour(i - HOME) },
            _ if i < MOVE_ANARCH => Action::Gain(colour(i - GAIN)),
            _ if i < PLACE_INDUSTRY => {
                Action::MoveAnarch { from: area((i - MOVE_ANARCH) / A), to: area((i - MOVE_ANARCH) % A) }
            }
            _ if i < SKIP_INDUSTRY => {
                Action::PlaceIndustry { colour: colour((i - PLACE_INDUSTRY) / A), area: area((i - PLACE_INDUSTRY) % A) }
            }
            _ if i < PLAY => Action::SkipIndustry,
            _ if i < DISCARD => Action::Play(card(i - PLAY)),
            _ if i < COMMIT => Action::Discard(card(i - DISCARD)),
            _ if i < AREA => Action::Commit(card(i - COMMIT)),
            _ if i < INDUSTRY => Action::Area(area(i - AREA)),
            _ if i < PLAYER => Action::Industry { area: area((i - INDUSTRY) / 4), colour: colour(i - INDUSTRY) },
            _ if i < COLOUR => Action::Player(Player::new(i - PLAYER)?),
            _ if i < PICK => Action::Colour(colour(i - COLOUR)),
            _ if i < BRANCH => Action::Pick(*Support::ALL.get(i - PICK)?),
            _ if i < ENVIRONMENT => Action::Branch((i - BRANCH) as u8),
            _ if i < Action::COUNT => Action::Environment(card(i - ENVIRONMENT)),
            _ => return None,
        })
    }

    /// The notation, with areas and cards named from the content.
    pub fn format(self, content: &Content) -> String {
        let area = |a: Area| content.map.id(a).to_owned();
        let card = |c: CardId| content.card_slug(c);
        match self {
            Action::Home { area: a, colour } => format!("home {} {colour}", area(a)),
            Action::Gain(c) => format!("gain {c}"),
            Action::MoveAnarch { from, to } => format!("anarch {} to {}", area(from), area(to)),
            Action::PlaceIndustry { colour, area: a } => format!("industry {colour} {}", area(a)),
            Action::SkipIndustry => "skip industry".into(),
            Action::Play(c) => format!("play {}", card(c)),
            Action::Discard(c) => format!("discard {}", card(c)),
            Action::Commit(c) => format!("commit {}", card(c)),
            Action::Area(a) => format!("area {}", area(a)),
            Action::Industry { area: a, colour } => format!("choose {colour} industry {}", area(a)),
            Action::Player(p) => format!("player {p}"),
            Action::Colour(c) => format!("colour {c}"),
            Action::Pick(s) => format!("pick {s}"),
            Action::Branch(b) => format!("option {}", b + 1),
            Action::Environment(c) => format!("environment {}", card(c)),
        }
    }

    /// Reads notation (forgiving case and spacing; areas and cards by id or name).
    ///
    /// # Errors
    /// A [`NotationError`] saying what could not be read.
    pub fn parse(text: &str, content: &Content) -> Result<Action, NotationError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let fail = |why: String| NotationError::new(text, why);
        let area = |s: &str| content.map.find(s).ok_or_else(|| fail(format!("`{s}` is not an area of the map")));
        let card = |s: &str| content.find_card(s).ok_or_else(|| fail(format!("`{s}` is not a card of the deck")));
        let colour = |s: &str| s.parse::<Colour>().map_err(&fail);
        let rest = |k: usize| words.get(k..).map(|w| w.join(" ")).unwrap_or_default();
        match words.as_slice() {
            ["home", .., last] if words.len() >= 3 && last.parse::<Colour>().is_ok() => {
                Ok(Action::Home { area: area(&words[1..words.len() - 1].join(" "))?, colour: colour(last)? })
            }
            ["home", ..] => Err(fail("write `home AREA COLOUR`, e.g. `home doom-grove red`".into())),
            ["gain", c] => Ok(Action::Gain(colour(c)?)),
            ["anarch" | "anarchs", ..] => {
                let body = rest(1);
                let (from, to) = body
                    .split_once(" to ")
                    .ok_or_else(|| fail("write `anarch FROM to TO`, e.g. `anarch woobania to oceana`".into()))?;
                Ok(Action::MoveAnarch { from: area(from.trim_start_matches("from "))?, to: area(to)? })
            }
            ["industry", c, ..] if words.len() >= 3 => {
                Ok(Action::PlaceIndustry { colour: colour(c)?, area: area(&rest(2))? })
            }
            ["skip"] | ["skip", "industry"] => Ok(Action::SkipIndustry),
            ["play", ..] if words.len() >= 2 => Ok(Action::Play(card(&rest(1))?)),
            ["discard", ..] if words.len() >= 2 => Ok(Action::Discard(card(&rest(1))?)),
            ["commit", ..] if words.len() >= 2 => Ok(Action::Commit(card(&rest(1))?)),
            ["area", ..] if words.len() >= 2 => Ok(Action::Area(area(&rest(1))?)),
            ["choose", c, "industry", ..] if words.len() >= 4 => {
                Ok(Action::Industry { colour: colour(c)?, area: area(rest(3).trim_start_matches("in "))? })
            }
            ["player", p] => p.parse::<Player>().map(Action::Player).map_err(fail),
            ["colour" | "color", c] => Ok(Action::Colour(colour(c)?)),
            ["pick", s] => s.parse::<Support>().map(Action::Pick).map_err(fail),
            ["option", k] => match k.parse::<u8>() {
                Ok(n @ 1..=4) => Ok(Action::Branch(n - 1)),
                _ => Err(fail("options are numbered from 1, e.g. `option 2`".into())),
            },
            ["environment", ..] if words.len() >= 2 => Ok(Action::Environment(card(&rest(1))?)),
            _ => Err(fail(format!("write one of: {FORMS}"))),
        }
    }
}

/// What a player can write, for errors and help.
pub const FORMS: &str = "home AREA COLOUR, gain COLOUR, anarch FROM to TO, industry COLOUR AREA, skip industry, \
play CARD, discard CARD, commit CARD, area AREA, choose COLOUR industry AREA, player P2, colour COLOUR, \
pick red|yellow|green|blue|anarch, option N, environment CARD";
