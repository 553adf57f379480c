import { AimOutlined, CloseOutlined, HistoryOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { canAccessPath } from '@fleet/domain';
import { Button, Card, Skeleton, Space } from 'antd';
import { useNavigate } from 'react-router';
import type { VehicleCard } from '../../api/monitor';
import { texts } from '../../locales';
import { useShell } from '../../shell/ShellContext';
import { CardPhoto } from './CardPhoto';
import styles from './monitor.module.css';
import { StateTag, VehicleFacts } from './VehicleFacts';
import { realTimeOnePath, realTimePath, TRACK_REPLAY_PATH, trackReplayPath } from './vehicleLinks';

const t = texts.monitor.card;

export interface VehicleCardPanelProps {
  vin: string;
  card: VehicleCard | undefined;
  following: boolean;
  onFollow: (on: boolean) => void;
  onClose: () => void;
}

/** The card of the vehicle clicked on the map or in the tree, with follow and the links onward. */
export function VehicleCardPanel({ vin, card, following, onFollow, onClose }: VehicleCardPanelProps) {
  const navigate = useNavigate();
  const { codes } = useShell();
  const canRealTime = canAccessPath(realTimePath(vin), codes);
  const canReplay = canAccessPath(TRACK_REPLAY_PATH, codes);
  // 拍照 is a command of the monitoring maps (全图监控, 全图监控2.0)
  const canPhoto = codes.has('car02') || codes.has('car02-new');
  return (
    <Card
      size="small"
      className={styles.card}
      role="dialog"
      aria-label={card?.carNo ?? vin}
      title={
        <Space size={8}>
          <span className={styles.cardPlate}>{card?.carNo ?? vin}</span>
          {card && <StateTag vehicle={card} />}
        </Space>
      }
      extra={
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t.close} onClick={onClose} />
      }
      actions={[
        <Button
          key="follow"
          type="link"
          size="small"
          icon={<AimOutlined />}
          disabled={!card || card.lng === null}
          onClick={() => onFollow(!following)}
        >
          {following ? t.unfollow : t.follow}
        </Button>,
        ...(canRealTime
          ? [
              <Button
                key="realtime"
                type="link"
                size="small"
                icon={<NodeIndexOutlined />}
                onClick={() => navigate(realTimePath(vin))}
              >
                {t.realTime}
              </Button>,
              <Button key="one" type="link" size="small" onClick={() => navigate(realTimeOnePath(vin))}>
                {t.realTimeOne}
              </Button>,
            ]
          : []),
        ...(canReplay
          ? [
              <Button
                key="replay"
                type="link"
                size="small"
                icon={<HistoryOutlined />}
                onClick={() => navigate(trackReplayPath({ vin, carNo: card?.carNo }))}
              >
                {t.replay}
              </Button>,
            ]
          : []),
      ]}
    >
      {card ? <VehicleFacts card={card} /> : <Skeleton active paragraph={{ rows: 5 }} title={false} />}
      {card && canPhoto && <CardPhoto vin={vin} />}
    </Card>
  );
}
