/**
 * The editor saves every page as a draft (spec 02 §7). A page that is published would leave the
 * site by that save, so the editor shows each page's status and, for a published one, asks first
 * and says so; a draft is saved at once, as the spec describes.
 */
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { StatusBadge } from '../../components/status-badge';

interface PageStatus {
  status?: 'draft' | 'published' | null;
}

/** The page's status beside the submit button: Published or Draft. */
export function PageStatusBadge({ page }: { page: PageStatus | undefined }) {
  if (!page?.status) return null;
  return <StatusBadge status={page.status} />;
}

/**
 * `request(save)`: saves a draft at once; a published page only after "Save as draft" in the
 * question that `modal` shows.
 */
export function useDraftSave(page: PageStatus | undefined, label: string) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const request = (save: () => void) => {
    if (page?.status === 'published') setPending(() => save);
    else save();
  };
  const modal = (
    <ConfirmModal
      open={pending !== null}
      title="Save as draft?"
      message={`${label} is published. Saving it here makes it a draft, which takes it off the site.`}
      detail="It is back on the site once it is published again under Content Items."
      confirmText="Save as draft"
      onConfirm={() => {
        pending?.();
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { request, modal };
}
