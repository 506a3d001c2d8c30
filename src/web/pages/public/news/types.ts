export interface Article {
  hash: string;
  type: 'NEWS' | 'EVENT';
  slug: string;
  slugs: Record<string, string>;
  title: string;
  summary: string;
  body?: string;
  date: string;
  hour: string | null;
  location: string | null;
  image: string | null;
  capacity: number | null;
  registered: number;
  saved: boolean;
  subscribed: boolean;
  tags: Array<{ hash: string; title: string }>;
}
