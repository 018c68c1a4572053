//! The steps of a card file (the spec's "Effect vocabulary") and whom a Dumbness card picks:
//! each step read from its raw TOML and checked against its card's type and, on a Dumbness card,
//! its shape (acting from the board, or won and owned). A child module of `card_file.rs`.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::card::{Filter, Kind, Pick, RuleKind, Stat, Step, Who};

/// A place in the file and what is wrong there.
pub(crate) type Fail = (Range<usize>, String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawStep {
    #[serde(rename = "do")]
    name: String,
    who: Option<String>,
    n: Option<i8>,
    options: Option<Vec<Vec<Spanned<RawStep>>>>,
    steps: Option<u8>,
    count: Option<u8>,
    filter: Option<toml::Value>,
    units: Option<u8>,
    may_end_at_sea: Option<bool>,
    range: Option<u8>,
    kind: Option<String>,
    rounds: Option<u8>,
    keyword: Option<String>,
}

/// How a Dumbness card acts (the spec's "Phase 3: Dumbness cards"); `None` for other cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Shape {
    /// Acts from the board on the players its `players` picks, each as `self`.
    Effect,
    /// Won by auction or pending, then owned: acts on its winner.
    Won,
}

/// The parameters a step may take, as bits.
const WHO: u16 = 1;
const N: u16 = 1 << 1;
const OPTIONS: u16 = 1 << 2;
const STEPS: u16 = 1 << 3;
const COUNT: u16 = 1 << 4;
const FILTER: u16 = 1 << 5;
const UNITS: u16 = 1 << 6;
const MAY_END: u16 = 1 << 7;
const RANGE: u16 = 1 << 8;
const KIND: u16 = 1 << 9;
const ROUNDS: u16 = 1 << 10;
const KEYWORD: u16 = 1 << 11;
/// Whether a raw step gives a parameter.
type Given = fn(&RawStep) -> bool;
/// Each parameter: its bit, its key and whether a raw step gives it.
const PARAMS: [(u16, &str, Given); 12] = [
    (WHO, "who", |r| r.who.is_some()),
    (N, "n", |r| r.n.is_some()),
    (OPTIONS, "options", |r| r.options.is_some()),
    (STEPS, "steps", |r| r.steps.is_some()),
    (COUNT, "count", |r| r.count.is_some()),
    (FILTER, "filter", |r| r.filter.is_some()),
    (UNITS, "units", |r| r.units.is_some()),
    (MAY_END, "may_end_at_sea", |r| r.may_end_at_sea.is_some()),
    (RANGE, "range", |r| r.range.is_some()),
    (KIND, "kind", |r| r.kind.is_some()),
    (ROUNDS, "rounds", |r| r.rounds.is_some()),
    (KEYWORD, "keyword", |r| r.keyword.is_some()),
];
/// Each step: its name, the parameters it needs and those it may take.
const STEP_KINDS: [(&str, u16, u16); 24] = [
    ("ego", N, WHO),
    ("popularity", N, WHO),
    ("choose", OPTIONS, 0),
    ("resources", N, WHO),
    ("lose_half_resources", 0, WHO),
    ("take_resources", N, 0),
    ("income", N, WHO),
    ("unit_strength", N, WHO),
    ("movement", N, WHO),
    ("reduce_base", STEPS, 0),
    ("remove_units", COUNT, FILTER),
    ("nuclear_strike", 0, 0),
    ("attack_project", 0, 0),
    ("sabotage_project", 0, 0),
    ("vacation", 0, 0),
    ("hand_limit", N, 0),
    ("free_base", 0, 0),
    ("free_unit", 0, 0),
    ("sea_movement", UNITS | MAY_END, 0),
    ("hidden_move", 0, 0),
    ("move_base", RANGE, 0),
    ("cancel_cards", 0, 0),
    ("rule", KIND | ROUNDS, N),
    ("leave_game", KEYWORD, 0),
];
/// The steps of a Dumbness card that acts from the board (WD-DUMB-2).
const EFFECT_STEPS: [&str; 12] = [
    "ego",
    "popularity",
    "resources",
    "lose_half_resources",
    "income",
    "unit_strength",
    "movement",
    "choose",
    "free_base",
    "free_unit",
    "rule",
    "leave_game",
];
/// The steps of a Dumbness card won by auction or pending, acting on its winner (WD-DUMB-4).
const WON_STEPS: [&str; 13] = [
    "ego",
    "popularity",
    "resources",
    "income",
    "unit_strength",
    "movement",
    "hand_limit",
    "choose",
    "free_base",
    "free_unit",
    "sea_movement",
    "hidden_move",
    "move_base",
];
/// The rule changes of `rule`, and whether each takes `n`.
const RULE_KINDS: [(&str, bool); 4] =
    [("no_attacks", false), ("brown_cost", true), ("no_resource_income", false), ("movement", true)];

/// What a step is checked against: the card's type, whether it is in the lose/gain list, and a
/// Dumbness card's shape.
#[derive(Clone, Copy)]
pub(crate) struct Ctx {
    pub(crate) kind: Kind,
    pub(crate) lose_gain: bool,
    pub(crate) shape: Option<Shape>,
}

fn parse_who(s: &str) -> Result<Who, String> {
    match s {
        "self" => Ok(Who::Me),
        "target" => Ok(Who::Target),
        "each_player" => Ok(Who::EachPlayer),
        "each_opponent" => Ok(Who::EachOpponent),
        _ => Err(format!("unknown who `{s}`; it is self, target, each_player or each_opponent")),
    }
}

fn parse_filter(v: &toml::Value) -> Result<Filter, String> {
    let near = v.as_table().filter(|t| t.len() == 1).and_then(|t| t.get("near")).and_then(toml::Value::as_integer);
    match (v.as_str(), near) {
        (Some("any"), _) => Ok(Filter::Any),
        (Some("not_on_base"), _) => Ok(Filter::NotOnBase),
        (Some("at_sea"), _) => Ok(Filter::AtSea),
        (_, Some(d @ 1..=22)) => Ok(Filter::Near(d as u8)),
        _ => Err("the filter is \"any\", \"not_on_base\", \"at_sea\" or { near = d } (d 1 to 22)".into()),
    }
}

/// Builds one step of a card, in its lose/gain list or its effect.
pub(crate) fn step(raw: Spanned<RawStep>, ctx: Ctx) -> Result<Step, Fail> {
    let Ctx { kind, lose_gain, shape } = ctx;
    let span = raw.span();
    let r = raw.into_inner();
    let fail = |m: String| (span.clone(), m);
    let name = r.name.as_str();
    let Some(&(_, needs, may)) = STEP_KINDS.iter().find(|(s, _, _)| *s == name) else {
        let known: Vec<&str> = STEP_KINDS.iter().map(|(s, _, _)| *s).collect();
        return Err(fail(format!("unknown step `{name}`; the steps are {}", known.join(", "))));
    };
    let given = PARAMS.iter().filter(|p| (p.2)(&r)).fold(0, |m, p| m | p.0);
    for (bit, key, _) in PARAMS {
        if given & bit != 0 && (needs | may) & bit == 0 {
            return Err(fail(format!("`{name}` takes no `{key}`")));
        }
        if given & bit == 0 && needs & bit != 0 {
            return Err(fail(format!("`{name}` needs `{key}`")));
        }
    }
    match shape {
        Some(Shape::Effect) if !EFFECT_STEPS.contains(&name) => {
            return Err(fail(format!(
                "`{name}` is not a step of a Dumbness card that acts from the board: those are {}",
                EFFECT_STEPS.join(", ")
            )));
        }
        Some(Shape::Won) if !WON_STEPS.contains(&name) => {
            return Err(fail(format!(
                "`{name}` is not a step of a won Dumbness card (`min_bid` or `pending`): those are {}",
                WON_STEPS.join(", ")
            )));
        }
        Some(_) if r.who.as_deref().is_some_and(|w| w != "self") => {
            return Err(fail(
                "a Dumbness card's steps act on each player it picks, or on its winner: `who` can only be \"self\""
                    .into(),
            ));
        }
        None if matches!(name, "rule" | "leave_game") => {
            return Err(fail(format!("`{name}` is a Dumbness card's step (WD-DUMB)")));
        }
        None if matches!(name, "sea_movement" | "hidden_move" | "move_base") && kind != Kind::Blue => {
            return Err(fail(format!("`{name}` lasts while a project is owned: Blue cards only")));
        }
        _ => {}
    }
    if lose_gain && !matches!(name, "ego" | "popularity" | "unit_strength" | "choose") {
        return Err(fail(format!(
            "`{name}` is not a lose/gain step: those are ego, popularity, unit_strength and choose (WD-CARD-5)"
        )));
    }
    let default = if kind == Kind::Brown && !lose_gain { Who::Target } else { Who::Me };
    let who = r.who.as_deref().map_or(Ok(default), parse_who).map_err(&fail)?;
    if who != Who::Me && lose_gain {
        return Err(fail("a lose/gain step acts on the card's player: `who` can only be \"self\"".into()));
    }
    if who != Who::Me && kind == Kind::Green {
        return Err(fail("a Green card acts on its player only (WD-CARD-6)".into()));
    }
    let n = r.n.unwrap_or(0);
    if (given | needs) & N != 0 && (n == 0 || !(-10..=10).contains(&n)) {
        return Err(fail(format!("`n` is -10 to 10 and not 0, not {n}")));
    }
    let s = match name {
        "ego" => Step::Ego { who, n },
        "popularity" => Step::Popularity { who, n },
        "resources" => Step::Resources { who, n },
        "lose_half_resources" => Step::LoseHalfResources { who },
        "income" => Step::Income { who, n },
        "unit_strength" => Step::UnitStrength { who, n },
        "movement" => Step::Movement { who, n },
        "take_resources" if n > 0 => Step::TakeResources { n: n as u8 },
        "take_resources" => return Err(fail("`take_resources` takes at least 1".into())),
        "hand_limit" if kind.is_lasting() => Step::HandLimit { n },
        "hand_limit" => {
            return Err(fail("a hand limit lasts while a project is owned: Blue cards and First Goals only".into()));
        }
        "reduce_base" => match r.steps {
            Some(steps @ 1..=4) => Step::ReduceBase { steps },
            _ => return Err(fail("`reduce_base` takes 1 to 4 steps".into())),
        },
        "remove_units" => {
            let filter = r.filter.as_ref().map_or(Ok(Filter::Any), parse_filter).map_err(&fail)?;
            match r.count {
                Some(count @ 1..=6) => Step::RemoveUnits { count, filter },
                _ => return Err(fail("`remove_units` removes 1 to 6 Units".into())),
            }
        }
        "nuclear_strike" => Step::NuclearStrike,
        "attack_project" => Step::AttackProject,
        "sabotage_project" => Step::SabotageProject,
        "vacation" => Step::Vacation,
        "free_base" => Step::FreeBase,
        "free_unit" => Step::FreeUnit,
        "sea_movement" => match r.units {
            Some(units @ 1..=6) => Step::SeaMovement { units, may_end_at_sea: r.may_end_at_sea.unwrap_or(false) },
            _ => return Err(fail("`sea_movement` lets 1 to 6 units a round go to sea".into())),
        },
        "hidden_move" => Step::HiddenMove,
        "move_base" => match r.range {
            Some(range @ 1..=10) => Step::MoveBase { range },
            _ => return Err(fail("`move_base` moves a Base 1 to 10 spaces".into())),
        },
        "cancel_cards" => Step::CancelCards,
        "rule" => rule(&r, n).map_err(&fail)?,
        "leave_game" => match r.keyword.as_deref().map(str::trim) {
            Some(k) if !k.is_empty() => Step::LeaveGame { keyword: k.to_owned() },
            _ => return Err(fail("`leave_game` names a card or keyword".into())),
        },
        _ => {
            let options = r.options.unwrap_or_default();
            if options.len() < 2 || options.iter().any(Vec::is_empty) {
                return Err(fail("`choose` takes 2 or more non-empty lists of steps".into()));
            }
            let mut out = Vec::with_capacity(options.len());
            for option in options {
                let mut list = Vec::with_capacity(option.len());
                for inner in option {
                    let s = step(inner, ctx)?;
                    // A choice is made when the card acts; what lasts while a project is owned, or
                    // changes the rules, is fixed on the card.
                    if matches!(
                        s,
                        Step::Choose(_)
                            | Step::NuclearStrike
                            | Step::HandLimit { .. }
                            | Step::SeaMovement { .. }
                            | Step::HiddenMove
                            | Step::MoveBase { .. }
                            | Step::Rule { .. }
                            | Step::LeaveGame { .. }
                    ) {
                        return Err(fail(format!("a `choose` cannot hold `{}`", s.name())));
                    }
                    list.push(s);
                }
                out.push(list);
            }
            Step::Choose(out)
        }
    };
    if s.acts_on_target() && kind != Kind::Brown {
        return Err(fail(format!("`{name}` acts on the target: only Brown cards have one (WD-CARD-6)")));
    }
    Ok(s)
}

/// A `rule` step: its kind, its `n` where the kind takes one (already checked to be -10..=10 and not
/// 0), and 1 to 4 rounds.
fn rule(r: &RawStep, n: i8) -> Result<Step, String> {
    let kind = r.kind.as_deref().unwrap_or_default();
    let Some(&(_, takes_n)) = RULE_KINDS.iter().find(|(k, _)| *k == kind) else {
        let known: Vec<&str> = RULE_KINDS.iter().map(|(k, _)| *k).collect();
        return Err(format!("unknown rule kind `{kind}`; the kinds are {}", known.join(", ")));
    };
    match (takes_n, r.n.is_some()) {
        (true, false) => return Err(format!("a `{kind}` rule needs `n`")),
        (false, true) => return Err(format!("a `{kind}` rule takes no `n`")),
        _ => {}
    }
    let rounds = r.rounds.unwrap_or_default();
    if !(1..=4).contains(&rounds) {
        return Err(format!("a rule lasts 1 to 4 rounds, not {rounds}"));
    }
    let kind = match kind {
        "no_attacks" => RuleKind::NoAttacks,
        "brown_cost" => RuleKind::BrownCost(n),
        "no_resource_income" => RuleKind::NoResourceIncome,
        _ => RuleKind::Movement(n),
    };
    Ok(Step::Rule { kind, rounds })
}

/// A TOML value in an error: a string in backticks, a number as it is.
fn shown(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => format!("`{s}`"),
        toml::Value::Integer(i) => i.to_string(),
        other => format!("{other:?}"),
    }
}

/// Reads `players` or `pending` (`what`): "each", or a table with one of `lowest`, `highest`,
/// `at_most`, `at_least` naming a stat, `n` with the last two, and on a pending card `tie`.
/// Returns the pick and whether a tie gives nobody.
pub(crate) fn parse_pick(v: &toml::Value, what: &str) -> Result<(Pick, bool), String> {
    let pending = what == "pending";
    let shapes = "{ lowest = \"vp\" }, { highest = \"ego\" }, { at_most = \"popularity\", n = 4 } or \
                  { at_least = \"income\", n = 8 }";
    let Some(table) = v.as_table() else {
        return match v.as_str() {
            Some("each") if !pending => Ok((Pick::Each, false)),
            Some("each") => Err(format!("a pending card goes to one player who qualifies: `pending` is {shapes}")),
            _ if pending => Err(format!("`pending` is {shapes}")),
            _ => Err(format!("`players` is \"each\", {shapes}")),
        };
    };
    let known: &[&str] = if pending {
        &["lowest", "highest", "at_most", "at_least", "n", "tie"]
    } else {
        &["lowest", "highest", "at_most", "at_least", "n"]
    };
    if let Some(k) = table.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(match k.as_str() {
            "tie" => "`tie` is only for pending cards: on other cards a tie picks the earliest in player order \
                      (WD-DUMB-7)"
                .to_owned(),
            _ => format!("unknown key `{k}` in `{what}`; the keys are {}", known.join(", ")),
        });
    }
    let picks: Vec<(&str, &toml::Value)> =
        ["lowest", "highest", "at_most", "at_least"].into_iter().filter_map(|k| table.get(k).map(|v| (k, v))).collect();
    let &[(how, stat)] = picks.as_slice() else {
        return Err(format!("`{what}` holds one of lowest, highest, at_most and at_least, not {}", picks.len()));
    };
    let stat = match stat.as_str().and_then(|s| Stat::ALL.into_iter().find(|x| x.id() == s)) {
        Some(s) => s,
        None => {
            let names: Vec<&str> = Stat::ALL.iter().map(|s| s.id()).collect();
            return Err(format!("unknown stat {}; the stats are {}", shown(stat), names.join(", ")));
        }
    };
    let n = match (table.get("n"), how) {
        (Some(_), "lowest" | "highest") => return Err(format!("`{how}` takes no `n`")),
        (None, "lowest" | "highest") => 0,
        (None, _) => return Err(format!("`{how}` needs `n`")),
        (Some(n), _) => match n.as_integer().and_then(|n| u8::try_from(n).ok()) {
            Some(n) if n > 10 && matches!(stat, Stat::Ego | Stat::Popularity) => {
                return Err(format!("{} runs 0 to 10, not {n}", stat.id()));
            }
            Some(0) if how == "at_least" => return Err("`at_least` with n = 0 picks every player".into()),
            Some(n) => n,
            None => return Err(format!("`n` is 0 to 255, not {}", shown(n))),
        },
    };
    let tie_nobody = match table.get("tie").map(|t| t.as_str()) {
        None | Some(Some("first")) => false,
        Some(Some("nobody")) => true,
        Some(_) => return Err("`tie` is \"nobody\" or \"first\" (the earliest in player order)".into()),
    };
    let pick = match how {
        "lowest" => Pick::Lowest(stat),
        "highest" => Pick::Highest(stat),
        "at_most" => Pick::AtMost(stat, n),
        _ => Pick::AtLeast(stat, n),
    };
    Ok((pick, tie_nobody))
}
