//! The game's shared phrases, written once: the battle, war, gift, commission or act in progress,
//! the prices of extra effort and the Stuff bar's cells. The terminal drawing, the browser scene
//! and the table word them alike; each only lays them out (and names the players its own way).

use worlds_engine::Player;

use crate::content::Content;
use crate::event::dest_name;
use crate::state::Side;
use crate::view::{Observation, RegionView, StepView};

/// The battle, event, war, extra effort, gift, commission or act in progress, in words, each
/// player named by `name`; empty between them.
pub fn step_line(c: &Content, o: &Observation, name: impl Fn(Player) -> String) -> String {
    let names = |ps: &[Player]| ps.iter().map(|&q| name(q)).collect::<Vec<_>>().join(", ");
    match &o.step {
        StepView::Battle { newcomer, dest, occupants, resisted } => match resisted {
            None => format!(
                "Battle of Goodwill in {}: {} against {}",
                dest_name(c, *dest),
                name(*newcomer),
                names(occupants)
            ),
            Some(n) => format!(
                "Battle of Goodwill in {}: the resisters paid {n} Goodwill; {} may pay {} or withdraw",
                dest_name(c, *dest),
                name(*newcomer),
                n + 1
            ),
        },
        StepView::Event { event, .. } => format!("Event: {event}"),
        StepView::Window { region, die, modifier, .. } => format!("War in {region}: die {die}, modifier {modifier:+}"),
        StepView::Effort { player, attr, level } => {
            format!("{} buys extra effort: {} +{level}", name(*player), attr.name())
        }
        StepView::Gift { from, to } => format!("{} makes a gift to {}", name(*from), name(*to)),
        StepView::Commission { from, to, card, target, amount } => format!(
            "Commission: {} offers {} to play {}{}{}",
            name(*from),
            name(*to),
            card.as_deref().unwrap_or("a card"),
            target.as_ref().map(|x| format!(" on {x}")).unwrap_or_default(),
            amount.map(|n| format!(", {n} B set aside")).unwrap_or_default()
        ),
        StepView::Act(a) => {
            let what = a
                .card
                .as_ref()
                .map_or_else(|| format!("a sale of Stuff by VP {}", a.sale.map_or(0, |v| v + 1)), |k| k.name.clone());
            let mut s = format!("{}: {what} ({})", name(a.player), a.stage);
            for (x, word) in [(&a.target, "on"), (&a.second, "and")] {
                if let Some(x) = x {
                    s.push_str(&format!(" {word} {x}"));
                }
            }
            if let Some(q) = a.partner {
                s.push_str(&format!(" · joint venture with {}", name(q)));
            }
            match a.side {
                Side::Give(n) => s.push_str(&format!(", gives {n} B")),
                Side::Take(n) => s.push_str(&format!(", takes {n} B")),
                Side::None => {}
            }
            if let Some((from, n)) = a.commission {
                s.push_str(&format!(" · commission of {n} B from {}", name(from)));
            }
            if let Some(j) = a.journalist {
                s.push_str(&format!(" · journalist {}", name(j)));
            }
            if let Some(h) = a.hush {
                s.push_str(&format!(", hush money {h} B"));
            }
            s
        }
        _ => String::new(),
    }
}

/// The Stuff bar's cells, level 1 to 6: ■ up to the level, □ above it, ▓ and ░ in the grey zone
/// (BI-BOARD-3), each with whether it is in the grey zone.
pub fn stuff_cells(r: &RegionView) -> impl Iterator<Item = (char, bool)> + '_ {
    (1..=6u8).map(|level| {
        let grey = level >= r.grey_from;
        let cell = match (level <= r.stuff, grey) {
            (true, false) => '■',
            (false, false) => '□',
            (true, true) => '▓',
            (false, true) => '░',
        };
        (cell, grey)
    })
}
