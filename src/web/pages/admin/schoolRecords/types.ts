/** What /adm/schoolRecords answers (schemas/admin.schoolRecord.json, admin.schoolRecords.preview.json). */
import type { AdminSchoolRecord, AdminSchoolRecordsPreview } from '../../../../shared/schema-types';

export type SchoolRecord = AdminSchoolRecord;
export type ImportAnswer = AdminSchoolRecordsPreview;
