/**
 * The buttons of the moves the server says are open to the company now (`moves` of the answer, computed from
 * src/shared/offerMoves.ts): publish again, unpublish, close (through the survey page), send back to review.
 * The page owns the move (`useOfferMove`, once for every row).
 */
import { Button, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../hooks/useLocale';
import type { Offer } from '../types';
import type { OfferMove } from './useOfferMove';

export function OfferMoves({
  offer,
  moves: { move, movingHash },
  size = 'middle',
}: {
  offer: Offer;
  moves: OfferMove;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const moving = movingHash === offer.hash;
  return (
    <Space wrap size={4}>
      {(offer.moves ?? []).map(({ to: next }) =>
        next === 'CLOSED' ? (
          <Link key={next} to={to('company.jobs.survey', { hash: offer.hash })}>
            <Button size={size} data-move={next}>
              {t('offers.move.CLOSED')}
            </Button>
          </Link>
        ) : (
          <Popconfirm
            key={next}
            title={t(`offers.confirm.${next}`)}
            okText={t(`offers.move.${next}`)}
            cancelText={t('member.cancel')}
            onConfirm={() => move(offer.hash, next as Offer['status'])}
          >
            <Button
              size={size}
              type={next === 'PUBLISHED' || next === 'PENDING' ? 'primary' : 'default'}
              loading={moving}
              data-move={next}
            >
              {t(`offers.move.${next}`)}
            </Button>
          </Popconfirm>
        ),
      )}
    </Space>
  );
}
