import { scanWaybillUrl } from '@fleet/domain';
import { Alert, App, Button, Modal, Space, Spin } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { texts } from '../../locales';
import type { ScanCode } from './scanCode.record';
import styles from './scanCodeQr.module.css';

const t = texts.scanCodes;

/** The QR code of a scan code as a PNG data URL, drawn in the browser: the public page on this site. */
function useQrImage(token: string | undefined): { image?: string; url?: string; failed: boolean } {
  const [image, setImage] = useState<string>();
  const [failed, setFailed] = useState(false);
  const url = token ? scanWaybillUrl(window.location.origin, token) : undefined;
  useEffect(() => {
    if (!url) return;
    let live = true;
    setFailed(false);
    QRCode.toDataURL(url, { width: 480, margin: 2, errorCorrectionLevel: 'M' }).then(
      (data) => live && setImage(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return { image, url, failed };
}

/** The file name of the downloaded QR code: 扫码运单-客户-线路.png. */
const fileName = (code: ScanCode) =>
  `扫码运单-${code.customerName}-${code.lineName}`.replace(/[\\/:*?"<>|\s]+/g, '_').concat('.png');

/** The sheet of a code: its QR code, customer, line, stations and cargo; what 打印 prints. */
function ScanCodeSheet({ code, image }: { code: ScanCode; image: string }) {
  const row = (label: string, value: string) => (
    <div>
      <span className={styles.label}>{label}：</span>
      <span>{value}</span>
    </div>
  );
  return (
    <div className={styles.sheet} data-testid="scan-code-sheet">
      <div className={styles.title}>{t.printTitle}</div>
      <img className={styles.qr} src={image} alt={t.qrCode} />
      <div className={styles.rows}>
        {row(t.customer, code.customerName)}
        {row(t.line, code.lineName)}
        {row(t.stations, `${code.loadingStationName} → ${code.unloadingStationName}`)}
        {row(t.cargo, code.cargo || t.noCargo)}
      </div>
      <div className={styles.note}>{t.printScan}</div>
    </div>
  );
}

/** The 二维码 dialog of a code: the sheet, 打印 (the print view, window.print), 下载二维码 and the link. */
export function ScanCodeQrDialog({ code, onClose }: { code: ScanCode; onClose: () => void }) {
  const { message } = App.useApp();
  const { image, url, failed } = useQrImage(code.token);
  const download = () => {
    if (!image) return;
    const a = document.createElement('a');
    a.href = image;
    a.download = fileName(code);
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  const copy = () => {
    if (!url) return;
    navigator.clipboard?.writeText(url).then(
      () => void message.success(t.copied),
      () => undefined,
    );
  };
  return (
    <Modal
      open
      title={t.qrTitle}
      width={520}
      onCancel={onClose}
      footer={
        <Space className={styles.noPrint}>
          <Button onClick={copy} disabled={!url}>
            {t.copyLink}
          </Button>
          <Button onClick={download} disabled={!image}>
            {t.download}
          </Button>
          <Button type="primary" onClick={() => window.print()} disabled={!image}>
            {t.print}
          </Button>
        </Space>
      }
    >
      {code.valid !== 1 && (
        <Alert
          className={styles.noPrint}
          type="warning"
          showIcon
          title={t.disabledNote}
          style={{ marginBottom: 12 }}
        />
      )}
      {failed ? (
        <Alert type="error" showIcon title={t.qrFailed} />
      ) : image ? (
        <ScanCodeSheet code={code} image={image} />
      ) : (
        <Spin />
      )}
      <div className={`${styles.note} ${styles.noPrint}`}>{t.qrHint}</div>
    </Modal>
  );
}

/** The 二维码 column's link: a small QR image that opens the dialog. */
export function ScanCodeQrLink({ code }: { code: ScanCode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {t.qrCode}
      </Button>
      {open && <ScanCodeQrDialog code={code} onClose={() => setOpen(false)} />}
    </>
  );
}
