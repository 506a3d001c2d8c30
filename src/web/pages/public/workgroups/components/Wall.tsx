import { useState } from 'react';
import { Avatar, Checkbox, Empty, List } from 'antd';
import { Button, Skeleton } from '../../../../components/light';
import { HeartFilled, HeartOutlined, PaperClipOutlined } from '@ant-design/icons';
import { usePublicList } from '../../../../public/data';
import { useTranslation } from 'react-i18next';
import { FILE_LINK_REFRESH_MS, PAGE_SIZES } from '../../../../../shared/constants';
import { ListPagination } from '../../../../components/ListStates';
import { MemberPrompt } from '../../../../components/MemberPrompt';
import { useLocale } from '../../../../hooks/useLocale';
import { useMemberAction } from '../../../../hooks/useMemberAction';
import { useHydrated } from '../../../../hooks/useHydrated';
import { authorName, type WallComment } from '../types';
import { PostActions, type WallViewer } from './PostActions';
import { WallComposer } from './WallComposer';
import { PostEditor } from './PostEditor';
import { formatDate } from '../../../../lib/dates';

/** Like or unlike a comment (Bold and GRATIS; PATCH …/comments/{hash}/like). */
function LikeButton({ slug, comment }: { slug: string; comment: WallComment }) {
  const { t } = useTranslation();
  const like = useMemberAction(`workgroups/${slug}/comments`, comment.hash, 'like', 'workgroups.comment');
  return (
    <>
      <Button
        type="text"
        size="small"
        aria-pressed={comment.liked}
        aria-label={t('workgroups.like')}
        icon={comment.liked ? <HeartFilled /> : <HeartOutlined />}
        loading={like.pending}
        onClick={() => like.run(() => undefined)}
      >
        {t('workgroups.likes', { count: comment.likes })}
      </Button>
      <MemberPrompt kind={like.prompt} onClose={like.closePrompt} />
    </>
  );
}

function CommentBody({
  comment,
  slug,
  viewer,
  onReply,
}: {
  comment: WallComment;
  slug: string;
  viewer: WallViewer;
  onReply?: () => void;
}) {
  const { lng } = useLocale();
  const { t } = useTranslation();
  // a member who deleted their account keeps their posts, with no name (DESIGN §6)
  const author = authorName(comment.user, t);
  const [editing, setEditing] = useState(false);
  return (
    <List.Item.Meta
      avatar={
        <Avatar src={comment.user.photo ?? undefined} alt={author}>
          {author[0]}
        </Avatar>
      }
      title={
        <span>
          {author}{' '}
          <span className="muted">
            · {formatDate(comment.created_at, lng)}
            {comment.edited_at ? ` · ${t('wall.editedMark')}` : ''}
          </span>
        </span>
      }
      description={
        <>
          {editing ? (
            <PostEditor slug={slug} comment={comment} onClose={() => setEditing(false)} />
          ) : (
            <p className="wall-text">{comment.content}</p>
          )}
          {comment.file ? (
            <a href={comment.file.url} target="_blank" rel="noreferrer">
              <PaperClipOutlined /> {comment.file.name}
            </a>
          ) : null}
          <div>
            <LikeButton slug={slug} comment={comment} />
            {editing ? null : (
              <PostActions
                slug={slug}
                comment={comment}
                viewer={viewer}
                onReply={onReply}
                onEdit={() => setEditing(true)}
              />
            )}
          </div>
        </>
      }
    />
  );
}

/** The group's wall: a composer for its members, comments with their replies, 6 a page, optionally only those with a file. */
export function Wall({ slug, viewer }: { slug: string; viewer: WallViewer }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<string | null>(null);
  const [onlyFiles, setOnlyFiles] = useState(false);
  // the page is server-rendered: the filter waits for the scripts (a tick before them would be lost)
  const hydrated = useHydrated();
  // file links are signed for a few minutes: keep them fresh while the wall is open
  const result = usePublicList<WallComment>(
    `workgroups/${slug}/comments`,
    { page, size: PAGE_SIZES.workgroupComments, only_files: onlyFiles || undefined },
    { refetchInterval: FILE_LINK_REFRESH_MS },
  );
  const total = result.total;
  return (
    <>
      {viewer.canPost && hydrated ? <WallComposer slug={slug} onDone={() => setPage(1)} /> : null}
      <Checkbox
        checked={onlyFiles}
        disabled={!hydrated}
        onChange={(e) => {
          setOnlyFiles(e.target.checked);
          setPage(1);
        }}
      >
        {t('workgroups.onlyFiles')}
      </Checkbox>
      {result.isLoading ? (
        <Skeleton active avatar />
      ) : result.items.length === 0 ? (
        // nothing to filter on an empty wall: say what is there (issue 25 §9), not "try other filters"
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          data-testid="wall-empty"
          description={
            onlyFiles
              ? t('workgroups.wallEmpty.files')
              : viewer.canPost
                ? t('workgroups.wallEmpty.first')
                : t('workgroups.wallEmpty.none')
          }
        />
      ) : (
        <List
          itemLayout="vertical"
          dataSource={result.items}
          renderItem={(comment) => (
            <List.Item key={comment.hash}>
              <CommentBody
                comment={comment}
                slug={slug}
                viewer={viewer}
                onReply={() => setReplying(replying === comment.hash ? null : comment.hash)}
              />
              {comment.replies.length || replying === comment.hash ? (
                <div className="wall-replies">
                  {comment.replies.map((reply) => (
                    <CommentBody key={reply.hash} comment={reply} slug={slug} viewer={viewer} />
                  ))}
                  {replying === comment.hash ? (
                    <WallComposer slug={slug} parent={comment.hash} compact onDone={() => setReplying(null)} />
                  ) : null}
                </div>
              ) : null}
            </List.Item>
          )}
        />
      )}
      <ListPagination
        current={page}
        pageSize={PAGE_SIZES.workgroupComments}
        total={total}
        pageCount={Math.ceil(total / PAGE_SIZES.workgroupComments)}
        onChange={setPage}
        inUrl={false}
      />
    </>
  );
}
