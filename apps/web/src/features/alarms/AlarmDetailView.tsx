import { durationText } from '@fleet/domain';
import { Descriptions, Empty, Flex, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { AlarmDetail, AlarmRow } from '../../api/alarms';
import { texts } from '../../locales';
import { useAddress } from '../../map';
import { AlarmTrackMap } from './AlarmTrackMap';
import { DriverName, HandleStatusTag } from './cells';
import { Evidence } from './Evidence';

const t = texts.alarms;
const d = t.detailDrawer;
const LABEL = { label: { whiteSpace: 'nowrap' as const } };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function Address({ lng, lat }: { lng: number | null; lat: number | null }) {
  const { address, loading } = useAddress(lng, lat);
  if (loading) return <span>{t.addressLoading}</span>;
  return <span>{address || t.noAddress}</span>;
}

/** 报警信息: what, who, when, where, how fast. */
export function AlarmFacts({ alarm }: { alarm: AlarmRow }) {
  return (
    <Descriptions size="small" column={2} bordered styles={LABEL}>
      <Descriptions.Item label={t.type}>
        {alarm.eventName} <Tag>{alarm.categoryName}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t.level}>{alarm.levelName}</Descriptions.Item>
      <Descriptions.Item label={t.plate}>{alarm.carNo || '--'}</Descriptions.Item>
      <Descriptions.Item label={d.vin}>{alarm.vin || '--'}</Descriptions.Item>
      <Descriptions.Item label={t.team}>{alarm.teamName || '--'}</Descriptions.Item>
      <Descriptions.Item label={t.driver}>
        <DriverName name={alarm.driverName} />
      </Descriptions.Item>
      <Descriptions.Item label={d.tid}>{alarm.tid || '--'}</Descriptions.Item>
      <Descriptions.Item label={d.source}>{alarm.sourceName}</Descriptions.Item>
      <Descriptions.Item label={t.startTime}>{alarm.startTime}</Descriptions.Item>
      <Descriptions.Item label={t.endTime}>{alarm.endTime || t.ongoing}</Descriptions.Item>
      <Descriptions.Item label={t.duration}>{durationText(alarm.duration)}</Descriptions.Item>
      <Descriptions.Item label={t.speed}>
        {alarm.speed} {t.speedUnit}（{d.maxSpeed} {alarm.maxSpeed} {t.speedUnit}）
      </Descriptions.Item>
      {alarm.stationName !== '' ? (
        <Descriptions.Item label={t.station}>{alarm.stationName}</Descriptions.Item>
      ) : null}
      {alarm.lineName !== '' ? <Descriptions.Item label={t.line}>{alarm.lineName}</Descriptions.Item> : null}
      <Descriptions.Item label={d.position}>
        {alarm.longitude !== null && alarm.latitude !== null
          ? `${alarm.longitude.toFixed(6)}, ${alarm.latitude.toFixed(6)}`
          : '--'}
      </Descriptions.Item>
      <Descriptions.Item label={d.address}>
        <Address lng={alarm.longitude} lat={alarm.latitude} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 处理记录: state, way, remark, who and when. */
export function HandlingRecord({ alarm }: { alarm: AlarmRow }) {
  if (alarm.handleStatus === 0) return <Typography.Text type="secondary">{d.notHandled}</Typography.Text>;
  return (
    <Descriptions size="small" column={2} bordered styles={LABEL}>
      <Descriptions.Item label={t.handleStatus}>
        <HandleStatusTag status={alarm.handleStatus} name={alarm.handleStatusName} />
      </Descriptions.Item>
      <Descriptions.Item label={t.handleType}>{alarm.handleTypeName || '--'}</Descriptions.Item>
      <Descriptions.Item label={t.handler}>{alarm.handlerName || '--'}</Descriptions.Item>
      <Descriptions.Item label={t.handleTime}>{alarm.handleTime || '--'}</Descriptions.Item>
      <Descriptions.Item label={t.handleRemark} span={2}>
        {alarm.handleRemark || '--'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Everything about one alarm: facts, what the rule measured, evidence, handling, log and track. */
export function AlarmDetailView({ alarm, extra }: { alarm: AlarmDetail; extra?: ReactNode }) {
  return (
    <Flex vertical gap={8}>
      <Section title={d.base}>
        <AlarmFacts alarm={alarm} />
      </Section>
      {alarm.detailEntries.length > 0 && (
        <Section title={d.measured}>
          <Descriptions size="small" column={2} bordered styles={LABEL}>
            {alarm.detailEntries.map((entry) => (
              <Descriptions.Item key={entry.key} label={entry.label}>
                {entry.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Section>
      )}
      <Section title={d.evidence}>
        <Evidence photos={alarm.photoList} video={alarm.video} max={9} />
      </Section>
      {extra}
      <Section title={d.handling}>
        <HandlingRecord alarm={alarm} />
      </Section>
      <Section title={d.operations}>
        {alarm.operations.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.kit.common.empty} />
        ) : (
          <Timeline
            items={alarm.operations.map((op) => ({
              key: String(op.id ?? op.time),
              children: (
                <span>
                  <Typography.Text type="secondary">{op.time}</Typography.Text> {op.accountName}：{op.content}
                </span>
              ),
            }))}
          />
        )}
      </Section>
      <Section title={d.track}>
        {alarm.track.points.length === 0 && !alarm.position ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={d.noTrack} />
        ) : (
          <>
            {alarm.track.points.length === 0 && (
              <Typography.Text type="secondary">{d.noTrack}</Typography.Text>
            )}
            <AlarmTrackMap position={alarm.position} points={alarm.track.points} />
          </>
        )}
      </Section>
    </Flex>
  );
}
