import { Card } from 'antd';
import { useParams } from 'react-router';
import { WithQueryClient } from '../../../kit';
import { AlarmDetailLoader } from '../AlarmDetailDrawer';

/** 报警查看 (/alarm/lookup/:id): one alarm with its evidence, handling, log and track. */
export default function AlarmLookupPage() {
  const { id = '' } = useParams();
  return (
    <Card size="small">
      <WithQueryClient>
        <AlarmDetailLoader key={id} id={id} />
      </WithQueryClient>
    </Card>
  );
}
