//! Positions from outside: the plain [`Setup`] (what JSON holds) and [`from_setup`], the only way
//! into a state, refusing what a game could not reach and naming the JSON path.

use worlds_engine::secret::Secret;
use worlds_engine::{Player, PlayerSet, StateError};

use crate::board::{MAX_BILLIONS, MAX_GOODWILL};
use crate::card::{CardNo, CardSet, Kind, Op};
use crate::content::{Content, fail_if};
use crate::reach;
use crate::state::{ActStage, Choice, Deed, OldChoice, Spot, Stage, State, Step, Table, Target};

/// A position as JSON holds it.
pub type Setup = Table;

pub fn bad(path: impl Into<String>, message: impl Into<String>) -> StateError {
    StateError::invalid(path, message)
}

/// A card number the position names: one of the deck's, refused by its own number otherwise (a
/// number of 64 or more has no bit in a card set).
fn card_no(c: &Content, k: CardNo, path: &str) -> Result<CardNo, StateError> {
    if usize::from(k) < c.cards.numbers.len() { Ok(k) } else { Err(bad(path, format!("no card has the number {k}"))) }
}

/// Checks a position and makes a state of it.
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn from_setup(c: &Content, players: usize, t: Table) -> Result<State, StateError> {
    let n = players;
    fail_if!(t.seats.len() != n, bad("seats", format!("{} seats for a {n}-player game", t.seats.len())));
    let t = with_choices(t)?;
    fail_if!(t.turn == 0, bad("turn", "turns count from 1"));
    if t.turn > c.turn_cap {
        return Err(bad("turn", format!("the game ends after turn {}, the turn cap (BI-END-2)", c.turn_cap)));
    }
    fail_if!(t.start.index() >= n, bad("start", format!("there is no seat {}", t.start.index())));
    if let Some(h) = t.halo
        && h.index() >= n
    {
        return Err(bad("halo", format!("there is no seat {}", h.index())));
    }
    let regions = crate::board::REGIONS;
    for (r, &s) in t.stuff.iter().enumerate() {
        fail_if!(s > 6, bad(format!("stuff[{r}]"), "Stuff levels run 0–6 (BI-BOARD-3)"));
    }
    let all_regions = ((1u16 << regions) - 1) as u8;
    for (name, set) in [("war", t.war), ("disaster", t.disaster), ("famine", t.famine)] {
        fail_if!(set & !all_regions != 0, bad(name, "a region that does not exist"));
    }
    if t.war & (1 << c.board.superpower) != 0 {
        return Err(bad("war", "The One $uperpower never gets a war counter (BI-REGION-2)"));
    }
    fail_if!(t.counters() > crate::state::COUNTERS, bad("war", "there are only 3 war counters (BI-COMP-4)"));
    let all_events = CardSet::first_n(c.cards.events.len());
    if !(t.events & t.used).is_empty() || t.events | t.used != all_events {
        return Err(bad("events", "every Event card is either in the Event deck or used, once"));
    }
    if let Some(e) = t.last_event {
        fail_if!(usize::from(e) >= c.cards.events.len(), bad("last_event", format!("there is no event {e}")));
        fail_if!(!t.used.contains(e), bad("last_event", format!("event {e} is not among the used ones")));
    }
    if let Some(w) = t.last_war {
        reach::check_last_war(c, &t, w)?;
    }
    let mut plans = 0u8;
    let mut seen = CardSet::EMPTY;
    let mut take = |set: CardSet, path: &str| -> Result<(), StateError> {
        if let Some(k) = set.first_beyond(c.cards.numbers.len()) {
            return Err(bad(path, format!("no card has the number {k}")));
        }
        if let Some(k) = (set & seen).first() {
            return Err(bad(path, format!("card {k} is in two places")));
        }
        seen |= set;
        Ok(())
    };
    take(t.deck, "deck")?;
    take(t.discard, "discard")?;
    let phase_place = matches!(t.stack.bottom(), Some(Step::Lift | Step::Place { .. }));
    for (p, seat) in t.seats.iter() {
        let at = |f: &str| format!("seats[{}].{f}", p.index());
        if usize::from(seat.plan) >= c.plans.0.len() || plans & (1 << seat.plan) != 0 {
            return Err(bad(at("plan"), format!("plan {} does not exist or is taken twice (BI-SETUP-2)", seat.plan)));
        }
        plans |= 1 << seat.plan;
        fail_if!(seat.attrs.iter().any(|&a| a > 6), bad(at("attrs"), "attributes run 0–6 (BI-PLAN-1)"));
        if seat.billions > MAX_BILLIONS {
            return Err(bad(at("billions"), format!("a company holds at most {MAX_BILLIONS} Billions (BI-RULING-12)")));
        }
        if seat.goodwill > MAX_GOODWILL {
            return Err(bad(at("goodwill"), format!("a company holds at most {MAX_GOODWILL} Goodwill (BI-RULING-11)")));
        }
        fail_if!(seat.bonus.iter().any(|&b| b > 3), bad(at("bonus"), "a bonus is at most +3 (BI-EFFORT-5)"));
        take(seat.hand, &at("hand"))?;
        take(seat.table, &at("table"))?;
        if let Some(k) = seat.table.iter().find(|&k| c.cards.card(k).kind != Kind::Business) {
            return Err(bad(at("table"), format!("card {k} is no Business Opportunity")));
        }
        if !seat.sideways.is_subset(seat.table) {
            return Err(bad(at("sideways"), "only a card in front of the player is turned sideways"));
        }
        if let Some(b) = seat.bunker {
            take(CardSet::from_ids([card_no(c, b, &at("bunker"))?]), &at("bunker"))?;
            fail_if!(!c.cards.card(b).has(|op| *op == Op::Bunker), bad(at("bunker"), format!("card {b} is no Bunker")));
        }
        for (i, v) in seat.vps.iter().enumerate() {
            let path = at(&format!("vps[{i}]"));
            match v.at {
                Spot::Region(r) if usize::from(r) >= regions => return Err(bad(path, "no such region")),
                Spot::Square(q) if usize::from(q) >= c.board.squares.len() => {
                    return Err(bad(path, "no such Media square"));
                }
                Spot::Lifted if !phase_place => {
                    return Err(bad(path, "VPs are lifted only in the Place VPs phase (BI-PLACE-1)"));
                }
                _ => {}
            }
            let in_region = matches!(v.at, Spot::Region(_));
            if in_region != v.entry.is_some() {
                return Err(bad(path, "a VP in a region records how it entered; elsewhere nothing (BI-REGION-3)"));
            }
            if !in_region && v.black > 0 {
                return Err(bad(path, "only VPs in regions carry black money (BI-BLACK-1, BI-CIRCUS-2)"));
            }
            if v.black > MAX_BILLIONS {
                return Err(bad(
                    format!("{path}.black"),
                    format!("a VP carries at most {MAX_BILLIONS} black money (BI-RULING-12)"),
                ));
            }
        }
        let s = t.choice(p);
        let mine = |f: &str| choice_path(p, f);
        if !s.marked.is_subset(seat.hand) {
            return Err(bad(mine("marked"), "a card marked for discarding is not in the hand"));
        }
        fail_if!(s.extra > 3, bad(mine("extra"), "at most 3 extra cards (BI-EFFORT-5)"));
        fail_if!(s.lift >= 1 << crate::state::VPS, bad(mine("lift"), "no such VP"));
        for i in 0..crate::state::VPS {
            if s.lift & (1 << i) != 0 && !matches!(seat.vps[i].at, Spot::Region(_) | Spot::Square(_)) {
                return Err(bad(mine("lift"), format!("VP {i} is not in a region or on a Media square")));
            }
        }
    }
    reach::check_end(c, &t)?;
    check_stack(c, &t, n, &mut take)?;
    if let Some(missing) = (c.cards.all() - seen).first() {
        return Err(bad(
            "deck",
            format!("card {missing} is nowhere: every card is in the deck, a pile, a hand or play"),
        ));
    }
    Ok(State { t })
}

/// The JSON path of `p`'s hidden choice, or of its field `field`.
pub fn choice_path(p: Player, field: &str) -> String {
    let path = format!("choices.chosen[{}]", p.index());
    if field.is_empty() { path } else { format!("{path}.{field}") }
}

/// The seats making or having made a hidden choice (anything in `choices`).
fn making_choices(t: &Table) -> PlayerSet {
    Player::all(t.players()).filter(|&p| t.choices.get(p).is_some()).collect()
}

/// The position's hidden choices in the table's `choices`, checked for one entry per seat and
/// none revealed (each is applied as it is revealed). A position saved before `choices` holds
/// each seat's in `seats[i].secret` with its stage; those are moved to `choices` here.
fn with_choices(mut t: Table) -> Result<Table, StateError> {
    let n = t.players();
    let old: Vec<(Player, OldChoice)> = t.seats.iter().filter_map(|(p, s)| Some((p, s.secret?))).collect();
    if old.is_empty() {
        if t.choices.players() == 0 {
            t.choices = Secret::new(n);
        }
    } else {
        if t.choices.players() != 0 {
            return Err(bad(
                "choices",
                "hidden choices are in `choices` or, in older saves, in each seat's `secret`: not both",
            ));
        }
        t.choices = Secret::new(n);
        for (p, o) in old {
            let choice = Choice {
                paying: o.stage == Stage::Goodwill,
                marked: o.marked,
                extra: o.extra,
                goodwill: o.goodwill,
                lift: o.lift,
                resist: o.resist,
            };
            match o.stage {
                Stage::Idle if choice != Choice::default() => {
                    return Err(bad(format!("seats[{}].secret", p.index()), "a choice with nothing being chosen"));
                }
                Stage::Idle => {}
                Stage::Choosing | Stage::Goodwill => t.choices.open(p, choice),
                Stage::Done => t.choices.commit(p, choice),
            }
            t.seats[p].secret = None;
        }
    }
    t.choices.check(n).map_err(|e| bad("choices", e))?;
    if t.choices.is_revealed() {
        return Err(bad("choices.revealed", "a hidden choice is applied as it is revealed: none stays revealed"));
    }
    Ok(t)
}

fn check_stack(
    c: &Content,
    t: &Table,
    n: usize,
    take: &mut impl FnMut(CardSet, &str) -> Result<(), StateError>,
) -> Result<(), StateError> {
    if t.over.is_some() {
        fail_if!(!t.stack.is_empty(), bad("stack", "a finished game has no pending step"));
        if let Some(p) = making_choices(t).first() {
            return Err(bad(choice_path(p, ""), "a finished game has no hidden choice"));
        }
        return Ok(());
    }
    let stages_ok = |allowed: &[Stage]| Player::all(n).all(|p| allowed.contains(&t.stage(p)));
    let bottom_ok = match t.stack.bottom() {
        Some(Step::Draw) => stages_ok(&[Stage::Choosing, Stage::Goodwill, Stage::Done]),
        Some(Step::Lift) => stages_ok(&[Stage::Choosing, Stage::Done]),
        Some(Step::Place { turn }) => {
            if usize::from(*turn) >= 2 * n {
                return Err(bad("stack[0]", format!("the placement order has {} turns (BI-PLACE-2)", 2 * n)));
            }
            reach::check_placers(t, *turn)?;
            true
        }
        Some(Step::Events { event, .. }) => usize::from(*event) < c.cards.events.len(),
        Some(Step::War { .. } | Step::Business { .. }) => true,
        _ => return Err(bad("stack[0]", "the bottom step is a phase of the turn")),
    };
    fail_if!(!bottom_ok, bad("stack[0]", "the phase does not fit the players' hidden choices"));
    let in_battle = matches!(t.stack.top(), Some(Step::Battle(b)) if b.revealed.is_none());
    if !matches!(t.stack.bottom(), Some(Step::Draw | Step::Lift))
        && !in_battle
        && let Some(p) = making_choices(t).first()
    {
        return Err(bad(choice_path(p, ""), "no hidden choice is being made now"));
    }
    for (i, step) in t.stack.iter().enumerate() {
        let path = format!("stack[{i}]");
        let below = if i == 0 { None } else { t.stack.as_slice().get(i - 1) };
        let seat_ok = |s: Player| s.index() < n;
        match step {
            Step::Draw
            | Step::Lift
            | Step::Place { .. }
            | Step::Events { .. }
            | Step::War { .. }
            | Step::Business { .. }
                if i > 0 =>
            {
                return Err(bad(path, "only the bottom step is a phase"));
            }
            Step::Business { round, .. } => round.check(n).map_err(|e| bad(format!("{path}.round"), e))?,
            Step::Battle(b) => {
                if !matches!(below, Some(Step::Place { .. })) || !seat_ok(b.seat) || b.occupants.contains(b.seat) {
                    return Err(bad(path, "a battle is fought over a placement, by a seat against others"));
                }
                if !b.occupants.iter().all(seat_ok) || b.occupants.is_empty() {
                    return Err(bad(path, "the occupants must be seats of the game"));
                }
                fail_if!(!t.seats[b.seat].has_at(Spot::Lifted), bad(path, "the newcomer has no lifted VP to place"));
                reach::check_occupants(c, t, b, &path)?;
                if b.revealed.is_none() {
                    for q in b.occupants.iter() {
                        if matches!(t.stage(q), Stage::Idle | Stage::Goodwill) {
                            return Err(bad(choice_path(q, ""), "an occupant is choosing or has chosen"));
                        }
                    }
                    reach::check_sealed(t, b.occupants)?;
                }
                if let Some((resisters, total)) = b.revealed {
                    let at = format!("{path}.revealed");
                    fail_if!(resisters.is_empty(), bad(at, "nobody resisted, so the newcomer entered (BI-BATTLE-3)"));
                    if let Some(q) = resisters.iter().find(|&q| !b.occupants.contains(q)) {
                        return Err(bad(at, format!("{q} resisted but is no occupant (BI-BATTLE-2)")));
                    }
                    let count = resisters.len() as u32;
                    if total > MAX_GOODWILL * count {
                        return Err(bad(
                            at,
                            format!(
                                "{count} resister(s) paid {total} Goodwill, more than {MAX_GOODWILL} each (BI-RULING-11)"
                            ),
                        ));
                    }
                }
            }
            Step::Window(w) => {
                if !matches!(below, Some(Step::War { .. })) || usize::from(w.region) >= crate::board::REGIONS {
                    return Err(bad(path, "a war window opens in the War phase, for a region"));
                }
                if !(1..=6).contains(&w.die) || usize::from(w.asked) > n {
                    return Err(bad(path, "the die shows 1–6 and the window asks each player once"));
                }
                let m = reach::max_modifier(c);
                if i32::from(w.modifier).abs() > m {
                    return Err(bad(
                        format!("{path}.modifier"),
                        format!("the war cards change a total by at most ±{m} (BI-CARD-2)"),
                    ));
                }
                if let Some((k, cursor)) = w.card {
                    card_no(c, k, &path)?;
                    let ok = c.war_cards.contains(k)
                        && c.programs[usize::from(c.cards.kind_of(k))].holds(&cursor)
                        && usize::from(w.asked) < n;
                    fail_if!(!ok, bad(path, format!("card {k} is no war card being played")));
                }
            }
            Step::Effort { seat, level, .. } => {
                if !matches!(below, Some(Step::Place { .. } | Step::Business { .. })) || !seat_ok(*seat) {
                    return Err(bad(path, "extra effort is bought before a placement or a business action"));
                }
                fail_if!(!(1..=3).contains(level), bad(path, "a bonus is +1, +2 or +3"));
            }
            Step::Gift { from, to } => {
                if !matches!(below, Some(Step::Business { .. })) || !seat_ok(*from) || !seat_ok(*to) || from == to {
                    return Err(bad(path, "a gift is made in a deal window to another player"));
                }
                reach::check_deal_window(t, *from, |d| d.gift, "gift", &path)?;
            }
            Step::Commission(m) => {
                let kind_ok =
                    m.kind.is_none_or(|k| c.cards.kinds.get(usize::from(k)).is_some_and(|k| k.is_business_action()));
                if m.kind.is_none() && (m.target != Target::None || m.amount.is_some()) {
                    return Err(bad(path, "a commission names its card first"));
                }
                if !matches!(below, Some(Step::Business { .. })) || !seat_ok(m.from) || !seat_ok(m.to) || m.from == m.to
                {
                    return Err(bad(path, "a commission is offered in a deal window to another player"));
                }
                fail_if!(!kind_ok, bad(path, "a commission names a business Action card"));
                reach::check_deal_window(t, m.from, |d| d.commission, "commission", &path)?;
                if m.amount.is_none() && t.seats[m.from].billions == 0 {
                    return Err(bad(
                        path,
                        format!("{} has no Billion to set aside for the commission (BI-DEAL-4)", m.from),
                    ));
                }
                check_target(c, t, m.target, &path)?;
            }
            Step::Act(a) => {
                if !matches!(below, Some(Step::Business { .. } | Step::Commission(_))) || !seat_ok(a.seat) {
                    return Err(bad(path, "an act is taken in the Business phase"));
                }
                check_target(c, t, a.target, &path)?;
                check_target(c, t, a.second, &path)?;
                match a.deed {
                    Deed::Play(k) => {
                        card_no(c, k, &path)?;
                        let card = c.cards.card(k);
                        fail_if!(card.kind != Kind::Action, bad(path, format!("card {k} is no Action card")));
                        if let ActStage::Run(cursor) = a.stage {
                            if !c.programs[usize::from(card.kind_no)].holds(&cursor) {
                                return Err(bad(path, "the card's program has no such step"));
                            }
                        } else {
                            take(CardSet::from_ids([k]), &path)?;
                        }
                    }
                    Deed::Use(k) => {
                        card_no(c, k, &path)?;
                        if c.cards.card(k).kind != Kind::Business {
                            return Err(bad(path, format!("card {k} is no Business Opportunity")));
                        }
                        if !t.seats[a.seat].table.contains(k) {
                            take(CardSet::from_ids([k]), &path)?;
                        }
                    }
                    Deed::Sell(vp) => {
                        let ok = usize::from(vp) < crate::state::VPS
                            && matches!(t.seats[a.seat].vps[usize::from(vp)].at, Spot::Region(_));
                        fail_if!(!ok, bad(path, "Stuff is sold with a VP in a region"));
                    }
                }
                if matches!(a.stage, ActStage::Hush(k) | ActStage::Expose(k, _) if k == 0 || usize::from(k) >= n) {
                    return Err(bad(path, "journalism asks the other players, each once"));
                }
                if let Some((from, _)) = a.commission
                    && !matches!(below, Some(Step::Commission(m)) if m.from == from && m.to == a.seat)
                {
                    return Err(bad(path, "a card played for a commission sits on that commission"));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_target(c: &Content, t: &Table, x: Target, path: &str) -> Result<(), StateError> {
    if let Target::Card(k) = x {
        card_no(c, k, path)?;
    }
    let ok = match x {
        Target::None => true,
        Target::Player(q) => q.index() < t.players(),
        Target::Region(r) => usize::from(r) < crate::board::REGIONS,
        Target::Vp(q, i) => q.index() < t.players() && usize::from(i) < crate::state::VPS,
        Target::Card(k) => k < 64 && t.seats.values().any(|s| s.table.contains(k)),
    };
    if ok { Ok(()) } else { Err(bad(path, "the target does not exist")) }
}
