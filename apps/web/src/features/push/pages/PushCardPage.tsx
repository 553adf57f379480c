import { PushForm } from '../PushForm';

/** 推送卡片 (/permission/pushManage/pushCard): a pop-up notice for the users of a team subtree. */
export default function PushCardPage() {
  return <PushForm type={1} />;
}
