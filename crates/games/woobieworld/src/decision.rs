//! Who must decide what, in the game's words: the phase of the turn, or what the card being
//! resolved asks of whom ("P1 resolves Quicksand: choose a coastal area"). It never depends on
//! hidden cards: everyone may read it.

use worlds_engine::program::Awaiting;
use worlds_engine::{Decision, Player, PlayerSet};

use crate::content::Content;
use crate::effect::{Effect, Homes};
use crate::flow::{deciders, must_rehome};
use crate::in_force;
use crate::question::{Question, question};
use crate::state::{Ending, State, Step};
use crate::text::effect_text;

fn names(set: PlayerSet) -> String {
    set.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
}

/// A step's text as the second half of a sentence: "Choose a coastal area" → "choose a coastal area".
fn lowered(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What the card on top of the stack asks, and of whom.
fn card_question(c: &Content, s: &State, who: Player, q: &Question) -> Option<Decision> {
    let r = s.resolving()?;
    let card = &c.get(r.card)?.name;
    let op = match c.get(r.card)?.program.awaiting(&r.cursor) {
        Some(Awaiting::Op(op)) => Some(op),
        _ => None,
    };
    let each = r.cursor.each;
    let whose = |p: Player| if p == who { "their".to_owned() } else { format!("{p}'s") };
    let what = match (q, op) {
        (Question::Branch(n), _) => format!("choose one of its {n} options"),
        (Question::Pick(_), Some(Effect::Gain { .. })) => {
            let e = each?;
            format!("pick the colour {} home gains ({} to pick)", whose(e.current), e.left)
        }
        (Question::Pick(_), Some(Effect::Lose { .. })) => {
            let e = each?;
            format!("pick the support {} home loses ({} to pick)", whose(e.current), e.left)
        }
        (Question::Pick(_), Some(Effect::MoveSupport { to, .. })) => {
            let e = each?;
            let dest = if *to == Homes::Yours { "theirs" } else { "the chosen home" };
            format!("pick the support that moves from {} home to {dest} ({} to pick)", whose(e.current), e.left)
        }
        (Question::Colour(_), Some(Effect::PlaceIndustry { .. })) => {
            "choose the colour of the industry to place".into()
        }
        (Question::Area(_), Some(Effect::MoveIndustry { .. })) => "choose where the industry moves".into(),
        (Question::Environment(_), _) => "choose an environment to discard".into(),
        (_, Some(op)) => lowered(&effect_text(op)),
        (_, None) => "make a choice".into(),
    };
    let rule = if who == r.player { "WOOB-PLAY-2" } else { "WOOB-RULING-3" };
    let text = if who == r.player {
        format!("{who} resolves {card}: {what}")
    } else {
        format!("{who}, for {}'s {card}: {what}", r.player)
    };
    Some(Decision::new(rule, text))
}

/// Who decides what now; once over, how the game ended.
pub fn decision(c: &Content, s: &State) -> Decision {
    match s.ending {
        Some(Ending::Eruption) => {
            return Decision::new("WOOB-END-1", "the fourth Mount Saint Woobie erupted: the highest score wins");
        }
        Some(Ending::TurnCap) => {
            return Decision::new("WOOB-RULING-4", format!("turn {} was the last: the highest score wins", c.turn_cap));
        }
        None => {}
    }
    if let Some((who, q)) = question(c, s)
        && let Some(d) = card_question(c, s, who, &q)
    {
        return d;
    }
    let p = s.active;
    match s.stack.top() {
        Some(Step::ChooseHome) => {
            Decision::new("WOOB-SETUP-2", format!("{p} chooses a home: a land area and one coloured support"))
        }
        Some(Step::Choose) => {
            Decision::new("WOOB-CYCLE-1", format!("{} choose a card face down", names(deciders(c, s))))
        }
        Some(Step::Support { .. }) if must_rehome(s, p) => {
            Decision::new("WOOB-SUPPORT-2", format!("{p}'s home has no support: {p} starts a new home on a land area"))
        }
        Some(Step::Support { taken }) if *taken > 0 => Decision::new(
            "WOOB-SUPPORT-1",
            format!("{p} takes coloured support ({} of {})", taken + 1, in_force::support_pieces(c, s)),
        ),
        Some(Step::Support { .. }) => {
            Decision::new("WOOB-SUPPORT-1", format!("{p} takes a coloured support or moves an Anarch"))
        }
        Some(Step::Industry) => Decision::new("WOOB-INDUSTRY-1", format!("{p} places an industry or skips")),
        // The same words whether or not the hand holds a playable card: that is secret.
        Some(Step::Play) => Decision::new("WOOB-PLAY-1", format!("{p} plays a card")),
        _ => Decision::new("WOOB-TURN-1", format!("{p}'s turn goes on")),
    }
}
