// Paged search results, as the reference pages them: a page past either end is the nearest page.

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export function paginate<T>(all: readonly T[], page: number, pageSize: number): Page<T> {
  const total = all.length;
  const totalPages = Math.ceil(total / pageSize);
  const current = totalPages > 0 ? Math.max(1, Math.min(page, totalPages)) : 1;
  const start = (current - 1) * pageSize;
  return { items: all.slice(start, start + pageSize), total, page: current, pageSize, totalPages };
}
