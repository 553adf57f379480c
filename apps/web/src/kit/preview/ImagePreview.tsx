import { Image } from 'antd';

export interface ImagePreviewProps {
  /** Picture addresses. */
  urls: readonly string[];
  open: boolean;
  /** Index of the picture shown first. */
  current?: number;
  onClose: () => void;
}

/** Full-screen preview of one or more pictures, with zoom, rotate and previous / next. */
export function ImagePreview({ urls, open, current = 0, onClose }: ImagePreviewProps) {
  if (urls.length === 0) return null;
  return (
    <Image.PreviewGroup
      items={[...urls]}
      preview={{
        open,
        current: Math.min(Math.max(0, current), urls.length - 1),
        onOpenChange: (next) => {
          if (!next) onClose();
        },
      }}
    />
  );
}
