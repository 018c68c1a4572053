//! The effect vocabulary: what a card's steps can say, as written in `content/cards.toml`, and
//! their compilation (once, when the content loads) into a program of the engine's kit. The
//! English rules text is generated from the same steps (`text.rs`).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use worlds_engine::program::Source;

use crate::area::{Colour, Support};

/// Which areas a choice may pick.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AreaFilter {
    #[default]
    Any,
    Land,
    Water,
    Mountain,
    Coastal,
    Inland,
    /// Any player's home.
    Home,
    YourHome,
    OtherHome,
    /// A land area that is nobody's home.
    UnclaimedLand,
    /// An area holding an industry (of `colour`, if given).
    WithIndustry,
    /// An area holding Anarchs.
    WithAnarchs,
    /// Your home or an area bordering it.
    NeighbouringYourHome,
    /// The chosen area or an area bordering it.
    NeighbouringChosen,
}

impl AreaFilter {
    /// The areas this filter lets a choice pick, as a noun phrase ("a coastal area").
    pub fn words(self, colour: Option<Colour>) -> String {
        match self {
            AreaFilter::Any => "an area".into(),
            AreaFilter::Land => "a land area".into(),
            AreaFilter::Water => "a body of water".into(),
            AreaFilter::Mountain => "a mountain area".into(),
            AreaFilter::Coastal => "a coastal area".into(),
            AreaFilter::Inland => "an inland area".into(),
            AreaFilter::Home => "a home".into(),
            AreaFilter::YourHome => "your home".into(),
            AreaFilter::OtherHome => "another player's home".into(),
            AreaFilter::UnclaimedLand => "a land area that is nobody's home".into(),
            AreaFilter::WithIndustry => match colour {
                Some(c) => format!("an area with a {c} industry"),
                None => "an area with an industry".into(),
            },
            AreaFilter::WithAnarchs => "an area with Anarchs".into(),
            AreaFilter::NeighbouringYourHome => "an area neighbouring your home".into(),
            AreaFilter::NeighbouringChosen => "an area neighbouring the chosen area".into(),
        }
    }
}

/// Which players a choice may pick.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayerFilter {
    #[default]
    Other,
    Any,
}

/// Which homes gain or lose (several are resolved clockwise from the card's player, WOOB-PLAY-3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Homes {
    Yours,
    /// The chosen home (of the chosen player, or the home in the chosen area).
    Chosen,
    /// Homes in or bordering the chosen area (WOOB-MAP-3).
    Neighbouring,
    /// Homes in or bordering your home, yours included.
    NeighbouringYours,
    All,
    Others,
}

/// Where industries or Anarchs are placed, removed or moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    Chosen,
    Neighbouring,
    /// Only the chosen industry (for removing industries).
    ChosenIndustry,
    YourHome,
    NeighbouringYourHome,
    Everywhere,
}

/// Which kinds of support a gain or loss is made of.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pieces {
    Red,
    Yellow,
    Green,
    Blue,
    Anarchs,
    /// Coloured support, the chooser picking the colours (never Anarchs, WOOB-SUP-4).
    AnyColour,
    /// Any support, coloured or Anarch, the chooser picking (WOOB-SUP-4).
    Any,
    /// The count of each of the four colours.
    EachColour,
    /// The colour chosen earlier in the card.
    ChosenColour,
    /// The colour of the chosen (or just placed) industry.
    IndustryColour,
    /// For each colour, the count per industry of that colour this card removed (Quicksand).
    RemovedIndustryColours,
}

impl Pieces {
    pub fn single(self) -> Option<Support> {
        match self {
            Pieces::Red => Some(Support::Red),
            Pieces::Yellow => Some(Support::Yellow),
            Pieces::Green => Some(Support::Green),
            Pieces::Blue => Some(Support::Blue),
            Pieces::Anarchs => Some(Support::Anarch),
            _ => None,
        }
    }

    /// The single kind these pieces mean, once the colour chosen earlier in the card (`chosen`)
    /// and the chosen industry's colour (`industry`) are known.
    pub fn kind(self, chosen: Option<Colour>, industry: Option<Colour>) -> Option<Support> {
        match self {
            Pieces::ChosenColour => chosen.map(Colour::support),
            Pieces::IndustryColour => industry.map(Colour::support),
            p => p.single(),
        }
    }
}

/// How many: a number, or (for losses and removals) half or all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(untagged)]
pub enum Count {
    Number(u8),
    Named(NamedCount),
}

/// Read by hand so that a bad count says what a count is (not serde's "did not match any variant").
impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Count, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a count: a number from 1 to 255, `half` or `all`")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Count, E> {
                number(v)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Count, E> {
                number(v)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Count, E> {
                match v {
                    "half" => Ok(Count::Named(NamedCount::Half)),
                    "all" => Ok(Count::Named(NamedCount::All)),
                    other => Err(E::custom(format!("a count is a number, `half` or `all`, not `{other}`"))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

fn number<E: serde::de::Error, N: TryInto<u8> + fmt::Display + Copy>(v: N) -> Result<Count, E> {
    v.try_into()
        .map(Count::Number)
        .map_err(|_| E::custom(format!("a count is a number from 1 to 255, `half` or `all`, not {v}")))
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NamedCount {
    /// Half, rounding the loss down.
    Half,
    All,
}

impl Default for Count {
    fn default() -> Count {
        Count::Number(1)
    }
}

/// A multiplier for a count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    /// For each industry this card has removed so far.
    RemovedIndustry,
    /// For each industry in or bordering the chosen area.
    IndustryNeighbouringChosen,
    /// For each industry in or bordering your home.
    IndustryNeighbouringYourHome,
    /// For each Anarch in the chosen area.
    AnarchInChosen,
}

/// Who picks the pieces when a card leaves it open.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Chooser {
    /// The card's player (the rulebook's "use the generalness of that sentence to your advantage").
    #[default]
    Player,
    /// Each affected home's owner.
    Owner,
}

/// A test in an `if` step.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "test", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Condition {
    /// An industry (of `colour`, if given) stands in or next to your home.
    YourHomeNeighboursIndustry {
        #[serde(default)]
        colour: Option<Colour>,
    },
    /// Your home holds at least `at-least` support of a kind.
    YourHomeHas {
        support: Support,
        #[serde(rename = "at-least")]
        at_least: u8,
    },
    /// The chosen area is somebody's home.
    ChosenIsHome,
    /// Your home is coastal / a mountain / inland.
    YourHomeIs { filter: AreaFilter },
    /// This card has removed at least `at-least` industries.
    RemovedIndustries {
        #[serde(rename = "at-least")]
        at_least: u8,
    },
}

impl Condition {
    /// The test as a clause ("your home neighbours a red industry").
    pub fn words(&self) -> String {
        match self {
            Condition::YourHomeNeighboursIndustry { colour: Some(c) } => format!("your home neighbours a {c} industry"),
            Condition::YourHomeNeighboursIndustry { colour: None } => "your home neighbours an industry".into(),
            Condition::YourHomeHas { support: Support::Anarch, at_least: 1 } => {
                "your home has at least 1 Anarch".into()
            }
            Condition::YourHomeHas { support: Support::Anarch, at_least } => {
                format!("your home has at least {at_least} Anarchs")
            }
            Condition::YourHomeHas { support, at_least } => {
                format!("your home has at least {at_least} {support} support")
            }
            Condition::ChosenIsHome => "the chosen area is a home".into(),
            Condition::YourHomeIs { filter: AreaFilter::Coastal } => "your home is coastal".into(),
            Condition::YourHomeIs { filter: AreaFilter::Inland } => "your home is inland".into(),
            Condition::YourHomeIs { filter } => format!("your home is {}", filter.words(None)),
            Condition::RemovedIndustries { at_least: 1 } => "an industry was removed".into(),
            Condition::RemovedIndustries { at_least } => format!("at least {at_least} industries were removed"),
        }
    }
}

/// One step of a card's effect, as written in the card file (`steps = [{ do = "gain", … }]`).
/// `or` and `if` nest other steps; compiled, they become the program's choices and tests.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    ChooseArea {
        #[serde(default)]
        filter: AreaFilter,
        #[serde(default)]
        colour: Option<Colour>,
    },
    ChooseIndustry {
        #[serde(default)]
        colour: Option<Colour>,
        /// Only industries in or next to your home.
        #[serde(default, rename = "near-your-home")]
        near_your_home: bool,
    },
    ChoosePlayer {
        #[serde(default)]
        filter: PlayerFilter,
    },
    ChooseColour,
    Gain {
        homes: Homes,
        pieces: Pieces,
        #[serde(default)]
        count: Count,
        #[serde(default)]
        per: Option<Per>,
        #[serde(default)]
        chooser: Chooser,
    },
    Lose {
        homes: Homes,
        pieces: Pieces,
        #[serde(default)]
        count: Count,
        #[serde(default)]
        per: Option<Per>,
        #[serde(default)]
        chooser: Chooser,
    },
    RemoveIndustries {
        at: Place,
        #[serde(default)]
        colour: Option<Colour>,
    },
    PlaceIndustry {
        at: Place,
        #[serde(default)]
        colour: Option<Colour>,
    },
    MoveIndustry {
        to: AreaFilter,
    },
    PlaceAnarchs {
        at: Place,
        #[serde(default)]
        count: Count,
    },
    RemoveAnarchs {
        at: Place,
        #[serde(default)]
        count: Count,
    },
    MoveAnarchs {
        from: Place,
        to: Place,
        #[serde(default = "all")]
        count: Count,
    },
    MoveSupport {
        from: Homes,
        to: Homes,
        pieces: Pieces,
        #[serde(default)]
        count: Count,
    },
    Or {
        branches: Vec<Vec<Effect>>,
    },
    If {
        condition: Condition,
        then: Vec<Effect>,
        #[serde(default, rename = "else")]
        otherwise: Vec<Effect>,
    },
    DiscardEnvironment,
}

fn all() -> Count {
    Count::Named(NamedCount::All)
}

/// A lasting rule change made by an ENVIRONMENT while it is in play (WOOB-PLAY-6).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Rule {
    /// Counts towards the end of the game (WOOB-END-1).
    MountSaintWoobie,
    /// The support phase takes this many coloured support instead of one.
    SupportPieces { count: u8 },
    /// Anarchs may not enter bodies of water.
    AnarchsAvoidWater,
    /// The industry phase is skipped.
    NoIndustryPhase,
    /// COLOUR ACTION cards of this colour cannot be played.
    ColourBanned { colour: Colour },
    /// At the start of the caretaker's turn, the caretaker resolves these steps.
    CaretakerUpkeep { steps: Vec<Effect> },
    /// At the start of every turn, the player whose turn it is resolves these steps.
    Upkeep { steps: Vec<Effect> },
}

// ----- compiled form -----

/// A compiled card: the engine's program over this vocabulary. Its ops are the steps other than
/// `or` and `if`, which become the program's choices and tests.
pub type Program = worlds_engine::program::Program<Effect, Condition>;

fn source(effects: &[Effect]) -> Vec<Source<Effect, Condition>> {
    effects
        .iter()
        .map(|e| match e {
            Effect::Or { branches } => Source::Either(branches.iter().map(|b| source(b)).collect()),
            Effect::If { condition, then, otherwise } => {
                Source::If { test: condition.clone(), then: source(then), otherwise: source(otherwise) }
            }
            op => Source::Do(op.clone()),
        })
        .collect()
}

/// Compiles a card's steps once.
pub fn compile(effects: &[Effect]) -> Program {
    Program::compile(&source(effects))
}

/// The branches of the OR that [`compile`] puts at instruction `pc`, to say what each does (the
/// engine knows where its compiler puts each choice).
pub fn or_at(effects: &[Effect], pc: u16) -> Option<Vec<Vec<Effect>>> {
    let src = source(effects);
    let branches = worlds_engine::program::either_at(&src, pc)?;
    Some(branches.iter().map(|b| steps(b)).collect())
}

/// The steps a compiled source was made from ([`source`] read back).
fn steps(source: &[Source<Effect, Condition>]) -> Vec<Effect> {
    source
        .iter()
        .map(|s| match s {
            Source::Do(op) => op.clone(),
            Source::Either(branches) => Effect::Or { branches: branches.iter().map(|b| steps(b)).collect() },
            Source::If { test, then, otherwise } => {
                Effect::If { condition: test.clone(), then: steps(then), otherwise: steps(otherwise) }
            }
        })
        .collect()
}
