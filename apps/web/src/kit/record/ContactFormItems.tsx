import { CONTACT_PHONE_MAX_LENGTH } from '@fleet/domain';
import { Form, Input } from 'antd';
import { contactPhoneRule, maxRule } from '../formRules';

/** 联系人 and 联系电话 of a record's form (customers, common addresses): fields contactName, contactPhone. */
export function ContactFormItems({ labels }: { labels: { contactName: string; contactPhone: string } }) {
  return (
    <>
      <Form.Item name="contactName" label={labels.contactName} rules={[maxRule(30)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={labels.contactPhone}
        rules={[contactPhoneRule(labels.contactPhone)]}
      >
        <Input maxLength={CONTACT_PHONE_MAX_LENGTH} />
      </Form.Item>
    </>
  );
}
