//! The English rules text of cards, generated from their steps so that text and behaviour never
//! disagree. It follows the rulebook's notation: +2R, -1A, "+1 of each colour".

use crate::area::{Colour, Support};
use crate::effect::{
    AreaFilter, Chooser, Condition, Count, Effect, Homes, NamedCount, Per, Pieces, Place, PlayerFilter, Rule,
};

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
pub fn effect_text(step: &Effect) -> String {
    match step {
        Effect::ChooseArea { filter, colour } => format!("Choose {}", area_filter_text(*filter, *colour)),
        Effect::ChooseIndustry { colour, near_your_home } => {
            let what = colour.map_or("an industry".to_owned(), |c| format!("a {c} industry"));
            if *near_your_home { format!("Choose {what} neighbouring your home") } else { format!("Choose {what}") }
        }
        Effect::ChoosePlayer { filter: PlayerFilter::Other } => "Choose another player".into(),
        Effect::ChoosePlayer { filter: PlayerFilter::Any } => "Choose a player".into(),
        Effect::ChooseColour => "Choose a colour".into(),
        Effect::Gain { homes, pieces, count, per, chooser } => {
            let (who, _) = homes_text(*homes);
            let owner = if *chooser == Chooser::Owner && matches!(pieces, Pieces::AnyColour) {
                " (its owner picks the colours)"
            } else {
                ""
            };
            format!("{who} gains {}{}{owner}", pieces_text('+', *pieces, *count), per_text(*per))
        }
        Effect::Lose { homes, pieces, count, per, chooser } => {
            let (who, _) = homes_text(*homes);
            let open = matches!(pieces, Pieces::Any | Pieces::AnyColour);
            let picks = match (open, chooser) {
                (true, Chooser::Owner) => " (its owner chooses which)",
                (true, Chooser::Player) => " (you choose which)",
                _ => "",
            };
            format!("{who} loses {}{}{picks}", pieces_text('-', *pieces, *count), per_text(*per))
        }
        Effect::RemoveIndustries { at, colour } => {
            let what = colour.map_or("industries".to_owned(), |c| format!("{c} industries"));
            match at {
                Place::ChosenIndustry => "Remove the chosen industry".into(),
                Place::Neighbouring => format!("Remove all neighbouring {what}"),
                other => format!("Remove all {what} from {}", place_text(*other)),
            }
        }
        Effect::PlaceIndustry { at, colour } => {
            let what = colour.map_or("an industry of any colour".to_owned(), |c| format!("a {c} industry"));
            format!("Place {what} from the pile in {}", place_text(*at))
        }
        // WOOB-RULING-12: a move always goes somewhere else.
        Effect::MoveIndustry { to: AreaFilter::NeighbouringChosen } => {
            "Move the chosen industry to another area bordering it".into()
        }
        Effect::MoveIndustry { to } => format!("Move the chosen industry to {}", area_filter_text(*to, None)),
        Effect::PlaceAnarchs { at, count } => {
            let n = if let Count::Number(n) = count { *n } else { 1 };
            format!("Place {} from the pile in {}", plural(n, "Anarch", "Anarchs"), place_text(*at))
        }
        Effect::RemoveAnarchs { at, count } => match count {
            Count::Number(n) => format!("Remove {} from {}", plural(*n, "Anarch", "Anarchs"), each_place_text(*at)),
            Count::Named(NamedCount::Half) => {
                format!("Remove half of the Anarchs (rounded down) from {}", each_place_text(*at))
            }
            Count::Named(NamedCount::All) => format!("Remove all Anarchs from {}", place_text(*at)),
        },
        Effect::MoveAnarchs { from: Place::Neighbouring, to: Place::Chosen, count: Count::Named(NamedCount::All) } => {
            "Move all Anarchs from the areas bordering the chosen area into it".into()
        }
        Effect::MoveAnarchs { from, to, count } => {
            let what = match count {
                Count::Number(n) => plural(*n, "Anarch", "Anarchs"),
                Count::Named(NamedCount::Half) => "half of the Anarchs".into(),
                Count::Named(NamedCount::All) => "all Anarchs".into(),
            };
            format!("Move {what} from {} to {}", place_text(*from), place_text(*to))
        }
        Effect::MoveSupport { from, to, pieces, count } => {
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
        Effect::Or { branches } => {
            branches.iter().map(|b| effects_text(b)).collect::<Vec<_>>().join(" OR ").trim_end_matches('.').to_owned()
        }
        Effect::If { condition, then, otherwise } => {
            let mut s = format!("{}: {}", condition_text(condition), effects_text(then));
            if !otherwise.is_empty() {
                s.push_str(&format!(" Otherwise: {}", effects_text(otherwise)));
            }
            s.trim_end_matches('.').to_owned()
        }
        Effect::DiscardEnvironment => "Discard an environment in play (not a Mount Saint Woobie)".into(),
    }
}

/// A list of steps as sentences.
pub fn effects_text(steps: &[Effect]) -> String {
    steps.iter().map(|s| format!("{}.", effect_text(s))).collect::<Vec<_>>().join(" ")
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
        Rule::CaretakerUpkeep { steps } => format!("At the start of the caretaker's turn: {}", effects_text(steps)),
        Rule::Upkeep { steps } => {
            format!("At the start of every player's turn, for that player: {}", effects_text(steps))
        }
    }
}
