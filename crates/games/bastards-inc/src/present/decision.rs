//! Who must decide what, in the game's words (never depending on hidden information), and the hint
//! shown beside an action.

use worlds_engine::{Decision, Player};

use crate::act;
use crate::action::Action;
use crate::content::Content;
use crate::ctx;
use crate::deal;
use crate::event::{card_name, dest_name, on_target, region_name, spot_name, target_name};
use crate::place;
use crate::state::{ActStage, Deed, Ending, State, Step, Table};
use crate::text::card_text;
use crate::war;

fn deed_name(c: &Content, t: &Table, seat: Player, d: Deed) -> String {
    match d {
        Deed::Play(k) | Deed::Use(k) => card_name(c, k),
        Deed::Sell(vp) => {
            format!("a sale of Stuff by VP {} in {}", vp + 1, spot_name(c, t.seats[seat].vps[usize::from(vp)].at))
        }
    }
}

/// The decision now.
pub fn decision(c: &Content, s: &State) -> Decision {
    let t = &s.t;
    if let Some(ending) = t.over {
        let (rule, why) = match ending {
            Ending::Money => ("BI-END-1", "the money target is reached"),
            Ending::TurnCap => ("BI-END-2", "the last turn is played"),
            Ending::Apocalypse => ("BI-WAR-4", "Nuclear Apocalypse"),
        };
        return Decision::new(
            rule,
            format!(
                "the game is over in turn {}: {why} ({} war(s), the Peace Nobel Prize bought {} time(s))",
                t.turn, t.stats.wars, t.stats.prizes
            ),
        );
    }
    match t.stack.top() {
        Some(Step::Draw) => {
            Decision::new("BI-DRAW-4", "everyone chooses in secret cards to discard and extra cards to buy, then done")
        }
        Some(Step::Lift) => Decision::new("BI-PLACE-1", "each player chooses in secret the VPs to lift, then done"),
        Some(Step::Place { turn }) => {
            let (q, all) = place::placer(t, *turn);
            Decision::new(
                "BI-PLACE-2",
                format!("{q} places {} lifted VP (extra effort may be bought first)", if all { "a" } else { "one" }),
            )
        }
        Some(Step::Battle(b)) => match b.revealed {
            None => Decision::new(
                "BI-BATTLE-2",
                format!(
                    "Battle of Goodwill: the occupants of {} each let {} in or resist with Goodwill, in secret",
                    dest_name(c, b.dest),
                    b.seat
                ),
            ),
            Some((_, total)) => Decision::new(
                "BI-BATTLE-3",
                format!(
                    "{} pays {} Goodwill to enter {}, or goes to the VIP Lounge",
                    b.seat,
                    total + 1,
                    dest_name(c, b.dest)
                ),
            ),
        },
        Some(Step::Events { event, .. }) => {
            Decision::new("BI-EVENT-1", format!("{} chooses for {}", t.start, c.cards.event(*event).name))
        }
        Some(Step::War { .. }) => Decision::new("BI-WAR-1", format!("{} chooses the next war to resolve", t.start)),
        Some(Step::Window(w)) => {
            let who = war::asked(c, t, w).map_or_else(|| "nobody".to_owned(), |q| q.to_string());
            let what = if w.card.is_some() { "chooses for the war card played" } else { "may play a war card" };
            Decision::new("BI-CARD-2", format!("war in {}: {who} {what}", region_name(c, w.region)))
        }
        Some(Step::Business { round, deal }) => {
            let who = round.holder().map_or_else(|| "nobody".to_owned(), |q| q.to_string());
            let first = if deal.closed { "more extra effort" } else { "gifts, a commission, extra effort" };
            Decision::new("BI-BUS-2", format!("{who} takes one action or passes (first: {first})"))
        }
        Some(Step::Effort { seat, attr, level }) => {
            Decision::new("BI-MONEY-1", format!("{seat} chooses how much Goodwill pays for {} +{level}", attr.name()))
        }
        Some(Step::Gift { from, to }) => {
            Decision::new("BI-DEAL-3", format!("{from} chooses how many Billions to give {to}"))
        }
        Some(Step::Commission(m)) => {
            let (from, to) = (m.from, m.to);
            let text = match m.kind {
                None => format!("{from} names the card {to} is to play for a commission"),
                Some(k) => {
                    let card = &c.cards.kinds[usize::from(k)].name;
                    let on = on_target(c, m.target);
                    match m.amount {
                        None if deal::needs_target(c, m) => format!("{from} names the target of {card} for {to}"),
                        None => format!("{from} names the commission {to} gets for playing {card}{on}"),
                        Some(n) => format!("{to} accepts {from}'s commission of {n} to play {card}{on}, or declines"),
                    }
                }
            };
            Decision::new("BI-DEAL-4", text)
        }
        Some(Step::Act(a)) => {
            let who = act::decider(t, a);
            let what = deed_name(c, t, a.seat, a.deed);
            let (rule, text) = match a.stage {
                ActStage::Target => ("BI-CARD-3", format!("{who} chooses the target of {what}")),
                ActStage::Slot(s) => ("BI-BO-1", format!("{who} chooses the VP for slot {} of {what}", s + 1)),
                ActStage::Side => {
                    ("BI-DEAL-5", format!("{who} chooses the side payment of the joint venture in {what}"))
                }
                ActStage::Partner => ("BI-DEAL-5", format!("{who} accepts or declines the joint venture in {what}")),
                ActStage::Hush(k) => {
                    ("BI-JOURN-3", format!("{who} may offer hush money to {} about {what}", act::journalist(t, a, k)))
                }
                ActStage::Expose(_, n) => {
                    ("BI-JOURN-3", format!("{who} exposes {what}, or keeps quiet for {n} Billion(s)"))
                }
                ActStage::Goodwill => ("BI-MONEY-1", format!("{who} chooses how much Goodwill pays for {what}")),
                ActStage::Run(_) => ("BI-CARD-3", format!("{who} chooses for {what}")),
            };
            Decision::new(rule, text)
        }
        None => Decision::new("BI-TURN-1", "the turn goes on"),
    }
}

/// What an action means at this decision.
pub fn hint(c: &Content, s: &State, action: Action) -> Option<String> {
    let t = &s.t;
    match (t.stack.top()?, action) {
        (Step::Draw, Action::Card(k)) => Some(format!("discard {}", card_name(c, k))),
        (Step::Business { .. }, Action::Card(k)) => {
            let card = c.cards.card(k);
            Some(format!("{}: {}", card.name, card_text(c, card)))
        }
        (Step::Window(_), Action::Card(k)) => Some(card_text(c, c.cards.card(k))),
        (Step::Place { .. }, Action::Place(d)) => Some(place_hint(c, t, d)),
        (Step::Act(_) | Step::Commission(_), Action::Target(x)) => Some(target_name(c, x)),
        // What a choice costs (BI-DRAW-3, BI-EFFORT-5, BI-MONEY-1).
        (_, Action::Extra(l)) => Some(format!(
            "draw {l} more {}, for {} (Billions or Goodwill)",
            if l == 1 { "card" } else { "cards" },
            ctx::effort_price(c, l)
        )),
        (_, Action::Effort { attr, level }) => {
            Some(format!("{attr} +{level} for your next action, for {}", ctx::effort_price(c, level)))
        }
        (_, Action::Goodwill(g)) => Some(format!("pay {g} of it in Goodwill, the rest in Billions")),
        _ => None,
    }
}

/// What a player placing a VP wants to know about a destination: who stands there (a Battle of
/// Goodwill unless he holds the Prize in a region), and what a VP there can sell.
fn place_hint(c: &Content, t: &Table, d: crate::state::Dest) -> String {
    use crate::state::{Dest, Spot};
    let mut text = dest_name(c, d);
    let spot = d.spot();
    if spot == Spot::Lounge {
        return text;
    }
    let here: Vec<String> = t
        .seats
        .iter()
        .filter_map(|(q, s)| {
            let n = s.vps.iter().filter(|v| v.at == spot).count();
            (n > 0).then(|| if n == 1 { q.to_string() } else { format!("{q} ×{n}") })
        })
        .collect();
    if !here.is_empty() {
        text.push_str(&format!(" · there: {}", here.join(", ")));
    }
    if let Dest::Region { region, .. } = d {
        let r = c.board.region(region);
        let stuff = t.stuff[usize::from(region)];
        text.push_str(&format!(" · Stuff {stuff}/6, Income {}", r.income));
        if stuff >= r.grey_from {
            text.push_str(" (grey: a sale is illegal)");
        }
    }
    text
}
