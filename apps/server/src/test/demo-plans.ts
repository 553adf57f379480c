import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Removes the demo's departure plans (with their station rows) and transport orders, which the demo
 * seeds at every start: for tests that count their own, or that remove what the orders and plans
 * name (customers, lines).
 */
export async function withoutDemoPlans(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('plan_station').execute();
  await db.deleteFrom('plan').execute();
  await db.deleteFrom('transport_order').execute();
}
