//! `worlds engine`: the JSON-lines protocol (docs/protocol.md). One request per line on stdin, one
//! response per line on stdout; a bad line gets an error response and the session goes on.

use std::io::{BufRead, Write};

use serde::Deserialize;
use serde_json::{Map, Value, json};
use worlds_agents::AgentSpec;
use worlds_engine::{ApplyError, Config, Player, RuleError, ScriptedValue, Turn, Viewer};
use worlds_registry::{DynSession, RegistryError};

pub fn run() -> anyhow::Result<()> {
    let mut engine = Engine::default();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (response, quit) = engine.handle(&line);
        if writeln!(out, "{response}").and_then(|()| out.flush()).is_err() {
            break;
        }
        if quit {
            break;
        }
    }
    Ok(())
}

/// A protocol error: a machine-readable kind, a message for people and, for rule errors, the rule.
#[derive(Debug)]
struct Failure {
    kind: &'static str,
    message: String,
    rule: Option<&'static str>,
}

fn fail(kind: &'static str, message: impl Into<String>) -> Failure {
    Failure { kind, message: message.into(), rule: None }
}

impl From<RuleError> for Failure {
    fn from(e: RuleError) -> Failure {
        Failure { kind: e.kind.as_str(), message: e.message, rule: Some(e.rule) }
    }
}

impl From<ApplyError> for Failure {
    fn from(e: ApplyError) -> Failure {
        match e {
            ApplyError::Rule(r) => r.into(),
            ApplyError::Notation(n) => fail("bad_notation", n.to_string()),
            ApplyError::Script(m) => fail("script_mismatch", ApplyError::Script(m).to_string()),
        }
    }
}

impl From<RegistryError> for Failure {
    fn from(e: RegistryError) -> Failure {
        let kind = match e {
            RegistryError::UnknownGame { .. } => "unknown_game",
            RegistryError::Config(_) => "bad_config",
            RegistryError::State(_) => "bad_state",
            RegistryError::Replay(_) => "bad_replay",
        };
        fail(kind, e.to_string())
    }
}

const COMMANDS: &[&str] = &[
    "new", "load", "state", "turn", "legal", "apply", "observe", "outcome", "script", "bot", "record", "games", "quit",
];

#[derive(Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    New {
        game: String,
        players: Option<usize>,
        seed: Option<u64>,
        variant: Option<String>,
        #[serde(default)]
        options: Map<String, Value>,
    },
    Load {
        game: Option<String>,
        players: Option<usize>,
        variant: Option<String>,
        #[serde(default)]
        options: Map<String, Value>,
        seed: Option<u64>,
        state: Value,
    },
    State,
    Turn,
    Legal {
        player: usize,
    },
    Apply {
        player: usize,
        action: String,
    },
    Observe {
        player: Option<usize>,
    },
    Outcome,
    Script {
        values: Vec<ScriptedValue>,
    },
    Bot {
        player: usize,
        #[serde(default = "random")]
        agent: String,
        #[serde(default)]
        apply: bool,
    },
    Record,
    Games,
    Quit,
}

fn random() -> String {
    "random".into()
}

/// The protocol's state: the current session, if any.
#[derive(Default)]
pub struct Engine {
    session: Option<Box<dyn DynSession>>,
}

fn turn_json(turn: Turn) -> Value {
    match turn {
        Turn::Decide(p) => json!({"kind": "decide", "players": [p.index()]}),
        Turn::Simultaneous(set) => {
            json!({"kind": "simultaneous", "players": set.iter().map(Player::index).collect::<Vec<_>>()})
        }
        Turn::Over => json!({"kind": "over", "players": []}),
    }
}

impl Engine {
    /// Answers one request line. Returns the response and whether the session should end.
    pub fn handle(&mut self, line: &str) -> (Value, bool) {
        let mut id = None;
        let result = self.dispatch(line, &mut id);
        let quit = matches!(&result, Ok(v) if v.get("bye").is_some());
        let mut response = match result {
            Ok(Value::Object(mut body)) => {
                body.remove("bye");
                let mut out = Map::new();
                out.insert("ok".into(), Value::Bool(true));
                out.extend(body);
                Value::Object(out)
            }
            Ok(other) => json!({"ok": true, "result": other}),
            Err(f) => {
                let mut error = json!({"kind": f.kind, "message": f.message});
                if let Some(rule) = f.rule {
                    error["rule"] = Value::String(rule.to_owned());
                }
                json!({"ok": false, "error": error})
            }
        };
        if let Some(id) = id {
            response["id"] = id;
        }
        (response, quit)
    }

    fn dispatch(&mut self, line: &str, id: &mut Option<Value>) -> Result<Value, Failure> {
        let mut value: Value = serde_json::from_str(line).map_err(|e| fail("parse", format!("not JSON: {e}")))?;
        let Some(object) = value.as_object_mut() else {
            return Err(fail("bad_request", "a request is a JSON object with a `cmd`, e.g. {\"cmd\":\"turn\"}"));
        };
        *id = object.remove("id");
        let cmd = match object.get("cmd") {
            Some(Value::String(c)) => c.clone(),
            _ => return Err(fail("bad_request", "every request needs a `cmd` string, e.g. {\"cmd\":\"turn\"}")),
        };
        if !COMMANDS.contains(&cmd.as_str()) {
            return Err(fail(
                "unknown_command",
                format!("unknown command `{cmd}`; commands are: {}", COMMANDS.join(", ")),
            ));
        }
        let request: Request =
            serde_json::from_value(value).map_err(|e| fail("bad_request", format!("`{cmd}`: {e}")))?;
        self.execute(request)
    }

    fn session(&mut self) -> Result<&mut Box<dyn DynSession>, Failure> {
        self.session
            .as_mut()
            .ok_or_else(|| fail("no_game", "no game yet: start one with {\"cmd\":\"new\",\"game\":\"world-war-5\"}"))
    }

    fn seat(&mut self, player: usize) -> Result<Player, Failure> {
        let n = self.session()?.config().players;
        if player >= n {
            return Err(fail("bad_request", format!("player {player} does not exist: seats are 0–{}", n - 1)));
        }
        Ok(Player::from_index(player))
    }

    fn config(
        game: &str,
        players: Option<usize>,
        variant: Option<String>,
        options: Map<String, Value>,
    ) -> Result<Config, Failure> {
        let entry = worlds_registry::find(game)?;
        Ok(Config { players: players.unwrap_or(entry.info.min_players), variant, options, ..Config::default() })
    }

    fn execute(&mut self, request: Request) -> Result<Value, Failure> {
        match request {
            Request::New { game, players, seed, variant, options } => {
                let config = Self::config(&game, players, variant, options)?;
                let seed = seed.unwrap_or(0);
                let (session, events) = worlds_registry::open(&game, &config, seed)?;
                let turn = turn_json(session.turn());
                let players = session.config().players;
                self.session = Some(session);
                Ok(json!({"game": game, "players": players, "seed": seed, "turn": turn, "events": events}))
            }
            Request::Load { game, players, variant, options, seed, state } => {
                let current = self.session.as_ref().map(|s| (s.info().id.to_owned(), s.config().clone()));
                let (game, config) = match (game, current) {
                    (Some(game), _) => {
                        let config = Self::config(&game, players, variant, options)?;
                        (game, config)
                    }
                    (None, Some((game, config))) => (game, config),
                    (None, None) => return Err(fail("no_game", "`load` needs a `game`, or a game started before")),
                };
                let session = worlds_registry::load(&game, &config, state, seed.unwrap_or(0))?;
                let turn = turn_json(session.turn());
                self.session = Some(session);
                Ok(json!({"game": game, "turn": turn}))
            }
            Request::State => Ok(json!({"state": self.session()?.state()})),
            Request::Turn => Ok(json!({"turn": turn_json(self.session()?.turn())})),
            Request::Legal { player } => {
                let p = self.seat(player)?;
                let legal = self.session()?.legal(p);
                let actions: Vec<&str> = legal.iter().map(|a| a.text.as_str()).collect();
                let codes: Vec<usize> = legal.iter().map(|a| a.index).collect();
                Ok(json!({"player": player, "actions": actions, "codes": codes}))
            }
            Request::Apply { player, action } => {
                let p = self.seat(player)?;
                let session = self.session()?;
                let events = session.apply(p, &action)?;
                Ok(json!({"events": events, "turn": turn_json(session.turn()), "outcome": session.outcome()}))
            }
            Request::Observe { player } => {
                let viewer = match player {
                    Some(i) => Viewer::Player(self.seat(i)?),
                    None => Viewer::Spectator,
                };
                Ok(json!({"viewer": viewer, "observation": self.session()?.observe(viewer)}))
            }
            Request::Outcome => Ok(json!({"outcome": self.session()?.outcome()})),
            Request::Script { values } => {
                let session = self.session()?;
                session.script(values);
                Ok(json!({"pending": session.pending_script()}))
            }
            Request::Bot { player, agent, apply } => {
                let p = self.seat(player)?;
                let spec: AgentSpec =
                    agent.parse().map_err(|e: worlds_agents::SpecError| fail("bad_agent", e.to_string()))?;
                let session = self.session()?;
                let action = session.bot(p, spec).map_err(|e| fail("not_to_act", e.to_string()))?;
                if apply {
                    let events = session.apply(p, &action)?;
                    Ok(json!({"action": action, "events": events, "turn": turn_json(session.turn())}))
                } else {
                    Ok(json!({"action": action}))
                }
            }
            Request::Record => Ok(json!({"record": self.session()?.record()})),
            Request::Games => {
                let games: Vec<Value> = worlds_registry::games()
                    .iter()
                    .map(|e| {
                        json!({
                            "id": e.info.id,
                            "name": e.info.name,
                            "min_players": e.info.min_players,
                            "max_players": e.info.max_players,
                            "variants": e.info.variants.iter().map(|v| v.id).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                Ok(json!({"games": games}))
            }
            Request::Quit => Ok(json!({"bye": true})),
        }
    }
}
