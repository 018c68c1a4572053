//! The board (`content/board.toml`, original design): the pyramid of six regions (BI-BOARD-1,
//! BI-REGION-1), the Media circus (BI-CIRCUS-1), the extra-effort price table (BI-EFFORT-5), the
//! war table (BI-WARTAB-1), each player's start (BI-SETUP-3) and the prices; read and checked with
//! file, line and reason.

use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::{ConfigError, content_errors};

use crate::attr::{Attr, Section};
use crate::content::fail_if;

pub const BOARD_FILE: &str = "board.toml";
/// BI-BOARD-1: the pyramid has six regions.
pub const REGIONS: usize = 6;
/// BI-CIRCUS-1: at most six Media squares.
pub const SQUARES: usize = 6;
/// The most any price may be, so a mixed payment's Goodwill part stays a short list (BI-MONEY-1).
pub const MAX_PRICE: u8 = 20;
/// BI-RULING-11: the most Goodwill a company holds; gains beyond it are lost.
pub const MAX_GOODWILL: u32 = 255;
/// BI-RULING-12: the most Billions a company holds in its reserve, and the most black money on one
/// VP; gains beyond it are lost.
pub const MAX_BILLIONS: u32 = 1_000_000;

/// A region of the pyramid (BI-BOARD-2, BI-BOARD-3).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Region {
    pub id: String,
    pub name: String,
    /// The row of the pyramid, 1 at the top.
    pub row: u8,
    pub corruption: u8,
    pub crime: u8,
    pub technology: u8,
    /// What selling Stuff there earns.
    pub income: u8,
    /// The Stuff level from which the bar is grey.
    pub grey_from: u8,
    /// The Stuff level at set-up (BI-SETUP-4).
    pub stuff: u8,
}

impl Region {
    /// The region's printed minimum of an attribute (Media has none: 0).
    pub fn minimum(&self, a: Attr) -> u8 {
        match a {
            Attr::Corruption => self.corruption,
            Attr::Crime => self.crime,
            Attr::Technology => self.technology,
            Attr::Media => 0,
        }
    }
}

/// A square of the Media circus (BI-CIRCUS-1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Square {
    pub id: String,
    pub name: String,
    pub section: Section,
    /// The minimum Media to place a VP here (BI-PLACE-5).
    pub media: u8,
}

/// A row of the war table (BI-WARTAB-1), as the board file holds it (the serde names of this,
/// [`Start`] and [`Prices`] are those the file's errors have always named).
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "RawWar")]
pub struct WarRow {
    /// The highest total of the row (`None`: every higher total).
    #[serde(default)]
    pub up_to: Option<u8>,
    pub name: String,
    #[serde(default)]
    pub stuff: u8,
    #[serde(default)]
    pub intervention: bool,
    #[serde(default)]
    pub famine: bool,
    #[serde(default)]
    pub disaster: bool,
    #[serde(default)]
    pub apocalypse: bool,
}

/// Each player's start (BI-SETUP-3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "RawSetup")]
pub struct Start {
    pub vps: u8,
    pub billions: u32,
    pub goodwill: u32,
}

/// The prices and the natural disaster's damage.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "RawPrices")]
pub struct Prices {
    /// BI-BUYVP-1.
    pub vp: u8,
    /// BI-BUYNOBEL-1, in Goodwill.
    pub prize: u8,
    /// BI-CRISIS-1: the Stuff a natural disaster destroys.
    pub disaster: u8,
}

/// The board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub regions: Vec<Region>,
    pub squares: Vec<Square>,
    /// The One $uperpower (BI-REGION-2) and The Rogue State (BI-WAR-3).
    pub superpower: u8,
    pub rogue: u8,
    /// Charity Scam (BI-MEDIA-1), if the circus has it.
    pub charity: Option<u8>,
    /// BI-EFFORT-5: the price of a bonus of +1, +2, +3.
    pub effort: [u8; 3],
    pub war: Vec<WarRow>,
    pub start: Start,
    pub prices: Prices,
}

impl Board {
    /// The built-in board, parsed once.
    ///
    /// # Errors
    /// As [`Board::parse`] (never for the shipped file; a test checks it).
    pub fn built_in() -> Result<Arc<Board>, ConfigError> {
        static BUILT_IN: OnceLock<Result<Arc<Board>, ConfigError>> = OnceLock::new();
        BUILT_IN.get_or_init(|| Board::parse(include_str!("../../content/board.toml")).map(Arc::new)).clone()
    }

    /// The region with an id.
    pub fn region_id(&self, id: &str) -> Option<u8> {
        self.regions.iter().position(|r| r.id == id).map(|i| i as u8)
    }

    pub fn square_id(&self, id: &str) -> Option<u8> {
        self.squares.iter().position(|s| s.id == id).map(|i| i as u8)
    }

    pub fn region(&self, r: u8) -> &Region {
        &self.regions[usize::from(r).min(REGIONS - 1)]
    }

    pub fn square(&self, q: u8) -> &Square {
        &self.squares[usize::from(q).min(self.squares.len() - 1)]
    }

    /// The squares of a section.
    pub fn section(&self, s: Section) -> impl Iterator<Item = u8> + '_ {
        self.squares.iter().enumerate().filter(move |(_, q)| q.section == s).map(|(i, _)| i as u8)
    }

    /// The war table's row for a total (BI-WARTAB-1).
    pub fn war_row(&self, total: i32) -> usize {
        self.war.iter().position(|w| w.up_to.is_none_or(|u| total <= i32::from(u))).unwrap_or(self.war.len() - 1)
    }

    /// Reads and checks a board file.
    ///
    /// # Errors
    /// [`ConfigError::Content`] naming [`BOARD_FILE`], the line and the reason.
    pub fn parse(text: &str) -> Result<Board, ConfigError> {
        let err = content_errors(BOARD_FILE, text);
        let raw: RawBoard = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
        let mut regions = Vec::new();
        let (mut superpower, mut rogue) = (None, None);
        for entry in &raw.region {
            let r = entry.get_ref();
            let here = |m: String| err(Some(entry.span()), format!("region {}: {m}", r.id));
            check_slug(&r.id).map_err(&here)?;
            fail_if!(regions.iter().any(|x: &Region| x.id == r.id), here("the id is used twice".into()));
            for (what, v) in [("corruption", r.corruption), ("crime", r.crime), ("technology", r.technology)] {
                fail_if!(v > 6, here(format!("{what} {v} is above 6 (attributes run 0–6, BI-PLAN-1)")));
            }
            fail_if!(r.stuff > 6, here(format!("stuff {} is above 6 (BI-BOARD-3)", r.stuff)));
            if !(1..=6).contains(&r.grey_from) {
                return Err(here(format!("grey_from {} is outside 1–6 (BI-BOARD-3)", r.grey_from)));
            }
            fail_if!(r.row == 0, here("rows count from 1 at the top".into()));
            let i = regions.len() as u8;
            for (flag, slot, what) in [(r.superpower, &mut superpower, "superpower"), (r.rogue, &mut rogue, "rogue")] {
                if flag {
                    fail_if!(slot.is_some(), here(format!("a second region marked {what}; exactly one is")));
                    *slot = Some(i);
                }
            }
            regions.push(Region {
                id: r.id.clone(),
                name: r.name.trim().to_owned(),
                row: r.row,
                corruption: r.corruption,
                crime: r.crime,
                technology: r.technology,
                income: r.income,
                grey_from: r.grey_from,
                stuff: r.stuff,
            });
        }
        if regions.len() != REGIONS {
            return Err(err(None, format!("{} regions; the pyramid has {REGIONS} (BI-BOARD-1)", regions.len())));
        }
        let superpower = superpower.ok_or_else(|| err(None, "no region is marked superpower = true".into()))?;
        let rogue = rogue.ok_or_else(|| err(None, "no region is marked rogue = true".into()))?;
        fail_if!(superpower == rogue, err(None, "The One $uperpower and The Rogue State are one region".into()));
        let mut squares = Vec::new();
        let mut charity = None;
        for entry in &raw.square {
            let q = entry.get_ref();
            let here = |m: String| err(Some(entry.span()), format!("square {}: {m}", q.id));
            check_slug(&q.id).map_err(&here)?;
            if squares.iter().any(|x: &Square| x.id == q.id) || regions.iter().any(|r| r.id == q.id) {
                return Err(here("the id is used twice".into()));
            }
            fail_if!(q.media > 6, here(format!("media {} is above 6", q.media)));
            if q.charity {
                fail_if!(charity.is_some(), here("a second Charity Scam; at most one square is".into()));
                charity = Some(squares.len() as u8);
            }
            squares.push(Square {
                id: q.id.clone(),
                name: q.name.trim().to_owned(),
                section: q.section,
                media: q.media,
            });
        }
        if squares.is_empty() || squares.len() > SQUARES {
            return Err(err(
                None,
                format!("{} Media squares; the circus has 1–{SQUARES} (BI-CIRCUS-1)", squares.len()),
            ));
        }
        let effort = raw.effort.get_ref().prices;
        if effort.windows(2).any(|w| w[0] >= w[1]) || effort[0] == 0 || effort[2] > MAX_PRICE {
            return Err(err(
                Some(raw.effort.span()),
                format!("effort prices {effort:?} must rise, from at least 1 to at most {MAX_PRICE} (BI-EFFORT-5)"),
            ));
        }
        let mut war = Vec::new();
        for (i, entry) in raw.war.iter().enumerate() {
            let w = entry.get_ref();
            let here = |m: String| err(Some(entry.span()), format!("war row {}: {m}", w.name));
            let last = i + 1 == raw.war.len();
            match (w.up_to, last) {
                (Some(_), true) => return Err(here("the last row takes every higher total: leave out up_to".into())),
                (None, false) => return Err(here("only the last row has no up_to".into())),
                _ => {}
            }
            if let (Some(u), Some(WarRow { up_to: Some(before), .. })) = (w.up_to, war.last())
                && u <= *before
            {
                return Err(here(format!("up_to {u} does not rise above the row before ({before})")));
            }
            fail_if!(w.stuff > 6, here(format!("stuff {} is above 6", w.stuff)));
            war.push(WarRow { name: w.name.trim().to_owned(), ..w.clone() });
        }
        fail_if!(war.is_empty(), err(None, "the war table has no rows (BI-WARTAB-1)".into()));
        let s = raw.setup.get_ref();
        if !(1..=4).contains(&s.vps) {
            return Err(err(Some(raw.setup.span()), format!("vps {} is outside 1–4 (BI-COMP-2)", s.vps)));
        }
        if s.billions > MAX_BILLIONS {
            return Err(err(
                Some(raw.setup.span()),
                format!("billions {} is more than a company holds, {MAX_BILLIONS} (BI-RULING-12)", s.billions),
            ));
        }
        if s.goodwill > MAX_GOODWILL {
            return Err(err(
                Some(raw.setup.span()),
                format!("goodwill {} is more than a company holds, {MAX_GOODWILL} (BI-RULING-11)", s.goodwill),
            ));
        }
        let p = raw.prices.get_ref();
        for (what, v) in [("vp", p.vp), ("prize", p.prize)] {
            if v == 0 || v > MAX_PRICE {
                return Err(err(Some(raw.prices.span()), format!("{what} price {v} is outside 1–{MAX_PRICE}")));
            }
        }
        Ok(Board { regions, squares, superpower, rogue, charity, effort, war, start: *s, prices: *p })
    }
}

/// A slug: lower-case letters, digits and hyphens.
pub fn check_slug(s: &str) -> Result<(), String> {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        Ok(())
    } else {
        Err(format!("`{s}` is not an id: use lower-case letters, digits and hyphens"))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    region: Vec<Spanned<RawRegion>>,
    square: Vec<Spanned<RawSquare>>,
    effort: Spanned<RawEffort>,
    war: Vec<Spanned<WarRow>>,
    setup: Spanned<Start>,
    prices: Spanned<Prices>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegion {
    id: String,
    name: String,
    row: u8,
    corruption: u8,
    crime: u8,
    technology: u8,
    income: u8,
    grey_from: u8,
    stuff: u8,
    #[serde(default)]
    superpower: bool,
    #[serde(default)]
    rogue: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSquare {
    id: String,
    name: String,
    section: Section,
    media: u8,
    #[serde(default)]
    charity: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffort {
    prices: [u8; 3],
}
