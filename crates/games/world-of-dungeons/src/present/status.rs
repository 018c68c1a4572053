//! The state of play in words (WOD-VIEW-3): the phase and step, the steps already behind the
//! active player, the response stack from the waiting action up to the newest card with each
//! card's player and targets, the Effect cards of the turn and what became of them, the raid's
//! standing, standing passes, how the game ended.

use serde::Serialize;

use crate::content::Content;
use crate::state::{Ending, Fate, Item, Phase, Picked, Standing, Step, Table};
use crate::text;
use crate::values::Values;
use crate::vocab::Face;

/// An item of the response stack, bottom first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct StackView {
    /// What waits, in words ("P3 recruits Raid Mom", "Easy Mode").
    pub what: String,
    /// Who put it there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// An Effect card's targets.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
    /// An Effect card's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Cancelled by a card: it will do nothing when it resolves.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cancelled: bool,
}

/// A player's standing pass.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct StandingView {
    pub player: String,
    pub until: &'static str,
}

/// The phase of a bottom step, in words.
pub fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::Kick => "Phase 2 — Kick",
        Phase::Recruit => "Phase 2 — Recruit",
        Phase::Stash => "Phase 2 — Play Stash",
        Phase::Dungeon => "Phase 3 — Grind or raid",
        Phase::Declare => "Phase 3 — Declaring dungeons",
        Phase::Parties { .. } => "Phase 3 — Declaring parties",
        Phase::NextRaid => "Phase 3 — Raid",
        Phase::Claim => "Phase 3 — Claim",
    }
}

/// The action at the bottom of the response stack, which opened the window, in words.
fn opener(c: &Content, t: &Table) -> String {
    let active = t.active;
    match t.pending.first() {
        None => "the last action".into(),
        Some(Item::Recruit { gamer, troll: true, .. }) => {
            format!("the Troll {} arrives for {active}'s guild", c.gamer(*gamer).name)
        }
        Some(Item::Recruit { gamer, .. }) => format!("{active}'s recruit of {}", c.gamer(*gamer).name),
        Some(Item::Kick { gamer }) => format!("{active}'s kick of {}", c.gamer(*gamer).name),
        Some(Item::Stash { card }) => format!("{active}'s play of {}", c.def(*card).name),
        Some(Item::Declare) => format!("{active}'s raid declaration"),
        Some(Item::Roll { at, .. }) => format!("the roll for {}", raided(c, t, *at)),
        Some(Item::Claim { .. }) => format!("{active}'s claim"),
        Some(Item::Card { played }) => t
            .played
            .get(usize::from(*played))
            .map_or_else(|| "a card".into(), |p| format!("{}'s {}", p.player, c.def(p.card).name)),
    }
}

/// The phase and step in words: "Phase 2 — Recruit", "Response window after the roll for Goblin
/// Warrens".
pub fn step_words(c: &Content, t: &Table) -> String {
    if t.over.is_some() {
        return "Game over".into();
    }
    let phase = match t.steps.bottom() {
        Some(Step::Phase(p)) => phase_words(*p),
        _ => "",
    };
    match t.steps.top() {
        None => "Game over".into(),
        Some(Step::Phase(p)) => phase_words(*p).into(),
        Some(Step::Window(_)) => format!("Response window after {}", opener(c, t)),
        Some(Step::Pick { played, .. }) => t
            .played
            .get(usize::from(*played))
            .map_or_else(|| phase.into(), |p| format!("{phase} · {} plays {}", p.player, c.def(p.card).name)),
        Some(Step::Resolve { played, .. }) => t
            .played
            .get(usize::from(*played))
            .map_or_else(|| "Resolving the stack".into(), |p| format!("Resolving the stack: {}", c.def(p.card).name)),
        Some(Step::SkullDiscard { at, .. }) => {
            format!("Phase 3 — Skull at {}: discarding from its party", raided(c, t, *at))
        }
        Some(Step::HandLimit(_)) => "End of turn — hand limit".into(),
    }
}

/// The steps of the turn already behind the active player (WOD-VIEW-3).
pub fn done(t: &Table) -> Vec<&'static str> {
    let n = match t.steps.bottom() {
        Some(Step::Phase(Phase::Kick)) | None => 0,
        Some(Step::Phase(Phase::Recruit)) => 1,
        Some(Step::Phase(Phase::Stash)) => 2,
        Some(_) => 3,
    };
    ["Kick", "Recruit", "Play Stash"][..n].to_vec()
}

pub fn ending_words(e: Ending) -> &'static str {
    match e {
        Ending::Vp => "a player reached 20 VP",
        Ending::EmptyDeck => "a deck ran out",
        Ending::TurnCap => "the turn cap was reached",
    }
}

pub fn fate_words(f: Fate) -> &'static str {
    match f {
        Fate::Picking => "choosing targets",
        Fate::Waiting => "waiting on the stack",
        Fate::Resolved => "resolved",
        Fate::Fizzled => "did nothing (its target was gone)",
        Fate::Cancelled => "cancelled",
        Fate::Detached => "discarded with its gamer",
    }
}

/// The status of a declared dungeon in words (WOD-RAID-8 to WOD-RAID-10): "party xp 3 against
/// difficulty 4, not rolled yet", "rolled -1: 3 - 1 = 2 against difficulty 4, fails if settled
/// now", "won (rolled +1)".
pub fn raid_status(v: &Values, at: u8, waiting: bool) -> String {
    let outlook = outlook(v, at, waiting);
    let Some(d) = v.t.raid.get(usize::from(at)) else { return String::new() };
    let xp = v.party_xp(at);
    let difficulty = v.difficulty(d.dungeon);
    let Some(face) = d.face else {
        let declaring = matches!(v.t.steps.bottom(), Some(Step::Phase(Phase::Declare | Phase::Parties { .. })));
        return if v.t.used.failed {
            "not raided: the raid failed".into()
        } else if declaring {
            format!("party xp {xp} against difficulty {difficulty}, parties being declared")
        } else {
            format!("party xp {xp} against difficulty {difficulty}, not rolled yet")
        };
    };
    if d.won {
        return format!("won (rolled {face})");
    }
    if !waiting {
        return format!("failed (rolled {face})");
    }
    let counted = v.face(at, face).0;
    let rolled = if counted == face { format!("rolled {face}") } else { format!("rolled {face}, counts as {counted}") };
    let result = outlook.unwrap_or("fails");
    match counted {
        Face::Skull => format!("{rolled}: {result} if it stands"),
        Face::Number(n) => {
            format!("{rolled}: {} against difficulty {difficulty}, {result} if settled now", Face::sum(xp, n))
        }
    }
}

/// What settling the waiting roll for the dungeon at `at` now would do (WOD-RAID-9, WOD-RAID-10,
/// WOD-RAID-12).
pub fn outlook(v: &Values, at: u8, waiting: bool) -> Option<&'static str> {
    let d = v.t.raid.get(usize::from(at))?;
    let face = d.face.filter(|_| waiting && !d.won)?;
    Some(match v.face(at, face).0 {
        Face::Skull => "wipes the party",
        Face::Number(n) => {
            let success = v.party_size(at) > 0 && v.party_xp(at) + i32::from(n) >= v.difficulty(d.dungeon);
            if success { "succeeds" } else { "fails" }
        }
    })
}

pub fn standing_words(s: Standing) -> Option<&'static str> {
    match s {
        Standing::None => None,
        Standing::Turn => Some("for the rest of the turn"),
        Standing::UntilMyTurn => Some("until their next turn"),
    }
}

impl StackView {
    /// An action waiting on the stack (not an Effect card), with who took it.
    fn action(what: String, player: Option<String>) -> StackView {
        StackView { what, player, targets: Vec::new(), text: None, cancelled: false }
    }
}

pub fn stack_view(c: &Content, t: &Table, item: Item) -> StackView {
    let active = Some(t.active.to_string());
    let raid = || t.raid.iter().map(|d| c.dungeon(d.dungeon).name.clone()).collect::<Vec<_>>().join(", ");
    match item {
        Item::Recruit { gamer, troll, cancelled } => {
            let name = &c.gamer(gamer).name;
            let view = if troll {
                StackView::action(format!("the Troll {name} joins {}'s guild", t.active), None)
            } else {
                StackView::action(format!("{} recruits {name}", t.active), active)
            };
            StackView { cancelled, ..view }
        }
        Item::Kick { gamer } => StackView::action(format!("{} kicks {}", t.active, c.gamer(gamer).name), active),
        Item::Stash { card } => StackView {
            text: Some(text::loot(c.def(card))),
            ..StackView::action(format!("{} plays {} to their Guild Stash", t.active, c.def(card).name), active)
        },
        Item::Declare => StackView::action(format!("{} raids {}", t.active, raid()), active),
        Item::Roll { at, face } => StackView::action(format!("the roll for {}: {face}", raided(c, t, at)), None),
        Item::Claim { loot } => {
            let loot = if loot == 0 { String::new() } else { format!(" (Loot {loot:+})") };
            StackView::action(format!("{} claims {}{loot}", t.active, raid()), active)
        }
        Item::Card { played } => {
            let pl = t.played[usize::from(played)];
            StackView {
                what: c.def(pl.card).name.clone(),
                player: Some(pl.player.to_string()),
                targets: targets(c, t, &pl.picked),
                text: Some(text::loot(c.def(pl.card))),
                cancelled: pl.fate == Fate::Cancelled,
            }
        }
    }
}

/// The name of the declared dungeon at place `at` of the raid ("?" if none is).
fn raided<'c>(c: &'c Content, t: &Table, at: u8) -> &'c str {
    t.raid.get(usize::from(at)).map_or("?", |d| c.dungeon(d.dungeon).name.as_str())
}

pub fn arrow(targets: &[String]) -> String {
    if targets.is_empty() { String::new() } else { format!(" → {}", targets.join(", ")) }
}

/// What an Effect card picked, in words.
pub fn targets(c: &Content, t: &Table, p: &Picked) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(d) = p.dungeon {
        parts.push(c.dungeon(d).name.clone());
    }
    if let Some(g) = p.gamer.or(p.forum) {
        parts.push(c.gamer(g).name.clone());
    }
    if let Some(s) = p.player {
        parts.push(s.to_string());
    }
    if let Some(x) = p.effect.and_then(|k| t.played.get(usize::from(k))) {
        parts.push(format!("{} ({})", c.def(x.card).name, x.player));
    }
    if let Some(ty) = p.ty {
        parts.push(ty.name().into());
    }
    parts
}
