import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';

/** The title of a record's own page (form, detail): a back arrow to its list, then the title. */
export function BackTitle({
  onBack,
  backLabel,
  children,
}: {
  onBack: () => void;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <Flex gap={8} align="center">
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={backLabel} />
      {children}
    </Flex>
  );
}
