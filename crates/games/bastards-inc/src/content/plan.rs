//! The Business Plans (`content/plans.toml`, original design): each company's starting attributes
//! (BI-PLAN-1, BI-PLAN-3), read and checked with file, line and reason.

use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::{ConfigError, content_errors};

use crate::board::check_slug;
use crate::content::fail_if;

pub const PLANS_FILE: &str = "plans.toml";
/// BI-COMP-1: six Business Plans.
pub const PLANS: usize = 6;

/// A Business Plan: a company name and its four starting attributes, in [`crate::Attr`] order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Plan {
    pub id: String,
    pub name: String,
    pub attrs: [u8; 4],
}

/// The six plans.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Plans(pub Vec<Plan>);

impl Plans {
    /// The built-in plans, parsed once.
    ///
    /// # Errors
    /// As [`Plans::parse`] (never for the shipped file; a test checks it).
    pub fn built_in() -> Result<Arc<Plans>, ConfigError> {
        static BUILT_IN: OnceLock<Result<Arc<Plans>, ConfigError>> = OnceLock::new();
        BUILT_IN.get_or_init(|| Plans::parse(include_str!("../../content/plans.toml")).map(Arc::new)).clone()
    }

    pub fn get(&self, i: u8) -> &Plan {
        &self.0[usize::from(i).min(self.0.len() - 1)]
    }

    pub fn by_id(&self, id: &str) -> Option<u8> {
        self.0.iter().position(|p| p.id == id).map(|i| i as u8)
    }

    /// Reads and checks a plans file: six plans, unique ids, attributes 0–6.
    ///
    /// # Errors
    /// [`ConfigError::Content`] naming [`PLANS_FILE`], the line and the reason.
    pub fn parse(text: &str) -> Result<Plans, ConfigError> {
        let err = content_errors(PLANS_FILE, text);
        let raw: RawFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
        let mut plans: Vec<Plan> = Vec::new();
        for entry in &raw.plan {
            let r = entry.get_ref();
            let here = |m: String| err(Some(entry.span()), format!("plan {}: {m}", r.id));
            check_slug(&r.id).map_err(&here)?;
            fail_if!(plans.iter().any(|p| p.id == r.id), here("the id is used twice".into()));
            let attrs = [r.corruption, r.crime, r.media, r.technology];
            if let Some((a, v)) = crate::attr::Attr::ALL.iter().zip(attrs).find(|(_, v)| *v > 6) {
                return Err(here(format!("{} {v} is above 6 (BI-PLAN-1)", a.id())));
            }
            plans.push(Plan { id: r.id.clone(), name: r.name.trim().to_owned(), attrs });
        }
        if plans.len() != PLANS {
            return Err(err(None, format!("{} plans; the game has {PLANS} Business Plans (BI-COMP-1)", plans.len())));
        }
        Ok(Plans(plans))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    plan: Vec<Spanned<RawPlan>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlan {
    id: String,
    name: String,
    corruption: u8,
    crime: u8,
    media: u8,
    technology: u8,
}
