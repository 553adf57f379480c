import { ROLE_PRESET_NAMES, ROLE_PRESETS, type RolePreset } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { hashPassword, sha256Hex } from '../../modules/auth/tokens';
import { addBuiltInFeeTypes } from '../../modules/fee-types/fee-types.record';
import type { Database } from '../schema';
import { seedDemoAlarms } from './demo-alarms';
import { seedDemoCosts } from './demo-costs';
import { seedDemoEnergy } from './demo-energy';
import { seedDemoFinance } from './demo-finance';
import { type DemoTruck, demoFleet } from './demo-fleet';
import { seedDemoFuel } from './demo-fuel';
import { seedDemoMaintenance } from './demo-maintenance';
import { seedDemoOilSaving } from './demo-oil-saving';
import { DEMO_ACCOUNTS, DEMO_MERCHANTS } from './demo-org';
import { seedDemoPlans } from './demo-plans';
import { seedDemoTransportPrices } from './demo-prices';
import { seedDemoReference } from './demo-reference';
import { seedDemoScanCodes } from './demo-scan-codes';
import { seedDemoSchedules } from './demo-schedules';
import { seedDemoStationsAndLines } from './demo-stations';
import { seedDemoWaybills } from './demo-waybills';

/** Trucks of the demo fleet (each with a terminal and a driver). */
export const DEMO_FLEET_SIZE = 50;

/**
 * Seeds the demo organisation into an empty database (no merchant yet), in one transaction: teams,
 * roles and accounts, trucks with terminals and drivers, stations, lines and fence sets, customers,
 * common addresses and transport prices, (`alarms`) a day of past alarms and (`waybills`) 60 days of
 * waybills of the priced demo lines. Returns false when the
 * database already holds data.
 */
export async function seedDemo(
  db: Kysely<Database>,
  now: number,
  fleetSize = DEMO_FLEET_SIZE,
  alarms = true,
  waybills = true,
  /** Where the demo waybills' photos are filed (the upload directory); none without it. */
  uploadDir: string | null = null,
): Promise<boolean> {
  const existing = await db.selectFrom('merchant').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS)
    hashes.set(account.username, await hashPassword(sha256Hex(account.password)));

  await db.transaction().execute(async (tx) => {
    const merchantIds = new Map<string, number>();
    const roleIds = new Map<string, number>();
    for (const m of DEMO_MERCHANTS) {
      const merchant = await tx
        .insertInto('merchant')
        .values({ name: m.name, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      merchantIds.set(m.key, merchant.id);
      await tx
        .insertInto('team')
        .values(
          m.teams.map((t, sort) => ({
            merchant_id: merchant.id,
            team_code: t.code,
            team_name: t.name,
            parent_code: t.parent,
            sort,
            created_at: now,
          })),
        )
        .execute();
      await addBuiltInFeeTypes(tx, merchant.id, m.teams[0]?.code ?? '', now);
      for (const preset of m.roles) {
        const role = await tx
          .insertInto('role')
          .values({
            merchant_id: merchant.id,
            // the demo's roles are owned by the merchant's headquarters
            team_code: m.teams[0]?.code ?? '',
            name: ROLE_PRESET_NAMES[preset],
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        roleIds.set(`${m.key}:${preset}`, role.id);
        await tx
          .insertInto('role_menu')
          .values(ROLE_PRESETS[preset].map((code) => ({ role_id: role.id, code })))
          .execute();
      }
    }
    for (const truck of demoFleet(fleetSize)) {
      await insertTruck(tx, merchantIds.get(truck.merchant) as number, truck, now);
    }
    // two terminals in stock at headquarters, not yet fitted to a truck
    await tx
      .insertInto('terminal')
      .values(
        ['14700000001', '14700000002'].map((phone) => ({
          merchant_id: merchantIds.get('logistics') as number,
          team_code: '1000001',
          phone,
          terminal_no: `T${phone.slice(-6)}`,
          model: 'FL-808A',
          manufacturer: 'FLEET',
          protocol_version: '2013',
          sim_no: phone,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await seedDemoStationsAndLines(tx, merchantIds, now);
    const userIds = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const first = account.memberships[0];
      const user = await tx
        .insertInto('app_user')
        .values({
          username: account.username,
          password_hash: hashes.get(account.username) as string,
          nickname: account.nickname,
          phone: account.phone,
          last_merchant_id: first ? merchantIds.get(first.merchant) : null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(account.username, user.id);
      for (const membership of account.memberships) {
        const merchantId = merchantIds.get(membership.merchant) as number;
        await tx
          .insertInto('user_merchant')
          .values({
            user_id: user.id,
            merchant_id: merchantId,
            team_code: membership.teamCode,
            is_manager: membership.manager ? 1 : 0,
            entry_time: now,
          })
          .execute();
        await tx
          .insertInto('user_role')
          .values({
            user_id: user.id,
            role_id: roleIds.get(`${membership.merchant}:${membership.role}`) as number,
          })
          .execute();
      }
    }
    await seedDemoReference(tx, merchantIds, userIds.get('admin') as number, now);
    await seedDemoTransportPrices(tx, merchantIds, userIds.get('admin') as number, now);
    await seedDemoScanCodes(tx, userIds.get('admin') as number, now);
    if (alarms) await seedDemoAlarms(tx, userIds.get('admin') as number, now);
    if (waybills) await seedDemoWaybills(tx, now, { uploadDir });
    await seedDemoPlans(tx, now, { alarms });
    // the timetable whose plans the job creates at start: with the operations history only, so tests
    // that count their own plans start without them
    if (waybills) await seedDemoSchedules(tx, userIds.get('admin') as number, now);
    // the fee approval chain, rounds and payments of the demo waybills, and loading appointments of
    // today's and tomorrow's plans: with the operations history only, as the waybills
    if (waybills) await seedDemoFinance(tx, now);
    // the fleet's past trips (the fuel and energy reports' figures): with the operations history only
    if (waybills) await seedDemoEnergy(tx, now);
    // maintenance plans, services (as 保养 costs), certificates due and faults: with the operations history
    if (waybills) await seedDemoMaintenance(tx, now);
    // two past days of fuel of three trucks with refuels, a siphon and their refuel costs, scanned
    if (waybills) await seedDemoFuel(tx, userIds.get('admin') ?? null, now);
    // the fleet's refuel costs of the weeks before, tolls of the long trips, services, sundry costs and
    // the own trucks' depreciation (成本中心): with the operations history, after the trips
    if (waybills) await seedDemoCosts(tx, userIds.get('admin') ?? null, now);
    // the oil-saving plan of a coal line, its trucks monitored, and imported trip reports (after the
    // fleet's past trips: a finished run without a trip gets one)
    await seedDemoOilSaving(tx, now);
  });
  return true;
}

/** A demo truck with its terminal (phone 138000000nn) and its driver. */
async function insertTruck(tx: Kysely<Database>, merchantId: number, t: DemoTruck, now: number) {
  const scope = { merchant_id: merchantId, team_code: t.teamCode, created_at: now, updated_at: now };
  const terminal = await tx
    .insertInto('terminal')
    .values({
      ...scope,
      phone: t.terminalPhone,
      terminal_no: `T${t.terminalPhone.slice(-6)}`,
      model: 'FL-808A',
      manufacturer: 'FLEET',
      protocol_version: '2013',
      sim_no: t.terminalPhone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const driver = await tx
    .insertInto('driver')
    .values({
      ...scope,
      name: t.driver.name,
      phone: t.driver.phone,
      id_card: t.driver.idCard,
      license_class: t.driver.licenseClass,
      license_expiry: '2030-06-30',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('truck')
    .values({
      ...scope,
      car_no: t.carNo,
      vin: t.vin,
      car_type: t.carType,
      brand: t.brand,
      series: t.series,
      fuel_type: t.fuelType,
      car_info_type: t.carInfoType,
      terminal_id: terminal.id,
      driver_id: driver.id,
      tank_capacity: t.tankCapacity,
      speed_limit: t.speedLimit,
      load_capacity: t.loadCapacity,
      register_date: '2022-03-15',
      driving_license_expiry: '2028-03-14',
      insurance_expiry: '2027-03-14',
      annual_inspection_expiry: '2027-03-31',
    })
    .execute();
}

export type { RolePreset };
