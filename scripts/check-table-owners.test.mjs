import { describe, expect, it } from 'vitest';
import { crossingsOf, tableOwners } from './check-table-owners.mjs';

describe('the table-owner check', () => {
  const owners = tableOwners([
    ['apps/api/src/modules/points/points.table.ts', "export const pointTransactions = pgTable(\n  'point_transactions', {});"],
    ['apps/api/src/modules/payments/payments.table.ts', "export const payments = pgTable('payments', {});"],
    ['apps/api/src/modules/users/users.table.ts', "export const users = pgTable('users', {});"],
  ]);

  it('reads which module owns each table', () => {
    expect(owners).toEqual(new Map([['point_transactions', 'points'], ['payments', 'payments'], ['users', 'users']]));
  });

  it("finds another module's table named in SQL text, and not the module's own nor the users table", () => {
    const text = "const a = `select 1 from point_transactions t left join payments p on p.id = t.payment_id join users u on u.id = t.user_id`;\nconst b = 'from payments';";
    expect(crossingsOf('points', text, owners)).toEqual([['payments', 'payments']]);
    expect(crossingsOf('idempotency', 'sql`insert into idempotency_keys select 1 where not exists (select 1 from point_transactions)`', owners)).toEqual([['point_transactions', 'points']]);
    expect(crossingsOf('payments', '`update payments set amount_krw = 0 from users`', owners)).toEqual([]);
  });
});
