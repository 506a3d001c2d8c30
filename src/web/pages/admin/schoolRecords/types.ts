/** What /adm/schoolRecords answers (schemas/admin.schoolRecord.json, admin.schoolRecords.preview.json). */
export interface SchoolRecord {
  hash: string;
  name: string;
  surname1: string;
  surname2: string | null;
  email: string | null;
  study: string | null;
  category: { hash: string; title: string } | null;
  first_year: number | null;
  last_year: number | null;
  graduated_on: string | null;
  kind: 'STUDENT' | 'STAFF' | 'PROFESSOR';
  eligible: boolean;
}

export interface ImportAnswer {
  written: boolean;
  counts: { add: number; change: number; unchanged: number; refused: number };
  rows: {
    line: number;
    action: 'add' | 'change' | 'unchanged' | 'refused';
    message?: string;
    label?: string;
    fields?: string[];
  }[];
  truncated: boolean;
  unmappedStudies: string[];
}
