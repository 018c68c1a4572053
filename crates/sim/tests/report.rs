//! What a designer reads: round ticks, percentages with one decimal and a `%`, no score section
//! for a game without scores, aligned tables, and plots whose labels never overlap.
#![allow(clippy::unwrap_used)]

use worlds_agents::AgentSpec;
use worlds_engine::Config;
use worlds_sim::svg::{bins, count_ticks, histogram, rate_ticks, text_width, win_rates};
use worlds_sim::{Group, Rate, Run, simulate, tournament};

fn run(game: &str, players: usize, seats: &[&str], games: usize) -> Run {
    Run {
        game: game.into(),
        config: Config::players(players),
        seats: seats.iter().map(|s| s.parse().unwrap()).collect(),
        games,
        seed: 7,
        rotate: true,
        count: Vec::new(),
    }
}

// ----- ticks -----

#[test]
fn rate_axes_step_by_round_percentages() {
    let pct = |ticks: Vec<f64>| ticks.iter().map(|t| format!("{}", (t * 100.0).round())).collect::<Vec<_>>().join(" ");
    assert_eq!(pct(rate_ticks(0.736)), "0 10 20 30 40 50 60 70 80");
    assert_eq!(pct(rate_ticks(1.0)), "0 10 20 30 40 50 60 70 80 90 100");
    assert_eq!(pct(rate_ticks(0.385)), "0 5 10 15 20 25 30 35 40");
    assert_eq!(pct(rate_ticks(0.5)), "0 10 20 30 40 50");
    assert_eq!(pct(rate_ticks(0.12)), "0 2 4 6 8 10 12");
    assert_eq!(pct(rate_ticks(0.03)), "0 1 2 3");
    assert_eq!(pct(rate_ticks(0.0)), "0 1");
    // Exact decimals, not sums of binary fractions (0.30000000000000004).
    assert_eq!(rate_ticks(0.3), [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]);
    assert_eq!(rate_ticks(0.7)[3], 0.3);
}

#[test]
fn count_axes_step_by_one_two_or_five() {
    assert_eq!(count_ticks(29.0), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]);
    assert_eq!(count_ticks(7.0), [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
    assert_eq!(count_ticks(9.0), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
    assert_eq!(count_ticks(130.0), [0.0, 20.0, 40.0, 60.0, 80.0, 100.0, 120.0, 140.0]);
    assert_eq!(count_ticks(1000.0), [0.0, 200.0, 400.0, 600.0, 800.0, 1000.0]);
    assert_eq!(count_ticks(0.0), [0.0, 1.0]);
}

#[test]
fn histogram_bins_are_round() {
    // (start, width, bins): starts on a multiple of a 1-2-5 width, at most 25 bins.
    assert_eq!(bins(35.0, 159.0), (35.0, 5.0, 25));
    assert_eq!(bins(13.0, 169.0), (10.0, 10.0, 16));
    assert_eq!(bins(5.0, 9.0), (5.0, 1.0, 5));
    assert_eq!(bins(7.0, 7.0), (7.0, 1.0, 1));
    assert_eq!(bins(120.0, 4321.0), (0.0, 200.0, 22));
}

// ----- plots -----

/// A box on the canvas: left, top, right, bottom.
#[derive(Debug, Clone, Copy)]
struct Box4(f64, f64, f64, f64);

impl Box4 {
    fn overlaps(&self, o: &Box4) -> bool {
        self.0 < o.2 && o.0 < self.2 && self.1 < o.3 && o.1 < self.3
    }
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    Some(&tag[start..start + tag[start..].find('"')?])
}

fn num(tag: &str, name: &str) -> Option<f64> {
    attr(tag, name).map(|v| v.parse().unwrap())
}

/// The boxes of every text label, computed from the coordinates, anchor, size and (possible)
/// rotation the SVG gives, with the same upper width estimate the layout uses; 0.8 em above the
/// baseline and 0.25 em below it.
fn text_boxes(svg: &str) -> Vec<(String, Box4)> {
    let default_size = num(svg, "font-size").unwrap();
    let mut out = Vec::new();
    for piece in svg.split("<text").skip(1) {
        let (tag, rest) = piece.split_once('>').unwrap();
        let content = rest.split("</text>").next().unwrap();
        let content = content.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
        let size = num(tag, "font-size").unwrap_or(default_size);
        let (x, y, angle) = match attr(tag, "transform") {
            Some(t) => {
                let nums: Vec<f64> = t
                    .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap())
                    .collect();
                (nums[0], nums[1], nums.get(2).copied().unwrap_or(0.0))
            }
            None => (num(tag, "x").unwrap(), num(tag, "y").unwrap(), 0.0),
        };
        let w = text_width(&content, size);
        let left = match attr(tag, "text-anchor").unwrap_or("start") {
            "middle" => -w / 2.0,
            "end" => -w,
            _ => 0.0,
        };
        let (sin, cos) = angle.to_radians().sin_cos();
        let corners = [(left, -0.8 * size), (left + w, -0.8 * size), (left, 0.25 * size), (left + w, 0.25 * size)];
        let xs: Vec<f64> = corners.iter().map(|(a, b)| x + a * cos - b * sin).collect();
        let ys: Vec<f64> = corners.iter().map(|(a, b)| y + a * sin + b * cos).collect();
        let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let max = |v: &[f64]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        out.push((content, Box4(min(&xs), min(&ys), max(&xs), max(&ys))));
    }
    out
}

fn bar_boxes(svg: &str) -> Vec<Box4> {
    svg.split("<rect")
        .skip(1)
        .filter(|p| p.contains("class=\"bar\""))
        .map(|tag| {
            let (x, y) = (num(tag, "x").unwrap(), num(tag, "y").unwrap());
            Box4(x, y, x + num(tag, "width").unwrap(), y + num(tag, "height").unwrap())
        })
        .collect()
}

/// Every label lies on the canvas and overlaps no other label and no bar.
fn assert_readable(svg: &str) {
    let (width, height) = (num(svg, "width").unwrap(), num(svg, "height").unwrap());
    let texts = text_boxes(svg);
    assert!(texts.len() >= 3, "{svg}");
    for (i, (a, ba)) in texts.iter().enumerate() {
        assert!(ba.0 >= 0.0 && ba.1 >= 0.0 && ba.2 <= width && ba.3 <= height, "`{a}` leaves the canvas: {ba:?}");
        for (b, bb) in &texts[i + 1..] {
            assert!(!ba.overlaps(bb), "`{a}` {ba:?} overlaps `{b}` {bb:?}");
        }
        for bar in bar_boxes(svg) {
            assert!(!ba.overlaps(&bar), "`{a}` {ba:?} overlaps a bar {bar:?}");
        }
    }
}

fn group(name: &str, wins: f64, games: usize) -> Group {
    Group { name: name.into(), rate: Rate::new(wins, games) }
}

fn tick_labels(svg: &str) -> Vec<String> {
    text_boxes(svg).into_iter().map(|(t, _)| t).filter(|t| t.ends_with('%') && !t.contains(' ')).collect()
}

#[test]
fn win_rate_plots_have_round_ticks_and_labels_that_never_overlap() {
    let agents = [group("greedy", 135.0, 200), group("mcts:100", 64.0, 200), group("random", 1.0, 400)];
    let svg = win_rates("world-war-5: win rate by agent", &agents, 0.25);
    assert_readable(&svg);
    let ticks: Vec<String> = tick_labels(&svg).into_iter().filter(|t| !t.contains('.')).collect();
    assert_eq!(ticks, ["0%", "10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%"]);
    // Value labels: one decimal and a sign.
    for v in ["67.5%", "32.0%", "0.3%"] {
        assert!(svg.contains(&format!(">{v}</text>")), "{v}");
    }
    // Long names: whole when they fit, cut with an ellipsis when not; many groups; extremes.
    let long = [
        group("mcts:200:threads=2", 30.0, 100),
        group("ismcts:2s:threads=2:rollout=heuristic:10:c=0.5:simultaneous=joint", 100.0, 100),
        group("random", 0.0, 100),
        group("greedy", 99.0, 100),
    ];
    let svg = win_rates("a title long enough to be cut: ".repeat(5).as_str(), &long, 0.5);
    assert_readable(&svg);
    assert!(svg.contains(">mcts:200:threads=2</text>"));
    assert!(svg.contains(">ismcts:2s:threads=2:rollout=") && svg.contains("…</text>"));
    let many: Vec<Group> = (0..14).map(|i| group(&format!("North America {i}"), f64::from(i), 40)).collect();
    assert_readable(&win_rates("many", &many, 1.0 / 6.0));
    assert_readable(&win_rates("one", &[group("P1", 1.0, 1)], 1.0));
}

#[test]
fn histograms_have_round_ticks_and_labels_that_never_overlap() {
    let lengths: Vec<f64> = (0..200).map(|i| f64::from(35 + (i * 37) % 125)).collect();
    let svg = histogram("world-war-5: game length", "turns", &lengths);
    assert_readable(&svg);
    // The labels under the bars are the ticks of the length axis: multiples of 10 here.
    let floor = bar_boxes(&svg).iter().map(|b| b.3).fold(0.0, f64::max);
    let ticks: Vec<String> =
        text_boxes(&svg).into_iter().filter(|(t, b)| b.1 > floor && t != "turns").map(|(t, _)| t).collect();
    assert_eq!(ticks, ["40", "50", "60", "70", "80", "90", "100", "110", "120", "130", "140", "150", "160"]);
    let counts: Vec<String> = text_boxes(&svg)
        .into_iter()
        .filter(|(t, b)| b.1 <= floor && t.parse::<u32>().is_ok())
        .map(|(t, _)| t)
        .collect();
    assert_eq!(counts, ["0", "2", "4", "6", "8", "10"]);
    // Bins of 20 turns are too narrow for a label each: ticks every 50, not every 40.
    let long: Vec<f64> = (0..2000).map(|i| f64::from(27 + (i * 7919) % 345)).collect();
    let svg = histogram("lengths", "turns", &long);
    assert_readable(&svg);
    let floor = bar_boxes(&svg).iter().map(|b| b.3).fold(0.0, f64::max);
    let ticks: Vec<String> =
        text_boxes(&svg).into_iter().filter(|(t, b)| b.1 > floor && t != "turns").map(|(t, _)| t).collect();
    assert_eq!(ticks, ["50", "100", "150", "200", "250", "300", "350"]);
    assert!(svg.contains("bins of 20"));
    for values in [vec![9.0; 30], (1..=100_000).step_by(7).map(f64::from).collect(), vec![5.0, 6.0, 9.0]] {
        assert_readable(&histogram("lengths", "actions", &values));
    }
}

// ----- summaries -----

/// No decimal number in `text` has more than `max` decimals.
fn most_decimals(text: &str) -> usize {
    let b = text.as_bytes();
    let mut most = 0;
    for i in 1..b.len() {
        if b[i] == b'.' && b[i - 1].is_ascii_digit() {
            most = most.max(b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count());
        }
    }
    most
}

/// The numbers written before a `%`.
fn percentages(text: &str) -> Vec<String> {
    text.split('%')
        .rev()
        .skip(1)
        .map(|before| {
            let digits: String = before
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits
        })
        .collect()
}

/// Each table's lines have the same width, so the columns line up in a terminal.
fn assert_tables_aligned(md: &str) {
    for block in md.split("\n\n") {
        let rows: Vec<&str> = block.lines().filter(|l| l.starts_with('|')).collect();
        if let Some(first) = rows.first() {
            let w = first.chars().count();
            assert!(rows.iter().all(|r| r.chars().count() == w), "not aligned:\n{block}");
        }
    }
}

#[test]
fn a_game_without_scores_has_no_score_section() {
    for (game, seats) in [("world-war-5", &["greedy", "random"]), ("connect-four", &["greedy", "random"])] {
        let out = simulate(&run(game, 2, seats, 10), || {}).unwrap();
        let s = &out.summary;
        assert!(!s.has_scores(), "{game}");
        let md = s.markdown();
        assert!(!md.to_lowercase().contains("score"), "{game}:\n{md}");
        let json = serde_json::to_string_pretty(s).unwrap();
        assert!(!json.contains("scores"), "{game}: {json}");
    }
    let out = simulate(&run("woobieworld", 3, &["greedy", "random"], 6), || {}).unwrap();
    let s = &out.summary;
    assert!(s.has_scores());
    assert_eq!(s.scores.len(), 3);
    assert_eq!(s.scores_by_agent.iter().map(|g| g.name.as_str()).collect::<Vec<_>>().len(), 2);
    let md = s.markdown();
    assert!(md.contains("| seat | mean score | median | 5th–95th percentile |"), "{md}");
    assert!(md.contains("| agent  | mean score |"), "{md}");
    assert!(serde_json::to_string(s).unwrap().contains("\"scores\":["));
}

#[test]
fn summaries_print_rounded_percentages_in_aligned_tables() {
    let out = simulate(&run("world-war-5", 3, &["mcts:10:threads=2", "greedy", "random"], 9), || {}).unwrap();
    let md = out.summary.markdown();
    assert_tables_aligned(&md);
    // Times may have two decimals (0.05 ms); percentages have one.
    assert!(most_decimals(&md) <= 2, "{md}");
    for p in percentages(&md) {
        assert!(p == "95" || p.split_once('.').is_some_and(|(_, d)| d.len() == 1), "{p}% in:\n{md}");
    }
    // Every interval has a `%` on both ends.
    for line in md.lines().filter(|l| l.contains(" – ") && l.contains('%')) {
        for end in line.split(" – ").skip(1) {
            let number: String = end.trim_start().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            assert!(end.trim_start()[number.len()..].starts_with('%'), "{line}");
        }
    }
    assert!(md.contains("| draws (no single winner) "));
    // Shares in the JSON: four decimals at most (a percentage's two), other measures two.
    let json = serde_json::to_string_pretty(&out.summary).unwrap();
    assert!(most_decimals(&json) <= 4, "{json}");
    let first = out.summary.by_seat[0].rate;
    let expected = format!("{:.1}%", 100.0 * first.rate);
    assert!(md.lines().any(|l| l.starts_with("| P1 ") && l.contains(&expected)), "{md}");
    assert_eq!(worlds_sim::format::rate(&Rate::new(1.0, 3)), "33.3% [6.1% – 79.2%]");
    assert!(md.contains("Seats P1 to P3: mcts:10:threads=2, greedy, random, rotated every game"), "{md}");
    // One agent in every seat: said once, and no agent table.
    let md = simulate(&run("tic-tac-toe", 2, &["random"], 4), || {}).unwrap().summary.markdown();
    assert!(md.contains("\nEvery seat: random.\n") && !md.contains("| agent "), "{md}");
    assert_eq!(worlds_sim::format::percent(0.0025), "0.3%");
}

#[test]
fn tournament_tables_line_up_with_percentages_and_whole_elo_ratings() {
    let agents: Vec<AgentSpec> = ["random", "greedy", "mcts:20:threads=2"].iter().map(|s| s.parse().unwrap()).collect();
    let t = tournament("connect-four", &Config::players(2), &agents, 12, 5, || {}).unwrap();
    let md = t.markdown();
    assert_tables_aligned(&md);
    assert_eq!(most_decimals(&md), 1, "{md}");
    let rows: Vec<&str> = md.lines().filter(|l| agents.iter().any(|a| l.starts_with(&format!("| {a} ")))).collect();
    assert_eq!(rows.len(), 6, "three ratings, three head-to-head rows:\n{md}");
    for row in &rows[..3] {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert!(cells[2].parse::<i64>().is_ok(), "an Elo rating is a whole number: {row}");
        assert!(cells[4].ends_with('%') && cells[5].ends_with('%') && cells[5].contains("% – "), "{row}");
    }
    assert!(rows[3..].iter().all(|r| r.contains("% of ")), "{md}");
    let json = serde_json::to_string(&t).unwrap();
    assert!(most_decimals(&json) <= 4, "{json}");
    let multi = tournament("world-war-5", &Config::players(3), &agents, 6, 5, || {}).unwrap();
    let md = multi.markdown();
    assert_tables_aligned(&md);
    assert!(md.lines().filter(|l| l.contains(" ± ")).count() >= 3, "Weng-Lin mu ± sigma:\n{md}");
    assert_eq!(most_decimals(&md), 1, "{md}");
}
