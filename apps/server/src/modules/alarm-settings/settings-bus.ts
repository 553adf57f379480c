import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Bus channel saying alarm settings or fence sets changed: every process re-reads them. */
export const ALARM_SETTINGS_CHANNEL = 'alarm_settings';

export interface SettingsBus {
  /** After a committed change: this process re-reads at once, the others on the bus event. */
  changed(merchantId: number): Promise<void>;
}

const buses = new WeakMap<AppContext, SettingsBus>();

/** One subscription per app: the alarm rules of this process follow changes made in any process. */
export function settingsChanged(app: FastifyInstance, ctx: AppContext): SettingsBus {
  const known = buses.get(ctx);
  if (known) return known;
  const origin = randomUUID();
  const reload = () =>
    ctx.telematics.alarmSettings.load().catch((err) => app.log.error({ err }, 'alarm settings not reloaded'));
  const off = ctx.bus.subscribe(ALARM_SETTINGS_CHANNEL, (payload) => {
    if ((payload as { origin?: string } | null)?.origin !== origin) void reload();
  });
  app.addHook('onClose', async () => off());
  const bus: SettingsBus = {
    async changed(merchantId) {
      await ctx.telematics.alarmSettings.load();
      await ctx.bus.publish(ALARM_SETTINGS_CHANNEL, { origin, merchantId });
    },
  };
  buses.set(ctx, bus);
  return bus;
}
