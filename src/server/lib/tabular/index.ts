/** Shared tabular import/export (CSV and XLSX): see docs/decisions.md, "Tabular import library". */
export { type ColumnSpec, matchHeaders, normaliseHeader } from './headers';
export { parseTabularDate } from './dates';
export { type PreviewAction, PreviewCollector, type PreviewResult, type PreviewRow } from './preview';
export { readTabular, type ReadOptions, type TabularRow } from './read';
export { detectSeparator, sniffFile, type SniffedFile } from './sniff';
export { TABULAR_MEDIA_TYPES, type TabularFormat, writeTabular } from './write';
