//! Rules text generated from a card's fields and steps, so text and behaviour never disagree.

use crate::board::Flag;
use crate::card::{Card, Cond, Filter, Kind, Step, Who};

/// A card's rules text: its type, cost, VP and need, then its effect and lose/gain steps in the
/// order they act (WD-FLIP-3), then rounds, corruption, keywords and links.
pub fn card_text(card: &Card) -> String {
    let mut head = card.kind.name().to_owned();
    if let Some(n) = card.nation {
        head.push_str(&format!(" ({n})"));
    }
    head.push_str(&format!(", cost {}", card.cost));
    if card.vp > 0 {
        head.push_str(&format!(", {} VP", card.vp));
    }
    if !card.need.is_empty() {
        let needs: Vec<String> = card.need.iter().map(cond_text).collect();
        head.push_str(&format!(", needs {}", needs.join(" and ")));
    }
    head.push('.');
    let mut parts = vec![head];
    for list in [&card.effect, &card.lose_gain] {
        // The same step twice in a row reads "..., twice." (Emergency Draft).
        for run in list.chunk_by(|a, b| a == b) {
            let Some(first) = run.first() else { continue };
            let mut text = step_text(first, card.kind);
            if run.len() > 1 {
                text.pop();
                text.push_str(&if run.len() == 2 { ", twice.".to_owned() } else { format!(", {} times.", run.len()) });
            }
            parts.push(text);
        }
    }
    if card.rounds > 1 {
        parts.push(format!("Stays {} rounds.", card.rounds));
    }
    match (card.kind, card.corruption) {
        (Kind::FirstGoal, Some(c)) => parts.push(format!("Corruption {c}: pay it instead to ignore the need.")),
        (Kind::FirstGoal, None) => parts.push("No corruption: the need must be met.".to_owned()),
        _ => {}
    }
    if !card.keywords.is_empty() {
        parts.push(format!("Keywords: {}.", card.keywords.join(", ")));
    }
    if !card.link.is_empty() {
        parts.push(format!("Linked to {}.", card.link.join(", ")));
    }
    parts.join(" ")
}

/// One step as a sentence, for a card of `kind` (which sets how long changes last).
pub fn step_text(step: &Step, kind: Kind) -> String {
    let mut s = clause(step, kind);
    if let Some(first) = s.get(..1) {
        let up = first.to_uppercase();
        s.replace_range(..1, &up);
    }
    s.push('.');
    s
}

/// A need or condition as a noun phrase ("Ego 8+", "a Base of 6+").
pub fn cond_text(c: &Cond) -> String {
    match c {
        Cond::EgoAtLeast(n) => format!("Ego {n}+"),
        Cond::EgoAtMost(n) => format!("Ego {n} or less"),
        Cond::PopularityAtLeast(n) => format!("Popularity {n}+"),
        Cond::PopularityAtMost(n) => format!("Popularity {n} or less"),
        Cond::BaseAtLeast(n) => format!("a Base of {n}+"),
        Cond::UnitsAtLeast(n) => format!("{n}+ Units on the board"),
        Cond::IncomeAtLeast(n) => format!("income {n}+"),
        Cond::SpacesAtLeast(n) => format!("{n}+ spaces owned"),
        Cond::ResourceSpacesAtLeast(n) => format!("{n}+ resource spaces owned"),
        Cond::FlagsAtLeast { flag, n } => format!("{n}+ {} spaces owned", flag_name(*flag)),
        Cond::Wall => "a marker or Base of yours on every wall space".to_owned(),
        Cond::Owns(x) if x.chars().any(|c| c.is_uppercase()) => format!("{x} owned"),
        Cond::Owns(x) => format!("an owned {x} card"),
        Cond::NoAttack => "no attack by you so far".to_owned(),
        Cond::PeaceMarkersAtLeast(n) => format!("{n}+ of your markers on the peace track"),
        Cond::RoundAtLeast(n) => format!("round {n} or later"),
    }
}

fn flag_name(f: Flag) -> &'static str {
    match f {
        Flag::Ussr => "USSR-flag",
        Flag::Eu => "EU-flag",
        Flag::Wall => "wall",
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

/// The subject of a sentence: "you", "the target", "each player", "each opponent".
fn subject(who: Who) -> &'static str {
    match who {
        Who::Me => "you",
        Who::Target => "the target",
        Who::EachPlayer => "each player",
        Who::EachOpponent => "each opponent",
    }
}

/// Whose pieces or hand: "your", "the target's", ...
fn whose(who: Who) -> &'static str {
    match who {
        Who::Me => "your",
        Who::Target => "the target's",
        Who::EachPlayer => "every player's",
        Who::EachOpponent => "each opponent's",
    }
}

/// "you gain 2 Ego", "the target loses 1 Popularity".
fn gain_lose(who: Who, n: i8, one: &str, many: &str) -> String {
    let you = who == Who::Me;
    let verb = match (n >= 0, you) {
        (true, true) => "gain",
        (true, false) => "gains",
        (false, true) => "lose",
        (false, false) => "loses",
    };
    format!("{} {verb} {}", subject(who), plural(u32::from(n.unsigned_abs()), one, many))
}

fn signed(n: i8) -> String {
    if n >= 0 { format!("+{n}") } else { n.to_string() }
}

fn duration(kind: Kind) -> &'static str {
    if kind.is_lasting() { "while you own it" } else { "this round" }
}

/// A step as a lowercase clause without a full stop.
fn clause(step: &Step, kind: Kind) -> String {
    let time = duration(kind);
    match step {
        Step::Ego { who, n } => gain_lose(*who, *n, "Ego", "Ego"),
        Step::Popularity { who, n } => gain_lose(*who, *n, "Popularity", "Popularity"),
        Step::Resources { who, n } => gain_lose(*who, *n, "resource", "resources"),
        Step::Choose(options) => {
            let lists: Vec<String> =
                options.iter().map(|o| o.iter().map(|s| clause(s, kind)).collect::<Vec<_>>().join(" and ")).collect();
            format!("choose one: {}", lists.join(", or "))
        }
        Step::LoseHalfResources { who } => {
            let (verb, their) = if *who == Who::Me { ("lose", "your") } else { ("loses", "their") };
            format!("{} {verb} half {their} resources (rounded down)", subject(*who))
        }
        Step::TakeResources { n } => {
            format!(
                "you take {} from the target (as many as they have)",
                plural(u32::from(*n), "resource", "resources")
            )
        }
        Step::Income { who, n } => {
            let verb = if *who == Who::Me { "get" } else { "gets" };
            format!("{} {verb} {} income {time}", subject(*who), signed(*n))
        }
        Step::UnitStrength { who, n } => format!("{} Units get {} strength {time}", whose(*who), signed(*n)),
        Step::Movement { who, n } => format!("{} Units get {} movement {time}", whose(*who), signed(*n)),
        Step::ReduceBase { steps } => format!(
            "one Base of the target, chosen by you, loses {} strength (a Base below 4 is removed)",
            2 * u32::from(*steps)
        ),
        Step::RemoveUnits { count, filter } => {
            let which = match filter {
                Filter::Any => String::new(),
                Filter::NotOnBase => " not on a Base".to_owned(),
                Filter::Near(d) => format!(" within {} of one of your Units", plural(u32::from(*d), "space", "spaces")),
                Filter::AtSea => " at sea".to_owned(),
            };
            format!("remove {} of the target{which}, chosen by you", plural(u32::from(*count), "Unit", "Units"))
        }
        Step::NuclearStrike => {
            "the target loses everything on one space they own (nuclear strike); the space becomes radioactive"
                .to_owned()
        }
        Step::AttackProject => "one project of the target, chosen by you, is destroyed (attack)".to_owned(),
        Step::SabotageProject => {
            "one project of the target, chosen by you, has no effect until the end of next round (sabotage)".to_owned()
        }
        Step::Vacation => "discard your hand; this round do nothing except fund a Blue card or First Goal you \
                           placed, and skip phases 5 and 6; each opponent who attacks you this round loses 1 \
                           Popularity"
            .to_owned(),
        Step::HandLimit { n } => format!("your hand limit is {} {time}", signed(*n)),
        Step::FreeBase => "build a 4-Base for free where a standing Unit of yours is on a space you own".to_owned(),
        Step::FreeUnit => "put a Unit on one of your Bases for free".to_owned(),
        other => other.name().replace('_', " "),
    }
}
