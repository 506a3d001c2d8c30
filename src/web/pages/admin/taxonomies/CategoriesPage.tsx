/**
 * /{lng}/admin/categories (issue 14 §3): the studies tree. Drag a category to move or reorder it (or use the buttons
 * of the panel, which work from the keyboard), select one to rename it in three languages, add a subcategory or delete
 * it — the server refuses to delete one in use and says how many members studied it. Refine hooks over `adm`.
 */
import { useMemo, useState } from 'react';
import type { AdminCategory } from '../../../../shared/schema-types';
import { Button, Card, Col, Empty, Modal, Popconfirm, Row, Space, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useList, useUpdate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { TextsForm, type Texts } from './TextsForm';

type Category = Omit<AdminCategory, 'texts' | 'children'> & { texts: Texts; children: Category[] };

type Errors = HttpError & { errors?: Record<string, string[]> };
const flatten = (nodes: Category[]): Category[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

export default function CategoriesPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  useDocumentTitle(`${t('admin.categories.title')} · Alumni`);
  const { result, query } = useList<Category>({ resource: 'adm/categories', pagination: { mode: 'off' } });
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parent: string | null } | null>(null);
  const { mutate: update, mutation: updating } = useUpdate<Category, Errors>();
  const { mutate: create, mutation: creating } = useCreate<Category, Errors>();
  const { mutate: remove } = useDelete<Category, Errors>();
  const roots = result.data;
  const all = useMemo(() => flatten(roots), [roots]);
  const current = all.find((node) => node.hash === selected) ?? null;
  const title = (node: Category) => node.texts[lng]?.title || node.texts.es.title;
  const notify = {
    successNotification: () => ({ type: 'success' as const, message: t('admin.categories.saved') }),
    errorNotification: (error?: Errors) => ({
      type: 'error' as const,
      message: error?.errors ? t('member.form.fix') : (error?.message ?? t('errors.unexpected.title')),
    }),
  };

  const move = (hash: string, parent: string | null, position: number) =>
    update({ resource: 'adm/categories', id: hash, values: { parent, position }, ...notify });
  const treeData = useMemo(() => {
    const toNodes = (nodes: Category[]): NonNullable<TreeProps['treeData']> =>
      nodes.map((node) => ({
        key: node.hash,
        title: (
          <span data-testid="category-node">
            {title(node)}{' '}
            <Typography.Text type="secondary">
              · {t('admin.categories.members', { count: node.members })}
            </Typography.Text>
          </span>
        ),
        children: toNodes(node.children),
      }));
    return toNodes(roots);
  }, [roots, lng]); // eslint-disable-line react-hooks/exhaustive-deps

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = String(info.dragNode.key);
    const target = all.find((node) => node.hash === String(info.node.key));
    if (!target) return;
    if (!info.dropToGap) return move(dragged, target.hash, 0); // onto a node: its first child
    const relative = info.dropPosition - Number(String(info.node.pos).split('-').pop());
    const siblings = all.filter((node) => node.parent === target.parent && node.hash !== dragged);
    const index = siblings.findIndex((node) => node.hash === target.hash);
    move(dragged, target.parent, Math.max(0, relative < 0 ? index : index + 1));
  };

  if (query.isLoading) return <Spinner />;
  const siblings = current ? all.filter((node) => node.parent === current.parent) : [];
  return (
    <section data-testid="admin-categories">
      <Typography.Title level={2}>{t('admin.categories.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.categories.intro')}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('admin.categories.tree')}
            extra={
              <Button
                icon={<PlusOutlined />}
                onClick={() => setAdding({ parent: null })}
                data-testid="category-add-root"
              >
                {t('admin.categories.addRoot')}
              </Button>
            }
          >
            {roots.length ? (
              <Tree
                blockNode
                draggable={{ icon: false }}
                defaultExpandAll
                treeData={treeData}
                selectedKeys={selected ? [selected] : []}
                onSelect={(keys) => setSelected(keys[0] ? String(keys[0]) : null)}
                onDrop={onDrop}
              />
            ) : (
              <Empty description={t('admin.categories.none')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={current ? title(current) : t('admin.categories.edit')} data-testid="category-panel">
            {current ? (
              <>
                <TextsForm<Texts>
                  key={current.hash}
                  form="taxonomyTexts"
                  id="form-category"
                  formData={current.texts}
                  submitText={t('admin.categories.rename')}
                  submitting={updating.isPending}
                  serverErrors={(updating.error as Errors | null)?.errors}
                  onSubmit={(texts) =>
                    update({ resource: 'adm/categories', id: current.hash, values: { texts }, ...notify })
                  }
                />
                <Space wrap style={{ marginTop: 16 }}>
                  <Button
                    icon={<ArrowUpOutlined />}
                    disabled={current.position === 0}
                    onClick={() => move(current.hash, current.parent, current.position - 1)}
                  >
                    {t('admin.categories.up')}
                  </Button>
                  <Button
                    icon={<ArrowDownOutlined />}
                    disabled={current.position >= siblings.length - 1}
                    onClick={() => move(current.hash, current.parent, current.position + 1)}
                  >
                    {t('admin.categories.down')}
                  </Button>
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => setAdding({ parent: current.hash })}
                    data-testid="category-add-child"
                  >
                    {t('admin.categories.addChild')}
                  </Button>
                  <Popconfirm
                    title={t('admin.categories.deleteConfirm', { name: title(current) })}
                    okText={t('admin.categories.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('admin.cancel')}
                    onConfirm={() =>
                      remove(
                        {
                          resource: 'adm/categories',
                          id: current.hash,
                          successNotification: () => ({ type: 'success', message: t('admin.categories.deleted') }),
                        },
                        { onSuccess: () => setSelected(null) },
                      )
                    }
                  >
                    <Button danger icon={<DeleteOutlined />} data-testid="category-delete">
                      {t('admin.categories.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              </>
            ) : (
              <Typography.Paragraph type="secondary">{t('admin.categories.pick')}</Typography.Paragraph>
            )}
          </Card>
        </Col>
      </Row>
      <Modal
        open={adding !== null}
        title={
          adding?.parent
            ? t('admin.categories.addUnder', { name: title(all.find((n) => n.hash === adding.parent)!) })
            : t('admin.categories.addRoot')
        }
        footer={null}
        maskClosable={false}
        onCancel={() => setAdding(null)}
        destroyOnHidden
      >
        <TextsForm<Texts>
          form="taxonomyTexts"
          id="form-category-new"
          submitText={t('admin.categories.add')}
          submitting={creating.isPending}
          serverErrors={(creating.error as Errors | null)?.errors}
          onSubmit={(texts) =>
            create(
              { resource: 'adm/categories', values: { parent: adding?.parent ?? null, texts }, ...notify },
              {
                onSuccess: ({ data }) => {
                  setAdding(null);
                  setSelected(data.hash);
                },
              },
            )
          }
        />
      </Modal>
    </section>
  );
}
