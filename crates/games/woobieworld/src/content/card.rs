//! Cards as data (`content/cards.toml` or a replacement), validated with file, line and reason.

use std::fmt;
use std::ops::Range;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use toml::Spanned;
use worlds_engine::ConfigError;

use crate::area::Colour;
use crate::effect::{
    AreaFilter, Condition, Count, Effect, Homes, NamedCount, Per, Pieces, Place, Program, Rule, compile,
};
use crate::map::{error_in, key};
use crate::text::{effect_text, effects_text, rule_text};

pub const CARDS_FILE: &str = "cards.toml";
pub const BUILT_IN_CARDS: &str = include_str!("../../content/cards.toml");

/// A card of the deck, by its index in the card file. At most 128 cards. From JSON a card is
/// range-checked here (never wrapped: card 200 is not card 72) and checked against the deck by
/// the game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8")]
pub struct CardId(pub(crate) u8);

impl TryFrom<u8> for CardId {
    type Error = String;
    fn try_from(i: u8) -> Result<CardId, String> {
        CardId::from_index(usize::from(i)).ok_or_else(|| format!("card {i} does not exist; a deck has at most 128"))
    }
}

impl CardId {
    pub const MAX: usize = CardSet::CAPACITY;

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The set of this one card.
    pub fn set(self) -> CardSet {
        CardSet::from_bits(1 << self.0)
    }

    /// The card with this index, if below [`CardId::MAX`] (whether the deck has it is the deck's
    /// business).
    pub fn from_index(i: usize) -> Option<CardId> {
        (i < CardId::MAX).then_some(CardId(i as u8))
    }

    /// The cards of a set, lowest first (read as one 128-bit mask: legal actions list hands on
    /// every step of a playout).
    pub fn in_set(set: CardSet) -> impl Iterator<Item = CardId> + Clone {
        worlds_engine::bits::ones(set.bits()).map(|i| CardId(i as u8))
    }
}

/// A set of cards (hands, the deck, the piles): in JSON a list of card indices, each at most once.
pub type CardSet = worlds_engine::cards::CardSet<2>;

/// What kind of card: the label at its top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    /// Playable without any check.
    Action,
    RedAction,
    YellowAction,
    GreenAction,
    BlueAction,
    /// Goes into play when drawn and changes the rules while in play.
    Environment,
}

impl CardType {
    /// The colour a COLOUR ACTION needs in the player's home (WOOB-PLAY-1).
    pub fn colour(self) -> Option<Colour> {
        match self {
            CardType::RedAction => Some(Colour::Red),
            CardType::YellowAction => Some(Colour::Yellow),
            CardType::GreenAction => Some(Colour::Green),
            CardType::BlueAction => Some(Colour::Blue),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            CardType::Action => "ACTION",
            CardType::RedAction => "RED ACTION",
            CardType::YellowAction => "YELLOW ACTION",
            CardType::GreenAction => "GREEN ACTION",
            CardType::BlueAction => "BLUE ACTION",
            CardType::Environment => "ENVIRONMENT",
        }
    }
}

/// A validated card.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Card {
    pub number: u16,
    pub name: String,
    pub kind: CardType,
    pub quote: Option<String>,
    /// The steps of an action card.
    pub steps: Vec<Effect>,
    /// The lasting rule of an environment.
    pub rule: Option<Rule>,
    /// The compiled steps (an action's effect, or an environment's upkeep).
    pub program: Program,
}

impl Card {
    pub fn is_environment(&self) -> bool {
        self.kind == CardType::Environment
    }

    pub fn is_mount_saint_woobie(&self) -> bool {
        self.rule == Some(Rule::MountSaintWoobie)
    }

    /// The steps the card's program runs: an action's effect, or an environment's upkeep.
    pub fn program_steps(&self) -> &[Effect] {
        match &self.rule {
            Some(Rule::CaretakerUpkeep { steps } | Rule::Upkeep { steps }) => steps,
            _ => &self.steps,
        }
    }

    /// The rules text, generated from the steps so text and behaviour never disagree.
    pub fn text(&self) -> String {
        match &self.rule {
            Some(rule) => rule_text(rule),
            None => effects_text(&self.steps),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} · {} · {}", self.number, self.kind.label(), self.name)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    card: Vec<Spanned<CardEntry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    number: Spanned<u16>,
    name: Spanned<String>,
    #[serde(rename = "type")]
    kind: CardType,
    #[serde(default)]
    quote: Option<String>,
    /// Read as raw values first, so that an error in a step reports that step's own line.
    #[serde(default)]
    steps: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    rule: Option<Spanned<toml::Value>>,
}

/// What earlier steps have chosen, to check later steps only refer to things that exist.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Bound {
    area: bool,
    player: bool,
    colour: bool,
    industry: bool,
}

impl Bound {
    fn meet(self, o: Bound) -> Bound {
        Bound {
            area: self.area && o.area,
            player: self.player && o.player,
            colour: self.colour && o.colour,
            industry: self.industry && o.industry,
        }
    }
}

fn need(ok: bool, what: &str) -> Result<(), String> {
    if ok { Ok(()) } else { Err(format!("refers to {what}, but no earlier step chooses one")) }
}

fn check_homes(h: Homes, b: Bound) -> Result<(), String> {
    match h {
        Homes::Chosen => need(b.area || b.player, "the chosen home"),
        Homes::Neighbouring => need(b.area, "the chosen area"),
        _ => Ok(()),
    }
}

fn check_place(p: Place, b: Bound) -> Result<(), String> {
    match p {
        Place::Chosen | Place::Neighbouring => need(b.area, "the chosen area"),
        Place::ChosenIndustry => need(b.industry, "the chosen industry"),
        _ => Ok(()),
    }
}

fn check_pieces(p: Pieces, b: Bound) -> Result<(), String> {
    match p {
        Pieces::ChosenColour => need(b.colour, "the chosen colour"),
        Pieces::IndustryColour => need(b.industry, "the chosen or placed industry"),
        _ => Ok(()),
    }
}

fn check_count(count: Count, per: Option<Per>, b: Bound, named_ok: bool) -> Result<(), String> {
    if let Count::Named(n) = count {
        if !named_ok {
            return Err(format!(
                "a count of `{}` is only for losses and removals",
                if n == NamedCount::Half { "half" } else { "all" }
            ));
        }
        if per.is_some() {
            return Err("`per` multiplies a number, not half or all".into());
        }
    }
    if let Count::Number(0) = count {
        return Err("a count of 0 does nothing".into());
    }
    match per {
        Some(Per::IndustryNeighbouringChosen | Per::AnarchInChosen) => need(b.area, "the chosen area"),
        _ => Ok(()),
    }
}

fn check_filter(f: AreaFilter, b: Bound) -> Result<(), String> {
    match f {
        AreaFilter::NeighbouringChosen => need(b.area, "the chosen area"),
        _ => Ok(()),
    }
}

fn check_steps(steps: &[Effect], mut b: Bound, path: &str) -> Result<Bound, String> {
    for (i, step) in steps.iter().enumerate() {
        let at = format!("{path}step {}", i + 1);
        let fail = |e: String| format!("{at} ({}): {e}", effect_text(step));
        match step {
            Effect::Or { branches } => {
                if branches.len() < 2 || branches.len() > 4 {
                    return Err(fail("an OR has 2 to 4 branches".into()));
                }
                let mut out: Option<Bound> = None;
                for (k, branch) in branches.iter().enumerate() {
                    if branch.is_empty() {
                        return Err(fail(format!("branch {} is empty", k + 1)));
                    }
                    let r = check_steps(branch, b, &format!("{at}, branch {}, ", k + 1))?;
                    out = Some(out.map_or(r, |o| o.meet(r)));
                }
                b = out.unwrap_or(b);
            }
            Effect::If { condition, then, otherwise } => {
                match condition {
                    Condition::ChosenIsHome => need(b.area, "the chosen area").map_err(fail)?,
                    Condition::YourHomeIs { filter }
                        if !matches!(filter, AreaFilter::Coastal | AreaFilter::Mountain | AreaFilter::Inland) =>
                    {
                        return Err(fail("`your-home-is` tests coastal, mountain or inland".into()));
                    }
                    _ => {}
                }
                if then.is_empty() {
                    return Err(fail("`then` is empty".into()));
                }
                let t = check_steps(then, b, &format!("{at}, then, "))?;
                let e = check_steps(otherwise, b, &format!("{at}, else, "))?;
                b = t.meet(e);
            }
            _ => b = check_step(step, b).map_err(fail)?,
        }
    }
    Ok(b)
}

fn ensure(ok: bool, why: &str) -> Result<(), String> {
    if ok { Ok(()) } else { Err(why.into()) }
}

/// One step other than `or` and `if`: it refers only to what earlier steps chose (`b`) and is
/// well formed. Returns what is chosen once it is done.
fn check_step(step: &Effect, mut b: Bound) -> Result<Bound, String> {
    match step {
        Effect::ChooseArea { filter, colour } => {
            check_filter(*filter, b)?;
            let ok = colour.is_none() || *filter == AreaFilter::WithIndustry;
            ensure(ok, "`colour` only goes with the filter `with-industry`")?;
            b.area = true;
        }
        Effect::ChooseIndustry { .. } => {
            b.area = true;
            b.industry = true;
        }
        Effect::ChoosePlayer { .. } => {
            b.player = true;
            b.area = true;
        }
        Effect::ChooseColour => b.colour = true,
        Effect::Gain { homes, pieces, count, per, .. } => {
            check_homes(*homes, b)?;
            check_pieces(*pieces, b)?;
            check_count(*count, *per, b, false)?;
            ensure(*pieces != Pieces::Any, "a gain must say which support: a colour, anarchs or any-colour")?;
        }
        Effect::Lose { homes, pieces, count, per, .. } => {
            check_homes(*homes, b)?;
            check_pieces(*pieces, b)?;
            check_count(*count, *per, b, true)?;
            let ok = *pieces != Pieces::RemovedIndustryColours || matches!(count, Count::Number(_));
            ensure(ok, "losses by removed industries count per industry")?;
        }
        Effect::RemoveIndustries { at, .. } => check_place(*at, b)?,
        Effect::PlaceIndustry { at, .. } => {
            check_place(*at, b)?;
            let ok = matches!(at, Place::Chosen | Place::YourHome);
            ensure(ok, "an industry is placed in one area: `chosen` or `your-home`")?;
            // The placed industry is "the industry" for the steps that follow.
            b.industry = true;
            b.area = true;
        }
        Effect::MoveIndustry { to } => {
            need(b.industry, "the chosen industry")?;
            check_filter(*to, b)?;
        }
        Effect::PlaceAnarchs { at, count } => {
            check_place(*at, b)?;
            check_count(*count, None, b, false)?;
            ensure(
                matches!(at, Place::Chosen | Place::YourHome),
                "Anarchs are placed in one area: `chosen` or `your-home`",
            )?;
        }
        Effect::RemoveAnarchs { at, count } => {
            check_place(*at, b)?;
            check_count(*count, None, b, true)?;
        }
        Effect::MoveAnarchs { from, to, count } => {
            check_place(*from, b)?;
            check_place(*to, b)?;
            check_count(*count, None, b, true)?;
            ensure(matches!(to, Place::Chosen | Place::YourHome), "Anarchs move to one area: `chosen` or `your-home`")?;
            ensure(from != to, "Anarchs must move somewhere else")?;
        }
        Effect::MoveSupport { from, to, pieces, count } => {
            check_homes(*from, b)?;
            check_homes(*to, b)?;
            check_pieces(*pieces, b)?;
            check_count(*count, None, b, true)?;
            let single = |h: &Homes| matches!(h, Homes::Yours | Homes::Chosen);
            ensure(single(from) && single(to), "support moves between two single homes: `yours` and `chosen`")?;
            ensure(from != to, "support must move to another home")?;
            let ok = !matches!(pieces, Pieces::EachColour | Pieces::RemovedIndustryColours);
            ensure(ok, "moved support is one colour, anarchs, any-colour or any")?;
        }
        Effect::Or { .. } | Effect::If { .. } | Effect::DiscardEnvironment => {}
    }
    Ok(b)
}

/// A step or a rule read from its raw value, so that an error names its own line.
fn typed<T: DeserializeOwned>(
    raw: Spanned<toml::Value>,
    err: &impl Fn(Option<Range<usize>>, String) -> ConfigError,
) -> Result<T, ConfigError> {
    let span = raw.span();
    raw.into_inner().try_into().map_err(|x: toml::de::Error| err(Some(span), x.message().trim().to_owned()))
}

/// Reads and validates a card file.
///
/// # Errors
/// [`ConfigError::Content`] with the file, the line and what is wrong.
pub fn parse_cards(text: &str, file: &str) -> Result<Vec<Card>, ConfigError> {
    let err = error_in(file, text);
    let raw: CardsFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    if raw.card.len() > CardId::MAX {
        return Err(err(None, format!("{} cards; a deck has at most {}", raw.card.len(), CardId::MAX)));
    }
    let mut cards: Vec<Card> = Vec::with_capacity(raw.card.len());
    let mut spans = Vec::with_capacity(raw.card.len());
    for entry in raw.card {
        let span = entry.span();
        let e = entry.into_inner();
        let number = *e.number.get_ref();
        let name = e.name.get_ref().trim().to_owned();
        let here = |reason: String| err(Some(span.clone()), format!("card {number} ({name}): {reason}"));
        if let Some(other) = cards.iter().find(|c| c.number == number) {
            return Err(err(
                Some(e.number.span()),
                format!("card number {number} is used twice (also by {})", other.name),
            ));
        }
        if name.is_empty() {
            return Err(err(Some(e.name.span()), format!("card {number} has no name")));
        }
        let steps: Vec<Effect> = e.steps.into_iter().map(|raw| typed(raw, &err)).collect::<Result<_, _>>()?;
        let rule: Option<Rule> = e.rule.map(|raw| typed(raw, &err)).transpose()?;
        let program = match (e.kind, &rule) {
            (CardType::Environment, None) => return Err(here("an ENVIRONMENT needs a `rule`".into())),
            (CardType::Environment, Some(_)) if !steps.is_empty() => {
                return Err(here("an ENVIRONMENT has a `rule`, not `steps` (put upkeep steps inside the rule)".into()));
            }
            (CardType::Environment, Some(Rule::CaretakerUpkeep { steps } | Rule::Upkeep { steps })) => {
                check_steps(steps, Bound::default(), "").map_err(&here)?;
                compile(steps)
            }
            (CardType::Environment, Some(Rule::SupportPieces { count })) if !(2..=5).contains(count) => {
                return Err(here("`support-pieces` gives 2 to 5 pieces".into()));
            }
            (CardType::Environment, Some(_)) => compile(&[]),
            (_, Some(_)) => return Err(here("only an ENVIRONMENT has a `rule`".into())),
            (_, None) if steps.is_empty() => return Err(here("an ACTION needs `steps`".into())),
            (_, None) => {
                check_steps(&steps, Bound::default(), "").map_err(&here)?;
                compile(&steps)
            }
        };
        let card = Card { number, name, kind: e.kind, quote: e.quote, steps, rule, program };
        // Names are notation for cards a player can name (actions and non-volcano environments).
        if !card.is_mount_saint_woobie()
            && let Some(other) = cards.iter().find(|c| !c.is_mount_saint_woobie() && key(&c.name) == key(&card.name))
        {
            return Err(err(
                Some(e.name.span()),
                format!("the name `{}` is used twice (cards {} and {number})", card.name, other.number),
            ));
        }
        spans.push(span);
        cards.push(card);
    }
    let volcanoes = cards.iter().filter(|c| c.is_mount_saint_woobie()).count();
    if volcanoes < 4 {
        return Err(err(
            None,
            format!("the deck has {volcanoes} Mount Saint Woobie cards; it needs at least four (WOOB-END-1)"),
        ));
    }
    let actions = cards.iter().filter(|c| !c.is_environment()).count();
    if actions < 8 {
        return Err(err(None, format!("the deck has {actions} action cards; hands need at least 8 to deal from")));
    }
    Ok(cards)
}
