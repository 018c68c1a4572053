//! Statistics: rates with 95% Wilson intervals, and distributions.

use serde::{Deserialize, Serialize};

use crate::format::json;

/// A rate with its 95% Wilson score interval (written to JSON with four decimals: a percentage's
/// two).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rate {
    /// Successes (shared wins count fractionally).
    #[serde(serialize_with = "json::share")]
    pub wins: f64,
    pub games: usize,
    #[serde(serialize_with = "json::share")]
    pub rate: f64,
    #[serde(serialize_with = "json::share")]
    pub low: f64,
    #[serde(serialize_with = "json::share")]
    pub high: f64,
}

impl Rate {
    /// The Wilson score interval at 95% (z = 1.96), which stays inside [0, 1] and behaves at 0 and 1.
    pub fn new(wins: f64, games: usize) -> Rate {
        if games == 0 {
            return Rate { wins, games, rate: 0.0, low: 0.0, high: 1.0 };
        }
        let n = games as f64;
        let p = (wins / n).clamp(0.0, 1.0);
        let z = 1.959_963_984_540_054_f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Rate { wins, games, rate: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }
}

/// A distribution of values (written to JSON with two decimals).
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Spread {
    #[serde(serialize_with = "json::measure")]
    pub mean: f64,
    #[serde(serialize_with = "json::measure")]
    pub median: f64,
    #[serde(serialize_with = "json::measure")]
    pub p5: f64,
    #[serde(serialize_with = "json::measure")]
    pub p95: f64,
    #[serde(serialize_with = "json::measure")]
    pub min: f64,
    #[serde(serialize_with = "json::measure")]
    pub max: f64,
}

impl Spread {
    pub fn of(values: impl IntoIterator<Item = f64>) -> Spread {
        let mut v: Vec<f64> = values.into_iter().filter(|x| x.is_finite()).collect();
        if v.is_empty() {
            return Spread::default();
        }
        v.sort_by(f64::total_cmp);
        // Nearest-rank percentiles.
        let at = |q: f64| v[((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
        Spread {
            mean: v.iter().sum::<f64>() / v.len() as f64,
            median: at(0.5),
            p5: at(0.05),
            p95: at(0.95),
            min: v[0],
            max: v[v.len() - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_known_values() {
        // 8 of 10: the textbook interval is 0.490 to 0.943.
        let r = Rate::new(8.0, 10);
        assert!((r.low - 0.4902).abs() < 1e-3 && (r.high - 0.9433).abs() < 1e-3, "{r:?}");
        let zero = Rate::new(0.0, 20);
        assert_eq!(zero.low, 0.0);
        assert!((zero.high - 0.1611).abs() < 1e-3, "{zero:?}");
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let s = Spread::of((1..=100).map(f64::from));
        assert_eq!((s.median, s.p5, s.p95, s.min, s.max), (50.0, 5.0, 95.0, 1.0, 100.0));
        assert_eq!(s.mean, 50.5);
    }
}
