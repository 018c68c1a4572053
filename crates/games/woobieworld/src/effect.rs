//! The effect vocabulary: what a card's steps can say (as written in `content/cards.toml`), the
//! English rules text generated from them, and their compilation into a flat program that the
//! interpreter runs one step at a time.

use serde::{Deserialize, Serialize};

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
}

/// How many: a number, or (for losses and removals) half or all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Count {
    Number(u8),
    Named(NamedCount),
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

/// One sentence of a card, as written in the card file.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Step {
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
        branches: Vec<Vec<Step>>,
    },
    If {
        condition: Condition,
        then: Vec<Step>,
        #[serde(default, rename = "else")]
        otherwise: Vec<Step>,
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
    CaretakerUpkeep { steps: Vec<Step> },
    /// At the start of every turn, the player whose turn it is resolves these steps.
    Upkeep { steps: Vec<Step> },
}

// ----- compiled form -----

/// One instruction of a compiled card: a step without nesting, or control flow.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    Step(Step),
    /// The card's player picks one branch; each target is the first instruction of a branch.
    Branch(Vec<u16>),
    /// If the condition does not hold, jump.
    Unless(Condition, u16),
    Jump(u16),
}

/// Flattens nested steps into a program with jumps.
pub fn compile(steps: &[Step]) -> Vec<Op> {
    let mut ops = Vec::new();
    emit(steps, &mut ops);
    ops
}

fn emit(steps: &[Step], ops: &mut Vec<Op>) {
    for step in steps {
        match step {
            Step::Or { branches } => {
                let branch_at = ops.len();
                ops.push(Op::Branch(Vec::new()));
                let mut targets = Vec::new();
                let mut exits = Vec::new();
                for branch in branches {
                    targets.push(ops.len() as u16);
                    emit(branch, ops);
                    exits.push(ops.len());
                    ops.push(Op::Jump(0));
                }
                let end = ops.len() as u16;
                for e in exits {
                    ops[e] = Op::Jump(end);
                }
                ops[branch_at] = Op::Branch(targets);
            }
            Step::If { condition, then, otherwise } => {
                let test_at = ops.len();
                ops.push(Op::Unless(condition.clone(), 0));
                emit(then, ops);
                let exit = ops.len();
                ops.push(Op::Jump(0));
                let else_at = ops.len() as u16;
                emit(otherwise, ops);
                let end = ops.len() as u16;
                ops[test_at] = Op::Unless(condition.clone(), else_at);
                ops[exit] = Op::Jump(end);
            }
            leaf => ops.push(Op::Step(leaf.clone())),
        }
    }
}

// ----- rules text -----

fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

fn area_filter_text(f: AreaFilter, colour: Option<Colour>) -> String {
    match f {
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
        AreaFilter::NeighbouringChosen => "an area neighbouring the chosen one".into(),
    }
}

fn homes_text(h: Homes) -> (&'static str, bool) {
    // (subject, plural?)
    match h {
        Homes::Yours => ("Your home", false),
        Homes::Chosen => ("The chosen home", false),
        Homes::Neighbouring => ("Every neighbouring home", false),
        Homes::NeighbouringYours => ("Every home neighbouring yours (yours too)", false),
        Homes::All => ("Every home", false),
        Homes::Others => ("Every other home", false),
    }
}

fn place_text(p: Place) -> &'static str {
    match p {
        Place::Chosen => "the chosen area",
        Place::Neighbouring => "the chosen area and the areas bordering it",
        Place::ChosenIndustry => "the chosen industry's area",
        Place::YourHome => "your home",
        Place::NeighbouringYourHome => "your home and the areas bordering it",
        Place::Everywhere => "every area",
    }
}

/// A place for a count that applies to each of its areas separately.
fn each_place_text(p: Place) -> &'static str {
    match p {
        Place::Neighbouring => "each of the chosen area and the areas bordering it",
        Place::NeighbouringYourHome => "each of your home and the areas bordering it",
        Place::Everywhere => "every area",
        other => place_text(other),
    }
}

fn per_text(per: Option<Per>) -> &'static str {
    match per {
        None => "",
        Some(Per::RemovedIndustry) => " per industry removed",
        Some(Per::IndustryNeighbouringChosen) => " for each industry neighbouring the chosen area",
        Some(Per::IndustryNeighbouringYourHome) => " for each industry neighbouring your home",
        Some(Per::AnarchInChosen) => " for each Anarch in the chosen area",
    }
}

/// The rulebook's notation: +2R, -1A, "+1 of each colour", "half of all support".
fn pieces_text(sign: char, pieces: Pieces, count: Count) -> String {
    let n = match count {
        Count::Number(n) => n,
        Count::Named(NamedCount::Half) => {
            return match pieces {
                Pieces::Any => "half of all support, rounding the loss down".into(),
                Pieces::AnyColour => "half of its coloured support, rounding the loss down".into(),
                other => format!("half of its {}, rounding the loss down", kind_words(other)),
            };
        }
        Count::Named(NamedCount::All) => {
            return match pieces {
                Pieces::Any => "all support".into(),
                Pieces::AnyColour => "all coloured support".into(),
                other => format!("all its {}", kind_words(other)),
            };
        }
    };
    match pieces.single() {
        Some(s) => format!("{sign}{n}{}", s.letter()),
        None => match pieces {
            Pieces::AnyColour => format!("{sign}{} of any colour", plural(n, "support", "support")),
            Pieces::Any => format!("{sign}{} of any kind, Anarchs included", plural(n, "support", "support")),
            Pieces::EachColour => format!("{sign}{n} of each colour"),
            Pieces::ChosenColour => format!("{sign}{n} of the chosen colour"),
            Pieces::IndustryColour => format!("{sign}{n} of that industry's colour"),
            Pieces::RemovedIndustryColours => {
                format!("{sign}{n} of each removed industry's colour for each industry of that colour removed")
            }
            _ => String::new(),
        },
    }
}

fn kind_words(p: Pieces) -> &'static str {
    match p {
        Pieces::Red => "red support",
        Pieces::Yellow => "yellow support",
        Pieces::Green => "green support",
        Pieces::Blue => "blue support",
        Pieces::Anarchs => "Anarchs",
        Pieces::EachColour => "support of each colour",
        Pieces::ChosenColour => "support of the chosen colour",
        Pieces::IndustryColour => "support of that industry's colour",
        Pieces::AnyColour => "coloured support",
        Pieces::Any => "support of any kind",
        _ => "support",
    }
}

fn condition_text(c: &Condition) -> String {
    match c {
        Condition::YourHomeNeighboursIndustry { colour: Some(c) } => format!("If your home neighbours a {c} industry"),
        Condition::YourHomeNeighboursIndustry { colour: None } => "If your home neighbours an industry".into(),
        Condition::YourHomeHas { support, at_least } => {
            let what = match support {
                Support::Anarch => plural(*at_least, "Anarch", "Anarchs"),
                s => format!("{at_least} {s} support"),
            };
            format!("If your home has at least {what}")
        }
        Condition::ChosenIsHome => "If the chosen area is a home".into(),
        Condition::YourHomeIs { filter } => match filter {
            AreaFilter::Coastal => "If your home is coastal".into(),
            AreaFilter::Mountain => "If your home is a mountain area".into(),
            AreaFilter::Inland => "If your home is inland".into(),
            AreaFilter::Water => "If your home is a body of water".into(),
            other => format!("If your home is {}", area_filter_text(*other, None)),
        },
        Condition::RemovedIndustries { at_least } => {
            format!("If this card removed at least {}", plural(*at_least, "industry", "industries"))
        }
    }
}

/// One step as an English sentence (without the final full stop for nested use).
pub fn step_text(step: &Step) -> String {
    match step {
        Step::ChooseArea { filter, colour } => format!("Choose {}", area_filter_text(*filter, *colour)),
        Step::ChooseIndustry { colour, near_your_home } => {
            let what = colour.map_or("an industry".to_owned(), |c| format!("a {c} industry"));
            if *near_your_home { format!("Choose {what} neighbouring your home") } else { format!("Choose {what}") }
        }
        Step::ChoosePlayer { filter: PlayerFilter::Other } => "Choose another player".into(),
        Step::ChoosePlayer { filter: PlayerFilter::Any } => "Choose a player".into(),
        Step::ChooseColour => "Choose a colour".into(),
        Step::Gain { homes, pieces, count, per, chooser } => {
            let (who, _) = homes_text(*homes);
            let owner = if *chooser == Chooser::Owner && matches!(pieces, Pieces::AnyColour) {
                " (its owner picks the colours)"
            } else {
                ""
            };
            format!("{who} gains {}{}{owner}", pieces_text('+', *pieces, *count), per_text(*per))
        }
        Step::Lose { homes, pieces, count, per, chooser } => {
            let (who, _) = homes_text(*homes);
            let open = matches!(pieces, Pieces::Any | Pieces::AnyColour);
            let picks = match (open, chooser) {
                (true, Chooser::Owner) => " (its owner chooses which)",
                (true, Chooser::Player) => " (you choose which)",
                _ => "",
            };
            format!("{who} loses {}{}{picks}", pieces_text('-', *pieces, *count), per_text(*per))
        }
        Step::RemoveIndustries { at, colour } => {
            let what = colour.map_or("industries".to_owned(), |c| format!("{c} industries"));
            match at {
                Place::ChosenIndustry => "Remove the chosen industry".into(),
                Place::Neighbouring => format!("Remove all neighbouring {what}"),
                other => format!("Remove all {what} from {}", place_text(*other)),
            }
        }
        Step::PlaceIndustry { at, colour } => {
            let what = colour.map_or("an industry of any colour".to_owned(), |c| format!("a {c} industry"));
            format!("Place {what} from the pile in {}", place_text(*at))
        }
        // WOOB-RULING-12: a move always goes somewhere else.
        Step::MoveIndustry { to: AreaFilter::NeighbouringChosen } => {
            "Move the chosen industry to another area bordering it".into()
        }
        Step::MoveIndustry { to } => format!("Move the chosen industry to {}", area_filter_text(*to, None)),
        Step::PlaceAnarchs { at, count } => {
            let n = if let Count::Number(n) = count { *n } else { 1 };
            format!("Place {} from the pile in {}", plural(n, "Anarch", "Anarchs"), place_text(*at))
        }
        Step::RemoveAnarchs { at, count } => match count {
            Count::Number(n) => format!("Remove {} from {}", plural(*n, "Anarch", "Anarchs"), each_place_text(*at)),
            Count::Named(NamedCount::Half) => {
                format!("Remove half of the Anarchs (rounded down) from {}", each_place_text(*at))
            }
            Count::Named(NamedCount::All) => format!("Remove all Anarchs from {}", place_text(*at)),
        },
        Step::MoveAnarchs { from: Place::Neighbouring, to: Place::Chosen, count: Count::Named(NamedCount::All) } => {
            "Move all Anarchs from the areas bordering the chosen area into it".into()
        }
        Step::MoveAnarchs { from, to, count } => {
            let what = match count {
                Count::Number(n) => plural(*n, "Anarch", "Anarchs"),
                Count::Named(NamedCount::Half) => "half of the Anarchs".into(),
                Count::Named(NamedCount::All) => "all Anarchs".into(),
            };
            format!("Move {what} from {} to {}", place_text(*from), place_text(*to))
        }
        Step::MoveSupport { from, to, pieces, count } => {
            let what = match (pieces.single(), count) {
                (Some(s), Count::Number(n)) => format!("{n}{}", s.letter()),
                (_, Count::Number(n)) => format!("{n} {}", kind_words(*pieces)),
                (_, Count::Named(NamedCount::Half)) => format!("half of the {}", kind_words(*pieces)),
                (_, Count::Named(NamedCount::All)) => format!("all the {}", kind_words(*pieces)),
            };
            let lower = |h: Homes| {
                let (t, _) = homes_text(h);
                let mut s = t.to_owned();
                s[..1].make_ascii_lowercase();
                s
            };
            let picks = if matches!(pieces, Pieces::Any | Pieces::AnyColour) { " (you choose which)" } else { "" };
            format!("Move {what} from {} to {}{picks}", lower(*from), lower(*to))
        }
        Step::Or { branches } => {
            branches.iter().map(|b| steps_text(b)).collect::<Vec<_>>().join(" OR ").trim_end_matches('.').to_owned()
        }
        Step::If { condition, then, otherwise } => {
            let mut s = format!("{}: {}", condition_text(condition), steps_text(then));
            if !otherwise.is_empty() {
                s.push_str(&format!(" Otherwise: {}", steps_text(otherwise)));
            }
            s.trim_end_matches('.').to_owned()
        }
        Step::DiscardEnvironment => "Discard an environment in play (not a Mount Saint Woobie)".into(),
    }
}

/// A list of steps as sentences.
pub fn steps_text(steps: &[Step]) -> String {
    steps.iter().map(|s| format!("{}.", step_text(s))).collect::<Vec<_>>().join(" ")
}

/// The rules text of an environment's lasting rule.
pub fn rule_text(rule: &Rule) -> String {
    match rule {
        Rule::MountSaintWoobie => {
            "The volcano rumbles. When the fourth Mount Saint Woobie is in play, the game ends.".into()
        }
        Rule::SupportPieces { count } => {
            format!("In the support phase, a player who takes support takes {count} coloured support instead of one.")
        }
        Rule::AnarchsAvoidWater => "Anarchs may not enter bodies of water.".into(),
        Rule::NoIndustryPhase => "Players skip the industry phase.".into(),
        Rule::ColourBanned { colour } => format!("{} ACTION cards cannot be played.", colour.name().to_uppercase()),
        Rule::CaretakerUpkeep { steps } => format!("At the start of the caretaker's turn: {}", steps_text(steps)),
        Rule::Upkeep { steps } => {
            format!("At the start of every player's turn, for that player: {}", steps_text(steps))
        }
    }
}
