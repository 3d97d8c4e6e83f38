// The fuzz scripts' one source of randomness: xorshift32, reproducible from the seed, so a finding is
// replayed by running the same script with the same seed.
export function generator(seed) {
  let state = seed >>> 0 || 1;
  const next = () => { state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0; return state; };
  return { below: (n) => next() % n, chance: (p) => next() / 2 ** 32 < p };
}

/**
 * The fuzz scripts' shared loop: `runs` inputs, each made by one of `kinds` ([name, make(random), weight]),
 * picked by weight. A throw, or an input slower than `slowMs`, is a finding: recorded in `stats.findings` and
 * written with its stack to `.build/webapp-fuzz/NAME-SEED-RUN.txt` under `root`. Fills `stats.byKind` and
 * `stats.slowest`; logs progress every `logEvery` runs.
 */
export async function runWeighted({ name, kinds, runs, seed, random, stats, root, slowMs, log, logEvery = 100_000 }) {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const weightTotal = kinds.reduce((sum, [, , w]) => sum + w, 0);
  for (let run = 0; run < runs; run++) {
    let pick = random.below(weightTotal), kind = kinds[0];
    for (const entry of kinds) { if (pick < entry[2]) { kind = entry; break; } pick -= entry[2]; }
    stats.byKind[kind[0]] = (stats.byKind[kind[0]] ?? 0) + 1;
    const began = performance.now();
    try {
      await kind[1](random);
      const ms = performance.now() - began;
      stats.slowest = Math.max(stats.slowest, ms);
      if (ms > slowMs) throw new Error(`took ${Math.round(ms)} ms`);
    } catch (error) {
      stats.findings.push({ run, kind: kind[0], error: `${error?.message ?? error}` });
      mkdirSync(`${root}.build/webapp-fuzz`, { recursive: true });
      const path = `${root}.build/webapp-fuzz/${name}-${seed}-${run}.txt`;
      writeFileSync(path, `${kind[0]} (seed ${seed}, run ${run}): ${error?.stack ?? error}\n`);
      log(`finding at run ${run} (${kind[0]}): ${error?.message ?? error} — ${path}`);
    }
    if (run && run % logEvery === 0) log(`${run} runs, ${stats.findings.length} findings`);
  }
  return stats;
}
