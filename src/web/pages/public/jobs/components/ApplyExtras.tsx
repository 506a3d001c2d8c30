import type { ReactNode } from 'react';
import { Input, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The parts of the apply button that need antd: the withdrawal's confirmation and the note to the company. Only a
 * signed-in member who applied or chose to add a note sees them, so the offer page loads them on demand (ApplyButton):
 * an anonymous visitor's first visit stays light (issue 27: public pages' first-visit JS ≤ 160 KiB).
 */
export function WithdrawConfirm({
  title,
  onConfirm,
  children,
}: {
  title: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('lists.applications.withdrawConfirm.title')}
      description={t('lists.applications.withdrawConfirm.text', { title })}
      okText={t('lists.applications.withdraw')}
      okButtonProps={{ danger: true, 'data-testid': 'withdraw-confirm' } as never}
      cancelText={t('admin.cancel')}
      onConfirm={onConfirm}
    >
      {/* a DOM element for the pop-up to hold on to (the light Button is a plain function component) */}
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Popconfirm>
  );
}

export function ApplyNote({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  const { t } = useTranslation();
  return (
    <label style={{ display: 'block', marginTop: 12 }}>
      <span>{t('jobs.noteLabel')}</span>
      <Input.TextArea
        rows={4}
        maxLength={1000}
        showCount
        value={value}
        placeholder={t('jobs.notePlaceholder')}
        onChange={(event) => onChange(event.target.value)}
        data-testid="apply-note"
      />
    </label>
  );
}
