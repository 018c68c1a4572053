//! What a viewer sees (WOD-INFO-1, WOD-INFO-2, WOD-VIEW-1 to WOD-VIEW-3): the public table in the
//! game's words, the viewer's own hand, and nothing of anyone else's; the tensor for learning agents.

use serde::Serialize;
use worlds_engine::{Player, Viewer};

use crate::content::{Content, LootKind};
use crate::state::{Fate, Item, Standing, State, Step, Table};
use crate::text;
use crate::values::Values;
use crate::vocab::Face;

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct GamerView {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub xp: u8,
    /// Experience now (in a guild, with modifiers).
    pub xp_now: i32,
    pub skill: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub joined: bool,
    #[serde(skip_serializing_if = "is_zero")]
    pub raids: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burnout: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub party: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub afk: bool,
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
    pub vp: u8,
    pub needs: String,
    pub text: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardView {
    pub id: String,
    pub name: String,
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<&'static str>,
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
    pub stash: Vec<CardView>,
    pub dungeons: Vec<DungeonView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standing_pass: Option<&'static str>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RaidView {
    pub dungeon: String,
    pub party: Vec<String>,
    pub xp: i32,
    pub difficulty: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolled: Option<String>,
    pub won: bool,
}

/// An item of the response stack, bottom first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct StackView {
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Option<String>,
    pub turn: u16,
    pub turn_cap: u16,
    pub active: String,
    pub step: String,
    pub over: Option<String>,
    pub dungeon_deck: usize,
    pub dungeon_bottom: Vec<String>,
    pub forum_deck: usize,
    pub forum_bottom: Vec<String>,
    pub loot_deck: u32,
    pub forum_discard: Vec<String>,
    pub loot_discard: Vec<String>,
    pub patch_notes: Vec<CardView>,
    pub dungeon_row: Vec<DungeonView>,
    pub forum_row: Vec<GamerView>,
    pub seats: Vec<SeatView>,
    pub raid: Vec<RaidView>,
    pub stack: Vec<StackView>,
    /// Effect cards played this turn and what became of them.
    pub played: Vec<String>,
    pub priority: Option<String>,
    pub passed: Vec<String>,
    /// The viewer's own hand (absent for spectators).
    pub hand: Option<Vec<CardView>>,
}

pub fn card_view(c: &Content, card: u8) -> CardView {
    let def = c.def(card);
    CardView {
        id: def.id.clone(),
        name: def.name.clone(),
        kind: def.kind.name(),
        timing: def.timing.map(|t| t.word()),
        text: text::loot(def),
    }
}

pub fn dungeon_view(v: &Values, d: u8) -> DungeonView {
    let x = v.c.dungeon(d);
    DungeonView {
        id: x.id.clone(),
        name: x.name.clone(),
        kind: x.kind.name(),
        difficulty: x.difficulty,
        difficulty_now: v.difficulty(d),
        loot: x.loot,
        vp: x.vp,
        needs: x.needs.letters(),
        text: text::dungeon(v.c, d),
    }
}

fn forum_view(c: &Content, g: u8) -> GamerView {
    let x = c.gamer(g);
    GamerView {
        id: x.id.clone(),
        name: x.name.clone(),
        ty: x.ty.name().into(),
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

fn names(mask: u128, name: impl Fn(u8) -> String) -> Vec<String> {
    worlds_engine::bits::ones(mask).map(|i| name(i as u8)).collect()
}

fn face_text(f: Face) -> String {
    f.to_string()
}

/// The step in words.
pub fn step_words(t: &Table) -> String {
    match t.steps.top() {
        None => "game over".into(),
        Some(Step::Phase(p)) => format!("{p:?}").to_lowercase(),
        Some(Step::Window(_)) => "response window".into(),
        Some(Step::Pick { .. }) => "choosing a target".into(),
        Some(Step::Resolve { .. }) => "resolving".into(),
        Some(Step::SkullDiscard { .. }) => "skull discard".into(),
        Some(Step::HandLimit(_)) => "hand limit".into(),
    }
}

pub fn observe(c: &Content, s: &State, viewer: Viewer) -> Observation {
    let t = &s.t;
    let v = Values::new(c, t);
    let me = viewer.player().map(Player::index);
    let seats = t
        .seats
        .iter()
        .enumerate()
        .map(|(p, seat)| SeatView {
            player: format!("P{}", p + 1),
            active: p == usize::from(t.active),
            vp: v.vp(p),
            hand_size: seat.hand.0.count_ones(),
            hand_limit: v.hand_limit(p),
            guild_limit: v.guild_limit(p),
            guild: seat
                .guild
                .iter()
                .enumerate()
                .map(|(m, member)| {
                    let mut g = forum_view(c, member.gamer);
                    g.ty = v.gamer_type(member).name().into();
                    g.xp_now = v.xp(p, m);
                    g.joined = member.joined;
                    g.raids = member.raids;
                    g.burnout = v.burnout(p, m);
                    g.party = member
                        .party
                        .and_then(|k| t.raid.get(usize::from(k)))
                        .map(|d| c.dungeon(d.dungeon).name.clone());
                    g.afk = member.afk;
                    g.attached = t
                        .played
                        .iter()
                        .filter(|x| x.fate == Fate::Resolved && x.picked.gamer == Some(member.gamer))
                        .map(|x| c.def(x.card).name.clone())
                        .collect();
                    g
                })
                .collect(),
            stash: worlds_engine::bits::ones(seat.stash.0).map(|k| card_view(c, k as u8)).collect(),
            dungeons: seat.dungeons.iter().map(|&d| dungeon_view(&v, d)).collect(),
            standing_pass: match seat.standing {
                Standing::None => None,
                Standing::Turn => Some("for the rest of the turn"),
                Standing::UntilMyTurn => Some("until their next turn"),
            },
        })
        .collect();
    let raid = t
        .raid
        .iter()
        .enumerate()
        .map(|(at, d)| RaidView {
            dungeon: c.dungeon(d.dungeon).name.clone(),
            party: v.party(at as u8).map(|(_, m)| c.gamer(m.gamer).name.clone()).collect(),
            xp: v.party_xp(at as u8),
            difficulty: v.difficulty(d.dungeon),
            rolled: d.face.map(face_text),
            won: d.won,
        })
        .collect();
    let stack = t
        .pending
        .iter()
        .map(|item| match *item {
            Item::Recruit { gamer, troll, cancelled } => StackView {
                what: format!(
                    "{} {} joins{}",
                    if troll { "Troll" } else { "recruit:" },
                    c.gamer(gamer).name,
                    if cancelled { " (cancelled)" } else { "" }
                ),
                player: Some(format!("P{}", t.active + 1)),
            },
            Item::Declare => StackView { what: "raid declared".into(), player: Some(format!("P{}", t.active + 1)) },
            Item::Roll { at, face } => StackView {
                what: format!("roll {} for {}", face_text(face), c.dungeon(t.raid[usize::from(at)].dungeon).name),
                player: None,
            },
            Item::Claim { loot } => StackView {
                what: if loot == 0 { "claim".into() } else { format!("claim (Loot {loot:+})") },
                player: Some(format!("P{}", t.active + 1)),
            },
            Item::Card { played } => {
                let pl = t.played[usize::from(played)];
                StackView {
                    what: format!("{}{}", c.def(pl.card).name, target_list(c, t, &pl.picked)),
                    player: Some(format!("P{}", pl.player + 1)),
                }
            }
        })
        .collect();
    let (priority, passed) =
        match t.steps.iter().rev().find_map(|s| if let Step::Window(r) = s { Some(r) } else { None }) {
            Some(r) => (r.holder().map(|p| p.to_string()), r.passed().iter().map(|p| p.to_string()).collect()),
            None => (None, Vec::new()),
        };
    Observation {
        viewer: me.map(|p| format!("P{}", p + 1)),
        turn: t.turn,
        turn_cap: c.turn_cap,
        active: format!("P{}", t.active + 1),
        step: step_words(t),
        over: t.over.map(|e| format!("{e:?}")),
        dungeon_deck: t.dungeon_deck.count(),
        dungeon_bottom: t.dungeon_deck.bottom.iter().map(|&d| c.dungeon(d).name.clone()).collect(),
        forum_deck: t.forum_deck.count(),
        forum_bottom: t.forum_deck.bottom.iter().map(|&g| c.gamer(g).name.clone()).collect(),
        loot_deck: t.loot_deck.0.count_ones(),
        forum_discard: names(u128::from(t.forum_discard.0), |g| c.gamer(g).name.clone()),
        loot_discard: names(t.loot_discard.0, |k| c.def(k).name.clone()),
        patch_notes: t.patch.iter().map(|&k| card_view(c, k)).collect(),
        dungeon_row: t.dungeon_row.iter().map(|&d| dungeon_view(&v, d)).collect(),
        forum_row: t.forum_row.iter().map(|&g| forum_view(c, g)).collect(),
        seats,
        raid,
        stack,
        played: t
            .played
            .iter()
            .filter(|p| p.fate != Fate::Picking || true)
            .map(|p| format!("{} by P{}: {:?}", c.def(p.card).name, p.player + 1, p.fate).to_lowercase())
            .collect(),
        priority,
        passed,
        hand: me.map(|p| {
            let mut cards: Vec<CardView> =
                worlds_engine::bits::ones(t.seats[p].hand.0).map(|k| card_view(c, k as u8)).collect();
            cards.sort_by(|a, b| (a.kind, &a.name).cmp(&(b.kind, &b.name)));
            cards
        }),
    }
}

fn target_list(c: &Content, t: &Table, p: &crate::state::Picked) -> String {
    let mut parts = Vec::new();
    if let Some(d) = p.dungeon {
        parts.push(c.dungeon(d).name.clone());
    }
    if let Some(g) = p.gamer.or(p.forum) {
        parts.push(c.gamer(g).name.clone());
    }
    if let Some(s) = p.player {
        parts.push(format!("P{}", s + 1));
    }
    if let Some(k) = p.effect {
        parts.push(t.played.get(usize::from(k)).map_or_else(String::new, |x| c.def(x.card).name.clone()));
    }
    if let Some(ty) = p.ty {
        parts.push(ty.name().into());
    }
    if parts.is_empty() { String::new() } else { format!(" → {}", parts.join(", ")) }
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
    out[3] = t.loot_deck.0.count_ones() as f32 / 128.0;
    out[4] = f32::from(u8::from(usize::from(t.active) == player.index()));
    let n = t.seats.len();
    for k in 0..n {
        let p = (player.index() + k) % n;
        let base = 8 + 4 * k;
        out[base] = v.vp(p) as f32 / 20.0;
        out[base + 1] = t.seats[p].hand.0.count_ones() as f32 / 5.0;
        out[base + 2] = t.seats[p].guild.len() as f32 / 4.0;
        out[base + 3] = t.seats[p].guild.iter().enumerate().map(|(m, _)| v.xp(p, m)).sum::<i32>() as f32 / 10.0;
    }
    let base = 28;
    for card in worlds_engine::bits::ones(t.seats[player.index()].hand.0) {
        out[base + usize::from(c.def_of(card as u8))] += 1.0;
    }
    let base = base + c.defs.len();
    for &d in &t.dungeon_row {
        out[base + usize::from(d)] = 1.0;
    }
    let base = base + c.dungeons.len();
    for &g in &t.forum_row {
        out[base + usize::from(g)] = 1.0;
    }
    let _ = LootKind::Stash;
}
