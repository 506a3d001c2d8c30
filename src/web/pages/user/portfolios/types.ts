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
}
