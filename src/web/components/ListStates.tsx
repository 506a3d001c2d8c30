import { Alert, Pagination } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC §8: an empty list shows a warning 'not found' alert. */
export function NotFoundAlert() {
  const { t } = useTranslation();
  return <Alert type="warning" showIcon message={t('common.notFound')} description={t('common.notFoundHint')} data-testid="not-found" />;
}

/** SPEC §9: pagination only when there is more than one page; a page change scrolls to the top. */
export function ListPagination({ current, pageSize, total, pageCount, onChange }: { current: number; pageSize: number; total: number; pageCount: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="list-pagination" aria-label={t('common.pagination')}>
      <Pagination
        current={current}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        onChange={(page) => {
          onChange(page);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </nav>
  );
}
