import type { WorkExperience } from '../../../../shared/schema-types';

/** The member's own work experience as /usr/workExperiences answers it (schemas/workExperience.json). */
export type Experience = Omit<WorkExperience, 'user'>;
