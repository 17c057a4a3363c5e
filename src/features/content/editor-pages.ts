import { App } from 'antd';
import { errorText } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { useGetStaticPageQuery } from './content-api';

/** The editor screen's tabs (spec 02 §2, §3). */
export const EDITOR_TABS = [
  { key: 'privacyPolicy', label: 'Privacy Policy', slug: 'privacy-policy' },
  { key: 'termsConditions', label: 'Terms & Conditions', slug: 'terms-and-conditions' },
  { key: 'faq', label: 'FAQs', slug: 'frequently-asked-questions' },
  { key: 'aboutUs', label: 'About App', slug: 'about-us' },
] as const;

export type EditorTab = (typeof EDITOR_TABS)[number];

/** The FAQ save sends this fixed content with its list (spec 02 §7). */
export const FAQ_PLACEHOLDER_CONTENT = '<p>Frequently asked questions</p>';

/** Spec 02 §9: the editor screen's toasts stay 5 seconds at the top right. */
const TOAST = { placement: 'topRight', duration: 5 } as const;

export function useEditorToasts() {
  const { notification } = App.useApp();
  return {
    saved: () => notification.success({ ...TOAST, title: 'Created successfully' }),
    failed: (error: unknown) =>
      notification.error({
        ...TOAST,
        title: errorText(error, { http: 'An error occurred', other: 'An error occurred' }),
      }),
  };
}

/**
 * Loads one editor page each time its tab is shown. Without a token nothing is loaded and the
 * editor stays read-only; it is also read-only while loading, after a failed load, and for a
 * role that may not change content.
 */
export function useEditorPage(tab: EditorTab) {
  const token = useAppSelector((state) => state.auth.token);
  const canWrite = useCan('content.write');
  const query = useGetStaticPageQuery(tab.slug, {
    skip: !token,
    refetchOnMountOrArgChange: true,
  });
  const page = query.data?.data.find((row) => row.slug === tab.slug);
  const loadError = query.isError
    ? errorText(query.error, {
        http: 'Failed to fetch static content',
        other: 'Failed to fetch static content',
      })
    : null;
  return {
    page,
    /** Changes when a load completes, so the form can take the loaded values. */
    loadedAt: query.fulfilledTimeStamp,
    loading: Boolean(token) && query.isFetching,
    readOnly: !canWrite || !token || query.isFetching || query.isError || query.isUninitialized,
    loadError,
    retry: () => void query.refetch(),
  };
}
