//! The English rules text of cards, generated from their steps so that text and behaviour never
//! disagree. It reads like a printed card ("Choose a coastal area. Remove all industries
//! neighbouring it.") and keeps the rulebook's letters for support, without signs: "gains 2R".
//! Steps are read with what earlier steps chose in mind ([`Ctx`]: "it" right after a choice, "that
//! area" later, "their home"); steps on your home in a row share a sentence ("Your home gains 2Y
//! and loses 1A"), and an `if` or an OR's branch is one sentence, so its reach is clear.

use worlds_engine::text::{capitalise, plural};

use crate::area::{Colour, Support};
use crate::effect::{
    AreaFilter, Chooser, Condition, Count, Effect, Homes, NamedCount, Per, Pieces, Place, PlayerFilter, Rule,
};

/// What is known of a card being resolved, to write its texts with names instead of references
/// (an OR's branches offered as a choice: "P2's home gains 1A").
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// The chosen area's name.
    pub area: Option<String>,
    /// The chosen player's home, e.g. "P2's home".
    pub home: Option<String>,
    pub colour: Option<Colour>,
    /// The chosen (or placed) industry, e.g. "the red industry in Woobania", and its colour.
    pub industry: Option<(String, Colour)>,
}

/// What "the chosen area" is, as the text says it.
#[derive(Clone, Debug, Default, PartialEq)]
enum Spot {
    /// Nothing chosen yet (a step read on its own, e.g. in an error message).
    #[default]
    Unknown,
    /// An area chosen by a filter.
    Filter(AreaFilter),
    /// The chosen player's home.
    Player,
    /// The area of the chosen (or placed) industry.
    Industry,
    YourHome,
    /// A known area or player's home, by name ("Doom Grove", "P2's home").
    Area(String),
    Home(String),
}

/// How a reference to the chosen area is used: after "neighbouring" (where an industry neighbours
/// like its area, WOOB-MAP-3), or as a place pieces go to or come from.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    Near,
    Place,
}

#[derive(Clone, Debug, Default)]
struct Ctx {
    spot: Spot,
    /// The last step spoke of the chosen area (or industry) alone: "it" will do.
    fresh: bool,
    /// An `if` has established that the chosen area is a home.
    is_home: bool,
    /// The chosen industry by name, if known.
    industry: Option<String>,
    /// The chosen or placed industry's colour, if known.
    industry_colour: Option<Colour>,
    /// The chosen industry was removed: only its area remains to speak of.
    industry_gone: bool,
    /// The chosen colour, if known.
    colour: Option<Colour>,
    /// The only industry this card removed is the chosen one.
    removed_one: bool,
}

impl Ctx {
    /// A new industry to speak of: chosen or placed.
    fn new_industry(&mut self, colour: Option<Colour>) {
        (self.industry, self.industry_colour, self.industry_gone) = (None, colour, false);
    }

    fn named(n: &Names) -> Ctx {
        let spot = match (&n.home, &n.area) {
            (Some(h), _) => Spot::Home(h.clone()),
            (None, Some(a)) => Spot::Area(a.clone()),
            _ => Spot::Unknown,
        };
        Ctx {
            spot,
            industry: n.industry.as_ref().map(|(name, _)| name.clone()),
            industry_colour: n.industry.as_ref().map(|(_, c)| *c),
            colour: n.colour,
            ..Ctx::default()
        }
    }

    /// The chosen area, as "it" when the last step spoke of it alone (and `pronoun` allows).
    fn spot(&self, role: Role, pronoun: bool) -> String {
        let it = pronoun && self.fresh;
        match &self.spot {
            Spot::Unknown => "the chosen area".into(),
            Spot::Filter(_) if it => "it".into(),
            Spot::Filter(AreaFilter::Water) => "that body of water".into(),
            Spot::Filter(AreaFilter::Home | AreaFilter::OtherHome) => "that home".into(),
            Spot::Filter(_) if self.is_home => "that home".into(),
            Spot::Filter(_) => "that area".into(),
            Spot::Player => "their home".into(),
            Spot::Industry if role == Role::Near && !self.industry_gone => self.industry(pronoun),
            Spot::Industry => match (&self.industry, it) {
                (Some(name), _) => format!("the area of {name}"),
                (None, true) => "its area".into(),
                (None, false) => "that industry's area".into(),
            },
            Spot::YourHome => "your home".into(),
            Spot::Area(name) | Spot::Home(name) => name.clone(),
        }
    }

    /// "there", or "in" the chosen area.
    fn in_spot(&self) -> String {
        match self.spot {
            Spot::Filter(_) if self.fresh => "there".into(),
            _ => format!("in {}", self.spot(Role::Place, true)),
        }
    }

    fn industry(&self, pronoun: bool) -> String {
        match &self.industry {
            Some(name) => name.clone(),
            None if pronoun && self.fresh && self.spot == Spot::Industry => "it".into(),
            None if self.spot == Spot::Unknown => "the chosen industry".into(),
            None => "that industry".into(),
        }
    }

    /// The home in the chosen area, as the subject of a sentence.
    fn chosen_home(&self) -> String {
        match &self.spot {
            Spot::Player => "their home".into(),
            Spot::Home(h) => h.clone(),
            Spot::YourHome => "your home".into(),
            Spot::Area(name) => format!("the home in {name}"),
            Spot::Filter(AreaFilter::Home | AreaFilter::OtherHome) => "that home".into(),
            Spot::Filter(_) if self.is_home => "that home".into(),
            Spot::Filter(_) | Spot::Industry => format!("the home in {}, if any,", self.spot(Role::Place, false)),
            Spot::Unknown => "the chosen home".into(),
        }
    }

    fn single_kind(&self, pieces: Pieces) -> Option<Support> {
        pieces.kind(self.colour, self.industry_colour)
    }
}

fn lowered(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_lowercase().chain(c).collect())
}

/// The areas a choice may pick ("a coastal area", "an area neighbouring it").
fn filter_text(f: AreaFilter, colour: Option<Colour>, ctx: &Ctx) -> String {
    match f {
        AreaFilter::NeighbouringChosen => format!("an area neighbouring {}", ctx.spot(Role::Near, true)),
        other => other.words(colour),
    }
}

/// Which homes gain or lose, as a subject, and whether it is plural.
fn homes_text(h: Homes, ctx: &Ctx) -> (String, bool) {
    match h {
        Homes::Yours => ("your home".into(), false),
        Homes::Chosen => (ctx.chosen_home(), false),
        Homes::Neighbouring => (format!("every home neighbouring {}", ctx.spot(Role::Near, true)), false),
        Homes::NeighbouringYours => ("your home and every home bordering it".into(), true),
        Homes::All => ("every home".into(), false),
        Homes::Others => ("every other home".into(), false),
    }
}

/// The kind of support named by words (for counts that are not a single letter).
fn kind_words(p: Pieces, ctx: &Ctx) -> String {
    match p {
        Pieces::Anarchs => "Anarchs".into(),
        Pieces::AnyColour => "coloured support".into(),
        Pieces::Any => "support".into(),
        Pieces::EachColour => "support of each colour".into(),
        Pieces::ChosenColour | Pieces::IndustryColour | Pieces::RemovedIndustryColours => match ctx.single_kind(p) {
            Some(s) => format!("{} support", s.name()),
            None if p == Pieces::ChosenColour => "support of that colour".into(),
            None => "support of that industry's colour".into(),
        },
        other => other.single().map_or_else(|| "support".into(), |s| format!("{} support", s.name())),
    }
}

fn per_text(per: Option<Per>, ctx: &Ctx, yours: bool) -> String {
    let home = if yours { "it" } else { "your home" };
    match per {
        None => String::new(),
        Some(Per::RemovedIndustry) => " for each industry removed".into(),
        Some(Per::IndustryNeighbouringChosen) => {
            format!(" for each industry neighbouring {}", ctx.spot(Role::Near, false))
        }
        Some(Per::IndustryNeighbouringYourHome) => format!(" for each industry neighbouring {home}"),
        Some(Per::AnarchInChosen) if yours && ctx.spot == Spot::YourHome => " for each Anarch in it".into(),
        Some(Per::AnarchInChosen) => format!(" for each Anarch in {}", ctx.spot(Role::Place, false)),
    }
}

/// A gain or loss of your home ("your home" + `verb` + `rest`), which can share a sentence with
/// the next one ("gains 2Y and loses 1A"; "gains 1R, plus 1R for each …" when `per`).
#[derive(Clone, Debug)]
struct Change {
    verb: &'static str,
    rest: String,
    per: bool,
}

/// One step's words: a clause without its full stop, or (an `if`, an OR) whole sentences.
enum Unit {
    Clause { text: String, imperative: bool, yours: Option<Change> },
    Sentences(Vec<String>),
}

fn clause(text: String, imperative: bool) -> Unit {
    Unit::Clause { text, imperative, yours: None }
}

fn change(gain: bool, h: Homes, pieces: Pieces, count: Count, per: Option<Per>, chooser: Chooser, ctx: &Ctx) -> Unit {
    let (verb, verbs) = if gain { ("gain", "gains") } else { ("lose", "loses") };
    if pieces == Pieces::RemovedIndustryColours {
        // WOOB-PLAY-2, Quicksand: one of the matching colour for each removed industry.
        let n = if let Count::Number(n) = count { n } else { 1 };
        let (who, many) = homes_text(h, &Ctx { fresh: false, ..ctx.clone() });
        let text = format!("{who} {} {n} support of that industry's colour", if many { verb } else { verbs });
        let text = if ctx.removed_one { text } else { format!("for each industry removed, {text}") };
        return clause(text, false);
    }
    let (who, many) = homes_text(h, ctx);
    let its = if many { "their" } else { "its" };
    let mut notes: Vec<&str> = Vec::new();
    let what = match count {
        Count::Number(n) => match (ctx.single_kind(pieces), pieces) {
            (Some(s), _) => format!("{n}{}", s.letter()),
            (None, Pieces::AnyColour) if gain && chooser == Chooser::Owner && h != Homes::Yours => {
                let colours = if n == 1 { "a colour" } else { "colours" };
                let owner = match (h, &ctx.spot) {
                    (Homes::Chosen, Spot::Player | Spot::Home(_)) => "they pick",
                    _ if many => "their owners pick",
                    _ => "its owner picks",
                };
                format!("{n} support of {colours} {owner}")
            }
            (None, Pieces::AnyColour) if gain => format!("{n} support of any colour"),
            (None, Pieces::Any) => format!("{n} support, Anarchs included"),
            (None, p) => format!("{n} {}", kind_words(p, ctx)),
        },
        Count::Named(NamedCount::Half) => {
            notes.push("rounded down");
            match pieces {
                Pieces::Any => format!("half of all {its} support"),
                p => format!("half of {its} {}", kind_words(p, ctx)),
            }
        }
        Count::Named(NamedCount::All) => format!("all {its} {}", kind_words(pieces, ctx)),
    };
    if !gain && matches!(pieces, Pieces::Any | Pieces::AnyColour) {
        notes.push(match (chooser, h, &ctx.spot) {
            (Chooser::Player, ..) | (Chooser::Owner, Homes::Yours, _) => "you choose which",
            (Chooser::Owner, Homes::Chosen, Spot::Player | Spot::Home(_)) => "they choose which",
            (Chooser::Owner, ..) if many => "each owner chooses which",
            (Chooser::Owner, ..) => "its owner chooses which",
        });
    }
    if gain && pieces == Pieces::AnyColour && chooser == Chooser::Player && h != Homes::Yours {
        notes.push("you pick the colours");
    }
    let note = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) };
    let rest = format!("{what}{}{note}", per_text(per, ctx, h == Homes::Yours));
    let c = Change { verb: if many { verb } else { verbs }, rest, per: per.is_some() };
    let text = format!("{who} {} {}", c.verb, c.rest);
    Unit::Clause { text, imperative: false, yours: (h == Homes::Yours).then_some(c) }
}

fn anarchs(count: Count) -> String {
    match count {
        Count::Number(n) => plural(n, "Anarch", "Anarchs"),
        Count::Named(NamedCount::Half) => "half the Anarchs (rounded down)".into(),
        Count::Named(NamedCount::All) => "all Anarchs".into(),
    }
}

/// Where pieces are taken from, each area on its own ("from each area neighbouring it").
fn from_each(at: Place, ctx: &Ctx) -> String {
    match at {
        Place::Chosen => format!("from {}", ctx.spot(Role::Place, true)),
        Place::ChosenIndustry => {
            format!("from {}", Ctx { spot: Spot::Industry, ..ctx.clone() }.spot(Role::Place, true))
        }
        Place::Neighbouring => format!("from each area neighbouring {}", ctx.spot(Role::Near, true)),
        Place::YourHome => "from your home".into(),
        Place::NeighbouringYourHome => "from each area neighbouring your home".into(),
        Place::Everywhere => "from every area".into(),
    }
}

fn condition_text(c: &Condition, ctx: &Ctx) -> String {
    match c {
        Condition::ChosenIsHome => format!("{} is a home", ctx.spot(Role::Place, true)),
        other => other.words(),
    }
}

/// One step, read with what earlier steps chose; `ctx` moves on past it.
fn unit(step: &Effect, ctx: &mut Ctx, alone: bool, after: bool) -> Option<Unit> {
    let mut fresh = false;
    let u = match step {
        Effect::ChooseArea { filter: AreaFilter::YourHome, .. } => {
            // No real choice: what follows just speaks of your home.
            ctx.spot = Spot::YourHome;
            ctx.fresh = false;
            return None;
        }
        Effect::ChooseArea { filter, colour } => {
            let u = clause(format!("choose {}", filter_text(*filter, *colour, ctx)), true);
            ctx.spot = Spot::Filter(*filter);
            ctx.is_home = false;
            fresh = true;
            u
        }
        Effect::ChooseIndustry { colour, near_your_home } => {
            let what = colour.map_or("an industry".to_owned(), |c| format!("a {c} industry"));
            let near = if *near_your_home { " neighbouring your home" } else { "" };
            ctx.spot = Spot::Industry;
            ctx.new_industry(*colour);
            fresh = true;
            clause(format!("choose {what}{near}"), true)
        }
        Effect::ChoosePlayer { filter } => {
            ctx.spot = Spot::Player;
            let who = if *filter == PlayerFilter::Other { "another player" } else { "a player" };
            clause(format!("choose {who}"), true)
        }
        Effect::ChooseColour => {
            ctx.colour = None;
            clause("choose a colour".into(), true)
        }
        Effect::Gain { homes, pieces, count, per, chooser } | Effect::Lose { homes, pieces, count, per, chooser } => {
            fresh = *homes == Homes::Neighbouring && *pieces != Pieces::RemovedIndustryColours && per.is_none();
            change(matches!(step, Effect::Gain { .. }), *homes, *pieces, *count, *per, *chooser, ctx)
        }
        Effect::RemoveIndustries { at, colour } => {
            let what = colour.map_or("industries".to_owned(), |c| format!("{c} industries"));
            fresh = matches!(at, Place::Chosen | Place::Neighbouring | Place::ChosenIndustry);
            ctx.removed_one = *at == Place::ChosenIndustry;
            let text = match at {
                Place::ChosenIndustry => format!("remove {}", ctx.industry(true)),
                Place::Neighbouring => format!("remove all {what} neighbouring {}", ctx.spot(Role::Near, true)),
                Place::NeighbouringYourHome => format!("remove all {what} neighbouring your home"),
                Place::Everywhere => format!("remove all {what}"),
                Place::Chosen => format!("remove all {what} from {}", ctx.spot(Role::Place, true)),
                Place::YourHome => format!("remove all {what} from your home"),
            };
            if *at == Place::ChosenIndustry {
                ctx.industry_gone = true;
            }
            clause(text, true)
        }
        Effect::PlaceIndustry { at, colour } => {
            let what = colour.map_or("an industry of any colour".to_owned(), |c| format!("a {c} industry"));
            let place = if *at == Place::YourHome { "in your home".to_owned() } else { ctx.in_spot() };
            if *at == Place::YourHome {
                ctx.spot = Spot::YourHome;
            }
            ctx.new_industry(*colour);
            fresh = *at == Place::Chosen;
            clause(format!("place {what} {place}"), true)
        }
        Effect::MoveIndustry { to } => {
            let dest = match to {
                // WOOB-RULING-12: a move always goes somewhere else.
                AreaFilter::NeighbouringChosen => "a bordering area".to_owned(),
                AreaFilter::Any => "any other area".to_owned(),
                other => other.words(None),
            };
            let what = ctx.industry(true);
            ctx.spot = Spot::Industry;
            fresh = true;
            clause(format!("move {what} to {dest}"), true)
        }
        Effect::PlaceAnarchs { at, count } => {
            let n = if let Count::Number(n) = count { *n } else { 1 };
            let place = if *at == Place::YourHome { "in your home".to_owned() } else { ctx.in_spot() };
            fresh = *at == Place::Chosen;
            clause(format!("place {} {place}", plural(n, "Anarch", "Anarchs")), true)
        }
        Effect::RemoveAnarchs { at, count } => {
            fresh = matches!(at, Place::Chosen | Place::Neighbouring);
            let from = match (at, count) {
                (Place::Everywhere, Count::Named(NamedCount::All)) => "from the board".to_owned(),
                _ => from_each(*at, ctx),
            };
            clause(format!("remove {} {from}", anarchs(*count)), true)
        }
        Effect::MoveAnarchs { from: Place::Neighbouring, to: Place::Chosen, count: Count::Named(NamedCount::All) } => {
            fresh = true;
            clause(format!("move into {} all Anarchs from the areas bordering it", ctx.spot(Role::Place, true)), true)
        }
        Effect::MoveAnarchs { from, to, count } => {
            let from = match from {
                Place::Neighbouring => format!("neighbouring {}", ctx.spot(Role::Near, true)),
                Place::NeighbouringYourHome => "neighbouring your home".into(),
                Place::Everywhere => "on the board".into(),
                other => from_each(*other, ctx),
            };
            let to = if *to == Place::YourHome { "your home".to_owned() } else { ctx.spot(Role::Place, false) };
            clause(format!("move {} {from} to {to}", anarchs(*count)), true)
        }
        Effect::MoveSupport { from, to, pieces, count } => {
            let what = match (ctx.single_kind(*pieces), count) {
                (Some(s), Count::Number(n)) => format!("{n}{}", s.letter()),
                (_, Count::Number(n)) => format!("{n} {}", kind_words(*pieces, ctx)),
                (_, Count::Named(NamedCount::Half)) => format!("half the {} (rounded down)", kind_words(*pieces, ctx)),
                (_, Count::Named(NamedCount::All)) => format!("all the {}", kind_words(*pieces, ctx)),
            };
            let from = if *from == Homes::Yours { "your home".to_owned() } else { ctx.chosen_home() };
            let to = match (to, &ctx.spot) {
                (Homes::Yours, _) => "yours".to_owned(),
                (_, Spot::Player) => "theirs".to_owned(),
                _ => ctx.chosen_home(),
            };
            let picks = if matches!(pieces, Pieces::Any | Pieces::AnyColour) { " (you choose which)" } else { "" };
            clause(format!("move {what} from {from} to {to}{picks}"), true)
        }
        Effect::Or { branches } => {
            let texts: Vec<String> = branches.iter().map(|b| joined(&units(b, &mut ctx.clone()), false)).collect();
            let sentence = if alone {
                texts.iter().map(|t| format!("{}.", capitalise(t))).collect::<Vec<_>>().join(" OR ")
            } else {
                capitalise(&format!("{}either {}.", if after { "then " } else { "" }, texts.join(", OR ")))
            };
            Unit::Sentences(vec![sentence])
        }
        Effect::If { condition, then, otherwise } => {
            let yours = !matches!(condition, Condition::ChosenIsHome | Condition::RemovedIndustries { .. });
            let mut branch = Ctx { fresh: ctx.fresh && *condition == Condition::ChosenIsHome, ..ctx.clone() };
            let when = condition_text(condition, ctx);
            let mut or_else = branch.clone();
            if *condition == Condition::ChosenIsHome {
                branch.is_home = true;
            }
            let then = units(then, &mut branch);
            let then_text = joined(&then, yours);
            let mut out = vec![format!("If {when}, {then_text}.")];
            if !otherwise.is_empty() {
                let otherwise = units(otherwise, &mut or_else);
                // "If your home is coastal, it gains 3Y. Otherwise, it gains 1Y."
                let parallel = then.len() == 1
                    && (then_text.starts_with("it ") || then_text.starts_with("your home "))
                    && matches!(otherwise.first(), Some(Unit::Clause { text, .. }) if text.starts_with("your home "));
                out.push(format!("Otherwise, {}.", joined(&otherwise, parallel)));
            }
            Unit::Sentences(out)
        }
        Effect::DiscardEnvironment => clause("discard an environment in play (not a Mount Saint Woobie)".into(), true),
    };
    ctx.fresh = fresh;
    Some(u)
}

/// A list of steps as units, steps on your home in a row sharing one.
fn units(steps: &[Effect], ctx: &mut Ctx) -> Vec<Unit> {
    let alone = steps.len() == 1;
    let mut out: Vec<Unit> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let Some(u) = unit(step, ctx, alone, i > 0) else { continue };
        if let (Some(Unit::Clause { text, yours: last @ Some(_), .. }), Unit::Clause { yours: Some(next), .. }) =
            (out.last_mut(), &u)
            && let Some(first) = last.take()
        {
            // "Your home gains 2Y and loses 1A", "gains 1R, plus 1R for each …".
            let joint = match (first.verb == next.verb, next.per) {
                (true, true) => format!(", plus {}", next.rest),
                (true, false) => format!(" and {}", next.rest),
                (false, _) => format!(" and {} {}", next.verb, next.rest),
            };
            text.push_str(&joint);
            continue;
        }
        out.push(u);
    }
    out
}

/// Whether a clause speaks of your home and nothing else, so the next may call it "it".
fn of_your_home_only(text: &str) -> bool {
    text.contains("your home")
        && !["it", "that", "there", "their", "every", "area", "water", "industr"]
            .iter()
            .any(|w| text.split(|c: char| !c.is_alphanumeric()).any(|x| x.starts_with(w)))
}

/// "your home" → "it", unless the clause already has an "it".
fn it_for_your_home(text: &str) -> String {
    if text.split(|c: char| !c.is_alphanumeric()).any(|w| w == "it") {
        text.to_owned()
    } else {
        text.replace("your home", "it")
    }
}

/// Units as one sentence (without capital or full stop): "choose a land area, then place a green
/// industry there". `yours`: what comes before spoke of your home alone.
fn joined(units: &[Unit], yours: bool) -> String {
    let mut out = String::new();
    let mut last: Option<(bool, bool)> = yours.then_some((false, true));
    for u in units {
        match u {
            Unit::Clause { text, imperative, .. } => {
                let words = if last.is_some_and(|(_, y)| y) { it_for_your_home(text) } else { text.clone() };
                match last {
                    Some((false, _)) if *imperative && !out.is_empty() => out.push_str(" and you "),
                    Some(_) if *imperative && !out.is_empty() => out.push_str(", then "),
                    Some(_) if !out.is_empty() => out.push_str(" and "),
                    _ => {}
                }
                out.push_str(&words);
                last = Some((*imperative, of_your_home_only(text)));
            }
            Unit::Sentences(s) => {
                if !out.is_empty() {
                    out.push_str("; ");
                }
                out.push_str(lowered(&s.join(" ")).trim_end_matches('.'));
                last = Some((true, false));
            }
        }
    }
    out
}

fn sentences(units: &[Unit]) -> String {
    let mut out: Vec<String> = Vec::new();
    for u in units {
        match u {
            Unit::Clause { text, .. } => out.push(format!("{}.", capitalise(text))),
            Unit::Sentences(s) => out.extend(s.iter().cloned()),
        }
    }
    out.join(" ")
}

/// One step on its own (nothing chosen before it), e.g. for an error message.
pub fn effect_text(step: &Effect) -> String {
    sentences(&units(std::slice::from_ref(step), &mut Ctx::default())).trim_end_matches('.').to_owned()
}

/// A list of steps as the sentences of a card.
pub fn effects_text(steps: &[Effect]) -> String {
    sentences(&units(steps, &mut Ctx::default()))
}

/// One branch of an OR as a sentence, with what is known of the card being resolved.
pub fn branch_text(branch: &[Effect], names: &Names) -> String {
    format!("{}.", capitalise(&joined(&units(branch, &mut Ctx::named(names)), false)))
}

/// The rules text of an environment's lasting rule.
pub fn rule_text(rule: &Rule) -> String {
    let each_turn = |steps: &[Effect]| joined(&units(steps, &mut Ctx::default()), false);
    match rule {
        Rule::MountSaintWoobie => {
            "The volcano rumbles. When the fourth Mount Saint Woobie is in play, the game ends.".into()
        }
        Rule::SupportPieces { count } => {
            format!("In the support phase, a player who takes support takes {count} coloured support instead of one.")
        }
        Rule::AnarchsAvoidWater => "Anarchs may not enter bodies of water.".into(),
        Rule::NoIndustryPhase => "Players skip the industry phase.".into(),
        Rule::ColourBanned { colour } => format!("{} ACTION cards cannot be played.", colour.name().to_uppercase()),
        Rule::CaretakerUpkeep { steps } => format!("Caretaker: at the start of your turn, {}.", each_turn(steps)),
        Rule::Upkeep { steps } => format!("Every player: at the start of your turn, {}.", each_turn(steps)),
    }
}
