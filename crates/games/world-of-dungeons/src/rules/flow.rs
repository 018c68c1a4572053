//! The rules of play on the engine's flow kit: setup (WOD-SETUP-*), the turn (WOD-TURN-1) with
//! its phases at the bottom of the step stack, response windows as priority rounds over the
//! response stack (WOD-RESP-*), and the end of the turn and of the game (WOD-WIN-*, WOD-END-*).

use arrayvec::ArrayVec;
use worlds_engine::cards::CardSet;
use worlds_engine::flow::{Each, Round, Stack};
use worlds_engine::{ByPlayer, Chance, EventSink, Player, PlayerSet, Turn};

use crate::action::Action;
use crate::content::{Content, VP_TO_WIN};
use crate::ctx::Ctx;
use crate::effects;
use crate::event::{Event, Target};
use crate::legal::turn;
use crate::state::{
    Deck, Declared, Ending, Fate, Item, Phase, Picked, Played, Seat, Standing, State, Step, Table, Used,
};
use crate::values::Values;
use crate::vocab::{GamerType, Row};

/// WOD-SETUP-1 to WOD-SETUP-4: a new game.
pub fn start<R: Chance, E: EventSink<Event>>(c: &Content, players: usize, rng: &mut R, ev: &mut E) -> State {
    let mut t = Table {
        turn: 1,
        active: Player::default(),
        dungeon_deck: Deck { unseen: CardSet::<1>::from_bits(c.all_dungeons()), bottom: ArrayVec::new() },
        forum_deck: Deck { unseen: CardSet::<1>::from_bits(c.all_gamers()), bottom: ArrayVec::new() },
        loot_deck: CardSet::<2>::from_bits(c.all_loot()),
        dungeon_row: ArrayVec::new(),
        forum_row: ArrayVec::new(),
        forum_discard: CardSet::EMPTY,
        loot_discard: CardSet::EMPTY,
        patch: ArrayVec::new(),
        seats: ByPlayer::from_fn(players.min(5), |_| Seat::default()),
        played: ArrayVec::new(),
        pending: ArrayVec::new(),
        raid: ArrayVec::new(),
        used: Used::default(),
        steps: Stack::with(Step::Phase(Phase::Kick)),
        over: None,
    };
    // WOD-SETUP-2: the first player.
    t.active = c.first.unwrap_or_else(|| Player::from_index(rng.pick(players as u32) as usize));
    let mut cx = Ctx { c, t: &mut t, rng, ev };
    // WOD-SETUP-3: two Forum cards, then two Dungeon cards; a Troll stays in the row.
    for row in [Row::Forum, Row::Forum, Row::Dungeon, Row::Dungeon] {
        if let Some(card) = cx.draw_row_card(row) {
            cx.enter_row(row, card);
        }
    }
    // WOD-SETUP-4: one Loot card each, clockwise from the first player; Patch Notes go into force
    // and their drawer draws again.
    for p in cx.t.active.clockwise_from(players) {
        while cx.t.seats[p].hand.bits() == 0 && cx.t.loot_deck.bits() != 0 {
            cx.draw_loot(p, 1);
        }
    }
    begin_turn(&mut cx);
    cx.trim_rows();
    State { t }
}

/// The seats that pass without being asked (WOD-RESP-9, WOD-RESP-10): an empty hand or a standing
/// pass.
fn auto_passers(t: &Table) -> PlayerSet {
    t.seats.iter().filter(|(_, s)| s.hand.bits() == 0 || s.standing != Standing::None).map(|(p, _)| p).collect()
}

impl<R: Chance, E: EventSink<Event>> Ctx<'_, R, E> {
    /// WOD-RESP-1, WOD-RESP-3: opens a window over what was just put on the response stack,
    /// priority first to `first`.
    fn open_window(&mut self, first: Player) {
        let round = Round::new(first, PlayerSet::first_n(self.players()));
        self.t.steps.push(Step::Window(round));
        self.skip_auto();
    }

    /// Passes for the seats that pass without being asked; closes the window when all have.
    fn skip_auto(&mut self) {
        let auto = auto_passers(self.t);
        if let Some(Step::Window(round)) = self.t.steps.top_mut()
            && round.skip(auto)
        {
            self.t.steps.pop();
            self.resolve_stack();
        }
    }

    /// WOD-RESP-6: resolves the response stack last in, first out; no window opens meanwhile.
    fn resolve_stack(&mut self) {
        while let Some(item) = self.t.pending.pop() {
            match item {
                Item::Card { played } => {
                    if let Some(pc) = effects::resolve(self, usize::from(played), 0, None) {
                        self.t.steps.push(Step::Resolve { played, pc });
                        return;
                    }
                }
                Item::Recruit { gamer, troll, cancelled } => self.resolve_recruit(gamer, troll, cancelled),
                Item::Kick { gamer } => self.resolve_kick(gamer),
                Item::Stash { card } => {
                    // WOD-STASH-1, WOD-STASH-2: into the Guild Stash for the rest of the game.
                    let p = self.t.active;
                    self.t.seats[p].stash.insert(card);
                    self.emit(Event::StashPlayed { player: p, card });
                }
                Item::Declare => self.next_raid_step(),
                Item::Roll { at, face } => {
                    if self.settle(at, face) {
                        self.next_raid_step();
                    } else if !matches!(self.t.steps.top(), Some(Step::SkullDiscard { .. })) {
                        self.end_dungeon_phase();
                        return;
                    }
                }
                Item::Claim { loot } => {
                    self.claim(loot);
                    self.end_dungeon_phase();
                    return;
                }
            }
        }
        // WOD-RAID-12: an emptied party fails once the stack is empty.
        if self.empty_party() && matches!(self.t.steps.top(), Some(Step::Phase(Phase::NextRaid | Phase::Claim))) {
            self.fail();
            self.end_dungeon_phase();
        }
    }

    /// WOD-RECRUIT-1, WOD-POP-4: a waiting recruit takes effect (or not).
    fn resolve_recruit(&mut self, gamer: u8, troll: bool, cancelled: bool) {
        let p = self.t.active;
        if cancelled {
            self.emit(Event::RecruitCancelled { player: p, gamer });
            if troll {
                self.enter_row(Row::Forum, gamer);
            }
            return;
        }
        if troll {
            self.t.used.troll_joined = true;
            self.join(p, gamer);
        } else if let Some(i) = self.t.forum_row.iter().position(|&g| g == gamer) {
            self.t.forum_row.remove(i);
            self.join(p, gamer);
        } else {
            self.emit(Event::RecruitGone { player: p, gamer });
        }
    }

    /// WOD-KICK-1, WOD-KICK-4: a waiting kick takes effect, unless its gamer has left the guild.
    fn resolve_kick(&mut self, gamer: u8) {
        let p = self.t.active;
        match self.find_member(p, gamer) {
            Some(m) => self.discard_member(p, m, "kicked"),
            None => self.emit(Event::KickGone { player: p, gamer }),
        }
    }

    /// WOD-TURN-1: the start of a turn, phase 1 (WOD-POP-1 to WOD-POP-5).
    fn populate(&mut self) {
        let p = self.t.active;
        if let Some(d) = self.draw_row_card(Row::Dungeon) {
            self.enter_row(Row::Dungeon, d);
        }
        let Some(g) = self.draw_row_card(Row::Forum) else { return };
        if self.c.gamer(g).ty == GamerType::Troll {
            // WOD-POP-4: the Troll must join; it is a recruit for windows (WOD-RESP-1), and
            // priority starts after the active player (WOD-RESP-3).
            self.emit(Event::TrollArrives { player: p, gamer: g });
            self.t.pending.push(Item::Recruit { gamer: g, troll: true, cancelled: false });
            self.open_window(p.next(self.players()));
        } else {
            self.enter_row(Row::Forum, g);
        }
    }

    /// WOD-WIN-1, then WOD-HAND-1, then WOD-END-1.
    fn end_dungeon_phase(&mut self) {
        let v = self.values();
        let vp_win = Player::all(self.players()).any(|p| v.vp(p) >= VP_TO_WIN);
        let empty = self.t.dungeon_deck.is_empty() || self.t.forum_deck.is_empty() || self.t.loot_deck.bits() == 0;
        if vp_win || empty {
            let ending = if vp_win { Ending::Vp } else { Ending::EmptyDeck };
            self.game_over(ending);
            return;
        }
        self.start_hand_limit();
    }

    fn game_over(&mut self, ending: Ending) {
        self.t.over = Some(ending);
        self.t.steps.clear();
        self.t.pending.clear();
        self.emit(Event::GameOver { ending });
    }

    /// How many cards a player must discard at the hand limit.
    fn over_limit(&self, p: Player) -> u8 {
        let v = self.values();
        let hand = self.t.seats[p].hand.len() as i32;
        (hand - v.hand_limit(p)).clamp(0, 255) as u8
    }

    /// WOD-HAND-1: players over their hand limit discard, clockwise from the active player.
    fn start_hand_limit(&mut self) {
        let n = self.players();
        let from = self.t.active;
        let counts = ByPlayer::from_fn(n, |p| self.over_limit(p));
        match Each::first(from, n, PlayerSet::first_n(n), |p| counts[p]) {
            Some(each) => {
                self.t.steps.push(Step::HandLimit(each));
            }
            None => self.end_turn(),
        }
    }

    /// WOD-END-1, WOD-END-2: the end of the turn, then the next turn.
    fn end_turn(&mut self) {
        let p = self.t.active;
        // Burn-out.
        let mut m = 0;
        while m < self.t.seats[p].guild.len() {
            let v = self.values();
            let burnt = v.burnout(p, m).is_some_and(|n| i32::from(self.t.seats[p].guild[m].raids) >= n);
            if burnt {
                self.discard_member(p, m, "burn-out");
            } else {
                m += 1;
            }
        }
        // Effect cards of the turn to the Loot discard pile (WOD-EFFECT-4); their changes lapse.
        for played in std::mem::take(&mut self.t.played) {
            if played.fate != Fate::Detached {
                self.t.loot_discard.insert(played.card);
            }
        }
        for seat in self.t.seats.values_mut() {
            for member in seat.guild.iter_mut() {
                member.joined = false;
                member.afk = false;
                member.party = None;
            }
            if seat.standing == Standing::Turn {
                seat.standing = Standing::None;
            }
        }
        self.t.raid.clear();
        self.t.pending.clear();
        self.t.used = Used::default();
        if self.t.turn >= self.c.turn_cap {
            self.game_over(Ending::TurnCap);
            return;
        }
        // Below the cap (checked above), so the count never wraps.
        self.t.turn = self.t.turn.saturating_add(1);
        self.t.active = p.next(self.players());
        begin_turn(self);
    }
}

/// A turn starts: standing passes until this turn clear (WOD-RESP-10), then Populate.
fn begin_turn<R: Chance, E: EventSink<Event>>(cx: &mut Ctx<'_, R, E>) {
    let p = cx.t.active;
    if cx.t.seats[p].standing == Standing::UntilMyTurn {
        cx.t.seats[p].standing = Standing::None;
    }
    cx.t.steps = Stack::with(Step::Phase(Phase::Kick));
    cx.emit(Event::TurnStarted { turn: cx.t.turn, player: p });
    cx.populate();
}

/// Applies a legal action.
pub fn apply<R: Chance, E: EventSink<Event>>(c: &Content, state: &mut State, action: Action, rng: &mut R, ev: &mut E) {
    let mut cx = Ctx { c, t: &mut state.t, rng, ev };
    act(&mut cx, action);
    cx.trim_rows();
}

fn act<R: Chance, E: EventSink<Event>>(cx: &mut Ctx<'_, R, E>, action: Action) {
    let c = cx.c;
    let Turn::Decide(p) = turn(cx.t) else { return };
    let Some(top) = cx.t.steps.top().copied() else { return };
    match (top, action) {
        (_, Action::Play(def)) => play(cx, p, def),
        (Step::Window(_), pass) => {
            let standing = match pass {
                Action::PassTurn => Standing::Turn,
                Action::PassUntilMyTurn => Standing::UntilMyTurn,
                _ => Standing::None,
            };
            cx.t.seats[p].standing = standing;
            cx.emit(Event::Passed { player: p, standing });
            if let Some(Step::Window(round)) = cx.t.steps.top_mut() {
                if round.pass() {
                    cx.t.steps.pop();
                    cx.resolve_stack();
                } else {
                    cx.skip_auto();
                }
            }
        }
        (Step::Pick { played, k }, a) => {
            let pl = usize::from(played);
            let def = c.def(cx.t.played[pl].card);
            if let Some(pick) = def.picks.get(usize::from(k)) {
                effects::record(&mut cx.t.played[pl].picked, a, *pick);
                let card = cx.t.played[pl].card;
                let target = match a {
                    Action::Gamer(g) => Some(Target::Gamer(g)),
                    Action::Dungeon(d) => Some(Target::Dungeon(d)),
                    Action::Seat(s) => Some(Target::Player(s)),
                    Action::Type(t) => Some(Target::Type(t)),
                    Action::Stacked(k) => cx.t.played.get(usize::from(k)).map(|x| Target::Effect(x.card)),
                    _ => None,
                };
                if let Some(target) = target {
                    cx.emit(Event::Picked { player: p, card, target });
                }
            }
            cx.t.steps.pop();
            if usize::from(k) + 1 < def.picks.len() {
                cx.t.steps.push(Step::Pick { played, k: k.saturating_add(1) });
            } else {
                stack_card(cx, played);
            }
        }
        (Step::Resolve { played, pc }, Action::Card(def)) => {
            cx.t.steps.pop();
            if let Some(pc) = effects::resolve(cx, usize::from(played), pc, Some(def)) {
                cx.t.steps.push(Step::Resolve { played, pc });
            } else {
                cx.resolve_stack();
            }
        }
        (Step::SkullDiscard { at, left }, Action::Gamer(g)) => {
            if let Some(m) = cx.find_member(p, g) {
                cx.emit(Event::SkullDiscard { player: p, gamer: g });
                cx.discard_member(p, m, "skull");
            }
            cx.t.steps.pop();
            if left > 1 && cx.values().party_size(at) > 0 {
                cx.t.steps.push(Step::SkullDiscard { at, left: left - 1 });
            } else {
                cx.fail();
                cx.end_dungeon_phase();
            }
        }
        (Step::HandLimit(mut each), Action::Card(def)) => {
            if let Some(card) = c.copy_in(cx.t.seats[p].hand.bits(), def) {
                cx.t.seats[p].hand.remove(card);
                cx.t.loot_discard.insert(card);
                cx.emit(Event::Discarded { player: p, card });
            }
            cx.t.steps.pop();
            each.took(1);
            if each.left > 0 {
                cx.t.steps.push(Step::HandLimit(each));
            } else {
                let n = cx.players();
                let from = cx.t.active;
                let counts = ByPlayer::from_fn(n, |q| cx.over_limit(q));
                match each.next(from, n, |q| counts[q]) {
                    Some(next) => {
                        cx.t.steps.push(Step::HandLimit(next));
                    }
                    None => cx.end_turn(),
                }
            }
        }
        (Step::Phase(phase), a) => phase_action(cx, p, phase, a),
        _ => {}
    }
}

/// WOD-EFFECT-1: a card leaves the hand and is played; its picks follow, one decision each.
fn play<R: Chance, E: EventSink<Event>>(cx: &mut Ctx<'_, R, E>, p: Player, def: u8) {
    let Some(card) = cx.c.copy_in(cx.t.seats[p].hand.bits(), def) else { return };
    let entry = Played { card, player: p, picked: Picked::default(), fate: Fate::Picking };
    if cx.t.played.try_push(entry).is_err() {
        return;
    }
    cx.t.seats[p].hand.remove(card);
    cx.emit(Event::Played { player: p, card });
    let played = (cx.t.played.len() - 1) as u8;
    if cx.c.def(card).picks.is_empty() {
        stack_card(cx, played);
    } else {
        cx.t.steps.push(Step::Pick { played, k: 0 });
    }
}

/// The card, fully picked, goes on the stack: in a window, priority moves on (WOD-RESP-4);
/// outside one, it opens a window (WOD-RESP-1, WOD-RESP-8).
fn stack_card<R: Chance, E: EventSink<Event>>(cx: &mut Ctx<'_, R, E>, played: u8) {
    cx.t.played[usize::from(played)].fate = Fate::Waiting;
    cx.t.pending.push(Item::Card { played });
    if let Some(Step::Window(round)) = cx.t.steps.top_mut() {
        round.acted();
        cx.skip_auto();
    } else {
        let p = cx.t.played[usize::from(played)].player;
        cx.open_window(p.next(cx.players()));
    }
}

fn phase_action<R: Chance, E: EventSink<Event>>(cx: &mut Ctx<'_, R, E>, p: Player, phase: Phase, a: Action) {
    match (phase, a) {
        (Phase::Kick, Action::Gamer(g)) => {
            // WOD-KICK-1, WOD-RESP-1: the kick waits on the stack; the step is used.
            cx.emit(Event::Kicked { player: p, gamer: g });
            cx.set_phase(Phase::Recruit);
            cx.t.pending.push(Item::Kick { gamer: g });
            cx.open_window(p.next(cx.players()));
        }
        (Phase::Kick, Action::Skip) => {
            cx.emit(Event::Skipped { player: p, step: "kick" });
            cx.set_phase(Phase::Recruit);
        }
        (Phase::Recruit, Action::Gamer(g)) => {
            // WOD-RECRUIT-1: waits on the stack; the step is used.
            cx.emit(Event::Recruits { player: p, gamer: g });
            cx.set_phase(Phase::Stash);
            cx.t.pending.push(Item::Recruit { gamer: g, troll: false, cancelled: false });
            cx.open_window(p.next(cx.players()));
        }
        (Phase::Recruit, Action::Skip) => {
            cx.emit(Event::Skipped { player: p, step: "recruit" });
            cx.set_phase(Phase::Stash);
        }
        (Phase::Stash, Action::Card(def)) => {
            // WOD-STASH-1, WOD-RESP-1: the card leaves the hand face up and waits on the stack.
            cx.set_phase(Phase::Dungeon);
            if let Some(card) = cx.c.copy_in(cx.t.seats[p].hand.bits(), def) {
                cx.t.seats[p].hand.remove(card);
                cx.emit(Event::StashPlays { player: p, card });
                cx.t.pending.push(Item::Stash { card });
                cx.open_window(p.next(cx.players()));
            }
        }
        (Phase::Stash, Action::Skip) => {
            cx.emit(Event::Skipped { player: p, step: "stash" });
            cx.set_phase(Phase::Dungeon);
        }
        (Phase::Dungeon, Action::Grind) => {
            // WOD-GRIND-1.
            cx.emit(Event::Grinds { player: p });
            let n = cx.values().grind_draws(p);
            cx.draw_loot(p, n);
            cx.end_dungeon_phase();
        }
        (Phase::Dungeon | Phase::Declare, Action::Dungeon(d)) => {
            // WOD-RAID-1, WOD-RAID-5: committed from the first dungeon; a dungeon of the row, once.
            if !cx.t.dungeon_row.contains(&d) || cx.t.raid.iter().any(|x| x.dungeon == d) {
                return;
            }
            cx.t.raid.push(Declared { dungeon: d, face: None, won: false });
            cx.emit(Event::Declares { player: p, dungeon: d });
            cx.set_phase(Phase::Declare);
        }
        (Phase::Declare, Action::Done) => parties_from(cx, p, 0),
        (Phase::Parties { member }, a) => {
            let at = match a {
                Action::Dungeon(d) => cx.t.raid.iter().position(|x| x.dungeon == d).map(|i| i as u8),
                _ => None,
            };
            if let Some(m) = cx.t.seats[p].guild.get_mut(usize::from(member)) {
                m.party = at;
                let gamer = m.gamer;
                cx.emit(Event::PartyMember { gamer, dungeon: at.map(|k| cx.t.raid[usize::from(k)].dungeon) });
            }
            parties_from(cx, p, usize::from(member) + 1);
        }
        (Phase::NextRaid, Action::Dungeon(d)) => {
            // WOD-RAID-6, WOD-RAID-8: the roll, then a window (priority from the active player).
            if let Some(at) = cx.t.raid.iter().position(|x| x.dungeon == d) {
                cx.emit(Event::RaidNext { dungeon: d });
                cx.roll(at as u8);
                cx.open_window(p);
            }
        }
        (Phase::Claim, Action::Claim) => {
            cx.emit(Event::Claims { player: p });
            cx.t.pending.push(Item::Claim { loot: 0 });
            cx.open_window(p.next(cx.players()));
        }
        _ => {}
    }
}

/// WOD-RAID-2: asks for the parties member by member (AFK members stay out); once all are placed
/// the raid starts (WOD-RAID-5) and its declaration opens a window (WOD-RESP-2).
fn parties_from<R: Chance, E: EventSink<Event>>(cx: &mut Ctx<'_, R, E>, p: Player, from: usize) {
    let mut m = from;
    while m < cx.t.seats[p].guild.len() && cx.t.seats[p].guild[m].afk {
        cx.t.seats[p].guild[m].party = None;
        m += 1;
    }
    if m < cx.t.seats[p].guild.len() {
        cx.set_phase(Phase::Parties { member: m as u8 });
        return;
    }
    cx.set_phase(Phase::NextRaid);
    cx.t.pending.push(Item::Declare);
    cx.open_window(p.next(cx.players()));
}

/// WOD-OUT-1: scores.
/// Each player's VP (without allocating: it is counted at the end of every simulated game).
pub fn scores(c: &Content, t: &Table) -> ByPlayer<i64> {
    let v = Values::new(c, t);
    ByPlayer::from_fn(t.seats.len(), |p| i64::from(v.vp(p)))
}
