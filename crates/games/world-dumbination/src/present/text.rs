//! Rules text generated from a card's fields and steps, so text and behaviour never disagree.

use worlds_engine::text::{plural, sentence};

use crate::board::Flag;
use crate::card::{Card, Cond, Filter, Kind, Pick, RuleKind, Stat, Step, Who};

/// A card's rules text: its type (with a Dumbness card's back and crazy mark), cost, VP and need;
/// how a Dumbness card is won or whom it acts on; then its effect and lose/gain steps in the order
/// they act (WD-FLIP-3), then rounds, corruption, keywords and links.
pub fn card_text(card: &Card) -> String {
    let mut head = card_kind(card);
    if let Some(needs) = needs(card) {
        head.push_str(&format!(", needs {needs}"));
    }
    let parts = body(card);
    if parts.is_empty() { format!("{head}.") } else { format!("{head}. {}", parts.join(" ")) }
}

/// A card as the table shows it: what it is ([`card_kind`]) and the rest of its [`card_text`],
/// its need first ("Needs Ego 4 or less. You gain 3 Ego.").
pub fn card_face(card: &Card) -> (String, String) {
    let need = needs(card).map(|n| sentence(&format!("needs {n}")));
    (card_kind(card), need.into_iter().chain(body(card)).collect::<Vec<_>>().join(" "))
}

/// What a card is: its type, a Dumbness card's back and crazy mark, its cost and VP ("Brown,
/// cost 2", "First Goal (USA), cost 10, 3 VP", "Dumbness (Level 2 back, crazy)").
pub fn card_kind(card: &Card) -> String {
    let mut head = card.kind.name().to_owned();
    if let Some(n) = card.nation {
        head.push_str(&format!(" ({n})"));
    }
    let marks: Vec<String> = [
        card.back.and_then(|b| b.level()).map(|l| format!("Level {} back", l + 1)),
        card.crazy.then(|| "crazy".to_owned()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !marks.is_empty() {
        head.push_str(&format!(" ({})", marks.join(", ")));
    }
    if card.kind != Kind::Dumbness {
        head.push_str(&format!(", cost {}", card.cost));
    }
    if card.vp > 0 {
        head.push_str(&format!(", {} VP", card.vp));
    }
    head
}

/// What a card needs to act, if anything ("Ego 8+ and Popularity 3 or less").
fn needs(card: &Card) -> Option<String> {
    let needs: Vec<String> = card.need.iter().map(cond_text).collect();
    (!needs.is_empty()).then(|| needs.join(" and "))
}

/// What a card does, a sentence a part: how a Dumbness card is won or whom it acts on, its steps,
/// rounds, corruption, keywords and links.
fn body(card: &Card) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(bid) = card.min_bid {
        parts.push(format!("Auction, minimum bid {bid}: the highest bidder pays and owns this card."));
    }
    if let Some(p) = card.pending {
        parts.push(format!("Stays on the board until won: in each phase 3, {}.", pending_text(p.pick, p.tie_nobody)));
    }
    // A Dumbness card acting from the board speaks of the players it picks as "they".
    let voice = if card.kind == Kind::Dumbness && !card.is_won() { Voice::They } else { Voice::You };
    if voice == Voice::They && card.effect.iter().any(|s| !matches!(s, Step::Rule { .. } | Step::LeaveGame { .. })) {
        parts.push(players_text(card.players));
    }
    let time = if card.is_lasting() { "while you own it" } else { "this round" };
    for list in [&card.effect, &card.lose_gain] {
        // The same step twice in a row reads "..., twice." (Emergency Draft).
        for run in list.chunk_by(|a, b| a == b) {
            let Some(first) = run.first() else { continue };
            let mut text = sentence(&clause(first, time, voice));
            if run.len() > 1 {
                text.pop();
                text.push_str(&if run.len() == 2 { ", twice.".to_owned() } else { format!(", {} times.", run.len()) });
            }
            parts.push(text);
        }
    }
    if card.rounds > 1 {
        parts.push(format!("Stays {} rounds.", card.rounds));
    }
    match (card.kind, card.corruption) {
        (Kind::FirstGoal, Some(c)) => parts.push(format!("Corruption {c}: pay it instead to ignore the need.")),
        (Kind::FirstGoal, None) => parts.push("No corruption: the need must be met.".to_owned()),
        _ => {}
    }
    if !card.keywords.is_empty() {
        parts.push(format!("Keywords: {}.", card.keywords.join(", ")));
    }
    if !card.link.is_empty() {
        parts.push(format!("Linked to {}.", card.link.join(", ")));
    }
    parts
}

/// A need or condition as a noun phrase ("Ego 8+", "a Base of 6+").
pub fn cond_text(c: &Cond) -> String {
    match c {
        Cond::EgoAtLeast(n) => format!("Ego {n}+"),
        Cond::EgoAtMost(n) => format!("Ego {n} or less"),
        Cond::PopularityAtLeast(n) => format!("Popularity {n}+"),
        Cond::PopularityAtMost(n) => format!("Popularity {n} or less"),
        Cond::BaseAtLeast(n) => format!("a Base of {n}+"),
        Cond::UnitsAtLeast(n) => format!("{n}+ Units on the board"),
        Cond::IncomeAtLeast(n) => format!("income {n}+"),
        Cond::SpacesAtLeast(n) => format!("{n}+ spaces owned"),
        Cond::ResourceSpacesAtLeast(n) => format!("{n}+ resource spaces owned"),
        Cond::FlagsAtLeast { flag, n } => format!("{n}+ {} spaces owned", flag_name(*flag)),
        Cond::Wall => "a marker or Base of yours on every wall space".to_owned(),
        Cond::Owns(x) if is_name(x) => format!("{x} owned"),
        Cond::Owns(x) => format!("an owned {x} card"),
        Cond::NoAttack => "no attack by you so far".to_owned(),
        Cond::PeaceMarkersAtLeast(n) => format!("{n}+ of your markers on the peace track"),
        Cond::RoundAtLeast(n) => format!("round {n} or later"),
    }
}

/// Whether a link, `owns` or `leave_game` word is a card's name (names have capitals, keywords
/// are lowercase slugs).
fn is_name(x: &str) -> bool {
    x.chars().any(|c| c.is_uppercase())
}

fn flag_name(f: Flag) -> &'static str {
    match f {
        Flag::Ussr => "USSR-flag",
        Flag::Eu => "EU-flag",
        Flag::Wall => "wall",
    }
}

/// How a stat reads: by value ("the lowest VP", "Ego 4 or less") or by count ("the fewest
/// resources", "8+ resources"); the strongest Base has its own words.
enum StatWords {
    Value(&'static str),
    Count(&'static str),
    Base,
}

fn stat_words(s: Stat) -> StatWords {
    match s {
        Stat::Vp => StatWords::Value("VP"),
        Stat::Ego => StatWords::Value("Ego"),
        Stat::Popularity => StatWords::Value("Popularity"),
        Stat::Income => StatWords::Value("income"),
        Stat::Resources => StatWords::Count("resources"),
        Stat::PeaceMarkers => StatWords::Count("markers on the peace track"),
        Stat::Spaces => StatWords::Count("spaces owned"),
        Stat::Units => StatWords::Count("Units on the board"),
        Stat::Base => StatWords::Base,
    }
}

/// "the player with the lowest VP", "every player with Popularity 4 or less", ...
fn pick_text(p: Pick) -> String {
    use StatWords::{Base, Count, Value};
    match p {
        Pick::Each => "every player".to_owned(),
        Pick::Lowest(s) => match stat_words(s) {
            Value(w) => format!("the player with the lowest {w}"),
            Count(w) => format!("the player with the fewest {w}"),
            Base => "the player whose strongest Base is the weakest, or who has none".to_owned(),
        },
        Pick::Highest(s) => match stat_words(s) {
            Value(w) => format!("the player with the highest {w}"),
            Count(w) => format!("the player with the most {w}"),
            Base => "the player with the strongest Base".to_owned(),
        },
        Pick::AtMost(s, n) => match stat_words(s) {
            Value(w) => format!("every player with {w} {n} or less"),
            Count(w) => format!("every player with {n} or fewer {w}"),
            Base => format!("every player with no Base stronger than {n}"),
        },
        Pick::AtLeast(s, n) => match stat_words(s) {
            Value(w) => format!("every player with {w} {n}+"),
            Count(w) => format!("every player with {n}+ {w}"),
            Base => format!("every player with a Base of {n}+"),
        },
    }
}

/// Whom a Dumbness card acting from the board acts on (WD-DUMB-7).
fn players_text(p: Pick) -> String {
    match p {
        Pick::Lowest(_) | Pick::Highest(_) => {
            format!("Acts on {} (a tie: the earliest in player order).", pick_text(p))
        }
        _ => format!("Acts on {}, one at a time in player order.", pick_text(p)),
    }
}

/// Who takes a pending card (WD-DUMB-5); a highest value of 0 never wins.
fn pending_text(p: Pick, tie_nobody: bool) -> String {
    let zero = match p {
        Pick::Highest(s) => match stat_words(s) {
            StatWords::Count(_) => " or with none",
            _ => " or at 0",
        },
        _ => "",
    };
    match (p, tie_nobody) {
        (Pick::Lowest(_) | Pick::Highest(_), true) => {
            format!("{} takes it for free (nobody on a tie{zero})", pick_text(p))
        }
        (Pick::Lowest(_) | Pick::Highest(_), false) => {
            let zero = if zero.is_empty() { "" } else { "; nobody at 0" };
            format!("{} takes it for free (a tie: the earliest in player order{zero})", pick_text(p))
        }
        (_, true) => format!("{} takes it for free, if there is exactly one (nobody while several qualify)", single(p)),
        (_, false) => format!("{} takes it for free (several: the earliest in player order)", single(p)),
    }
}

/// "a player with Ego 9+" for a pick of several.
fn single(p: Pick) -> String {
    pick_text(p).replacen("every player", "a player", 1)
}

/// Whom "self" means: the card's player or a Dumbness card's winner ("you"), or each player a
/// Dumbness card acting from the board picks ("they", which takes the same verb forms).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Voice {
    You,
    They,
}

impl Voice {
    /// "you" or "they".
    fn subject(self) -> &'static str {
        if self == Voice::You { "you" } else { "they" }
    }

    /// "your" or "their".
    fn whose(self) -> &'static str {
        if self == Voice::You { "your" } else { "their" }
    }

    /// "yours" or "theirs".
    fn mine(self) -> &'static str {
        if self == Voice::You { "yours" } else { "theirs" }
    }

    /// An order to the card's player ("choose one") or a statement about the picked player
    /// ("they choose one").
    fn act(self, what: &str) -> String {
        if self == Voice::You { what.to_owned() } else { format!("they {what}") }
    }
}

/// The subject of a sentence: "you" (or "they"), "the target", "each player", "each opponent".
fn subject(who: Who, v: Voice) -> &'static str {
    match who {
        Who::Me => v.subject(),
        Who::Target => "the target",
        Who::EachPlayer => "each player",
        Who::EachOpponent => "each opponent",
    }
}

/// Whose pieces or hand: "your", "the target's", ...
fn whose(who: Who, v: Voice) -> &'static str {
    match who {
        Who::Me => v.whose(),
        Who::Target => "the target's",
        Who::EachPlayer => "every player's",
        Who::EachOpponent => "each opponent's",
    }
}

/// A verb for its subject: "gain" for "you" (and "they"), "gains" for the others.
fn verb(who: Who, plain: &str) -> String {
    if who == Who::Me { plain.to_owned() } else { format!("{plain}s") }
}

/// "you gain 2 Ego", "the target loses 1 Popularity".
fn gain_lose(who: Who, v: Voice, n: i8, one: &str, many: &str) -> String {
    let verb = verb(who, if n >= 0 { "gain" } else { "lose" });
    format!("{} {verb} {}", subject(who, v), plural(u32::from(n.unsigned_abs()), one, many))
}

fn signed(n: i8) -> String {
    if n >= 0 { format!("+{n}") } else { n.to_string() }
}

/// How long a rule change lasts: "this round", "this round and the next", "this round and the
/// next 2".
fn rule_time(rounds: u8) -> String {
    match rounds {
        0 | 1 => "this round".to_owned(),
        2 => "this round and the next".to_owned(),
        n => format!("this round and the next {}", n - 1),
    }
}

/// A step as a lowercase clause without a full stop; `time` is how long income, strength,
/// movement and hand-limit changes last.
fn clause(step: &Step, time: &str, v: Voice) -> String {
    match step {
        Step::Ego { who, n } => gain_lose(*who, v, *n, "Ego", "Ego"),
        Step::Popularity { who, n } => gain_lose(*who, v, *n, "Popularity", "Popularity"),
        Step::Resources { who, n } => gain_lose(*who, v, *n, "resource", "resources"),
        Step::Choose(options) => {
            let lists: Vec<String> = options
                .iter()
                .map(|o| o.iter().map(|s| clause(s, time, v)).collect::<Vec<_>>().join(" and "))
                .collect();
            format!("{}: {}", v.act("choose one"), lists.join(", or "))
        }
        Step::LoseHalfResources { who } => {
            let their = if *who == Who::Me { v.whose() } else { "their" };
            format!("{} {} half {their} resources (rounded down)", subject(*who, v), verb(*who, "lose"))
        }
        Step::TakeResources { n } => {
            format!(
                "you take {} from the target (as many as they have)",
                plural(u32::from(*n), "resource", "resources")
            )
        }
        Step::Income { who, n } => {
            format!("{} {} {} income {time}", subject(*who, v), verb(*who, "get"), signed(*n))
        }
        Step::UnitStrength { who, n } => format!("{} Units get {} strength {time}", whose(*who, v), signed(*n)),
        Step::Movement { who, n } => format!("{} Units get {} movement {time}", whose(*who, v), signed(*n)),
        Step::ReduceBase { steps } => format!(
            "one Base of the target, chosen by you, loses {} strength (a Base below 4 is removed)",
            2 * u32::from(*steps)
        ),
        Step::RemoveUnits { count, filter } => {
            let which = match filter {
                Filter::Any => String::new(),
                Filter::NotOnBase => " not on a Base".to_owned(),
                Filter::Near(d) => format!(" within {} of one of your Units", plural(u32::from(*d), "space", "spaces")),
                Filter::AtSea => " at sea".to_owned(),
            };
            format!("remove {} of the target{which}, chosen by you", plural(u32::from(*count), "Unit", "Units"))
        }
        Step::NuclearStrike => {
            "the target loses everything on one space they own (nuclear strike); the space becomes radioactive"
                .to_owned()
        }
        Step::AttackProject => "one project of the target, chosen by you, is destroyed (attack)".to_owned(),
        Step::SabotageProject => {
            "one project of the target, chosen by you, has no effect until the end of next round (sabotage)".to_owned()
        }
        Step::Vacation => "discard your hand; this round do nothing except fund a Blue card or First Goal you \
                           placed, and skip phases 5 and 6; each opponent who attacks you this round loses 1 \
                           Popularity"
            .to_owned(),
        Step::HandLimit { n } => format!("{} hand limit is {} {time}", v.whose(), signed(*n)),
        Step::FreeBase => v.act(&format!(
            "build a 4-Base for free where a standing Unit of {} is on a space {} own",
            v.mine(),
            v.subject()
        )),
        Step::FreeUnit => v.act(&format!("put a Unit on one of {} Bases for free", v.whose())),
        Step::SeaMovement { units, may_end_at_sea } => {
            let end = match (may_end_at_sea, units) {
                (true, 1) => "and may end its move at sea",
                (true, _) => "and may end their moves at sea",
                (false, 1) => "but must end its move on land",
                (false, _) => "but must end their moves on land",
            };
            format!("{time}, each round {units} of {} Units may move across sea spaces {end}", v.whose())
        }
        Step::HiddenMove => format!(
            "{time}, each round 1 of {} Units may move in secret in phase 5: opponents see it leave but not where it \
             goes, and until it is shown at the end of phase 5 it cannot attack, enter a marked space or be attacked",
            v.whose()
        ),
        Step::MoveBase { range } => format!(
            "{time}, once a round at the start of phase 6 {} may move one of {} Bases up to {} to a land space {} \
             own with a standing Unit of {} and no Base; its Units stay where they are",
            v.subject(),
            v.whose(),
            plural(u32::from(*range), "space", "spaces"),
            v.subject(),
            v.mine()
        ),
        Step::CancelCards => "the target's cards that have not acted yet this round are discarded without effect \
                              or fine (a First Goal flip is not touched)"
            .to_owned(),
        Step::Rule { kind, rounds } => {
            let when = rule_time(*rounds);
            match kind {
                RuleKind::NoAttacks => format!("no unit may attack {when}"),
                RuleKind::BrownCost(n) if *n >= 0 => {
                    format!("Brown cards cost {n} more to place and to fund {when}")
                }
                RuleKind::BrownCost(n) => {
                    format!("Brown cards cost {} less to place and to fund (never below 0) {when}", n.unsigned_abs())
                }
                RuleKind::NoResourceIncome => format!("resource spaces add nothing to anyone's income {when}"),
                RuleKind::Movement(n) => format!("all Units get {} movement {when}", signed(*n)),
            }
        }
        Step::LeaveGame { keyword } if is_name(keyword) => {
            format!("{keyword} leaves the game, wherever it is; its owner keeps the VP, Ego and Popularity it gave")
        }
        Step::LeaveGame { keyword } => {
            format!(
                "every {keyword} card leaves the game, wherever it is; owners keep the VP, Ego and Popularity they gave"
            )
        }
    }
}
