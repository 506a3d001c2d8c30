/** The member's own project as /usr/portfolios answers it (schemas/portfolio.json). */
export interface PortfolioImage {
  hash: string;
  url: string;
}

export interface Portfolio {
  hash: string;
  name: string;
  date: string | null;
  content: string;
  status: 'PUBLISHED' | 'UNPUBLISHED';
  images: PortfolioImage[];
  links: Array<{ hash: string; url: string }>;
  /** a signed link to the project's file (a PDF or a picture, issue 25 §11) and its name */
  file?: string | null;
  file_name?: string | null;
}
