//! Plots as plain SVG: win rates with interval bars, and a histogram. Written by hand rather than
//! with plotters, whose text layout needs system fonts; SVG text is laid out by the viewer.

use std::fmt::Write as _;

use crate::summary::Group;

const W: f64 = 720.0;
const H: f64 = 400.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 70.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 90.0;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn frame(title: &str, y_label: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(o, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let _ = writeln!(o, r#"<text x="{}" y="24" text-anchor="middle" font-size="16">{}</text>"#, W / 2.0, escape(title));
    let _ = writeln!(
        o,
        r#"<text transform="translate(18 {}) rotate(-90)" text-anchor="middle">{}</text>"#,
        (TOP + H - BOTTOM) / 2.0,
        escape(y_label)
    );
    o
}

/// Vertical axis from 0 to `max` with gridlines.
fn axis(o: &mut String, max: f64, ticks: usize, percent: bool) {
    let plot_h = H - TOP - BOTTOM;
    for k in 0..=ticks {
        let v = max * k as f64 / ticks as f64;
        let y = H - BOTTOM - plot_h * k as f64 / ticks as f64;
        let label = if percent { format!("{:.0}%", v * 100.0) } else { format!("{v:.0}") };
        let _ = writeln!(o, r##"<line x1="{LEFT}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ddd"/>"##, W - RIGHT);
        let _ = writeln!(o, r#"<text x="{}" y="{:.1}" text-anchor="end">{label}</text>"#, LEFT - 6.0, y + 4.0);
    }
}

/// Win rate per group, with the 95% interval as an error bar and the fair share as a dashed line.
pub fn win_rates(title: &str, groups: &[Group], fair: f64) -> String {
    let mut o = frame(title, "win rate");
    let max = groups.iter().map(|g| g.rate.high).fold(fair, f64::max).clamp(0.05, 1.0);
    let max = (max * 10.0).ceil() / 10.0;
    axis(&mut o, max, 5, true);
    let plot_h = H - TOP - BOTTOM;
    let y = |v: f64| H - BOTTOM - plot_h * v / max;
    let slot = (W - LEFT - RIGHT) / groups.len().max(1) as f64;
    for (i, g) in groups.iter().enumerate() {
        let x = LEFT + slot * i as f64;
        let bar = slot * 0.6;
        let bx = x + (slot - bar) / 2.0;
        let _ = writeln!(
            o,
            r##"<rect x="{bx:.1}" y="{:.1}" width="{bar:.1}" height="{:.1}" fill="#4a7ab7"/>"##,
            y(g.rate.rate),
            (y(0.0) - y(g.rate.rate)).max(0.0)
        );
        let cx = x + slot / 2.0;
        let _ = writeln!(
            o,
            r##"<line x1="{cx:.1}" x2="{cx:.1}" y1="{:.1}" y2="{:.1}" stroke="#222" stroke-width="1.5"/>"##,
            y(g.rate.low),
            y(g.rate.high)
        );
        for v in [g.rate.low, g.rate.high] {
            let _ = writeln!(
                o,
                r##"<line x1="{:.1}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#222" stroke-width="1.5"/>"##,
                cx - 6.0,
                cx + 6.0,
                y(v),
                y(v)
            );
        }
        let _ = writeln!(
            o,
            r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{:.1}%</text>"#,
            y(g.rate.high) - 6.0,
            g.rate.rate * 100.0
        );
        let _ = writeln!(
            o,
            r#"<text transform="translate({cx:.1} {:.1}) rotate(30)" text-anchor="start">{}</text>"#,
            H - BOTTOM + 16.0,
            escape(&g.name)
        );
    }
    let _ = writeln!(
        o,
        r##"<line x1="{LEFT}" x2="{}" y1="{:.1}" y2="{:.1}" stroke="#c33" stroke-dasharray="6 4"/>"##,
        W - RIGHT,
        y(fair),
        y(fair)
    );
    let _ = writeln!(
        o,
        r##"<text x="{}" y="{:.1}" text-anchor="end" fill="#c33">fair share {:.1}%</text>"##,
        W - RIGHT,
        y(fair) - 4.0,
        fair * 100.0
    );
    o.push_str("</svg>\n");
    o
}

/// A histogram of values in about 20 bins.
pub fn histogram(title: &str, x_label: &str, values: &[f64]) -> String {
    let mut o = frame(title, "games");
    let (min, max) = values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    if values.is_empty() || !min.is_finite() {
        o.push_str("</svg>\n");
        return o;
    }
    let bins = 20usize;
    let width = ((max - min) / bins as f64).max(1.0).ceil();
    let mut counts = vec![0usize; bins];
    for &v in values {
        counts[(((v - min) / width) as usize).min(bins - 1)] += 1;
    }
    let top = (counts.iter().copied().max().unwrap_or(1).max(1).div_ceil(4) * 4) as f64;
    axis(&mut o, top, 4, false);
    let plot_h = H - TOP - BOTTOM;
    let slot = (W - LEFT - RIGHT) / bins as f64;
    for (i, &c) in counts.iter().enumerate() {
        let h = plot_h * c as f64 / top;
        let x = LEFT + slot * i as f64;
        let _ = writeln!(
            o,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="#5a9e6f"/>"##,
            x + 1.0,
            H - BOTTOM - h,
            slot - 2.0
        );
        if i % 4 == 0 {
            let _ = writeln!(
                o,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{:.0}</text>"#,
                H - BOTTOM + 16.0,
                min + width * i as f64
            );
        }
    }
    let _ = writeln!(o, r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#, W / 2.0, H - 30.0, escape(x_label));
    o.push_str("</svg>\n");
    o
}
