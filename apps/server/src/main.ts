import { buildApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/connection';
import { loggerOptions } from './logging/logger';
import { acceleratedClock } from './simulator/clock';
import { plannedStarts } from './simulator/demo-plans';
import { type DemoWaybills, startDemoWaybills } from './simulator/demo-waybills';
import { storeEvidence } from './simulator/evidence-store';
import { type FleetSimulator, loopbackFor, simulatedTrucks, startSimulator } from './simulator/fleet';
import { vehicleProfiles } from './simulator/profile';

const settings = loadConfig();
const simulate = settings.simulatorVehicles > 0;
// The demo fleet's clock; a fast-forward demo (SIMULATOR_SPEEDUP > 1) runs the platform's clock with it.
const clock = acceleratedClock(simulate ? settings.simulatorSpeedup : 1);
const config = simulate && settings.simulatorSpeedup > 1 ? { ...settings, now: clock.now } : settings;
// Opened here so that the simulator can file its alarm photos; closed after the app.
const database = connect(config.databaseUrl);
const app = await buildApp(config, { database, logger: loggerOptions(config.logLevel) });
let simulator: FleetSimulator | null = null;
let demoWaybills: DemoWaybills | null = null;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  // A shutdown that hangs (a peer that never closes) must not keep the process alive.
  setTimeout(() => {
    app.log.error('shutdown took longer than 15 s, exiting');
    process.exit(1);
  }, 15_000).unref();
  await demoWaybills?.stop();
  await simulator?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });

// The demo fleet drives from the start: one JT/T 808 connection a truck to our own gateway.
if (simulate && app.jt808Port !== null) {
  // the trucks of today's distributed and running plans drive their plan's line, station by station
  // (when they cannot be read, every truck starts where the calendar puts it, as before)
  const planned = await plannedStarts(
    database.db,
    vehicleProfiles(simulatedTrucks(config.simulatorVehicles)),
    clock.now(),
  ).catch((err) => {
    app.log.error({ err }, 'demo plans: the plans of the simulated trucks could not be read');
    return null;
  });
  if (planned)
    app.log.info(
      { plans: [...planned.runs.values()].map((r) => `${r.plate} ${r.planNo}`) },
      'demo plans driven',
    );
  simulator = startSimulator({
    host: loopbackFor(config.jt808Host),
    port: app.jt808Port,
    vehicles: config.simulatorVehicles,
    clock,
    settings: { reportSeconds: config.simulatorReportSeconds },
    log: app.log.child({ module: 'simulator' }),
    start: planned?.start,
    evidence: storeEvidence(database.db, config.uploadDir, config.now),
  });
  // Their waybills: one open waybill of each truck on a priced line, the load weighed at the loading
  // station, once a simulated minute (at most once a second of real time).
  demoWaybills = startDemoWaybills({
    db: database.db,
    fences: app.telematics.waybills,
    profiles: simulator.clients.map((c) => c.profile),
    now: clock.now,
    everyMs: Math.max(1000, 60_000 / config.simulatorSpeedup),
    log: app.log.child({ module: 'demo-waybills' }),
  });
}
