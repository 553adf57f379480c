import { PushForm } from '../PushForm';

/** 推送大屏 (/permission/pushManage/pushScreen): a home-screen notice for the users of a team subtree. */
export default function PushScreenPage() {
  return <PushForm type={2} />;
}
