//! Agent specs, parsed from text everywhere: `random`, `greedy`, `mcts:2000`, `mcts:500ms`,
//! `ismcts:1s`, with settings after colons: `mcts:2s:threads=4:rollout=heuristic:30:c=1.0`,
//! `simultaneous=joint` (a colon never collides with the commas of a seat list).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use worlds_engine::quote;

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
settings after colons, e.g. mcts:200:threads=2: threads=N, rollout=random|heuristic[:STEPS], c=EXPLORATION, simultaneous=decoupled|joint";

/// The most iterations a bot may be given per decision: enough for any of our games, and an
/// upper bound on the time one decision can take (an iteration budget is not a time budget: four
/// billion iterations would block for hours).
pub const MAX_ITERATIONS: u32 = 1_000_000;

fn budget(text: &str) -> Result<Budget, String> {
    let t = &quote(text);
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
        Ok(n) if n > MAX_ITERATIONS => {
            Err(format!("{n} iterations: at most {MAX_ITERATIONS} (or a time, at most an hour, e.g. 2s)"))
        }
        Ok(n) => Ok(Budget::Iterations(n)),
        Err(_) => Err(format!("`{t}` is neither a number of iterations (e.g. 2000) nor a time (e.g. 500ms, 2s)")),
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    /// Settings follow the name after colons (`mcts:200:threads=2`); commas are read the same way
    /// (`mcts:200,threads=2`), for specs written alone.
    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        let text = s.trim().to_ascii_lowercase();
        // What was typed is quoted cut short: a megabyte of input is never echoed back.
        let fail = |reason: String| SpecError { spec: quote(s), reason };
        let mut parts = text.split([':', ',']).map(str::trim);
        let name = parts.next().unwrap_or_default();
        let mut config = MctsConfig::default();
        match name {
            "random" | "greedy" if parts.clone().next().is_some() => {
                return Err(fail(format!("`{}` takes no settings", quote(name))));
            }
            "random" => return Ok(AgentSpec::Random),
            "greedy" => return Ok(AgentSpec::Greedy),
            "mcts" | "ismcts" => config.per_iteration_determinization = name == "ismcts",
            _ => return Err(fail(format!("agents are {SPECS}"))),
        }
        let mut first = true;
        let mut last_key = "";
        for part in parts {
            let Some((key, value)) = part.split_once('=') else {
                match (first, last_key, &config.rollout) {
                    // The budget comes first: `mcts:2000`, `mcts:500ms`.
                    (true, _, _) => config.budget = budget(part).map_err(fail)?,
                    // `rollout=heuristic:30`: the rollout's number of steps.
                    (false, "rollout", Rollout::Heuristic(_)) => {
                        let steps = part.parse::<u16>().map_err(|_| {
                            fail(format!("rollout=heuristic:`{}`: the number of steps, e.g. heuristic:30", quote(part)))
                        })?;
                        config.rollout = Rollout::Heuristic(steps);
                    }
                    _ => return Err(fail(format!("setting `{}`: write KEY=VALUE, e.g. threads=2", quote(part)))),
                }
                first = false;
                last_key = "";
                continue;
            };
            first = false;
            last_key = key.trim();
            let value = value.trim();
            match last_key {
                "threads" => {
                    config.threads = value
                        .parse::<u16>()
                        .ok()
                        .filter(|t| (1..=256).contains(t))
                        .ok_or_else(|| fail(format!("threads=`{}`: a number from 1 to 256", quote(value))))?;
                }
                "rollout" => {
                    config.rollout = match value {
                        "random" => Rollout::Random,
                        "heuristic" => Rollout::Heuristic(20),
                        other => {
                            return Err(fail(format!(
                                "rollout=`{}`: random, heuristic or heuristic:STEPS",
                                quote(other)
                            )));
                        }
                    }
                }
                "c" => {
                    let c: f64 = value.parse().map_err(|_| fail(format!("c=`{}` is not a number", quote(value))))?;
                    if !(0.0..=10.0).contains(&c) {
                        return Err(fail("c is between 0 and 10".into()));
                    }
                    config.exploration_centi = (c * 100.0).round() as u16;
                }
                "simultaneous" => {
                    config.simultaneous = match value {
                        "decoupled" => Simultaneous::Decoupled,
                        "joint" => Simultaneous::Joint,
                        other => {
                            return Err(fail(format!("simultaneous=`{}`: decoupled or joint", quote(other))));
                        }
                    }
                }
                other => {
                    return Err(fail(format!(
                        "unknown setting `{}`; settings are threads, rollout, c, simultaneous",
                        quote(other)
                    )));
                }
            }
        }
        Ok(AgentSpec::Mcts(config))
    }
}

/// Splits a comma-separated list of seats or agents (`mcts:200:threads=2,random`). A piece that is
/// only a setting (`threads=2` in `mcts:200,threads=2,random`) belongs to the agent before it, so
/// settings written after commas keep working in lists.
pub fn split_list(list: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for piece in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let setting = piece.split(':').next().is_some_and(|head| head.contains('='));
        match out.last_mut() {
            Some(last) if setting => {
                last.push(':');
                last.push_str(piece);
            }
            _ => out.push(piece.to_owned()),
        }
    }
    out
}

impl AgentSpec {
    /// Whether the agent searches (and so takes time worth a thread of its own): MCTS does;
    /// random and greedy look once at each legal action.
    pub fn searches(&self) -> bool {
        matches!(self, AgentSpec::Mcts(_))
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
                    write!(f, ":threads={}", c.threads)?;
                }
                match c.rollout {
                    Rollout::Random => {}
                    Rollout::Heuristic(n) => write!(f, ":rollout=heuristic:{n}")?,
                }
                if c.exploration_centi != MctsConfig::default().exploration_centi {
                    write!(f, ":c={}", f64::from(c.exploration_centi) / 100.0)?;
                }
                match c.simultaneous {
                    Simultaneous::Decoupled => {}
                    Simultaneous::Joint => f.write_str(":simultaneous=joint")?,
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
            "mcts:2s:threads=4:rollout=heuristic:30:c=0.7",
            "mcts:300:simultaneous=joint",
            "ismcts:2s:threads=2:rollout=heuristic:10:c=0.5:simultaneous=joint",
        ] {
            assert_eq!(s.parse::<AgentSpec>().unwrap().to_string(), s);
        }
        // Commas read as colons in a spec written alone.
        assert_eq!(
            "mcts:2s,threads=4,rollout=heuristic:30".parse::<AgentSpec>().unwrap().to_string(),
            "mcts:2s:threads=4:rollout=heuristic:30"
        );
        assert_eq!("mcts:threads=2".parse::<AgentSpec>().unwrap().to_string(), "mcts:1000:threads=2");
        assert_eq!("MCTS".parse::<AgentSpec>().unwrap().to_string(), "mcts:1000");
        // The default keying is not printed.
        assert_eq!("mcts:300,simultaneous=decoupled".parse::<AgentSpec>().unwrap().to_string(), "mcts:300");
    }

    #[test]
    fn lists_keep_settings_with_their_agent() {
        assert_eq!(split_list("mcts:200:threads=2,random"), ["mcts:200:threads=2", "random"]);
        assert_eq!(split_list("mcts:200,threads=2,random"), ["mcts:200:threads=2", "random"]);
        assert_eq!(
            split_list("human, ismcts:1s,rollout=heuristic:30,c=0.5, greedy"),
            ["human", "ismcts:1s:rollout=heuristic:30:c=0.5", "greedy"]
        );
        assert_eq!(split_list("random"), ["random"]);
        assert!(split_list("").is_empty());
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
        // An iteration budget has a ceiling, as a time budget has (an hour).
        assert!("mcts:1000000".parse::<AgentSpec>().is_ok());
        assert_eq!(
            err("ismcts:1000001"),
            "bad agent `ismcts:1000001`: 1000001 iterations: at most 1000000 (or a time, at most an hour, e.g. 2s)"
        );
        // What was typed is quoted cut short.
        let long = format!("mcts:{}", "9".repeat(500));
        assert!(err(&long).chars().count() < 300, "{}", err(&long));
        assert_eq!(
            err("mcts:100,depth=3"),
            "bad agent `mcts:100,depth=3`: unknown setting `depth`; settings are threads, rollout, c, simultaneous"
        );
        assert_eq!(err("mcts:100:fast"), "bad agent `mcts:100:fast`: setting `fast`: write KEY=VALUE, e.g. threads=2");
        assert_eq!(
            err("mcts:100:rollout=heuristic:many"),
            "bad agent `mcts:100:rollout=heuristic:many`: rollout=heuristic:`many`: the number of steps, e.g. heuristic:30"
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
