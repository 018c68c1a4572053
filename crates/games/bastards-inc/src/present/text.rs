//! The rules text of every card and event, generated from its data, so the text and the rules
//! never disagree.

use worlds_engine::program::Source;

use crate::card::{Card, Cond, Cost, Kind, Op, Sel, TargetKind, Timing, Who};
use crate::content::Content;

fn sel(c: &Content, s: Sel) -> String {
    match s {
        Sel::Region(r) => c.board.region(r).name.clone(),
        Sel::Target => "the target region".into(),
        Sel::Every => "every region".into(),
        Sel::MostStuff => {
            "the region with the most Stuff (not The One $uperpower, none at war; ties: the starting player chooses)"
                .into()
        }
    }
}

fn who(w: Who, attr: &str) -> String {
    match w {
        Who::Me => "you".into(),
        Who::Target => "the target player".into(),
        Who::Every => "every player".into(),
        Who::Highest => format!("every player with the highest {attr} (if above 0)"),
    }
}

/// "gain 2 Goodwill" or "lose 2 Goodwill", the verb agreeing with its subject ("you gain",
/// "every player gains").
fn signed(n: i64, what: &str, w: Who) -> (String, String) {
    let s = if w == Who::Me { "" } else { "s" };
    if n >= 0 { (format!("gain{s}"), format!("{n} {what}")) } else { (format!("lose{s}"), format!("{} {what}", -n)) }
}

fn op_text(c: &Content, op: &Op) -> String {
    match *op {
        Op::Attribute { attr, change, who: w } => {
            let (verb, amount) = signed(i64::from(change), attr.name(), w);
            format!("{} {verb} {amount}", who(w, attr.name()))
        }
        Op::Goodwill { n, who: w } | Op::Billions { n, who: w } => {
            let what = if matches!(op, Op::Goodwill { .. }) { "Goodwill" } else { "Billions" };
            let (verb, amount) = signed(i64::from(n), what, w);
            format!("{} {verb} {amount}", who(w, ""))
        }
        Op::LoseShare { d, who: w } => {
            let verb = if w == Who::Me { "lose" } else { "loses" };
            format!("{} {verb} a {} of their Billions, rounded down", who(w, ""), share(d))
        }
        Op::Stuff { n, region } => format!("Stuff {n:+} in {}", sel(c, region)),
        Op::War(s) => format!("war breaks out in {}", sel(c, s)),
        Op::EndWar => "remove the war counter from the target region".into(),
        Op::Disaster(s) => format!("natural disaster in {}", sel(c, s)),
        Op::Famine(s) => format!("famine in {}", sel(c, s)),
        Op::Lounge => "the target VP goes to the VIP Lounge".into(),
        Op::Confiscate => "all black money on the target VP goes to the bank".into(),
        Op::Collect => "the black money of the target VP goes to your reserve; the VP stays".into(),
        Op::HalveBlack => "every VP keeps half its black money, rounded down".into(),
        Op::Sideways => "turn the target Business Opportunity sideways".into(),
        Op::Upright => "turn the target Business Opportunity upright".into(),
        Op::Sell => "sell Stuff to the target region without a VP there: gain its Income, its Stuff +1".into(),
        Op::NewVp => "a new VP of yours enters the VIP Lounge".into(),
        Op::Bunker => "you have a bunker".into(),
        Op::HaloReturns => "the halo of the Peace Nobel Prize returns to the bank".into(),
        Op::Modify(n) => format!("{n:+} to the war total"),
        Op::Reroll => "roll the war die again; the new roll replaces the old".into(),
    }
}

fn share(d: u8) -> String {
    match d {
        2 => "half".into(),
        3 => "third".into(),
        4 => "quarter".into(),
        10 => "tenth".into(),
        n => format!("1/{n}"),
    }
}

fn steps_text(c: &Content, steps: &[Source<Op, Cond>]) -> String {
    let parts: Vec<String> = steps
        .iter()
        .map(|s| match s {
            Source::Do(op) => op_text(c, op),
            Source::Either(branches) => {
                let b: Vec<String> = branches.iter().map(|b| steps_text(c, b)).collect();
                format!("either {}", b.join(", or "))
            }
            Source::If { test: Cond::Crisis, then, otherwise } if otherwise.is_empty() => {
                format!("during a crisis, {}", steps_text(c, then))
            }
            Source::If { test: Cond::Crisis, then, otherwise } => {
                format!("{} ({} during a crisis)", steps_text(c, otherwise), steps_text(c, then))
            }
        })
        .collect();
    parts.join("; ")
}

fn target_text(t: TargetKind) -> Option<String> {
    Some(match t {
        TargetKind::None => return None,
        TargetKind::Player => "another player".into(),
        TargetKind::Region(f) => {
            let mut s = String::from("a region");
            if let Some(war) = f.war {
                s.push_str(if war { " with a war counter" } else { " without a war counter" });
            }
            if f.superpower == Some(false) {
                s.push_str(", not The One $uperpower");
            }
            if f.no_own_vp {
                s.push_str(", without a VP of yours");
            }
            if f.sellable {
                s.push_str(", that takes your Stuff (Technology, below 6, no famine)");
            }
            s
        }
        TargetKind::Vp(f) => {
            let mut s =
                String::from(if f.own { "a VP of yours in a region" } else { "another player's VP in a region" });
            if f.crime {
                s.push_str(" that entered by Crime");
            }
            if f.black {
                s.push_str(" with black money");
            }
            if let Some(war) = f.war {
                s.push_str(if war { ", at war" } else { ", not at war" });
            }
            s
        }
        TargetKind::Opportunity(f) => {
            let mut s = String::from(if f.own {
                "a Business Opportunity of yours"
            } else {
                "another player's Business Opportunity"
            });
            if let Some(upright) = f.upright {
                s.push_str(if upright { " (upright)" } else { " (sideways)" });
            }
            s
        }
    })
}

/// A card's rules text.
pub fn card_text(c: &Content, k: &Card) -> String {
    let mut out = String::new();
    match k.kind {
        Kind::Business => {
            if let Some((attr, n)) = k.requires {
                out.push_str(&format!("needs {} {n}; ", attr.name()));
            }
            let slots: Vec<String> = k
                .slots
                .iter()
                .map(|s| {
                    let r = s.region.map_or_else(|| "any region at war".to_owned(), |r| c.board.region(r).name.clone());
                    format!("a VP in {r} earns {}", s.income)
                })
                .collect();
            out.push_str(&slots.join(" and "));
            if k.slots.len() == 2 {
                out.push_str(" (a joint venture may fill one slot with a partner's VP)");
            }
        }
        Kind::Action => {
            out.push_str(match k.timing {
                Timing::Business => "Business action",
                Timing::War => "War window",
            });
            match k.cost {
                Cost::Free => {}
                Cost::Fixed(n) => out.push_str(&format!("; pay {n}")),
                Cost::TwiceNew(a) => out.push_str(&format!("; pay twice your new {}", a.name())),
            }
            if let Some(t) = target_text(k.target) {
                out.push_str(&format!("; target: {t}"));
            }
            out.push_str(": ");
            out.push_str(&steps_text(c, &k.effect));
        }
    }
    if let Some(s) = k.illegal {
        out.push_str(&format!(". Illegal ({} section)", s.name()));
    }
    out
}

/// An event's rules text.
pub fn event_text(c: &Content, e: u8) -> String {
    steps_text(c, &c.cards.event(e).effect)
}
