import { Avatar } from 'antd';
import { Col, Row } from '../../../components/light';
import { Card } from '../../../components/Card';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useTranslation } from 'react-i18next';

/** The board is the association's own content; until the back office edits it, it is listed here. */
const BOARD = [
  { name: 'Núria Puig', role: 'president' },
  { name: 'Javier Ortega', role: 'secretary' },
  { name: 'Marta Soler', role: 'treasurer' },
  { name: 'Oriol Casals', role: 'member' },
  { name: 'Lucía Romero', role: 'member' },
  { name: 'Adrià Vila', role: 'member' },
];

export default function AssociationPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('association.title')} · Alumni`);
  return (
    <>
      <section className="hero">
        <h1>{t('association.title')}</h1>
        <p>{t('association.text')}</p>
      </section>
      <h2>{t('association.board')}</h2>
      <p className="muted">{t('association.boardText')}</p>
      <Row gutter={[16, 16]}>
        {BOARD.map((person) => (
          <Col key={person.name} xs={24} md={12} xl={8}>
            <Card>
              <Card.Meta avatar={<Avatar size={48}>{person.name.split(' ').map((w) => w[0]).join('')}</Avatar>} title={person.name} description={t(`association.roles.${person.role}`)} />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
