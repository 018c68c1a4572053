//! Reading the card files (`content/cards.toml` and `content/events.toml`, or replacements): each
//! card and event built from its TOML and checked against the board (region ids) and its own
//! fields (a step that names "the target" needs a target of the right kind; a card has at most one
//! target), then the deck as a whole (54 cards, 18 events, BI-COMP-1); every error names the file,
//! the line and the reason.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::program::Source;
use worlds_engine::{ConfigError, content_errors};

use crate::attr::{Attr, Section};
use crate::board::{Board, MAX_PRICE, check_slug};
use crate::card::{
    CARDS_FILE, Card, Cards, Cond, Cost, DECK, EVENTS, EVENTS_FILE, EventCard, EventKind, Kind, Op, OpportunityFilter,
    RegionFilter, Sel, Slot, TargetKind, Timing, VpFilter, Who,
};
use crate::content::fail_if;

type Fail = (Option<Range<usize>>, String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards {
    card: Vec<Spanned<RawCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    kind: Kind,
    copies: u8,
    /// A line of colour, checked to be text and not kept: nothing shows it.
    #[serde(default, rename = "flavour")]
    _flavour: Option<String>,
    #[serde(default)]
    illegal: Option<Section>,
    #[serde(default)]
    timing: Option<Timing>,
    #[serde(default)]
    cost: Option<Spanned<toml::Value>>,
    #[serde(default)]
    target: Option<Spanned<toml::Table>>,
    #[serde(default)]
    effect: Vec<Spanned<toml::Table>>,
    #[serde(default)]
    requires: Option<Spanned<RawRequires>>,
    #[serde(default)]
    slots: Vec<Spanned<RawSlot>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRequires {
    attribute: Attr,
    at_least: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlot {
    region: String,
    income: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvents {
    event: Vec<Spanned<RawEvent>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: String,
    name: String,
    kind: EventKind,
    /// A line of colour, checked to be text and not kept: nothing shows it.
    #[serde(default, rename = "flavour")]
    _flavour: Option<String>,
    effect: Vec<Spanned<toml::Table>>,
}

/// Parses and checks the card file and the event file against a board.
///
/// # Errors
/// [`ConfigError::Content`] naming the file, the line and the reason.
pub fn parse_cards(cards: &str, events: &str, board: &Board) -> Result<Cards, ConfigError> {
    let err = content_errors(CARDS_FILE, cards);
    let raw: RawCards = toml::from_str(cards).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    let mut kinds: Vec<Card> = Vec::new();
    for entry in raw.card {
        let span = entry.span();
        let r = entry.into_inner();
        let name = r.id.clone();
        let card = build_card(r, kinds.len(), board, &kinds)
            .map_err(|(s, m)| err(Some(s.unwrap_or(span.clone())), format!("card {name}: {m}")))?;
        kinds.push(card);
    }
    let total: usize = kinds.iter().map(|k| usize::from(k.copies)).sum();
    fail_if!(total != DECK, err(None, format!("the copies add up to {total} cards; the deck has {DECK} (BI-COMP-1)")));
    let err = content_errors(EVENTS_FILE, events);
    let raw: RawEvents = toml::from_str(events).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    let mut list: Vec<EventCard> = Vec::new();
    for entry in raw.event {
        let span = entry.span();
        let r = entry.into_inner();
        let at = |(s, m): Fail| err(Some(s.unwrap_or(span.clone())), format!("event {}: {m}", r.id));
        check_slug(&r.id).map_err(|m| at((None, m)))?;
        fail_if!(list.iter().any(|e| e.id == r.id), at((None, "the id is used twice".into())));
        let ctx = Ctx { board, target: TargetKind::None, event: true, war_card: false };
        let effect = steps(&r.effect, &ctx).map_err(at)?;
        fail_if!(effect.is_empty(), at((None, "an event needs an effect".into())));
        list.push(EventCard { id: r.id, name: r.name.trim().to_owned(), kind: r.kind, effect });
    }
    if list.len() != EVENTS {
        return Err(err(None, format!("{} events; the Event deck has {EVENTS} cards (BI-COMP-1)", list.len())));
    }
    Ok(Cards::new(kinds, list))
}

fn build_card(r: RawCard, index: usize, board: &Board, before: &[Card]) -> Result<Card, Fail> {
    let bare = |m: &str| (None, m.to_owned());
    check_slug(&r.id).map_err(|m| (None, m))?;
    fail_if!(before.iter().any(|k| k.id == r.id), bare("the id is used twice"));
    fail_if!(before.iter().any(|k| k.name == r.name.trim()), bare("the name is used twice"));
    fail_if!(r.copies == 0, bare("copies must be at least 1"));
    let mut card = Card {
        kind_no: index as u8,
        id: r.id,
        name: r.name.trim().to_owned(),
        kind: r.kind,
        copies: r.copies,
        illegal: r.illegal,
        timing: Timing::Business,
        cost: Cost::Free,
        target: TargetKind::None,
        effect: Vec::new(),
        requires: None,
        slots: Default::default(),
    };
    match r.kind {
        Kind::Business => {
            for (field, given) in [
                ("timing", r.timing.is_some()),
                ("cost", r.cost.is_some()),
                ("target", r.target.is_some()),
                ("effect", !r.effect.is_empty()),
            ] {
                fail_if!(given, bare(&format!("a Business Opportunity has no `{field}`")));
            }
            let req = r.requires.ok_or_else(|| bare("a Business Opportunity needs `requires`"))?;
            let (span, req) = (req.span(), req.into_inner());
            fail_if!(req.at_least > 6, (Some(span), format!("at_least {} is above 6", req.at_least)));
            card.requires = Some((req.attribute, req.at_least));
            if r.slots.is_empty() || r.slots.len() > 2 {
                return Err(bare("a Business Opportunity has one or two slots (BI-BO-1)"));
            }
            for s in &r.slots {
                let raw = s.get_ref();
                let region = match raw.region.as_str() {
                    "at-war" => None,
                    id => Some(board.region_id(id).ok_or_else(|| (Some(s.span()), unknown_region(board, id)))?),
                };
                card.slots.push(Slot { region, income: raw.income });
            }
        }
        Kind::Action => {
            fail_if!(r.requires.is_some() || !r.slots.is_empty(), bare("an Action card has no `requires` or `slots`"));
            card.timing = r.timing.ok_or_else(|| bare("an Action card needs `timing`: \"business\" or \"war\""))?;
            if let Some(t) = &r.target {
                card.target = target(t.get_ref()).map_err(|m| (Some(t.span()), m))?;
            }
            let war = card.timing == Timing::War;
            if war && (card.target != TargetKind::None || r.cost.is_some() || card.illegal.is_some()) {
                return Err(bare("a war card has no target, cost or illegal section (it is played in the war window)"));
            }
            let ctx = Ctx { board, target: card.target, event: false, war_card: war };
            card.effect = steps(&r.effect, &ctx)?;
            fail_if!(card.effect.is_empty(), bare("an Action card needs an effect"));
            if let Some(c) = &r.cost {
                card.cost = match c.get_ref() {
                    toml::Value::Integer(n) if (1..=i64::from(MAX_PRICE)).contains(n) => Cost::Fixed(*n as u8),
                    toml::Value::String(s) if s == "twice-new" => {
                        let raised: Vec<Attr> = card
                            .effect
                            .iter()
                            .filter_map(|s| match s {
                                Source::Do(Op::Attribute { attr, change: 1, who: Who::Me }) => Some(*attr),
                                _ => None,
                            })
                            .collect();
                        match raised.as_slice() {
                            [a] => Cost::TwiceNew(*a),
                            _ => {
                                return Err((
                                    Some(c.span()),
                                    "\"twice-new\" needs exactly one step raising an attribute of yours by 1".into(),
                                ));
                            }
                        }
                    }
                    other => {
                        return Err((
                            Some(c.span()),
                            format!("cost {other:?} is neither a number 1–{MAX_PRICE} nor \"twice-new\""),
                        ));
                    }
                };
            }
        }
    }
    Ok(card)
}

fn unknown_region(board: &Board, id: &str) -> String {
    let ids: Vec<&str> = board.regions.iter().map(|r| r.id.as_str()).collect();
    format!("no region `{id}`; the regions are {}", ids.join(", "))
}

fn flag(t: &toml::Table, key: &str) -> Result<Option<bool>, String> {
    match t.get(key) {
        None => Ok(None),
        Some(toml::Value::Boolean(b)) => Ok(Some(*b)),
        Some(v) => Err(format!("`{key}` is true or false, not {v:?}")),
    }
}

fn owner(t: &toml::Table) -> Result<bool, String> {
    match t.get("owner").and_then(toml::Value::as_str) {
        Some("own") => Ok(true),
        Some("other") => Ok(false),
        _ => Err("`owner` is \"own\" or \"other\"".into()),
    }
}

/// A target table: `kind` and the filters of that kind.
fn target(t: &toml::Table) -> Result<TargetKind, String> {
    let kind = t.get("kind").and_then(toml::Value::as_str).unwrap_or_default();
    let allowed: &[&str] = match kind {
        "player" => &["kind"],
        "region" => &["kind", "war", "superpower", "counter_free", "sellable", "no_own_vp"],
        "vp" => &["kind", "owner", "entered", "black", "war"],
        "opportunity" => &["kind", "owner", "upright"],
        _ => return Err(format!("target kind `{kind}` is not player, region, vp or opportunity")),
    };
    if let Some(k) = t.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!("a {kind} target has no filter `{k}`; its filters are {}", allowed[1..].join(", ")));
    }
    Ok(match kind {
        "player" => TargetKind::Player,
        "region" => TargetKind::Region(RegionFilter {
            war: flag(t, "war")?,
            superpower: flag(t, "superpower")?,
            counter_free: flag(t, "counter_free")?.unwrap_or(false),
            sellable: flag(t, "sellable")?.unwrap_or(false),
            no_own_vp: flag(t, "no_own_vp")?.unwrap_or(false),
        }),
        "vp" => TargetKind::Vp(VpFilter {
            own: owner(t)?,
            crime: match t.get("entered").and_then(toml::Value::as_str) {
                None => false,
                Some("crime") => true,
                Some(other) => return Err(format!("`entered` is \"crime\", not `{other}`")),
            },
            black: flag(t, "black")?.unwrap_or(false),
            war: flag(t, "war")?,
        }),
        _ => TargetKind::Opportunity(OpportunityFilter { own: owner(t)?, upright: flag(t, "upright")? }),
    })
}

/// What a step may refer to.
struct Ctx<'a> {
    board: &'a Board,
    target: TargetKind,
    event: bool,
    war_card: bool,
}

fn steps(list: &[Spanned<toml::Table>], ctx: &Ctx) -> Result<Vec<Source<Op, Cond>>, Fail> {
    list.iter().map(|s| step(s.get_ref(), ctx).map_err(|m| (Some(s.span()), m))).collect()
}

fn inner(v: &toml::Value, ctx: &Ctx) -> Result<Vec<Source<Op, Cond>>, String> {
    let list = v.as_array().ok_or("a list of steps is expected")?;
    list.iter()
        .map(|s| step(s.as_table().ok_or("a step is a table such as { goodwill = 2, who = \"me\" }")?, ctx))
        .collect()
}

const VERBS: [&str; 23] = [
    "attribute",
    "goodwill",
    "billions",
    "lose_share",
    "stuff",
    "war",
    "end_war",
    "disaster",
    "famine",
    "lounge",
    "confiscate",
    "collect",
    "halve_black",
    "sideways",
    "upright",
    "sell",
    "new_vp",
    "bunker",
    "halo_returns",
    "modify",
    "reroll",
    "either",
    "if",
];

fn step(t: &toml::Table, ctx: &Ctx) -> Result<Source<Op, Cond>, String> {
    let verbs: Vec<&str> = t.keys().map(String::as_str).filter(|k| VERBS.contains(k)).collect();
    let verb = match verbs.as_slice() {
        [one] => *one,
        [] => return Err(format!("no step verb; the verbs are {}", VERBS.join(", "))),
        _ => return Err(format!("one verb per step, not {}", verbs.join(" and "))),
    };
    let params: &[&str] = match verb {
        "attribute" => &["change", "who"],
        "goodwill" | "billions" | "lose_share" => &["who"],
        "stuff" => &["region"],
        "if" => &["then", "else"],
        _ => &[],
    };
    if let Some(k) = t.keys().find(|k| k.as_str() != verb && !params.contains(&k.as_str())) {
        return Err(format!("the step `{verb}` takes no `{k}`"));
    }
    let v = &t[verb];
    let int = |v: &toml::Value, what: &str, lo: i64, hi: i64| -> Result<i64, String> {
        match v.as_integer() {
            Some(n) if (lo..=hi).contains(&n) && n != 0 => Ok(n),
            _ => Err(format!("`{what}` is a whole number from {lo} to {hi}, not 0")),
        }
    };
    let who = || -> Result<Who, String> {
        let w = match t.get("who").and_then(toml::Value::as_str) {
            Some("me") if !ctx.event => Who::Me,
            Some("target") if ctx.target == TargetKind::Player => Who::Target,
            Some("every") => Who::Every,
            Some("highest") if verb == "attribute" => Who::Highest,
            Some(other) => return Err(format!("`who = \"{other}\"` does not fit this step or card")),
            None => return Err("`who` is missing: \"me\", \"target\", \"every\" or \"highest\"".into()),
        };
        Ok(w)
    };
    let needs = |kind: &str, ok: bool| -> Result<(), String> {
        if ok { Ok(()) } else { Err(format!("the step `{verb}` acts on the target: the card needs a {kind} target")) }
    };
    let region_target = matches!(ctx.target, TargetKind::Region(_));
    let sel = |v: &toml::Value, most: bool| -> Result<Sel, String> {
        match v.as_str() {
            Some("target") => {
                needs("region", region_target)?;
                Ok(Sel::Target)
            }
            Some("most-stuff") if most => Ok(Sel::MostStuff),
            Some(id) => ctx.board.region_id(id).map(Sel::Region).ok_or_else(|| unknown_region(ctx.board, id)),
            None => Err(format!("`{verb}` names a region")),
        }
    };
    let yes = |v: &toml::Value| if v.as_bool() == Some(true) { Ok(()) } else { Err(format!("write `{verb} = true`")) };
    let target_is = |v: &toml::Value, kind: &str, ok: bool| -> Result<(), String> {
        fail_if!(v.as_str() != Some("target"), format!("write `{verb} = \"target\"`"));
        needs(kind, ok)
    };
    let player_op = |op: Op| if ctx.event { Err(format!("an event has no player for `{verb}`")) } else { Ok(op) };
    let op = match verb {
        "attribute" => Op::Attribute {
            attr: v.as_str().and_then(Attr::parse).ok_or("`attribute` is corruption, crime, media or technology")?,
            change: int(t.get("change").ok_or("`change` is missing")?, "change", -6, 6)? as i8,
            who: who()?,
        },
        "goodwill" => Op::Goodwill { n: int(v, "goodwill", -99, 99)? as i16, who: who()? },
        "billions" => Op::Billions { n: int(v, "billions", -99, 99)? as i16, who: who()? },
        "lose_share" => Op::LoseShare { d: int(v, "lose_share", 1, 100)? as u8, who: who()? },
        "stuff" => {
            let region = match t.get("region").and_then(toml::Value::as_str) {
                Some("every") => Sel::Every,
                Some(_) => sel(&t["region"], false)?,
                None => return Err("`region` is missing".into()),
            };
            Op::Stuff { n: int(v, "stuff", -6, 6)? as i8, region }
        }
        "war" => Op::War(sel(v, true)?),
        "disaster" => Op::Disaster(sel(v, false)?),
        "famine" => Op::Famine(sel(v, false)?),
        "end_war" => {
            target_is(v, "region", region_target)?;
            Op::EndWar
        }
        "sell" => {
            target_is(v, "region", region_target)?;
            player_op(Op::Sell)?
        }
        "lounge" | "confiscate" | "collect" => {
            target_is(v, "vp", matches!(ctx.target, TargetKind::Vp(_)))?;
            match verb {
                "lounge" => Op::Lounge,
                "confiscate" => Op::Confiscate,
                _ => Op::Collect,
            }
        }
        "sideways" | "upright" => {
            target_is(v, "opportunity", matches!(ctx.target, TargetKind::Opportunity(_)))?;
            if verb == "sideways" { Op::Sideways } else { Op::Upright }
        }
        "halve_black" => {
            fail_if!(v.as_str() != Some("every"), "write `halve_black = \"every\"`".into());
            Op::HalveBlack
        }
        "new_vp" | "bunker" | "halo_returns" | "reroll" => {
            yes(v)?;
            match verb {
                "new_vp" => player_op(Op::NewVp)?,
                "bunker" => player_op(Op::Bunker)?,
                "halo_returns" => Op::HaloReturns,
                _ => Op::Reroll,
            }
        }
        "modify" => Op::Modify(int(v, "modify", -6, 6)? as i8),
        "either" => {
            let branches = v.as_array().ok_or("`either` is a list of step lists")?;
            fail_if!(branches.len() < 2, "`either` offers two or more branches".into());
            return Ok(Source::Either(branches.iter().map(|b| inner(b, ctx)).collect::<Result<_, _>>()?));
        }
        _ => {
            fail_if!(v.as_str() != Some("crisis"), "the only test is `if = \"crisis\"`".into());
            let then = inner(t.get("then").ok_or("`then` is missing")?, ctx)?;
            let otherwise = match t.get("else") {
                Some(e) => inner(e, ctx)?,
                None => Vec::new(),
            };
            return Ok(Source::If { test: Cond::Crisis, then, otherwise });
        }
    };
    if matches!(op, Op::Modify(_) | Op::Reroll) != ctx.war_card && matches!(op, Op::Modify(_) | Op::Reroll) {
        return Err(format!("`{verb}` acts on a war: only war cards have it"));
    }
    Ok(Source::Do(op))
}
