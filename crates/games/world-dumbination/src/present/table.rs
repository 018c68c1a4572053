//! The table as one viewer sees it (WD-VIEW-2..4), apart from the board: a panel a leaderboard,
//! the cards in front of each, the viewer's hand, the piles. The terminal, the browser and Python
//! draw it by the engine's shared code.

use worlds_engine::present::{self, Count, Panel, Pile};

use crate::card::Kind;
use crate::content::Content;
use crate::event::space_name;
use crate::need::spot_cost;
use crate::state::Phase;
use crate::text::{card_face, card_kind};
use crate::view::{CardView, HandCard, Observation, SeatView, SpaceCard, StepView, TargetView};

/// Whether `s` has a decision to make now (WD-DEC-1): in the simultaneous steps (the First Goal,
/// placing) every seat still in that has not finished, else the seat the step names.
fn acting(o: &Observation, s: &SeatView) -> bool {
    match o.step {
        StepView::ChooseGoal => s.choosing_goal,
        StepView::Placing { .. } => !s.out && !s.placed,
        StepView::Over => false,
        StepView::Draw { seat }
        | StepView::Discard { seat }
        | StepView::Card { seat, .. }
        | StepView::Move { seat }
        | StepView::Attack { seat }
        | StepView::Marker { seat }
        | StepView::Buy { seat }
        | StepView::Bid { seat }
        | StepView::MoveBase { seat } => seat == s.player,
    }
}

/// The table as one viewer sees it (WD-VIEW-2..4): the round and phase; a panel a leaderboard (its
/// VP, resources, income, Ego, Popularity and hand size, the pieces left in its supply as details,
/// whether it decides now, the cards in front
/// of it with their full text, notes anyone may see; the hand on the viewer's own only); the piles
/// (the Level decks, then those holding cards).
pub fn table(c: &Content, o: &Observation) -> present::Table {
    // What a card is ("Brown, cost 2") and what it does, its need first; whether it can go on a
    // card space ("placeable"), or where it lies ("Brown, used").
    let face = |v: &CardView, kind: Option<String>| present::Card {
        id: crate::clicks::card_id(v.number),
        name: v.name.clone(),
        kind,
        text: c.cards.get(v.number).map_or_else(|| v.text.clone(), |k| card_face(k).1),
    };
    let kind = |v: &CardView| c.cards.get(v.number).map(card_kind);
    let kind_in_hand = |h: &HandCard| kind(&h.card).map(|k| if h.placeable { k + ", placeable" } else { k });
    let lies = |v: &CardView, how: &str| Some(format!("{}, {how}", kind(v).unwrap_or_else(|| "card".into())));
    let mut phase = format!("Round {}, phase {}", o.round, o.phase.name());
    match (o.ending, o.last_round) {
        (Some(_), _) => phase.push_str(" — the game is over"),
        (None, Some(r)) if r == o.round => phase.push_str(" — the last round"),
        (None, Some(r)) => phase.push_str(&format!(" — the game ends after round {r}")),
        (None, None) => {}
    }
    let auction = o.dumbness.auction.as_ref();
    let panels = o
        .seats
        .values()
        .map(|s| {
            let mut cards = Vec::new();
            let mut notes = Vec::new();
            for (space, side) in s.spaces.iter().zip(["left", "right"]) {
                match space {
                    SpaceCard::Empty => {}
                    SpaceCard::FaceDown => notes.push(format!("{side} card face down")),
                    SpaceCard::Mine { card } => cards.push(face(card, Some(format!("{side}, face down")))),
                    SpaceCard::Turned { card, used } => {
                        cards.push(face(card, lies(card, ["turned", "used"][usize::from(*used)])))
                    }
                    SpaceCard::Fired { card } => cards.push(face(card, Some("fired".to_owned()))),
                }
            }
            // A project's kind: a First Goal done or a Dumbness card won, and sabotage.
            for x in &s.projects {
                let what = c.cards.get(x.card.number).map(|k| k.kind).filter(|&k| k != Kind::Blue).map(Kind::name);
                let what: Vec<&str> = what.into_iter().chain(x.sabotaged.then_some("sabotaged")).collect();
                cards.push(face(&x.card, (!what.is_empty()).then(|| what.join(", "))));
            }
            if let Some(g) = s.goal.as_ref().filter(|g| !s.projects.iter().any(|x| x.card.number == g.number)) {
                cards.push(face(g, Some(if s.goal_done { "First Goal" } else { "First Goal, face down" }.into())));
            }
            let peace =
                o.peace.iter().enumerate().filter_map(|(i, x)| Some((i, x.as_ref().filter(|x| x.0 == s.player)?)));
            cards
                .extend(peace.map(|(i, (_, card))| face(card, Some(format!("disarmed, peace spot {}", spot_cost(i))))));
            match &s.target {
                TargetView::Empty => {}
                TargetView::Hidden => notes.push("target face down".to_owned()),
                // Locked at Ego 10 (WD-LEAD-3), which the Ego count shows.
                TargetView::Shown { token, turned, .. } => {
                    notes.push(format!("target {}{}", token.name(), if *turned { "" } else { " (face down)" }));
                }
            }
            notes.extend((o.phase == Phase::Place && s.placed).then(|| "has placed face down".to_owned()));
            match auction {
                Some(a) if a.high == Some(s.player) => notes.push(format!("highest bid {}", a.price)),
                Some(a) if a.out.contains(&s.player) => notes.push("passed".to_owned()),
                _ => {}
            }
            if let Some(from) = s.hidden_from {
                let at = s.hidden_at.map(|a| format!(", now on {}", space_name(a))).unwrap_or_default();
                notes.push(format!("a unit left {} on a hidden move{at}", space_name(from)));
            }
            notes.extend(s.vacation.then(|| "on vacation".to_owned()));
            notes.extend(s.out.then(|| "out of the game".to_owned()));
            let counts = [("VP", s.vp), ("Res", s.resources), ("Inc", s.income)];
            let counts = counts
                .into_iter()
                .chain([("Ego", s.ego), ("Pop", s.popularity), ("Hand", s.hand)].map(|(n, v)| (n, v.into())));
            // The pieces left in the supply (WD-VIEW-2), details drawn where there is room.
            let supply = [
                ("Units left", s.units_left),
                ("Bases left", s.bases_left),
                ("Markers left", s.markers),
                ("Radioactive left", s.radioactive_left),
            ];
            let supply = supply.map(|(n, v)| Count::detail(n, v));
            Panel {
                seat: s.player,
                faction: Some(s.nation.name().to_owned()),
                counts: counts.map(|(n, v)| Count::new(n, v)).chain(supply).collect(),
                cards,
                // At set-up the two First Goals on offer come first (WD-SETUP-8).
                hand: (o.viewer == Some(s.player)).then(|| {
                    let kept = |g: &&CardView| s.goal.as_ref().is_some_and(|k| k.number == g.number);
                    let offered = o.goals_offered.iter().filter(|g| !kept(g));
                    let on_offer = |g: &CardView| kind(g).map(|k| k.replacen("First Goal", "First Goal on offer", 1));
                    let offered = offered.map(|g| face(g, on_offer(g)));
                    offered.chain(o.hand.iter().map(|h| face(&h.card, kind_in_hand(h)))).collect()
                }),
                acting: acting(o, s),
                notes,
            }
        })
        .collect();
    let d = &o.dumbness;
    let pile = |name: &str, count: usize, shown: Vec<&CardView>| {
        Pile::new(name, count, shown.into_iter().map(|v| face(v, kind(v))).collect())
    };
    let all = |name: &str, cards: &[CardView]| pile(name, cards.len(), cards.iter().collect());
    let on_auction = |v: &&CardView| auction.is_some_and(|a| a.card.number == v.number);
    // A face-up card whose rule change is in force says until when.
    let until = |r: Option<u16>| r.map(|r| format!(", in force to round {r}")).unwrap_or_default();
    let up = d.face_up.iter().filter(|x| !on_auction(&&x.card));
    let up: Vec<present::Card> = up.map(|x| face(&x.card, kind(&x.card).map(|k| k + &until(x.rule_until)))).collect();
    let decks = [0, 1].map(|i| pile(&format!("Level {} deck", i + 1), usize::from(o.decks[i]), Vec::new()));
    let more = [
        all("Level 1 discards", &o.discards[0]),
        all("Level 2 discards", &o.discards[1]),
        pile("Dumbness face down", usize::from(d.face_down[0]) + usize::from(d.face_down[1]), Vec::new()),
        // The card up for auction lies on the Auction pile, not among the others face up.
        Pile::new("Dumbness face up", up.len(), up),
        pile("Auction", usize::from(auction.is_some()), auction.map(|a| &a.card).into_iter().collect()),
        all("Dumbness discards", &d.spent),
        all("Out of the game", &d.gone),
    ];
    let piles = decks.into_iter().chain(more.into_iter().filter(|x| x.count > 0)).collect();
    present::Table { phase, panels, piles, ..present::Table::default() }
}
