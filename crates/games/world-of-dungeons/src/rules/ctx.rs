//! The mutations every rule uses: drawing (WOD-COMP-2, WOD-LOOT-1, WOD-PATCH-1), gamers joining
//! and leaving guilds (WOD-EFFECT-5), rows filling (WOD-POP-2), with their events.

use worlds_engine::{Chance, EventSink, Player, Visibility};

use crate::ability::Op;
use crate::content::{Content, LootKind};
use crate::event::Event;
use crate::state::{Deck, Fate, Member, Table};
use crate::values::Values;
use crate::vocab::Row;

/// The content, the table being changed, the dice and the log.
pub struct Ctx<'a, R, E> {
    pub c: &'a Content,
    pub t: &'a mut Table,
    pub rng: &'a mut R,
    pub ev: &'a mut E,
}

impl<R: Chance, E: EventSink<Event>> Ctx<'_, R, E> {
    pub fn values(&self) -> Values<'_> {
        Values::new(self.c, self.t)
    }

    pub fn emit(&mut self, event: Event) {
        self.ev.emit(Visibility::PUBLIC, event);
    }

    pub fn players(&self) -> usize {
        self.t.seats.len()
    }

    /// WOD-COMP-2: a random unseen card, else the first of the bottom list; `None` when empty
    /// (WOD-COMP-3, WOD-WIN-3).
    fn draw_from(deck: &mut Deck, rng: &mut R) -> Option<u8> {
        if !deck.unseen.is_empty() {
            return deck.unseen.draw(rng);
        }
        if deck.bottom.is_empty() { None } else { Some(deck.bottom.remove(0)) }
    }

    /// Draws a Dungeon or Forum card (not yet placed).
    pub fn draw_row_card(&mut self, row: Row) -> Option<u8> {
        let card = Self::draw_from(self.t.row_mut(row).1, self.rng);
        if card.is_none() {
            self.emit(Event::DeckEmpty { row: Some(row) });
        }
        card
    }

    /// WOD-POP-2, WOD-POP-3: a card enters its row as the newest; if the row is then over its
    /// limit, the oldest go to the bottom of their deck.
    pub fn enter_row(&mut self, row: Row, card: u8) {
        let limit = self.values().row_limit(row).max(1) as usize;
        let (list, deck) = self.t.row_mut(row);
        let mut moved = arrayvec::ArrayVec::<u8, 8>::new();
        // Room for the card, at most the table's 8 whatever the limit.
        while list.len() >= limit.min(list.capacity()) && !list.is_empty() {
            let old = list.remove(0);
            deck.bottom.push(old);
            moved.push(old);
        }
        list.push(card);
        self.emit(Event::Revealed { row, id: card });
        for old in moved {
            self.emit(Event::ToBottom { row, id: old });
        }
    }

    /// WOD-POP-2, WOD-RULING-5: a row holds no more cards than its limit at any time: when its
    /// limit has fallen, its oldest cards go to the bottom of its deck at once, save the dungeons
    /// of the raid in progress. (Only content whose row limits can fall needs this.)
    pub fn trim_rows(&mut self) {
        if !self.c.row_limits_vary || self.t.over.is_some() {
            return;
        }
        for row in [Row::Dungeon, Row::Forum] {
            let limit = self.values().row_limit(row).clamp(1, 8) as usize;
            let raided = self.t.raid.iter().fold(0u64, |set, d| set | 1 << d.dungeon);
            loop {
                let (list, deck) = self.t.row_mut(row);
                let oldest = list.iter().position(|&k| row == Row::Forum || raided & 1 << k == 0);
                let Some(i) = oldest.filter(|_| list.len() > limit) else { break };
                let old = list.remove(i);
                deck.bottom.push(old);
                self.emit(Event::ToBottom { row, id: old });
            }
        }
    }

    /// WOD-LOOT-1, WOD-PATCH-1, WOD-PATCH-2: `p` draws `n` Loot cards; a Patch Notes card goes into
    /// force and counts as drawn (outside setup). Returns how many reached the hand.
    pub fn draw_loot(&mut self, p: Player, n: i32) -> i32 {
        let mut kept = 0;
        for _ in 0..n.max(0) {
            if self.t.loot_deck.is_empty() {
                self.emit(Event::DeckEmpty { row: None });
                break;
            }
            let Some(card) = self.t.loot_deck.draw(self.rng) else { break };
            if self.c.def(card).kind == LootKind::PatchNotes {
                self.patch_notes(p, card);
            } else {
                self.t.seats[p].hand.insert(card);
                kept += 1;
                self.ev.emit(Visibility::only(p), Event::DrewLoot { player: p, card });
                self.ev.emit(Visibility::all_but(p), Event::DrewLootUnseen { player: p, count: 1 });
            }
        }
        kept
    }

    /// WOD-PATCH-1, WOD-PATCH-3, WOD-PATCH-4: a Patch Notes card goes face up at the end of the row
    /// and takes effect at once; no window, no cancelling.
    fn patch_notes(&mut self, p: Player, card: u8) {
        self.t.patch.push(card);
        self.emit(Event::PatchNotes { player: p, card });
        for op in &self.c.def(card).steps {
            match *op {
                Op::PurgeForum => {
                    for gamer in std::mem::take(&mut self.t.forum_row) {
                        self.t.forum_discard.insert(gamer);
                        self.emit(Event::Purged { gamer });
                    }
                }
                Op::RowToBottom { row } => {
                    let (list, deck) = self.t.row_mut(row);
                    let cards = std::mem::take(list);
                    for &card in &cards {
                        deck.bottom.push(card);
                    }
                    for card in cards {
                        self.emit(Event::ToBottom { row, id: card });
                    }
                }
                _ => {}
            }
        }
    }

    /// A gamer joins `p`'s guild (recruit, Troll, card), marked as joined this turn
    /// (WOD-TURN-2); Cash shop draws. Returns whether it joined. No guild reaches its capacity:
    /// content and saved positions that could are refused (WOD-RULING-7); should one, the gamer is
    /// discarded rather than the game stopped.
    pub fn join(&mut self, p: Player, gamer: u8) -> bool {
        let seat = &mut self.t.seats[p];
        if seat.guild.try_push(Member::new(gamer)).is_err() {
            self.t.forum_discard.insert(gamer);
            return false;
        }
        self.emit(Event::Joined { player: p, gamer });
        let m = self.t.seats[p].guild.len() - 1;
        if self.values().has(p, m, |a| matches!(a, crate::ability::Passive::CashShop)) {
            self.draw_loot(p, 1);
        }
        true
    }

    /// A member leaves `p`'s guild (to wherever the caller puts it); Effect cards attached to it go
    /// to the Loot discard pile at once (WOD-EFFECT-5, WOD-KICK-1).
    pub fn leave(&mut self, p: Player, m: usize) -> Option<Member> {
        if m >= self.t.seats[p].guild.len() {
            return None;
        }
        let mut member = self.t.seats[p].guild.remove(m);
        let attached: arrayvec::ArrayVec<usize, { crate::state::PLAYED }> =
            self.values().attached(member.gamer).collect();
        for i in attached {
            // Stays listed (stacked references keep their places) but no longer works.
            let card = self.t.played[i].card;
            if self.c.def(card).steps.contains(&Op::Afk) {
                member.afk = false;
            }
            self.t.played[i].fate = Fate::Detached;
            self.t.loot_discard.insert(card);
            self.emit(Event::Detached { card });
        }
        Some(member)
    }

    /// A member goes to the Forum discard pile (kick, skull, burn-out, ragequit, a card).
    pub fn discard_member(&mut self, p: Player, m: usize, why: &'static str) {
        if let Some(member) = self.leave(p, m) {
            self.t.forum_discard.insert(member.gamer);
            self.emit(Event::Left { player: p, gamer: member.gamer, why });
        }
    }

    /// The guild place of a gamer, if it is in `p`'s guild.
    pub fn find_member(&self, p: Player, gamer: u8) -> Option<usize> {
        self.t.seats.get(p)?.guild.iter().position(|m| m.gamer == gamer)
    }

    /// The seat and place of a guildmember anywhere.
    pub fn locate(&self, gamer: u8) -> Option<(Player, usize)> {
        Player::all(self.players()).find_map(|p| self.find_member(p, gamer).map(|m| (p, m)))
    }
}
