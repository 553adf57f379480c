import { CameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Image, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchLatestPhoto, requestPhoto } from '../../api/photo';
import { texts } from '../../locales';
import styles from './monitor.module.css';

const t = texts.monitor.card;
/** How long the card waits for the terminal's upload after it accepted the command. */
const WAIT_MS = 60_000;

/**
 * 拍照 on the vehicle card: asks the terminal for a photo, then polls until the upload arrives
 * and shows it (click to enlarge).
 */
export function CardPhoto({ vin }: { vin: string }) {
  const [asked, setAsked] = useState<{ vin: string; at: number; sent: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [expired, setExpired] = useState(false);
  const current = asked?.vin === vin ? asked : null;
  const sent = current?.sent;
  useEffect(() => {
    setExpired(false);
    if (sent === undefined) return;
    const timer = setTimeout(() => setExpired(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, [sent]);
  const waiting = current !== null && !expired;
  const photo = useQuery({
    queryKey: ['card-photo', vin, current?.at],
    queryFn: ({ signal }) => fetchLatestPhoto(vin, current?.at ?? 0, signal),
    enabled: current !== null,
    refetchInterval: (query) =>
      query.state.data || sent === undefined || Date.now() - sent >= WAIT_MS ? false : 1000,
  });
  const take = async () => {
    setSending(true);
    try {
      const answer = await requestPhoto(vin);
      setAsked({ vin, at: answer.requestedAt, sent: Date.now() });
    } catch {
      // the request layer showed why (offline, refused)
    } finally {
      setSending(false);
    }
  };
  const shown = current ? photo.data : null;
  return (
    <div className={styles.cardPhoto}>
      <Space size={8}>
        <Button size="small" icon={<CameraOutlined />} loading={sending} onClick={take}>
          {t.photo}
        </Button>
        {current && !shown && (
          <Typography.Text type="secondary">{waiting ? t.photoWaiting : t.photoNone}</Typography.Text>
        )}
        {shown && <Typography.Text type="secondary">{t.photoTaken(shown.time)}</Typography.Text>}
      </Space>
      {shown && <Image src={shown.url} alt={t.photo} width="100%" className={styles.cardPhotoImage} />}
    </div>
  );
}
