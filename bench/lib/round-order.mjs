// The order of one round's rows in an interleaved bench. A phase that follows a heavy one (thousands
// of writes to PostgreSQL) pays for that one's background work, so the order changes every round:
// - with an earlier build side by side (names with ' before'), odd rounds swap each row with its
//   twin of the other build (same database, same path), so each build takes the other's place as
//   often as its own, and everything else keeps its place;
// - otherwise odd rounds run the rows in reverse.

/** The twin of a row in the other build: 'Sangam PG before, new chat' <-> 'Sangam PG, new chat'. */
const twinName = (name) => {
  const [gateway, ...rest] = name.split(',');
  const other = gateway.endsWith(' before') ? gateway.slice(0, -' before'.length) : `${gateway} before`;
  return [other, ...rest].join(',');
};

/** The rows (each with a `name`) in the order of round `round` (0, 1, …). */
export function roundOrder(rows, round) {
  if (round % 2 === 0) return rows;
  if (!rows.some((r) => r.name.includes(' before'))) return [...rows].reverse();
  const byName = new Map(rows.map((r) => [r.name, r]));
  return rows.map((r) => byName.get(twinName(r.name)) ?? r);
}
