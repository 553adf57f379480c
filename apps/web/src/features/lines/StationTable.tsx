import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  changeRow,
  deleteRow,
  editLeg,
  insertAfter,
  moveRow,
  NOT_MAP_CALCULATED,
  ROW_TYPE,
  type StationRow,
  stationTypeName,
} from '@fleet/domain';
import {
  Button,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import type { StationOption } from '../../api/stations';
import { texts } from '../../locales';
import { AddressPicker } from '../../map';

const t = texts.lines;
const TYPE_COLORS: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'red' };

/**
 * The station table of a line (business sections 3 and 4): every edit goes through the rules of
 * @fleet/domain, so the end stays last, a deleted first row becomes an empty start, and a change
 * marks that row and the next as not map-calculated.
 */
export function StationTable({
  rows,
  onChange,
  stations,
}: {
  rows: StationRow[];
  onChange: (rows: StationRow[]) => void;
  stations: StationOption[];
}) {
  const [picking, setPicking] = useState<number | null>(null);
  const last = rows.length - 1;

  const columns = useMemo<TableColumnType<StationRow>[]>(
    () => [
      { key: 'seq', dataIndex: 'seq', title: t.seq, width: 60 },
      {
        key: 'type',
        title: t.rowType,
        width: 90,
        render: (_, row) => (
          <Tag color={TYPE_COLORS[row.stationType]}>{stationTypeName(row.stationType)}</Tag>
        ),
      },
      {
        key: 'address',
        title: t.address,
        render: (_, row, index) => (
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Typography.Text
              type={row.address ? undefined : 'secondary'}
              data-testid={`row-address-${index}`}
            >
              {row.address || t.addressPlaceholder}
            </Typography.Text>
            <Space size={8} wrap>
              <Button size="small" onClick={() => setPicking(index)}>
                {t.pickOnMap}
              </Button>
              <Select<number>
                size="small"
                showSearch
                allowClear
                placeholder={t.pickStation}
                style={{ width: 180 }}
                value={row.stationId ?? undefined}
                optionFilterProp="label"
                options={stations.map((s) => ({ value: s.id, label: s.name }))}
                onChange={(id) => {
                  const station = stations.find((s) => s.id === id);
                  if (!station) return;
                  onChange(
                    changeRow(rows, index, {
                      stationId: station.id,
                      address: station.name,
                      latitude: station.latitude,
                      longitude: station.longitude,
                    }),
                  );
                }}
              />
            </Space>
          </Space>
        ),
      },
      {
        key: 'distance',
        title: t.rowDistance,
        width: 130,
        render: (_, row, index) =>
          index === 0 ? (
            '-'
          ) : (
            <InputNumber
              size="small"
              min={0}
              max={99999}
              precision={1}
              value={row.distance}
              aria-label={`${t.rowDistance}${index + 1}`}
              onChange={(value) => onChange(editLeg(rows, index, { distance: Number(value ?? 0) }))}
              style={{ width: 110 }}
            />
          ),
      },
      {
        key: 'time',
        title: t.runningTime,
        width: 190,
        render: (_, row, index) =>
          index === 0 ? (
            '-'
          ) : (
            <Space size={4}>
              <InputNumber
                size="small"
                min={0}
                max={999}
                precision={0}
                value={row.runningHours}
                onChange={(value) => onChange(editLeg(rows, index, { runningHours: Number(value ?? 0) }))}
                style={{ width: 64 }}
              />
              {t.hours}
              <InputNumber
                size="small"
                min={0}
                max={59}
                precision={0}
                value={row.runningMins}
                onChange={(value) => onChange(editLeg(rows, index, { runningMins: Number(value ?? 0) }))}
                style={{ width: 56 }}
              />
              {t.minutes}
            </Space>
          ),
      },
      {
        key: 'produce',
        title: t.mapCalculated,
        width: 130,
        render: (_, row, index) =>
          index === 0 ? (
            '-'
          ) : row.baiduMapProduce ? (
            <Tag color="success">{t.calculatedTag}</Tag>
          ) : (
            <Tooltip title={t.noMapService}>
              <Tag color="orange" data-testid={`not-calculated-${index}`}>
                {NOT_MAP_CALCULATED}
              </Tag>
            </Tooltip>
          ),
      },
      {
        key: 'actions',
        title: texts.kit.common.actions,
        width: 200,
        render: (_, row, index) => (
          <Space size={2}>
            <Tooltip title={t.insertAfter}>
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                aria-label={`${t.insertAfter}${index + 1}`}
                onClick={() => onChange(insertAfter(rows, index))}
              />
            </Tooltip>
            <Tooltip title={t.moveUp}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={`${t.moveUp}${index + 1}`}
                disabled={row.stationType !== ROW_TYPE.waypoint || index <= 1}
                onClick={() => onChange(moveRow(rows, index, -1))}
              />
            </Tooltip>
            <Tooltip title={t.moveDown}>
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`${t.moveDown}${index + 1}`}
                disabled={row.stationType !== ROW_TYPE.waypoint || index >= last - 1}
                onClick={() => onChange(moveRow(rows, index, 1))}
              />
            </Tooltip>
            <Tooltip title={t.deleteRow}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t.deleteRow}${index + 1}`}
                onClick={() => onChange(deleteRow(rows, index))}
              />
            </Tooltip>
          </Space>
        ),
      },
    ],
    [rows, onChange, stations, last],
  );

  const picked = picking === null ? undefined : rows[picking];
  return (
    <>
      <Table<StationRow>
        size="small"
        rowKey="seq"
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="station-table"
      />
      <AddressPicker
        open={picking !== null}
        value={
          picked && picked.latitude !== null && picked.longitude !== null
            ? { lng: picked.longitude, lat: picked.latitude, name: picked.address }
            : null
        }
        onCancel={() => setPicking(null)}
        onSave={(place) => {
          if (picking !== null)
            onChange(
              changeRow(rows, picking, {
                stationId: null,
                address: place.address || place.name,
                latitude: place.lat,
                longitude: place.lng,
              }),
            );
          setPicking(null);
        }}
      />
    </>
  );
}
