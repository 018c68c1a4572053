//! World Dumbination random-playout throughput, legal-action generation included.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use worlds_engine::{Config, Game, NoEvents, SeededRng, random_playout};
use worlds_world_dumbination::WorldDumbination;

fn playouts(c: &mut Criterion) {
    for players in [2, 5] {
        let game = WorldDumbination::new(&Config::players(players)).expect("valid config");
        let mut rng = SeededRng::new(1);
        let mut buf = Vec::new();
        let total: usize = (0..100)
            .map(|_| {
                let mut s = game.start(&mut rng, &mut NoEvents);
                random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
            })
            .sum();
        let mut group = c.benchmark_group(format!("world-dumbination {players}p"));
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

criterion_group!(world_dumbination, playouts);
criterion_main!(world_dumbination);
