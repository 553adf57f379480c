import { App, Button } from 'antd';
import { useState } from 'react';
import { texts } from '../../locales';
import { generateSchedulePlans } from './api';

const t = texts.planSchedules;

/** 立即生成计划: the caller's enabled schedules create their next days' plans now; says how many. */
export function GenerateButton({ onDone }: { onDone: () => void }) {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = () =>
    modal.confirm({
      title: t.generate,
      content: t.confirmGenerate,
      onOk: async () => {
        setBusy(true);
        try {
          const result = await generateSchedulePlans();
          void message.success(t.generated(result.created.length, result.skipped.length));
          onDone();
        } finally {
          setBusy(false);
        }
      },
    });
  return (
    <Button loading={busy} onClick={run}>
      {t.generate}
    </Button>
  );
}
