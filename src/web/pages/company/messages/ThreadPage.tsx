/** /company/messages/:hash: one conversation with a candidate (pages/user/messages/ThreadPage). */
import { ThreadView } from '../../user/messages/ThreadPage';

export default function CompanyThreadPage() {
  return <ThreadView area="company" />;
}
