import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberDecision } from '../../../../../shared/memberMoves';
import type { AdminUser } from '../types';

/** The decisions the move table allows from the member's status (src/shared/memberMoves.ts). */
/** `keys`: the queue's translation prefix (members `admin.decision`, companies `admin.companyDecision`). */
export function DecisionButtons({
  member,
  onDecide,
  keys = 'admin.decision',
}: {
  member: Pick<AdminUser, 'hash' | 'moves'>;
  onDecide: (hashes: string[], status: MemberDecision) => void;
  keys?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size="small" wrap>
      {member.moves.map((status) =>
        status === 'VALIDATED' ? (
          <Popconfirm
            key={status}
            title={t(`${keys}.VALIDATED.confirm`)}
            okText={t(`${keys}.VALIDATED.action`)}
            cancelText={t('admin.cancel')}
            onConfirm={() => onDecide([member.hash], status)}
          >
            <Button size="small" type="primary" data-action={status}>
              {t(`${keys}.VALIDATED.action`)}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={status} size="small" danger data-action={status} onClick={() => onDecide([member.hash], status)}>
            {t(`${keys}.${status}.action`)}
          </Button>
        ),
      )}
    </Space>
  );
}
