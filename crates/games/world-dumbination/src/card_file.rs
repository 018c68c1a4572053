//! Reading the card file (`content/cards.toml` or a replacement): the raw TOML, each card built and
//! validated with file, line and reason, then the decks and First Goals checked as a whole.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::{ConfigError, content_errors};

use crate::board::Flag;
use crate::card::{CARDS_FILE, Card, CardNo, Cards, Cond, Deck, Filter, Kind, MAX_NUMBER, NO_CARD, Step, Who};
use crate::nation::Nation;

/// The built-in card file's text.
pub const BUILT_IN_CARDS: &str = include_str!("../content/cards.toml");

/// Parses and validates a card file.
///
/// # Errors
/// [`ConfigError::Content`] naming [`CARDS_FILE`], the line and the reason.
pub fn parse_cards(text: &str) -> Result<Cards, ConfigError> {
    let err = content_errors(CARDS_FILE, text);
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        let card = e.span().and_then(|s| card_at(text, s.start)).unwrap_or_default();
        err(e.span(), format!("{card}{}", e.message().trim()))
    })?;
    let mut cards: Vec<Card> = Vec::with_capacity(raw.card.len());
    for entry in raw.card {
        let span = entry.span();
        let line = worlds_engine::line_of(text, span.start);
        let card = build_card(entry.into_inner(), span, line, &cards).map_err(|(s, m)| err(Some(s), m))?;
        cards.push(card);
    }
    check_decks(&cards).map_err(|m| err(None, m))?;
    let mut goals = [[NO_CARD; 2]; 5];
    for nation in Nation::ALL {
        let mine: Vec<CardNo> = cards.iter().filter(|c| c.nation == Some(nation)).map(|c| c.number).collect();
        match mine.as_slice() {
            &[a, b] => goals[nation.index()] = [a, b],
            _ => {
                return Err(err(
                    None,
                    format!("{nation} has {} First Goals; each nation has 2 (WD-COMP-1)", mine.len()),
                ));
            }
        }
    }
    Ok(Cards::new(cards, goals))
}

/// "card 12 (Fake News): " for the card whose table holds byte `at`, when the text is TOML and that
/// card has a number and a name; for errors the typed reading reports without naming the card.
fn card_at(text: &str, at: usize) -> Option<String> {
    #[derive(Deserialize)]
    struct Loose {
        card: Vec<Spanned<toml::Table>>,
    }
    let loose: Loose = toml::from_str(text).ok()?;
    // A `[[card]]` table's span is its header; the card runs on to the next header.
    let table = loose.card.iter().filter(|c| c.span().start <= at).max_by_key(|c| c.span().start)?.get_ref();
    let number = table.get("number")?.as_integer()?;
    let name = table.get("name")?.as_str()?;
    Some(format!("card {number} ({}): ", name.trim()))
}

impl Cards {
    /// Parses and validates a card file: [`parse_cards`].
    ///
    /// # Errors
    /// [`ConfigError::Content`] naming [`CARDS_FILE`], the line and the reason.
    pub fn parse(text: &str) -> Result<Cards, ConfigError> {
        parse_cards(text)
    }

    /// The built-in cards (`content/cards.toml`), parsed once and shared.
    ///
    /// # Errors
    /// As [`Cards::parse`] (never for the shipped file; a test checks it).
    pub fn built_in() -> Result<Arc<Cards>, ConfigError> {
        static BUILT_IN: OnceLock<Result<Arc<Cards>, ConfigError>> = OnceLock::new();
        BUILT_IN.get_or_init(|| parse_cards(BUILT_IN_CARDS).map(Arc::new)).clone()
    }
}

/// A place in the file and what is wrong there.
type Fail = (Range<usize>, String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    card: Vec<Spanned<RawCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    number: Spanned<u8>,
    id: Spanned<String>,
    name: Spanned<String>,
    deck: Spanned<Deck>,
    #[serde(rename = "type")]
    kind: Spanned<Kind>,
    cost: Spanned<u8>,
    #[serde(default)]
    vp: Option<Spanned<u8>>,
    #[serde(default)]
    need: Vec<Spanned<RawCond>>,
    #[serde(default)]
    lose_gain: Vec<Spanned<RawStep>>,
    #[serde(default)]
    target: Option<Spanned<bool>>,
    #[serde(default)]
    link: Vec<Spanned<String>>,
    #[serde(default)]
    rounds: Option<Spanned<u8>>,
    #[serde(default)]
    corruption: Option<Spanned<u8>>,
    #[serde(default)]
    keywords: Vec<Spanned<String>>,
    #[serde(default)]
    nation: Option<Spanned<Nation>>,
    #[serde(default)]
    flavour: Option<Spanned<String>>,
    #[serde(default)]
    effect: Vec<Spanned<RawStep>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCond {
    ego_at_least: Option<u8>,
    ego_at_most: Option<u8>,
    popularity_at_least: Option<u8>,
    popularity_at_most: Option<u8>,
    base_at_least: Option<u8>,
    units_at_least: Option<u8>,
    income_at_least: Option<u8>,
    spaces_at_least: Option<u8>,
    resource_spaces_at_least: Option<u8>,
    flags: Option<RawFlags>,
    wall: Option<bool>,
    owns: Option<String>,
    no_attack: Option<bool>,
    peace_markers_at_least: Option<u8>,
    round_at_least: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFlags {
    flag: Flag,
    at_least: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    #[serde(rename = "do")]
    name: String,
    who: Option<String>,
    n: Option<i8>,
    options: Option<Vec<Vec<Spanned<RawStep>>>>,
    steps: Option<u8>,
    count: Option<u8>,
    filter: Option<toml::Value>,
}

fn is_slug(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Builds and checks one card against the cards before it.
fn build_card(r: RawCard, span: Range<usize>, line: usize, before: &[Card]) -> Result<Card, Fail> {
    let number = *r.number.get_ref();
    let name = r.name.get_ref().trim().to_owned();
    let (kind, deck) = (*r.kind.get_ref(), *r.deck.get_ref());
    let at = |s: Range<usize>, m: String| (s, format!("card {number} ({name}): {m}"));
    let here = |m: String| at(span.clone(), m);
    if number > MAX_NUMBER {
        return Err(at(r.number.span(), format!("number {number} is above {MAX_NUMBER}")));
    }
    if let Some(o) = before.iter().find(|c| c.number == number) {
        return Err(at(r.number.span(), format!("number {number} is used twice (also by {})", o.name)));
    }
    let id = r.id.get_ref().clone();
    if !is_slug(&id) {
        return Err(at(r.id.span(), format!("id `{id}` must be lowercase letters, digits and dashes")));
    }
    if let Some(o) = before.iter().find(|c| c.id == id) {
        return Err(at(r.id.span(), format!("id `{id}` is used twice (also by card {})", o.number)));
    }
    if name.is_empty() {
        return Err(at(r.name.span(), "the name is empty".into()));
    }
    let cost = *r.cost.get_ref();
    if cost > 12 {
        return Err(at(r.cost.span(), format!("cost {cost} is above 12")));
    }
    let goal = kind == Kind::FirstGoal;
    if goal != (deck == Deck::FirstGoal) {
        return Err(at(r.kind.span(), format!("a {} card cannot be in the {} deck", kind.name(), deck.id())));
    }
    let vp = r.vp.as_ref().map_or(0, |v| *v.get_ref());
    if let Some(v) = &r.vp
        && vp > 0
        && matches!(kind, Kind::Green | Kind::Brown)
    {
        return Err(at(v.span(), format!("a {} card gives no VP (WD-CARD-6)", kind.name())));
    }
    let target = r.target.as_ref().is_some_and(|t| *t.get_ref());
    match (&r.target, kind) {
        (t, Kind::Brown) if !target => {
            let s = t.as_ref().map_or(span.clone(), Spanned::span);
            return Err(at(s, "a Brown card needs `target = true` (WD-CARD-3)".into()));
        }
        (Some(t), _) if target && kind != Kind::Brown => {
            return Err(at(t.span(), "only Brown cards have `target = true` (WD-CARD-3)".into()));
        }
        _ => {}
    }
    let mut need = Vec::with_capacity(r.need.len());
    for c in r.need {
        let s = c.span();
        need.push(cond(c.into_inner()).map_err(|m| at(s, m))?);
    }
    let mut effect = Vec::with_capacity(r.effect.len());
    for s in r.effect {
        effect.push(step(s, kind, false).map_err(|(s, m)| at(s, m))?);
    }
    let mut lose_gain = Vec::with_capacity(r.lose_gain.len());
    for s in r.lose_gain {
        lose_gain.push(step(s, kind, true).map_err(|(s, m)| at(s, m))?);
    }
    if effect.is_empty() && lose_gain.is_empty() && vp == 0 && !goal {
        return Err(here("the card does nothing: give it an `effect`, a `lose_gain` or VP".into()));
    }
    if effect.len() > 1 && effect.contains(&Step::NuclearStrike) {
        return Err(here("`nuclear_strike` is a Nuclear Bomb's only effect step".into()));
    }
    let bomb = effect == [Step::NuclearStrike];
    let rounds = r.rounds.as_ref().map_or(1, |x| *x.get_ref());
    match (&r.rounds, rounds, bomb) {
        (_, 2, true) | (_, 1, false) => {}
        (_, 1, true) => return Err(here("a Nuclear Bomb needs `rounds = 2` (WD-NUKE-4)".into())),
        (Some(x), _, _) => {
            return Err(at(
                x.span(),
                format!("rounds = {rounds}: only a Nuclear Bomb stays, for 2 rounds (WD-NUKE-4)"),
            ));
        }
        (None, _, _) => {}
    }
    let corruption = r.corruption.as_ref().map(|c| *c.get_ref());
    let wall = id == "build-a-wall";
    match (&r.corruption, corruption) {
        (Some(c), Some(_)) if !goal => return Err(at(c.span(), "only First Goals have a corruption cost".into())),
        (Some(c), Some(_)) if wall => {
            return Err(at(c.span(), "Build a Wall has no corruption cost (WD-GOAL-2)".into()));
        }
        (Some(c), Some(v)) if v <= cost => {
            return Err(at(c.span(), format!("corruption {v} must be above the cost {cost} (WD-GOAL-2)")));
        }
        (None, _) if goal && !wall => {
            return Err(here("a First Goal needs a `corruption` cost above its cost (WD-GOAL-2)".into()));
        }
        _ => {}
    }
    let nation = r.nation.as_ref().map(|n| *n.get_ref());
    match (&r.nation, goal) {
        (Some(n), false) => return Err(at(n.span(), "only First Goals have a nation".into())),
        (None, true) => return Err(here("a First Goal needs a `nation`".into())),
        _ => {}
    }
    // Names are unique, except that Nuclear Bombs may share theirs.
    if let Some(o) = before.iter().find(|c| c.name.eq_ignore_ascii_case(&name) && !(bomb && c.is_nuclear_bomb())) {
        return Err(at(r.name.span(), format!("the name `{name}` is used twice (also card {})", o.number)));
    }
    let link = strings(r.link, "a link")?;
    let keywords = strings(r.keywords, "a keyword")?;
    if let Some(k) = keywords.iter().find(|k| !is_slug(k)) {
        return Err(here(format!("keyword `{k}` must be lowercase letters, digits and dashes")));
    }
    let flavour = match r.flavour {
        Some(f) if f.get_ref().trim().is_empty() || f.get_ref().contains('\n') => {
            return Err(at(f.span(), "the flavour text is one non-empty line".into()));
        }
        f => f.map(Spanned::into_inner),
    };
    Ok(Card {
        number,
        id,
        name,
        deck,
        kind,
        cost,
        vp,
        need,
        lose_gain,
        target,
        link,
        rounds,
        corruption,
        keywords,
        nation,
        effect,
        flavour,
        back: None,
        crazy: false,
        min_bid: None,
        pending: None,
        players: crate::card::Pick::Each,
        line,
    })
}

/// Non-empty trimmed strings.
fn strings(raw: Vec<Spanned<String>>, what: &str) -> Result<Vec<String>, Fail> {
    raw.into_iter()
        .map(|s| {
            let t = s.get_ref().trim();
            if t.is_empty() { Err((s.span(), format!("{what} is empty"))) } else { Ok(t.to_owned()) }
        })
        .collect()
}

fn cond(r: RawCond) -> Result<Cond, String> {
    let track = |n: u8, what: &str| if n <= 10 { Ok(n) } else { Err(format!("{what} runs 0 to 10, not {n}")) };
    let mut found: Vec<Cond> = Vec::with_capacity(1);
    let numbers = [
        (r.ego_at_least, Cond::EgoAtLeast as fn(u8) -> Cond, "Ego"),
        (r.ego_at_most, Cond::EgoAtMost, "Ego"),
        (r.popularity_at_least, Cond::PopularityAtLeast, "Popularity"),
        (r.popularity_at_most, Cond::PopularityAtMost, "Popularity"),
    ];
    for (v, make, what) in numbers {
        if let Some(n) = v {
            found.push(make(track(n, what)?));
        }
    }
    if let Some(n) = r.base_at_least {
        if !(4..=10).contains(&n) {
            return Err(format!("a Base is 4 to 10 strong, not {n} (WD-BASE-1)"));
        }
        found.push(Cond::BaseAtLeast(n));
    }
    let counts = [
        (r.units_at_least, Cond::UnitsAtLeast as fn(u8) -> Cond),
        (r.income_at_least, Cond::IncomeAtLeast),
        (r.spaces_at_least, Cond::SpacesAtLeast),
        (r.resource_spaces_at_least, Cond::ResourceSpacesAtLeast),
        (r.peace_markers_at_least, Cond::PeaceMarkersAtLeast),
        (r.round_at_least, Cond::RoundAtLeast),
    ];
    found.extend(counts.into_iter().filter_map(|(v, make)| v.map(make)));
    if let Some(f) = r.flags {
        found.push(Cond::FlagsAtLeast { flag: f.flag, n: f.at_least });
    }
    for (v, c, key) in [(r.wall, Cond::Wall, "wall"), (r.no_attack, Cond::NoAttack, "no_attack")] {
        match v {
            Some(true) => found.push(c),
            Some(false) => return Err(format!("`{key}` can only be true (leave it out otherwise)")),
            None => {}
        }
    }
    if let Some(o) = r.owns {
        if o.trim().is_empty() {
            return Err("`owns` names a card or keyword".into());
        }
        found.push(Cond::Owns(o.trim().to_owned()));
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err("a need entry holds one condition, not none".into()),
        n => Err(format!("a need entry holds one condition, not {n}: write one `{{ ... }}` each")),
    }
}

/// The parameters a step takes: bits of [`WHO`], [`N`], [`OPTIONS`], [`STEPS`], [`COUNT`],
/// [`FILTER`]; `who` and `filter` are optional, the others required.
const WHO: u8 = 1;
const N: u8 = 2;
const OPTIONS: u8 = 4;
const STEPS: u8 = 8;
const COUNT: u8 = 16;
const FILTER: u8 = 32;
const PARAMS: [(u8, &str); 6] =
    [(WHO, "who"), (N, "n"), (OPTIONS, "options"), (STEPS, "steps"), (COUNT, "count"), (FILTER, "filter")];
const STEP_KINDS: [(&str, u8); 18] = [
    ("ego", WHO | N),
    ("popularity", WHO | N),
    ("choose", OPTIONS),
    ("resources", WHO | N),
    ("lose_half_resources", WHO),
    ("take_resources", N),
    ("income", WHO | N),
    ("unit_strength", WHO | N),
    ("movement", WHO | N),
    ("reduce_base", STEPS),
    ("remove_units", COUNT | FILTER),
    ("nuclear_strike", 0),
    ("attack_project", 0),
    ("sabotage_project", 0),
    ("vacation", 0),
    ("hand_limit", N),
    ("free_base", 0),
    ("free_unit", 0),
];

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
        (_, Some(d @ 1..=22)) => Ok(Filter::Near(d as u8)),
        _ => Err("the filter is \"any\", \"not_on_base\" or { near = d } (d 1 to 22)".into()),
    }
}

/// Builds one step of a card of `kind`, in its lose/gain list or its effect.
fn step(raw: Spanned<RawStep>, kind: Kind, lose_gain: bool) -> Result<Step, Fail> {
    let span = raw.span();
    let r = raw.into_inner();
    let fail = |m: String| (span.clone(), m);
    let name = r.name.as_str();
    let Some(&(_, params)) = STEP_KINDS.iter().find(|(s, _)| *s == name) else {
        let known: Vec<&str> = STEP_KINDS.iter().map(|(s, _)| *s).collect();
        return Err(fail(format!("unknown step `{name}`; the steps are {}", known.join(", "))));
    };
    let given = [
        (r.who.is_some(), WHO),
        (r.n.is_some(), N),
        (r.options.is_some(), OPTIONS),
        (r.steps.is_some(), STEPS),
        (r.count.is_some(), COUNT),
        (r.filter.is_some(), FILTER),
    ]
    .iter()
    .fold(0, |m, &(on, bit)| if on { m | bit } else { m });
    for (bit, key) in PARAMS {
        if given & bit != 0 && params & bit == 0 {
            return Err(fail(format!("`{name}` takes no `{key}`")));
        }
        if given & bit == 0 && params & bit != 0 && bit != WHO && bit != FILTER {
            return Err(fail(format!("`{name}` needs `{key}`")));
        }
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
    if params & N != 0 && (n == 0 || !(-10..=10).contains(&n)) {
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
        _ => {
            let options = r.options.unwrap_or_default();
            if options.len() < 2 || options.iter().any(Vec::is_empty) {
                return Err(fail("`choose` takes 2 or more non-empty lists of steps".into()));
            }
            let mut out = Vec::with_capacity(options.len());
            for option in options {
                let mut list = Vec::with_capacity(option.len());
                for inner in option {
                    let s = step(inner, kind, lose_gain)?;
                    if matches!(s, Step::Choose(_) | Step::NuclearStrike) {
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

/// Checks each deck's size and type split (WD-COMP-1, "Content to design").
fn check_decks(cards: &[Card]) -> Result<(), String> {
    for deck in Deck::ALL {
        let (size, split) = deck.quota();
        let count = |k: Kind| cards.iter().filter(|c| c.deck == deck && c.kind == k).count();
        let has = [count(Kind::Green), count(Kind::Brown), count(Kind::Blue)];
        let total = cards.iter().filter(|c| c.deck == deck).count();
        if deck == Deck::FirstGoal {
            if total != size {
                return Err(format!("the first_goal deck has {total} cards; it must have {size} (WD-COMP-1)"));
            }
        } else if total != size || has != split {
            let show = |n: usize, s: [usize; 3]| format!("{n}: {} Green, {} Brown, {} Blue", s[0], s[1], s[2]);
            return Err(format!(
                "the {} deck has {}; it must have {} (WD-COMP-1)",
                deck.id(),
                show(total, has),
                show(size, split)
            ));
        }
    }
    Ok(())
}
