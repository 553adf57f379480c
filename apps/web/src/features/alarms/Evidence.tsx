import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { ImagePreview } from '../../kit';
import { texts } from '../../locales';
import styles from './alarms.module.css';

const t = texts.alarms;

/** An alarm's video in a dialog, with the spec's 'unsupported format' when the browser cannot play it. */
export function VideoDialog({ url, onClose }: { url: string | undefined; onClose: () => void }) {
  const [failed, setFailed] = useState(false);
  return (
    <Modal
      open={url !== undefined}
      title={t.videoTitle}
      width={720}
      footer={null}
      destroyOnHidden
      onCancel={() => {
        setFailed(false);
        onClose();
      }}
    >
      {url &&
        (failed ? (
          <Typography.Text type="secondary">{t.videoUnsupported}</Typography.Text>
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: terminal evidence clips carry no captions
          <video className={styles.video} src={url} controls autoPlay onError={() => setFailed(true)} />
        ))}
    </Modal>
  );
}

/**
 * Evidence thumbnails of an alarm: its photos (a click opens the preview at that photo) and a play
 * button for its video; '无' when there is neither.
 */
export function Evidence({
  photos,
  video,
  max = 3,
}: {
  photos: readonly string[];
  video: string;
  max?: number;
}) {
  const [preview, setPreview] = useState<number | undefined>();
  const [playing, setPlaying] = useState<string | undefined>();
  if (photos.length === 0 && !video)
    return <Typography.Text type="secondary">{t.noEvidence}</Typography.Text>;
  return (
    <Space size={4}>
      {photos.slice(0, max).map((url, index) => (
        <button
          key={url}
          type="button"
          className={styles.thumb}
          aria-label={`${t.evidence}${index + 1}`}
          onClick={() => setPreview(index)}
        >
          <img src={url} alt={`${t.evidence}${index + 1}`} loading="lazy" />
        </button>
      ))}
      {photos.length > max && <Typography.Text type="secondary">+{photos.length - max}</Typography.Text>}
      {video && (
        <Button size="small" type="link" icon={<PlayCircleOutlined />} onClick={() => setPlaying(video)}>
          {t.playVideo}
        </Button>
      )}
      <ImagePreview
        urls={photos}
        open={preview !== undefined}
        current={preview}
        onClose={() => setPreview(undefined)}
      />
      <VideoDialog url={playing} onClose={() => setPlaying(undefined)} />
    </Space>
  );
}
