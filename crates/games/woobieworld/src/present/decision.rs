//! Who must decide what, in the game's words: the phase of the turn, or what the card being
//! resolved asks of whom ("P1 resolves Quicksand: choose a coastal area"). It never depends on
//! hidden cards: everyone may read it.

use worlds_engine::program::{Awaiting, Instr};
use worlds_engine::{Decision, Player, PlayerSet};

use crate::action::Action;
use crate::area::Area;
use crate::content::Content;
use crate::effect::{AreaFilter, Effect, Place, PlayerFilter, or_at};
use crate::flow::{deciders, must_rehome};
use crate::in_force;
use crate::question::{Question, awaiting, question};
use crate::state::{Ending, Resolution, State, Step};
use crate::text::{Names, branch_text};

fn names(set: PlayerSet) -> String {
    set.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
}

/// Whose home an area is, if anyone's: "P2's home" (the notation already names the area).
fn home_label(s: &State, a: Area) -> Option<String> {
    s.home_owner(a).map(|p| format!("{p}'s home"))
}

/// The chosen industry of a card being resolved: "the red industry in Woobania".
fn industry_label(c: &Content, r: &Resolution) -> Option<String> {
    r.industry.filter(|(a, _)| c.map.has(*a)).map(|(a, colour)| format!("the {colour} industry in {}", c.map.name(a)))
}

/// What a card being resolved has chosen so far, by name, for texts about it.
fn known(c: &Content, r: &Resolution) -> Names {
    Names {
        area: r.area.filter(|a| c.map.has(*a)).map(|a| c.map.name(a).to_owned()),
        home: r.chosen.map(|p| if p == r.player { "your home".to_owned() } else { format!("{p}'s home") }),
        colour: r.colour,
        industry: industry_label(c, r).zip(r.industry.map(|(_, colour)| colour)),
    }
}

/// The texts of the branches of the OR the card on top of the stack waits at.
pub(crate) fn branches(c: &Content, s: &State) -> Option<Vec<String>> {
    let r = s.resolving()?;
    let card = c.get(r.card)?;
    let Some(Instr::Branch(targets)) = card.program.at(r.cursor.pc) else { return None };
    let branches = or_at(card.program_steps(), r.cursor.pc).filter(|b| b.len() == targets.len())?;
    let names = known(c, r);
    Some(branches.iter().map(|b| branch_text(b, &names)).collect())
}

/// A note beside an action in a menu, for what a card being resolved asks: an OR's branch by its
/// text, whose home an area is, where a player's home is, how many pieces there are to pick from.
pub fn hint(c: &Content, s: &State, action: Action) -> Option<String> {
    let r = s.resolving()?;
    match action {
        Action::Branch(b) => branches(c, s)?.get(usize::from(b)).cloned(),
        Action::Area(a) => home_label(s, a),
        Action::Industry { area, .. } => home_label(s, area).map(|h| format!("in {h}")),
        Action::Player(p) => s.home(p).filter(|a| c.map.has(*a)).map(|a| format!("home: {}", c.map.name(a))),
        Action::Environment(card) => c.get(card).map(|k| k.text()),
        Action::Pick(kind) => {
            let e = r.cursor.each?;
            let home = s.home(e.current)?;
            match c.get(r.card)?.program.awaiting(&r.cursor)? {
                Awaiting::Op(Effect::Gain { .. }) => {
                    Some(format!("{}{} left in the pile", s.pile(kind), kind.letter()))
                }
                _ => Some(format!("{}'s home has {}{}", e.current, s.support_in(home, kind), kind.letter())),
            }
        }
        _ => None,
    }
}

/// What the card on top of the stack asks ("choose a coastal area"), in the asker's words.
fn asked(c: &Content, s: &State, r: &Resolution, who: Player, q: &Question) -> Option<String> {
    let op = awaiting(c, s);
    let next = match c.get(r.card)?.program.at(r.cursor.pc.saturating_add(1)) {
        Some(Instr::Do(op)) => Some(op),
        _ => None,
    };
    let whose = |p: Player| if p == who { "their".to_owned() } else { format!("{p}'s") };
    let name = |a: Option<Area>| a.filter(|a| c.map.has(*a)).map_or("it".to_owned(), |a| c.map.name(a).to_owned());
    Some(match (q, op) {
        (Question::Branch(_), _) => "choose one".into(),
        (Question::Area(_), Some(Effect::ChooseArea { filter: AreaFilter::NeighbouringChosen, .. })) => {
            format!("choose an area neighbouring {}", name(r.area))
        }
        (Question::Area(_), Some(Effect::ChooseArea { filter: AreaFilter::NeighbouringYourHome, .. })) => {
            format!("choose an area neighbouring {} home, {}", whose(r.player), name(s.home(r.player)))
        }
        (Question::Area(_), Some(Effect::ChooseArea { filter, colour })) => format!("choose {}", filter.words(*colour)),
        (Question::Area(_), Some(Effect::MoveIndustry { to })) => {
            let what = industry_label(c, r).unwrap_or_else(|| "the industry".into());
            let dest = match to {
                AreaFilter::Any => String::new(),
                AreaFilter::NeighbouringChosen => " (a bordering area)".into(),
                other => format!(" ({})", other.words(None)),
            };
            format!("choose where {what} moves{dest}")
        }
        (Question::Industry(_), Some(Effect::ChooseIndustry { colour, near_your_home })) => {
            let what = colour.map_or("an industry".to_owned(), |c| format!("a {c} industry"));
            let near =
                if *near_your_home { format!(" neighbouring {}", name(s.home(r.player))) } else { String::new() };
            let purpose = match next {
                Some(Effect::MoveIndustry { .. }) => " to move",
                Some(Effect::RemoveIndustries { at: Place::ChosenIndustry, .. }) => " to remove",
                _ => "",
            };
            format!("choose {what}{near}{purpose}")
        }
        (Question::Player(_), Some(Effect::ChoosePlayer { filter: PlayerFilter::Other })) => {
            "choose another player".into()
        }
        (Question::Player(_), _) => "choose a player".into(),
        (Question::Colour(_), Some(Effect::PlaceIndustry { at, .. })) => {
            let area = if *at == Place::YourHome { s.home(r.player) } else { r.area };
            format!("choose the colour of the industry placed in {}", name(area))
        }
        (Question::Colour(_), _) => "choose a colour".into(),
        (Question::Environment(_), _) => "choose an environment in play to discard".into(),
        (Question::Pick(_), Some(op @ (Effect::Gain { .. } | Effect::Lose { .. }))) => {
            let e = r.cursor.each?;
            let (what, verb) =
                if matches!(op, Effect::Gain { .. }) { ("colour", "gains") } else { ("support", "loses") };
            format!("pick the {what} {} home {verb} ({} to pick)", whose(e.current), e.left)
        }
        (Question::Pick(_), Some(Effect::MoveSupport { .. })) => {
            let e = r.cursor.each?;
            let to = e.rest.first()?;
            format!(
                "pick the support that moves from {} home to {} home ({} to pick)",
                whose(e.current),
                whose(to),
                e.left
            )
        }
        _ => "make a choice".into(),
    })
}

/// What the card on top of the stack asks, and of whom: "P1 resolves Quicksand: choose a coastal
/// area".
fn card_question(c: &Content, s: &State, who: Player, q: &Question) -> Option<Decision> {
    let r = s.resolving()?;
    let card = &c.get(r.card)?.name;
    let what = asked(c, s, r, who, q)?;
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
    if let Some(ending) = s.ending {
        return match ending {
            Ending::Eruption => {
                Decision::new("WOOB-END-1", "the fourth Mount Saint Woobie erupted: the highest score wins")
            }
            Ending::TurnCap => {
                Decision::new("WOOB-RULING-4", format!("turn {} was the last: the highest score wins", c.turn_cap))
            }
        };
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
            let who = deciders(c, s);
            let verb = if who.len() == 1 { "chooses" } else { "choose" };
            Decision::new("WOOB-CYCLE-1", format!("{} {verb} a card face down", names(who)))
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
