//! Reading the card file (`content/cards.toml` or a replacement): the raw TOML, each card built and
//! validated with file, line and reason (a Dumbness card against its shape: acting from the board,
//! auctioned or pending), then checked as a whole: links and `leave_game` name existing cards, the
//! Level decks keep their quotas, each nation has two First Goals, and the Dumbness deck lets
//! WD-SETUP-10 fill both Level decks at every player count.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::{ConfigError, content_errors};

use crate::board::Flag;
use crate::card::{CARDS_FILE, Card, CardNo, Cards, Cond, Deck, Kind, MAX_NUMBER, NO_CARD, Pending, Pick, Step};
use crate::nation::Nation;

use crate::card_step::{Ctx, Fail, RawStep, Shape, parse_pick, step};

/// The built-in card file's text.
pub const BUILT_IN_CARDS: &str = include_str!("../../content/cards.toml");

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
    let mut refs: Vec<Refs> = Vec::with_capacity(raw.card.len());
    for entry in raw.card {
        let span = entry.span();
        let line = worlds_engine::line_of(text, span.start);
        let (card, r) = build_card(entry.into_inner(), span, line, &cards).map_err(|(s, m)| err(Some(s), m))?;
        cards.push(card);
        refs.push(r);
    }
    check_names(&cards, &refs).map_err(|(s, m)| err(Some(s), m))?;
    check_decks(&cards).map_err(|m| err(None, m))?;
    check_dumbness(&cards, &refs).map_err(|(s, m)| err(s, m))?;
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

/// Where a card names other cards, kept for the checks that need every card: its links, its
/// `leave_game` steps, and its `back` and header for the Dumbness deck checks.
struct Refs {
    /// The card's `[[card]]` table.
    card: Range<usize>,
    link: Vec<Range<usize>>,
    /// Each `leave_game` step: the name or keyword and the step's place.
    leave: Vec<(String, Range<usize>)>,
    back: Option<Range<usize>>,
}

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
    cost: Option<Spanned<u8>>,
    vp: Option<Spanned<u8>>,
    #[serde(default)]
    need: Vec<Spanned<RawCond>>,
    #[serde(default)]
    lose_gain: Vec<Spanned<RawStep>>,
    target: Option<Spanned<bool>>,
    #[serde(default)]
    link: Vec<Spanned<String>>,
    rounds: Option<Spanned<u8>>,
    corruption: Option<Spanned<u8>>,
    #[serde(default)]
    keywords: Vec<Spanned<String>>,
    nation: Option<Spanned<Nation>>,
    flavour: Option<Spanned<String>>,
    #[serde(default)]
    effect: Vec<Spanned<RawStep>>,
    back: Option<Spanned<Deck>>,
    crazy: Option<Spanned<bool>>,
    min_bid: Option<Spanned<u8>>,
    pending: Option<Spanned<toml::Value>>,
    players: Option<Spanned<toml::Value>>,
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

fn is_slug(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Builds and checks one card against the cards before it.
fn build_card(r: RawCard, span: Range<usize>, line: usize, before: &[Card]) -> Result<(Card, Refs), Fail> {
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
    let goal = kind == Kind::FirstGoal;
    let dumb = kind == Kind::Dumbness;
    if goal != (deck == Deck::FirstGoal) || dumb != (deck == Deck::Dumbness) {
        return Err(at(r.kind.span(), format!("a {} card cannot be in the {} deck", kind.name(), deck.id())));
    }
    let cost = r.cost.as_ref().map_or(0, |c| *c.get_ref());
    match &r.cost {
        Some(c) if dumb && cost > 0 => {
            return Err(at(c.span(), "a Dumbness card has no cost: its winner pays a bid (`min_bid`)".into()));
        }
        Some(c) if cost > 12 => return Err(at(c.span(), format!("cost {cost} is above 12"))),
        None if !dumb => return Err(here("the card needs a `cost` (0 to 12)".into())),
        _ => {}
    }
    // The Dumbness fields, and the card's shape.
    for (given, key) in [
        (r.back.as_ref().map(Spanned::span), "back"),
        (r.crazy.as_ref().map(Spanned::span), "crazy"),
        (r.min_bid.as_ref().map(Spanned::span), "min_bid"),
        (r.pending.as_ref().map(Spanned::span), "pending"),
        (r.players.as_ref().map(Spanned::span), "players"),
    ] {
        if let Some(s) = given
            && !dumb
        {
            return Err(at(s, format!("only Dumbness cards have `{key}` (WD-DUMB)")));
        }
    }
    let back = match &r.back {
        Some(b) if b.get_ref().level().is_none() => {
            return Err(at(
                b.span(),
                format!("the back names a Level deck, level1 or level2, not {}", b.get_ref().id()),
            ));
        }
        b => b.as_ref().map(|b| *b.get_ref()),
    };
    let crazy = r.crazy.as_ref().is_some_and(|c| *c.get_ref());
    let min_bid = match &r.min_bid {
        Some(b) if !(1..=12).contains(b.get_ref()) => {
            return Err(at(b.span(), format!("the minimum bid is 1 to 12, not {}", b.get_ref())));
        }
        b => b.as_ref().map(|b| *b.get_ref()),
    };
    let pending = match &r.pending {
        Some(p) if min_bid.is_some() => {
            return Err(at(p.span(), "a Dumbness card is auctioned (`min_bid`) or pending, not both".into()));
        }
        Some(p) => {
            let (pick, tie_nobody) = parse_pick(p.get_ref(), "pending").map_err(|m| at(p.span(), m))?;
            Some(Pending { pick, tie_nobody })
        }
        None => None,
    };
    let shape = match (dumb, min_bid.is_some() || pending.is_some()) {
        (false, _) => None,
        (true, false) => Some(Shape::Effect),
        (true, true) => Some(Shape::Won),
    };
    let players = match &r.players {
        Some(p) if shape == Some(Shape::Won) => {
            return Err(at(
                p.span(),
                "a won Dumbness card acts on its winner: `players` is for cards that act from the board".into(),
            ));
        }
        Some(p) => parse_pick(p.get_ref(), "players").map_err(|m| at(p.span(), m))?.0,
        None => Pick::Each,
    };
    let vp = r.vp.as_ref().map_or(0, |v| *v.get_ref());
    if let Some(v) = &r.vp
        && vp > 0
    {
        if matches!(kind, Kind::Green | Kind::Brown) {
            return Err(at(v.span(), format!("a {} card gives no VP (WD-CARD-6)", kind.name())));
        }
        if shape == Some(Shape::Effect) {
            return Err(at(
                v.span(),
                "only a won Dumbness card (`min_bid` or `pending`) gives VP, to its winner (WD-DUMB-2)".into(),
            ));
        }
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
    if dumb && let Some(c) = r.need.first() {
        return Err(at(c.span(), "a Dumbness card has no need: nobody places it (WD-DUMB-6)".into()));
    }
    if dumb && let Some(s) = r.lose_gain.first() {
        return Err(at(s.span(), "a Dumbness card has no lose/gain: put its steps in `effect`".into()));
    }
    let mut need = Vec::with_capacity(r.need.len());
    for c in r.need {
        let s = c.span();
        need.push(cond(c.into_inner()).map_err(|m| at(s, m))?);
    }
    let ctx = Ctx { kind, lose_gain: false, shape };
    let mut leave = Vec::new();
    let mut effect = Vec::with_capacity(r.effect.len());
    for s in r.effect {
        let place = s.span();
        let step = step(s, ctx).map_err(|(s, m)| at(s, m))?;
        if let Step::LeaveGame { keyword } = &step {
            leave.push((keyword.clone(), place));
        }
        effect.push(step);
    }
    let mut lose_gain = Vec::with_capacity(r.lose_gain.len());
    for s in r.lose_gain {
        lose_gain.push(step(s, Ctx { lose_gain: true, ..ctx }).map_err(|(s, m)| at(s, m))?);
    }
    if effect.is_empty() && lose_gain.is_empty() && vp == 0 && !goal {
        return Err(here("the card does nothing: give it an `effect`, a `lose_gain` or VP".into()));
    }
    if effect.len() > 1 && effect.contains(&Step::NuclearStrike) {
        return Err(here("`nuclear_strike` is a Nuclear Bomb's only effect step".into()));
    }
    if let Some(p) = &r.players
        && players != Pick::Each
        && effect.iter().any(|s| matches!(s, Step::Rule { .. } | Step::LeaveGame { .. }))
    {
        return Err(at(
            p.span(),
            "`rule` and `leave_game` act on the whole game: a card with them acts on every player (leave out \
             `players`)"
                .into(),
        ));
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
    let link_spans: Vec<Range<usize>> = r.link.iter().map(Spanned::span).collect();
    let link = strings(r.link, "a link").map_err(|(s, m)| at(s, m))?;
    let keywords = strings(r.keywords, "a keyword").map_err(|(s, m)| at(s, m))?;
    if let Some(k) = keywords.iter().find(|k| !is_slug(k)) {
        return Err(here(format!("keyword `{k}` must be lowercase letters, digits and dashes")));
    }
    let flavour = match r.flavour {
        Some(f) if f.get_ref().trim().is_empty() || f.get_ref().contains('\n') => {
            return Err(at(f.span(), "the flavour text is one non-empty line".into()));
        }
        f => f.map(Spanned::into_inner),
    };
    let refs = Refs { card: span.clone(), link: link_spans, leave, back: r.back.as_ref().map(Spanned::span) };
    let card = Card {
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
        back,
        crazy,
        min_bid,
        pending,
        players,
        line,
    };
    Ok((card, refs))
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

/// Checks each Level deck's size and type split (WD-COMP-1, "Content to design") and the number of
/// First Goals; the Dumbness deck is [`check_dumbness`]'s.
fn check_decks(cards: &[Card]) -> Result<(), String> {
    for deck in [Deck::Level1, Deck::Level2, Deck::FirstGoal] {
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

/// Every link and every `leave_game` names a card or keyword of the file (WD-CARD-12, WD-CARD-13).
fn check_names(cards: &[Card], refs: &[Refs]) -> Result<(), Fail> {
    let known = |s: &str| cards.iter().any(|c| c.answers_to(s));
    for (c, r) in cards.iter().zip(refs) {
        let at = |s: &Range<usize>, m: String| (s.clone(), format!("card {} ({}): {m}", c.number, c.name));
        for (l, s) in c.link.iter().zip(&r.link) {
            if !known(l) {
                return Err(at(s, format!("the link `{l}` names no card or keyword (WD-CARD-12)")));
            }
        }
        for (k, s) in &r.leave {
            if !known(k) {
                return Err(at(s, format!("`leave_game` names `{k}`, which is no card or keyword (WD-CARD-13)")));
            }
        }
    }
    Ok(())
}

/// WD-SETUP-10 must fill both Level decks at every player count: at least 12 Dumbness cards, at
/// most 3 marked (with a `back`) for each Level deck, and only marked cards linked to other
/// Dumbness cards (links work both ways and chain, WD-CARD-12, so a linked group joins whole).
fn check_dumbness(cards: &[Card], refs: &[Refs]) -> Result<(), (Option<Range<usize>>, String)> {
    let dumb: Vec<(&Card, &Refs)> = cards.iter().zip(refs).filter(|(c, _)| c.deck == Deck::Dumbness).collect();
    if dumb.len() < 12 {
        return Err((
            None,
            format!(
                "the dumbness deck has {} cards; it needs at least 12, as 6 join each Level deck with 2 players \
                 (WD-SETUP-10)",
                dumb.len()
            ),
        ));
    }
    for level in [Deck::Level1, Deck::Level2] {
        if let Some((c, r)) = dumb.iter().filter(|(c, _)| c.back == Some(level)).nth(3) {
            return Err((
                r.back.clone(),
                format!(
                    "card {} ({}): a 4th Dumbness card with a {} back; at most 3 each, as only 3 join each Level \
                     deck with 5 players (WD-SETUP-10)",
                    c.number,
                    c.name,
                    level.id()
                ),
            ));
        }
    }
    let names = |a: &Card, b: &Card| a.link.iter().any(|l| b.answers_to(l));
    for (c, r) in &dumb {
        if c.back.is_some() {
            continue;
        }
        if let Some((o, _)) = dumb.iter().find(|(o, _)| o.number != c.number && (names(c, o) || names(o, c))) {
            return Err((
                Some(r.card.clone()),
                format!(
                    "card {} ({}): linked to the Dumbness card {}, so it needs a `back`: only marked cards may be \
                     linked, as a linked group joins whole (WD-SETUP-10, WD-CARD-12)",
                    c.number, c.name, o.name
                ),
            ));
        }
    }
    Ok(())
}
