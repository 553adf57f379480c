import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { geoServiceFor } from '../geo/geo.service';
import { registerCardRoutes } from './card.routes';
import { FleetSnapshots } from './fleet-snapshot';
import { registerLookupRoutes } from './lookups.routes';
import { registerMapRoutes } from './map.routes';
import { registerPhotoRoutes } from './photo.routes';
import { registerTreeRoutes } from './tree.routes';
import { registerVehicleRoutes } from './vehicles.routes';

/** Monitoring (spec core section 7 "Monitoring and history", "Team tree", "Lookups"). */
export function registerMonitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const snapshots = new FleetSnapshots(ctx.db, ctx.dialect, ctx.config.now, app.log);
  app.addHook('onClose', () => snapshots.close());
  const geo = geoServiceFor(ctx, { log: app.log });
  registerMapRoutes(app, ctx, snapshots);
  registerCardRoutes(app, ctx, geo);
  registerPhotoRoutes(app, ctx);
  registerVehicleRoutes(app, ctx, geo);
  registerTreeRoutes(app, ctx, snapshots);
  registerLookupRoutes(app, ctx);
}
