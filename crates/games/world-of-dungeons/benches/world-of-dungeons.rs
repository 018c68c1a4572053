//! World of Dungeons random-playout throughput, legal-action generation included.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use worlds_engine::{Config, Game, NoEvents, SeededRng, random_playout};
use worlds_world_of_dungeons::WorldOfDungeons;

fn playouts(c: &mut Criterion) {
    for players in [2, 4, 5] {
        let game = WorldOfDungeons::new(&Config::players(players)).expect("valid config");
        let mut rng = SeededRng::new(1);
        let mut buf = Vec::new();
        let total: usize = (0..200)
            .map(|_| {
                let mut s = game.start(&mut rng, &mut NoEvents);
                random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
            })
            .sum();
        let mut group = c.benchmark_group(format!("world-of-dungeons {players}p"));
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

criterion_group!(world_of_dungeons, playouts);
criterion_main!(world_of_dungeons);
