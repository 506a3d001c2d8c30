import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberDecision } from '../../../../../shared/memberMoves';
import type { AdminUser } from '../types';

/** The decisions the move table allows from the member's status (src/shared/memberMoves.ts). */
export function DecisionButtons({ member, onDecide }: { member: Pick<AdminUser, 'hash' | 'moves'>; onDecide: (hashes: string[], status: MemberDecision) => void }) {
  const { t } = useTranslation();
  return (
    <Space size="small" wrap>
      {member.moves.map((status) =>
        status === 'VALIDATED' ? (
          <Popconfirm key={status} title={t('admin.decision.VALIDATED.confirm')} okText={t('admin.decision.VALIDATED.action')} cancelText={t('admin.cancel')} onConfirm={() => onDecide([member.hash], status)}>
            <Button size="small" type="primary" data-action={status}>
              {t('admin.decision.VALIDATED.action')}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={status} size="small" danger data-action={status} onClick={() => onDecide([member.hash], status)}>
            {t(`admin.decision.${status}.action`)}
          </Button>
        ),
      )}
    </Space>
  );
}
