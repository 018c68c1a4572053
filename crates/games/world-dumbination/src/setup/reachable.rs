//! What the round can have reached (WD-ROUND-1, WD-DEC-1..3, WD-END): the pending steps for the
//! phase in progress and who they wait for, the secret choices of phase 2 and the cards on the
//! card spaces for the phase, and how the game stands towards its end.

use worlds_engine::{Player, PlayerSet, StateError};

use crate::board::{NO_SPACE, SPACES};
use crate::card::Kind;
use crate::content::Content;
use crate::ctx;
use crate::state::{
    Ending, GOAL_SPACE, LEFT, Lying, NOBODY, Phase, Placement, Placing, RIGHT, Step, Table, Token, UNITS,
};
use crate::validate::bad;

/// Checks the phase, its pending steps, the card spaces and the end of the game.
///
/// # Errors
/// The first problem found, with its JSON path.
pub fn check(c: &Content, t: &Table) -> Result<(), StateError> {
    stack(c, t)?;
    for p in Player::all(t.seats.len()) {
        placing(c, t, p)?;
        tokens(t, p)?;
        card_spaces(c, t, p)?;
    }
    end(c, t)
}

/// WD-ROUND-1, WD-ROUND-2: the bottom step is the phase; the steps above it are the ones that
/// phase pushes, for players still in the game.
fn stack(c: &Content, t: &Table) -> Result<(), StateError> {
    let Some(&Step::Phase { phase, next }) = t.stack.bottom() else {
        return Err(bad("stack[0]", "the bottom step is a phase"));
    };
    if phase == Phase::Setup && (c.short || t.round != 1) {
        return Err(bad("stack[0]", "the First Goals are chosen at the set-up of round 1 (WD-SETUP-8, WD-VAR-1)"));
    }
    if usize::from(next) > t.seats.len() && matches!(phase, Phase::Draw | Phase::Move | Phase::Buy) {
        return Err(bad("stack[0]", format!("the order track has {} places", t.seats.len())));
    }
    // The player whose turn of the phase it is (`next` is past them in phases 5 and 6).
    let current = |back: u8| next.checked_sub(back).and_then(|i| t.order.get(usize::from(i))).copied();
    for (i, step) in t.stack.iter().enumerate() {
        let path = format!("stack[{i}]");
        if i == 0 {
            continue;
        }
        if let Some(s) = step.seat() {
            match t.seats.get(s) {
                None => return Err(bad(path, format!("there is no seat {}", s.index()))),
                Some(seat) if !seat.in_game() => {
                    return Err(bad(path, format!("{s} is out of the game and decides nothing (WD-ROUND-2)")));
                }
                Some(_) => {}
            }
        }
        // WD-MARK-1: a won attack offers a marker for each space its units left, once each.
        if let Step::Marker { space, .. } = step
            && t.stack.iter().take(i).any(|x| matches!(x, Step::Marker { space: s, .. } if s == space))
        {
            return Err(bad(path, "a marker is offered once for each space the units left (WD-MARK-1)"));
        }
        let fits = match (phase, i, step) {
            (Phase::Draw, 1, Step::Draw { seat }) => current(0) == Some(*seat),
            (Phase::Place, 1, Step::Discard { seat }) => {
                let seat = &t.seats[*seat];
                seat.hand.len() > ctx::hand_limit(c, seat)
            }
            (Phase::Dumbness, 1, Step::Auction { .. }) => auction(c, t, step),
            // A Dumbness card acts from the board, or on its winner once won (WD-DUMB-4).
            (Phase::Dumbness, 1, Step::Act(a)) => {
                let won = t.seats[a.seat].projects.contains(a.card);
                a.space == crate::state::BOARD_SPACE && (t.dumb.up.contains(a.card) || won) && program(c, t, a)
            }
            (Phase::Flip, 1, Step::Act(a)) => acting(c, t, a) && program(c, t, a),
            (Phase::Move, 1, Step::Move { seat, unit, sea, hidden, .. }) => {
                let s = &t.seats[*seat];
                let unit_ok = *unit == NOBODY || s.units.get(usize::from(*unit)).is_some_and(|u| u.on_board());
                let hidden_ok = !*hidden || s.hidden.is_some_and(|(u, _)| u == *unit);
                current(1) == Some(*seat) && unit_ok && *sea <= 2 && hidden_ok
            }
            (Phase::Move, 2, Step::Attack { seat, space, committed }) => {
                let attacker = &t.seats[*seat];
                let committed_ok = (0..UNITS).all(|u| {
                    committed & (1 << u) == 0
                        || attacker.units[u].on_board() && c.board.distance(attacker.units[u].at, *space) == 1
                });
                let defended = t.seats.iter().any(|(q, o)| {
                    q != *seat && (o.units_seen().any(|(_, u)| u.at == *space) || o.base_at(*space).is_some())
                });
                let ok = moving(t, *seat) && usize::from(*space) < SPACES && *committed < 1 << UNITS;
                if ok && committed_ok && defended && !crate::military::winnable(c, t, *seat, *space) {
                    return Err(bad(
                        path,
                        "the attackers next to the space, together, are not stronger than its defence (WD-COMBAT-3)",
                    ));
                }
                ok && committed_ok && defended
            }
            (Phase::Move, _, Step::Marker { seat, space }) => {
                moving(t, *seat)
                    && usize::from(*space) < SPACES
                    && c.board.cell(*space).land
                    && t.markers[usize::from(*space)].is_none()
                    && t.radioactive[usize::from(*space)].is_none()
                    && t.seats[*seat].markers > 0
            }
            (Phase::Buy, 1, Step::Buy { seat, .. }) => current(1) == Some(*seat),
            (Phase::Buy, 2, Step::MoveBase { seat, from, range }) => {
                let s = &t.seats[*seat];
                let from_ok = *from == NO_SPACE || s.base_at(*from).is_some();
                matches!(t.stack.iter().nth(1), Some(Step::Buy { seat: b, units: false }) if b == seat)
                    && from_ok
                    && *range == ctx::powers(c, s).move_base
                    && *range > 0
            }
            _ => false,
        };
        if !fits {
            return Err(bad(path, format!("this step does not come in phase {} here {step:?}", phase.name())));
        }
    }
    Ok(())
}

/// An acting card is at a step of its program, with seats still to act on among the players.
fn program(c: &Content, t: &Table, a: &crate::state::Acting) -> bool {
    let holds = c.program(a.card, a.gain).is_some_and(|pr| pr.holds(&a.cursor));
    holds && within(a.rest, t) && usize::from(a.left) <= UNITS
}

/// A player's movement turn is on the stack below.
fn moving(t: &Table, seat: Player) -> bool {
    matches!(t.stack.iter().nth(1), Some(Step::Move { seat: s, .. }) if *s == seat)
}

/// WD-DUMB-3: an auction of a card on the board, among players in the game.
fn auction(c: &Content, t: &Table, step: &Step) -> bool {
    let &Step::Auction { card, price, high, out, turn } = step else { return false };
    let auctioned = c.cards.get(card).and_then(|k| k.min_bid);
    let eliminated: PlayerSet = t.seats.iter().filter(|(_, s)| !s.in_game()).map(|(p, _)| p).collect();
    let high_ok = high.is_none_or(|h| t.seats.get(h).is_some_and(|s| s.in_game()));
    // The price is checked against the bidder only once the bidder is a seat.
    let price_ok = auctioned.is_some_and(|min| price >= min.saturating_sub(1))
        && high_ok
        && high.is_none_or(|h| u16::from(price) <= t.seats[h].resources);
    t.dumb.up.contains(card)
        && high_ok
        && price_ok
        && within(out, t)
        && out.intersection(eliminated) == eliminated
        && usize::from(turn) < t.order.len()
}

/// Whether every seat of a set is at the table.
fn within(set: PlayerSet, t: &Table) -> bool {
    set.intersection(PlayerSet::first_n(t.seats.len())) == set
}

/// WD-FLIP-3: the card acting in phase 4 lies where acting puts it: a Green or Brown card used on
/// its card space, a Blue card or the First Goal already among the projects.
fn acting(c: &Content, t: &Table, a: &crate::state::Acting) -> bool {
    let seat = &t.seats[a.seat];
    let Some(k) = c.cards.get(a.card) else { return false };
    match a.space {
        GOAL_SPACE => seat.goal == Some(a.card) && seat.goal_done,
        0 | 1 => match k.kind {
            Kind::Blue => seat.projects.contains(a.card),
            Kind::Green | Kind::Brown => {
                seat.spaces[usize::from(a.space)].is_some_and(|pl| pl.card == a.card && pl.lying == Lying::Used)
            }
            _ => false,
        },
        _ => false,
    }
}

/// WD-DEC-3, WD-LEAD-3, WD-CARD-9: a player's secret choice of phase 2 (the table's `placements`)
/// goes step by step, each card and token at its step; outside phase 2 nobody has one; a target
/// lies on the spot where the round has put one.
fn placing(c: &Content, t: &Table, p: Player) -> Result<(), StateError> {
    let seat = &t.seats[p];
    let at = |f: &str| format!("seats[{}].{f}", p.index());
    let mine = |f: &str| format!("placements.chosen[{}]{f}", p.index());
    let phase = t.phase();
    let in_place = phase == Phase::Place && seat.in_game();
    let Some(pl) = t.placements.get(p) else {
        if in_place {
            return Err(bad(mine(""), "everyone in the game places in phase 2 (WD-PLACE-2)"));
        }
        return Ok(());
    };
    if !in_place {
        return Err(bad(mine(""), "only phase 2 has choices of card spaces and targets (WD-DEC-3)"));
    }
    let open = t.placements.is_open(p);
    let stage = if open { pl.step } else { Placing::Finished };
    if pl.step == Placing::Finished || (!open && pl.step != Placing::Confirm) {
        return Err(bad(mine(".step"), "a choice is open at a step, and made at its confirmation (WD-DEC-3)"));
    }
    let discarding = matches!(t.stack.top(), Some(Step::Discard { .. }));
    if discarding && (!open || pl != Placement::default()) {
        return Err(bad(mine(""), "placing starts once the hands are down to their limits (WD-CARD-9)"));
    }
    if !discarding && seat.hand.len() > ctx::hand_limit(c, seat) {
        return Err(bad(at("hand"), "a hand over its limit is cut before placing (WD-CARD-9)"));
    }
    let past = |s: Placing| match s {
        Placing::Left => !matches!(stage, Placing::Left),
        Placing::Right => matches!(stage, Placing::Target | Placing::Confirm | Placing::Finished),
        _ => true,
    };
    if (pl.cards[LEFT].is_some() && !past(Placing::Left)) || (pl.cards[RIGHT].is_some() && !past(Placing::Right)) {
        return Err(bad(mine(".cards"), "a card is placed at its card space's step (WD-DEC-3)"));
    }
    if pl.flip && !past(Placing::Right) {
        return Err(bad(mine(".flip"), "the First Goal is flipped at the right card space's step (WD-DEC-3)"));
    }
    if pl.cards[LEFT].is_some() && !crate::place::left_open(t, p) {
        return Err(bad(mine(".cards[0]"), "the left card space takes no card now (WD-PLACE-3, WD-LEAD-2, WD-NUKE-4)"));
    }
    if pl.cards[RIGHT].is_some() && !crate::place::right_open(t, p) {
        return Err(bad(mine(".cards[1]"), "the right card space opens with the First Goal (WD-GOAL-1, WD-NUKE-4)"));
    }
    if pl.flip && (seat.goal_done || seat.goal.is_none() || t.round < 2) {
        return Err(bad(mine(".flip"), "only a First Goal not yet completed is flipped, from round 2 (WD-GOAL-2)"));
    }
    if pl.target.is_some_and(|tok| !ctx::tokens(t, p).any(|x| x == tok)) {
        return Err(bad(mine(".target"), "a target token shows Peace or another nation in the game (WD-PLACE-5)"));
    }
    let target_due = matches!(stage, Placing::Confirm | Placing::Finished);
    if target_due && crate::place::aim(t, p, pl).is_none() {
        return Err(bad(mine(".target"), "a player who chose their target has one (WD-PLACE-5)"));
    }
    if !target_due && pl.target.is_some() {
        return Err(bad(mine(".target"), "the target token comes after the card spaces (WD-DEC-3)"));
    }
    Ok(())
}

/// WD-LEAD-3, WD-PLACE-4: a target lies on the spot where the round has put one; a First Goal
/// flip lies face down to phase 4, then waits for its turn.
fn tokens(t: &Table, p: Player) -> Result<(), StateError> {
    let seat = &t.seats[p];
    let at = |f: &str| format!("seats[{}].{f}", p.index());
    let phase = t.phase();
    if matches!(phase, Phase::Setup | Phase::Draw | Phase::Place) && seat.target.is_some() && seat.ego < 10 {
        return Err(bad(at("target"), "a target returns in phase 7 unless Ego 10 locks it (WD-LEAD-3)"));
    }
    let flip_ok = match seat.goal_flip {
        None => true,
        Some(Lying::Hidden) => phase == Phase::Dumbness,
        Some(Lying::Waiting) => phase == Phase::Flip,
        Some(_) => false,
    };
    if !flip_ok {
        return Err(bad(at("goal_flip"), "a First Goal flip is face down to phase 4, then waits for its turn"));
    }
    if seat.vacation && (!seat.hand.is_empty() || !matches!(phase, Phase::Flip | Phase::Move | Phase::Buy)) {
        return Err(bad(at("vacation"), "Take a Vacation empties the hand for the rest of its round (WD-CARD-10)"));
    }
    Ok(())
}

/// WD-PLACE-2, WD-FLIP-6, WD-NUKE-4, WD-LEAD-2, WD-PEACE-1: what lies on a card space, by phase.
fn card_spaces(c: &Content, t: &Table, p: Player) -> Result<(), StateError> {
    let seat = &t.seats[p];
    let phase = t.phase();
    let acting = |card| matches!(t.stack.top(), Some(Step::Act(a)) if a.seat == p && a.card == card);
    // A card cut short by the end of the game stays as it was.
    let over = t.over.is_some();
    for (i, placed) in seat.spaces.iter().enumerate() {
        let Some(placed) = placed else { continue };
        let path = format!("seats[{}].spaces[{i}]", p.index());
        let Some(k) = c.cards.get(placed.card) else { continue };
        let ok = match placed.lying {
            Lying::Hidden => phase == Phase::Dumbness,
            Lying::Waiting => phase == Phase::Flip,
            // A Blue card goes to the projects as it is funded; a bomb lies fired once it acted.
            Lying::Used => {
                matches!(phase, Phase::Flip | Phase::Move | Phase::Buy)
                    && matches!(k.kind, Kind::Green | Kind::Brown)
                    && (!k.is_nuclear_bomb() || acting(placed.card) || over)
            }
            // Fired this round (to the end of the next), or last round (to the end of this one).
            Lying::Fired(until) => {
                let this = matches!(phase, Phase::Flip | Phase::Move | Phase::Buy | Phase::Income);
                k.is_nuclear_bomb() && (until == t.round || (this && until == t.round.saturating_add(1)))
            }
        };
        if !ok {
            return Err(bad(path, format!("{} cannot lie {:?} in phase {}", k.name, placed.lying, phase.name())));
        }
        if i == RIGHT && !seat.goal_done {
            return Err(bad(path, "the right card space opens with the First Goal (WD-GOAL-1)"));
        }
        let peace_ok = !placed.peace
            || (k.is_nuclear_bomb()
                && matches!(placed.lying, Lying::Hidden | Lying::Waiting)
                && seat.target == Some(Token::Peace));
        if !peace_ok {
            return Err(bad(path, "a disarmament is a Nuclear Bomb placed with the Peace target (WD-PEACE-1)"));
        }
        // WD-LEAD-2: a track at 3 or less has discarded the left card (one acting finishes first).
        if i == LEFT && (seat.ego <= 3 || seat.popularity <= 3) && !acting(placed.card) && !over {
            return Err(bad(path, "with Ego or Popularity at 3 or less the left card space is empty (WD-LEAD-2)"));
        }
    }
    Ok(())
}

/// WD-END-1..4, WD-ELIM-4: how the game stands towards its end.
fn end(c: &Content, t: &Table) -> Result<(), StateError> {
    let in_game = t.seats.values().filter(|s| s.in_game()).count();
    let filled = t.peace.iter().all(Option::is_some);
    let start_vp = if c.short { 5 } else { 0 };
    let reached = t.seats.values().any(|s| s.vp >= c.end_vp && s.vp > start_vp);
    match t.last_round {
        None if reached => {
            return Err(bad("last_round", format!("a player has {} VP: the last round is set (WD-END-1)", c.end_vp)));
        }
        Some(_) if !reached => {
            return Err(bad("last_round", format!("nobody has reached {} VP (WD-END-1)", c.end_vp)));
        }
        Some(l) if l < t.round || l > t.round.saturating_add(1) => {
            return Err(bad("last_round", "the last round is the one after the goal was reached (WD-END-1)"));
        }
        _ => {}
    }
    let over_ok = match t.over {
        None => !filled && in_game >= 2,
        Some(Ending::WorldPeace) => filled,
        Some(Ending::LastLeader) => in_game == 1,
        Some(Ending::Points) => t.last_round == Some(t.round) && t.phase() == Phase::Income,
        Some(Ending::RoundCap) => t.round == c.round_cap && t.phase() == Phase::Income,
    };
    if !over_ok {
        let why = match t.over {
            None if filled => "the fourth peace spot is filled: the game is over (WD-END-2)",
            None => "one leader is left: the game is over (WD-ELIM-4)",
            Some(Ending::WorldPeace) => "World Peace needs all four peace spots (WD-END-2)",
            Some(Ending::LastLeader) => "the last leader is alone in the game (WD-ELIM-4)",
            Some(Ending::Points) => "the game ends after phase 7 of the last round (WD-END-1)",
            Some(Ending::RoundCap) => "the round cap ends the game after phase 7 of its last round (WD-END-3)",
        };
        return Err(bad("over", why));
    }
    Ok(())
}
