/**
 * The unexpected-error page and the panel every status page is drawn with. Drawn here (not antd's <Result>, whose
 * built-in illustrations would weigh on every first visit): the error boundary around every page shows it, so it is
 * part of the app's first script, and must not need a chunk of its own (a failed chunk load is one of its causes).
 * The 404 and coming-soon pages are in StatusPages.tsx, loaded when shown.
 */
import type { ReactNode } from 'react';
import { Button } from '../../components/light';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function StatusPanel({
  icon,
  code,
  title,
  text,
  action,
  tone,
}: {
  icon: ReactNode;
  code?: string;
  title: string;
  text: ReactNode;
  action: ReactNode;
  tone: 'info' | 'warning' | 'error';
}) {
  return (
    <section className={`status-panel status-${tone}`} aria-labelledby="status-title">
      <div className="status-icon" aria-hidden="true">
        {icon}
        {code ? <span className="status-code">{code}</span> : null}
      </div>
      <h1 id="status-title" className="result-title">
        {title}
      </h1>
      <p className="status-text">{text}</p>
      <div className="status-action">{action}</div>
    </section>
  );
}

/** A failed load's status (HttpError of providers/http.ts), or undefined. */
export function statusOf(error: unknown): number | undefined {
  return (error as { statusCode?: number } | null | undefined)?.statusCode;
}

/**
 * SPEC §8: 'Error inesperado' / 'Estamos solucionando el problema. vuelve en unos minutos.' When the page's data
 * failed on the server (500, 504), SPEC §8's 'Ha ocurrido un error en el servidor' instead (issue 25 §16).
 */
export function UnexpectedErrorPage({ error }: { error?: unknown } = {}) {
  const { t } = useTranslation();
  const server = (statusOf(error) ?? 0) >= 500;
  return (
    <StatusPanel
      tone="error"
      icon={<WarningOutlined />}
      code={server ? String(statusOf(error)) : undefined}
      title={server ? t('errors.server') : t('errors.unexpected.title')}
      text={t('errors.unexpected.text')}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
