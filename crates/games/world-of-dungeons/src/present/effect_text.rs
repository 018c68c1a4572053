//! The rules text of Effect cards (WOD-DATA-2, WOD-EFFECT-1): the timing word, then what the card
//! picks and does, each choice named in full where a step first acts on it ("a declared dungeon")
//! and as "that dungeon" after; a run of lasting changes ends with "until end of turn" once
//! (WOD-EFFECT-3).

use crate::ability::{Needs, Op, Pick, Whose};
use crate::content::LootDef;
use crate::wording::{a, and_list, as_face, more, sentence, signed};

/// The player a pick names: "a player", "another player", "you".
fn player_phrase(whose: Whose) -> &'static str {
    match whose {
        Whose::Any => "a player",
        Whose::Others => "another player",
        Whose::Yours => "you",
    }
}

/// What a pick chooses, as the card first names it: "a declared dungeon", "another player's
/// guildmember", "a Noob in the Forum row", "an Effect card on the stack", "a type you name".
pub fn pick(p: &Pick) -> String {
    match p {
        Pick::DeclaredDungeon => "a declared dungeon".into(),
        Pick::Guildmember { whose: Whose::Any } => "a guildmember".into(),
        Pick::Guildmember { whose: Whose::Others } => "another player's guildmember".into(),
        Pick::Guildmember { whose: Whose::Yours } => "one of your guildmembers".into(),
        Pick::ForumGamer { of } => {
            format!("{} in the Forum row", of.map_or_else(|| "a gamer".into(), a))
        }
        Pick::Player { whose, needs } => {
            let needs = match needs {
                None => "",
                Some(Needs::GuildRoom) => " whose guild is under its guild limit",
                Some(Needs::StashCard) => " with a Stash card",
            };
            format!("{}{needs}", player_phrase(*whose))
        }
        Pick::StackedEffect => "an Effect card on the stack".into(),
        Pick::Type => "a type you name".into(),
    }
}

/// What a pick is called once named: "that dungeon".
fn again(p: &Pick) -> &'static str {
    match p {
        Pick::DeclaredDungeon => "that dungeon",
        Pick::Guildmember { .. } => "that guildmember",
        Pick::ForumGamer { .. } => "that gamer",
        Pick::Player { whose: Whose::Yours, .. } => "you",
        Pick::Player { .. } => "that player",
        Pick::StackedEffect => "that card",
        Pick::Type => "that type",
    }
}

/// "a guildmember's", "your", "the type of one of your guildmembers" is left to the caller.
fn possessive(s: &str) -> String {
    match s {
        "you" => "your".into(),
        s if s.ends_with('s') => format!("{s}'"),
        s => format!("{s}'s"),
    }
}

/// The picks of a card, and which of them the text has named so far.
struct Targets<'a> {
    picks: &'a [Pick],
    named: [bool; 6],
}

impl Targets<'_> {
    fn find(&self, slot: usize) -> Option<Pick> {
        self.picks.iter().copied().find(|p| p.slot() == slot)
    }

    /// The pick of this kind (or `default` when the card has none), named in full the first time
    /// and as "that …" after.
    fn name(&mut self, default: Pick) -> String {
        let slot = default.slot();
        let p = self.find(slot).unwrap_or(default);
        if std::mem::replace(&mut self.named[slot], true) { again(&p).into() } else { pick(&p) }
    }
}

/// One step as a clause, and whether its change lasts until end of turn (WOD-EFFECT-3).
fn step(o: &Op, t: &mut Targets) -> (String, bool) {
    let guildmember = Pick::Guildmember { whose: Whose::Any };
    match *o {
        Op::Difficulty { n } => {
            (format!("{} difficulty {}", possessive(&t.name(Pick::DeclaredDungeon)), signed(n)), true)
        }
        Op::PartyXp { n } => {
            (format!("the party raiding {} {} experience", t.name(Pick::DeclaredDungeon), signed(n)), true)
        }
        Op::Xp { n } => (format!("{} {} experience", t.name(guildmember), signed(n)), true),
        Op::Reroll => ("reroll the waiting roll".into(), false),
        Op::SkullAs { face } => (format!("if the waiting roll is a skull, it counts as {}", as_face(face)), false),
        Op::CancelRecruit => ("cancel the waiting recruit; the gamer stays in the Forum row".into(), false),
        Op::CancelEffect => (format!("cancel {}", t.name(Pick::StackedEffect)), false),
        Op::Poach => {
            (format!("move {} into your guild (only while yours is under its guild limit)", t.name(guildmember)), false)
        }
        Op::Afk => (format!("{} leaves its party and may not join one this turn", t.name(guildmember)), false),
        Op::Join => {
            let gamer = t.name(Pick::ForumGamer { of: None });
            let guild = match t.find(3) {
                Some(Pick::Player { whose, needs }) if !t.named[3] && needs != Some(Needs::StashCard) => {
                    t.named[3] = true;
                    match whose {
                        Whose::Any => "any player's guild".to_owned(),
                        Whose::Others => "another player's guild".to_owned(),
                        Whose::Yours => "your guild".to_owned(),
                    }
                }
                Some(p) => {
                    let player = t.name(p);
                    if player == "you" { "your guild".into() } else { format!("the guild of {player}") }
                }
                None => "your guild".into(),
            };
            (format!("{gamer} joins {guild} (only while it is under its guild limit)"), false)
        }
        Op::Respec => {
            let member = t.name(guildmember);
            let ty = t.name(Pick::Type);
            let whose = if member.starts_with("one of") || member.contains('\'') {
                format!("the type of {member}")
            } else {
                format!("{} type", possessive(&member))
            };
            (format!("{whose} becomes {ty}"), true)
        }
        Op::ClaimLoot { n } => (format!("the waiting claim draws {}", more(n, "Loot", "Loot")), false),
        Op::Draw { n } => (format!("you draw {n} Loot"), false),
        Op::DiscardStash => {
            // The player must have a Stash card to be picked: no need to say so twice.
            let player = match t.find(3) {
                Some(Pick::Player { whose, .. }) if !t.named[3] => {
                    t.named[3] = true;
                    player_phrase(whose).to_owned()
                }
                Some(p) => t.name(p),
                None => t.name(Pick::Player { whose: Whose::Others, needs: None }),
            };
            if player == "you" {
                ("you discard one of your Stash cards (your choice)".into(), false)
            } else {
                (format!("{player} discards one of their Stash cards (their choice)"), false)
            }
        }
        Op::PurgeForum => ("every gamer in the Forum row goes to the Forum discard pile".into(), false),
        Op::RowToBottom { row } => {
            (format!("every card of the {} row goes to the bottom of the {} deck", row.name(), row.name()), false)
        }
    }
}

/// Steps as one clause: "a and b", "a, b and c"; a run of lasting changes ends with "until end
/// of turn" once.
fn steps(ops: &[Op], t: &mut Targets) -> String {
    let parts: Vec<(String, bool)> = ops.iter().map(|o| step(o, t)).collect();
    let texts: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(i, (text, lasting))| {
            let last_of_run = *lasting && !parts.get(i + 1).is_some_and(|(_, l)| *l);
            if last_of_run { format!("{text} until end of turn") } else { text.clone() }
        })
        .collect();
    and_list(&texts)
}

/// One step as printed on its own (its target as a card with no picks would name it).
pub fn op(o: &Op) -> String {
    let mut t = Targets { picks: &[], named: [false; 6] };
    steps(std::slice::from_ref(o), &mut t)
}

/// An Effect card: its timing word, then what it picks and does ("Raid: a declared dungeon's
/// difficulty −1 until end of turn."). A pick no step acts on is still a choice the card asks for.
pub fn effect(def: &LootDef) -> String {
    let mut t = Targets { picks: &def.picks, named: [false; 6] };
    let body = steps(&def.steps, &mut t);
    let unnamed: Vec<String> =
        def.picks.iter().filter(|p| !t.named[p.slot()]).map(|p| format!("choose {}", pick(p))).collect();
    let body = if unnamed.is_empty() { body } else { format!("{}; {body}", unnamed.join("; ")) };
    match def.timing {
        Some(w) => format!("{}: {body}.", w.title()),
        None => sentence(&body),
    }
}
