import { type AlarmRulePatch, type AlarmRuleSettings, mergeAlarmRules } from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchTeamAlarmSet, saveTeamAlarmSet } from '../../api/alarm-settings';
import { TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';
import { RuleFields } from './RuleFields';
import { changedPatch } from './rules';

const t = texts.alarmSettings;

/**
 * 车队报警设置: the rules of a team (the user's own team first). Saving stores what differs from
 * the team's parents, so a later change higher up still reaches the fields left alone.
 */
export function TeamRulesCard({ onSaved }: { onSaved: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [teamCode, setTeamCode] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ rules: AlarmRuleSettings }>();
  const team = useQuery({
    queryKey: ['alarmSettings', 'team', teamCode ?? ''],
    queryFn: () => fetchTeamAlarmSet(teamCode),
  });
  const data = team.data;
  useEffect(() => {
    if (data) form.setFieldsValue({ rules: data.settings });
  }, [data, form]);

  const save = async () => {
    if (!data) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const rules = mergeAlarmRules(data.settings, form.getFieldValue('rules') as AlarmRulePatch);
      const answer = await saveTeamAlarmSet(data.teamCode, changedPatch(rules, data.inherited));
      if (answer.code === 200) {
        void message.success(t.teamSaved);
        await client.invalidateQueries({ queryKey: ['alarmSettings'] });
        onSaved();
      } else if (answer.msg) {
        void message.error(answer.msg);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={t.teamCard}
      extra={
        <Flex gap={8} align="center">
          <Typography.Text>{t.team}</Typography.Text>
          <TeamTreeSelect
            style={{ width: 220 }}
            value={teamCode ?? data?.teamCode}
            allowClear={false}
            onChange={(value) => setTeamCode(Array.isArray(value) ? value[0] : value)}
          />
          <Button type="primary" loading={saving} disabled={!data} onClick={() => void save()}>
            {t.saveTeam}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t.teamHint}</Typography.Paragraph>
      <Spin spinning={team.isFetching}>
        <Form form={form} component={false}>
          <RuleFields form={form} lines={data?.lines ?? []} />
        </Form>
      </Spin>
    </Card>
  );
}
