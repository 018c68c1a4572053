//! Resolving a card: its compiled program runs one step at a time (WOOB-PLAY-2), stopping only where
//! a player must decide between two or more possibilities. A choice with one possibility is made
//! for the player; a choice with none leaves what depends on it without effect (WOOB-PLAY-4).

use worlds_engine::{EventSink, Player, PlayerSet, Visibility};

use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::effect::{
    AreaFilter, Chooser, Condition, Count, Homes, NamedCount, Op, Per, Pieces, Place, PlayerFilter, Step,
};
use crate::event::Event;
use crate::rules::Woobieworld;
use crate::state::{Resolution, State, Task};

/// A decision the resolution is waiting for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Question {
    Branch(u8),
    Area(u32),
    /// Industries as a set of bits `area * 4 + colour`.
    Industry(u128),
    Player(PlayerSet),
    Colour(u8),
    Pick(u8),
    Environment(u128),
}

impl Question {
    fn options(&self) -> usize {
        match self {
            Question::Branch(n) => usize::from(*n),
            Question::Area(m) => m.count_ones() as usize,
            Question::Industry(m) => m.count_ones() as usize,
            Question::Player(s) => s.len(),
            Question::Colour(m) | Question::Pick(m) => m.count_ones() as usize,
            Question::Environment(m) => m.count_ones() as usize,
        }
    }
}

fn emit(events: &mut impl EventSink<Event>, e: Event) {
    events.emit(Visibility::PUBLIC, e);
}

fn kinds(mask: u8) -> impl Iterator<Item = Support> {
    Support::ALL.into_iter().filter(move |s| mask & (1 << s.index()) != 0)
}

const COLOURS: u8 = 0b01111;

/// The industries of a candidate set, in map order.
pub(crate) fn industry_bits(mask: u128) -> impl Iterator<Item = (Area, Colour)> {
    worlds_engine::bits::ones(mask).map(|i| (Area::from_index(i / 4), Colour::ALL[i % 4]))
}
const ALL_KINDS: u8 = 0b11111;

impl Woobieworld {
    fn program(&self, r: &Resolution) -> &[Op] {
        &self.content.card(r.card).program
    }

    fn your_home(&self, s: &State, r: &Resolution) -> Option<Area> {
        s.home(r.player)
    }

    /// The areas a place names, as a mask.
    fn place_mask(&self, s: &State, r: &Resolution, place: Place) -> u32 {
        let map = &self.content.map;
        match place {
            Place::Chosen => r.area.map_or(0, Area::bit),
            Place::Neighbouring => r.area.map_or(0, |a| map.neighbouring(a)),
            Place::ChosenIndustry => r.industry.map_or(0, |(a, _)| a.bit()),
            Place::YourHome => self.your_home(s, r).map_or(0, Area::bit),
            Place::NeighbouringYourHome => self.your_home(s, r).map_or(0, |a| map.neighbouring(a)),
            Place::Everywhere => map.all(),
        }
    }

    fn area_candidates(&self, s: &State, r: &Resolution, filter: AreaFilter, colour: Option<Colour>) -> u32 {
        let map = &self.content.map;
        let homes = s.home_mask();
        match filter {
            AreaFilter::Any => map.all(),
            AreaFilter::Land => map.land(),
            AreaFilter::Water => map.water(),
            AreaFilter::Mountain => map.mountains(),
            AreaFilter::Coastal => map.coastal(),
            AreaFilter::Inland => map.inland(),
            AreaFilter::Home => homes,
            AreaFilter::YourHome => self.your_home(s, r).map_or(0, Area::bit),
            AreaFilter::OtherHome => homes & !self.your_home(s, r).map_or(0, Area::bit),
            AreaFilter::UnclaimedLand => map.land() & !homes,
            AreaFilter::WithIndustry => map
                .areas()
                .filter(|&a| match colour {
                    Some(c) => s.industries_in(a, c) > 0,
                    None => Colour::ALL.iter().any(|&c| s.industries_in(a, c) > 0),
                })
                .fold(0, |m, a| m | a.bit()),
            AreaFilter::WithAnarchs => {
                map.areas().filter(|&a| s.support_in(a, Support::Anarch) > 0).fold(0, |m, a| m | a.bit())
            }
            AreaFilter::NeighbouringYourHome => self.your_home(s, r).map_or(0, |a| map.neighbouring(a)),
            AreaFilter::NeighbouringChosen => r.area.map_or(0, |a| map.neighbouring(a)),
        }
    }

    /// Industries that may be chosen, as bits `area * 4 + colour` (no allocation: this is asked
    /// at every step of a playout).
    fn industry_candidates(&self, s: &State, r: &Resolution, colour: Option<Colour>, near: bool) -> u128 {
        let near_mask = if near { self.place_mask(s, r, Place::NeighbouringYourHome) } else { self.content.map.all() };
        let mut out = 0u128;
        for a in Area::in_mask(near_mask & self.content.map.all()) {
            for c in Colour::ALL {
                if colour.is_none_or(|k| k == c) && s.industries_in(a, c) > 0 {
                    out |= 1 << (a.index() * 4 + c.index());
                }
            }
        }
        out
    }

    fn player_candidates(&self, s: &State, r: &Resolution, filter: PlayerFilter) -> PlayerSet {
        Player::all(s.players())
            .filter(|&p| s.home(p).is_some() && (filter == PlayerFilter::Any || p != r.player))
            .collect()
    }

    fn environment_candidates(&self, s: &State) -> u128 {
        s.in_play.iter().filter(|e| !self.content.card(e.card).is_mount_saint_woobie()).fold(0, |m, e| m | e.card.bit())
    }

    fn industries_near(&self, s: &State, area: Option<Area>) -> u8 {
        let Some(a) = area else { return 0 };
        let total: u32 = Area::in_mask(self.content.map.neighbouring(a))
            .map(|x| Colour::ALL.iter().map(|&c| u32::from(s.industries_in(x, c))).sum::<u32>())
            .sum();
        total.min(255) as u8
    }

    fn multiplier(&self, s: &State, r: &Resolution, per: Option<Per>) -> u8 {
        match per {
            None => 1,
            Some(Per::RemovedIndustry) => r.removed.iter().sum(),
            Some(Per::IndustryNeighbouringChosen) => self.industries_near(s, r.area),
            Some(Per::IndustryNeighbouringYourHome) => self.industries_near(s, self.your_home(s, r)),
            Some(Per::AnarchInChosen) => r.area.map_or(0, |a| s.support_in(a, Support::Anarch)),
        }
    }

    /// The homes a step names, clockwise from the card's player (WOOB-PLAY-3).
    fn homes(&self, s: &State, r: &Resolution, homes: Homes) -> PlayerSet {
        let map = &self.content.map;
        let with_home = |p: &Player| s.home(*p).is_some();
        let n = s.players();
        match homes {
            Homes::Yours => [r.player].into_iter().filter(with_home).collect(),
            Homes::Chosen => match (r.chosen, r.area) {
                (Some(p), _) => [p].into_iter().filter(with_home).collect(),
                (None, Some(a)) => s.home_owner(a).map_or(PlayerSet::EMPTY, PlayerSet::only),
                _ => PlayerSet::EMPTY,
            },
            Homes::Neighbouring => {
                let near = r.area.map_or(0, |a| map.neighbouring(a));
                Player::all(n).filter(|&p| s.home(p).is_some_and(|h| near & h.bit() != 0)).collect()
            }
            Homes::NeighbouringYours => {
                let near = self.your_home(s, r).map_or(0, |a| map.neighbouring(a));
                Player::all(n).filter(|&p| s.home(p).is_some_and(|h| near & h.bit() != 0)).collect()
            }
            Homes::All => Player::all(n).filter(with_home).collect(),
            Homes::Others => Player::all(n).filter(|p| *p != r.player && with_home(p)).collect(),
        }
    }

    /// The first home of `set` clockwise from the card's player, and the rest.
    fn first_home(&self, s: &State, from: Player, set: PlayerSet) -> Option<(Player, PlayerSet)> {
        let p = from.clockwise_from(s.players()).find(|p| set.contains(*p))?;
        Some((p, set.without(p)))
    }

    fn test(&self, s: &State, r: &Resolution, c: &Condition) -> bool {
        let map = &self.content.map;
        let home = self.your_home(s, r);
        match c {
            Condition::YourHomeNeighboursIndustry { colour } => home.is_some_and(|h| {
                Area::in_mask(map.neighbouring(h))
                    .any(|a| Colour::ALL.iter().any(|&k| colour.is_none_or(|c| c == k) && s.industries_in(a, k) > 0))
            }),
            Condition::YourHomeHas { support, at_least } => s.home_support(r.player, *support) >= *at_least,
            Condition::ChosenIsHome => r.area.is_some_and(|a| s.home_owner(a).is_some()),
            Condition::YourHomeIs { filter } => home.is_some_and(|h| {
                let mask = match filter {
                    AreaFilter::Coastal => map.coastal(),
                    AreaFilter::Mountain => map.mountains(),
                    AreaFilter::Inland => map.inland(),
                    _ => 0,
                };
                mask & h.bit() != 0
            }),
            Condition::RemovedIndustries { at_least } => r.removed.iter().sum::<u8>() >= *at_least,
        }
    }

    /// The kinds a home may lose (or give) for open pieces, as a mask of `Support` bits.
    fn held_kinds(&self, s: &State, home: Area, allowed: u8) -> u8 {
        kinds(allowed).filter(|k| s.support_in(home, *k) > 0).fold(0, |m, k| m | (1 << k.index()))
    }

    fn held_total(&self, s: &State, home: Area, allowed: u8) -> u8 {
        kinds(allowed).map(|k| s.support_in(home, k)).sum()
    }

    fn pile_kinds(&self, s: &State, allowed: u8) -> u8 {
        kinds(allowed).filter(|k| s.pile(*k) > 0).fold(0, |m, k| m | (1 << k.index()))
    }

    fn open_mask(pieces: Pieces) -> Option<u8> {
        match pieces {
            Pieces::AnyColour => Some(COLOURS),
            Pieces::Any => Some(ALL_KINDS),
            _ => None,
        }
    }

    /// The single kind a step's pieces mean, if they mean one.
    fn single_kind(r: &Resolution, pieces: Pieces) -> Option<Support> {
        match pieces {
            Pieces::ChosenColour => r.colour.map(Colour::support),
            Pieces::IndustryColour => r.industry.map(|(_, c)| c.support()),
            p => p.single(),
        }
    }

    fn amount(&self, s: &State, r: &Resolution, count: Count, per: Option<Per>, eligible: u8) -> u8 {
        match count {
            Count::Number(n) => n.saturating_mul(self.multiplier(s, r, per)),
            Count::Named(NamedCount::Half) => eligible / 2,
            Count::Named(NamedCount::All) => eligible,
        }
    }

    fn gain(&self, s: &mut State, p: Player, kind: Support, n: u8, events: &mut impl EventSink<Event>) {
        let Some(home) = s.home(p) else { return };
        let got = n.min(s.pile(kind));
        if got > 0 {
            s.add_support(home, kind, got);
            emit(events, Event::Gained { player: p, support: kind, count: got });
        }
        if got < n {
            emit(events, Event::PileDry { support: kind });
        }
    }

    fn lose(&self, s: &mut State, p: Player, kind: Support, n: u8, events: &mut impl EventSink<Event>) {
        let Some(home) = s.home(p) else { return };
        let lost = s.take_support(home, kind, n);
        if lost > 0 {
            emit(events, Event::Lost { player: p, support: kind, count: lost });
        }
    }

    fn transfer(
        &self,
        s: &mut State,
        from: Player,
        to: Player,
        kind: Support,
        n: u8,
        events: &mut impl EventSink<Event>,
    ) {
        let (Some(fa), Some(ta)) = (s.home(from), s.home(to)) else { return };
        let moved = s.take_support(fa, kind, n);
        if moved > 0 {
            s.add_support(ta, kind, moved);
            emit(events, Event::SupportMoved { from, to, support: kind, count: moved });
        }
    }

    /// The two homes of a `move-support` step, if both exist and differ.
    fn move_homes(&self, s: &State, r: &Resolution, from: Homes, to: Homes) -> Option<(Player, Player)> {
        let f = self.homes(s, r, from).first()?;
        let t = self.homes(s, r, to).first()?;
        (f != t).then_some((f, t))
    }

    fn anarchs_may_enter(&self, s: &State, area: Area) -> bool {
        !(self.anarchs_avoid_water(s) && self.content.map.water() & area.bit() != 0)
    }

    /// The question the resolution waits for, if it waits for one: who decides, and between what.
    pub(crate) fn question(&self, s: &State) -> Option<(Player, Question)> {
        let r = s.resolution.as_ref()?;
        let op = self.program(r).get(usize::from(r.pc))?;
        let q = match op {
            Op::Branch(targets) => (r.player, Question::Branch(targets.len() as u8)),
            Op::Step(step) => match step {
                Step::ChooseArea { filter, colour } => {
                    (r.player, Question::Area(self.area_candidates(s, r, *filter, *colour)))
                }
                Step::ChooseIndustry { colour, near_your_home } => {
                    (r.player, Question::Industry(self.industry_candidates(s, r, *colour, *near_your_home)))
                }
                Step::ChoosePlayer { filter } => (r.player, Question::Player(self.player_candidates(s, r, *filter))),
                Step::ChooseColour => (r.player, Question::Colour(COLOURS)),
                Step::PlaceIndustry { colour: None, .. } => {
                    let mask =
                        Colour::ALL.iter().filter(|c| s.industry_pile(**c) > 0).fold(0, |m, c| m | (1 << c.index()));
                    (r.player, Question::Colour(mask))
                }
                Step::MoveIndustry { to } => {
                    let from = r.industry.map_or(0, |(a, _)| a.bit());
                    (r.player, Question::Area(self.area_candidates(s, r, *to, None) & !from))
                }
                Step::DiscardEnvironment => (r.player, Question::Environment(self.environment_candidates(s))),
                Step::Gain { pieces: Pieces::AnyColour, chooser, .. } => {
                    let t = r.task.filter(|t| t.left > 0)?;
                    let who = if *chooser == Chooser::Owner { t.current } else { r.player };
                    (who, Question::Pick(self.pile_kinds(s, COLOURS)))
                }
                Step::Lose { pieces, chooser, .. } => {
                    let t = r.task.filter(|t| t.left > 0)?;
                    let allowed = Self::open_mask(*pieces)?;
                    let home = s.home(t.current)?;
                    if self.held_total(s, home, allowed) <= t.left {
                        return None;
                    }
                    let who = if *chooser == Chooser::Owner { t.current } else { r.player };
                    (who, Question::Pick(self.held_kinds(s, home, allowed)))
                }
                Step::MoveSupport { pieces, .. } => {
                    let t = r.task.filter(|t| t.left > 0)?;
                    let allowed = Self::open_mask(*pieces)?;
                    let home = s.home(t.current)?;
                    if self.held_total(s, home, allowed) <= t.left {
                        return None;
                    }
                    (r.player, Question::Pick(self.held_kinds(s, home, allowed)))
                }
                _ => return None,
            },
            _ => return None,
        };
        (q.1.options() >= 2).then_some(q)
    }

    /// Runs the resolution until it waits for a decision (`false`) or ends (`true`).
    pub(crate) fn run_resolution(&self, s: &mut State, events: &mut impl EventSink<Event>) -> bool {
        // Every instruction either moves the program counter forward, jumps, or waits; a jump
        // backwards never happens (programs are compiled from nested lists), so this ends.
        for _ in 0..10_000 {
            let Some(r) = s.resolution.clone() else { return true };
            let program = self.program(&r);
            let Some(op) = program.get(usize::from(r.pc)) else { return true };
            if self.question(s).is_some() {
                return false;
            }
            match op {
                Op::Jump(t) => self.goto(s, *t),
                Op::Unless(c, t) => {
                    if self.test(s, &r, c) {
                        self.goto(s, r.pc + 1);
                    } else {
                        self.goto(s, *t);
                    }
                }
                Op::Branch(targets) => {
                    // One branch only (a question would have stopped us with two or more).
                    let t = targets.first().copied().unwrap_or(r.pc + 1);
                    self.goto(s, t);
                }
                Op::Step(step) => self.step(s, &r, step, events),
            }
        }
        true
    }

    fn goto(&self, s: &mut State, pc: u16) {
        if let Some(r) = s.resolution.as_mut() {
            r.pc = pc;
            r.task = None;
        }
    }

    fn next(&self, s: &mut State) {
        if let Some(r) = s.resolution.as_mut() {
            r.pc += 1;
            r.task = None;
        }
    }

    fn set_task(&self, s: &mut State, task: Option<Task>) {
        if let Some(r) = s.resolution.as_mut() {
            r.task = task;
        }
    }

    /// Starts (or continues) a step over several homes: returns the task for the current home,
    /// moving on to the next home when the current one is done.
    fn task(
        &self,
        s: &mut State,
        r: &Resolution,
        homes: Homes,
        first_left: impl Fn(&State, Player) -> u8,
    ) -> Option<Task> {
        let mut task = match r.task {
            Some(t) => t,
            None => {
                let set = self.homes(s, r, homes);
                let (current, next) = self.first_home(s, r.player, set)?;
                Task { current, left: first_left(s, current), next }
            }
        };
        while task.left == 0 {
            let (current, next) = self.first_home(s, r.player, task.next)?;
            task = Task { current, left: first_left(s, current), next };
        }
        Some(task)
    }

    /// Stores `task` and moves on to the next home with something to do; `None` when all are done.
    fn next_home(&self, s: &mut State, task: Task, homes: Homes, want: impl Fn(&State, Player) -> u8) -> Option<Task> {
        self.set_task(s, Some(task));
        let r = s.resolution.clone()?;
        self.task(s, &r, homes, want)
    }

    /// Executes one step that needs no decision now (or makes a forced one).
    fn step(&self, s: &mut State, r: &Resolution, step: &Step, events: &mut impl EventSink<Event>) {
        match step {
            Step::ChooseArea { filter, colour } => {
                let c = self.area_candidates(s, r, *filter, *colour);
                let chosen = Area::in_mask(c).next();
                if let Some(rr) = s.resolution.as_mut() {
                    rr.area = chosen;
                }
                match chosen {
                    Some(a) => emit(events, Event::ChoseArea { player: r.player, area: a }),
                    None => emit(events, Event::NothingToChoose { player: r.player }),
                }
                self.next(s);
            }
            Step::ChooseIndustry { colour, near_your_home } => {
                let c = self.industry_candidates(s, r, *colour, *near_your_home);
                let chosen = industry_bits(c).next();
                if let Some(rr) = s.resolution.as_mut() {
                    rr.industry = chosen;
                    rr.area = chosen.map(|(a, _)| a);
                }
                match chosen {
                    Some((area, colour)) => emit(events, Event::ChoseIndustry { player: r.player, area, colour }),
                    None => emit(events, Event::NothingToChoose { player: r.player }),
                }
                self.next(s);
            }
            Step::ChoosePlayer { filter } => {
                let chosen = self.player_candidates(s, r, *filter).first();
                if let Some(rr) = s.resolution.as_mut() {
                    rr.chosen = chosen;
                    rr.area = chosen.and_then(|p| s.homes.get(p).copied().flatten());
                }
                match chosen {
                    Some(p) => emit(events, Event::ChosePlayer { player: r.player, chosen: p }),
                    None => emit(events, Event::NothingToChoose { player: r.player }),
                }
                self.next(s);
            }
            Step::ChooseColour => self.next(s),
            Step::DiscardEnvironment => {
                if let Some(card) = CardId::in_mask(self.environment_candidates(s)).next() {
                    self.discard_environment(s, card, events);
                } else {
                    emit(events, Event::NothingToChoose { player: r.player });
                }
                self.next(s);
            }
            Step::PlaceIndustry { at, colour } => {
                let area = Area::in_mask(self.place_mask(s, r, *at)).next();
                let colour = colour.or_else(|| Colour::ALL.into_iter().find(|c| s.industry_pile(*c) > 0));
                self.place_industry(s, area, colour, events);
                self.next(s);
            }
            Step::MoveIndustry { to } => {
                let from = r.industry.map_or(0, |(a, _)| a.bit());
                let dest = Area::in_mask(self.area_candidates(s, r, *to, None) & !from).next();
                self.move_industry(s, dest, events);
                self.next(s);
            }
            Step::RemoveIndustries { at, colour } => {
                let mut removed = [0u8; 4];
                if *at == Place::ChosenIndustry {
                    if let Some((a, c)) = r.industry
                        && colour.is_none_or(|k| k == c)
                    {
                        removed[c.index()] += s.take_industries(a, c, 1);
                        if removed[c.index()] > 0 {
                            emit(events, Event::IndustryRemoved { area: a, colour: c, count: 1 });
                        }
                    }
                } else {
                    for a in Area::in_mask(self.place_mask(s, r, *at)) {
                        for c in Colour::ALL.into_iter().filter(|c| colour.is_none_or(|k| k == *c)) {
                            let n = s.take_industries(a, c, u8::MAX);
                            if n > 0 {
                                removed[c.index()] += n;
                                emit(events, Event::IndustryRemoved { area: a, colour: c, count: n });
                            }
                        }
                    }
                }
                if let Some(rr) = s.resolution.as_mut() {
                    for (total, n) in rr.removed.iter_mut().zip(removed) {
                        *total = total.saturating_add(n);
                    }
                }
                self.next(s);
            }
            Step::PlaceAnarchs { at, count } => {
                if let Some(a) = Area::in_mask(self.place_mask(s, r, *at)).next()
                    && self.anarchs_may_enter(s, a)
                {
                    let want = self.amount(s, r, *count, None, 0);
                    let n = want.min(s.pile(Support::Anarch));
                    if n > 0 {
                        s.add_support(a, Support::Anarch, n);
                        emit(events, Event::AnarchsPlaced { area: a, count: n });
                    }
                    if n < want {
                        emit(events, Event::PileDry { support: Support::Anarch });
                    }
                }
                self.next(s);
            }
            Step::RemoveAnarchs { at, count } => {
                for a in Area::in_mask(self.place_mask(s, r, *at)) {
                    let have = s.support_in(a, Support::Anarch);
                    let n = self.amount(s, r, *count, None, have);
                    let taken = s.take_support(a, Support::Anarch, n);
                    if taken > 0 {
                        emit(events, Event::AnarchsRemoved { area: a, count: taken });
                    }
                }
                self.next(s);
            }
            Step::MoveAnarchs { from, to, count } => {
                if let Some(dest) = Area::in_mask(self.place_mask(s, r, *to)).next()
                    && self.anarchs_may_enter(s, dest)
                {
                    for a in Area::in_mask(self.place_mask(s, r, *from) & !dest.bit()) {
                        let have = s.support_in(a, Support::Anarch);
                        let n = s.take_support(a, Support::Anarch, self.amount(s, r, *count, None, have));
                        if n > 0 {
                            s.add_support(dest, Support::Anarch, n);
                            emit(events, Event::AnarchsMoved { from: a, to: dest, count: n });
                        }
                    }
                }
                self.next(s);
            }
            Step::Gain { homes, pieces, count, per, .. } => {
                if *pieces == Pieces::AnyColour {
                    let want = |st: &State, _: Player| self.amount(st, r, *count, *per, 0);
                    let Some(mut task) = self.task(s, r, *homes, want) else { return self.next(s) };
                    // Apply forced picks until a real choice (or the end).
                    loop {
                        let avail = self.pile_kinds(s, COLOURS);
                        if avail == 0 {
                            // WOOB-SUP-2: every colour has run dry.
                            return self.next(s);
                        }
                        if avail.count_ones() >= 2 {
                            return self.set_task(s, Some(task));
                        }
                        let kind = kinds(avail).next().unwrap_or(Support::Red);
                        let n = task.left.min(s.pile(kind));
                        self.gain(s, task.current, kind, n, events);
                        task.left -= n;
                        match self.next_home(s, task, *homes, want) {
                            Some(t) => task = t,
                            None => return self.next(s),
                        }
                    }
                }
                let set = self.homes(s, r, *homes);
                for p in r.player.clockwise_from(s.players()).filter(|p| set.contains(*p)) {
                    let n = self.amount(s, r, *count, *per, 0);
                    match pieces {
                        Pieces::EachColour => {
                            for c in Colour::ALL {
                                self.gain(s, p, c.support(), n, events);
                            }
                        }
                        Pieces::RemovedIndustryColours => {
                            for c in Colour::ALL {
                                let k = n.saturating_mul(r.removed[c.index()]);
                                if k > 0 {
                                    self.gain(s, p, c.support(), k, events);
                                }
                            }
                        }
                        _ => {
                            if let Some(kind) = Self::single_kind(r, *pieces) {
                                self.gain(s, p, kind, n, events);
                            }
                        }
                    }
                }
                self.next(s);
            }
            Step::Lose { homes, pieces, count, per, .. } => {
                if let Some(allowed) = Self::open_mask(*pieces) {
                    let want = |st: &State, p: Player| {
                        let eligible = st.home(p).map_or(0, |h| self.held_total(st, h, allowed));
                        self.amount(st, r, *count, *per, eligible).min(eligible)
                    };
                    let Some(mut task) = self.task(s, r, *homes, want) else { return self.next(s) };
                    loop {
                        let Some(home) = s.home(task.current) else { return self.next(s) };
                        let held = self.held_kinds(s, home, allowed);
                        let total = self.held_total(s, home, allowed);
                        if total <= task.left || held.count_ones() <= 1 {
                            // Forced: everything eligible goes, or there is only one kind to lose.
                            for kind in kinds(held) {
                                let n = if total <= task.left { s.support_in(home, kind) } else { task.left };
                                self.lose(s, task.current, kind, n, events);
                            }
                            task.left = 0;
                        } else {
                            return self.set_task(s, Some(task));
                        }
                        match self.next_home(s, task, *homes, want) {
                            Some(t) => task = t,
                            None => return self.next(s),
                        }
                    }
                }
                let set = self.homes(s, r, *homes);
                for p in r.player.clockwise_from(s.players()).filter(|p| set.contains(*p)) {
                    let Some(home) = s.home(p) else { continue };
                    match pieces {
                        Pieces::EachColour => {
                            for c in Colour::ALL {
                                let have = s.support_in(home, c.support());
                                let n = self.amount(s, r, *count, *per, have);
                                self.lose(s, p, c.support(), n, events);
                            }
                        }
                        Pieces::RemovedIndustryColours => {
                            let n = self.amount(s, r, *count, *per, 0);
                            for c in Colour::ALL {
                                let k = n.saturating_mul(r.removed[c.index()]);
                                if k > 0 {
                                    self.lose(s, p, c.support(), k, events);
                                }
                            }
                        }
                        _ => {
                            if let Some(kind) = Self::single_kind(r, *pieces) {
                                let have = s.support_in(home, kind);
                                let n = self.amount(s, r, *count, *per, have);
                                self.lose(s, p, kind, n, events);
                            }
                        }
                    }
                }
                self.next(s);
            }
            Step::MoveSupport { from, to, pieces, count } => {
                let Some((f, t)) = self.move_homes(s, r, *from, *to) else { return self.next(s) };
                let Some(fh) = s.home(f) else { return self.next(s) };
                if let Some(allowed) = Self::open_mask(*pieces) {
                    let total = self.held_total(s, fh, allowed);
                    let left = match r.task {
                        Some(task) => task.left,
                        None => self.amount(s, r, *count, None, total).min(total),
                    };
                    let held = self.held_kinds(s, fh, allowed);
                    if left == 0 {
                        return self.next(s);
                    }
                    if total <= left || held.count_ones() <= 1 {
                        for kind in kinds(held) {
                            let n = if total <= left { s.support_in(fh, kind) } else { left };
                            self.transfer(s, f, t, kind, n, events);
                        }
                        return self.next(s);
                    }
                    return self.set_task(s, Some(Task { current: f, left, next: PlayerSet::only(t) }));
                }
                if let Some(kind) = Self::single_kind(r, *pieces) {
                    let have = s.support_in(fh, kind);
                    let n = self.amount(s, r, *count, None, have);
                    self.transfer(s, f, t, kind, n, events);
                }
                self.next(s);
            }
            Step::Or { .. } | Step::If { .. } => self.next(s),
        }
    }

    pub(crate) fn place_industry(
        &self,
        s: &mut State,
        area: Option<Area>,
        colour: Option<Colour>,
        events: &mut impl EventSink<Event>,
    ) {
        let (Some(a), Some(c)) = (area, colour) else { return };
        if s.industry_pile(c) == 0 {
            return;
        }
        s.add_industry(a, c);
        emit(events, Event::IndustryPlaced { area: a, colour: c });
        if let Some(rr) = s.resolution.as_mut() {
            rr.industry = Some((a, c));
            rr.area = Some(a);
        }
    }

    fn move_industry(&self, s: &mut State, dest: Option<Area>, events: &mut impl EventSink<Event>) {
        let Some(r) = s.resolution.clone() else { return };
        let (Some((from, colour)), Some(to)) = (r.industry, dest) else { return };
        if s.take_industries(from, colour, 1) == 1 {
            s.add_industry(to, colour);
            emit(events, Event::IndustryMoved { from, to, colour });
            if let Some(rr) = s.resolution.as_mut() {
                rr.industry = Some((to, colour));
                rr.area = Some(to);
            }
        }
    }

    pub(crate) fn discard_environment(&self, s: &mut State, card: CardId, events: &mut impl EventSink<Event>) {
        if let Some(i) = s.in_play.iter().position(|e| e.card == card) {
            s.in_play.remove(i);
            s.discard |= card.bit();
            emit(events, Event::EnvironmentDiscarded { card });
        }
    }

    /// Applies a player's answer to the resolution's question (already checked legal).
    pub(crate) fn answer(&self, s: &mut State, action: crate::action::Action, events: &mut impl EventSink<Event>) {
        use crate::action::Action as A;
        let Some(r) = s.resolution.clone() else { return };
        let Some(op) = self.program(&r).get(usize::from(r.pc)) else { return };
        match (op, action) {
            (Op::Branch(targets), A::Branch(b)) => {
                emit(events, Event::ChoseBranch { player: r.player, branch: b });
                let t = targets.get(usize::from(b)).copied().unwrap_or(r.pc + 1);
                self.goto(s, t);
            }
            (Op::Step(Step::ChooseArea { .. }), A::Area(a)) => {
                if let Some(rr) = s.resolution.as_mut() {
                    rr.area = Some(a);
                }
                emit(events, Event::ChoseArea { player: r.player, area: a });
                self.next(s);
            }
            (Op::Step(Step::ChooseIndustry { .. }), A::Industry { area, colour }) => {
                if let Some(rr) = s.resolution.as_mut() {
                    rr.industry = Some((area, colour));
                    rr.area = Some(area);
                }
                emit(events, Event::ChoseIndustry { player: r.player, area, colour });
                self.next(s);
            }
            (Op::Step(Step::ChoosePlayer { .. }), A::Player(p)) => {
                let home = s.home(p);
                if let Some(rr) = s.resolution.as_mut() {
                    rr.chosen = Some(p);
                    rr.area = home;
                }
                emit(events, Event::ChosePlayer { player: r.player, chosen: p });
                self.next(s);
            }
            (Op::Step(Step::ChooseColour), A::Colour(c)) => {
                if let Some(rr) = s.resolution.as_mut() {
                    rr.colour = Some(c);
                }
                emit(events, Event::ChoseColour { player: r.player, colour: c });
                self.next(s);
            }
            (Op::Step(Step::PlaceIndustry { at, .. }), A::Colour(c)) => {
                let area = Area::in_mask(self.place_mask(s, &r, *at)).next();
                self.place_industry(s, area, Some(c), events);
                self.next(s);
            }
            (Op::Step(Step::MoveIndustry { .. }), A::Area(a)) => {
                self.move_industry(s, Some(a), events);
                self.next(s);
            }
            (Op::Step(Step::DiscardEnvironment), A::Environment(card)) => {
                self.discard_environment(s, card, events);
                self.next(s);
            }
            (Op::Step(Step::Gain { .. }), A::Pick(kind)) => {
                let Some(mut t) = r.task else { return };
                self.gain(s, t.current, kind, 1, events);
                t.left = t.left.saturating_sub(1);
                self.set_task(s, Some(t));
            }
            (Op::Step(Step::Lose { .. }), A::Pick(kind)) => {
                let Some(mut t) = r.task else { return };
                self.lose(s, t.current, kind, 1, events);
                t.left = t.left.saturating_sub(1);
                self.set_task(s, Some(t));
            }
            (Op::Step(Step::MoveSupport { .. }), A::Pick(kind)) => {
                let Some(mut t) = r.task else { return };
                let Some(to) = t.next.first() else { return };
                self.transfer(s, t.current, to, kind, 1, events);
                t.left = t.left.saturating_sub(1);
                if t.left == 0 {
                    self.next(s);
                } else {
                    self.set_task(s, Some(t));
                }
            }
            _ => {}
        }
    }
}
