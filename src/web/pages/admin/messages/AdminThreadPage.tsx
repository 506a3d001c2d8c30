/** /{lng}/admin/messages/:hash: one conversation of the association (pages/user/messages/ThreadPage). */
import { ThreadView } from '../../user/messages/ThreadPage';

export default function AdminThreadPage() {
  return <ThreadView area="admin" />;
}
