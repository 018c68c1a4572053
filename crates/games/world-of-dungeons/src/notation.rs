//! The text form of actions: `pass`, `pass-turn`, `pass-until-my-turn`, `skip`, `grind`, `done`,
//! `claim`, `out`, a gamer's or dungeon's id (`raid-mom`, `goblin-warrens`), `P2` (a player),
//! `type leader`, `effect 3` (the third Effect card played this turn), `card easy-mode` (a Stash
//! card to play, a card to discard) and `play easy-mode` (an Effect card). Round-trips through
//! [`parse`].

use worlds_engine::{NotationError, Player};

use crate::action::Action;
use crate::content::Content;
use crate::vocab::GamerType;

/// The forms, for help texts.
pub const FORMS: &str = "pass | pass-turn | pass-until-my-turn | skip | grind | done | claim | out | GAMER-ID | \
DUNGEON-ID | P2 | type TYPE | effect N | card LOOT-ID | play LOOT-ID";

pub fn format(c: &Content, a: Action) -> String {
    match a {
        Action::Gamer(g) => c.gamers.get(usize::from(g)).map_or_else(|| format!("gamer-{g}"), |x| x.id.clone()),
        Action::Dungeon(d) => c.dungeons.get(usize::from(d)).map_or_else(|| format!("dungeon-{d}"), |x| x.id.clone()),
        Action::Seat(s) => s.to_string(),
        Action::Type(t) => format!("type {}", t.word()),
        Action::Stacked(k) => format!("effect {}", u16::from(k) + 1),
        Action::Card(d) => format!("card {}", def_id(c, d)),
        Action::Play(d) => format!("play {}", def_id(c, d)),
        fixed => fixed.word().unwrap_or_default().into(),
    }
}

fn def_id(c: &Content, d: u8) -> String {
    c.defs.get(usize::from(d)).map_or_else(|| format!("loot-{d}"), |x| x.id.clone())
}

pub fn parse(c: &Content, text: &str) -> Result<Action, NotationError> {
    let t = text.trim().to_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let fail = |reason: String| NotationError::new(text, reason);
    let loot = |id: &str| c.find_def(id).ok_or_else(|| fail(format!("no Loot card has the id `{id}`")));
    if let [word] = words.as_slice()
        && let Some(a) = Action::from_word(word)
    {
        return Ok(a);
    }
    Ok(match words.as_slice() {
        ["pass", "turn"] => Action::PassTurn,
        ["pass", "until", "my", "turn"] => Action::PassUntilMyTurn,
        ["type", ty] => Action::Type(GamerType::parse(ty).ok_or_else(|| {
            fail(format!("`{ty}` is not a gamer type: casual, hardcore, leader, roleplayer, noob or troll"))
        })?),
        ["effect", n] => {
            let n: u8 = n.parse().map_err(|_| fail(format!("`{n}` is not a number")))?;
            if n == 0 || n > 32 {
                return Err(fail("effect cards are numbered from 1 to 32 in the order played".into()));
            }
            Action::Stacked(n - 1)
        }
        ["card", id] => Action::Card(loot(id)?),
        ["play", id] => Action::Play(loot(id)?),
        [p] if p.starts_with('p') && p[1..].parse::<u8>().is_ok() => match p.parse::<Player>() {
            Ok(seat) if seat.index() < 5 => Action::Seat(seat),
            _ => return Err(fail("players are P1 to P5".into())),
        },
        [id] => {
            if let Some(g) = c.find_gamer(id) {
                Action::Gamer(g)
            } else if let Some(d) = c.find_dungeon(id) {
                Action::Dungeon(d)
            } else {
                return Err(fail(format!("no gamer or dungeon has the id `{id}`")));
            }
        }
        _ => return Err(fail(format!("not an action; the forms are: {FORMS}"))),
    })
}
