import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Flex, Result, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchSubscription, type SubscriptionConfig, saveSubscription } from '../../../api/alarm-reminder';
import { texts } from '../../../locales';
import { useAlarmStore } from '../store';
import { kindState, savedCodes, setKindCodes, toggleKind } from '../subscription';

const t = texts.alarmReminder.settings;
const common = texts.kit.common;

interface Draft {
  codes: Set<number>;
  alarmVoice: boolean;
  alarmPop: boolean;
}

function draftOf(config: SubscriptionConfig): Draft {
  return {
    codes: new Set(config.codes),
    alarmVoice: config.alarmVoice === 1,
    alarmPop: config.alarmPop === 1,
  };
}

/** 报警订阅设置 (/alarmSubscriptionSet): the alarm types pushed to the user, alarm sound and pop-ups. */
export default function AlarmSubscriptionPage() {
  const { message } = App.useApp();
  const config = useQuery({ queryKey: ['alarm-reminder', 'subscription'], queryFn: fetchSubscription });
  const [draft, setDraft] = useState<Draft>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (config.data) setDraft(draftOf(config.data));
  }, [config.data]);

  if (config.isError) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t.loadFailed}
          extra={<Button onClick={() => void config.refetch()}>{t.retry}</Button>}
        />
      </Card>
    );
  }
  if (!config.data || !draft) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const allCodes = config.data.types.flatMap((kind) => kind.list.map((type) => type.code));
  const all = kindState(draft.codes, allCodes);

  const save = async () => {
    setSaving(true);
    try {
      const alarmVoice = draft.alarmVoice ? 1 : 0;
      const alarmPop = draft.alarmPop ? 1 : 0;
      await saveSubscription({ codes: savedCodes(draft.codes), alarmVoice, alarmPop });
      useAlarmStore.getState().setSetting({ alarmVoice, alarmPop });
      void message.success(t.saved);
      await config.refetch();
    } catch {
      // The request client already showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Card variant="borderless" title={t.title}>
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t.hint}</Typography.Text>
          <Flex gap={32} wrap>
            <Flex gap={8} align="center">
              <Switch
                checked={draft.alarmVoice}
                aria-label={t.alarmVoice}
                onChange={(on) => setDraft({ ...draft, alarmVoice: on })}
              />
              <span>{t.alarmVoice}</span>
              <Typography.Text type="secondary">{t.alarmVoiceHint}</Typography.Text>
            </Flex>
            <Flex gap={8} align="center">
              <Switch
                checked={draft.alarmPop}
                aria-label={t.alarmPop}
                onChange={(on) => setDraft({ ...draft, alarmPop: on })}
              />
              <span>{t.alarmPop}</span>
              <Typography.Text type="secondary">{t.alarmPopHint}</Typography.Text>
            </Flex>
          </Flex>
          <Flex gap={16} align="center">
            <Checkbox
              checked={all.checked}
              indeterminate={all.indeterminate}
              onChange={(event) =>
                setDraft({ ...draft, codes: toggleKind(draft.codes, allCodes, event.target.checked) })
              }
            >
              {t.selectAll}
            </Checkbox>
            <Typography.Text type="secondary">{t.selected(all.count, allCodes.length)}</Typography.Text>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {common.save}
            </Button>
          </Flex>
        </Flex>
      </Card>
      {config.data.types.length === 0 && (
        <Card variant="borderless">
          <Empty description={t.noTypes} />
        </Card>
      )}
      {config.data.types.map((kind) => {
        const codes = kind.list.map((type) => type.code);
        const state = kindState(draft.codes, codes);
        return (
          <Card
            key={kind.kind}
            size="small"
            variant="borderless"
            title={
              <Checkbox
                checked={state.checked}
                indeterminate={state.indeterminate}
                onChange={(event) =>
                  setDraft({ ...draft, codes: toggleKind(draft.codes, codes, event.target.checked) })
                }
              >
                {kind.kindName}
              </Checkbox>
            }
            extra={
              <Typography.Text type="secondary">{t.selected(state.count, codes.length)}</Typography.Text>
            }
          >
            <Checkbox.Group
              aria-label={kind.kindName}
              value={codes.filter((code) => draft.codes.has(code))}
              options={kind.list.map((type) => ({ value: type.code, label: type.name }))}
              onChange={(chosen) => setDraft({ ...draft, codes: setKindCodes(draft.codes, codes, chosen) })}
            />
          </Card>
        );
      })}
    </Flex>
  );
}
