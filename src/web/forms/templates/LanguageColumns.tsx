/**
 * The three languages of a text (an article, a page) side by side on a wide screen, one above the other on a phone: an rjsf object template
 * for `texts` (each property is one language's sub-form, rendered by rjsf itself).
 */
import { Col, Row } from 'antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

export function LanguageColumns({ properties }: ObjectFieldTemplateProps) {
  return (
    <Row gutter={[24, 0]} className="language-columns">
      {properties.map((property) => (
        <Col key={property.name} xs={24} xl={8} data-language={property.name}>
          {property.content}
        </Col>
      ))}
    </Row>
  );
}
