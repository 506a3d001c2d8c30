import { Typography } from 'antd';
import { Button, Space } from '../../../../components/light';
import { BookOutlined, CalendarOutlined, CheckOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MemberPrompt } from '../../../../components/MemberPrompt';
import { useMemberAction } from '../../../../hooks/useMemberAction';
import { downloadIcs } from '../ics';
import type { Article } from '../types';
import { useFeedback } from '../../../../providers/notifications';

/**
 * Save (members) and, for events only, register (Bold and GRATIS) and the calendar file. `id` is the one the
 * page loaded the article by, so Refine refetches that very query after a toggle.
 */
export function ArticleActions({ article, id }: { article: Article; id: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useMemberAction('articles', id, 'save', 'articles.save');
  const subscribe = useMemberAction('articles', id, 'subscribe', 'articles.subscribe');
  return (
    <div className="article-actions">
      <Space wrap>
        <Button
          data-testid="save"
          icon={article.saved ? <CheckOutlined /> : <BookOutlined />}
          loading={save.pending}
          onClick={() =>
            save.run(({ active }) => feedback.success(t(active ? 'news.savedToast' : 'news.unsavedToast')))
          }
          aria-pressed={article.saved}
        >
          {t(article.saved ? 'news.saved' : 'news.save')}
        </Button>
        {article.type === 'EVENT' ? (
          <Button
            data-testid="subscribe"
            type={article.subscribed ? 'default' : 'primary'}
            icon={<StarOutlined />}
            loading={subscribe.pending}
            onClick={() =>
              subscribe.run(({ active }) =>
                feedback.success(t(active ? 'news.subscribedToast' : 'news.unsubscribedToast')),
              )
            }
            aria-pressed={article.subscribed}
          >
            {t(article.subscribed ? 'news.subscribed' : 'news.subscribe')}
          </Button>
        ) : null}
        {article.type === 'EVENT' ? (
          <Button icon={<CalendarOutlined />} onClick={() => downloadIcs(article)}>
            {t('news.ics')}
          </Button>
        ) : null}
      </Space>
      {/* only an event takes registrations (SPEC §3): a news item shows no Register button and no count */}
      {article.type === 'EVENT' ? (
        <Typography.Paragraph type="secondary" className="article-registered" data-testid="registered">
          {t('news.registered', { count: article.registered })}
          {article.capacity ? ` · ${t('news.capacity', { count: article.capacity })}` : ''}
        </Typography.Paragraph>
      ) : null}
      <MemberPrompt
        kind={save.prompt ?? subscribe.prompt}
        onClose={() => (save.closePrompt(), subscribe.closePrompt())}
      />
    </div>
  );
}
