//! The text form of actions, round-tripping through [`parse`]: a card by its id (`lobbyists#2`),
//! `extra 2`, `effort corruption 2`, `goodwill 3`, `lift 2`, `place lounge`,
//! `place corruptistan by crime`, `place superpower by prize`, `place talk-show`, `let in`,
//! `resist 7`, `outbid`, `withdraw`, `region tigers`, `option 1`, `target P2`,
//! `target corruptistan`, `target P2.3` (P2's VP 3), `target sweatshop#2`, `gift P2`,
//! `commission P2`, `offer smear-campaign`, `amount 5`, `no side`, `give 5`, `take 5`, `accept`, `decline`,
//! `hush 5`, `expose`, `quiet`, `launder 2 crime`, `sell 2`, `campaign 2`, `buy vp`, `buy prize`,
//! `done`, `pass`.

use worlds_engine::{NotationError, Player};

use crate::action::{Action, Amount, LADDER};
use crate::attr::{Attr, Entry};
use crate::board::MAX_GOODWILL;
use crate::content::Content;
use crate::event::amount_name;
use crate::state::{Dest, Target};

/// The forms, for help texts.
pub const FORMS: &str = "CARD-ID | extra N | effort ATTR N | goodwill N | lift VP | place lounge|REGION by corruption|crime|prize|SQUARE | let in | resist N | outbid | withdraw | region REGION | option N | target P2|REGION|P2.VP|CARD-ID | gift P2 | commission P2 | offer CARD | amount N | no side | give N | take N | accept | decline | hush N | expose | quiet | launder VP corruption|crime | sell VP | campaign VP | buy vp | buy prize | done | pass";

pub fn format(c: &Content, a: Action) -> String {
    let region = |r: u8| c.board.region(r).id.clone();
    match a {
        Action::Done => "done".into(),
        Action::Pass => "pass".into(),
        Action::Card(k) => c.cards.id_of(k),
        Action::Extra(l) => format!("extra {l}"),
        Action::Effort { attr, level } => format!("effort {} {level}", attr.id()),
        Action::Goodwill(g) => format!("goodwill {g}"),
        Action::Lift(v) => format!("lift {}", v + 1),
        Action::Place(Dest::Lounge) => "place lounge".into(),
        Action::Place(Dest::Region { region: r, by }) => format!("place {} by {}", region(r), by.id()),
        Action::Place(Dest::Square(q)) => format!("place {}", c.board.square(q).id),
        Action::LetIn => "let in".into(),
        Action::Resist(n) => format!("resist {n}"),
        Action::Outbid => "outbid".into(),
        Action::Withdraw => "withdraw".into(),
        Action::Region(r) => format!("region {}", region(r)),
        Action::Branch(b) => format!("option {}", b + 1),
        Action::Target(Target::Player(p)) => format!("target {p}"),
        Action::Target(Target::Region(r)) => format!("target {}", region(r)),
        Action::Target(Target::Vp(p, i)) => format!("target {p}.{}", i + 1),
        Action::Target(Target::Card(k)) => format!("target {}", c.cards.id_of(k)),
        Action::Target(Target::None) => "target none".into(),
        Action::Gift(to) => format!("gift {to}"),
        Action::Commission(to) => format!("commission {to}"),
        Action::Offer(kind) => format!("offer {}", c.cards.kinds.get(usize::from(kind)).map_or("?", |k| k.id.as_str())),
        Action::Amount(n) => format!("amount {}", amount_name(n)),
        Action::NoSide => "no side".into(),
        Action::Give(n) => format!("give {}", amount_name(n)),
        Action::Take(n) => format!("take {}", amount_name(n)),
        Action::Accept => "accept".into(),
        Action::Decline => "decline".into(),
        Action::Hush(n) => format!("hush {}", amount_name(n)),
        Action::Expose => "expose".into(),
        Action::Quiet => "quiet".into(),
        Action::Launder { vp, attr } => format!("launder {} {}", vp + 1, attr.id()),
        Action::Sell(v) => format!("sell {}", v + 1),
        Action::Campaign(v) => format!("campaign {}", v + 1),
        Action::BuyVp => "buy vp".into(),
        Action::BuyPrize => "buy prize".into(),
    }
}

pub fn parse(c: &Content, text: &str) -> Result<Action, NotationError> {
    let t = text.trim().to_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let fail = |reason: String| NotationError::new(text, reason);
    let small = |w: &str, lo: u8, hi: u8, what: &str| -> Result<u8, NotationError> {
        match w.parse::<u8>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(fail(format!("`{w}` is not {what}: {lo}–{hi}"))),
        }
    };
    let vp = |w: &str| small(w, 1, 4, "a VP").map(|n| n - 1);
    let amount = |w: &str| -> Result<Amount, NotationError> {
        if w == "all" {
            return Ok(Amount::All);
        }
        let ladder: Vec<String> = LADDER.iter().map(u32::to_string).collect();
        match w.parse::<u32>().ok().and_then(|n| LADDER.iter().position(|&x| x == n)) {
            Some(i) => Ok(Amount::Rung(i as u8)),
            None => Err(fail(format!("`{w}` is not an amount: {} or all (BI-MONEY-5)", ladder.join(", ")))),
        }
    };
    let player = |w: &str| -> Result<Player, NotationError> {
        let n = w.strip_prefix('p').and_then(|n| n.parse::<usize>().ok());
        n.and_then(|n| Player::new(n.checked_sub(1)?)).ok_or_else(|| fail(format!("`{w}` is not a player: P1–P6")))
    };
    let region = |w: &str| {
        c.board.region_id(w).ok_or_else(|| {
            let ids: Vec<&str> = c.board.regions.iter().map(|r| r.id.as_str()).collect();
            fail(format!("`{w}` is not a region: {}", ids.join(", ")))
        })
    };
    let attr = |w: &str| Attr::parse(w).ok_or_else(|| fail(format!("`{w}` is not an attribute")));
    Ok(match words.as_slice() {
        ["done"] => Action::Done,
        ["pass"] => Action::Pass,
        ["extra", n] => Action::Extra(small(n, 1, 3, "a number of extra cards")?),
        ["effort", a, n] => Action::Effort { attr: attr(a)?, level: small(n, 1, 3, "a bonus")? },
        ["goodwill", n] => Action::Goodwill(small(n, 0, crate::board::MAX_PRICE, "a Goodwill part")?),
        ["lift", v] => Action::Lift(vp(v)?),
        ["place", "lounge"] => Action::Place(Dest::Lounge),
        ["place", r, "by", by] => {
            let by = Entry::ALL
                .into_iter()
                .find(|e| e.id() == *by)
                .ok_or_else(|| fail(format!("`{by}` is not corruption, crime or prize")))?;
            Action::Place(Dest::Region { region: region(r)?, by })
        }
        ["place", q] => match c.board.square_id(q) {
            Some(q) => Action::Place(Dest::Square(q)),
            None => return Err(fail(format!("`{q}` is no Media square; write `place REGION by ATTR` for a region"))),
        },
        ["let", "in"] => Action::LetIn,
        ["resist", n] => match n.parse::<u32>() {
            Ok(n) if n <= MAX_GOODWILL => Action::Resist(n as u8),
            _ => return Err(fail(format!("`{n}` is not an amount of Goodwill: 0–{MAX_GOODWILL} (BI-BATTLE-2)"))),
        },
        ["outbid"] => Action::Outbid,
        ["withdraw"] => Action::Withdraw,
        ["region", r] => Action::Region(region(r)?),
        ["option", n] => Action::Branch(small(n, 1, crate::action::BRANCHES as u8, "an option")? - 1),
        ["target", x] => Action::Target(if let Some((p, v)) = x.split_once('.') {
            Target::Vp(player(p)?, vp(v)?)
        } else if x.starts_with('p') && x[1..].chars().all(|ch| ch.is_ascii_digit()) && x.len() > 1 {
            Target::Player(player(x)?)
        } else if let Some(r) = c.board.region_id(x) {
            Target::Region(r)
        } else {
            Target::Card(c.cards.by_id(x).ok_or_else(|| fail(format!("`{x}` is no player, region, VP or card")))?)
        }),
        ["gift", p] => Action::Gift(player(p)?),
        ["commission", p] => Action::Commission(player(p)?),
        ["offer", k] => Action::Offer(c.cards.kind_by_id(k).ok_or_else(|| fail(format!("`{k}` is no card")))?),
        ["amount", n] => Action::Amount(amount(n)?),
        ["no", "side"] => Action::NoSide,
        ["give", n] => Action::Give(amount(n)?),
        ["take", n] => Action::Take(amount(n)?),
        ["accept"] => Action::Accept,
        ["decline"] => Action::Decline,
        ["hush", n] => Action::Hush(amount(n)?),
        ["expose"] => Action::Expose,
        ["quiet"] => Action::Quiet,
        ["launder", v, a] => match attr(a)? {
            a @ (Attr::Corruption | Attr::Crime) => Action::Launder { vp: vp(v)?, attr: a },
            _ => return Err(fail(format!("`{a}` cannot launder: corruption or crime (BI-LAUNDER-1)"))),
        },
        ["sell", v] => Action::Sell(vp(v)?),
        ["campaign", v] => Action::Campaign(vp(v)?),
        ["buy", "vp"] => Action::BuyVp,
        ["buy", "prize"] => Action::BuyPrize,
        [one] => match c.cards.by_id(one) {
            Some(k) => Action::Card(k),
            None => return Err(fail(format!("not an action; the forms are: {FORMS}"))),
        },
        _ => return Err(fail(format!("not an action; the forms are: {FORMS}"))),
    })
}
