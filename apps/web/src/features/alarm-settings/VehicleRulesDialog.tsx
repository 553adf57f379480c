import {
  type AlarmRuleKey,
  type AlarmRulePatch,
  type AlarmRuleSettings,
  mergeAlarmRules,
} from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo } from 'react';
import { fetchTeamAlarmSet, saveVehicleAlarmSet, type VehicleAlarmSet } from '../../api/alarm-settings';
import { FormDialog } from '../../kit';
import { texts } from '../../locales';
import { RuleFields } from './RuleFields';
import { ownPatch, ownRules, RULE_KEYS } from './rules';

const t = texts.alarmSettings;

interface Values {
  rules: AlarmRuleSettings;
  inherit: Record<AlarmRuleKey, boolean>;
}

export interface VehicleRulesDialogProps {
  /** The vehicles to set (one, or several for 批量设置). */
  vehicles: readonly VehicleAlarmSet[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 车辆报警设置 of one or more vehicles: each rule either 沿用车队 (the team's values, shown
 * greyed) or the vehicle's own values. Several vehicles start from their first one's team.
 */
export function VehicleRulesDialog({ vehicles, onClose, onSaved }: VehicleRulesDialogProps) {
  const [form] = Form.useForm<Values>();
  const first = vehicles[0];
  const team = useQuery({
    queryKey: ['alarmSettings', 'team', first?.teamCode],
    queryFn: () => fetchTeamAlarmSet(first?.teamCode),
    enabled: first !== undefined,
  });
  const initialValues = useMemo<Partial<Values> | undefined>(() => {
    if (!first || !team.data) return undefined;
    const single = vehicles.length === 1;
    const own = single ? ownRules(first.ownSettings) : ({} as Record<AlarmRuleKey, boolean>);
    const inherit = Object.fromEntries(RULE_KEYS.map((key) => [key, !own[key]])) as Record<
      AlarmRuleKey,
      boolean
    >;
    return { rules: single ? first.settings : team.data.settings, inherit };
  }, [first, vehicles.length, team.data]);

  if (!first || !team.data || !initialValues) return null;
  const teamSettings = team.data.settings;
  const what = vehicles.length === 1 ? first.carNo : t.dialogMany(vehicles.length);

  return (
    <FormDialog<Values>
      open
      status="edit"
      form={form}
      title={t.dialogTitle(what)}
      width={960}
      initialValues={initialValues}
      onSubmit={(values) => {
        const own = Object.fromEntries(RULE_KEYS.map((key) => [key, !values.inherit?.[key]]));
        return saveVehicleAlarmSet(
          vehicles.map((v) => v.carId),
          ownPatch(mergeAlarmRules(teamSettings, form.getFieldValue('rules') as AlarmRulePatch), own),
        );
      }}
      onSaved={onSaved}
      onClose={onClose}
    >
      <RuleFields
        form={form}
        lines={team.data.lines}
        inheritable
        onInherit={(key) => form.setFieldValue(['rules', key], { ...teamSettings[key] })}
      />
    </FormDialog>
  );
}
