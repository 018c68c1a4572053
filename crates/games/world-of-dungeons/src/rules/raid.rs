//! Phase 3 (WOD-DUNG-1): which declarations are legal (WOD-RAID-1 to WOD-RAID-4, no dead ends),
//! rolling and settling each raid (WOD-RAID-8 to WOD-RAID-13), and claiming (WOD-CLAIM-1).

use worlds_engine::{Chance, EventSink, Player};

use crate::ability::Passive;
use crate::content::Dungeon;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::state::{GUILD_CAP, Item, Phase, Step};
use crate::values::Values;
use crate::vocab::{Face, GamerType};

/// A member not yet put in a party (during the declaration of parties).
const UNSET: u8 = u8::MAX;
/// A member left out of every party.
const OUT: u8 = u8::MAX - 1;

/// What splitting a seat's guild into parties reads of each member, read once for every split
/// tried: what it counts as for requirements (WOD-RAID-3), by guild place whom it will not play
/// with (WOD-RAID-4), and which of the declared dungeons and of the row's it may raid (by place
/// in the raid and in the row, WOD-RAID-4).
pub struct Split<'a> {
    v: Values<'a>,
    seat: Player,
    counts: [u8; GUILD_CAP],
    refuses: [u16; GUILD_CAP],
    may_declared: [u64; GUILD_CAP],
    may_row: [u64; GUILD_CAP],
}

impl<'a> Split<'a> {
    pub fn new(v: Values<'a>, seat: Player) -> Split<'a> {
        let guild = &v.t.seats[seat].guild;
        let types: [Option<GamerType>; GUILD_CAP] = std::array::from_fn(|m| guild.get(m).map(|x| v.gamer_type(x)));
        let ignoring = v.ignored_types(seat);
        let ignored: [bool; GUILD_CAP] = std::array::from_fn(|m| types[m].is_some_and(|ty| ignoring.has(ty)));
        let counts = std::array::from_fn(|m| match (guild.get(m), types[m]) {
            (Some(x), Some(ty)) => v.counts_as_with(x, ty, ignored[m]).0,
            _ => 0,
        });
        let refuses = std::array::from_fn(|m| {
            let (Some(member), Some(ty)) = (guild.get(m), types[m]) else { return 0 };
            let refused = guild.iter().enumerate().filter(|&(o, other)| {
                o != m
                    && types[o].is_some_and(|other_ty| {
                        v.refuses_with(member, ignored[m], other, other_ty)
                            || v.refuses_with(other, ignored[o], member, ty)
                    })
            });
            refused.fold(0, |set, (o, _)| set | 1 << o)
        });
        let may = |dungeons: &mut dyn Iterator<Item = u8>| -> [u64; GUILD_CAP] {
            let dungeons: arrayvec::ArrayVec<&Dungeon, 64> = dungeons.take(64).map(|d| v.c.dungeon(d)).collect();
            std::array::from_fn(|m| {
                let (Some(member), Some(ty)) = (guild.get(m), types[m]) else { return 0 };
                let may = dungeons.iter().map(|d| !d.bars.has(ty) && v.may_raid_kind(member, ignored[m], d.kind));
                may.enumerate().fold(0, |set, (k, may)| set | u64::from(may) << k)
            })
        };
        let may_declared = may(&mut v.t.raid.iter().map(|d| d.dungeon));
        let may_row = may(&mut v.t.dungeon_row.iter().copied());
        Split { v, seat, counts, refuses, may_declared, may_row }
    }

    /// Whether the members can be split into parties for these dungeons, with the places already
    /// chosen in `fixed` (per guild place: a party's place in `dungeons`, [`OUT`] or [`UNSET`]):
    /// every party non-empty (WOD-RAID-2), every requirement met (WOD-RAID-3), nobody with someone
    /// they will not play with, nobody barred (WOD-RAID-4).
    /// `may` says which of `dungeons` (by place) each member may raid.
    fn completes(&self, may: &[u64; GUILD_CAP], dungeons: &[u8], fixed: &mut [u8]) -> bool {
        self.go(may, self.members(), dungeons, fixed, 0)
    }

    fn go(&self, may: &[u64; GUILD_CAP], n: usize, dungeons: &[u8], a: &mut [u8], i: usize) -> bool {
        if i == n {
            return dungeons.iter().enumerate().all(|(k, &d)| {
                let mut any = false;
                let mut types = 0u8;
                for (m, &counts_as) in self.counts[..n].iter().enumerate() {
                    if usize::from(a[m]) == k {
                        any = true;
                        types |= counts_as;
                    }
                }
                let needs = self.v.c.dungeon(d).needs.0;
                any && types & needs == needs
            });
        }
        // Not enough members left for the empty parties: prune.
        let empty = (0..dungeons.len()).filter(|&k| !a[..i].iter().any(|&x| usize::from(x) == k)).count();
        let left = a[i..].iter().filter(|&&x| x != OUT).count();
        if left < empty || !coverable(&self.counts[..n], may, dungeons, a, i, |d| self.v.c.dungeon(d).needs.0) {
            return false;
        }
        let fits = |k: usize, a: &[u8]| {
            k < 64
                && may[i] & 1 << k != 0
                && !(0..n).any(|o| o != i && usize::from(a[o]) == k && self.refuses[i] & 1 << o != 0)
        };
        if a[i] != UNSET {
            return (a[i] == OUT || fits(usize::from(a[i]), a)) && self.go(may, n, dungeons, a, i + 1);
        }
        for k in 0..dungeons.len() {
            if fits(k, a) {
                a[i] = k as u8;
                if self.go(may, n, dungeons, a, i + 1) {
                    a[i] = UNSET;
                    return true;
                }
            }
        }
        a[i] = OUT;
        let ok = self.go(may, n, dungeons, a, i + 1);
        a[i] = UNSET;
        ok
    }

    /// The declared dungeons and the parties chosen so far by the first `upto` members, as
    /// `completes` reads them.
    fn current(&self, upto: usize) -> (arrayvec::ArrayVec<u8, 8>, [u8; GUILD_CAP]) {
        let t = self.v.t;
        let dungeons = t.raid.iter().map(|d| d.dungeon).collect();
        let mut fixed = [UNSET; GUILD_CAP];
        for (m, member) in t.seats[self.seat].guild.iter().enumerate().take(upto) {
            fixed[m] = member.party.unwrap_or(OUT);
        }
        (dungeons, fixed)
    }

    fn members(&self) -> usize {
        self.v.t.seats[self.seat].guild.len()
    }

    /// WOD-RAID-1: whether declaring `dungeon` too still allows a legal declaration.
    pub fn may_declare(&self, dungeon: u8) -> bool {
        let t = self.v.t;
        if t.raid.iter().any(|d| d.dungeon == dungeon) || t.raid.is_full() {
            return false;
        }
        let Some(place) = t.dungeon_row.iter().position(|&d| d == dungeon) else { return false };
        let (mut dungeons, mut fixed) = self.current(0);
        let added = dungeons.len();
        dungeons.push(dungeon);
        // The row's column of who may raid it, moved to the new party's place.
        let may = std::array::from_fn(|m| self.may_declared[m] | (self.may_row[m] >> place & 1) << added);
        self.completes(&may, &dungeons, &mut fixed[..self.members()])
    }

    /// WOD-RAID-1: whether the dungeons declared so far can be raided by some split of the guild
    /// (in play always true; a saved position could say otherwise).
    pub fn declaration_completes(&self) -> bool {
        let (dungeons, mut fixed) = self.current(0);
        !dungeons.is_empty() && self.completes(&self.may_declared, &dungeons, &mut fixed[..self.members()])
    }

    /// WOD-RAID-2: the parties member `m` may join (places in the raid), and whether it may stay
    /// out, given the choices before it.
    pub fn party_options(&self, m: usize, mut f: impl FnMut(Option<u8>)) {
        let n = self.members();
        let (dungeons, mut fixed) = self.current(m);
        for k in 0..dungeons.len() {
            fixed[m] = k as u8;
            if self.completes(&self.may_declared, &dungeons, &mut fixed[..n]) {
                f(Some(k as u8));
            }
        }
        fixed[m] = OUT;
        if self.completes(&self.may_declared, &dungeons, &mut fixed[..n]) {
            f(None);
        }
    }
}

/// WOD-RAID-3, for the search in `Split::go`: whether every party can still meet its dungeon's
/// requirements, counting each member placed (`a[m]` for `m < i`, or fixed) where it is and each
/// member still to place in every party it may join. A party that cannot is no split at all.
fn coverable(
    counts: &[u8],
    may: &[u64; GUILD_CAP],
    dungeons: &[u8],
    a: &[u8],
    i: usize,
    needs: impl Fn(u8) -> u8,
) -> bool {
    let mut reach = [0u8; 64];
    for (m, &counts_as) in counts.iter().enumerate() {
        match a[m] {
            OUT => {}
            UNSET if m >= i => {
                let mut set = may[m];
                while set != 0 {
                    reach[set.trailing_zeros() as usize] |= counts_as;
                    set &= set - 1;
                }
            }
            UNSET => {}
            k => reach[usize::from(k) % 64] |= counts_as,
        }
    }
    dungeons.iter().take(64).enumerate().all(|(k, &d)| {
        let need = needs(d);
        reach[k] & need == need
    })
}

impl<R: Chance, E: EventSink<Event>> Ctx<'_, R, E> {
    /// WOD-RAID-8, WOD-RAID-14: rolls the die for the dungeon at `at`; the roll waits on the stack.
    pub fn roll(&mut self, at: u8) {
        let face = self.c.die[self.rng.roll_die(6) as usize % 6];
        let p = self.t.active;
        for member in self.t.seats[p].guild.iter_mut() {
            if member.party == Some(at) {
                member.raids = member.raids.saturating_add(1);
            }
        }
        let dungeon = self.t.raid[usize::from(at)].dungeon;
        self.t.raid[usize::from(at)].face = Some(face);
        self.emit(Event::Rolled { dungeon, face });
        self.t.pending.push(Item::Roll { at, face });
    }

    /// WOD-RAID-9, WOD-RAID-10, WOD-RAID-12: settles the roll for the dungeon at `at` with the
    /// face, experience and difficulty as they are now. Returns whether the raid goes on.
    pub fn settle(&mut self, at: u8, face: Face) -> bool {
        let dungeon = self.t.raid[usize::from(at)].dungeon;
        let (counted, once) = self.values().face(at, face);
        if counted != face {
            self.emit(Event::CountsAs { dungeon, face, as_face: counted });
        }
        if let Some(card) = once {
            // Once per game, used when the face comes up (WOD-RULING-4): to the Loot discard pile.
            let p = self.t.active;
            self.t.seats[p].stash.remove(card);
            self.t.loot_discard.insert(card);
            self.emit(Event::StashDiscarded { player: p, card });
        }
        let v = self.values();
        let xp = v.party_xp(at);
        let difficulty = v.difficulty(dungeon);
        let empty = v.party_size(at) == 0;
        // WOD-RULING-2: never more than the party holds.
        let discards = v.skull_discards(at).min(v.party_size(at) as i32) as u8;
        let success = match counted {
            Face::Skull => false,
            Face::Number(n) => !empty && xp + i32::from(n) >= difficulty,
        };
        self.emit(Event::Settled { dungeon, face: counted, xp, difficulty, success });
        if success {
            self.t.raid[usize::from(at)].won = true;
            return true;
        }
        if counted == Face::Skull {
            let left = discards;
            if left > 0 {
                self.t.steps.push(Step::SkullDiscard { at, left });
                return false;
            }
        }
        self.fail();
        false
    }

    /// WOD-RAID-13: every raid of the turn fails; Ragequit; the dungeon phase ends.
    pub fn fail(&mut self) {
        let p = self.t.active;
        self.t.used.failed = true;
        self.emit(Event::RaidFailed { player: p });
        let mut m = 0;
        while m < self.t.seats[p].guild.len() {
            let raided = self.t.seats[p].guild[m].party.is_some();
            if raided && self.values().has(p, m, |a| matches!(a, Passive::Ragequit)) {
                self.discard_member(p, m, "ragequit");
            } else {
                m += 1;
            }
        }
        for member in self.t.seats[p].guild.iter_mut() {
            member.party = None;
        }
        self.t.raid.clear();
    }

    /// WOD-RAID-12: a declared party left with no members fails once the stack is empty.
    pub fn empty_party(&self) -> bool {
        let v = self.values();
        !self.t.used.failed && self.t.raid.iter().enumerate().any(|(at, d)| !d.won && v.party_size(at as u8) == 0)
    }

    /// WOD-CLAIM-1, WOD-CLAIM-2: the raided dungeons move into the Guild Stash, then the Loot is
    /// drawn; claim triggers and Learns counters.
    pub fn claim(&mut self, extra: i8) {
        let p = self.t.active;
        for i in 0..self.t.raid.len() {
            let d = self.t.raid[i].dungeon;
            if let Some(k) = self.t.dungeon_row.iter().position(|&x| x == d) {
                self.t.dungeon_row.remove(k);
                self.t.seats[p].dungeons.push(d);
                self.emit(Event::Claimed { player: p, dungeon: d });
            }
        }
        let v = self.values();
        let loot = v.claim_loot(extra);
        let extra_draws = v.claim_draws(p);
        for member in self.t.seats[p].guild.iter_mut() {
            if member.party.is_some() {
                member.claims = member.claims.saturating_add(1);
            }
        }
        for member in self.t.seats[p].guild.iter_mut() {
            member.party = None;
        }
        self.t.raid.clear();
        self.draw_loot(p, loot + extra_draws);
    }

    /// After the declaration's window or a settled roll: the next roll, the claim, or nothing.
    pub fn next_raid_step(&mut self) {
        if self.t.raid.iter().all(|d| d.won) {
            self.set_phase(Phase::Claim);
        } else {
            self.set_phase(Phase::NextRaid);
        }
    }

    pub fn set_phase(&mut self, phase: Phase) {
        if let Some(bottom) = self.t.steps.bottom_mut() {
            *bottom = Step::Phase(phase);
        }
    }
}
