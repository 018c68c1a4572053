//! Simulations: reproducible whatever the thread count, balanced rotations, honest outputs.
#![allow(clippy::unwrap_used)]

use worlds_agents::AgentSpec;
use worlds_engine::Config;
use worlds_sim::{Run, SimError, seating, simulate, tournament, write_outputs};

fn run(game: &str, players: usize, seats: &[&str], games: usize, rotate: bool) -> Run {
    Run {
        game: game.into(),
        config: Config::players(players),
        seats: seats.iter().map(|s| s.parse().unwrap()).collect(),
        games,
        seed: 42,
        rotate,
        count: Vec::new(),
    }
}

fn with_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap().install(f)
}

#[test]
fn results_are_identical_whatever_the_thread_count() {
    let r = run("world-war-5", 3, &["mcts:20", "greedy", "random"], 24, true);
    let one = with_threads(1, || simulate(&r, || {}).unwrap());
    let four = with_threads(4, || simulate(&r, || {}).unwrap());
    let strip = |o: &worlds_sim::Outcome| {
        o.records
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g.millis = 0.0;
                g
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&one), strip(&four));
    let mut a = one.summary.clone();
    let mut b = four.summary.clone();
    a.millis_per_game = Default::default();
    b.millis_per_game = Default::default();
    assert_eq!(a, b);
}

#[test]
fn rotation_seats_every_agent_in_every_seat_equally() {
    let specs: Vec<AgentSpec> = ["random", "greedy", "mcts:10"].iter().map(|s| s.parse().unwrap()).collect();
    let mut counts = [[0usize; 3]; 3];
    for i in 0..30 {
        for (seat, spec) in seating(&specs, 3, true, i).iter().enumerate() {
            counts[specs.iter().position(|s| s == spec).unwrap()][seat] += 1;
        }
    }
    assert_eq!(counts, [[10; 3]; 3]);
    // Fewer specs than players: the last repeats.
    assert_eq!(seating(&specs[..1], 3, false, 5), vec![specs[0]; 3]);
}

#[test]
fn the_summary_counts_seats_agents_factions_and_lengths() {
    let out = simulate(&run("world-war-5", 2, &["mcts:50,rollout=heuristic:30", "random"], 40, true), || {}).unwrap();
    let s = &out.summary;
    assert_eq!(s.games, 40);
    assert_eq!(s.by_seat.len(), 2);
    let total: f64 = s.by_seat.iter().map(|g| g.rate.wins).sum::<f64>();
    assert!((total - 40.0).abs() < 1e-9, "every game's returns add up to one win");
    let mcts = s.by_agent.iter().find(|g| g.name.starts_with("mcts")).unwrap();
    assert!(mcts.rate.rate > 0.8, "{mcts:?}");
    assert!(mcts.rate.low < mcts.rate.rate && mcts.rate.rate <= mcts.rate.high);
    assert!(!s.by_faction.is_empty(), "World War 5 reports home continents");
    assert_eq!(s.by_faction.iter().map(|g| g.rate.games).sum::<usize>(), 80);
    assert!(s.actions.mean >= s.turns.mean && s.turns.p5 <= s.turns.p95);
    assert!(s.branching > 1.0);
    assert!(s.decisiveness.is_some());
    assert!(s.markdown().contains("| mcts:50:rollout=heuristic:30 |    40 |"), "{}", s.markdown());
}

#[test]
fn outputs_are_written_whole_or_not_at_all() {
    let out = simulate(&run("tic-tac-toe", 2, &["random"], 10, false), || {}).unwrap();
    let dir = std::env::temp_dir().join(format!("worlds-sim-test-{}", std::process::id()));
    let files = write_outputs(&dir, &out).unwrap();
    assert_eq!(files, ["games.jsonl", "summary.json", "summary.md", "win-rate-by-seat.svg", "game-length.svg"]);
    let jsonl = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(jsonl.lines().count(), 10);
    let back: worlds_sim::Summary =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(back.games, 10);
    assert!(std::fs::read_dir(&dir).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().ends_with(".tmp")));
    // A folder that cannot be created (a file stands in the way): an error, and nothing written.
    let blocked = dir.join("games.jsonl").join("sub");
    assert!(matches!(write_outputs(&blocked, &out), Err(SimError::Write { .. })));
}

#[test]
fn bad_runs_are_refused() {
    assert_eq!(
        simulate(&run("chess", 2, &["random"], 1, false), || {}).unwrap_err().to_string(),
        "unknown game `chess`; the games are: world-war-5, woobieworld, world-of-dungeons, world-dumbination, bastards-inc, connect-four, tic-tac-toe"
    );
    assert_eq!(
        simulate(&run("connect-four", 3, &["random"], 1, false), || {}).unwrap_err().to_string(),
        "connect-four is for 2 players, not 3"
    );
    assert_eq!(
        simulate(&run("connect-four", 2, &["random"; 3], 1, false), || {}).unwrap_err().to_string(),
        "3 seats given for 2 players"
    );
}

#[test]
fn a_tournament_rates_the_stronger_agent_higher() {
    let agents: Vec<AgentSpec> = ["random", "mcts:100"].iter().map(|s| s.parse().unwrap()).collect();
    let t = tournament("connect-four", &Config::players(2), &agents, 40, 3, || {}).unwrap();
    assert_eq!(t.system, "elo");
    assert_eq!(t.ratings[0].agent, "mcts:100");
    assert!(t.ratings[0].rating > 1000.0 && t.ratings[1].rating < 1000.0);
    let h = t.head_to_head.iter().find(|h| h.agent == "mcts:100").unwrap();
    assert_eq!(h.games, 40);
    assert!(h.rate.rate > 0.9);
    // Each agent sat in each seat equally often.
    let first: usize = t.records.iter().filter(|r| r.seats[0] == "random").count();
    assert_eq!(first, 20);
    let multi: Vec<AgentSpec> = ["random", "greedy", "mcts:20"].iter().map(|s| s.parse().unwrap()).collect();
    let t = tournament("world-war-5", &Config::players(3), &multi, 12, 1, || {}).unwrap();
    assert_eq!(t.system, "weng-lin");
    assert!(t.ratings.iter().all(|r| r.uncertainty.is_some() && r.games == 12));
    assert!(t.markdown().contains("Weng-Lin"));
    assert_eq!(
        tournament("connect-four", &Config::players(2), &agents[..1], 4, 1, || {}).unwrap_err().to_string(),
        "a tournament needs at least two agents"
    );
}

/// Defect 5: a killed `worlds sim --out DIR` could leave files of two runs side by side. A run's
/// files replace the folder as one set: what an earlier run wrote and this one does not is gone,
/// nothing temporary is left beside it, and a folder holding other files is refused untouched.
#[test]
fn defect_5_a_run_replaces_the_whole_output_folder() {
    let base = std::env::temp_dir().join(format!("worlds-sim-set-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let dir = base.join("out");
    let two_agents = simulate(&run("tic-tac-toe", 2, &["random", "greedy"], 6, true), || {}).unwrap();
    let files = write_outputs(&dir, &two_agents).unwrap();
    assert!(files.contains(&"win-rate-by-agent.svg".to_owned()));
    let one_agent = simulate(&run("tic-tac-toe", 2, &["random"], 4, false), || {}).unwrap();
    let files = write_outputs(&dir, &one_agent).unwrap();
    let mut present: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    present.sort();
    let mut expected = files.clone();
    expected.sort();
    assert_eq!(present, expected, "only the second run's files");
    assert_eq!(std::fs::read_to_string(dir.join("games.jsonl")).unwrap().lines().count(), 4);
    let siblings: Vec<String> =
        std::fs::read_dir(&base).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(siblings, ["out"], "no temporary folder is left");
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let err = write_outputs(&dir, &one_agent).unwrap_err();
    assert!(err.to_string().contains("holds `notes.txt`, which a run does not write"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "mine");
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn too_many_games_are_refused_before_anything_is_played() {
    let err = simulate(&run("tic-tac-toe", 2, &["random"], usize::MAX, false), || {}).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{} games: a run plays 1 to 1000000 games; split a larger study into runs with other seeds",
            usize::MAX
        )
    );
}

/// `Game::measures`: each finished game's figures are recorded in the game's order and summed up
/// (Bastards Inc. counts its turns, how it ended, wars and Prizes: the spec's Balance targets).
#[test]
fn a_games_own_measures_are_recorded_and_summed_up() {
    let out = simulate(&run("bastards-inc", 3, &["random"], 100, false), || {}).unwrap();
    let names = [
        "game turns",
        "money target reached (BI-END-1)",
        "last turn played (BI-END-2)",
        "Nuclear Apocalypse (BI-WAR-4)",
        "wars",
        "Peace Nobel Prizes bought (BI-BUYNOBEL-1)",
        "joint ventures",
        "illegal acts exposed",
    ];
    for r in &out.records {
        let got: Vec<&str> = r.measures.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(got, names);
        let m = |i: usize| r.measures[i].1;
        // Exactly one way of ending, and the ending text says the same turn, wars and Prizes.
        assert_eq!(m(1) + m(2) + m(3), 1.0, "{:?}", r.measures);
        let ending = r.ending.as_deref().unwrap();
        assert!(ending.starts_with(&format!("the game is over in turn {}: ", m(0))), "{ending}");
        assert!(
            ending.ends_with(&format!("({} war(s), the Peace Nobel Prize bought {} time(s))", m(4), m(5))),
            "{ending}"
        );
    }
    let s = &out.summary;
    assert_eq!(s.measures.iter().map(|x| x.name.as_str()).collect::<Vec<_>>(), names);
    let turns: Vec<f64> = out.records.iter().map(|r| r.measures[0].1).collect();
    let mean = turns.iter().sum::<f64>() / 100.0;
    assert!((s.measures[0].values.mean - mean).abs() < 1e-9);
    assert_eq!(s.measures[0].values.max, turns.iter().copied().fold(0.0, f64::max));
    let wars = out.records.iter().filter(|r| r.measures[4].1 > 0.0).count();
    assert_eq!(s.measures[4].above_zero.wins, wars as f64);
    assert_eq!(s.measures[4].above_zero.games, 100);
    let md = s.markdown();
    assert!(md.contains("Measures as the game counts them, per game (a yes-or-no measure is 1 or 0):"), "{md}");
    assert!(md.contains("| Nuclear Apocalypse (BI-WAR-4)"), "{md}");
    // The endings differ in turn, wars and Prizes: at most 12 rows, the rest summed up.
    let endings = s.endings.len();
    assert!(endings > 12, "{endings} endings");
    assert!(md.contains(&format!("| {} other endings (all of them in summary.json) ", endings - 12)), "{md}");
    assert_eq!(md.matches("| the game is over in turn").count(), 12, "{md}");
}
