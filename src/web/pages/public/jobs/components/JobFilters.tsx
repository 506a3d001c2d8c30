import { useEffect, useState } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { CONTRACTS, DEBOUNCE_MS } from '../../../../../shared/constants';
import { useDebounced } from '../../../../hooks/useDebounced';

export interface JobFilterValues {
  text: string;
  contract: string | undefined;
  tags: string[];
  location: string;
}

/** Text, contract, tags and location, each debounced as SPEC §9 says; `onChange` gets the settled values. */
export function JobFilters({ initial, onChange }: { initial: JobFilterValues; onChange: (values: JobFilterValues) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial.text);
  const [contract, setContract] = useState(initial.contract);
  const [tags, setTags] = useState(initial.tags);
  const [location, setLocation] = useState(initial.location);
  const settled: JobFilterValues = {
    text: useDebounced(text, DEBOUNCE_MS.text),
    contract: useDebounced(contract, DEBOUNCE_MS.choice),
    tags: useDebounced(tags, DEBOUNCE_MS.text),
    location: useDebounced(location, DEBOUNCE_MS.text),
  };
  const key = JSON.stringify(settled);
  useEffect(() => {
    onChange(settled);
    // only when the settled values change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const { result: tagOptions } = useList<{ hash: string; title: string }>({
    resource: 'tags',
    filters: [{ field: 'type', operator: 'eq', value: 'USER' }],
    pagination: { mode: 'off' },
  });
  return (
    <Form layout="vertical" className="filters" role="search">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t('common.search')} htmlFor="job-text">
            <Input.Search id="job-text" allowClear value={text} placeholder={t('jobs.filters.text')} onChange={(e) => setText(e.target.value)} maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={5}>
          <Form.Item label={t('jobs.filters.contract')} htmlFor="job-contract">
            <Select
              id="job-contract"
              allowClear
              value={contract}
              placeholder={t('jobs.filters.any')}
              onChange={(value?: string) => setContract(value)}
              options={CONTRACTS.map((c) => ({ value: c, label: t(`jobs.contract.${c}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item label={t('jobs.filters.tags')} htmlFor="job-tags">
            <Select
              id="job-tags"
              mode="multiple"
              allowClear
              value={tags}
              placeholder={t('jobs.filters.any')}
              onChange={(value: string[]) => setTags(value)}
              optionFilterProp="label"
              maxTagCount="responsive"
              options={tagOptions.data.map((tag) => ({ value: tag.hash, label: tag.title }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={5}>
          <Form.Item label={t('jobs.filters.location')} htmlFor="job-location">
            <Input id="job-location" allowClear value={location} onChange={(e) => setLocation(e.target.value)} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
