//! What happens, for logs, golden playthroughs and clients; each event with who may see it.

use serde::Serialize;

use crate::action::Amount;
use crate::attr::{Attr, Entry};
use crate::card::{CardNo, KindNo};
use crate::content::Content;
use crate::state::{Dest, Ending, Phase, Side, Spot, Target};

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    Plan {
        player: u8,
        plan: u8,
    },
    Sign {
        player: u8,
    },
    Turn {
        turn: u16,
        start: u8,
    },
    Phase {
        phase: Phase,
    },
    /// A player made his hidden choice (draw, lifts, battle): the others see only this.
    Chose {
        player: u8,
    },
    /// The viewer's own hidden choice, for him alone.
    Marked {
        player: u8,
        card: CardNo,
    },
    ExtraChosen {
        player: u8,
        cards: u8,
    },
    LiftChosen {
        player: u8,
        vp: u8,
    },
    ResistChosen {
        player: u8,
        amount: Option<u32>,
    },
    Discarded {
        player: u8,
        cards: u64,
    },
    Extra {
        player: u8,
        cards: u8,
    },
    DrewCard {
        player: u8,
        card: CardNo,
    },
    Drew {
        player: u8,
    },
    Reshuffled {
        events: bool,
    },
    Paid {
        player: u8,
        billions: u32,
        goodwill: u32,
        left: (u32, u32),
    },
    Goodwill {
        player: u8,
        from: u32,
        to: u32,
    },
    Billions {
        player: u8,
        from: u32,
        to: u32,
    },
    Transfer {
        from: u8,
        to: u8,
        amount: u32,
    },
    Attribute {
        player: u8,
        attr: Attr,
        from: u8,
        to: u8,
    },
    Effort {
        player: u8,
        attr: Attr,
        level: u8,
    },
    Lifted {
        player: u8,
        vp: u8,
        from: Spot,
        black: u32,
    },
    Placed {
        player: u8,
        vp: u8,
        dest: Dest,
    },
    Battle {
        player: u8,
        dest: Dest,
        occupants: u8,
    },
    Resisted {
        player: u8,
        amount: u32,
    },
    LetIn {
        player: u8,
    },
    Outbid {
        player: u8,
        paid: u32,
    },
    Withdrew {
        player: u8,
    },
    ToLounge {
        player: u8,
        vp: u8,
        from: Spot,
        black: u32,
    },
    Event {
        event: u8,
    },
    WarBreaksOut {
        region: u8,
    },
    NoWar {
        region: u8,
    },
    WarEnds {
        region: u8,
    },
    Disaster {
        region: u8,
    },
    Famine {
        region: u8,
    },
    MarkersCleared,
    Stuff {
        region: u8,
        from: u8,
        to: u8,
    },
    Black {
        player: u8,
        vp: u8,
        from: u32,
        to: u32,
    },
    Halo {
        player: Option<u8>,
    },
    WarRoll {
        region: u8,
        die: u8,
    },
    WarCard {
        player: u8,
        card: CardNo,
    },
    Modified {
        by: i8,
    },
    Rerolled {
        die: u8,
    },
    WarResult {
        region: u8,
        die: u8,
        stuff: u8,
        modifier: i8,
        total: i8,
        row: u8,
    },
    Intervention {
        region: u8,
    },
    Apocalypse,
    Gift {
        from: u8,
        to: u8,
        amount: u32,
    },
    Commission {
        from: u8,
        to: u8,
        kind: KindNo,
        target: Target,
    },
    CommissionAmount {
        from: u8,
        to: u8,
        amount: u32,
    },
    CommissionDeclined {
        player: u8,
    },
    CommissionPaid {
        from: u8,
        to: u8,
        amount: u32,
    },
    Played {
        player: u8,
        card: CardNo,
        target: Target,
    },
    Used {
        player: u8,
        card: CardNo,
    },
    Income {
        player: u8,
        vp: u8,
        amount: u32,
    },
    Venture {
        owner: u8,
        partner: u8,
        card: CardNo,
        side: Side,
    },
    VentureAnswer {
        partner: u8,
        accepted: bool,
    },
    Hush {
        from: u8,
        to: u8,
        amount: u32,
    },
    Quiet {
        player: u8,
    },
    Exposed {
        by: u8,
        player: u8,
    },
    Laundered {
        player: u8,
        vp: u8,
        amount: u32,
    },
    Sold {
        player: u8,
        region: u8,
        income: u32,
    },
    Campaign {
        player: u8,
        vp: u8,
        goodwill: u32,
    },
    BoughtVp {
        player: u8,
        vp: u8,
    },
    BoughtPrize {
        player: u8,
    },
    Bunker {
        player: u8,
    },
    Upright {
        player: u8,
        card: CardNo,
        upright: bool,
    },
    Passed {
        player: u8,
    },
    GameOver {
        ending: Ending,
    },
}

fn p(i: u8) -> String {
    format!("P{}", i + 1)
}

/// "P2", "P2 and P3", "P2, P3 and P5".
fn players(set: u8) -> String {
    let v: Vec<String> = (0..8u8).filter(|q| set & (1 << q) != 0).map(p).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => v.join(""),
    }
}

/// A card's name.
pub fn card_name(c: &Content, k: CardNo) -> String {
    c.cards.card(k).name.clone()
}

pub fn region_name(c: &Content, r: u8) -> String {
    c.board.region(r).name.clone()
}

/// Where a VP stands, in words.
pub fn spot_name(c: &Content, s: Spot) -> String {
    match s {
        Spot::Supply => "the supply".into(),
        Spot::Lounge => "the VIP Lounge".into(),
        Spot::Lifted => "his hand".into(),
        Spot::Region(r) => region_name(c, r),
        Spot::Square(q) => format!("{} ({} section)", c.board.square(q).name, c.board.square(q).section.name()),
    }
}

pub fn dest_name(c: &Content, d: Dest) -> String {
    match d {
        Dest::Lounge => "the VIP Lounge".into(),
        Dest::Region { region, by: Entry::Prize } => format!("{} (by the Peace Nobel Prize)", region_name(c, region)),
        Dest::Region { region, by } => {
            format!("{} by {}", region_name(c, region), by.attr().map_or("", Attr::name))
        }
        Dest::Square(q) => spot_name(c, Spot::Square(q)),
    }
}

pub fn target_name(c: &Content, t: Target) -> String {
    match t {
        Target::None => "nothing".into(),
        Target::Player(q) => p(q),
        Target::Region(r) => region_name(c, r),
        Target::Vp(q, i) => format!("{}'s VP {}", p(q), i + 1),
        Target::Card(k) => card_name(c, k),
    }
}

pub fn amount_name(a: Amount) -> String {
    match a {
        Amount::Rung(_) => a.value(0).to_string(),
        Amount::All => "all".into(),
    }
}

fn cards_named(c: &Content, set: u64) -> String {
    let names: Vec<String> = worlds_engine::bits::ones(set).map(|k| card_name(c, k as CardNo)).collect();
    names.join(", ")
}

/// One line of English for an event.
pub fn describe(c: &Content, e: &Event) -> String {
    let card = |k: &CardNo| card_name(c, *k);
    let region = |r: &u8| region_name(c, *r);
    match e {
        Event::Plan { player, plan } => format!("{} runs {}", p(*player), c.plans.get(*plan).name),
        Event::Sign { player } => format!("{} is the starting player and takes the sign", p(*player)),
        Event::Turn { turn, start } => format!("Turn {turn} begins; {} is the starting player", p(*start)),
        Event::Phase { phase } => format!("Phase {}", phase.name()),
        Event::Chose { player } => format!("{} has chosen", p(*player)),
        Event::Marked { player, card: k } => format!("{} will discard {}", p(*player), card(k)),
        Event::ExtraChosen { player, cards } => format!("{} will buy {cards} extra card(s)", p(*player)),
        Event::LiftChosen { player, vp } => format!("{} will lift VP {}", p(*player), vp + 1),
        Event::ResistChosen { player, amount: None } => format!("{} will let the newcomer in", p(*player)),
        Event::ResistChosen { player, amount: Some(n) } => format!("{} will resist with {n} Goodwill", p(*player)),
        Event::Discarded { player, cards } => format!("{} discards {}", p(*player), cards_named(c, *cards)),
        Event::Extra { player, cards } => {
            format!("{} buys {cards} extra card(s) with extra effort", p(*player))
        }
        Event::DrewCard { player, card: k } => format!("{} draws {}", p(*player), card(k)),
        Event::Drew { player } => format!("{} draws a card", p(*player)),
        Event::Reshuffled { events: true } => "the used Event cards are shuffled into a new Event deck".into(),
        Event::Reshuffled { events: false } => "the discard pile is shuffled into a new deck".into(),
        Event::Paid { player, billions, goodwill, left } => format!(
            "{} pays {billions} Billion(s) and {goodwill} Goodwill ({} B and {} G left)",
            p(*player),
            left.0,
            left.1
        ),
        Event::Goodwill { player, from, to } => format!("{}'s Goodwill {from} → {to}", p(*player)),
        Event::Billions { player, from, to } => format!("{}'s Billions {from} → {to}", p(*player)),
        Event::Transfer { from, to, amount } => format!("{} pays {} {amount} Billion(s)", p(*from), p(*to)),
        Event::Attribute { player, attr, from, to } => format!("{}'s {} {from} → {to}", p(*player), attr.name()),
        Event::Effort { player, attr, level } => {
            format!("{} buys extra effort: {} +{level} for the next action", p(*player), attr.name())
        }
        Event::Lifted { player, vp, from, black } => {
            let lost = if *black > 0 { format!(" ({black} black money back to the bank)") } else { String::new() };
            format!("{} lifts VP {} from {}{lost}", p(*player), vp + 1, spot_name(c, *from))
        }
        Event::Placed { player, vp, dest } => format!("{} places VP {} in {}", p(*player), vp + 1, dest_name(c, *dest)),
        Event::Battle { player, dest, occupants } => format!(
            "Battle of Goodwill: {} wants into {}; {} {} whether to keep him out",
            p(*player),
            dest_name(c, *dest),
            players(*occupants),
            if occupants.count_ones() == 1 { "decides" } else { "decide" }
        ),
        Event::Resisted { player, amount } => format!("{} resists with {amount} Goodwill", p(*player)),
        Event::LetIn { player } => format!("{} lets the newcomer in", p(*player)),
        Event::Outbid { player, paid } => format!("{} pays {paid} Goodwill and enters", p(*player)),
        Event::Withdrew { player } => format!("{} gives way and goes to the VIP Lounge", p(*player)),
        Event::ToLounge { player, vp, from, black } => {
            let lost = if *black > 0 { format!(" ({black} black money back to the bank)") } else { String::new() };
            format!("{}'s VP {} goes from {} to the VIP Lounge{lost}", p(*player), vp + 1, spot_name(c, *from))
        }
        Event::Event { event } => {
            let ev = c.cards.event(*event);
            format!("Event: {} — {}", ev.name, crate::text::event_text(c, *event))
        }
        Event::WarBreaksOut { region: r } => format!("war breaks out in {}: a war counter goes there", region(r)),
        Event::NoWar { region: r } => {
            format!("no war in {} (a war counter is there already, or none is left)", region(r))
        }
        Event::WarEnds { region: r } => format!("the war in {} is over: its war counter is removed", region(r)),
        Event::Disaster { region: r } => format!("natural disaster in {}", region(r)),
        Event::Famine { region: r } => format!("famine in {}", region(r)),
        Event::MarkersCleared => "the natural-disaster and famine markers are removed".into(),
        Event::Stuff { region: r, from, to } => format!("Stuff in {}: {from} → {to}", region(r)),
        Event::Black { player, vp, from, to } => {
            format!("black money on {}'s VP {} {from} → {to}", p(*player), vp + 1)
        }
        Event::Halo { player: Some(q) } => format!("{} puts on the halo of the Peace Nobel Prize", p(*q)),
        Event::Halo { player: None } => "the halo of the Peace Nobel Prize returns to the bank".into(),
        Event::WarRoll { region: r, die } => format!("war in {}: the die shows {die}", region(r)),
        Event::WarCard { player, card: k } => format!("{} plays {}", p(*player), card(k)),
        Event::Modified { by } => format!("the war total is changed by {by:+}"),
        Event::Rerolled { die } => format!("the die is rolled again: {die}"),
        Event::WarResult { region: r, die, stuff, modifier, total, row } => {
            let m = if *modifier != 0 { format!(" {modifier:+}") } else { String::new() };
            format!(
                "war in {}: {die} + Stuff {stuff}{m} = {total}: {}",
                region(r),
                c.board.war.get(usize::from(*row)).map_or("?", |w| w.name.as_str())
            )
        }
        Event::Intervention { region: r } => format!(
            "intervention in {}: the One $uperpower's troops use up Stuff, and all black money there is frozen",
            region(r)
        ),
        Event::Apocalypse => "Nuclear Apocalypse!".into(),
        Event::Gift { from, to, amount } => format!("{} gives {} {amount} Billion(s)", p(*from), p(*to)),
        Event::Commission { from, to, kind, target } => {
            let k = &c.cards.kinds[usize::from(*kind).min(c.cards.kinds.len() - 1)];
            let on = if *target == Target::None { String::new() } else { format!(" on {}", target_name(c, *target)) };
            format!("{} offers {} a commission to play {}{on}", p(*from), p(*to), k.name)
        }
        Event::CommissionAmount { from, to, amount } => {
            format!("{} sets aside {amount} Billion(s) for {}", p(*from), p(*to))
        }
        Event::CommissionDeclined { player } => format!("{} declines the commission", p(*player)),
        Event::CommissionPaid { from, to, amount } => {
            format!("{} receives the commission of {amount} Billion(s) from {}", p(*to), p(*from))
        }
        Event::Played { player, card: k, target } => {
            let on = if *target == Target::None { String::new() } else { format!(" on {}", target_name(c, *target)) };
            format!("{} plays {}{on}", p(*player), card(k))
        }
        Event::Used { player, card: k } => format!("{} uses {}", p(*player), card(k)),
        Event::Income { player, vp, amount } => {
            format!("{}'s VP {} receives {amount} black money", p(*player), vp + 1)
        }
        Event::Venture { owner, partner, card: k, side } => {
            let s = match side {
                Side::None => "no side payment".to_owned(),
                Side::Give(n) => format!("{} pays {} {n}", p(*owner), p(*partner)),
                Side::Take(n) => format!("{} pays {} {n}", p(*partner), p(*owner)),
            };
            format!("{} proposes a joint venture in {} to {} ({s})", p(*owner), card(k), p(*partner))
        }
        Event::VentureAnswer { partner, accepted: true } => format!("{} accepts the joint venture", p(*partner)),
        Event::VentureAnswer { partner, accepted: false } => format!("{} declines the joint venture", p(*partner)),
        Event::Hush { from, to, amount } => format!("{} offers {} {amount} Billion(s) to keep quiet", p(*from), p(*to)),
        Event::Quiet { player } => format!("{} keeps quiet", p(*player)),
        Event::Exposed { by, player } => format!("{} exposes {}'s illegal act: it does not happen", p(*by), p(*player)),
        Event::Laundered { player, vp, amount } => {
            format!("{} launders {amount} Billion(s) from VP {}", p(*player), vp + 1)
        }
        Event::Sold { player, region: r, income } => {
            format!("{} sells Stuff to {} for {income} Billion(s)", p(*player), region(r))
        }
        Event::Campaign { player, vp, goodwill } => {
            format!("{} runs a media campaign with VP {}: +{goodwill} Goodwill", p(*player), vp + 1)
        }
        Event::BoughtVp { player, vp } => format!("{} buys VP {}: it enters the VIP Lounge", p(*player), vp + 1),
        Event::BoughtPrize { player } => format!("{} buys the Peace Nobel Prize", p(*player)),
        Event::Bunker { player } => format!("{} has a bunker", p(*player)),
        Event::Upright { player, card: k, upright } => {
            format!("{}'s {} is turned {}", p(*player), card(k), if *upright { "upright" } else { "sideways" })
        }
        Event::Passed { player } => format!("{} passes", p(*player)),
        Event::GameOver { ending } => match ending {
            Ending::Money => "the game ends: the money target is reached".into(),
            Ending::TurnCap => "the game ends: the last turn is played".into(),
            Ending::Apocalypse => "the game ends in Nuclear Apocalypse".into(),
        },
    }
}

/// An event as JSON for clients: its serde form, with the names of the cards, regions, plans and
/// events it refers to beside their numbers.
pub fn to_value(c: &Content, e: &Event) -> serde_json::Value {
    let mut v = serde_json::to_value(e).unwrap_or(serde_json::Value::Null);
    if let Some(obj) = v.as_object_mut() {
        for key in ["card", "region", "plan", "event", "kind"] {
            let Some(n) = obj.get(key).and_then(serde_json::Value::as_u64) else { continue };
            let n = n as u8;
            let named = match key {
                "card" => card_name(c, n),
                "region" => region_name(c, n),
                "plan" => c.plans.get(n).name.clone(),
                "event" => c.cards.event(n).name.clone(),
                _ => c.cards.kinds.get(usize::from(n)).map(|k| k.name.clone()).unwrap_or_default(),
            };
            obj.insert(format!("{key}_name"), serde_json::Value::String(named));
        }
    }
    v
}
