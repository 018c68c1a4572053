//! Woobieworld random-playout throughput, legal-action generation included.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use worlds_engine::{Config, Game, NoEvents, SeededRng, random_playout};
use worlds_woobieworld::Woobieworld;

fn playouts(c: &mut Criterion) {
    for (players, variant) in [(4, "standard"), (4, "cycles")] {
        let game = Woobieworld::new(&Config::players(players).with_variant(variant)).expect("valid config");
        let mut rng = SeededRng::new(1);
        let mut buf = Vec::new();
        let total: usize = (0..200)
            .map(|_| {
                let mut s = game.start(&mut rng, &mut NoEvents);
                random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
            })
            .sum();
        let mut group = c.benchmark_group(format!("woobieworld {players}p {variant}"));
        group.throughput(Throughput::Elements((total / 200) as u64));
        group.bench_function("random playout", |b| {
            b.iter(|| {
                let mut s = game.start(&mut rng, &mut NoEvents);
                random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
            })
        });
        group.finish();
    }
}

criterion_group!(woobieworld, playouts);
criterion_main!(woobieworld);
