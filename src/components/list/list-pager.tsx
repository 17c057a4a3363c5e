import { Button, Flex, Typography } from 'antd';

export interface ListPagerProps {
  /** 1-based current page. */
  page: number;
  /** Number of pages; the pager renders nothing for one page or none. */
  pageCount: number;
  /**
   * The number of pages is an estimate ("Page X of about Y"): Next stays usable while the current
   * page is full, whatever the estimate says.
   */
  estimated?: { pageFull: boolean };
  onPageChange: (page: number) => void;
  /** Disables both buttons (e.g. while a page loads). */
  disabled?: boolean;
}

/**
 * "Previous", "Page X of Y" (or "Page X of about Y" for an estimate), "Next": shown only when there
 * is more than one page.
 */
export function ListPager({
  page,
  pageCount,
  estimated,
  onPageChange,
  disabled = false,
}: ListPagerProps) {
  if (pageCount <= 1) return null;
  const last = estimated ? !estimated.pageFull : page >= pageCount;
  return (
    <Flex component="nav" aria-label="Pagination" justify="flex-end" align="center" gap="middle">
      <Button disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <Typography.Text>
        Page {page} of {estimated ? `about ${pageCount}` : pageCount}
      </Typography.Text>
      <Button disabled={disabled || last} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </Flex>
  );
}

export function pageCountOf(total: number | undefined, pageSize: number): number {
  return total && total > 0 ? Math.ceil(total / pageSize) : 0;
}
