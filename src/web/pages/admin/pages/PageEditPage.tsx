/**
 * /{lng}/admin/pages/{key} (issue 14 §2): one page's title, Markdown text and address in es, en and ca side by side —
 * a Refine form (useForm over `adm` resource `pages`) around <SchemaForm form="adminPage">.
 */
import { Alert, Card, Typography } from 'antd';
import type { AdminPage as GeneratedAdminPage, AdminPageWrite } from '../../../../shared/schema-types';
import type { UiSchema } from '@rjsf/utils';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResourceForm } from '../../../forms/useResourceForm';
import type { Locale } from '../../../../shared/constants';
import { Spinner } from '../../../components/Spinner';
import { SchemaForm } from '../../../forms/SchemaForm';
import { LanguageColumns } from '../../../forms/templates/LanguageColumns';
import { MarkdownWidget } from '../../../forms/widgets/MarkdownWidget';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';

type PageValues = AdminPageWrite;
/** The page as the form edits it: the write schema's three languages (schemas/admin.page.write.json). */
type AdminPage = Omit<GeneratedAdminPage, 'texts'> & PageValues;

export default function PageEditPage() {
  const { key = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const form = useResourceForm<AdminPage, PageValues>({
    resource: 'adm/pages',
    id: key,
    savedMessage: t('admin.pages.saved'),
    rename: (field) => field,
  });
  const page = form.record;
  useDocumentTitle(`${page?.texts[lng]?.title ?? t('admin.pages.title')} · Alumni`);
  if (!page) return form.failed ? <Alert type="error" showIcon message={t('errors.notFound.title')} /> : <Spinner />;
  const language = (code: string): UiSchema => ({
    'ui:title': t(`lang.${code}`),
    'ui:order': ['title', 'body', 'slug'],
    title: { 'ui:title': t('admin.articles.form.title') },
    body: {
      'ui:title': t('admin.articles.form.body'),
      'ui:widget': MarkdownWidget,
      'ui:options': { rows: 16 },
      'ui:help': t('admin.articles.form.bodyHelp'),
    },
    slug: { 'ui:title': t('admin.articles.form.slug'), 'ui:help': t('admin.articles.form.slugHelp') },
  });
  return (
    <section data-testid="admin-page-edit">
      <Link to={`/${lng}/admin/pages`}>← {t('admin.pages.title')}</Link>
      <Typography.Title level={2}>{page.texts[lng]?.title ?? key}</Typography.Title>
      <Card>
        <SchemaForm<PageValues>
          form="adminPage"
          id="page-form"
          formData={{ texts: page.texts }}
          uiSchema={{
            texts: {
              'ui:ObjectFieldTemplate': LanguageColumns,
              'ui:title': '',
              es: language('es'),
              en: language('en'),
              ca: language('ca'),
            },
          }}
          submitText={t('admin.articles.save')}
          submitting={form.saving}
          serverErrors={form.serverErrors}
          onSubmit={(values) => void form.save(values).catch(() => undefined)}
        />
      </Card>
    </section>
  );
}
