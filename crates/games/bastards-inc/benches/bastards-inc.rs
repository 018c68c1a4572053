//! Bastards Inc. random-playout throughput, legal-action generation included (the target:
//! at least 500,000 actions per second on one core at 4 players).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use worlds_bastards_inc::BastardsInc;
use worlds_engine::{Config, Game, NoEvents, SeededRng, random_playout};

fn playouts(c: &mut Criterion) {
    for players in [4, 6] {
        let game = BastardsInc::new(&Config::players(players)).expect("valid config");
        let mut rng = SeededRng::new(1);
        let mut buf = Vec::new();
        let total: usize = (0..100)
            .map(|_| {
                let mut s = game.start(&mut rng, &mut NoEvents);
                random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
            })
            .sum();
        let mut group = c.benchmark_group(format!("bastards-inc {players}p"));
        group.throughput(Throughput::Elements((total / 100) as u64));
        group.bench_function("random playout", |b| {
            b.iter(|| {
                let mut s = game.start(&mut rng, &mut NoEvents);
                random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
            })
        });
        group.finish();
    }
}

criterion_group!(bastards_inc, playouts);
criterion_main!(bastards_inc);
