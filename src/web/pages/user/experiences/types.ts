/** The member's own work experience as /usr/workExperiences answers it (schemas/workExperience.json). */
export interface Experience {
  hash: string;
  name: string;
  contract: string | null;
  company_name: string;
  start: string;
  end: string | null;
  location: string | null;
  content: string;
}
