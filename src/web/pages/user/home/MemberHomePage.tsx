/**
 * /user, the member's home (issue 25 §13): where a member lands — their membership and its next step, the profile's
 * next step, their latest applications and the groups they follow with each one's latest post. Each block reads its
 * own resource through Refine (src/shared/routes.ts RESOURCES) and is shown by the permission it needs, never by role
 * name; an empty block says what to do next.
 */
import { Col, Row, Typography } from 'antd';
import { useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAccessDecision } from '../../../hooks/useAccess';
import type { Me } from '../profile/useProfileForm';
import { ApplicationsBlock, GroupsBlock } from './HomeLists';
import { MembershipBlock, ProfileBlock } from './HomeBlocks';

export default function MemberHomePage() {
  const { t } = useTranslation();
  const canManage = useAccessDecision('membership.manage');
  const canApply = useAccessDecision('jobs.apply');
  const { query } = useOne<Me>({ resource: 'usr/users', id: 'me' });
  const me = query.data?.data;
  useDocumentTitle(`${t('pages.user')} · Alumni`);
  const name = typeof me?.name === 'string' ? me.name : '';
  return (
    <section data-testid="member-home" className="member-home">
      <Typography.Title level={1} className="page-title">
        {name ? t('memberHome.title', { name }) : t('pages.user')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <MembershipBlock canManage={canManage} />
        </Col>
        <Col xs={24} lg={12}>
          <ProfileBlock me={me} loading={query.isLoading} />
        </Col>
        <Col xs={24} lg={12}>
          <ApplicationsBlock canApply={canApply} canUpgrade={canManage} />
        </Col>
        <Col xs={24} lg={12}>
          <GroupsBlock />
        </Col>
      </Row>
    </section>
  );
}
