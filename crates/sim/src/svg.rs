//! Plots as plain SVG: win rates as horizontal bars with interval whiskers, and a histogram.
//! Written by hand rather than with plotters, whose text layout needs system fonts; SVG text is
//! laid out by the viewer, so the layout here reserves room by [`text_width`], an upper estimate
//! of a label's width in DejaVu Sans (the first font asked for; Verdana is as wide, Arial and
//! Helvetica narrower). Axes have round ticks ([`rate_ticks`], [`count_ticks`]); no label overlaps
//! a bar or another label, and names too long for the margin end in an ellipsis.

use std::fmt::Write as _;

use crate::format::percent;
use crate::summary::Group;

/// The plots' width; their height follows what they show.
pub const WIDTH: f64 = 720.0;
/// The font size of labels; titles are larger.
pub const FONT: f64 = 12.0;
const TITLE_FONT: f64 = 16.0;
const NOTE_FONT: f64 = 11.0;
/// The widest a name on the left of a bar chart may be before it is cut with an ellipsis.
const MAX_NAME_WIDTH: f64 = 240.0;
const PAD: f64 = 12.0;

/// Advance widths of DejaVu Sans, in thousandths of the font size, for the printable ASCII
/// characters (space to `~`).
const ASCII_WIDTHS: [u16; 95] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, // space to /
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, // 0 to 9
    337, 337, 838, 838, 838, 531, 1000, // : to @
    684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989,
    685, 611, 685, // A to Z
    390, 337, 390, 838, 500, 500, // [ to `
    613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818,
    592, 592, 525, // a to z
    636, 337, 636, 838, // { to ~
];

/// An upper estimate of the width of `text` at `size` pixels: DejaVu Sans's advance widths, and a
/// full em for any character not in its table.
pub fn text_width(text: &str, size: f64) -> f64 {
    let em: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(ASCII_WIDTHS[c as usize - 32]),
            '–' | '·' => 500,
            '±' => 838,
            _ => 1000,
        })
        .sum();
    f64::from(em) / 1000.0 * size
}

/// `text` cut to at most `max` pixels wide at `size`, ending in `…` when cut.
pub fn fit(text: &str, size: f64, max: f64) -> String {
    if text_width(text, size) <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().collect();
    while !out.is_empty() && text_width(&format!("{out}…"), size) > max {
        out.pop();
    }
    format!("{}…", out.trim_end())
}

/// The smallest step of 1, 2 or 5 times a power of ten, at least `min`, that covers `max` in at
/// most `intervals` steps.
fn step(max: f64, intervals: usize, min: f64) -> f64 {
    let mut power = 10f64.powi(min.log10().floor() as i32);
    loop {
        for m in [1.0, 2.0, 5.0] {
            let s = m * power;
            if s >= min - 1e-12 && (max / s - 1e-9).ceil() <= intervals as f64 {
                return s;
            }
        }
        power *= 10.0;
    }
}

/// Ticks `0, step, 2·step, …` up to the first at or past `max`, as exact decimals.
fn ticks_by(step: f64, max: f64) -> Vec<f64> {
    // Exact decimal values: k·m / 10^d rather than repeated addition of a binary fraction.
    let decimals = (-step.log10().floor()).max(0.0) as i32;
    let scale = 10f64.powi(decimals);
    let unit = (step * scale).round();
    let count = (max / step - 1e-9).ceil().max(1.0) as usize;
    (0..=count).map(|k| (k as f64 * unit) / scale).collect()
}

/// Ticks for an axis of shares from 0 to at least `max` (at most 1): steps of 1%, 2%, 5% or
/// 10%, the smallest that needs at most eight intervals (10% up to 100%).
pub fn rate_ticks(max: f64) -> Vec<f64> {
    let max = if max.is_finite() { max.clamp(0.0, 1.0) } else { 1.0 };
    let step = [0.01, 0.02, 0.05].into_iter().find(|s| (max / s - 1e-9).ceil() <= 8.0).unwrap_or(0.1);
    ticks_by(step, max.max(step))
}

/// Ticks for a count axis from 0 to at least `max`: a 1-2-5 step of at least 1, the smallest
/// that needs at most eight intervals.
pub fn count_ticks(max: f64) -> Vec<f64> {
    let max = if max.is_finite() { max.max(1.0) } else { 1.0 };
    ticks_by(step(max, 8, 1.0), max)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The opening of a plot of `height` pixels with its title (cut to the width) and a note under it.
fn frame(height: f64, title: &str, note: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="{FONT}">"#
    );
    let _ = writeln!(o, r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#);
    text(&mut o, WIDTH / 2.0, 26.0, "middle", TITLE_FONT, "", &fit(title, TITLE_FONT, WIDTH - 2.0 * PAD));
    if !note.is_empty() {
        text(
            &mut o,
            WIDTH / 2.0,
            46.0,
            "middle",
            NOTE_FONT,
            r##" fill="#555""##,
            &fit(note, NOTE_FONT, WIDTH - 2.0 * PAD),
        );
    }
    o
}

/// A text element; `extra` adds attributes. Labels get a white halo so a gridline or the
/// fair-share line never runs through them unseen.
fn text(o: &mut String, x: f64, y: f64, anchor: &str, size: f64, extra: &str, content: &str) {
    let _ = writeln!(
        o,
        r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" font-size="{size}" stroke="white" stroke-width="3" paint-order="stroke"{extra}>{}</text>"#,
        escape(content)
    );
}

/// Win rate per group as horizontal bars, the 95% interval as a whisker, the fair share as a
/// dashed line. Names stand left of the bars, values right of the whiskers.
pub fn win_rates(title: &str, groups: &[Group], fair: f64) -> String {
    const ROW: f64 = 30.0;
    const BAR: f64 = 18.0;
    const TOP: f64 = 64.0;
    let names: Vec<String> = groups.iter().map(|g| fit(&g.name, FONT, MAX_NAME_WIDTH)).collect();
    let values: Vec<String> = groups.iter().map(|g| percent(g.rate.rate)).collect();
    let name_width = names.iter().map(|n| text_width(n, FONT)).fold(0.0, f64::max);
    let value_width = values.iter().map(|v| text_width(v, FONT)).fold(text_width("100.0%", FONT), f64::max);
    let x0 = (PAD + name_width + 10.0).ceil();
    let x1 = (WIDTH - PAD - value_width - 8.0).floor();
    let max = groups.iter().map(|g| g.rate.high.max(g.rate.rate)).fold(fair, f64::max);
    let ticks = rate_ticks(max);
    let top = ticks.last().copied().unwrap_or(1.0);
    let x = |v: f64| x0 + (x1 - x0) * v.clamp(0.0, top) / top;
    let axis = TOP + ROW * groups.len().max(1) as f64;
    let height = axis + 52.0;
    let note = format!("bars: win rate · whiskers: 95% interval · dashed line: fair share {}", percent(fair));
    let mut o = frame(height, title, &note);
    for &t in &ticks {
        let _ = writeln!(
            o,
            r##"<line x1="{0:.1}" x2="{0:.1}" y1="{1:.1}" y2="{axis:.1}" stroke="#ddd"/>"##,
            x(t),
            TOP - 4.0
        );
        text(&mut o, x(t), axis + 16.0, "middle", FONT, "", &percent(t).replace(".0%", "%"));
    }
    let _ = writeln!(o, r##"<line x1="{x0}" x2="{x0}" y1="{:.1}" y2="{axis:.1}" stroke="#888"/>"##, TOP - 4.0);
    for (i, g) in groups.iter().enumerate() {
        let centre = TOP + ROW * (i as f64 + 0.5);
        let r = &g.rate;
        let _ = writeln!(
            o,
            r##"<rect class="bar" x="{x0}" y="{:.1}" width="{:.1}" height="{BAR}" fill="#4a7ab7"/>"##,
            centre - BAR / 2.0,
            x(r.rate) - x0
        );
        let _ = writeln!(
            o,
            r##"<line x1="{:.1}" x2="{:.1}" y1="{centre:.1}" y2="{centre:.1}" stroke="#222" stroke-width="1.5"/>"##,
            x(r.low),
            x(r.high)
        );
        for v in [r.low, r.high] {
            let _ = writeln!(
                o,
                r##"<line x1="{0:.1}" x2="{0:.1}" y1="{1:.1}" y2="{2:.1}" stroke="#222" stroke-width="1.5"/>"##,
                x(v),
                centre - 5.0,
                centre + 5.0
            );
        }
    }
    let _ = writeln!(
        o,
        r##"<line x1="{0:.1}" x2="{0:.1}" y1="{1:.1}" y2="{axis:.1}" stroke="#c33" stroke-width="1.5" stroke-dasharray="6 4"/>"##,
        x(fair),
        TOP - 4.0
    );
    for (i, (g, (name, value))) in groups.iter().zip(names.iter().zip(&values)).enumerate() {
        let centre = TOP + ROW * (i as f64 + 0.5);
        text(&mut o, x0 - 8.0, centre + 4.0, "end", FONT, "", name);
        text(&mut o, x(g.rate.high.max(g.rate.rate)) + 6.0, centre + 4.0, "start", FONT, "", value);
    }
    text(&mut o, (x0 + x1) / 2.0, axis + 38.0, "middle", FONT, "", "win rate");
    o.push_str("</svg>\n");
    o
}

/// Bins for integer-valued data from `min` to `max`: a 1-2-5 width of at least 1, the smallest
/// giving at most 25 bins, starting at a multiple of the width. Returns (start, width, bins).
pub fn bins(min: f64, max: f64) -> (f64, f64, usize) {
    let mut width = 1.0;
    loop {
        for m in [1.0, 2.0, 5.0] {
            let w = m * width;
            let start = (min / w).floor() * w;
            let count = ((max - start) / w).floor() as usize + 1;
            if count <= 25 {
                return (start, w, count);
            }
        }
        width *= 10.0;
    }
}

/// A histogram of integer-valued data (game lengths) in round bins, with round ticks.
pub fn histogram(title: &str, x_label: &str, values: &[f64]) -> String {
    const TOP: f64 = 80.0;
    const PLOT_H: f64 = 240.0;
    let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    let (min, max) = finite.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    if finite.is_empty() {
        let mut o = frame(120.0, title, "no games");
        o.push_str("</svg>\n");
        return o;
    }
    let (start, width, count) = bins(min, max);
    let mut counts = vec![0usize; count];
    for &v in &finite {
        counts[(((v - start) / width).floor() as usize).min(count - 1)] += 1;
    }
    let mut sorted = finite.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len().div_ceil(2) - 1];
    let note = format!(
        "{} games · median {} {x_label} · shortest {}, longest {} · bins of {}",
        finite.len(),
        median,
        min,
        max,
        width
    );
    let y_ticks = count_ticks(counts.iter().copied().max().unwrap_or(1) as f64);
    let y_top = y_ticks.last().copied().unwrap_or(1.0);
    let y_labels: Vec<String> = y_ticks.iter().map(|t| format!("{t}")).collect();
    let y_label_width = y_labels.iter().map(|l| text_width(l, FONT)).fold(text_width("games", FONT), f64::max);
    let x0 = (PAD + y_label_width + 10.0).ceil();
    let x1 = WIDTH - 3.0 * PAD;
    let axis = TOP + PLOT_H;
    let height = axis + 52.0;
    let end = start + width * count as f64;
    let x = |v: f64| x0 + (x1 - x0) * (v - start) / (end - start);
    let y = |c: f64| axis - PLOT_H * c / y_top;
    let mut o = frame(height, title, &note);
    for (t, label) in y_ticks.iter().zip(&y_labels) {
        let _ = writeln!(o, r##"<line x1="{x0}" x2="{x1}" y1="{0:.1}" y2="{0:.1}" stroke="#ddd"/>"##, y(*t));
        text(&mut o, x0 - 6.0, y(*t) + 4.0, "end", FONT, "", label);
    }
    text(&mut o, x0 - 6.0, TOP - 14.0, "end", FONT, "", "games");
    let slot = (x1 - x0) / count as f64;
    for (i, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let left = x0 + slot * i as f64;
        let gap = if slot > 4.0 { 1.0 } else { 0.0 };
        let _ = writeln!(
            o,
            r##"<rect class="bar" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#5a9e6f"/>"##,
            left + gap,
            y(c as f64),
            slot - 2.0 * gap,
            axis - y(c as f64)
        );
    }
    let _ = writeln!(o, r##"<line x1="{x0}" x2="{x1}" y1="{axis}" y2="{axis}" stroke="#888"/>"##);
    // Ticks at multiples of a 1-2-5 step no finer than the bins, far enough apart for their labels.
    let widest = text_width(&format!("{}", end.max(start.abs())), FONT) + 12.0;
    let per_unit = slot / width;
    let tick_step = step(widest / per_unit, 1, width);
    let mut t = (start / tick_step).ceil() * tick_step;
    while t <= end + 1e-9 {
        let _ =
            writeln!(o, r##"<line x1="{0:.1}" x2="{0:.1}" y1="{axis}" y2="{1}" stroke="#888"/>"##, x(t), axis + 4.0);
        text(&mut o, x(t), axis + 18.0, "middle", FONT, "", &format!("{t}"));
        t += tick_step;
    }
    text(&mut o, (x0 + x1) / 2.0, axis + 40.0, "middle", FONT, "", x_label);
    o.push_str("</svg>\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(step(29.0, 8, 1.0), 5.0);
        assert_eq!(step(7.0, 8, 1.0), 1.0);
        assert_eq!(step(9.0, 8, 1.0), 2.0);
        assert_eq!(step(1234.0, 8, 1.0), 200.0);
    }

    #[test]
    fn names_too_wide_end_in_an_ellipsis() {
        let name = "ismcts:2s:threads=2:rollout=heuristic:10:c=0.5:simultaneous=joint";
        let cut = fit(name, FONT, 120.0);
        assert!(cut.ends_with('…') && text_width(&cut, FONT) <= 120.0, "{cut}");
        assert_eq!(fit("greedy", FONT, 120.0), "greedy");
    }
}
