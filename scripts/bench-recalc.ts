// CPU cost of the pure recalculation alone (V8, as in workerd), for
// `npm run bench`: prints one JSON line per fixture.
import { benchLargeCart, benchLargeQuantity, buildBenchFixture } from "../src/domain/pricing/bench-fixtures";
import { checkInvariants, recalculate } from "../src/domain/pricing";

const fixtures = {
  "500 items, order_items_based": benchLargeCart(),
  "500 items, order_item_units_based": buildBenchFixture({ taxCalculationStrategy: "order_item_units_based" }),
  "1 item × 9999 units": benchLargeQuantity(),
};

for (const [name, { snapshot, context }] of Object.entries(fixtures)) {
  const first = recalculate(snapshot, context);
  const problems = checkInvariants(first);
  if (problems.length) throw new Error(`${name}: ${problems.join("; ")}`);
  for (let i = 0; i < 30; i++) recalculate(snapshot, context);
  const samples: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    recalculate(snapshot, context);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  // 300 samples: a quantile is always one of them (NaN would show an empty run).
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  const units = snapshot.items.reduce((n, i) => n + i.quantity, 0);
  console.log(JSON.stringify({ name, items: snapshot.items.length, units, p50: at(0.5), p99: at(0.99), adjustments: first.items.reduce((n, i) => n + i.units.reduce((m, u) => m + u.adjustments.length, 0), 0) }));
}
