//! The values in force (WOD-COMP-9, WOD-RAID-7, WOD-CLAIM-2): printed numbers plus every modifier
//! of the sources that work now ("Where effects work" of the vocabulary): skills of gamers in a
//! guild (unless ignored), Stash cards and claimed dungeons in a Guild Stash, the raid abilities of
//! the dungeons being raided, lasting Patch Notes, and the Effect cards resolved this turn.

use worlds_engine::Player;

use crate::ability::{Gamers, Kinds, Op, Passive};
use crate::content::{Content, GUILD_LIMIT, HAND_LIMIT, LootKind, ROW_LIMIT, Refuses};
use crate::state::{Fate, Member, Picked, Table};
use crate::vocab::{Face, GamerType, Kind, Row, Types};

/// Where a list of abilities comes from, which decides what "this", "its party" and "you" mean.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum From {
    /// The skill of guildmember `member` of `seat`.
    Skill { seat: Player, member: usize },
    /// A Stash card (`card`) or a claimed dungeon's stash ability (`card` is `None`) of `seat`.
    Stash { seat: Player, card: Option<u8>, dungeon: Option<u8> },
    /// The raid ability of the declared dungeon at place `at` of the raid.
    Raid { at: u8 },
    /// A lasting Patch Notes card.
    Patch,
}

/// The content and the table, read together.
#[derive(Clone, Copy)]
pub struct Values<'a> {
    pub c: &'a Content,
    pub t: &'a Table,
}

impl<'a> Values<'a> {
    pub fn new(c: &'a Content, t: &'a Table) -> Values<'a> {
        Values { c, t }
    }

    pub fn member(&self, seat: Player, member: usize) -> Option<&'a Member> {
        self.t.seats.get(seat)?.guild.get(member)
    }

    /// Calls `f` with every source that works now and holds abilities of a kind in `want`, and
    /// its abilities.
    pub fn sources(&self, want: Kinds, mut f: impl FnMut(From, &'a [Passive])) {
        let (c, t) = (self.c, self.t);
        for s in Player::all(t.seats.len()) {
            self.seat_sources(s, want, &mut f);
        }
        if self.raiding() {
            for (at, declared) in t.raid.iter().enumerate() {
                let d = c.dungeon(declared.dungeon);
                if d.raid_kinds & want != 0 {
                    f(From::Raid { at: at as u8 }, &d.raid);
                }
            }
        }
        self.patch_sources(want, &mut f);
    }

    /// Calls `f` with the sources of one seat that work now and hold abilities of a kind in
    /// `want`: its members' skills (unless ignored), its Stash cards and claimed dungeons.
    fn seat_sources(&self, s: Player, want: Kinds, f: &mut impl FnMut(From, &'a [Passive])) {
        let c = self.c;
        let Some(seat) = self.t.seats.get(s) else { return };
        let mut ignored = None;
        for (m, member) in seat.guild.iter().enumerate() {
            let gamer = c.gamer(member.gamer);
            if gamer.skill_kinds & want == 0 {
                continue;
            }
            let ignored = *ignored.get_or_insert_with(|| self.ignored_types(s));
            if ignored.0 == 0 || !ignored.has(self.gamer_type(member)) {
                f(From::Skill { seat: s, member: m }, &gamer.skill);
            }
        }
        for card in seat.stash.iter() {
            let def = c.def(card);
            if def.passive_kinds & want != 0 {
                f(From::Stash { seat: s, card: Some(card), dungeon: None }, &def.passive);
            }
        }
        for &d in &seat.dungeons {
            let dungeon = c.dungeon(d);
            if dungeon.stash_kinds & want != 0 {
                f(From::Stash { seat: s, card: None, dungeon: Some(d) }, &dungeon.stash);
            }
        }
    }

    /// Calls `f` with the lasting Patch Notes that hold abilities of a kind in `want`.
    fn patch_sources(&self, want: Kinds, f: &mut impl FnMut(From, &'a [Passive])) {
        for &card in &self.t.patch {
            let def = self.c.def(card);
            if def.kind == LootKind::PatchNotes && def.passive_kinds & want != 0 {
                f(From::Patch, &def.passive);
            }
        }
    }

    /// Calls `f` with the sources that work now, hold abilities of a kind in `want` and touch
    /// `seat` alone or every seat: its own ([`Values::seat_sources`]) and the lasting Patch Notes
    /// (what a seat's VP and limits add up).
    fn sources_touching(&self, seat: Player, want: Kinds, mut f: impl FnMut(From, &'a [Passive])) {
        self.seat_sources(seat, want, &mut f);
        self.patch_sources(want, &mut f);
    }

    /// A raid is in progress (its dungeons' raid abilities work).
    pub fn raiding(&self) -> bool {
        !self.t.raid.is_empty() && !self.t.used.failed
    }

    /// WOD-RAID-4 and the Stash card that ignores skills: the skills of this member are ignored.
    pub fn ignored(&self, seat: Player, member: &Member) -> bool {
        let ignored = self.ignored_types(seat);
        ignored.0 != 0 && ignored.has(self.gamer_type(member))
    }

    /// The gamer types whose skills `seat`'s Stash cards and claimed dungeons ignore.
    pub fn ignored_types(&self, seat: Player) -> Types {
        let Some(s) = self.t.seats.get(seat) else { return Types(0) };
        let of = |set: &[Types], i: u8| set.get(usize::from(i)).map_or(0, |t| t.0);
        let cards = (s.stash & self.c.ignoring_cards).iter().map(|card| of(&self.c.card_ignores, card));
        Types(cards.chain(s.dungeons.iter().map(|&d| of(&self.c.dungeon_ignores, d))).fold(0, |set, t| set | t))
    }

    /// WOD-EFFECT-5: the places in `played` of the Effect cards attached to a gamer now.
    pub fn attached(&self, gamer: u8) -> impl Iterator<Item = usize> + 'a {
        let c = self.c;
        self.t.played.iter().enumerate().filter_map(move |(i, p)| {
            let attaches = c.def(p.card).steps.iter().any(|op| op.attaches());
            (p.fate == Fate::Resolved && attaches && p.picked.gamer == Some(gamer)).then_some(i)
        })
    }

    /// A member's type now: printed, unless an Effect card respecced it this turn.
    pub fn gamer_type(&self, member: &Member) -> GamerType {
        let mut ty = self.c.gamer(member.gamer).ty;
        for p in &self.t.played {
            if p.fate == Fate::Resolved
                && p.picked.gamer == Some(member.gamer)
                && self.c.def(p.card).steps.contains(&Op::Respec)
                && let Some(t) = p.picked.ty
            {
                ty = t;
            }
        }
        ty
    }

    /// The types a member counts as for requirements (WOD-RAID-3): its type and any "counts as".
    pub fn counts_as(&self, seat: Player, member: &Member) -> Types {
        self.counts_as_with(member, self.gamer_type(member), self.ignored(seat, member))
    }

    /// [`Values::counts_as`] for a member of type `ty` now whose skills are `ignored` or not, for a
    /// caller that knows them already.
    pub fn counts_as_with(&self, member: &Member, ty: GamerType, ignored: bool) -> Types {
        let mut types = Types(ty.bit());
        if !ignored {
            for p in &self.c.gamer(member.gamer).skill {
                if let Passive::CountsAs { ty } = p {
                    types.0 |= ty.bit();
                }
            }
        }
        types
    }

    /// The kind of dungeon a member's party raids, if it is in one.
    fn party_kind(&self, member: &Member) -> Option<Kind> {
        let at = member.party?;
        let d = self.t.raid.get(usize::from(at))?;
        Some(self.c.dungeon(d.dungeon).kind)
    }

    /// The members of the party at `at` (of the active player's guild).
    pub fn party(&self, at: u8) -> impl Iterator<Item = (usize, &'a Member)> + 'a {
        let guild = self.t.seats.get(self.t.active).map_or(&[][..], |s| s.guild.as_slice());
        guild.iter().enumerate().filter(move |(_, m)| m.party == Some(at))
    }

    pub fn party_size(&self, at: u8) -> usize {
        self.party(at).count()
    }

    fn party_has(&self, at: u8, ty: GamerType) -> bool {
        let seat = self.t.active;
        self.party(at).any(|(_, m)| self.counts_as(seat, m).has(ty))
    }

    /// Whether a gamer-selecting ability of `from` touches member `m` of `seat`.
    fn selects(&self, from: From, to: Gamers, seat: Player, m: usize) -> bool {
        let Some(member) = self.member(seat, m) else { return false };
        match (to, from) {
            (Gamers::This, From::Skill { seat: s, member: k }) => s == seat && k == m,
            (Gamers::Party | Gamers::PartyOthers, From::Skill { seat: s, member: k }) => {
                let Some(src) = self.member(s, k) else { return false };
                s == seat && src.party.is_some() && src.party == member.party && (to == Gamers::Party || k != m)
            }
            (Gamers::Party | Gamers::PartyOthers | Gamers::This, From::Raid { at }) => {
                seat == self.t.active && member.party == Some(at)
            }
            (Gamers::Yours, From::Skill { seat: s, .. } | From::Stash { seat: s, .. }) => s == seat,
            (Gamers::Every, _) | (_, From::Patch) => true,
            _ => false,
        }
    }

    /// A member's experience now (WOD-RAID-7, WOD-COMP-9: never below 0).
    pub fn xp(&self, seat: Player, m: usize) -> i32 {
        let Some(member) = self.member(seat, m) else { return 0 };
        let printed = self.c.gamer(member.gamer);
        let mut xp = i32::from(printed.xp);
        if !self.ignored(seat, member) {
            for p in &printed.skill {
                if let Passive::Learns { max } = p {
                    xp += i32::from(member.claims.min(*max));
                }
            }
        }
        let ty = self.gamer_type(member);
        let kind = self.party_kind(member);
        self.sources(Passive::XP, |from, items| {
            for p in items {
                let Passive::Xp { n, to, per_other, of, kind: in_kind, min_party, party_has } = p else { continue };
                if !self.selects(from, *to, seat, m)
                    || of.is_some_and(|t| t != ty)
                    || in_kind.is_some_and(|k| Some(k) != kind)
                {
                    continue;
                }
                if min_party.is_some() || party_has.is_some() || per_other.is_some() {
                    let Some(at) = member.party else { continue };
                    if seat != self.t.active {
                        continue;
                    }
                    if min_party.is_some_and(|k| self.party_size(at) < usize::from(k)) {
                        continue;
                    }
                    if party_has.is_some_and(|t| !self.party_has(at, t)) {
                        continue;
                    }
                    if let Some(t) = per_other {
                        let others = self.party(at).filter(|(k, o)| *k != m && self.gamer_type(o) == *t).count();
                        xp += i32::from(*n) * others as i32;
                        continue;
                    }
                }
                xp += i32::from(*n);
            }
        });
        xp += self
            .resolved_sum(|k| k.gamer == Some(member.gamer), |op| if let Op::Xp { n } = op { Some(*n) } else { None });
        xp.max(0)
    }

    /// The experience of the party at `at`: its members' plus the modifiers on the party as a
    /// whole (WOD-RAID-7; may be below 0).
    pub fn party_xp(&self, at: u8) -> i32 {
        let seat = self.t.active;
        let Some(declared) = self.t.raid.get(usize::from(at)) else { return 0 };
        let kind = self.c.dungeon(declared.dungeon).kind;
        let mut total: i32 = self.party(at).map(|(m, _)| self.xp(seat, m)).sum();
        let size = self.party_size(at);
        self.sources(Passive::PARTY_XP, |from, items| {
            for p in items {
                let Passive::PartyXp { n, of, kind: in_kind, min_party, party_has } = p else { continue };
                if self.touches_party(from, seat, at)
                    && in_kind.is_none_or(|k| k == kind)
                    && min_party.is_none_or(|k| size >= usize::from(k))
                    && party_has.is_none_or(|t| self.party_has(at, t))
                    // `of` on the party as a whole: only a party that includes that type.
                    && of.is_none_or(|t| self.party_has(at, t))
                {
                    total += i32::from(*n);
                }
            }
        });
        let party_xp = |op: &Op| if let Op::PartyXp { n } = op { Some(*n) } else { None };
        total + self.resolved_sum(|k| k.dungeon == Some(declared.dungeon), party_xp)
    }

    /// Whether abilities from `from` work on the party at `at` of `seat`: its members' skills, the
    /// seat's Stash, the raid ability of the dungeon it raids and lasting Patch Notes.
    fn touches_party(&self, from: From, seat: Player, at: u8) -> bool {
        match from {
            From::Skill { seat: s, member } => s == seat && self.member(s, member).is_some_and(|m| m.party == Some(at)),
            From::Stash { seat: s, .. } => s == seat,
            From::Raid { at: a } => a == at,
            From::Patch => true,
        }
    }

    /// The sum of one kind of change (`n`) that the Effect cards resolved this turn on what
    /// `picked` accepts (a gamer, a dungeon) make.
    fn resolved_sum(&self, picked: impl Fn(&Picked) -> bool, n: impl Fn(&Op) -> Option<i8>) -> i32 {
        let resolved = self.t.played.iter().filter(|p| p.fate == Fate::Resolved && picked(&p.picked));
        resolved.flat_map(|p| self.c.def(p.card).steps.iter().filter_map(&n)).map(i32::from).sum()
    }

    /// The place of a dungeon in the turn's raid, if declared.
    pub fn declared_at(&self, dungeon: u8) -> Option<u8> {
        self.t.raid.iter().position(|d| d.dungeon == dungeon).map(|i| i as u8)
    }

    /// A dungeon's difficulty now (never below 0).
    pub fn difficulty(&self, dungeon: u8) -> i32 {
        let printed = self.c.dungeon(dungeon);
        let mut v = i32::from(printed.difficulty);
        let at = self.declared_at(dungeon);
        self.sources(Passive::DIFFICULTY, |from, items| {
            for p in items {
                let Passive::Difficulty { n, kind } = p else { continue };
                let touches = match from {
                    From::Raid { at: a } => Some(a) == at,
                    From::Patch => kind.is_none_or(|k| k == printed.kind),
                    From::Stash { seat, .. } => {
                        at.is_some() && seat == self.t.active && kind.is_none_or(|k| k == printed.kind)
                    }
                    From::Skill { .. } => false,
                };
                if touches {
                    v += i32::from(*n);
                }
            }
        });
        let difficulty = |op: &Op| if let Op::Difficulty { n } = op { Some(*n) } else { None };
        (v + self.resolved_sum(|k| k.dungeon == Some(dungeon), difficulty)).max(0)
    }

    /// A dungeon's loot value when `seat` claims it (never below 0).
    pub fn loot(&self, dungeon: u8, seat: Player) -> i32 {
        let printed = self.c.dungeon(dungeon);
        let mut v = i32::from(printed.loot);
        let at = self.declared_at(dungeon);
        self.sources(Passive::LOOT, |from, items| {
            for p in items {
                let Passive::Loot { n, kind, party_has } = p else { continue };
                let touches = match from {
                    From::Raid { at: a } => Some(a) == at,
                    From::Patch => true,
                    From::Stash { seat: s, .. } => s == seat,
                    From::Skill { .. } => false,
                };
                let has = party_has.is_none_or(|t| at.is_some_and(|a| self.party_has(a, t)));
                if touches && has && kind.is_none_or(|k| k == printed.kind) {
                    v += i32::from(*n);
                }
            }
        });
        v.max(0)
    }

    /// The Loot a claim by the active player draws: the dungeons' loot values plus the changes to
    /// the whole claim (skills of members who raided, Stash cards, Effect cards in `extra`).
    pub fn claim_loot(&self, extra: i8) -> i32 {
        let seat = self.t.active;
        let mut total: i32 = self.t.raid.iter().map(|d| self.loot(d.dungeon, seat)).sum();
        self.sources(Passive::CLAIM_LOOT, |from, items| {
            for p in items {
                let Passive::ClaimLoot { n } = p else { continue };
                let touches = match from {
                    From::Skill { seat: s, member } => {
                        s == seat && self.member(s, member).is_some_and(|m| m.party.is_some())
                    }
                    From::Stash { seat: s, .. } => s == seat,
                    From::Patch => true,
                    From::Raid { .. } => true,
                };
                if touches {
                    total += i32::from(*n);
                }
            }
        });
        (total + i32::from(extra)).max(0)
    }

    /// The extra Loot `seat`'s claim draws by triggers: skills of the members who raided ("a claim
    /// it took part in") and the Stash cards and dungeons of the claimant ("you claim").
    pub fn claim_draws(&self, seat: Player) -> i32 {
        let mut n = 0;
        self.sources(Passive::ON_CLAIM, |from, items| {
            let touches = match from {
                From::Skill { seat: s, member } => {
                    s == seat && self.member(s, member).is_some_and(|m| m.party.is_some())
                }
                From::Stash { seat: s, .. } => s == seat,
                From::Raid { .. } | From::Patch => false,
            };
            if touches {
                n += items
                    .iter()
                    .filter_map(|p| if let Passive::OnClaim { draw } = p { Some(i32::from(*draw)) } else { None })
                    .sum::<i32>();
            }
        });
        n
    }

    /// WOD-CLAIM-2: a player's VP.
    pub fn vp(&self, seat: Player) -> i32 {
        let Some(s) = self.t.seats.get(seat) else { return 0 };
        let mut vp: i32 = s.dungeons.iter().map(|&d| i32::from(self.c.dungeon(d).vp)).sum();
        let bosses = s.dungeons.iter().filter(|&&d| self.c.dungeon(d).kind == Kind::Boss).count() as i32;
        self.sources_touching(seat, Passive::VP, |from, items| {
            for p in items {
                let Passive::Vp { n, per_other_boss } = p else { continue };
                if *per_other_boss {
                    let this_is_boss =
                        matches!(from, From::Stash { dungeon: Some(d), .. } if self.c.dungeon(d).kind == Kind::Boss);
                    vp += i32::from(*n) * (bosses - i32::from(this_is_boss));
                } else {
                    vp += i32::from(*n);
                }
            }
        });
        vp.max(0)
    }

    /// The sum of a seat's modifiers of one kind that adds a number (`want`: the hand limit, the
    /// guild limit, grinding, burn-out).
    fn seat_sum(&self, seat: Player, want: Kinds) -> i32 {
        let mut v = 0;
        self.sources_touching(seat, want, |_, items| {
            let added = items.iter().filter(|p| p.bit() & want != 0).filter_map(Passive::added);
            v += added.map(i32::from).sum::<i32>();
        });
        v
    }

    /// WOD-HAND-1: the hand limit.
    pub fn hand_limit(&self, seat: Player) -> i32 {
        (HAND_LIMIT + self.seat_sum(seat, Passive::HAND_LIMIT)).max(0)
    }

    /// WOD-RECRUIT-2: the guild limit.
    pub fn guild_limit(&self, seat: Player) -> i32 {
        (GUILD_LIMIT + self.seat_sum(seat, Passive::GUILD_LIMIT)).max(0)
    }

    /// WOD-GRIND-1: the Loot cards a grind draws.
    pub fn grind_draws(&self, seat: Player) -> i32 {
        (1 + self.seat_sum(seat, Passive::GRIND_DRAWS)).max(0)
    }

    /// WOD-POP-2: a row's limit: settings first (the latest winning), then changes.
    pub fn row_limit(&self, row: Row) -> i32 {
        let mut set = None;
        let mut add = 0i32;
        self.sources(Passive::ROW_LIMIT, |_, items| {
            for p in items {
                if let Passive::RowLimit { row: r, set: s, n } = p
                    && *r == row
                {
                    if let Some(s) = s {
                        set = Some(i32::from(*s));
                    }
                    add += n.map_or(0, i32::from);
                }
            }
        });
        (set.unwrap_or(ROW_LIMIT) + add).max(0)
    }

    /// A member's burn-out, if it has the keyword (WOD vocabulary "Burn-out N").
    pub fn burnout(&self, seat: Player, m: usize) -> Option<i32> {
        let member = self.member(seat, m)?;
        if self.ignored(seat, member) {
            return None;
        }
        let n = self.c.gamer(member.gamer).skill.iter().find_map(|p| match p {
            Passive::Burnout { n } => Some(i32::from(*n)),
            _ => None,
        })?;
        let plus = self.seat_sum(seat, Passive::BURNOUT_PLUS);
        Some((n + plus).max(0))
    }

    /// Whether a member's skill has a keyword (and is not ignored).
    pub fn has(&self, seat: Player, m: usize, test: impl Fn(&Passive) -> bool) -> bool {
        self.member(seat, m)
            .is_some_and(|member| !self.ignored(seat, member) && self.c.gamer(member.gamer).skill.iter().any(test))
    }

    /// The face a roll counts as for the party at `at`, and the once-per-game Stash card used.
    pub fn face(&self, at: u8, face: Face) -> (Face, Option<u8>) {
        let seat = self.t.active;
        let mut out = (face, None);
        let mut done = false;
        self.sources(Passive::FACE, |from, items| {
            if done {
                return;
            }
            let touches = self.touches_party(from, seat, at);
            if !touches {
                return;
            }
            for p in items {
                if let Passive::Face { from: f, to, once_per_game } = p
                    && *f == face
                {
                    let card = match from {
                        From::Stash { card, .. } if *once_per_game => card,
                        _ => None,
                    };
                    out = (*to, card);
                    done = true;
                    return;
                }
            }
        });
        out
    }

    /// WOD-RAID-11: the members a skull discards from the party at `at`.
    pub fn skull_discards(&self, at: u8) -> i32 {
        let seat = self.t.active;
        let mut v = 1;
        self.sources(Passive::SKULL_DISCARDS, |from, items| {
            let touches = self.touches_party(from, seat, at);
            if touches {
                v += items
                    .iter()
                    .filter_map(|p| if let Passive::SkullDiscards { n } = p { Some(i32::from(*n)) } else { None })
                    .sum::<i32>();
            }
        });
        v.max(0)
    }

    /// WOD-RAID-4: whether `x` (its skills ignored or not) will not play with `y`, of type `ty` now;
    /// two members share no party if either will not.
    pub fn refuses_with(&self, x: &Member, ignored: bool, y: &Member, ty: GamerType) -> bool {
        !ignored
            && self.c.gamer(x.gamer).refuses.iter().any(|r| match r {
                Refuses::Type(t) => ty == *t,
                Refuses::Gamer(g) => y.gamer == *g,
                Refuses::Any => true,
            })
    }

    /// WOD-RAID-4: whether a member may raid this dungeon at all (its skill, the dungeon's bars, AFK).
    pub fn may_raid(&self, seat: Player, m: &Member, dungeon: u8) -> bool {
        let d = self.c.dungeon(dungeon);
        !d.bars.has(self.gamer_type(m)) && self.may_raid_kind(m, self.ignored(seat, m), d.kind)
    }

    /// WOD-RAID-4: whether a member may raid dungeons of a kind, bars aside: not while AFK, nor
    /// where its skill says it cannot (unless its skills are `ignored`).
    pub fn may_raid_kind(&self, m: &Member, ignored: bool, kind: Kind) -> bool {
        !m.afk && (ignored || self.c.gamer(m.gamer).cannot_raid & kind.bit() == 0)
    }
}
