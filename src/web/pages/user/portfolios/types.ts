import type { Portfolio as GeneratedPortfolio } from '../../../../shared/schema-types';

/** The member's own project as /usr/portfolios answers it (schemas/portfolio.json). */
export type Portfolio = Omit<GeneratedPortfolio, 'status' | 'user'> & { status: 'PUBLISHED' | 'UNPUBLISHED' };

export type PortfolioImage = Portfolio['images'][number];
