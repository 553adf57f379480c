import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/**
 * Terminal changes the gateway must pick up: a terminal bound, unbound, renumbered or deleted, or
 * its truck moved to another team or given another driver. Published after the transaction commits;
 * every server process (PostgreSQL LISTEN/NOTIFY) tells its gateway, whose connected sessions of
 * these terminals re-read their truck (or close when the terminal is gone).
 */
export const TERMINAL_CHANGES = 'terminal_changes';

export async function announceTerminals(ctx: AppContext, terminalIds: readonly number[]): Promise<void> {
  const ids = [...new Set(terminalIds)];
  if (ids.length === 0) return;
  // this process's gateway first, so that the change holds when the call answers; the others
  // (and this one again, harmlessly) through the bus
  await ctx.telematics.terminalsChanged(ids);
  // a payload stays far below the NOTIFY limit: 500 ids a message
  for (let i = 0; i < ids.length; i += 500) {
    await ctx.bus.publish(TERMINAL_CHANGES, { terminalIds: ids.slice(i, i + 500) });
  }
}

/** Subscribes this process's gateway to terminal changes (once, by the terminals module). */
export function followTerminalChanges(app: FastifyInstance, ctx: AppContext): void {
  const stop = ctx.bus.subscribe(TERMINAL_CHANGES, (payload) => {
    const ids = (payload as { terminalIds?: unknown }).terminalIds;
    if (!Array.isArray(ids)) return;
    const valid = ids.filter((id): id is number => Number.isInteger(id));
    ctx.telematics.terminalsChanged(valid).catch((err: unknown) => {
      app.log.error({ err }, 'gateway could not re-read changed terminals');
    });
  });
  app.addHook('onClose', async () => stop());
}
