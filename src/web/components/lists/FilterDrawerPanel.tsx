/** The drawer that holds a list's filters on a phone (loaded when the list is first shown on a narrow screen). */
import type { ReactNode } from 'react';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../AntdScope';

export default function FilterDrawerPanel({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AntdScope>
      <Drawer
        open={open}
        onClose={onClose}
        title={t('lists.filters.title')}
        placement="right"
        width={360}
        rootClassName="filters-drawer"
        footer={
          <Button type="primary" block onClick={onClose}>
            {t('lists.filters.show')}
          </Button>
        }
      >
        {children}
      </Drawer>
    </AntdScope>
  );
}
