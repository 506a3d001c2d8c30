/**
 * /association: who the association is and its board — the association's own texts (`about`, `board`), edited in the
 * back office in three languages (issue 14 §2) and read through the content query, so the server renders them.
 */
import { Skeleton } from '../../../components/light';
import { Markdown } from '../../../components/Markdown';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useContentPage } from '../../../public/content';
import { useTranslation } from 'react-i18next';

export default function AssociationPage() {
  const { t } = useTranslation();
  const { lng } = useLocale();
  const about = useContentPage(lng, 'about');
  const board = useContentPage(lng, 'board');
  useDocumentTitle(`${t('association.title')} · Alumni`);
  return (
    <>
      <section className="hero">
        <h1>{t('association.title')}</h1>
        <p>{t('association.text')}</p>
      </section>
      {about ? (
        <section className="association-text" data-testid="association-about">
          <h2>{about.title}</h2>
          <Markdown source={about.body ?? ''} />
        </section>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
      {board ? (
        <section className="association-text" data-testid="association-board">
          <h2>{board.title}</h2>
          <Markdown source={board.body ?? ''} />
        </section>
      ) : null}
    </>
  );
}
