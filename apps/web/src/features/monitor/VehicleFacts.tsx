import { Descriptions, Tag, Typography } from 'antd';
import type { VehicleCard } from '../../api/monitor';
import { texts } from '../../locales';
import { VEHICLE_COLORS, VEHICLE_LOOK_TEXT, vehicleLook } from '../../map';

const t = texts.monitor.card;

/** '未知司机' in red when the vehicle has no driver (spec core section 3). */
export function DriverName({ name }: { name: string | null | undefined }) {
  if (!name || name === t.unknownDriver || name === '未知') {
    return <Typography.Text type="danger">{t.unknownDriver}</Typography.Text>;
  }
  return <span>{name}</span>;
}

/** The state of a vehicle as a tag in its map colour (行驶 / 停车 / 离线 / 报警). */
export function StateTag({ vehicle }: { vehicle: { stateCode?: string | null; alarm?: boolean | null } }) {
  const look = vehicleLook(vehicle);
  return (
    <Tag color={VEHICLE_COLORS[look]} style={{ marginInlineEnd: 0 }}>
      {VEHICLE_LOOK_TEXT[look]}
    </Tag>
  );
}

function orNone(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? t.none : String(value);
}

export interface VehicleFactsProps {
  card: VehicleCard & { protocolVersion?: string; lastOnlineTime?: string };
  /** The long form of the real-time page (VIN, terminal, ACC, altitude, protocol). */
  detailed?: boolean;
}

/** Plate, driver, speed, place, state, last report, mileage and fuel of a vehicle. */
export function VehicleFacts({ card, detailed = false }: VehicleFactsProps) {
  const located = card.lng !== null && card.lat !== null;
  const items = [
    { key: 'driver', label: t.driver, children: <DriverName name={card.driverName} /> },
    ...(detailed && card.driverPhone ? [{ key: 'phone', label: t.phone, children: card.driverPhone }] : []),
    { key: 'team', label: t.team, children: orNone(card.teamName) },
    {
      key: 'state',
      label: t.state,
      children: (
        <span>
          <StateTag vehicle={card} /> {card.stateDuration ? `（${card.stateDuration}）` : ''}
        </span>
      ),
    },
    { key: 'speed', label: t.speed, children: t.kmh(card.speed ?? 0) },
    ...(detailed ? [{ key: 'direction', label: t.direction, children: orNone(card.directionText) }] : []),
    {
      key: 'place',
      label: t.place,
      children: located ? orNone(card.place) : t.noPosition,
    },
    { key: 'reportTime', label: t.reportTime, children: orNone(card.reportTime) },
    { key: 'mileage', label: t.mileage, children: card.mileage === null ? t.none : t.km(card.mileage) },
    {
      key: 'fuel',
      label: t.fuel,
      children: card.fuel === null ? t.none : t.litres(card.fuel, card.fuelPercent),
    },
    ...(card.alarms.length > 0
      ? [
          {
            key: 'alarms',
            label: t.alarms,
            children: <Typography.Text type="danger">{card.alarms.join('、')}</Typography.Text>,
          },
        ]
      : []),
    ...(detailed
      ? [
          { key: 'acc', label: t.acc, children: orNone(card.accText) },
          { key: 'online', label: t.online, children: orNone(card.onlineText) },
          { key: 'altitude', label: t.altitude, children: t.meters(card.altitude ?? 0) },
          { key: 'receiveTime', label: t.receiveTime, children: orNone(card.receiveTime) },
          { key: 'vin', label: t.vin, children: card.vin },
          { key: 'tid', label: t.tid, children: orNone(card.tid) },
          ...(card.protocolVersion !== undefined
            ? [{ key: 'protocol', label: t.protocol, children: orNone(card.protocolVersion) }]
            : []),
          ...(card.lastOnlineTime !== undefined
            ? [{ key: 'lastOnline', label: t.lastOnline, children: orNone(card.lastOnlineTime) }]
            : []),
        ]
      : []),
  ];
  return <Descriptions size="small" column={1} colon items={items} styles={{ label: { width: 72 } }} />;
}
