import pg from 'pg';
import { exchangeStatement } from '/work/main/apps/api/src/modules/points/ledger.repository.ts';
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/orchard_bench_points' });
await client.connect();
const { rows } = await client.query('select user_id from point_wallets where orange_bonus + orange_purchased > 100 order by random() limit 23');
const users = rows.map((r) => r.user_id);
const n = users.length;
const keys = users.map((_, i) => `explain-${Date.now()}-${i}`);
const now = new Date().toISOString();
const params = [users, users.map(() => 1), keys.map((k) => `exchange:${k}`), keys.map((k) => `exchange-berry:${k}`), keys, keys.map(() => null), now, 13, '2027-12-01T00:00:00Z', '2027-06-01T00:00:00Z'];
for (let i = 0; i < 3; i++) {
  await client.query('begin');
  const r = await client.query({ text: 'explain (analyze, buffers, timing) ' + exchangeStatement.text, values: params.map((p, j) => (j >= 2 && j <= 4 ? (p as string[]).map((k) => `${k}-${i}`) : p)) });
  if (i === 2) console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  await client.query('rollback');
}
await client.end();
