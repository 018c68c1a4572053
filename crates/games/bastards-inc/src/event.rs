//! What happens, for logs, golden playthroughs and clients; each event with who may see it.

use serde::Serialize;
use worlds_engine::text::and_list;
use worlds_engine::{Player, PlayerSet};

use crate::action::Amount;
use crate::attr::{Attr, Entry};
use crate::card::{CardNo, CardSet, KindNo};
use crate::content::Content;
use crate::state::{Dest, Ending, Phase, Side, Spot, Target};

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    Plan {
        player: Player,
        plan: u8,
    },
    Sign {
        player: Player,
    },
    Turn {
        turn: u16,
        start: Player,
    },
    Phase {
        phase: Phase,
    },
    /// A player made his hidden choice (draw, lifts, battle): the others see only this.
    Chose {
        player: Player,
    },
    /// The viewer's own hidden choice, for him alone.
    Marked {
        player: Player,
        card: CardNo,
    },
    ExtraChosen {
        player: Player,
        cards: u8,
    },
    LiftChosen {
        player: Player,
        vp: u8,
    },
    ResistChosen {
        player: Player,
        amount: Option<u32>,
    },
    Discarded {
        player: Player,
        cards: CardSet,
    },
    Extra {
        player: Player,
        cards: u8,
    },
    DrewCard {
        player: Player,
        card: CardNo,
    },
    Drew {
        player: Player,
    },
    Reshuffled {
        events: bool,
    },
    Paid {
        player: Player,
        billions: u32,
        goodwill: u32,
        left: (u32, u32),
    },
    Goodwill {
        player: Player,
        from: u32,
        to: u32,
    },
    Billions {
        player: Player,
        from: u32,
        to: u32,
    },
    Transfer {
        from: Player,
        to: Player,
        amount: u32,
    },
    Attribute {
        player: Player,
        attr: Attr,
        from: u8,
        to: u8,
    },
    Effort {
        player: Player,
        attr: Attr,
        level: u8,
    },
    Lifted {
        player: Player,
        vp: u8,
        from: Spot,
        black: u32,
    },
    Placed {
        player: Player,
        vp: u8,
        dest: Dest,
    },
    Battle {
        player: Player,
        dest: Dest,
        #[serde(serialize_with = "crate::state::by_bit::serialize")]
        occupants: PlayerSet,
    },
    Resisted {
        player: Player,
        amount: u32,
    },
    LetIn {
        player: Player,
    },
    Outbid {
        player: Player,
        paid: u32,
    },
    Withdrew {
        player: Player,
    },
    ToLounge {
        player: Player,
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
        player: Player,
        vp: u8,
        from: u32,
        to: u32,
    },
    Halo {
        player: Option<Player>,
    },
    WarRoll {
        region: u8,
        die: u8,
    },
    WarCard {
        player: Player,
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
        from: Player,
        to: Player,
        amount: u32,
    },
    Commission {
        from: Player,
        to: Player,
        kind: KindNo,
        target: Target,
    },
    CommissionAmount {
        from: Player,
        to: Player,
        amount: u32,
    },
    CommissionDeclined {
        player: Player,
    },
    CommissionPaid {
        from: Player,
        to: Player,
        amount: u32,
    },
    Played {
        player: Player,
        card: CardNo,
        target: Target,
    },
    Used {
        player: Player,
        card: CardNo,
    },
    Income {
        player: Player,
        vp: u8,
        amount: u32,
    },
    Venture {
        owner: Player,
        partner: Player,
        card: CardNo,
        side: Side,
    },
    VentureAnswer {
        partner: Player,
        accepted: bool,
    },
    Hush {
        from: Player,
        to: Player,
        amount: u32,
    },
    Quiet {
        player: Player,
    },
    Exposed {
        by: Player,
        player: Player,
    },
    Laundered {
        player: Player,
        vp: u8,
        amount: u32,
    },
    Sold {
        player: Player,
        region: u8,
        income: u32,
    },
    Campaign {
        player: Player,
        vp: u8,
        goodwill: u32,
    },
    BoughtVp {
        player: Player,
        vp: u8,
    },
    BoughtPrize {
        player: Player,
    },
    Bunker {
        player: Player,
    },
    Upright {
        player: Player,
        card: CardNo,
        upright: bool,
    },
    Passed {
        player: Player,
    },
    GameOver {
        ending: Ending,
    },
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
        Target::Player(q) => q.to_string(),
        Target::Region(r) => region_name(c, r),
        Target::Vp(q, i) => format!("{q}'s VP {}", i + 1),
        Target::Card(k) => card_name(c, k),
    }
}

/// " on TARGET", or nothing when the act is aimed at nothing.
pub fn on_target(c: &Content, t: Target) -> String {
    if t == Target::None { String::new() } else { format!(" on {}", target_name(c, t)) }
}

pub fn amount_name(a: Amount) -> String {
    match a {
        Amount::Rung(_) => a.value(0).to_string(),
        Amount::All => "all".into(),
    }
}

fn cards_named(c: &Content, set: CardSet) -> String {
    let names: Vec<String> = set.iter().map(|k| card_name(c, k)).collect();
    names.join(", ")
}

/// One line of English for an event; an Event card's effect in the words of `text.rs`.
pub fn describe(c: &Content, e: &Event, event_text: fn(&Content, u8) -> String) -> String {
    let card = |k: &CardNo| card_name(c, *k);
    let region = |r: &u8| region_name(c, *r);
    match e {
        Event::Plan { player, plan } => format!("{player} runs {}", c.plans.get(*plan).name),
        Event::Sign { player } => format!("{player} is the starting player and takes the sign"),
        Event::Turn { turn, start } => format!("Turn {turn} begins; {start} is the starting player"),
        Event::Phase { phase } => format!("Phase {}", phase.name()),
        Event::Chose { player } => format!("{player} has chosen"),
        Event::Marked { player, card: k } => format!("{player} will discard {}", card(k)),
        Event::ExtraChosen { player, cards } => format!("{player} will buy {cards} extra card(s)"),
        Event::LiftChosen { player, vp } => format!("{player} will lift VP {}", vp + 1),
        Event::ResistChosen { player, amount: None } => format!("{player} will let the newcomer in"),
        Event::ResistChosen { player, amount: Some(n) } => format!("{player} will resist with {n} Goodwill"),
        Event::Discarded { player, cards } => format!("{player} discards {}", cards_named(c, *cards)),
        Event::Extra { player, cards } => {
            format!("{player} buys {cards} extra card(s) with extra effort")
        }
        Event::DrewCard { player, card: k } => format!("{player} draws {}", card(k)),
        Event::Drew { player } => format!("{player} draws a card"),
        Event::Reshuffled { events: true } => "the used Event cards are shuffled into a new Event deck".into(),
        Event::Reshuffled { events: false } => "the discard pile is shuffled into a new deck".into(),
        Event::Paid { player, billions, goodwill, left } => format!(
            "{} pays {billions} Billion(s) and {goodwill} Goodwill ({} B and {} G left)",
            player, left.0, left.1
        ),
        Event::Goodwill { player, from, to } => format!("{player}'s Goodwill {from} → {to}"),
        Event::Billions { player, from, to } => format!("{player}'s Billions {from} → {to}"),
        Event::Transfer { from, to, amount } => format!("{from} pays {to} {amount} Billion(s)"),
        Event::Attribute { player, attr, from, to } => format!("{player}'s {} {from} → {to}", attr.name()),
        Event::Effort { player, attr, level } => {
            format!("{player} buys extra effort: {} +{level} for the next action", attr.name())
        }
        Event::Lifted { player, vp, from, black } => {
            let lost = if *black > 0 { format!(" ({black} black money back to the bank)") } else { String::new() };
            format!("{player} lifts VP {} from {}{lost}", vp + 1, spot_name(c, *from))
        }
        Event::Placed { player, vp, dest } => format!("{player} places VP {} in {}", vp + 1, dest_name(c, *dest)),
        Event::Battle { player, dest, occupants } => format!(
            "Battle of Goodwill: {} wants into {}; {} {} whether to keep him out",
            player,
            dest_name(c, *dest),
            and_list(&occupants.iter().map(|q| q.to_string()).collect::<Vec<_>>()),
            if occupants.len() == 1 { "decides" } else { "decide" }
        ),
        Event::Resisted { player, amount } => format!("{player} resists with {amount} Goodwill"),
        Event::LetIn { player } => format!("{player} lets the newcomer in"),
        Event::Outbid { player, paid } => format!("{player} pays {paid} Goodwill and enters"),
        Event::Withdrew { player } => format!("{player} gives way and goes to the VIP Lounge"),
        Event::ToLounge { player, vp, from, black } => {
            let lost = if *black > 0 { format!(" ({black} black money back to the bank)") } else { String::new() };
            format!("{player}'s VP {} goes from {} to the VIP Lounge{lost}", vp + 1, spot_name(c, *from))
        }
        Event::Event { event } => {
            let ev = c.cards.event(*event);
            format!("Event: {} — {}", ev.name, event_text(c, *event))
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
            format!("black money on {player}'s VP {} {from} → {to}", vp + 1)
        }
        Event::Halo { player: Some(q) } => format!("{q} puts on the halo of the Peace Nobel Prize"),
        Event::Halo { player: None } => "the halo of the Peace Nobel Prize returns to the bank".into(),
        Event::WarRoll { region: r, die } => format!("war in {}: the die shows {die}", region(r)),
        Event::WarCard { player, card: k } => format!("{player} plays {}", card(k)),
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
        Event::Gift { from, to, amount } => format!("{from} gives {to} {amount} Billion(s)"),
        Event::Commission { from, to, kind, target } => {
            let k = &c.cards.kinds[usize::from(*kind).min(c.cards.kinds.len() - 1)];
            format!("{from} offers {to} a commission to play {}{}", k.name, on_target(c, *target))
        }
        Event::CommissionAmount { from, to, amount } => {
            format!("{from} sets aside {amount} Billion(s) for {to}")
        }
        Event::CommissionDeclined { player } => format!("{player} declines the commission"),
        Event::CommissionPaid { from, to, amount } => {
            format!("{to} receives the commission of {amount} Billion(s) from {from}")
        }
        Event::Played { player, card: k, target } => format!("{player} plays {}{}", card(k), on_target(c, *target)),
        Event::Used { player, card: k } => format!("{player} uses {}", card(k)),
        Event::Income { player, vp, amount } => {
            format!("{player}'s VP {} receives {amount} black money", vp + 1)
        }
        Event::Venture { owner, partner, card: k, side } => {
            let s = match side {
                Side::None => "no side payment".to_owned(),
                Side::Give(n) => format!("{owner} pays {partner} {n}"),
                Side::Take(n) => format!("{partner} pays {owner} {n}"),
            };
            format!("{owner} proposes a joint venture in {} to {partner} ({s})", card(k))
        }
        Event::VentureAnswer { partner, accepted: true } => format!("{partner} accepts the joint venture"),
        Event::VentureAnswer { partner, accepted: false } => format!("{partner} declines the joint venture"),
        Event::Hush { from, to, amount } => format!("{from} offers {to} {amount} Billion(s) to keep quiet"),
        Event::Quiet { player } => format!("{player} keeps quiet"),
        Event::Exposed { by, player } => format!("{by} exposes {player}'s illegal act: it does not happen"),
        Event::Laundered { player, vp, amount } => {
            format!("{player} launders {amount} Billion(s) from VP {}", vp + 1)
        }
        Event::Sold { player, region: r, income } => {
            format!("{player} sells Stuff to {} for {income} Billion(s)", region(r))
        }
        Event::Campaign { player, vp, goodwill } => {
            format!("{player} runs a media campaign with VP {}: +{goodwill} Goodwill", vp + 1)
        }
        Event::BoughtVp { player, vp } => format!("{player} buys VP {}: it enters the VIP Lounge", vp + 1),
        Event::BoughtPrize { player } => format!("{player} buys the Peace Nobel Prize"),
        Event::Bunker { player } => format!("{player} has a bunker"),
        Event::Upright { player, card: k, upright } => {
            format!("{player}'s {} is turned {}", card(k), if *upright { "upright" } else { "sideways" })
        }
        Event::Passed { player } => format!("{player} passes"),
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
