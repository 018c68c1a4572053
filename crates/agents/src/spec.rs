//! Agent specs, parsed from text everywhere: `random`, `greedy`, `mcts:2000`, `mcts:500ms`,
//! `ismcts:1s`, with options after commas: `mcts:2s,threads=4,rollout=heuristic:30,c=1.0`,
//! `simultaneous=joint`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::mcts::{Budget, MctsConfig, Rollout, Simultaneous};

/// Which agent, with its settings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AgentSpec {
    /// Uniformly random legal actions.
    Random,
    /// One ply on the game's heuristic, random tie-break (random where the game has no heuristic).
    Greedy,
    /// UCT on one determinization per decision (`mcts`), or IS-MCTS (`ismcts`).
    Mcts(MctsConfig),
}

/// A spec that could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("bad agent `{spec}`: {reason}")]
pub struct SpecError {
    pub spec: String,
    pub reason: String,
}

/// The specs a user can write, for help texts.
pub const SPECS: &str = "random, greedy, mcts:ITERATIONS, mcts:TIME (e.g. 500ms, 2s), ismcts:ITERATIONS|TIME; \
options after commas: threads=N, rollout=random|heuristic[:STEPS], c=EXPLORATION, simultaneous=decoupled|joint";

fn budget(text: &str) -> Result<Budget, String> {
    let t = text.trim();
    let time = |digits: &str, unit: f64| -> Result<Budget, String> {
        let v: f64 = digits.parse().map_err(|_| format!("`{t}` is not a duration"))?;
        if !(v > 0.0 && v.is_finite() && v * unit <= 3600.0) {
            return Err(format!("`{t}`: a time budget is more than 0 and at most an hour"));
        }
        Ok(Budget::Time(Duration::from_secs_f64(v * unit)))
    };
    if let Some(ms) = t.strip_suffix("ms") {
        return time(ms, 0.001);
    }
    if let Some(s) = t.strip_suffix('s') {
        return time(s, 1.0);
    }
    match t.parse::<u32>() {
        Ok(0) => Err("at least one iteration".into()),
        Ok(n) => Ok(Budget::Iterations(n)),
        Err(_) => Err(format!("`{t}` is neither a number of iterations (e.g. 2000) nor a time (e.g. 500ms, 2s)")),
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        let text = s.trim().to_ascii_lowercase();
        let fail = |reason: String| SpecError { spec: s.trim().to_owned(), reason };
        let mut parts = text.split(',');
        let head = parts.next().unwrap_or_default();
        let (name, arg) = head.split_once(':').map_or((head, None), |(n, a)| (n, Some(a)));
        let mut config = MctsConfig::default();
        match (name, arg) {
            ("random", None) if parts.clone().next().is_none() => return Ok(AgentSpec::Random),
            ("greedy", None) if parts.clone().next().is_none() => return Ok(AgentSpec::Greedy),
            ("random" | "greedy", _) => return Err(fail(format!("`{name}` takes no settings"))),
            ("mcts" | "ismcts", arg) => {
                config.per_iteration_determinization = name == "ismcts";
                if let Some(a) = arg {
                    config.budget = budget(a).map_err(fail)?;
                }
            }
            _ => return Err(fail(format!("agents are {SPECS}"))),
        }
        for option in parts {
            let (key, value) =
                option.split_once('=').ok_or_else(|| fail(format!("option `{option}`: write KEY=VALUE")))?;
            match key.trim() {
                "threads" => {
                    config.threads = value
                        .trim()
                        .parse::<u16>()
                        .ok()
                        .filter(|t| (1..=256).contains(t))
                        .ok_or_else(|| fail(format!("threads=`{value}`: a number from 1 to 256")))?;
                }
                "rollout" => {
                    config.rollout = match value.trim() {
                        "random" => Rollout::Random,
                        "heuristic" => Rollout::Heuristic(20),
                        other => match other.strip_prefix("heuristic:").and_then(|n| n.parse::<u16>().ok()) {
                            Some(n) => Rollout::Heuristic(n),
                            None => {
                                return Err(fail(format!("rollout=`{other}`: random, heuristic or heuristic:STEPS")));
                            }
                        },
                    }
                }
                "c" => {
                    let c: f64 = value.trim().parse().map_err(|_| fail(format!("c=`{value}` is not a number")))?;
                    if !(0.0..=10.0).contains(&c) {
                        return Err(fail("c is between 0 and 10".into()));
                    }
                    config.exploration_centi = (c * 100.0).round() as u16;
                }
                "simultaneous" => {
                    config.simultaneous = match value.trim() {
                        "decoupled" => Simultaneous::Decoupled,
                        "joint" => Simultaneous::Joint,
                        other => return Err(fail(format!("simultaneous=`{other}`: decoupled or joint"))),
                    }
                }
                other => {
                    return Err(fail(format!(
                        "unknown option `{other}`; options are threads, rollout, c, simultaneous"
                    )));
                }
            }
        }
        Ok(AgentSpec::Mcts(config))
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Mcts(c) => {
                f.write_str(if c.per_iteration_determinization { "ismcts" } else { "mcts" })?;
                match c.budget {
                    Budget::Iterations(n) => write!(f, ":{n}")?,
                    Budget::Time(t) if t.subsec_millis() == 0 && t.as_secs() > 0 => write!(f, ":{}s", t.as_secs())?,
                    Budget::Time(t) => write!(f, ":{}ms", t.as_millis())?,
                }
                if c.threads != 1 {
                    write!(f, ",threads={}", c.threads)?;
                }
                match c.rollout {
                    Rollout::Random => {}
                    Rollout::Heuristic(n) => write!(f, ",rollout=heuristic:{n}")?,
                }
                if c.exploration_centi != MctsConfig::default().exploration_centi {
                    write!(f, ",c={}", f64::from(c.exploration_centi) / 100.0)?;
                }
                match c.simultaneous {
                    Simultaneous::Decoupled => {}
                    Simultaneous::Joint => f.write_str(",simultaneous=joint")?,
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for s in [
            "random",
            "greedy",
            "mcts:2000",
            "mcts:500ms",
            "ismcts:1s",
            "mcts:2s,threads=4,rollout=heuristic:30,c=0.7",
            "mcts:300,simultaneous=joint",
            "ismcts:2s,threads=2,rollout=heuristic:10,c=0.5,simultaneous=joint",
        ] {
            assert_eq!(s.parse::<AgentSpec>().unwrap().to_string(), s);
        }
        assert_eq!("MCTS".parse::<AgentSpec>().unwrap().to_string(), "mcts:1000");
        // The default keying is not printed.
        assert_eq!("mcts:300,simultaneous=decoupled".parse::<AgentSpec>().unwrap().to_string(), "mcts:300");
    }

    #[test]
    fn simultaneous_keying_is_decoupled_unless_asked_joint() {
        let keying = |s: &str| match s.parse::<AgentSpec>().unwrap() {
            AgentSpec::Mcts(c) => c.simultaneous,
            other => panic!("{other} is not a search"),
        };
        assert_eq!(keying("mcts:100"), Simultaneous::Decoupled);
        assert_eq!(keying("ismcts:100,simultaneous=decoupled"), Simultaneous::Decoupled);
        assert_eq!(keying("mcts:100, simultaneous = JOINT"), Simultaneous::Joint);
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let err = |s: &str| s.parse::<AgentSpec>().unwrap_err().to_string();
        assert_eq!(err("telepath"), format!("bad agent `telepath`: agents are {SPECS}"));
        assert_eq!(
            err("mcts:fast"),
            "bad agent `mcts:fast`: `fast` is neither a number of iterations (e.g. 2000) nor a time (e.g. 500ms, 2s)"
        );
        assert_eq!(err("mcts:0"), "bad agent `mcts:0`: at least one iteration");
        assert_eq!(err("mcts:100,threads=0"), "bad agent `mcts:100,threads=0`: threads=`0`: a number from 1 to 256");
        assert_eq!(
            err("mcts:100,depth=3"),
            "bad agent `mcts:100,depth=3`: unknown option `depth`; options are threads, rollout, c, simultaneous"
        );
        assert_eq!(
            err("mcts:100,simultaneous=both"),
            "bad agent `mcts:100,simultaneous=both`: simultaneous=`both`: decoupled or joint"
        );
        assert_eq!(err("random:5"), "bad agent `random:5`: `random` takes no settings");
        assert_eq!(
            err("mcts:2h"),
            "bad agent `mcts:2h`: `2h` is neither a number of iterations (e.g. 2000) nor a time (e.g. 500ms, 2s)"
        );
    }
}
