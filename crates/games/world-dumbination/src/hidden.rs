//! Hidden information (WD-INFO-2, WD-INFO-4): determinization for the bots and the secrets the leak
//! test looks for.

use arrayvec::ArrayVec;
use worlds_engine::{Chance, Player, Viewer};

use crate::card::CardNo;
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::place;
use crate::state::{CardSet, LEFT, Lying, Phase, Placement, Placing, RIGHT, State, Table, Token};

/// The cards of `set` of a level (0 or 1).
fn level_of(c: &Content, set: CardSet, l: usize) -> CardSet {
    set.iter().filter(|&k| ctx::level(c, k) == Some(l)).collect()
}

/// How many times a player's secret choice is drawn again before their real one is kept.
const TRIES: usize = 12;

/// WD-INFO-4 (Part 1), WD-RULING-1: others' hands (keeping how many cards of each level each holds), their
/// face-down cards, First Goal flips and unturned target tokens (drawn together, so that in phase 2
/// the choice so far is one they could have made, WD-DEC-3, and elsewhere each card one whose need
/// its player meets), the decks, and others' kept First Goals (one of their nation's two until
/// completed).
pub fn determinize(c: &Content, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
    let mut d = s.clone();
    let t = &mut d.t;
    // The Dumbness cards in the decks and face down on the board are dealt again first (they
    // never enter a hand); the rest of each deck is pooled with others' hands.
    let dumbness = dumbness_in_decks(c, t, rng);
    let mut pool = [level_of(c, t.decks[0], 0), level_of(c, t.decks[1], 1)];
    // Others' face-down cards, each kept out of reach until its player is dealt again (a player
    // may keep their real choice, see `choose_again`).
    let mut reserved = CardSet::EMPTY;
    for p in Player::all(t.seats.len()).filter(|&p| p != viewer) {
        for (l, set) in pool.iter_mut().enumerate() {
            *set = set.union(level_of(c, t.seats[p].hand, l));
        }
        reserved = reserved.union(face_down(t, p));
    }
    for (l, set) in pool.iter_mut().enumerate() {
        *set = set.union(level_of(c, reserved, l));
    }
    for p in Player::all(t.seats.len()) {
        if p == viewer {
            continue;
        }
        let mine = face_down(t, p);
        let blocked = reserved.minus(mine);
        let held = [pool[0].intersect(blocked), pool[1].intersect(blocked)];
        pool = [pool[0].minus(blocked), pool[1].minus(blocked)];
        choose_again(c, s, t, p, &mut pool, rng);
        let hand = t.seats[p].hand;
        let mut dealt = CardSet::EMPTY;
        for (l, set) in pool.iter_mut().enumerate() {
            for _ in 0..level_of(c, hand, l).len() {
                if let Some(k) = set.draw(rng) {
                    dealt.insert(k);
                }
            }
        }
        t.seats[p].hand = dealt;
        pool = [pool[0].union(held[0]), pool[1].union(held[1])];
        reserved = reserved.minus(mine);
    }
    t.decks = [pool[0].union(dumbness[0]), pool[1].union(dumbness[1])];
    hidden_units(c, t, viewer, rng);
    d
}

/// What `p` keeps face down, as a choice of phase 2: in phase 2 their choice so far (the kit's
/// `Secret`) with the target it goes with; from its end the cards face down on their card spaces,
/// the First Goal flip face down and their target while it is unturned.
fn hidden_of(t: &Table, p: Player) -> Placement {
    let seat = &t.seats[p];
    let mut pl = if t.phase() == Phase::Place {
        let pl = t.placement(p);
        Placement { target: place::aim(t, p, pl), ..pl }
    } else {
        let mut pl = Placement { target: seat.target, ..Placement::default() };
        for i in [LEFT, RIGHT] {
            pl.cards[i] = seat.spaces[i].filter(|x| x.lying == Lying::Hidden).map(|x| x.card);
        }
        pl.flip = seat.goal_flip == Some(Lying::Hidden);
        pl
    };
    if seat.target_turned {
        pl.target = None;
    }
    pl
}

/// Puts a choice drawn again (see [`hidden_of`]) where `p`'s real one was.
fn set_hidden(c: &Content, t: &mut Table, p: Player, drawn: Placement) {
    if t.phase() == Phase::Place {
        let mut pl = t.placement(p);
        pl.cards = drawn.cards;
        pl.flip = drawn.flip;
        if pl.target.is_some() {
            pl.target = drawn.target;
        } else if drawn.target.is_some() {
            // An unturned target Ego 10 keeps on the spot (WD-LEAD-3).
            t.seats[p].target = drawn.target;
        }
        if let Some(d) = t.placements.draft_mut(p) {
            *d = pl;
        } else if t.placements.has_chosen(p) {
            t.placements.commit(p, pl);
        }
        return;
    }
    let seat = &mut t.seats[p];
    if drawn.target.is_some() {
        seat.target = drawn.target;
    }
    for (space, card) in seat.spaces.iter_mut().zip(drawn.cards) {
        if let (Some(placed), Some(card)) = (space.as_mut(), card) {
            *placed = place::face_down(c, card, seat.target);
        }
    }
    if seat.goal_flip.is_none() || seat.goal_flip == Some(Lying::Hidden) {
        seat.goal_flip = drawn.flip.then_some(Lying::Hidden);
    }
}

/// The cards `p` keeps face down.
fn face_down(t: &Table, p: Player) -> CardSet {
    hidden_of(t, p).cards.into_iter().flatten().collect()
}

/// Draws again what `p` keeps secret on their leaderboard: the kept First Goal, the face-down
/// cards (from `pool`, by the level their backs show), the First Goal flip and an unturned target;
/// a draw that `p` could not have chosen is put back, and after [`TRIES`] the real one stays.
fn choose_again(c: &Content, s: &State, t: &mut Table, p: Player, pool: &mut [CardSet; 2], rng: &mut impl Chance) {
    let real = hidden_of(t, p);
    let real_goal = t.seats[p].goal;
    let map = Map::new(c, &s.t);
    let in_place = t.phase() == Phase::Place;
    let seat = &t.seats[p];
    let new_goal = seat.goal.is_some() && !seat.goal_done && !seat.goal_shown;
    // Whether they flip their First Goal is chosen once their right card space's step is behind
    // them (WD-PLACE-4).
    let past_right = if in_place {
        matches!(t.placing(p), Placing::Target | Placing::Confirm | Placing::Finished)
    } else {
        t.phase() == Phase::Dumbness
    };
    let new_flip = past_right
        && seat.in_game()
        && !seat.goal_done
        && seat.goal.is_some()
        && t.round >= 2
        && matches!(seat.goal_flip, None | Some(Lying::Hidden));
    let new_target = real.target.is_some();
    for _ in 0..TRIES {
        let mut pl = real;
        let mut drawn: ArrayVec<(usize, CardNo), 2> = ArrayVec::new();
        let mut whole = true;
        for i in [LEFT, RIGHT] {
            let Some(l) = real.cards[i].and_then(|k| ctx::level(c, k)) else { continue };
            match pool[l].draw(rng) {
                Some(k) => {
                    drawn.push((l, k));
                    pl.cards[i] = Some(k);
                }
                None => whole = false,
            }
        }
        if new_goal {
            let goals = c.cards.first_goals(t.seats[p].nation);
            t.seats[p].goal = Some(goals[rng.pick(2) as usize]);
        }
        if new_flip {
            pl.flip = rng.pick(2) == 1;
        }
        if new_target {
            let options: ArrayVec<Token, 6> = ctx::tokens(t, p).collect();
            if let Some(&tok) = options.get(rng.pick(options.len() as u32) as usize) {
                pl.target = Some(tok);
            }
        }
        set_hidden(c, t, p, pl);
        let could = if in_place {
            place::consistent(c, t, p)
        } else {
            drawn.iter().all(|&(_, k)| place::fits(c, &s.t, &map, p, k))
        };
        if whole && could {
            return;
        }
        for (l, k) in drawn {
            pool[l].insert(k);
        }
    }
    // Nothing drawn fits: the real choice is one they could make.
    for k in real.cards.into_iter().flatten() {
        if let Some(l) = ctx::level(c, k) {
            pool[l].remove(k);
        }
    }
    set_hidden(c, t, p, real);
    t.seats[p].goal = real_goal;
}

/// WD-INFO-4: which Dumbness cards are in each deck and which lie face down from it. Nobody has
/// seen them, so every viewer samples alike: the marked cards are in their decks (WD-SETUP-10);
/// the rest of each deck's public count comes from the unmarked cards nobody has seen. Returns the
/// Dumbness cards now in each deck (and sets the face-down ones).
fn dumbness_in_decks(c: &Content, t: &mut Table, rng: &mut impl Chance) -> [CardSet; 2] {
    let d = &t.dumb;
    let mut seen = d.up.union(d.spent).union(d.gone);
    for seat in t.seats.values() {
        seen = seen.union(seat.projects);
    }
    let mut unmarked = CardSet::EMPTY;
    let mut marked = [CardSet::EMPTY; 2];
    for card in c.cards.deck(crate::card::Deck::Dumbness).filter(|k| !seen.contains(k.number)) {
        match card.back.and_then(crate::card::Deck::level) {
            Some(l) => marked[l].insert(card.number),
            None => unmarked.insert(card.number),
        };
    }
    let mut out = [CardSet::EMPTY; 2];
    for l in 0..2 {
        let in_deck = t.decks[l].iter().filter(|&k| crate::dumb::is_dumbness(c, k)).count() as u32;
        let down = t.dumb.down[l].len();
        // The marked cards are in the game whenever Dumbness cards are (not in the serious game).
        let mut cards = if t.dumb.added[l] > 0 { marked[l] } else { CardSet::EMPTY };
        while cards.len() < in_deck + down {
            let Some(k) = unmarked.draw(rng) else { break };
            cards.insert(k);
        }
        let mut face_down = CardSet::EMPTY;
        for _ in 0..down {
            if let Some(k) = cards.draw(rng) {
                face_down.insert(k);
            }
        }
        t.dumb.down[l] = face_down;
        out[l] = cards;
    }
    out
}

/// WD-INFO-4: another player's unit on a hidden move stands on one of the spaces it could have
/// reached from where it left.
fn hidden_units(c: &Content, t: &mut Table, viewer: Player, rng: &mut impl Chance) {
    for p in Player::all(t.seats.len()) {
        let Some((u, from)) = t.seats[p].hidden.filter(|_| p != viewer) else { continue };
        let map = Map::new(c, t);
        let seat = &t.seats[p];
        let m = ctx::mods(c, seat);
        let reach = crate::military::hidden_reach(c, t, &map, (p, m), from, ctx::movement(t, seat, m));
        if let Some(s) = reach.get(rng.pick(reach.len() as u32) as usize) {
            t.seats[p].units[usize::from(u)].at = *s;
        }
    }
}

/// WD-INFO-2: for the leak test, the numbers (as JSON writes them) of every card `viewer` may not
/// see (others' hands, face-down cards and kept First Goals), and their names where the name is
/// the card's alone (and no other name holds it).
pub fn secrets(c: &Content, s: &State, viewer: Viewer) -> Vec<String> {
    let t = &s.t;
    let me = viewer.player();
    let mut hidden = CardSet::EMPTY;
    for (p, seat) in t.seats.iter() {
        if Some(p) == me {
            continue;
        }
        let face_down = seat.spaces.iter().flatten().filter(|x| x.lying == Lying::Hidden);
        hidden = hidden.union(seat.hand).union(face_down.map(|x| x.card).collect());
        // WD-DEC-3: the cards of a choice of phase 2 are the kit's `Secret`'s to hide.
        if let Some((_, pl)) = t.placements.hidden_from(viewer).find(|&(q, _)| q == p) {
            hidden = hidden.union(pl.cards.into_iter().flatten().collect());
        }
        if let Some(g) = seat.goal.filter(|_| !seat.goal_done && !seat.goal_shown) {
            hidden.insert(g);
        }
    }
    // WD-DRAW-2: face-down Dumbness cards are nobody's to see.
    hidden = hidden.union(t.dumb.down[0]).union(t.dumb.down[1]);
    let mut out = Vec::new();
    for k in hidden.iter() {
        out.push(format!("\"number\":{k},"));
        out.push(format!("\"card\":{k},"));
        out.push(format!("\"card\":{k}}}"));
        // A name is a secret only if no other card's name holds it ("Propaganda" is in "Propaganda
        // Film Studio").
        if let Some(card) = c.cards.get(k)
            && c.cards.all().iter().filter(|x| x.name.contains(&card.name) || x.id.contains(&card.id)).count() == 1
            && !c.cards.all().iter().any(|x| x.link.iter().any(|l| l.contains(&card.name)))
        {
            out.push(card.name.clone());
            out.push(card.id.clone());
        }
    }
    out
}

/// The hand size `p` shows a viewer (WD-PLACE-1, WD-DEC-3, WD-INFO-1): while phase 2 lasts, a card
/// chosen for a card space still counts in the hand for everyone but its owner, since the card
/// spaces show nothing of a choice in progress either; the count drops for all when phase 2 is over.
pub fn hand_seen(t: &Table, p: Player, mine: bool) -> u32 {
    let chosen = if mine { 0 } else { t.placement(p).cards.iter().flatten().count() as u32 };
    t.seats[p].hand.len() + chosen
}
