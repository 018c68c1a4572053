//! What a viewer sees (WOD-INFO-1, WOD-INFO-2, WOD-VIEW-1 to WOD-VIEW-3): the public table in the
//! game's words, the viewer's own hand, and nothing of anyone else's; the tensor for learning agents.

use serde::Serialize;
use worlds_engine::{Player, Viewer};

pub use crate::clicks::Facts;
use crate::content::Content;
use crate::state::{Item, State, Step};
pub use crate::status::{StackView, StandingView};
use crate::status::{
    arrow, done, ending_words, fate_words, outlook, raid_status, stack_view, standing_words, step_words,
};
use crate::text;
use crate::values::Values;
use crate::vocab::{Row, Timing};

/// A gamer: in the Forum row (printed values) or in a guild (with its counters and marks).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct GamerView {
    pub id: String,
    pub name: String,
    /// The printed type.
    #[serde(rename = "type")]
    pub ty: String,
    /// The type now, when a card changed it (Respec).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub type_now: Option<String>,
    /// The printed experience.
    pub xp: u8,
    /// Experience now (in a guild, with modifiers).
    pub xp_now: i32,
    pub skill: String,
    /// Joined its guild this turn (WOD-TURN-2).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub joined: bool,
    /// Raids counted towards burn-out (WOD-RAID-14).
    #[serde(skip_serializing_if = "is_zero")]
    pub raids: u8,
    /// Its burn-out, if it has the keyword.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burnout: Option<i32>,
    /// The dungeon whose party it is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub party: Option<String>,
    /// Barred from parties this turn.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub afk: bool,
    /// Effect cards attached to it this turn.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<String>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DungeonView {
    pub id: String,
    pub name: String,
    pub kind: &'static str,
    pub difficulty: u8,
    pub difficulty_now: i32,
    pub loot: u8,
    /// The loot value now (for the active player's claim; for a claimed dungeon, its owner's).
    pub loot_now: i32,
    pub vp: u8,
    /// The requirement: `*` or type letters joined by `+` ("L+H").
    pub needs: String,
    /// The requirement in words ("a Leader and a Hardcore"; "nothing").
    pub needs_words: String,
    /// Its abilities as printed ("Here: … In your Guild Stash: …").
    pub text: String,
    /// What works while it is raided.
    pub raid_text: String,
    /// What works from its owner's Guild Stash.
    pub stash_text: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardView {
    pub id: String,
    pub name: String,
    pub kind: &'static str,
    /// An Effect card's timing word, as its text starts ("Roll").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<&'static str>,
    /// An Effect card's timing in words ("while a die roll waits").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<&'static str>,
    pub text: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    pub player: String,
    pub active: bool,
    pub vp: i32,
    pub hand_size: u32,
    pub hand_limit: i32,
    pub guild_limit: i32,
    pub guild: Vec<GamerView>,
    /// Stash cards in the Guild Stash.
    pub stash: Vec<CardView>,
    /// Claimed dungeons, in the order claimed.
    pub dungeons: Vec<DungeonView>,
    /// A standing pass, and until when (WOD-RESP-10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standing_pass: Option<&'static str>,
}

/// A declared dungeon of the turn's raid.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RaidView {
    pub dungeon: String,
    pub kind: &'static str,
    pub needs: String,
    pub party: Vec<String>,
    /// The party's experience now.
    pub xp: i32,
    /// The dungeon's difficulty now.
    pub difficulty: i32,
    /// The last face rolled for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolled: Option<String>,
    /// What the rolled face counts as, when a card or skill changes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts_as: Option<String>,
    /// Its roll is settled and succeeded.
    pub won: bool,
    /// While its roll waits on the stack: what settling it now would do ("succeeds", "fails", "wipes
    /// the party").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outlook: Option<&'static str>,
    /// Where it stands, in words: "party xp 5 against difficulty 4, not rolled yet", "rolled -1:
    /// 5 - 1 = 4 against difficulty 4, succeeds if settled now", "won (rolled +1)".
    pub status: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    /// The viewing player ("P2"); absent for a spectator.
    pub viewer: Option<String>,
    pub turn: u16,
    pub turn_cap: u16,
    pub active: String,
    /// The phase and step in words ("Phase 2 — Recruit").
    pub step: String,
    /// Who decides what, in words.
    pub decision: String,
    /// The steps of the active player's turn already behind them ("Kick", "Recruit").
    pub done: Vec<&'static str>,
    /// A Troll joined the active player's guild this turn: no recruiting (WOD-RECRUIT-3).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub troll_joined: bool,
    /// How the game ended, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<String>,
    pub dungeon_deck: usize,
    /// The known cards at the bottom of the Dungeon deck, first to be drawn first.
    pub dungeon_bottom: Vec<String>,
    pub forum_deck: usize,
    pub forum_bottom: Vec<String>,
    pub loot_deck: u32,
    pub forum_discard: Vec<String>,
    pub loot_discard: Vec<String>,
    pub patch_notes: Vec<CardView>,
    pub dungeon_row_limit: i32,
    pub forum_row_limit: i32,
    /// Oldest first.
    pub dungeon_row: Vec<DungeonView>,
    /// Oldest first.
    pub forum_row: Vec<GamerView>,
    pub seats: Vec<SeatView>,
    /// The turn's raid, in the order declared.
    pub raid: Vec<RaidView>,
    /// The raid failed this turn (WOD-RAID-13).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub raid_failed: bool,
    /// The response stack, bottom (the waiting action) first.
    pub stack: Vec<StackView>,
    /// Effect cards played this turn and what became of them ("Easy Mode (P2) → Goblin
    /// Warrens: resolved").
    pub played: Vec<String>,
    /// In a response window: who holds priority.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<String>,
    /// In a response window: who has passed since the last card.
    pub passed: Vec<String>,
    /// Standing passes (WOD-RESP-10).
    pub standing: Vec<StandingView>,
    /// The viewer's own hand (absent for spectators).
    pub hand: Option<Vec<CardView>>,
    /// What the table (`table.rs`) needs that the fields above say only in words: public facts,
    /// kept out of the JSON.
    #[serde(skip)]
    pub facts: Facts,
}

pub fn card_view(c: &Content, card: u8) -> CardView {
    let def = c.def(card);
    CardView {
        id: def.id.clone(),
        name: def.name.clone(),
        kind: def.kind.name(),
        timing: def.timing.map(Timing::title),
        when: def.timing.map(Timing::when),
        text: text::loot(def),
    }
}

/// A dungeon with its values now; `seat` is whose claim its loot value is for.
pub fn dungeon_view(v: &Values, d: u8, seat: Player) -> DungeonView {
    let x = v.c.dungeon(d);
    DungeonView {
        id: x.id.clone(),
        name: x.name.clone(),
        kind: x.kind.name(),
        difficulty: x.difficulty,
        difficulty_now: v.difficulty(d),
        loot: x.loot,
        loot_now: v.loot(d, seat),
        vp: x.vp,
        needs: x.needs.letters(),
        needs_words: x.needs.words(),
        text: text::dungeon(v.c, d),
        raid_text: text::dungeon_raid(v.c, d),
        stash_text: text::dungeon_stash(v.c, d),
    }
}

pub(crate) fn forum_view(c: &Content, g: u8) -> GamerView {
    let x = c.gamer(g);
    GamerView {
        id: x.id.clone(),
        name: x.name.clone(),
        ty: x.ty.name().into(),
        type_now: None,
        xp: x.xp,
        xp_now: i32::from(x.xp),
        skill: text::gamer(c, g),
        joined: false,
        raids: 0,
        burnout: None,
        party: None,
        afk: false,
        attached: Vec::new(),
    }
}

pub fn observe(c: &Content, s: &State, viewer: Viewer) -> Observation {
    let t = &s.t;
    let v = Values::new(c, t);
    let me = viewer.player();
    let seats = t
        .seats
        .iter()
        .map(|(p, seat)| SeatView {
            player: p.to_string(),
            active: p == t.active,
            vp: v.vp(p),
            hand_size: seat.hand.len(),
            hand_limit: v.hand_limit(p),
            guild_limit: v.guild_limit(p),
            guild: seat
                .guild
                .iter()
                .enumerate()
                .map(|(m, member)| {
                    let mut g = forum_view(c, member.gamer);
                    let now = v.gamer_type(member);
                    g.type_now = (now != c.gamer(member.gamer).ty).then(|| now.name().into());
                    g.xp_now = v.xp(p, m);
                    g.joined = member.joined;
                    g.raids = member.raids;
                    g.burnout = v.burnout(p, m);
                    g.party = member
                        .party
                        .and_then(|k| t.raid.get(usize::from(k)))
                        .map(|d| c.dungeon(d.dungeon).name.clone());
                    g.afk = member.afk;
                    g.attached = v.attached(member.gamer).map(|i| c.def(t.played[i].card).name.clone()).collect();
                    g
                })
                .collect(),
            stash: seat.stash.iter().map(|k| card_view(c, k)).collect(),
            dungeons: seat.dungeons.iter().map(|&d| dungeon_view(&v, d, p)).collect(),
            standing_pass: standing_words(seat.standing),
        })
        .collect();
    let rolling: Option<u8> =
        t.pending.iter().find_map(|i| if let Item::Roll { at, .. } = i { Some(*at) } else { None });
    let raid = t
        .raid
        .iter()
        .enumerate()
        .map(|(at, d)| {
            let at = at as u8;
            let counted = d.face.map(|f| v.face(at, f).0).filter(|f| Some(*f) != d.face);
            RaidView {
                dungeon: c.dungeon(d.dungeon).name.clone(),
                kind: c.dungeon(d.dungeon).kind.name(),
                needs: c.dungeon(d.dungeon).needs.letters(),
                party: v.party(at).map(|(_, m)| c.gamer(m.gamer).name.clone()).collect(),
                xp: v.party_xp(at),
                difficulty: v.difficulty(d.dungeon),
                rolled: d.face.map(|f| f.to_string()),
                counts_as: if rolling == Some(at) { counted.map(|f| f.to_string()) } else { None },
                won: d.won,
                outlook: outlook(&v, at, rolling == Some(at)),
                status: raid_status(&v, at, rolling == Some(at)),
            }
        })
        .collect();
    let stack = t.pending.iter().map(|item| stack_view(c, t, *item)).collect();
    let facts = crate::clicks::facts(c, s);
    let window = t.steps.iter().rev().find_map(|s| if let Step::Window(r) = s { Some(r) } else { None });
    let (priority, passed) = match window {
        Some(r) => (r.holder().map(|p| p.to_string()), r.passed().iter().map(|p| p.to_string()).collect()),
        None => (None, Vec::new()),
    };
    Observation {
        viewer: me.map(|p| p.to_string()),
        turn: t.turn,
        turn_cap: c.turn_cap,
        active: t.active.to_string(),
        step: step_words(c, t),
        decision: crate::decision::decision(c, s).text,
        done: if t.over.is_some() { Vec::new() } else { done(t) },
        troll_joined: t.used.troll_joined,
        over: t.over.map(|e| ending_words(e).to_owned()),
        dungeon_deck: t.dungeon_deck.count(),
        dungeon_bottom: t.dungeon_deck.bottom.iter().map(|&d| c.dungeon(d).name.clone()).collect(),
        forum_deck: t.forum_deck.count(),
        forum_bottom: t.forum_deck.bottom.iter().map(|&g| c.gamer(g).name.clone()).collect(),
        loot_deck: t.loot_deck.len(),
        forum_discard: t.forum_discard.iter().map(|g| c.gamer(g).name.clone()).collect(),
        loot_discard: t.loot_discard.iter().map(|k| c.def(k).name.clone()).collect(),
        patch_notes: t.patch.iter().map(|&k| card_view(c, k)).collect(),
        dungeon_row_limit: v.row_limit(Row::Dungeon),
        forum_row_limit: v.row_limit(Row::Forum),
        dungeon_row: t.dungeon_row.iter().map(|&d| dungeon_view(&v, d, t.active)).collect(),
        forum_row: t.forum_row.iter().map(|&g| forum_view(c, g)).collect(),
        seats,
        raid,
        raid_failed: t.used.failed,
        stack,
        played: facts
            .played
            .iter()
            .map(|p| format!("{} ({}){}: {}", c.def(p.card).name, p.player, arrow(&p.targets), fate_words(p.fate)))
            .collect(),
        priority,
        passed,
        standing: t
            .seats
            .iter()
            .filter_map(|(p, s)| standing_words(s.standing).map(|until| StandingView { player: p.to_string(), until }))
            .collect(),
        hand: me.map(|p| {
            let mut cards: Vec<CardView> = t.seats[p].hand.iter().map(|k| card_view(c, k)).collect();
            cards.sort_by(|a, b| (a.kind, &a.name).cmp(&(b.kind, &b.name)));
            cards
        }),
        facts,
    }
}

/// The tensor: public counts and the viewer's hand by design.
pub fn tensor_len(c: &Content) -> usize {
    8 + 5 * 4 + c.defs.len() + c.dungeons.len() + c.gamers.len()
}

pub fn write_tensor(c: &Content, s: &State, player: Player, out: &mut [f32]) {
    out.fill(0.0);
    let t = &s.t;
    let v = Values::new(c, t);
    out[0] = f32::from(t.turn) / f32::from(c.turn_cap.max(1));
    out[1] = t.dungeon_deck.count() as f32 / 64.0;
    out[2] = t.forum_deck.count() as f32 / 64.0;
    out[3] = t.loot_deck.len() as f32 / 128.0;
    out[4] = f32::from(u8::from(t.active == player));
    let n = t.seats.len();
    for (k, p) in player.clockwise_from(n).enumerate() {
        let base = 8 + 4 * k;
        out[base] = v.vp(p) as f32 / 20.0;
        out[base + 1] = t.seats[p].hand.len() as f32 / 5.0;
        out[base + 2] = t.seats[p].guild.len() as f32 / 4.0;
        out[base + 3] = t.seats[p].guild.iter().enumerate().map(|(m, _)| v.xp(p, m)).sum::<i32>() as f32 / 10.0;
    }
    let base = 28;
    for card in t.seats[player].hand.iter() {
        out[base + usize::from(c.def_of(card))] += 1.0;
    }
    let base = base + c.defs.len();
    for &d in &t.dungeon_row {
        out[base + usize::from(d)] = 1.0;
    }
    let base = base + c.dungeons.len();
    for &g in &t.forum_row {
        out[base + usize::from(g)] = 1.0;
    }
}

/// "4", or "4→3" when a modifier changes the printed value.
pub fn value(printed: impl Into<i32>, now: i32) -> String {
    let printed = printed.into();
    if printed == now { now.to_string() } else { format!("{printed}→{now}") }
}

/// The type of a gamer, and what it is now when a card changed it: "Leader", "Leader→Noob".
pub fn gamer_type(g: &GamerView) -> String {
    match &g.type_now {
        Some(now) => format!("{}→{now}", g.ty),
        None => g.ty.clone(),
    }
}
