//! The table as one viewer sees it (BI-VIEW-2, BI-VIEW-3), apart from the board: a panel a
//! company with its counts, notes and cards, the viewer's hand, the card being played and the
//! piles, every card with its full text and the id the browser's clicks name (`clicks.rs`).
//! The terminal, the browser and Python draw it by the engine's shared code.

use worlds_engine::present::{self, Count, List, Panel, Pile};
use worlds_engine::text::plural;

use crate::attr::Attr;
use crate::view::{CardView, Observation, StepView};

/// The table as `o`'s viewer sees it, apart from the board (`worlds_engine::present`): the turn,
/// phase and starting player (the sign, BI-SIGN-1) in the rulebook's words; per company (BI-VIEW-2)
/// its name, attributes, Billions, Goodwill, VPs controlled of 4, VPs in the VIP Lounge, cards in
/// hand and Business Opportunities upright of those in front of it, the cards themselves in full
/// (upright or sideways), the viewer's own hand (BI-VIEW-3: playable now, marked to discard), and
/// in notes what anyone may see of it (extra effort bought, the Peace Nobel Prize, a Bunker, VPs
/// lifted, a face-down choice made, BI-DRAW-4: one not yet made is the seat's decision to make; on
/// the viewer's own, their choice so far);
/// the card being played, the decks and the discard pile; the events and wars, the prices of extra
/// effort and the war table as lists. Black money stays on the board, on each
/// VP that carries it. Count names are short, as the columns of an 80-column scoreboard; the
/// attributes are the board's abbreviations.
pub fn table(o: &Observation) -> present::Table {
    let face = |k: &CardView, kind: Option<&str>| present::Card {
        id: k.id.clone(),
        name: k.name.clone(),
        kind: kind.map(str::to_owned),
        text: k.text.clone(),
    };
    let panels = o
        .seats
        .iter()
        .map(|s| {
            let mut counts: Vec<Count> = Attr::ALL.iter().map(|a| Count::new(a.short(), s.attrs[a.index()])).collect();
            let upright = s.opportunities.iter().filter(|x| x.upright).count() as i64;
            counts.extend([
                Count::new("$bn", s.billions),
                Count::new("GW", s.goodwill),
                Count::of("VPs", s.vps, 4),
                Count::new("VIP", s.lounge),
                Count::new("Hand", s.hand),
                Count::of("Opps", upright, s.opportunities.len() as i64),
            ]);
            let bonus = Attr::ALL.iter().filter(|a| s.bonus[a.index()] > 0);
            let mut notes: Vec<String> = bonus.map(|a| format!("{} +{}", a.short(), s.bonus[a.index()])).collect();
            let flags = [(s.halo, "Nobel".to_owned()), (s.bunker, "Bunker".to_owned())];
            let lifted = (s.lifted > 0, format!("{} lifted", s.lifted));
            notes.extend(flags.into_iter().chain([lifted]).filter(|f| f.0).map(|f| f.1));
            // Not yet chosen is the seat's ▶ (it has a decision to make).
            notes.extend((s.chosen == Some(true)).then(|| "chosen".to_owned()));
            // The viewer's own face-down choice so far, short enough for the scoreboard's notes
            // (the cards to discard are marked in the hand).
            notes.extend(o.mine.as_ref().filter(|_| o.viewer == Some(s.player)).and_then(|m| {
                let extra = (m.extra > 0).then(|| format!("buying {}", plural(m.extra, "card", "cards")));
                let vps: Vec<String> = m.lift.iter().map(|v| (v + 1).to_string()).collect();
                let lift = (!vps.is_empty()).then(|| format!("lifting VP {}", vps.join(", ")));
                let resist = m.resist.map(|n| format!("resisting with {n} GW"));
                let parts: Vec<String> = [extra, lift, resist].into_iter().flatten().collect();
                (!parts.is_empty()).then(|| parts.join(", "))
            }));
            Panel {
                seat: s.player,
                faction: Some(s.company.clone()),
                counts,
                cards: s
                    .opportunities
                    .iter()
                    .map(|x| face(&x.card, Some(if x.upright { "upright" } else { "sideways" })))
                    .collect(),
                hand: (o.viewer == Some(s.player)).then(|| {
                    o.hand
                        .iter()
                        .map(|h| {
                            let kind = if h.marked { Some("to discard") } else { h.playable.then_some("playable") };
                            face(&h.card, kind)
                        })
                        .collect()
                }),
                acting: o.deciding.contains(&s.player),
                notes,
            }
        })
        .collect();
    // The card being played (BI-ACT-1), first.
    let in_play = match &o.step {
        StepView::Act(a) => a.card.as_ref().map(|k| {
            let card = present::Card { id: "act-card".into(), ..face(k, Some(&format!("played by {}", a.player))) };
            Pile { id: "in-play".into(), ..Pile::new("In play", 1, vec![card]) }
        }),
        _ => None,
    };
    present::Table {
        phase: format!("Turn {} of {} · phase {} · {} starts", o.turn, o.turn_cap, o.phase.name(), o.start),
        panels,
        piles: in_play
            .into_iter()
            .chain([
                Pile::new("Action deck", usize::from(o.deck), Vec::new()),
                Pile::new("Discard pile", o.discard.len(), o.discard.iter().map(|k| face(k, None)).collect()),
                Pile::new("Event deck", usize::from(o.events_left), Vec::new()),
            ])
            .collect(),
        lists: lists(o),
        ..present::Table::default()
    }
}

/// What anyone reads beside the pyramid: the last event and war, the war counters left
/// (BI-WAR-1), the prices of extra effort (BI-EFFORT-5) and the war table (BI-WARTAB-1).
fn lists(o: &Observation) -> Vec<List> {
    let or_none = |x: &Option<String>| x.clone().unwrap_or_else(|| "none yet".to_owned());
    let drawn = if o.events_used.is_empty() { "none".to_owned() } else { o.events_used.join(", ") };
    let [one, two, three] = o.effort_prices;
    vec![
        List::new(
            "Events and wars",
            vec![
                format!("Last event: {}", or_none(&o.last_event)),
                format!("Events drawn so far: {drawn}"),
                format!("Last war: {}", or_none(&o.last_war)),
                format!("War counters left: {}", o.counters_left),
            ],
        ),
        List::new(
            "Extra effort, in Billions or Goodwill",
            vec![format!("+1 for {one}"), format!("+2 for {two}"), format!("+3 for {three}")],
        ),
        List::new("War table (die + modifiers)", o.war_table.clone()),
    ]
}
