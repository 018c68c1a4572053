//! How numbers and tables are written for people: percentages with one decimal and a `%` sign,
//! intervals with a `%` on both ends, and Markdown tables whose columns line up in a terminal
//! (padded cells are still plain Markdown). JSON rounds through [`round`].

use serde::Serializer;

use crate::stats::Rate;

/// A share (0.675) as a percentage with one decimal: `67.5%`. Never `-0.0%`.
pub fn percent(x: f64) -> String {
    if !x.is_finite() {
        return "—".into();
    }
    let v = round(100.0 * x, 1);
    format!("{:.1}%", if v == 0.0 { 0.0 } else { v })
}

/// A rate's 95% interval: `60.7% – 73.6%`.
pub fn interval(r: &Rate) -> String {
    format!("{} – {}", percent(r.low), percent(r.high))
}

/// A rate with its interval: `67.5% [60.7% – 73.6%]`.
pub fn rate(r: &Rate) -> String {
    format!("{} [{}]", percent(r.rate), interval(r))
}

/// A difference of shares in percentage points, signed: `+2.0 points`, `-3.3 points`.
pub fn points(x: f64) -> String {
    let v = round(100.0 * x, 1);
    let v = if v == 0.0 { 0.0 } else { v };
    format!("{v:+.1} points")
}

/// A plain number with at most `decimals` decimals, trailing zeros kept (`12.3`).
pub fn number(x: f64, decimals: usize) -> String {
    let v = round(x, decimals as i32);
    format!("{:.*}", decimals, if v == 0.0 { 0.0 } else { v })
}

/// `x` rounded to `decimals` decimal places (half away from zero).
pub fn round(x: f64, decimals: i32) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(decimals);
    let r = (x * scale).round() / scale;
    // Guard against scaling past f64's range.
    if r.is_finite() { r } else { x }
}

/// Serde helpers for JSON written for people as well as programs: shares to 4 decimals (a
/// percentage's two), other measures to 2.
pub(crate) mod json {
    use super::{Serializer, round};

    pub fn share<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(round(*x, 4))
    }

    pub fn share_opt<S: Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match x {
            Some(v) => s.serialize_some(&round(*v, 4)),
            None => s.serialize_none(),
        }
    }

    pub fn measure<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(round(*x, 2))
    }

    pub fn measure_opt<S: Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match x {
            Some(v) => s.serialize_some(&round(*v, 2)),
            None => s.serialize_none(),
        }
    }

    pub fn rating<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(round(*x, 1))
    }
}

/// How a column's cells are aligned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Align {
    Left,
    Right,
}

/// A Markdown table whose cells are padded so the columns line up as plain text.
#[derive(Clone, Debug)]
pub struct Table {
    head: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// Columns given as (heading, alignment).
    pub fn new(columns: &[(&str, Align)]) -> Table {
        Table {
            head: columns.iter().map(|(h, _)| (*h).to_owned()).collect(),
            align: columns.iter().map(|(_, a)| *a).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; missing cells are empty, extra cells are dropped.
    pub fn row(&mut self, cells: impl IntoIterator<Item = impl Into<String>>) -> &mut Table {
        let mut cells: Vec<String> = cells.into_iter().map(|c| c.into().replace('|', "\\|")).collect();
        cells.resize(self.head.len(), String::new());
        self.rows.push(cells);
        self
    }

    /// The table as Markdown lines, each ending in a newline.
    pub fn render(&self) -> String {
        let chars = |s: &str| s.chars().count();
        let widths: Vec<usize> = (0..self.head.len())
            .map(|c| self.rows.iter().map(|r| chars(&r[c])).chain([chars(&self.head[c]), 3]).max().unwrap_or(3))
            .collect();
        let line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .zip(&self.align)
                .map(|((cell, &w), a)| match a {
                    Align::Left => format!("{cell}{}", " ".repeat(w - chars(cell))),
                    Align::Right => format!("{}{cell}", " ".repeat(w - chars(cell))),
                })
                .collect();
            format!("| {} |\n", padded.join(" | "))
        };
        let mut o = line(&self.head);
        let rule: Vec<String> = widths
            .iter()
            .zip(&self.align)
            .map(|(&w, a)| match a {
                Align::Left => "-".repeat(w),
                Align::Right => format!("{}:", "-".repeat(w - 1)),
            })
            .collect();
        o.push_str(&format!("| {} |\n", rule.join(" | ")));
        for r in &self.rows {
            o.push_str(&line(r));
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_have_one_decimal_and_a_sign() {
        assert_eq!(percent(0.675), "67.5%");
        assert_eq!(percent(1.0 / 3.0), "33.3%");
        assert_eq!(percent(0.27499999999999997), "27.5%");
        assert_eq!(percent(1.0), "100.0%");
        assert_eq!(percent(-0.00001), "0.0%");
        assert_eq!(points(-0.0333), "-3.3 points");
        assert_eq!(points(0.02), "+2.0 points");
        assert_eq!(points(-0.0001), "+0.0 points");
        assert_eq!(number(314.8666, 1), "314.9");
        assert_eq!(round(0.04000000000000001, 4), 0.04);
    }

    #[test]
    fn rates_print_both_ends_of_their_interval_as_percentages() {
        let r = Rate::new(8.0, 10);
        assert_eq!(rate(&r), "80.0% [49.0% – 94.3%]");
        assert_eq!(rate(&Rate::new(0.0, 20)), "0.0% [0.0% – 16.1%]");
    }

    #[test]
    fn table_columns_line_up() {
        let mut t = Table::new(&[("agent", Align::Left), ("games", Align::Right)]);
        t.row(["mcts:200:threads=2", "40"]).row(["random", "1000"]);
        assert_eq!(
            t.render(),
            "| agent              | games |\n\
             | ------------------ | ----: |\n\
             | mcts:200:threads=2 |    40 |\n\
             | random             |  1000 |\n"
        );
        let widths: Vec<usize> = t.render().lines().map(|l| l.chars().count()).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "{widths:?}");
    }
}
