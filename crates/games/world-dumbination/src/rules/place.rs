//! Phase 2 (WD-PLACE, WD-DEC-3): the hand-limit discards, then each player's secret, simultaneous
//! choice of the cards for the left and right card spaces and the target token, step by step, every
//! step keeping a valid finish possible. The choices are the kit's `Secret` (the table's
//! `placements`): open while a player places, made at `done`, laid face down when all are made.

use worlds_engine::{EventSink, Player, Visibility};

use crate::action::Action;
use crate::card::{CardNo, Kind};
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::event::Event;
use crate::need;
use crate::state::{LEFT, Lying, Phase, Placed, Placement, Placing, RIGHT, Table, Token};

/// WD-CARD-9: the first player in order holding more cards than their limit.
pub fn discarding(c: &Content, t: &Table) -> Option<Player> {
    t.in_order().find(|&p| t.seats[p].hand.len() > ctx::hand_limit(c, &t.seats[p]))
}

/// Phase 2 begins: everyone in the game is to place (`flow::advance` then settles the first steps,
/// once the hand-limit discards are done).
pub fn begin(t: &mut Table) {
    t.open_placements(t.in_game());
}

/// WD-PLACE-2, WD-PLACE-4, WD-PLACE-5, WD-PEACE-1: phase 2 is over: every choice is laid on its
/// leaderboard, the cards face down on the card spaces (a bomb aimed at Peace a disarmament), the
/// First Goal flip face down and the target on the spot.
pub fn lay(c: &Content, t: &mut Table) {
    for p in Player::all(t.seats.len()) {
        let Some(pl) = t.placements.take(p) else { continue };
        let target = aim(t, p, pl);
        let seat = &mut t.seats[p];
        for (space, card) in seat.spaces.iter_mut().zip(pl.cards) {
            if let Some(card) = card {
                *space = Some(face_down(c, card, target));
            }
        }
        if pl.flip {
            seat.goal_flip = Some(Lying::Hidden);
        }
        if let Some(tok) = pl.target {
            seat.target = Some(tok);
            seat.target_turned = false;
        }
    }
}

/// A card laid face down on a card space with the target it goes with: a Nuclear Bomb aimed at
/// Peace is a disarmament (WD-PEACE-1).
pub fn face_down(c: &Content, card: CardNo, target: Option<Token>) -> Placed {
    let bomb = c.cards.get(card).is_some_and(|k| k.is_nuclear_bomb());
    Placed { card, lying: Lying::Hidden, peace: target == Some(Token::Peace) && bomb }
}

/// The target `p`'s choice goes with: the one chosen, or the one Ego 10 keeps on the spot.
pub fn aim(t: &Table, p: Player, pl: Placement) -> Option<Token> {
    pl.target.or_else(|| t.seats[p].target.filter(|_| locked(t, p)))
}

/// WD-RULING-2: moves every player past the steps where they have nothing to choose (a blocked or
/// taken card space, a locked target): the choice stays theirs; only what cannot be chosen is
/// skipped. `flow::advance` runs it once the hand-limit discards are done, and after every step.
pub fn settle(c: &Content, t: &mut Table) {
    for p in Player::all(t.seats.len()) {
        loop {
            let stage = t.placing(p);
            let skip = match stage {
                Placing::Left | Placing::Right => !has_choice(c, t, p),
                Placing::Target => locked(t, p),
                Placing::Confirm | Placing::Finished => false,
            };
            if !skip {
                break;
            }
            if let Some(pl) = t.placements.draft_mut(p) {
                pl.step = next(stage);
            }
        }
    }
}

/// WD-LEAD-3: a player with Ego 10 keeps the token on the spot.
pub fn locked(t: &Table, p: Player) -> bool {
    t.seats[p].ego >= 10 && t.seats[p].target.is_some()
}

fn has_choice(c: &Content, t: &Table, p: Player) -> bool {
    let mut any = false;
    options(c, t, p, &mut |_| any = true);
    any
}

/// The step after `stage`.
fn next(stage: Placing) -> Placing {
    match stage {
        Placing::Left => Placing::Right,
        Placing::Right => Placing::Target,
        _ => Placing::Confirm,
    }
}

/// WD-PLACE-6, WD-PLACE-7, WD-PEACE-3: whether a choice is valid with a target.
fn valid(c: &Content, t: &Table, map: &Map, p: Player, ch: Placement, target: Token) -> bool {
    let seat = &t.seats[p];
    let two = t.seats.len() == 2;
    let mut cost = 0u16;
    let mut bombs = 0usize;
    for card in ch.cards.into_iter().flatten() {
        let Some(k) = c.cards.get(card) else { return false };
        if k.is_nuclear_bomb() && target == Token::Peace {
            bombs += 1;
            continue;
        }
        if k.kind == Kind::Brown && target == Token::Peace && !two {
            return false;
        }
        if !need::met(c, t, map, p, k) {
            return false;
        }
        cost += need::cost(t, k);
    }
    if bombs > 0 {
        if usize::from(seat.markers) < bombs {
            return false;
        }
        match need::peace_cost(t, bombs) {
            Some(n) => cost += n,
            None => return false,
        }
    }
    if ch.flip {
        match seat.goal.and_then(|g| c.cards.get(g)).and_then(|goal| need::price(c, t, map, p, goal, true)) {
            Some(n) => cost += n,
            None => return false,
        }
    }
    cost <= seat.resources
}

/// The targets a player may still choose (WD-LEAD-3: only the locked one while locked).
fn targets(t: &Table, p: Player, f: &mut impl FnMut(Token)) {
    if locked(t, p) {
        if let Some(tok) = t.seats[p].target {
            f(tok);
        }
        return;
    }
    for tok in ctx::tokens(t, p) {
        f(tok);
    }
}

fn finishable(c: &Content, t: &Table, map: &Map, p: Player, ch: Placement) -> bool {
    let mut ok = false;
    targets(t, p, &mut |tok| ok = ok || valid(c, t, map, p, ch, tok));
    ok
}

/// WD-INFO-4, WD-DEC-3: whether `p`'s secret choice of phase 2 so far is one they could have
/// made: every step kept a valid finish possible, and a chosen target suits every card placed
/// (outside phase 2 there is nothing to check: the flip judges the cards).
pub fn consistent(c: &Content, t: &Table, p: Player) -> bool {
    let seat = &t.seats[p];
    if t.phase() != Phase::Place || !seat.in_game() {
        return true;
    }
    let map = Map::new(c, t);
    let ch = t.placement(p);
    match t.placing(p) {
        Placing::Left => true,
        Placing::Right | Placing::Target => finishable(c, t, &map, p, ch),
        Placing::Confirm | Placing::Finished => aim(t, p, ch).is_some_and(|tok| valid(c, t, &map, p, ch, tok)),
    }
}

/// WD-PLACE-6: whether `card` alone could be placed by `p` now (its need, its cost, a target that
/// suits it), whichever space it goes on.
pub fn fits(c: &Content, t: &Table, map: &Map, p: Player, card: CardNo) -> bool {
    let mut ch = Placement::default();
    ch.cards[LEFT] = Some(card);
    finishable(c, t, map, p, ch)
}

/// WD-VIEW-4: whether `card` could go on one of `p`'s open card spaces now.
pub fn placeable(c: &Content, t: &Table, map: &Map, p: Player, card: CardNo) -> bool {
    (left_open(t, p) || right_open(t, p)) && fits(c, t, map, p, card)
}

/// Whether the left card space takes a card from hand now (WD-PLACE-2, WD-PLACE-3, WD-GOAL-1).
pub fn left_open(t: &Table, p: Player) -> bool {
    let seat = &t.seats[p];
    seat.ego > 3 && seat.popularity > 3 && seat.spaces[LEFT].is_none()
}

pub fn right_open(t: &Table, p: Player) -> bool {
    let seat = &t.seats[p];
    seat.goal_done && seat.spaces[RIGHT].is_none()
}

/// The real options at the player's current step (not the "nothing" or `done` ones).
fn options(c: &Content, t: &Table, p: Player, f: &mut impl FnMut(Action)) {
    let seat = &t.seats[p];
    let map = Map::new(c, t);
    let ch = t.placement(p);
    let stage = t.placing(p);
    match stage {
        Placing::Left | Placing::Right => {
            let i = if stage == Placing::Left { LEFT } else { RIGHT };
            let open = if i == LEFT { left_open(t, p) } else { right_open(t, p) };
            // WD-PLACE-3: before the First Goal is done, a blocked left space means no card at all.
            if open && (seat.goal_done || i == LEFT) {
                for card in seat.hand.iter() {
                    let mut next = ch;
                    next.cards[i] = Some(card);
                    if finishable(c, t, &map, p, next) {
                        f(Action::Card(card));
                    }
                }
            }
            // WD-PLACE-4, WD-GOAL-2: the First Goal flip, from round 2.
            if i == RIGHT && !seat.goal_done && seat.goal.is_some() && t.round >= 2 {
                let mut next = ch;
                next.flip = true;
                if finishable(c, t, &map, p, next) {
                    f(Action::FlipGoal);
                }
            }
        }
        Placing::Target => targets(t, p, &mut |tok| {
            if valid(c, t, &map, p, ch, tok) {
                f(Action::Target(tok));
            }
        }),
        Placing::Confirm | Placing::Finished => {}
    }
}

/// The legal actions of a player in phase 2.
pub fn legal(c: &Content, t: &Table, p: Player, out: &mut Vec<Action>) {
    match t.placing(p) {
        Placing::Left | Placing::Right => {
            options(c, t, p, &mut |a| out.push(a));
            out.push(Action::Nothing);
        }
        Placing::Target => options(c, t, p, &mut |a| out.push(a)),
        Placing::Confirm => out.push(Action::Done),
        Placing::Finished => {}
    }
}

/// Applies a legal step of phase 2: a card leaves the hand for the choice as it is chosen.
pub fn apply(t: &mut Table, p: Player, action: Action, events: &mut impl EventSink<Event>) {
    let me = Visibility::only(p);
    let Some(pl) = t.placements.draft_mut(p) else { return };
    match (pl.step, action) {
        (Placing::Left | Placing::Right, Action::Card(card)) => {
            let i = if pl.step == Placing::Left { LEFT } else { RIGHT };
            pl.cards[i] = Some(card);
            t.seats[p].hand.remove(card);
            events.emit(me, Event::Placed { player: p, card, right: i == RIGHT });
        }
        (Placing::Right, Action::FlipGoal) => {
            pl.flip = true;
            events.emit(me, Event::FlipChosen { player: p });
        }
        (Placing::Target, Action::Target(tok)) => {
            pl.target = Some(tok);
            events.emit(me, Event::TargetChosen { player: p, token: tok });
        }
        (Placing::Confirm, Action::Done) => {
            t.placements.finish(p);
            events.emit(Visibility::PUBLIC, Event::Finished { player: p });
            return;
        }
        _ => {}
    }
    if let Some(pl) = t.placements.draft_mut(p) {
        pl.step = next(pl.step);
    }
}
