import { AlertOutlined } from '@ant-design/icons';
import { Badge, Card, Empty, Image, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AlarmPush } from '../../api/alarm-reminder';
import { texts } from '../../locales';
import styles from './alarmReminder.module.css';
import {
  alarmDurationText,
  alarmTimeText,
  alarmTypeText,
  driverShown,
  feedMedia,
  feedScrolls,
  locationText,
  speedText,
} from './feed';
import { useAlarmStore } from './store';

const t = texts.alarmReminder.feed;
/** Height of a small table row, so that 8 rows fit before the list scrolls. */
const ROW_HEIGHT = 39;

function Evidence({ alarm }: { alarm: AlarmPush | undefined }) {
  const media = feedMedia(alarm);
  const [failed, setFailed] = useState<string>();
  if (media.kind === 'empty') {
    return (
      <div className={styles.media} data-testid="alarm-feed-media">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noMedia} />
      </div>
    );
  }
  return (
    <div>
      <div className={styles.media} data-testid="alarm-feed-media">
        {media.kind === 'video' ? (
          failed === media.src ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.videoUnsupported} />
          ) : (
            <video
              key={media.src}
              src={media.src}
              controls
              muted
              autoPlay
              onError={() => setFailed(media.src)}
            />
          )
        ) : (
          <Image src={media.src} alt={alarm ? alarmTypeText(alarm) : t.evidence} />
        )}
      </div>
      {alarm && (
        <div className={styles.mediaCaption}>
          {alarm.carNo} · {alarmTypeText(alarm)} · {alarmTimeText(alarm)}
        </div>
      )}
    </div>
  );
}

const columns: TableColumnsType<AlarmPush> = [
  { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100 },
  {
    key: 'driver',
    title: t.driver,
    width: 90,
    render: (_, alarm) => {
      const driver = driverShown(alarm.driverName, t.unknownDriver);
      return driver.unknown ? <span className={styles.unknownDriver}>{driver.text}</span> : driver.text;
    },
  },
  { key: 'type', title: t.type, width: 150, render: (_, alarm) => alarmTypeText(alarm) },
  { key: 'speed', title: t.speed, width: 90, render: (_, alarm) => speedText(alarm.speed) },
  { key: 'time', title: t.time, width: 160, render: (_, alarm) => alarmTimeText(alarm) },
  { key: 'duration', title: t.duration, width: 110, render: (_, alarm) => alarmDurationText(alarm.duration) },
  { key: 'location', title: t.location, ellipsis: true, render: (_, alarm) => locationText(alarm) },
];

/**
 * The live alarm feed card (spec core sections 2-4): the newest alarms of the session as they come,
 * the chosen one's evidence (video, else the first photo, else 暂无报警图片/视频); the list
 * scrolls only above 8 rows.
 */
export function AlarmFeedCard() {
  const feed = useAlarmStore((state) => state.feed);
  const connected = useAlarmStore((state) => state.connected);
  const [chosenId, setChosenId] = useState<number>();
  const chosen = feed.find((alarm) => alarm.id === chosenId) ?? feed[0];

  return (
    <Card
      variant="borderless"
      data-testid="alarm-feed"
      title={
        <span>
          <AlertOutlined /> {t.title}
        </span>
      }
      extra={<Badge status={connected ? 'processing' : 'default'} />}
    >
      <div className={styles.feed}>
        <Evidence alarm={chosen} />
        <div className={styles.rows}>
          <Table<AlarmPush>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={feed}
            pagination={false}
            tableLayout="fixed"
            scroll={feedScrolls(feed.length) ? { y: ROW_HEIGHT * 8 } : undefined}
            rowClassName={(alarm) => (alarm.id === chosen?.id ? (styles.selectedRow ?? '') : '')}
            onRow={(alarm) => ({ onClick: () => setChosenId(alarm.id) })}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
          />
        </div>
      </div>
    </Card>
  );
}
